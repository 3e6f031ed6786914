"""How quick a site's index.html is in headless Chromium: the time from navigation to the rows
drawn, and the time to filter (one word typed) and to sort (one header click), each measured
inside the page. Usage: /usr/bin/python3 bench/site_index_speed.py SITE_DIR"""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tests" / "browser"))
import harness  # noqa: E402

MEASURE = """
var done = arguments[arguments.length - 1];
var box = document.getElementById('filter');
var t0 = performance.now();
box.value = arguments[0];
box.dispatchEvent(new Event('input'));
var t1 = performance.now();
document.querySelector("#records th[data-column='5'] button").click();
var t2 = performance.now();
box.value = '';
box.dispatchEvent(new Event('input'));
var t3 = performance.now();
document.querySelector("#records th[data-column='2'] button").click();
var t4 = performance.now();
done([t1 - t0, t2 - t1, t3 - t2, t4 - t3]);
"""


def main():
    site = pathlib.Path(sys.argv[1])
    driver = harness.start_browser()
    try:
        driver.get(harness.file_url(site / "index.html"))
        load = driver.execute_script(
            "var n = performance.getEntriesByType('navigation')[0];"
            "return [n.domContentLoadedEventEnd, n.loadEventEnd];")
        rows = driver.execute_script("return document.querySelectorAll('#records tbody tr').length")
        total = driver.find_element("id", "records-count").text
        times = driver.execute_async_script(MEASURE, "druid")
        print(f"index in Chromium: {total}, {rows} rows drawn; DOMContentLoaded {load[0]:.0f} ms, "
              f"load {load[1]:.0f} ms; filter 'druid' {times[0]:.0f} ms, sort by plies "
              f"{times[1]:.0f} ms, clear filter {times[2]:.0f} ms, sort all by players "
              f"{times[3]:.0f} ms")
        errors = harness.console_errors(driver)
        if errors:
            print("console errors:", errors)
            return 1
    finally:
        driver.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
