"""Rows of space-typed spec lists: a label, then one long cell listing figures, maybe wrapped."""

from __future__ import annotations

from factlint.sources.columns import find_text_tables
from factlint.sources.listcells import is_figure_list


def _cells(rows, index):
    return [cell.text for cell in rows[index].cells]


def test_a_long_list_of_figures_is_one_cell_of_its_row() -> None:
    lines = [
        "  Orion-9      96 compute units, 64 GB HBM3, 2.4 TB/s, 450 W board",
        "  Orion-5      48 compute units, 32 GB HBM3, 1.2 TB/s",
    ]
    rows = find_text_tables(lines)
    assert sorted(rows) == [0, 1]
    assert _cells(rows, 0) == ["Orion-9", "96 compute units, 64 GB HBM3, 2.4 TB/s, 450 W board"]


def test_a_list_wrapped_under_its_column_is_the_rows_second_line() -> None:
    lines = [
        "  Orion-9      96 compute units, 64 GB HBM3, 2.4 TB/s bandwidth,",
        "               450 W board power, 80 billion transistors",
        "  Orion-5      48 compute units, 32 GB HBM3",
    ]
    rows = find_text_tables(lines)
    assert sorted(rows) == [0, 1, 2]
    assert _cells(rows, 1) == ["", "450 W board power, 80 billion transistors"]
    assert _cells(rows, 2)[0] == "Orion-5"


def test_a_line_not_under_the_list_column_is_no_second_line() -> None:
    lines = [
        "  Orion-9      96 compute units, 64 GB HBM3, 2.4 TB/s bandwidth,",
        "      450 W board power",
        "  Orion-5      48 compute units, 32 GB HBM3",
    ]
    rows = find_text_tables(lines)
    assert 1 not in rows


def test_a_sentence_is_no_list_of_figures() -> None:
    assert is_figure_list("96 compute units, 64 GB HBM3, 2.4 TB/s,")
    assert not is_figure_list("It has 96 compute units. Then 64 GB, 2.4 TB/s")
    assert not is_figure_list("fast, cheap, 64 GB")
    assert not is_figure_list("64 GB")
