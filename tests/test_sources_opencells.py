"""Rows of space-typed plain-text tables that leave a cell blank."""

from __future__ import annotations

from factlint.sources.columns import find_text_tables


def _cells(rows, index):
    return [cell.text for cell in rows[index].cells]


def test_a_row_with_a_blank_last_cell_stays_in_its_table() -> None:
    lines = [
        "PART                      PRICE (EUR)   REMARK",
        "Vela-2 board              4,250         bulk order only",
        "Cooling kit               310",
        "Vela-4 board              7,900         incl. riser",
    ]
    rows = find_text_tables(lines)
    assert sorted(rows) == [0, 1, 2, 3]
    assert not rows[2].is_header
    assert _cells(rows, 2) == ["Cooling kit", "310", ""]
    assert rows[2].headers == ("PART", "PRICE (EUR)", "REMARK")


def test_a_blank_middle_cell_keeps_the_later_cells_in_their_columns() -> None:
    lines = [
        "Card       Memory    Power",
        "Orion X    48 GB     350 W",
        "Orion S              150 W",
    ]
    rows = find_text_tables(lines)
    assert _cells(rows, 2) == ["Orion S", "", "150 W"]


def test_a_last_row_with_a_blank_cell_is_still_a_row() -> None:
    lines = [
        "Model      Street price   Source",
        "Rigel 8    $2,100         reseller",
        "Rigel 16   $3,900",
    ]
    rows = find_text_tables(lines)
    assert _cells(rows, 2) == ["Rigel 16", "$3,900", ""]


def test_pieces_that_do_not_line_up_end_the_table() -> None:
    lines = [
        "Card       Memory    Power",
        "Orion X    48 GB     350 W",
        "Orion S    32 GB     150 W",
        "Note:  see the vendor page",
    ]
    rows = find_text_tables(lines)
    assert sorted(rows) == [0, 1, 2]


def test_a_key_and_its_value_under_a_table_is_no_row() -> None:
    lines = [
        "Card       Memory    Power",
        "Orion X    48 GB     350 W",
        "Updated:   2026-02-01",
    ]
    rows = find_text_tables(lines)
    assert 2 not in rows


def test_tab_separated_rows_are_not_widened() -> None:
    lines = ["Card\tMemory\tPower", "Orion X\t48 GB\t350 W", "Orion S\t32 GB"]
    rows = find_text_tables(lines)
    assert 2 not in rows or _cells(rows, 2) == ["Orion S", "32 GB"]


def test_a_legend_under_the_rows_runs_across_columns_and_is_no_row() -> None:
    lines = [
        " Board       Memory   Power (W)   Bandwidth   Launched",
        " Kestrel     24       300e        1.2         2024",
        " Osprey      48*      450         2.4         2025",
        " * per board   e = our estimate   n/a = none",
    ]
    rows = find_text_tables(lines)
    assert sorted(rows) == [0, 1, 2]
    assert _cells(rows, 2) == ["Osprey", "48*", "450", "2.4", "2025"]
