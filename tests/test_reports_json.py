"""The JSON report keeps to the contract and validates against the shipped schema."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from report_fixture import baselined_report, clean_report, fixture_report

from factlint.reports import OutputFormat, render
from factlint.reports.json_report import report_to_json
from factlint.reports.schema import ReportValidationError, report_schema, validate_report

CONTRACT_CLAIM_FIELDS = {
    "id", "source", "line", "column", "entity", "scope", "attribute",
    "value", "low", "high", "unit", "text", "quote", "qualifier",
}  # fmt: skip


@pytest.fixture
def document() -> dict[str, Any]:
    document = json.loads(render(fixture_report(), OutputFormat.JSON))
    validate_report(document)
    return document


def test_rendered_json_equals_report_to_json() -> None:
    report = fixture_report()
    assert json.loads(render(report, OutputFormat.JSON)) == report_to_json(report)


def test_clean_report_validates_and_has_no_conflicts() -> None:
    document = json.loads(render(clean_report(), OutputFormat.JSON))
    validate_report(document)
    assert document["conflicts"] == []
    assert document["summary"]["text"].startswith("No conflicts")


def test_top_level_contract(document: dict[str, Any]) -> None:
    assert document["schema_version"] == 1
    assert document["tool"] == {"name": "factlint", "version": "0.1.0"}
    assert [s["path"] for s in document["sources"]] == [
        "docs/launch-notes.md", "docs/spec-sheet.md", "notes/blog-post.txt", "notes/broken.md",
    ]  # fmt: skip
    broken = document["sources"][3]
    assert broken["claims"] == 0 and broken["error"] == "line 3: front matter is not valid YAML"
    assert document["sources"][0]["error"] is None
    assert document["pack"] == "ai-accelerators"


def test_claims_carry_contract_fields_and_typed_values(document: dict[str, Any]) -> None:
    claims = {claim["id"]: claim for claim in document["claims"]}
    assert len(claims) == 11
    assert all(set(claim) >= CONTRACT_CLAIM_FIELDS for claim in claims.values())
    memory = claims["c-0001"]
    assert memory["value"] == 96.0 and isinstance(memory["value"], float)
    assert (memory["line"], memory["column"], memory["unit"], memory["scope"]) == (12, 27, "GB", "chip")
    release = claims["c-0002"]
    assert release["value"] == "2025-03" and release["scope"] is None
    hedged = claims["c-0011"]
    assert (hedged["low"], hedged["high"], hedged["form"], hedged["qualifier"]) == (
        4.0,
        5.0,
        "alternatives",
        "likely",
    )
    assert claims["c-0007"]["precision"] == "FP8" and claims["c-0007"]["sparsity"] == "dense"


def test_conflict_values_name_claims_and_sources(document: dict[str, Any]) -> None:
    memory = document["conflicts"][0]
    assert (memory["entity"], memory["scope"], memory["attribute"], memory["severity"]) == (
        "Zephyr9", "chip", "memory_capacity", "error",
    )  # fmt: skip
    assert [(v["value"], v["unit"], v["claims"], v["sources"]) for v in memory["values"]] == [
        (96.0, "GB", ["c-0001", "c-0005"], ["docs/launch-notes.md", "docs/spec-sheet.md"]),
        (144.0, "GB", ["c-0009"], ["notes/blog-post.txt"]),
    ]
    assert memory["explanation"] == "96 GB (2 sources) vs 144 GB (1 source)"
    assert document["conflicts"][1]["values"][1]["value"] == "2024"
    assert document["conflicts"][2]["severity"] == "warning"
    assert document["summary"]["conflicts"] == 3 and document["summary"]["errors"] == 2
    assert document["notes"][0]["claims"] == ["c-0003", "c-0001"]
    assert memory["consensus"] == {
        "value": "96 GB", "confidence": 0.8, "decided": True, "reason": "2 of 3 sources agree",
    }  # fmt: skip
    assert document["conflicts"][2]["consensus"] is None
    assert document["source_trust"][2] == {
        "source": "notes/blog-post.txt", "trust": 0.0, "agreed": 0, "disagreed": 3,
        "facts": ["Zephyr9 · chip · memory_capacity"],
    }  # fmt: skip


def test_schema_is_draft_2020_12() -> None:
    assert report_schema()["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def _broken(document: dict[str, Any], change) -> dict[str, Any]:
    copied = copy.deepcopy(document)
    change(copied)
    return copied


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["claims"][0].update(scope="rack"), "$.claims[0].scope"),
        (lambda d: d["conflicts"][0].update(severity="fatal"), "$.conflicts[0].severity"),
        (lambda d: d["conflicts"][0].pop("explanation"), "explanation"),
        (lambda d: d["claims"][1].update(value=2025), "$.claims[1].value"),
        (lambda d: d["claims"][0].update(value="96"), "$.claims[0].value"),
        (lambda d: d["claims"][0].update(line=0), "$.claims[0].line"),
        (lambda d: d["conflicts"][0].update(values=d["conflicts"][0]["values"][:1]), "$.conflicts[0].values"),
        (lambda d: d.update(schema_version=2), "$.schema_version"),
        (lambda d: d["claims"][0].update(surprise=True), "surprise"),
        (lambda d: d["conflicts"][0]["values"][0]["claims"].append("c-missing"), "c-missing"),
        (lambda d: d["notes"][0]["claims"].append("c-gone"), "c-gone"),
        (lambda d: d["claims"].append(copy.deepcopy(d["claims"][0])), "twice"),
        (lambda d: d["conflicts"][0]["consensus"].update(decided="yes"), "$.conflicts[0].consensus"),
        (lambda d: d["source_trust"][0].update(trust=1.5), "$.source_trust[0].trust"),
        (lambda d: d["findings"][0].update(severity="fatal"), "$.findings[0].severity"),
    ],
)
def test_schema_rejects_broken_reports(document: dict[str, Any], change, message: str) -> None:
    with pytest.raises(ReportValidationError, match=message.replace("$", r"\$").replace("[", r"\[")):
        validate_report(_broken(document, change))


def test_summary_counts_open_conflicts_and_known_ones_apart() -> None:
    document = json.loads(render(baselined_report(), OutputFormat.JSON))
    validate_report(document)
    assert [c["status"] for c in document["conflicts"]] == ["baselined", "open", "resolved"]
    summary = document["summary"]
    assert (summary["conflicts"], summary["errors"], summary["warnings"], summary["known_conflicts"]) == (
        1,
        1,
        0,
        2,
    )
