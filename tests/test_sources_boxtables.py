"""Tables drawn with box-drawing characters, in plain text and in Markdown paragraphs."""

from __future__ import annotations

import pathlib

from factlint.models import BlockKind
from factlint.sources import load_document
from factlint.sources.boxtables import find_box_tables

_BOX = [
    "Card comparison",
    "  ┌──────────────┬────────────┬────────────┐",
    "  │ Spec         │ Vela-2     │ Orion-4    │",
    "  ├──────────────┼────────────┼────────────┤",
    "  │ Memory       │ 32 GB      │ 64 GB      │",
    "  │ Board power  │ 150 W      │ 300 W      │",
    "  └──────────────┴────────────┴────────────┘",
    "Both cards are passively cooled.",
]


def test_the_first_bar_row_is_the_header_and_borders_are_skipped() -> None:
    rows = find_box_tables(_BOX)
    assert sorted(rows) == [2, 4, 5]
    assert rows[2].is_header and rows[4].headers == ("Spec", "Vela-2", "Orion-4")
    assert [cell.text for cell in rows[5].cells] == ["Board power", "150 W", "300 W"]
    # each cell keeps its 1-based column in the line
    assert [cell.column for cell in rows[4].cells] == [5, 20, 33]
    assert _BOX[4][rows[4].cells[1].column - 1 :].startswith("32 GB")


def test_rows_of_unequal_width_are_no_table() -> None:
    lines = ["│ a │ b │", "│ c │ d │ e │"]
    assert find_box_tables(lines) == {}


def _blocks(tmp_path: pathlib.Path, name: str, text: str):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return load_document(path, name).blocks


def test_a_plain_text_box_becomes_table_rows(tmp_path: pathlib.Path) -> None:
    blocks = _blocks(tmp_path, "notice.txt", "\n".join(_BOX) + "\n")
    rows = [block for block in blocks if block.kind is BlockKind.TABLE_ROW]
    assert [block.line for block in rows] == [5, 6]
    assert rows[0].table_headers == ("Spec", "Vela-2", "Orion-4")
    assert not any("┌" in block.text or "├" in block.text for block in blocks)


def test_a_box_in_a_markdown_paragraph_becomes_table_rows(tmp_path: pathlib.Path) -> None:
    text = "# Cards\n\n" + "\n".join(_BOX) + "\n\n| Plan | Price |\n|---|---|\n| A | $1 |\n"
    blocks = _blocks(tmp_path, "notice.md", text)
    rows = [block for block in blocks if block.kind is BlockKind.TABLE_ROW and block.line < 12]
    assert [block.line for block in rows] == [7, 8]
    assert [cell.text for cell in rows[1].cells] == ["Board power", "150 W", "300 W"]
    assert not any("┌" in block.text or "└" in block.text for block in blocks)
