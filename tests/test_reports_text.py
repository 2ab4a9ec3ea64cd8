"""The terminal report: grouping, evidence, notes, sources, summary, colour and escaping."""

from __future__ import annotations

from report_fixture import HOSTILE_QUOTE, baselined_report, clean_report, fixture_report, with_hostile_quote

from factlint.models import Reconciliation, Report
from factlint.reports import OutputFormat, render


def test_conflicts_are_grouped_by_entity_with_evidence() -> None:
    text = render(fixture_report(), OutputFormat.TEXT)
    assert text.index("Zephyr9\n") < text.index("ERROR   Zephyr9 · chip · memory_capacity")
    assert text.index("ERROR   Zephyr9 · unscoped · release_date") < text.index("Zephyr8\n")
    assert "WARNING Zephyr8 · chip · process_node" in text
    assert "docs/spec-sheet.md:8:21  “| Memory per chip | 96GB HBM |”" in text
    assert "notes/blog-post.txt:11:33  (likely) “The older Zephyr8 is likely a 4/5nm design.”" in text
    assert "96 GB (2 sources) vs 144 GB (1 source)" in text
    assert "    Consensus: 96 GB (80% confidence): 2 of 3 sources agree" in text
    assert "    Consensus: undecided: one source on each side" in text
    assert "  docs/launch-notes.md  4 claims  trust 75% (3 agreed, 1 disagreed)" in text


def test_notes_sources_and_summary_follow_the_conflicts() -> None:
    text = render(fixture_report(), OutputFormat.TEXT)
    assert text.index("Notes") < text.index("Problems reading the sources") < text.index("Sources")
    assert text.index("Problems reading the sources") < text.index("Problems with the run setup")
    assert text.index("Sources") < text.index("3 conflicts")
    assert "scope: 1,536 GB per Z9.large instance" in text
    assert "notes/broken.md  could not be read: line 3: front matter is not valid YAML" in text
    assert text.rstrip("\n").splitlines()[-1] == (
        "3 conflicts (2 errors, 1 warning) in 6 facts from 4 sources, 11 claims; 1 source could not be read; "
        "1 problem reading the sources; 1 setup problem"
    )


def test_clean_report_says_no_conflicts() -> None:
    text = render(clean_report(), OutputFormat.TEXT)
    assert text.rstrip("\n").splitlines()[-1] == "No conflicts in 1 fact from 2 sources, 2 claims"
    assert "ERROR" not in text


def test_plain_text_has_no_escape_codes_and_colour_has_some() -> None:
    report = fixture_report()
    assert "\x1b[" not in render(report, OutputFormat.TEXT)
    coloured = render(report, OutputFormat.TEXT, color=True)
    assert "\x1b[1;31mERROR" in coloured
    assert "\x1b[1;7m96 GB\x1b[0m" in coloured  # the surface text is highlighted inside its quote


def test_lines_fit_in_100_columns_without_trailing_spaces() -> None:
    text = render(fixture_report(), OutputFormat.TEXT)
    *body, summary = text.splitlines()
    assert all(len(line) <= 100 and line == line.rstrip() for line in body)
    assert summary.startswith("3 conflicts") and len(summary) > 100  # never wrapped


def test_document_text_is_shown_literally_never_as_markup() -> None:
    text = render(with_hostile_quote(fixture_report()), OutputFormat.TEXT)
    assert HOSTILE_QUOTE in text
    coloured = render(with_hostile_quote(fixture_report()), OutputFormat.TEXT, color=True)
    assert "\x1b[1;7m*96GB*\x1b[0m" in coloured


def test_empty_report_reads_cleanly() -> None:
    report = Report("0.1.0", (), (), Reconciliation(conflicts=()))
    assert (
        render(report, OutputFormat.TEXT).strip().endswith("No conflicts in 0 facts from 0 sources, 0 claims")
    )


def test_known_conflicts_are_listed_apart_and_not_counted() -> None:
    text = render(baselined_report(), OutputFormat.TEXT)
    main, known = text.split("Known conflicts (not failing)\n")
    assert "memory_capacity" not in main and "release_date" in main
    assert "  BASELINED Zephyr9 · chip · memory_capacity: 96 GB (2 sources) vs 144 GB (1 source)" in known
    assert "  RESOLVED  Zephyr8 · chip · process_node" in known
    assert text.splitlines()[-1].startswith(
        "1 conflict (1 error) in 6 facts from 4 sources, 11 claims; "
        "2 known conflicts (1 baselined, 1 resolved);"
    )
