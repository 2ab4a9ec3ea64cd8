"""JUnit XML: one test case per fact stated by two or more sources; conflicts fail; text is escaped."""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET

from report_fixture import baselined_report, clean_report, fixture_report

from factlint.reports import OutputFormat, render


def _suite(xml: str) -> ET.Element:
    root = ET.fromstring(xml.encode("utf-8"))
    assert root.tag == "testsuites"
    (suite,) = root.findall("testsuite")
    return suite


def test_facts_with_two_sources_become_test_cases() -> None:
    suite = _suite(render(fixture_report(), OutputFormat.JUNIT))
    cases = [(c.get("classname"), c.get("name")) for c in suite.findall("testcase")]
    assert cases == [
        ("Zephyr9", "chip · memory_capacity"),
        ("Zephyr9", "unscoped · release_date"),
        ("Zephyr9", "chip · memory_bandwidth"),
        ("Zephyr8", "chip · process_node"),
        ("sources", "notes/broken.md"),
        ("setup", "suppression-unused · .factlint.yaml:4"),
        ("sources", "source-unreadable-part · docs/spec-sheet.md:9"),
    ]
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("7", "5", "1")


def test_conflicts_fail_with_message_and_details() -> None:
    suite = _suite(render(fixture_report(), OutputFormat.JUNIT))
    memory = suite.find("testcase[@name='chip · memory_capacity']")
    assert memory is not None
    failure = memory.find("failure")
    assert failure is not None
    assert failure.get("type") == "error"
    assert failure.get("message") == "96 GB (2 sources) vs 144 GB (1 source)"
    assert "docs/spec-sheet.md:8:21: | Memory per chip | 96GB HBM |" in (failure.text or "")
    bandwidth = suite.find("testcase[@name='chip · memory_bandwidth']")
    assert bandwidth is not None and len(bandwidth) == 0  # agreeing sources pass


def test_clean_report_passes() -> None:
    suite = _suite(render(clean_report(), OutputFormat.JUNIT))
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("1", "0", "0")


def test_markup_and_control_characters_are_escaped() -> None:
    report = fixture_report()
    hostile = dataclasses.replace(report.claims[0], quote='<b>"96 GB"</b> & more\x0c\x00 here')
    xml = render(dataclasses.replace(report, claims=(hostile, *report.claims[1:])), OutputFormat.JUNIT)
    failure = _suite(xml).find("testcase/failure")
    assert failure is not None
    assert '<b>"96 GB"</b> & more' in (failure.text or "")
    assert "&lt;b&gt;" in xml and "\x0c" not in xml


def test_known_conflicts_are_skipped_not_failed() -> None:
    suite = _suite(render(baselined_report(), OutputFormat.JUNIT))
    assert (suite.get("failures"), suite.get("skipped")) == ("3", "2")  # release date + two findings
    memory = suite.find("testcase[@name='chip · memory_capacity']")
    assert memory is not None and memory.find("failure") is None
    skipped = memory.find("skipped")
    assert skipped is not None and skipped.get("message", "").startswith("baselined: 96 GB")
