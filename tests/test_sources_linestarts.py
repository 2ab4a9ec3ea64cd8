"""Offsets of a text turned into the file line and column they stand at."""

from __future__ import annotations

from factlint.sources.linestarts import LineStarts


def test_offsets_map_to_their_line_and_column() -> None:
    text = "ab\ncde\n\nf"
    lines = LineStarts.of(text)
    expected = [(1, 1), (1, 2), (2, 1), (2, 2), (2, 3), (4, 1)]
    assert [lines.position(text.index(c)) for c in "abcdef"] == expected
    assert lines.position(2) == (1, 3)  # a line end belongs to its line


def test_a_text_starting_inside_a_file_counts_from_its_first_line() -> None:
    assert LineStarts.of("x\ny", first_line=10).position(2) == (11, 1)
