"""The Markdown report: summary, conflicts table, details, and escaping of document text."""

from __future__ import annotations

import dataclasses

from hypothesis import given
from hypothesis import strategies as st
from report_fixture import HOSTILE_QUOTE, baselined_report, clean_report, fixture_report, with_hostile_quote

from factlint.reports import OutputFormat, render
from factlint.reports.markdown import escape_markdown


def test_summary_table_and_details() -> None:
    text = render(fixture_report(), OutputFormat.MARKDOWN)
    lines = text.splitlines()
    assert lines[0].startswith("## factlint: 3 conflicts (2 errors, 1 warning) in 6 facts")
    assert "| Entity | Scope | Attribute | Values | Severity |" in lines
    assert (
        "| Zephyr9 | chip | memory\\_capacity | **96 GB**: docs/launch-notes.md:12, docs/spec-sheet.md:8"
        "<br>**144 GB**: notes/blog-post.txt:5 | error |"
    ) in lines
    assert text.count("<details>") == text.count("</details>") == 5  # three conflicts, notes, trust
    assert "Consensus: 96 GB (80% confidence): 2 of 3 sources agree" in lines
    assert "- notes/blog-post.txt: trust 0% (0 agreed, 3 disagreed)" in lines
    assert "<summary>warning: Zephyr8 · chip · process_node: 3 nm vs likely 4/5 nm</summary>" in text
    assert "“Each Zephyr9 chip carries <b>96 GB</b> of stacked memory.”" in text
    assert "- notes/broken.md: line 3: front matter is not valid YAML" in lines


def test_every_table_row_has_five_cells() -> None:
    text = render(with_hostile_quote(fixture_report()), OutputFormat.MARKDOWN)
    rows = [line for line in text.splitlines() if line.startswith("| ")]
    for row in rows:
        cells = row.replace("\\|", "").strip("|").split("|")
        assert len(cells) == 5, row


def test_document_text_is_escaped() -> None:
    text = render(with_hostile_quote(fixture_report()), OutputFormat.MARKDOWN)
    assert "<script>" not in text
    assert HOSTILE_QUOTE not in text
    assert (
        "\\| Memory \\| <b>\\*96GB\\*</b> per chip \\[link\\](x) &lt;script&gt;alert(1)&lt;/script&gt; \\|"
        in text
    )


def test_clean_report_has_no_table() -> None:
    text = render(clean_report(), OutputFormat.MARKDOWN)
    assert text == "## factlint: No conflicts in 1 fact from 2 sources, 2 claims\n"


def test_a_pipe_in_an_entity_name_does_not_break_the_table() -> None:
    report = fixture_report()
    conflicts = tuple(dataclasses.replace(c, entity="A|B") for c in report.conflicts)
    reconciliation = dataclasses.replace(report.reconciliation, conflicts=conflicts)
    text = render(dataclasses.replace(report, reconciliation=reconciliation), OutputFormat.MARKDOWN)
    assert "| A\\|B | chip |" in text


@given(st.text())
def test_escaped_text_opens_no_tag_and_splits_no_cell(raw: str) -> None:
    escaped = escape_markdown(raw)
    assert "<" not in escaped and "\n" not in escaped
    assert "|" not in escaped.replace("\\|", "")


def test_known_conflicts_leave_the_table_for_a_folded_list() -> None:
    text = render(baselined_report(), OutputFormat.MARKDOWN)
    table = [line for line in text.splitlines() if line.startswith("| Zephyr")]
    assert len(table) == 1 and "release\\_date" in table[0]
    assert "<summary>2 known conflicts (baselined, resolved or ignored)</summary>" in text
    assert "- baselined: Zephyr9 · chip · memory\\_capacity: 96 GB (2 sources) vs 144 GB (1 source)" in text
