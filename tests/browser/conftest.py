"""pytest fixtures of the browser tests: one browser per test file."""

import pytest

import harness


@pytest.fixture(scope="module")
def browser():
    """A headless Chromium for the whole test file, quit at its end."""
    driver = harness.start_browser()
    try:
        yield driver
    finally:
        driver.quit()
