"""Word documents (WordprocessingML): bare document.xml, flat packages, zipped .docx; blocks, units, lines."""

from __future__ import annotations

import pathlib
import zipfile

import pytest

from factlint.models import Block, BlockKind
from factlint.sources import load_document
from factlint.sources.wordml import is_wordml, read_wordml
from tests.damaged_zip import write_damaged
from tests.sourcefiles import load_blocks, position_of

_FIXTURES = pathlib.Path(__file__).parent / "fixtures" / "sources" / "wordml"
# Runs splitting a figure, a tracked change, struck and hidden runs, a numbered and a styled list
# paragraph, a table with a merged-down first column and a cell spanning two columns.
_NOTES = (_FIXTURES / "bench-notes.document.xml").read_text(encoding="utf-8")
# A flat package: an outline-level style as heading, a struck character style, a footnote, a
# repeated header row.
_FLAT = (_FIXTURES / "flat-memo.xml").read_text(encoding="utf-8")


def _load(tmp_path: pathlib.Path, text: str, name: str) -> tuple[Block, ...]:
    return load_blocks(tmp_path, text, name, "wordml")


def test_runs_join_without_spaces_and_tracked_deletions_are_struck(tmp_path: pathlib.Path) -> None:
    blocks = _load(tmp_path, _NOTES, "bench-notes.document.xml")
    card = next(block for block in blocks if "W7600" in block.text)
    assert card.text == "The Radeon Pro W7600 brings 32 GB of GDDR6 and draws 130 W."
    assert card.headings == ("Cards on the bench",)
    assert card.position(card.text.index("130")) == position_of(_NOTES, "130</w:t>")
    assert card.position(card.text.index("32 GB")) == position_of(_NOTES, "3</w:t>")


def test_struck_hidden_runs_and_field_instructions_are_no_text(tmp_path: pathlib.Path) -> None:
    blocks = _load(tmp_path, _NOTES, "bench-notes.document.xml")
    price = next(block for block in blocks if block.text.startswith("Street price"))
    assert " ".join(price.text.split()) == "Street price 599 USD"


def test_title_paragraph_names_the_document_and_lists_are_items(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "bench-notes.document.xml"
    path.write_text(_NOTES, encoding="utf-8")
    document = load_document(path, path.name)
    assert document.title == "Workstation card shortlist"
    items = [block.text for block in document.blocks if block.kind is BlockKind.LIST_ITEM]
    assert items == ["The Arc Pro A60 carries 12 GB.", "The RTX A2000 carries 6 GB."]
    heading = next(block for block in document.blocks if block.kind is BlockKind.HEADING)
    assert heading.text == "Cards on the bench"


def test_first_text_row_heads_number_rows_and_merged_cells_span(tmp_path: pathlib.Path) -> None:
    blocks = _load(tmp_path, _NOTES, "bench-notes.document.xml")
    rows = [block for block in blocks if block.kind is BlockKind.TABLE_ROW]
    assert rows[0].table_headers == ("Card", "VRAM (GB)", "Board power (W)")
    assert [cell.text for cell in rows[0].cells] == ["RTX 2000 Ada", "16", "70"]
    assert [cell.text for cell in rows[1].cells] == ["RTX 2000 Ada", "16", "50"]  # merged down
    assert rows[1].position(rows[1].text.index("50")) == position_of(_NOTES, "50</w:t>")
    # a cell spanning two columns fills the first of them, as an HTML colspan does
    assert [cell.text for cell in rows[2].cells] == ["Radeon Pro W7500", "not published", ""]


def test_flat_package_styles_footnotes_and_repeated_header_rows(tmp_path: pathlib.Path) -> None:
    blocks = _load(tmp_path, _FLAT, "flat-memo.xml")
    assert blocks[0].kind is BlockKind.HEADING and blocks[0].text == "Accelerator quotes"
    quote = blocks[1]
    assert (
        " ".join(quote.text.split()) == "The L40S was quoted at 8,900 USD per card. Delivery takes six weeks."
    )
    assert blocks[2].text.strip() == "Quote from the reseller, valid for 30 days."  # the footnote body
    row = next(block for block in blocks if block.kind is BlockKind.TABLE_ROW)
    assert row.table_headers == ("Card", "Memory, 2025 (GB)")  # a header row that holds a year
    assert [cell.text for cell in row.cells] == ["L4", "24"]


def test_zipped_package_reads_its_document_styles_and_notes(tmp_path: pathlib.Path) -> None:
    body_start = _FLAT.index("<w:document")
    body = _FLAT[body_start : _FLAT.index("</w:document>") + len("</w:document>")]
    styles = _FLAT[_FLAT.index("<w:styles") : _FLAT.index("</w:styles>") + len("</w:styles>")]
    notes = _FLAT[_FLAT.index("<w:footnotes") : _FLAT.index("</w:footnotes>") + len("</w:footnotes>")]
    path = tmp_path / "memo.docx"
    with zipfile.ZipFile(path, "w") as package:
        package.writestr("[Content_Types].xml", "<Types/>")
        package.writestr("word/document.xml", body)
        package.writestr("word/styles.xml", styles)
        package.writestr("word/footnotes.xml", notes)
    document = load_document(path, "memo.docx")
    assert document.error is None and document.format == "wordml"
    texts = [" ".join(block.text.split()) for block in document.blocks]
    assert texts[0] == "Accelerator quotes" and document.blocks[0].kind is BlockKind.HEADING
    assert "9,800" not in texts[1] and "Quote from the reseller, valid for 30 days." in texts
    row = next(block for block in document.blocks if block.kind is BlockKind.TABLE_ROW)
    assert row.line == position_of(body, "<w:tr><w:tc><w:p><w:r><w:t>L4")[0]


def test_a_broken_package_is_an_error_entry(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "broken.docx"
    path.write_bytes(b"PK but no zip")
    document = load_document(path, "broken.docx")
    assert document.error is not None and "Word" in document.error


def test_malformed_word_xml_is_read_as_plain_text(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "cut.xml"
    path.write_text(_NOTES[: _NOTES.index("<w:tbl>")], encoding="utf-8")
    document = load_document(path, "cut.xml")
    assert document.format == "text" and document.problems
    assert read_wordml("<w:document>\n<w:p>\n").error is not None


@pytest.mark.parametrize(
    ("text", "suffix", "expected"),
    [
        (_NOTES, ".xml", True),
        (_FLAT, ".xml", True),
        (_NOTES, ".txt", False),
        ('<?xml version="1.0"?>\n<rss version="2.0"><channel/></rss>', ".xml", False),
    ],
)
def test_detection_by_namespace_and_root(text: str, suffix: str, expected: bool) -> None:
    assert is_wordml(text, suffix) is expected


@pytest.mark.parametrize("damage", ["deflate", "encrypted"])
def test_a_package_with_a_damaged_member_is_an_error_entry(tmp_path: pathlib.Path, damage: str) -> None:
    path = tmp_path / "damaged.docx"
    body = (
        '<w:document xmlns:w="urn:w"><w:body>' + "<w:p><w:r><w:t>Rack R2 draws 3 kW.</w:t></w:r></w:p>" * 40
    )
    write_damaged(path, {"word/document.xml": body + "</w:body></w:document>"}, damage)
    document = load_document(path, "damaged.docx")
    assert document.error is not None and document.error.startswith("not a readable Word package")


def test_notes_citing_themselves_or_each_other_are_read_once_without_recursing(
    tmp_path: pathlib.Path,
) -> None:
    space = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
    cite = '<w:r><w:footnoteReference w:id="{}"/></w:r>'
    body = f"<w:document {space}><w:body><w:p><w:r><w:t>The Orca pump moves 90 L/min.</w:t></w:r>"
    body += cite.format(1) + "</w:p></w:body></w:document>"
    count = 3000  # note k cites note k + 1; the last cites the first again
    notes = f"<w:footnotes {space}>" + "".join(
        f'<w:footnote w:id="{k}"><w:p><w:r><w:t>Note {k}: rated at {k} W.</w:t></w:r>'
        f"{cite.format(k % count + 1)}</w:p></w:footnote>"
        for k in range(1, count + 1)
    )
    path = tmp_path / "looped-notes.docx"
    with zipfile.ZipFile(path, "w") as package:
        package.writestr("word/document.xml", body)
        package.writestr("word/footnotes.xml", notes + "</w:footnotes>")
    document = load_document(path, "looped-notes.docx")
    assert document.error is None
    texts = [" ".join(block.text.split()) for block in document.blocks]
    assert texts[0] == "The Orca pump moves 90 L/min."
    assert texts[1:] == [f"Note {k}: rated at {k} W." for k in range(1, count + 1)]


def test_elements_nested_too_deep_are_a_problem_naming_their_line(tmp_path: pathlib.Path) -> None:
    space = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
    depth = 400
    inner = "<w:p><w:r><w:t>The Kite drone flies 38 min.</w:t></w:r></w:p>"
    text = f"<w:document {space}>\n<w:body>\n" + "<w:sdt><w:sdtContent>" * depth + "\n" + inner
    text += "</w:sdtContent></w:sdt>" * depth + "\n<w:p><w:r><w:t>Shallow: 2 rotors.</w:t></w:r></w:p>"
    path = tmp_path / "deep.docx"
    with zipfile.ZipFile(path, "w") as package:
        package.writestr("word/document.xml", text + "</w:body></w:document>")
    document = load_document(path, "deep.docx")
    assert document.error is None and [block.text for block in document.blocks] == ["Shallow: 2 rotors."]
    assert document.problems == ("line 3: elements nested deeper than 160 levels are not read",)
    shallow = tmp_path / "shallow.xml"
    shallow.write_text(_NOTES, encoding="utf-8")
    assert load_document(shallow, "shallow.xml").problems == ()
