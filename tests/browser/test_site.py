"""scribe site in headless Chromium: the index opened from file:// filters as you type, sorts
by a column (by mouse and by keyboard), pages its rows, shows its charts; its links open record
pages whose board stands at the ply `scribe show` gives; an invalid record's link opens its
page at the failing ply; no page logs a console error. Screenshots: build/browser/screenshots/
site-*.png."""

import pathlib
import shutil

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

import harness

SAMPLE = ('[Game "druid"]\n[Options "-size=8"]\n[Player1 "camb"]\n[Player2 "rognlie"]\n'
          '[Date "2004.05.06"]\n[Result "V"]\n'
          "1. b4 2. b5 3. b6 4. a5 5. b4-b6 6. c5 7. d4 8. d5 9. d4 10. e5 11. b4-d4\n"
          "12. f5 13. b7 14. g5 15. b8 16. h5 17. d3 18. f4 19. d2 20. b1 21. c1 22. d1\n"
          "23. e1 24. f1 25. c1-e1\n")
# Ply 2 is a lintel on bare ground: replay stops after ply 1.
BAD = '[Game "druid"]\n[Options "-size=8"]\n[Player1 "zed"]\n1. c3 2. b2-b4\n'
GENERATED = 110


@pytest.fixture(scope="module")
def site():
    """An archive of 112 records (110 generated on a small board, the sample, an invalid one)
    and its site."""
    root = harness.out_dir("site")
    shutil.rmtree(root)
    archive = root / "archive"
    (archive / "more").mkdir(parents=True)
    (archive / "sample.rec").write_text(SAMPLE)
    (archive / "more" / "bad.rec").write_text(BAD)
    harness.run_scribe("generate", "--game", "druid", "--options", "-size=5", "--count",
                       GENERATED, "--seed", 7, "--out", archive / "more" / "generated.rec")
    out = root / "site"
    proc = harness.run_scribe("site", archive, "--out", out)
    assert proc.returncode == 1, proc.stderr  # the invalid record
    return {"archive": archive, "out": out}


def body_rows(driver):
    return driver.find_elements(By.CSS_SELECTOR, "#records tbody tr")


def column(driver, n):
    return [row.find_elements(By.TAG_NAME, "td")[n].text for row in body_rows(driver)]


def type_filter(driver, text):
    box = harness.by_id(driver, "filter")
    box.clear()
    if text:
        box.send_keys(text)
    else:
        box.send_keys(" ", Keys.BACKSPACE)


def test_index_filters_sorts_and_pages(browser, site):
    browser.get(harness.file_url(site["out"] / "index.html"))
    harness.assert_no_console_errors(browser)
    total = GENERATED + 2
    assert len(body_rows(browser)) == 100  # the first page of rows
    assert harness.by_id(browser, "records-count").text == f"{total} records"
    assert harness.by_id(browser, "page-info").text == "Page 1 of 2"
    # The filter has a label, and the charts are there.
    label = browser.find_element(By.CSS_SELECTOR, "label[for=filter]")
    assert label.text
    images = browser.find_elements(By.CSS_SELECTOR, ".charts img")
    assert len(images) == 8  # four charts for each of druid -size=5 and -size=8
    for img in images:
        browser.execute_script("arguments[0].scrollIntoView()", img)  # they load lazily
        WebDriverWait(browser, 10).until(lambda d: d.execute_script(
            "return arguments[0].complete && arguments[0].naturalWidth > 0", img))
        assert img.get_attribute("alt")
    browser.execute_script("window.scrollTo(0, 0)")
    harness.screenshot(browser, "site-index")
    # Next page.
    harness.by_id(browser, "page-next").click()
    assert len(body_rows(browser)) == total - 100
    assert harness.by_id(browser, "page-next").get_attribute("disabled") is not None
    # Filtering as you type: every word must match some column.
    type_filter(browser, "invalid")
    assert column(browser, 6) == ["invalid"]
    assert harness.by_id(browser, "records-count").text == f"1 of {total} records match"
    type_filter(browser, "camb 2004")
    assert column(browser, 2) == ["camb \u2013 rognlie"]
    harness.screenshot(browser, "site-index-filtered")
    type_filter(browser, "")
    assert len(body_rows(browser)) == 100
    # Sorting by plies: ascending, then descending; the header says so.
    header = browser.find_element(By.CSS_SELECTOR, "#records th[data-column='5']")
    header.find_element(By.TAG_NAME, "button").click()
    plies = [int(p) for p in column(browser, 5)]
    assert plies == sorted(plies) and plies[0] == 1  # the invalid record stopped after ply 1
    assert header.get_attribute("aria-sort") == "ascending"
    header.find_element(By.TAG_NAME, "button").click()
    plies = [int(p) for p in column(browser, 5)]
    assert plies == sorted(plies, reverse=True)
    assert header.get_attribute("aria-sort") == "descending"
    # By keyboard: Enter on a focused header sorts (twice: the other way).
    players = browser.find_element(By.CSS_SELECTOR, "#records th[data-column='2'] button")
    players.send_keys(Keys.ENTER)
    players.send_keys(Keys.ENTER)
    assert column(browser, 2)[:3] == ["zed", "camb \u2013 rognlie", ""]
    assert header.get_attribute("aria-sort") == "none"
    box = harness.by_id(browser, "filter")
    box.click()
    box.send_keys(Keys.TAB)  # to the first column header
    focused = browser.switch_to.active_element
    outline = browser.execute_script(
        "var s = getComputedStyle(arguments[0]); return [s.outlineStyle, s.outlineWidth];",
        focused)
    assert outline[0] != "none" and outline[1] != "0px", outline  # visible focus
    harness.screenshot(browser, "site-index-sorted-focus")
    harness.assert_no_console_errors(browser)


def test_a_link_opens_the_record_page(browser, site):
    browser.get(harness.file_url(site["out"] / "index.html"))
    type_filter(browser, "camb")
    link = body_rows(browser)[0].find_element(By.TAG_NAME, "a")
    link.click()
    board = harness.by_id(browser, "board")
    assert board.get_attribute("data-ply") == "0"
    expected = harness.show_json(site["archive"] / "sample.rec", 0)["position"]
    assert board.get_attribute("data-position") == expected
    harness.screenshot(browser, "site-record-page")
    harness.assert_no_console_errors(browser)


def test_an_invalid_record_links_to_its_failing_ply(browser, site):
    browser.get(harness.file_url(site["out"] / "index.html"))
    link = browser.find_element(By.CSS_SELECTOR, "#invalid a")
    href = link.get_attribute("href")
    assert href.endswith("bad-1.html#ply=1"), href
    link.click()
    board = harness.by_id(browser, "board")
    assert board.get_attribute("data-ply") == "1"
    expected = harness.show_json(site["archive"] / "more" / "bad.rec", 1)["position"]
    assert board.get_attribute("data-position") == expected
    assert browser.find_elements(By.CLASS_NAME, "diagnostic")
    harness.screenshot(browser, "site-invalid-page")
    harness.assert_no_console_errors(browser)
