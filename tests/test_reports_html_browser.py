"""Browser test of the HTML report in headless Chromium: counts, filters, evidence, screenshot."""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from report_fixture import html_fixture_report

from factlint.models import Report
from factlint.reports import render

pytestmark = pytest.mark.browser

CHROMIUM = Path("/usr/bin/chromium")  # Debian's chromium package
CHROMEDRIVER = Path("/usr/bin/chromedriver")  # Debian's chromium-driver package
SEEDS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus" / "seeds"
CHROMIUM_FLAGS = (
    "--headless=new",
    "--no-sandbox",  # CI runs as root
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--window-size=1300,1000",
)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Return a headless Chromium driven by selenium, or skip when none is installed."""
    if not CHROMIUM.exists() or not CHROMEDRIVER.exists():
        pytest.skip("headless Chromium not installed (apt-get install chromium chromium-driver)")
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        pytest.skip("selenium not installed (pip install selenium)")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    profile = tempfile.mkdtemp(prefix="factlint-chromium-")
    for flag in (*CHROMIUM_FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=options)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def _open(driver: Any, report: Report, tmp_path: Path) -> Path:
    page = tmp_path / "report.html"
    page.write_text(render(report, "html"), encoding="utf-8")
    driver.get(page.as_uri())
    return page


def _visible_conflicts(driver: Any) -> list[Any]:
    from selenium.webdriver.common.by import By

    return [
        group for group in driver.find_elements(By.CSS_SELECTOR, "tbody.conflict") if group.is_displayed()
    ]


def _script_errors(driver: Any) -> list[dict[str, Any]]:
    return [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def _exercise(driver: Any, report: Report, tmp_path: Path) -> None:
    """Check the shown conflict count against the JSON report, filter, open a conflict, screenshot."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    page = _open(driver, report, tmp_path)
    expected = len(json.loads(render(report, "json"))["conflicts"])
    assert int(driver.find_element(By.ID, "summary-conflicts").text) == expected
    assert len(_visible_conflicts(driver)) == expected
    assert _script_errors(driver) == []
    if expected == 0:
        pytest.skip("the pipeline found no conflicts in this corpus: nothing to filter or open")

    # Filter by the entity and attribute of the worst area; the state goes into the fragment.
    target = report.conflicts[0]
    Select(driver.find_element(By.CSS_SELECTOR, '#view-conflicts select[name="entity"]')).select_by_value(
        target.entity
    )
    Select(driver.find_element(By.CSS_SELECTOR, '#view-conflicts select[name="attribute"]')).select_by_value(
        target.attribute
    )
    wanted = [c for c in report.conflicts if (c.entity, c.attribute) == (target.entity, target.attribute)]
    assert len(_visible_conflicts(driver)) == len(wanted)
    assert driver.find_element(By.ID, "conflicts-shown").text == str(len(wanted))
    fragment = driver.current_url.split("#", 1)[1]
    assert "entity=" in fragment and "attribute=" in fragment

    # The link is shareable: loading it afresh restores the filter.
    driver.get("about:blank")
    driver.get(page.as_uri() + "#" + fragment)
    assert len(_visible_conflicts(driver)) == len(wanted)
    selected = Select(driver.find_element(By.CSS_SELECTOR, '#view-conflicts select[name="entity"]'))
    assert selected.first_selected_option.get_attribute("value") == target.entity

    # Open the first conflict with the keyboard: its evidence shows a highlighted number.
    toggle = _visible_conflicts(driver)[0].find_element(By.CSS_SELECTOR, "button.toggle")
    assert toggle.get_attribute("aria-expanded") == "false"
    assert not driver.find_element(By.ID, toggle.get_attribute("aria-controls")).is_displayed()
    toggle.send_keys(Keys.ENTER)
    assert toggle.get_attribute("aria-expanded") == "true"
    evidence = driver.find_element(By.ID, toggle.get_attribute("aria-controls"))
    assert evidence.is_displayed()
    assert evidence.find_elements(By.CSS_SELECTOR, "blockquote mark")
    assert "open=" in driver.current_url

    # Sorting by a column header marks the column sorted.
    header = driver.find_element(By.CSS_SELECTOR, '#conflicts-table th[data-key="values"]')
    header.find_element(By.TAG_NAME, "button").click()
    assert header.get_attribute("aria-sort") == "ascending"

    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(1300, min(int(height) + 120, 4000))
    screenshot = tmp_path / "report.png"
    assert driver.save_screenshot(str(screenshot))
    assert screenshot.stat().st_size > 10_000
    assert _script_errors(driver) == []


def test_fixture_report_in_a_browser(browser: Any, tmp_path: Path) -> None:
    _exercise(browser, html_fixture_report(), tmp_path)
    # The fixture's hostile quote stays text: none of its scripts or handlers ran.
    assert browser.execute_script("return window.__pwned === undefined")


def test_claims_view_filters_by_free_text(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    _open(browser, html_fixture_report(), tmp_path)
    browser.find_element(By.CSS_SELECTOR, '[data-view-link="claims"]').click()
    assert browser.find_element(By.ID, "view-claims").is_displayed()
    assert not browser.find_element(By.ID, "view-conflicts").is_displayed()
    search = browser.find_element(By.CSS_SELECTOR, '#view-claims input[name="q"]')
    search.send_keys("gamma notes")
    rows = [
        row for row in browser.find_elements(By.CSS_SELECTOR, "#claims-table tbody") if row.is_displayed()
    ]
    assert len(rows) == 1
    assert "claims.q=gamma+notes" in browser.current_url


@pytest.mark.seeds
def test_seed_corpus_report_in_a_browser(browser: Any, tmp_path: Path) -> None:
    if not SEEDS.is_dir():
        pytest.skip(f"seed corpus not found at {SEEDS}")
    from factlint.api import check

    _exercise(browser, check([str(SEEDS)]), tmp_path)


def test_conflicts_sort_by_a_column_both_ways(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    _open(browser, html_fixture_report(), tmp_path)

    def kinds() -> list[str]:
        cells = browser.find_elements(By.CSS_SELECTOR, '#conflicts-table tbody td[data-key="kind"]')
        return [cell.text for cell in cells]

    button = browser.find_element(By.CSS_SELECTOR, '#conflicts-table th[data-key="kind"] button')
    button.click()
    assert kinds() == ["derived", "direct", "direct"]
    button.click()
    assert kinds() == ["direct", "direct", "derived"]
    assert browser.current_url.endswith("#sort=kind&dir=desc")
    header = browser.find_element(By.CSS_SELECTOR, '#conflicts-table th[data-key="kind"]')
    assert header.get_attribute("aria-sort") == "descending"
