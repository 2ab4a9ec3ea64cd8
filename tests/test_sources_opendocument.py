"""OpenDocument files (flat .fodt/.fods/.fodp, zipped packages): blocks, header units, struck text, lines."""

from __future__ import annotations

import pathlib
import zipfile

import pytest

from factlint.models import Block, BlockKind
from factlint.sources import load_document
from factlint.sources.opendocument import is_opendocument, read_opendocument
from tests.damaged_zip import write_damaged
from tests.sourcefiles import load_blocks, position_of

_FIXTURES = pathlib.Path(__file__).parent / "fixtures" / "sources" / "opendocument"
# A memo with a header row, struck styles, a footnote and a comment; a sheet; a slide.
_REPORT = (_FIXTURES / "survey.fodt").read_text(encoding="utf-8")
_SHEET = (_FIXTURES / "quotes.fods").read_text(encoding="utf-8")
_SLIDES = (_FIXTURES / "deck.fodp").read_text(encoding="utf-8")


def _load(tmp_path: pathlib.Path, text: str, name: str) -> tuple[Block, ...]:
    return load_blocks(tmp_path, text, name, "opendocument")


def _texts(blocks: tuple[Block, ...]) -> list[str]:
    return [" ".join(block.text.split()) for block in blocks]


def test_text_document_reads_headings_paragraphs_lists_and_notes(tmp_path: pathlib.Path) -> None:
    blocks = _load(tmp_path, _REPORT, "survey.fodt")
    texts = _texts(blocks)
    assert blocks[0].kind is BlockKind.HEADING and texts[0] == "Cards on the bench"
    card = next(block for block in blocks if "W7800" in block.text)
    assert "32 GB of GDDR6" in " ".join(card.text.split()) and "Per the vendor" not in card.text
    assert "260 W" in card.text and card.headings == ("Cards on the bench",)
    assert card.position(card.text.index("260 W")) == position_of(_REPORT, "260 W")
    assert "Per the vendor page." in texts  # the footnote body: a paragraph after its own
    assert any(block.kind is BlockKind.LIST_ITEM and "24 GB" in block.text for block in blocks)


def test_meta_styles_and_comments_are_no_text(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "survey.fodt"
    path.write_text(_REPORT, encoding="utf-8")
    document = load_document(path, "survey.fodt")
    assert document.title == "Lab card survey"
    joined = " ".join(_texts(document.blocks))
    assert "311" not in joined and "12" not in joined.split() and "14pt" not in joined
    assert "300 W figure" not in joined  # a comment (office:annotation)


def test_line_through_styles_strike_text_also_by_inheritance(tmp_path: pathlib.Path) -> None:
    blocks = _load(tmp_path, _REPORT, "survey.fodt")
    price = next(block for block in blocks if block.text.startswith("Street price"))
    assert "2,999" not in price.text  # T7 inherits the line-through of "Old"
    assert "kept at 2,499" in price.text  # "none" draws no line
    row = next(block for block in blocks if block.kind is BlockKind.TABLE_ROW and "W6800" in block.text)
    assert [cell.text for cell in row.cells] == ["W6800", "32", "250"]


def test_header_rows_give_units_and_cells_keep_their_lines(tmp_path: pathlib.Path) -> None:
    blocks = _load(tmp_path, _REPORT, "survey.fodt")
    rows = [block for block in blocks if block.kind is BlockKind.TABLE_ROW]
    assert rows[0].table_headers == ("Card", "VRAM (GB)", "Board power (W)")
    assert [cell.text for cell in rows[0].cells] == ["A4000", "16", "140"]
    assert rows[0].position(rows[0].text.index("140")) == position_of(_REPORT, "140</text:p>")


def test_spreadsheet_first_text_row_heads_numbers_and_repeats_are_dropped(tmp_path: pathlib.Path) -> None:
    blocks = _load(tmp_path, _SHEET, "quotes.fods")
    rows = [block for block in blocks if block.kind is BlockKind.TABLE_ROW]
    assert len(rows) == 1
    assert rows[0].table_headers == ("Model", "Memory (GiB)", "List price (USD)")
    # the cell's text, not its office:value attribute
    assert [cell.text for cell in rows[0].cells] == ["RTX 5000 Ada", "32", "$4,000.00"]
    assert rows[0].headings == ("Quotes",)  # the sheet's name


def test_presentation_frames_are_paragraphs(tmp_path: pathlib.Path) -> None:
    blocks = _load(tmp_path, _SLIDES, "deck.fodp")
    assert _texts(blocks) == ["The Arc Pro B60 carries 24 GB of GDDR6."]


def test_zipped_package_reads_its_content_xml(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "quotes.ods"
    content = _SHEET.replace("office:document ", "office:document-content ").replace(
        "</office:document>", "</office:document-content>"
    )
    with zipfile.ZipFile(path, "w") as package:
        package.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        package.writestr("content.xml", content)
    document = load_document(path, "quotes.ods")
    assert document.error is None
    row = next(block for block in document.blocks if block.kind is BlockKind.TABLE_ROW)
    assert row.line == position_of(content, "RTX 5000 Ada")[0]


def test_zipped_package_strikes_text_in_a_style_of_its_styles_xml(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "survey.odt"
    start, end = _REPORT.index(" <office:styles>"), _REPORT.index(" <office:automatic-styles>")
    content = _REPORT[:start] + _REPORT[end:]  # the named styles move to styles.xml
    styles = _REPORT[:start] + _REPORT[start:end] + "</office:document>\n"
    with zipfile.ZipFile(path, "w") as package:
        package.writestr("content.xml", content)
        package.writestr("styles.xml", styles)
    document = load_document(path, "survey.odt")
    price = next(block for block in document.blocks if block.text.startswith("Street price"))
    assert "2,999" not in price.text and "2,499" in price.text


def test_a_broken_package_is_an_error_entry(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "broken.odt"
    path.write_bytes(b"not a zip at all")
    document = load_document(path, "broken.odt")
    assert document.error is not None and "OpenDocument" in document.error


def test_malformed_flat_file_is_read_as_plain_text(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "cut.fodt"
    path.write_text(_REPORT[: _REPORT.index("<table:table ")], encoding="utf-8")
    document = load_document(path, "cut.fodt")
    assert document.format == "text" and document.problems


def test_malformed_text_names_its_line() -> None:
    assert read_opendocument("<office:document>\n<text:p>\n").error is not None


@pytest.mark.parametrize(
    ("text", "suffix", "expected"),
    [
        (_REPORT, ".fodt", True),
        (_REPORT, ".xml", True),
        ("<?xml version='1.0'?><rss><channel/></rss>", ".xml", False),
        ("plain words", ".fods", True),
    ],
)
def test_detected_by_suffix_or_office_root(text: str, suffix: str, expected: bool) -> None:
    assert is_opendocument(text, suffix) is expected


@pytest.mark.parametrize("damage", ["deflate", "encrypted"])
def test_a_package_with_a_damaged_member_is_an_error_entry(tmp_path: pathlib.Path, damage: str) -> None:
    path = tmp_path / "damaged.odt"
    body = '<office:document-content xmlns:office="urn:o" xmlns:text="urn:t"><office:body>'
    body += "<text:p>The Lumo lamp gives 800 lumens.</text:p>" * 40
    write_damaged(path, {"content.xml": body + "</office:body></office:document-content>"}, damage)
    document = load_document(path, "damaged.odt")
    assert document.error is not None and document.error.startswith("not a readable OpenDocument package")


def test_elements_nested_too_deep_are_a_problem_naming_their_line(tmp_path: pathlib.Path) -> None:
    depth = 400
    text = '<office:document xmlns:office="urn:o" xmlns:text="urn:t">\n<office:body>\n'
    text += "<text:section>" * depth + "\n<text:p>The Vela kettle boils 1.7 L.</text:p>"
    text += "</text:section>" * depth + "\n<text:p>Shallow: 2 kW.</text:p></office:body></office:document>"
    path = tmp_path / "deep.fodt"
    path.write_text(text, encoding="utf-8")
    document = load_document(path, "deep.fodt")
    assert document.error is None and document.blocks[-1].text == "Shallow: 2 kW."
    assert document.problems == ("line 3: elements nested deeper than 160 levels are not read",)
