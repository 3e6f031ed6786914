"""scribe html in a real browser: pages opened from file://, stepped with keys and clicks, the
board's data-ply and data-position checked against `scribe show --json` at the same ply, for a
record of every game; an invalid record's diagnostics; #ply=N; flip; no console error."""

import json
import re

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import harness

CORPUS = harness.SOURCE_DIR / "corpus"

# One valid record of each game, with dice (Savoya, Sava... where the game has them) and
# comments among them.
VALID = {
    "druid": CORPUS / "druid/valid/001-d1-seed-sample-game.rec",
    "savoya": CORPUS / "savoya/valid/001-x1-opening-die-and-pin.rec",
    "sava": CORPUS / "sava/valid/001-sample-game-1.rec",
    "soccolot": CORPUS / "soccolot/valid/001-s1-goal-by-kick.rec",
}
INVALID = CORPUS / "sava/invalid/001-x02-matron-move.rec"


@pytest.fixture(scope="module")
def pages():
    """Writes the pages of the records above; returns {name: page path}."""
    out = harness.out_dir("html-pages")
    paths = {**VALID, "invalid": INVALID}
    proc = harness.run_scribe("html", *paths.values(), "--out", out, "--force", "--jobs", "2")
    assert proc.returncode == 1, proc.stderr  # the invalid record
    result = {}
    for name, rec in paths.items():
        page = out / rec.relative_to("/").with_name(rec.stem + "-1.html")
        assert page.is_file(), page
        result[name] = page
    return result


@pytest.fixture(scope="module")
def long_game():
    """A generated Druid game of some hundreds of plies and its page: (record, page)."""
    out = harness.out_dir("html-long")
    rec = out / "long.rec"
    harness.run_scribe("generate", "--game", "druid", "--options", "-size=12", "--count", "1",
                       "--seed", "3", "--out", rec, "--force")
    proc = harness.run_scribe("html", rec, "--out", out / "pages", "--force", "--json")
    assert proc.returncode == 0, proc.stderr
    page = out / "pages" / json.loads(proc.stdout.splitlines()[0])["page"]
    return rec, page


def board(driver):
    """The board's (data-ply, data-position)."""
    b = harness.by_id(driver, "board")
    return int(b.get_attribute("data-ply")), b.get_attribute("data-position")


def expect_ply(driver, rec, ply):
    """Checks that the board shows ply `ply` of `rec` as scribe show gives it."""
    shown, position = board(driver)
    assert shown == ply
    assert position == harness.show_json(rec, ply)["position"]


def last_ply(rec):
    """The last legal ply of `rec` (scribe show's default position)."""
    return json.loads(harness.run_scribe("show", rec, "--json").stdout)["ply"]


@pytest.mark.parametrize("game", sorted(VALID))
def test_steps_match_show(browser, pages, game):
    rec = VALID[game]
    browser.get(harness.file_url(pages[game]))
    expect_ply(browser, rec, 0)
    body = browser.find_element(By.TAG_NAME, "body")
    end = last_ply(rec)
    for n in range(1, min(3, end) + 1):
        body.send_keys(Keys.ARROW_RIGHT)
        expect_ply(browser, rec, n)
    body.send_keys(Keys.END)
    expect_ply(browser, rec, end)
    assert browser.current_url.endswith(f"#ply={end}")
    body.send_keys(Keys.ARROW_LEFT)
    expect_ply(browser, rec, end - 1)
    body.send_keys(Keys.HOME)
    expect_ply(browser, rec, 0)
    moves = browser.find_elements(By.CSS_SELECTOR, "#moves [data-ply]")
    assert [int(m.get_attribute("data-ply")) for m in moves] == list(range(1, end + 1))
    moves[len(moves) // 2].click()
    expect_ply(browser, rec, len(moves) // 2 + 1)
    assert moves[len(moves) // 2].get_attribute("aria-current") == "step"
    harness.by_id(browser, "next").click()
    expect_ply(browser, rec, min(end, len(moves) // 2 + 2))
    text = harness.by_id(browser, "board-text").text
    assert board(browser)[1] in text
    harness.screenshot(browser, f"html-{game}")
    harness.assert_no_console_errors(browser)


def path_attributes(svg):
    """The (d, fill, stroke, stroke-width) of each <path> of an SVG text, in order."""
    def attribute(tag, name):
        m = re.search(r'\s' + name + r'="([^"]*)"', tag)
        return m.group(1) if m else None
    return [tuple(attribute(tag, n) for n in ("d", "fill", "stroke", "stroke-width"))
            for tag in re.findall(r"<path\b[^>]*>", svg)]


@pytest.mark.parametrize("game", sorted(VALID))
def test_drawing_is_what_render_draws(browser, pages, game):
    """The board the page's script rebuilds (styles, unchanging parts, lines and frames) has
    the paths of `scribe render --format svg` at the same ply, attribute for attribute."""
    rec = VALID[game]
    ply = min(3, last_ply(rec))
    browser.get(harness.file_url(pages[game], f"ply={ply}"))
    expect_ply(browser, rec, ply)
    shown = browser.execute_script(
        "return Array.from(document.querySelectorAll('#board path')).map(function (p) {"
        " return ['d', 'fill', 'stroke', 'stroke-width'].map(function (n) {"
        " return p.getAttribute(n); }); });")
    out = harness.out_dir("html-render", game)
    harness.run_scribe("render", rec, "--ply", str(ply), "--format", "svg", "--size", "480",
                       "--out", out, "--force")
    svgs = sorted(out.rglob("*.svg"))
    assert len(svgs) == 1, svgs
    expected = path_attributes(svgs[0].read_text())
    assert len(expected) > 0
    assert [tuple(p) for p in shown] == expected
    harness.assert_no_console_errors(browser)


def test_opens_at_hash_ply_and_flips(browser, pages):
    rec = VALID["druid"]
    end = last_ply(rec)
    target = min(5, end)
    browser.get(harness.file_url(pages["druid"], f"ply={target}"))
    expect_ply(browser, rec, target)
    before = harness.by_id(browser, "board").get_attribute("innerHTML")
    flip = harness.by_id(browser, "flip")
    assert flip.get_attribute("aria-pressed") == "false"
    flip.click()
    assert flip.get_attribute("aria-pressed") == "true"
    expect_ply(browser, rec, target)
    assert harness.by_id(browser, "board").get_attribute("innerHTML") != before
    harness.screenshot(browser, "html-druid-flipped")
    flip.click()
    assert harness.by_id(browser, "board").get_attribute("innerHTML") == before
    # A hash past the end opens at the last ply.
    browser.get(harness.file_url(pages["druid"], "ply=99999"))
    expect_ply(browser, rec, end)
    harness.assert_no_console_errors(browser)


def test_invalid_record_shows_its_diagnostic(browser, pages):
    browser.get(harness.file_url(pages["invalid"]))
    expected = (INVALID.with_suffix(".expected")).read_text().splitlines()[0]
    code = re.search(r"\[([a-z.-]+)\]", expected).group(1)
    diagnostics = browser.find_elements(By.CLASS_NAME, "diagnostic")
    assert diagnostics, "no element of class diagnostic"
    assert any(code in d.text for d in diagnostics)
    assert any(expected.split(": ", 1)[1] in d.text for d in diagnostics)
    stop = last_ply(INVALID)
    moves = browser.find_elements(By.CSS_SELECTOR, "#moves [data-ply]")
    assert [int(m.get_attribute("data-ply")) for m in moves] == list(range(1, stop + 1))
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.END)
    expect_ply(browser, INVALID, stop)
    harness.screenshot(browser, "html-invalid")
    harness.assert_no_console_errors(browser)


def test_long_game_every_step_lands_on_shows_position(browser, long_game):
    rec, page = long_game
    browser.get(harness.file_url(page))
    end = last_ply(rec)
    assert end >= 200, end
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.END)
    expect_ply(browser, rec, end)
    moves = browser.find_elements(By.CSS_SELECTOR, "#moves [data-ply]")
    for n in (end // 3, end // 2, end - 7):
        move = moves[n - 1]
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", move)
        move.click()
        expect_ply(browser, rec, n)
    for _ in range(5):
        body.send_keys(Keys.ARROW_RIGHT)
    expect_ply(browser, rec, end - 2)
    # Every position the page holds, against the record's replay.
    positions = browser.execute_script(
        "const out = []; for (let i = 0; i <= %d; i++) {"
        " document.querySelector('#moves [data-ply=\"' + Math.max(i, 1) + '\"]').click();"
        " if (i === 0) document.getElementById('first').click();"
        " out.push(document.getElementById('board').getAttribute('data-position')); }"
        " return out;" % end)
    for n in (0, 1, end // 4, end // 2, end):
        assert positions[n] == harness.show_json(rec, n)["position"], n
    harness.screenshot(browser, "html-long-druid")
    harness.assert_no_console_errors(browser)


def test_dark_theme_page(browser):
    out = harness.out_dir("html-dark")
    rec = VALID["soccolot"]
    proc = harness.run_scribe("html", rec, "--out", out, "--force", "--theme", "dark", "--json")
    assert proc.returncode == 0, proc.stderr
    page = out / json.loads(proc.stdout.splitlines()[0])["page"]
    browser.get(harness.file_url(page, "ply=3"))
    expect_ply(browser, rec, 3)
    background = browser.execute_script(
        "return getComputedStyle(document.body).backgroundColor")
    channels = [int(c) for c in re.findall(r"\d+", background)[:3]]
    assert max(channels) < 64, background
    harness.screenshot(browser, "html-soccolot-dark")
    harness.assert_no_console_errors(browser)
