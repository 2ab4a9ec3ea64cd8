"""Property tests: any Report renders in every machine format into output its consumers accept."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

from hypothesis import given, settings
from hypothesis import strategies as st

from factlint.models import (
    Claim,
    Conflict,
    ConflictValue,
    Consensus,
    Finding,
    Note,
    Reconciliation,
    Report,
    Severity,
    SourceSummary,
)
from factlint.reports import OutputFormat, render
from factlint.reports.csv_report import read_claims_csv
from factlint.reports.schema import validate_report

SCOPES = [None, "chip", "core", "card", "instance", "server", "pod", "cluster"]
PATHS = ["a.md", "docs/b c.md", "notes/d,e.txt", "/abs/f.md", "g:h.txt"]
words = st.text(min_size=1, max_size=30)
dates = st.from_regex(r"\A(19|20)[0-9]{2}(-(0[1-9]|1[0-2]))?\Z")
numbers = st.floats(min_value=-1e9, max_value=1e9, allow_nan=False)


@st.composite
def claims(draw: st.DrawFn, index: int) -> Claim:
    is_date = draw(st.booleans())
    return Claim(
        id=f"c-{index:04d}",
        source=draw(st.sampled_from(PATHS)),
        line=draw(st.integers(1, 10_000)),
        column=draw(st.integers(1, 500)),
        entity=draw(words),
        scope=draw(st.sampled_from(SCOPES)),
        attribute="release_date" if is_date else draw(st.sampled_from(["memory_capacity", "power"])),
        value=draw(dates) if is_date else draw(numbers),
        unit="date" if is_date else draw(st.sampled_from(["GB", "W", "x", "%", "count"])),
        text=draw(words),
        quote=draw(words),
        qualifier=draw(st.none() | st.sampled_from(["up to", "about", "late"])),
        precision=draw(st.none() | st.sampled_from(["FP8", "BF16"])),
    )


@st.composite
def reports(draw: st.DrawFn) -> Report:
    count = draw(st.integers(0, 6))
    claim_list = tuple(draw(claims(index)) for index in range(count))
    conflicts = []
    for number, (first, second) in enumerate(zip(claim_list[::2], claim_list[1::2], strict=False)):
        consensus = draw(st.none() | st.builds(Consensus, words, st.floats(0, 1), st.booleans(), words))
        conflicts.append(
            Conflict(
                id=f"k-{number}",
                entity=first.entity,
                scope=first.scope,
                attribute=first.attribute,
                severity=draw(st.sampled_from(list(Severity))),
                values=tuple(
                    ConflictValue(c.value, c.unit, (c.id,), (c.source,), display=draw(st.just("") | words))
                    for c in (first, second)
                ),
                explanation=draw(words),
                status=draw(st.sampled_from(["open", "open", "baselined", "resolved"])),
                consensus=consensus,
            )
        )
    notes = tuple(Note(draw(words), draw(words), (c.id,)) for c in claim_list[:1])
    sources = tuple(
        SourceSummary(path, "0" * 64, sum(c.source == path for c in claim_list), draw(st.none() | words))
        for path in dict.fromkeys(c.source for c in claim_list)
    )
    findings = tuple(
        draw(st.lists(st.builds(Finding, words, words, st.none() | st.sampled_from(PATHS)), max_size=2))
    )
    return Report("0.1.0", sources, claim_list, Reconciliation(tuple(conflicts), notes), "pack", findings)


@settings(max_examples=60, deadline=None)
@given(reports())
def test_json_always_validates_and_csv_round_trips(report: Report) -> None:
    validate_report(json.loads(render(report, OutputFormat.JSON)))
    assert read_claims_csv(render(report, OutputFormat.CSV)) == list(report.claims)


@settings(max_examples=60, deadline=None)
@given(reports())
def test_ci_formats_stay_well_formed(report: Report) -> None:
    sarif = json.loads(render(report, OutputFormat.SARIF))
    assert sarif["version"] == "2.1.0"
    ET.fromstring(render(report, OutputFormat.JUNIT).encode("utf-8"))
    for line in render(report, OutputFormat.GITHUB).split("\n")[:-1]:  # the runner splits on LF only
        assert line.startswith(("::error ", "::warning ", "::notice ")) and "::" in line[2:]
    markdown = render(report, OutputFormat.MARKDOWN)
    for row in (line for line in markdown.splitlines() if line.startswith("| ")):
        assert len(row.replace("\\|", "").strip("|").split("|")) == 5
    open_count = sum(1 for conflict in report.conflicts if conflict.status == "open")
    last = render(report, OutputFormat.TEXT).rstrip("\n").splitlines()[-1]
    assert last.startswith(f"{open_count} conflict" if open_count else "No conflicts")
