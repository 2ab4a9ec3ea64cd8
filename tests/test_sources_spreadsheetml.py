"""Excel 2003 XML Spreadsheets (SpreadsheetML workbooks): sheets, header cells, placed cells, lines."""

from __future__ import annotations

import pathlib

import pytest

from factlint.models import Block, BlockKind
from factlint.sources import load_document
from factlint.sources.spreadsheetml import is_spreadsheetml, read_spreadsheetml
from tests.sourcefiles import load_blocks, position_of

_FIXTURES = pathlib.Path(__file__).parent / "fixtures" / "sources" / "spreadsheetml"
# Two sheets: a bold header row, an ss:Index gap, a comment, struck rich text, a hidden row, dates,
# merged cells across and down.
_BOOK = (_FIXTURES / "lab-boards.xml").read_text(encoding="utf-8")


def _load(tmp_path: pathlib.Path, text: str, name: str) -> tuple[Block, ...]:
    return load_blocks(tmp_path, text, name, "spreadsheetml")


def _rows(blocks: tuple[Block, ...]) -> list[Block]:
    return [block for block in blocks if block.kind is BlockKind.TABLE_ROW]


def test_sheets_are_sections_and_the_title_comes_from_the_properties(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "lab-boards.xml"
    path.write_text(_BOOK, encoding="utf-8")
    document = load_document(path, "lab-boards.xml")
    assert document.title == "Lab board inventory"
    headings = [block.text for block in document.blocks if block.kind is BlockKind.HEADING]
    assert headings == ["Boards", "Racks"]
    joined = " ".join(block.text for block in document.blocks)
    assert "R. Lindqvist" not in joined and "12.00" not in joined and "R1C1" not in joined


def test_header_row_heads_cells_placed_by_their_index(tmp_path: pathlib.Path) -> None:
    rows = _rows(_load(tmp_path, _BOOK, "lab-boards.xml"))
    first = rows[0]
    assert first.table_headers == ("Board", "Slot", "HBM (GB)", "Board power (W)", "Paid (USD)", "Arrived")
    assert [cell.text for cell in first.cells][:4] == ["H100 PCIe", "", "80", "350"]
    assert first.headings == ("Boards",)
    assert first.position(first.text.index("350")) == position_of(_BOOK, "350<")


def test_struck_rich_text_hidden_rows_and_midnight_dates(tmp_path: pathlib.Path) -> None:
    rows = _rows(_load(tmp_path, _BOOK, "lab-boards.xml"))
    first = rows[0]
    assert "31,000" not in first.text and "28,500" in first.text
    assert first.cells[-1].text == "2025-11-03"  # a date-time at midnight is its date
    assert not any("A100" in row.text for row in rows)  # a hidden row is not shown
    merged = next(row for row in rows if "MI300X" in row.text)
    assert [cell.text for cell in merged.cells][2] == "192"  # under "HBM (GB)" after the merged cell
    assert "14:30" in merged.text


def test_a_comment_is_a_paragraph_after_its_table(tmp_path: pathlib.Path) -> None:
    blocks = _load(tmp_path, _BOOK, "lab-boards.xml")
    note = next(block for block in blocks if "Earlier sheet" in block.text)
    assert note.kind is BlockKind.PARAGRAPH and note.headings == ("Boards",)
    boards = [row for row in _rows(blocks) if row.headings == ("Boards",)]
    assert blocks.index(note) == blocks.index(boards[-1]) + 1
    assert not any("Earlier sheet" in row.text for row in _rows(blocks))


def test_rows_merged_down_keep_later_cells_under_their_headers(tmp_path: pathlib.Path) -> None:
    rows = [row for row in _rows(_load(tmp_path, _BOOK, "lab-boards.xml")) if row.headings == ("Racks",)]
    assert [row.table_headers for row in rows] == [("Rack", "Feed (kW)")] * 2
    assert rows[1].cells[-1].text == "11"


def test_an_xls_suffix_and_a_malformed_workbook(tmp_path: pathlib.Path) -> None:
    assert _rows(_load(tmp_path, _BOOK, "lab-boards.xls"))
    path = tmp_path / "cut.xml"
    path.write_text(_BOOK[: _BOOK.index("<ss:Table>")], encoding="utf-8")
    document = load_document(path, "cut.xml")
    assert document.format == "text" and document.problems
    assert read_spreadsheetml("<Workbook>\n<Worksheet>\n").error is not None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('<?xml version="1.0"?>\n<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet">', True),
        ('<?xml version="1.0"?>\n<?mso-application progid="Excel.Sheet"?>\n<Workbook>', True),
        # look-alikes: a workbook of another program, a page quoting the namespace, a feed
        ("<Workbook xmlns='urn:example:books'><Sheet/></Workbook>", False),
        ("<html><p>urn:schemas-microsoft-com:office:spreadsheet Workbook</p></html>", False),
        ('<?xml version="1.0"?>\n<rss><channel><title>Workbook</title></channel></rss>', False),
    ],
)
def test_detection_by_root_and_namespace_or_program(text: str, expected: bool) -> None:
    assert is_spreadsheetml(text) is expected


def test_a_title_row_over_the_header_is_a_paragraph(tmp_path: pathlib.Path) -> None:
    book = (
        '<?xml version="1.0"?>\n'
        '<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet"'
        ' xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet">\n'
        ' <Worksheet ss:Name="Quotes"><Table>\n'
        '  <Row><Cell ss:MergeAcross="2"><Data ss:Type="String">Spring quotes, all prices net</Data>'
        "</Cell></Row>\n"
        '  <Row><Cell><Data ss:Type="String">Card</Data></Cell>'
        '<Cell><Data ss:Type="String">Memory (GB)</Data></Cell>'
        '<Cell><Data ss:Type="String">Price (USD)</Data></Cell></Row>\n'
        '  <Row><Cell><Data ss:Type="String">L4</Data></Cell><Cell><Data ss:Type="Number">24</Data></Cell>'
        '<Cell><Data ss:Type="Number">2500</Data></Cell></Row>\n'
        '  <Row><Cell><Data ss:Type="String">Seen at the fair</Data></Cell></Row>\n'
        " </Table></Worksheet>\n"
        "</Workbook>\n"
    )
    blocks = _load(tmp_path, book, "quotes.xml")
    assert blocks[1].kind is BlockKind.PARAGRAPH and blocks[1].text == "Spring quotes, all prices net"
    rows = _rows(blocks)
    assert rows[0].table_headers == ("Card", "Memory (GB)", "Price (USD)")
    assert [cell.text for cell in rows[0].cells] == ["L4", "24", "2500"]
    # look-alike: a lone cell below the header is a row of the table, not a title
    assert rows[-1].text.startswith("Seen at the fair")
