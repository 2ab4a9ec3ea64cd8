"""Plain-text tables drawn in a box: borders are margins, not cells."""

from __future__ import annotations

from factlint.sources.columns import find_text_tables


def test_a_boxed_table_with_a_blank_corner_names_its_columns() -> None:
    lines = [
        "+------------------------------+",
        "|            Alpha     Beta     |",
        "|  Memory    16 GB     32 GB    |",
        "|  Power     300 W     450 W    |",
        "+------------------------------+",
    ]
    rows = find_text_tables(lines)
    assert rows[1].is_header
    assert rows[2].headers == ("", "Alpha", "Beta")
    assert [cell.text for cell in rows[3].cells] == ["Power", "300 W", "450 W"]


def test_spaces_before_a_pipe_make_one_boundary() -> None:
    rows = find_text_tables(
        ["Part     | Memory   | Power", "Alpha    | 16 GB    | 300 W", "Beta     | 32 GB    | 450 W"]
    )
    assert [cell.text for cell in rows[1].cells] == ["Alpha", "16 GB", "300 W"]
