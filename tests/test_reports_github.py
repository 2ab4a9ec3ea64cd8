"""GitHub workflow commands: one annotation per conflicting claim, escaped per the runner's rules."""

from __future__ import annotations

import dataclasses

from report_fixture import baselined_report, clean_report, fixture_report

from factlint.reports import OutputFormat, render
from factlint.reports.github import command, escape_data, escape_property


def test_one_annotation_per_conflicting_claim() -> None:
    lines = render(fixture_report(), OutputFormat.GITHUB).splitlines()
    conflicts = [line for line in lines if "title=Conflicting" in line]
    assert len(conflicts) == 7
    assert conflicts[0].startswith(
        "::error file=docs/launch-notes.md,line=12,col=27,endColumn=32,"
        "title=Conflicting Zephyr9 · chip · memory_capacity::96 GB here"
    )
    assert sum(line.startswith("::warning ") for line in conflicts) == 2
    assert "::error file=notes/broken.md,title=factlint::Could not read notes/broken.md%3A" not in lines
    assert (
        "::error file=notes/broken.md,title=factlint::Could not read notes/broken.md: line 3: "
        in "\n".join(lines)
    )


def test_clean_report_writes_nothing() -> None:
    assert render(clean_report(), OutputFormat.GITHUB) == ""


def test_escaping_follows_github_rules() -> None:
    assert escape_data("50% a\r\nb: c, d") == "50%25 a%0D%0Ab: c, d"
    assert escape_property("a:b,c%\n") == "a%3Ab%2Cc%25%0A"
    assert command("warning", "x", file="a,b.md", line=3, col=None) == "::warning file=a%2Cb.md,line=3::x"
    assert command("error", "bare") == "::error::bare"


def test_document_text_cannot_inject_a_second_command() -> None:
    report = fixture_report()
    hostile = dataclasses.replace(report.claims[0], text="96 GB\n::error::pwned")
    lines = render(dataclasses.replace(report, claims=(hostile, *report.claims[1:])), OutputFormat.GITHUB)
    assert all(not line.startswith("::error::pwned") for line in lines.splitlines())
    assert "%0A::error::pwned" in lines


def test_known_conflicts_are_not_annotated() -> None:
    lines = render(baselined_report(), OutputFormat.GITHUB).splitlines()
    conflicts = [line for line in lines if "title=Conflicting" in line]
    assert len(conflicts) == 2 and all("release_date" in line for line in conflicts)
