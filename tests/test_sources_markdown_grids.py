"""Pandoc grid tables in Markdown: wrapped cells joined, header rows above ``+===+`` joined."""

from __future__ import annotations

import pathlib

from factlint.models import Block, BlockKind
from factlint.sources import load_document
from factlint.sources.markdowngrids import grid_span

_GRID = """# Accelerator cards

Table: Figures from each maker's sheet.

+------------------+-------------+-------------+
| Product          | On-board    | Rated       |
|                  | memory      | power       |
+==================+=============+=============+
| Vela Systems     | 32 GB       | 150 W       |
| Vela-2 Lite      |             |             |
+------------------+-------------+-------------+
| Orion-4          | 64 GB HBM3  | 250-350     |
|                  |             | W           |
+------------------+-------------+-------------+

Both cards are passively cooled.
"""

_MYSQL = """+-----------+--------+
| model     | memory |
+-----------+--------+
| Vela-2    | 32 GB  |
| Orion-4   | 64 GB  |
+-----------+--------+
"""


def _rows(tmp_path: pathlib.Path, text: str) -> list[Block]:
    path = tmp_path / "cards.md"
    path.write_text(text, encoding="utf-8")
    return [block for block in load_document(path, "cards.md").blocks if block.kind is BlockKind.TABLE_ROW]


def test_wrapped_cells_are_one_value_on_the_rows_first_line(tmp_path: pathlib.Path) -> None:
    rows = _rows(tmp_path, _GRID)
    assert [row.line for row in rows] == [9, 12]
    assert [cell.text for cell in rows[0].cells] == ["Vela Systems Vela-2 Lite", "32 GB", "150 W"]
    assert [cell.text for cell in rows[1].cells] == ["Orion-4", "64 GB HBM3", "250-350 W"]
    # the header's wrapped lines are joined too
    assert rows[0].table_headers == ("Product", "On-board memory", "Rated power")


def test_text_around_the_grid_stays_prose(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "cards.md"
    path.write_text(_GRID.replace("\n\n+--", "\n+--", 1), encoding="utf-8")
    blocks = load_document(path, "cards.md").blocks
    caption = [block for block in blocks if block.kind is BlockKind.PARAGRAPH and "Table:" in block.text]
    assert caption and "+--" not in caption[0].text
    assert not any("+==" in block.text or "+--" in block.text for block in blocks)


def test_a_client_table_without_row_borders_keeps_one_row_per_line(tmp_path: pathlib.Path) -> None:
    # mysql draws the same borders but no border between rows and no "+===+": not a grid table
    assert grid_span(_MYSQL.splitlines(), 0, 6) == 0
    rows = _rows(tmp_path, _MYSQL)
    assert [row.line for row in rows] == [4, 5]
    assert [cell.text for cell in rows[1].cells] == ["Orion-4", "64 GB"]


def test_alignment_colons_in_a_border_are_a_border() -> None:
    lines = [
        "+-------+-------+",
        "| a     | b     |",
        "+:======+======:+",
        "| 1 GB  | 2 W   |",
        "+-------+-------+",
    ]
    assert grid_span(lines, 0, len(lines)) == 5
