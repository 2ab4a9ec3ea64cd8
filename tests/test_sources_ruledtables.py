"""Pipe tables printed by SQL clients and CLI tools: a rule of dashes with joints under the header."""

from __future__ import annotations

import pathlib

from factlint.models import BlockKind
from factlint.sources import load_document
from factlint.sources.ruledtables import find_ruled_tables, is_rule

_PSQL = [
    "select * from boards;",
    " board      | memory  | tdp",
    "------------+---------+-------",
    " Larkspur 2 | 48 GB   | 275 W",
    " Larkspur 3 | 96 GB   | 410 W",
    "            | (HBM3)  |",
    "(3 rows)",
]

_MYSQL = [
    "+------------+--------+",
    "| board      | lanes  |",
    "+------------+--------+",
    "| Larkspur 2 | 16     |",
    "+------------+--------+",
    "| Larkspur 3 | 32     |",
    "+------------+--------+",
    "2 rows in set (0.01 sec)",
]


def test_a_psql_table_gives_each_row_its_headers() -> None:
    rows = find_ruled_tables(_PSQL)
    assert sorted(rows) == [1, 3, 4, 5]
    assert rows[1].is_header and rows[3].headers == ("board", "memory", "tdp")
    assert [cell.text for cell in rows[4].cells] == ["Larkspur 3", "96 GB", "410 W"]
    assert _PSQL[3][rows[3].cells[1].column - 1 :].startswith("48 GB")


def test_a_wrapped_row_with_an_empty_first_cell_stays_a_row() -> None:
    rows = find_ruled_tables(_PSQL)
    assert [cell.text for cell in rows[5].cells] == ["", "(HBM3)", ""]


def test_cells_are_split_at_the_pipes_not_at_fixed_columns() -> None:
    lines = [
        "name | spec       | note",
        "-----+------------+------",
        "Kite | 2 x 400 Gbps (800 Gbps in all) | ok",
        "Wren | 24 GB      | ok",
    ]
    rows = find_ruled_tables(lines)
    assert [cell.text for cell in rows[2].cells] == ["Kite", "2 x 400 Gbps (800 Gbps in all)", "ok"]
    assert rows[3].headers == ("name", "spec", "note")


def test_a_mysql_table_skips_its_borders() -> None:
    rows = find_ruled_tables(_MYSQL)
    assert sorted(rows) == [1, 3, 5]
    assert rows[5].headers == ("board", "lanes")
    assert [cell.text for cell in rows[5].cells] == ["Larkspur 3", "32"]


def test_a_rule_without_joints_or_with_other_widths_makes_no_table() -> None:
    # prose with a pipe over a line of dashes: no joints, no table
    assert find_ruled_tables(["Specs | Larkspur 2 has 48 GB", "-------------------", "a | b"]) == {}
    # two names over a rule of three segments
    assert find_ruled_tables(["board | memory", "-----+-----+-----", "Kite | 24 GB"]) == {}
    # a header of figures is no header
    assert find_ruled_tables(["48 GB | 96 GB", "------+------", "a | b"]) == {}


def test_is_rule_needs_a_joint() -> None:
    assert is_rule("-----+-----+-----")
    assert is_rule("+----+----+")
    assert is_rule("|:---|---:|")
    assert not is_rule("-----------")
    assert not is_rule("a | b")


def test_a_plain_text_psql_table_becomes_table_rows(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "query.txt"
    path.write_text("\n".join(_PSQL) + "\n", encoding="utf-8")
    blocks = load_document(path, "query.txt").blocks
    rows = [block for block in blocks if block.kind is BlockKind.TABLE_ROW]
    assert [block.line for block in rows] == [4, 5, 6]
    assert rows[0].table_headers == ("board", "memory", "tdp")
    assert not any(block.text.startswith("---") for block in blocks)


def test_a_markdown_paragraph_and_an_output_fence_hold_ruled_tables(tmp_path: pathlib.Path) -> None:
    fence = ["```text", *_MYSQL[:5], "```"]
    text = "\n".join(["# Boards", "", "Query output:", "", *_PSQL[1:], "", *fence, "", "Words after."])
    path = tmp_path / "boards.md"
    path.write_text(text + "\n", encoding="utf-8")
    blocks = load_document(path, "boards.md").blocks
    rows = [block for block in blocks if block.kind is BlockKind.TABLE_ROW]
    assert [block.line for block in rows] == [7, 8, 9, 16]
    assert rows[0].table_headers == ("board", "memory", "tdp")
    assert rows[3].table_headers == ("board", "lanes")
    assert not any("---" in block.text for block in blocks)
