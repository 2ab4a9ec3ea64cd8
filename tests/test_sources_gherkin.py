"""Gherkin feature files read as headings, steps and filled-in outline rows (sources/gherkin.py).

Our own feature file, about other products than any evaluation document."""

from __future__ import annotations

from factlint.models import BlockKind
from factlint.sources.gherkin import is_gherkin, parse_gherkin

FEATURE = [
    "# language: en",
    "@billing @v2.4",
    "Feature: Invoice lines for rented cards",
    "",
    "  # the vendor's sheet was checked on 2026-02-02",
    "  Scenario Outline: a card line",
    '    Given the order names "<card>"',
    "    Then the line shows <hours> hours at $<rate>",
    "",
    "    Examples:",
    "      | card  | hours | rate |",
    "      | L40S  | 12    | 1.90 |",
    "",
    "  Scenario: a data table",
    "    Given the rack holds:",
    "      | card | count |",
    "      | L4   | 16    |",
]


def test_a_feature_file_is_known_by_its_suffix_or_its_first_keyword() -> None:
    assert is_gherkin(["anything"], ".feature")
    assert is_gherkin(["# comment", "@tag", "Feature: Quotes", "  Scenario: one"], ".txt")
    assert not is_gherkin(["Feature: Quotes", "the L4 has 24 GB"], ".txt")
    assert not is_gherkin(["# Quotes", "", "Feature: the L4 has 24 GB"], ".md")


def test_an_outline_row_is_the_template_filled_in_with_its_cells_placed_on_the_row() -> None:
    blocks = parse_gherkin(FEATURE)
    row = next(block for block in blocks if block.line == 12)
    assert row.kind is BlockKind.PARAGRAPH
    assert row.text == 'the order names "L40S"\nthe line shows 12 hours at $1.90'
    assert [row.text[start:end] for start, end in row.sentences] == [
        'the order names "L40S"',
        "the line shows 12 hours at $1.90",
    ]
    assert row.position(row.text.index("1.90")) == (12, FEATURE[11].index("1.90") + 1)
    assert row.headings == ("Invoice lines for rented cards", "a card line")
    assert not any("<" in block.text for block in blocks)  # the template itself is never read


def test_keywords_tags_and_the_language_line_are_dropped_and_comments_kept_as_prose() -> None:
    blocks = parse_gherkin(FEATURE)
    texts = [block.text for block in blocks]
    assert texts[0] == "Invoice lines for rented cards"
    assert not any("@" in text or "language" in text or text.startswith(("Given", "Then")) for text in texts)
    note = next(block for block in blocks if block.line == 5)
    assert note.kind is BlockKind.PARAGRAPH and note.text.startswith("the vendor's sheet")


def test_a_pipe_table_without_a_separator_row_is_a_table() -> None:
    rows = [block for block in parse_gherkin(FEATURE) if block.kind is BlockKind.TABLE_ROW]
    assert len(rows) == 1
    assert rows[0].line == 17 and rows[0].table_headers == ("card", "count")
    assert [cell.text for cell in rows[0].cells] == ["L4", "16"]
