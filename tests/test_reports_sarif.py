"""The SARIF report validates against the official 2.1.0 schema and points at every conflicting claim."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from report_fixture import BLOG, LAUNCH, SHEET, baselined_report, clean_report, fixture_report

from factlint.reports import OutputFormat, render
from factlint.reports.sarif import artifact

SARIF_SCHEMA = Path(__file__).resolve().parents[1].parent / "shared" / "schemas" / "sarif-schema-2.1.0.json"


def _validate(log: dict[str, Any]) -> None:
    if not SARIF_SCHEMA.exists():
        pytest.skip(
            f"official SARIF schema not found at {SARIF_SCHEMA} (../shared/schemas from the repo root)"
        )
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    errors = sorted(jsonschema.Draft4Validator(schema).iter_errors(log), key=lambda e: e.path)
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors[:5])


@pytest.fixture
def run() -> dict[str, Any]:
    log = json.loads(render(fixture_report(), OutputFormat.SARIF))
    _validate(log)
    return log["runs"][0]


def test_clean_report_is_valid_sarif_without_results() -> None:
    log = json.loads(render(clean_report(), OutputFormat.SARIF))
    _validate(log)
    assert log["version"] == "2.1.0" and log["runs"][0]["results"] == []


def test_driver_names_the_tool_and_one_rule_per_attribute(run: dict[str, Any]) -> None:
    driver = run["tool"]["driver"]
    assert (driver["name"], driver["version"]) == ("factlint", "0.1.0")
    assert driver["informationUri"].startswith("https://")
    assert [rule["id"] for rule in driver["rules"]] == [
        "factlint/conflict/memory_capacity",
        "factlint/conflict/release_date",
        "factlint/conflict/process_node",
        "factlint/finding/suppression-unused",
        "factlint/finding/source-unreadable-part",
    ]
    findings = {rule["id"]: rule for rule in driver["rules"] if rule["id"].startswith("factlint/finding/")}
    setup, source = (
        findings["factlint/finding/suppression-unused"],
        findings["factlint/finding/source-unreadable-part"],
    )
    assert setup["properties"]["tags"] == ["factlint", "configuration"]
    assert source["properties"]["tags"] == ["factlint", "source"]
    assert source["shortDescription"]["text"] == "Source problem: source unreadable part"


def test_one_result_per_conflicting_claim(run: dict[str, Any]) -> None:
    conflict_results = [r for r in run["results"] if r["ruleId"].startswith("factlint/conflict/")]
    assert [r["properties"]["claimId"] for r in conflict_results] == [
        "c-0001", "c-0005", "c-0009", "c-0002", "c-0010", "c-0008", "c-0011",
    ]  # fmt: skip
    levels = {r["properties"]["attribute"]: r["level"] for r in conflict_results}
    assert levels == {"memory_capacity": "error", "release_date": "error", "process_node": "warning"}
    rules = run["tool"]["driver"]["rules"]
    assert all(rules[r["ruleIndex"]]["id"] == r["ruleId"] for r in run["results"])


def test_result_location_region_and_related_claims(run: dict[str, Any]) -> None:
    first = run["results"][0]
    location = first["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {"uri": LAUNCH, "uriBaseId": "%SRCROOT%"}
    assert location["region"] == {
        "startLine": 12,
        "startColumn": 27,
        "endColumn": 32,
        "snippet": {"text": "Each Zephyr9 chip carries 96 GB of stacked memory."},
    }
    assert "96 GB here, but 144 GB in notes/blog-post.txt:5" in first["message"]["text"]
    related = [r["physicalLocation"]["artifactLocation"]["uri"] for r in first["relatedLocations"]]
    assert related == [BLOG]
    blog_side = run["results"][2]
    related = [r["physicalLocation"]["artifactLocation"]["uri"] for r in blog_side["relatedLocations"]]
    assert related == [LAUNCH, SHEET]


def test_fingerprints_are_stable_when_lines_move_and_distinct_per_side(run: dict[str, Any]) -> None:
    prints = [r["partialFingerprints"]["factlintFact/v1"] for r in run["results"][:3]]
    assert len(set(prints)) == 3
    report = fixture_report()
    import dataclasses

    moved = tuple(dataclasses.replace(c, line=c.line + 40) for c in report.claims)
    moved_run = json.loads(render(dataclasses.replace(report, claims=moved), OutputFormat.SARIF))["runs"][0]
    assert [r["partialFingerprints"]["factlintFact/v1"] for r in moved_run["results"][:3]] == prints


def test_unreadable_source_is_a_tool_notification(run: dict[str, Any]) -> None:
    notes = run["invocations"][0]["toolExecutionNotifications"]
    assert notes[0]["level"] == "error"
    assert (
        notes[0]["message"]["text"]
        == "Could not read notes/broken.md: line 3: front matter is not valid YAML"
    )


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("docs/a b.md", {"uri": "docs/a%20b.md", "uriBaseId": "%SRCROOT%"}),
        ("/srv/docs/a.md", {"uri": "file:///srv/docs/a.md"}),
        ("docs\\win.md", {"uri": "docs/win.md", "uriBaseId": "%SRCROOT%"}),
    ],
)
def test_artifact_uris(path: str, expected: dict[str, str]) -> None:
    assert artifact(path) == expected


def test_known_conflicts_are_unchanged_or_suppressed() -> None:
    log = json.loads(render(baselined_report(), OutputFormat.SARIF))
    _validate(log)
    states = {}
    for result in log["runs"][0]["results"]:
        properties = result.get("properties", {})
        if "status" in properties:
            suppressed = [s["status"] for s in result.get("suppressions", [])]
            states.setdefault(properties["attribute"], set()).add((result.get("baselineState"), *suppressed))
    assert states == {
        "memory_capacity": {("unchanged",)},
        "release_date": {("new",)},
        "process_node": {(None, "accepted")},
    }
