"""Shared helpers of the browser tests (tests/browser/test_*.py, and any other suite that
checks pages in a real browser): headless Chromium through Selenium, console errors, and
screenshots saved under the build folder.

The tests run under /usr/bin/python3 (Debian's python3-selenium lives in the system Python);
ctest gives them SCRIBE_BINARY (the scribe to run) and SCRIBE_BROWSER_OUT (where screenshots
and pages go, under the build folder).
"""

import json
import os
import pathlib
import subprocess
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

SOURCE_DIR = pathlib.Path(__file__).resolve().parents[2]


def scribe_binary():
    """The scribe under test: $SCRIBE_BINARY, else build/scribe of this checkout."""
    return os.environ.get("SCRIBE_BINARY", str(SOURCE_DIR / "build" / "scribe"))


def out_dir(*parts):
    """A folder under $SCRIBE_BROWSER_OUT (made when missing) for pages and screenshots."""
    base = os.environ.get("SCRIBE_BROWSER_OUT")
    root = pathlib.Path(base) if base else pathlib.Path(tempfile.gettempdir()) / "scribe-browser"
    path = root.joinpath(*parts)
    path.mkdir(parents=True, exist_ok=True)
    return path


def run_scribe(*args, check=True):
    """Runs scribe with `args`; returns the CompletedProcess (text). With `check`, a status of
    2 or more (a usage error, a crash) fails."""
    proc = subprocess.run([scribe_binary(), *map(str, args)], capture_output=True, text=True)
    if check and proc.returncode >= 2:
        raise AssertionError(f"scribe {' '.join(map(str, args))} exited {proc.returncode}:\n"
                             f"{proc.stderr}")
    return proc


def show_json(path, ply, record=1):
    """`scribe show PATH --record N --ply P --json`, parsed."""
    proc = run_scribe("show", path, "--record", record, "--ply", ply, "--json")
    return json.loads(proc.stdout)


def start_browser(width=1100, height=900):
    """Starts headless Chromium (the system's chromium and chromedriver) with the browser log
    kept, so that console_errors() can read it."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={width},{height}", "--force-device-scale-factor=1",
                "--allow-file-access-from-files"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path="/usr/bin/chromedriver")
    return webdriver.Chrome(service=service, options=options)


def file_url(path, fragment=""):
    """The file:// URL of `path`, with `#fragment` when given."""
    url = pathlib.Path(path).resolve().as_uri()
    return url + ("#" + fragment if fragment else "")


def console_errors(driver):
    """The console messages of level SEVERE (errors, uncaught exceptions, failed loads) since
    the last call."""
    return [entry for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]


def assert_no_console_errors(driver):
    """Fails with the messages when the page logged an error."""
    errors = console_errors(driver)
    assert not errors, "console errors:\n" + "\n".join(e.get("message", "") for e in errors)


def screenshot(driver, name):
    """Saves a screenshot of the window as NAME.png under the screenshots folder; returns its
    path."""
    path = out_dir("screenshots") / f"{name}.png"
    driver.save_screenshot(str(path))
    return path


def by_id(driver, element_id):
    """The element with `element_id`."""
    return driver.find_element(By.ID, element_id)
