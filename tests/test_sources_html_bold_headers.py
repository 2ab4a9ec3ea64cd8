"""HTML tables whose header row is written as bold ``<td>`` cells (filings, e-mail, Word export)."""

from __future__ import annotations

import textwrap

import pytest

from factlint.models import Block
from factlint.sources.html import parse_html


def _rows(html: str) -> list[Block]:
    blocks, _ = parse_html(textwrap.dedent(html).strip("\n").split("\n"))
    return blocks


@pytest.mark.parametrize(
    "head",
    [
        '<tr><td style="font-weight: bold">Board</td><td style="FONT-WEIGHT:700">Memory (GB)</td></tr>',
        "<tr><td><b>Board</b></td><td><p><strong><span>Memory (GB)</span></strong></p></td></tr>",
        '<tr style="font-weight:bold"><td>Board</td><td>Memory (GB)</td></tr>',
        '<tr><td></td><td><font face="Arial"><b>Board</b></font></td><td><b>Memory (GB)</b></td></tr>',
    ],
    ids=["styled-td", "b-and-strong", "bold-tr", "empty-corner"],
)
def test_a_first_row_of_bold_cells_heads_the_columns(head: str) -> None:
    corner = "<td>1</td>" if "<td></td>" in head else ""
    blocks = _rows(
        f"<table>{head}\n<tr>{corner}<td>Arden 2</td><td>96</td></tr>\n"
        f"<tr>{corner}<td>Arden 3</td><td>128</td></tr></table>"
    )
    assert len(blocks) == 2
    assert blocks[0].table_headers[-2:] == ("Board", "Memory (GB)")


@pytest.mark.parametrize(
    "table",
    [
        # Only the row label is bold: a key/value row, not a header.
        "<tr><td><b>Memory</b></td><td>96 GB</td></tr><tr><td><b>Power</b></td><td>450 W</td></tr>",
        # Part of a cell is bold: emphasis inside a value.
        "<tr><td><b>Arden 2</b> (new)</td><td><b>96 GB</b></td></tr><tr><td>Arden 1</td><td>48 GB</td></tr>",
        # Every row is bold: emphasis of the whole table, no header.
        '<tr style="font-weight:bold"><td>Arden 2</td><td>96 GB</td></tr>'
        '<tr style="font-weight:bold"><td>Arden 1</td><td>48 GB</td></tr>',
        # A bold row whose cell takes the weight back.
        '<tr style="font-weight:bold"><td style="font-weight:normal">Arden 2</td><td>96 GB</td></tr>'
        "<tr><td>Arden 1</td><td>48 GB</td></tr>",
    ],
    ids=["bold-row-labels", "partly-bold", "all-bold", "weight-reset"],
)
def test_rows_that_are_not_all_bold_are_no_header(table: str) -> None:
    blocks = _rows(f"<table>{table}</table>")
    assert [block.table_headers for block in blocks] == [(), ()]


def test_th_rows_still_come_first_and_a_thead_wins() -> None:
    blocks = _rows(
        "<table><thead><tr><td>Board</td><td>Memory</td></tr></thead>"
        "<tr><td><b>Arden 2</b></td><td><b>96 GB</b></td></tr><tr><td>Arden 1</td><td>48 GB</td></tr></table>"
    )
    assert [block.table_headers for block in blocks] == [("Board", "Memory")] * 2
