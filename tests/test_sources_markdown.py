"""Markdown segmentation: block kinds, context, labels, tables and exact positions."""

from __future__ import annotations

import pathlib

import pytest

from factlint.models import BlockKind, Cell, Document
from factlint.sources import load_document

FIXTURES = pathlib.Path(__file__).parent / "fixtures" / "sources"


def _load(name: str) -> Document:
    return load_document(FIXTURES / name, name)


def _assert_positions(document: Document, path: pathlib.Path) -> None:
    lines = path.read_text(encoding="utf-8").split("\n")
    for block in document.blocks:
        for offset, char in enumerate(block.text):
            if char == "\n":
                continue
            line, column = block.position(offset)
            assert lines[line - 1][column - 1] == char, (block, offset)


def test_spec_sheet_front_matter_and_title() -> None:
    document = _load("spec_sheet.md")
    assert document.format == "markdown"
    assert document.error is None
    assert document.title == "Nimbus X1 accelerator"
    assert document.aliases == ("Nimbus", "NX1")
    assert document.tags == ("accelerator", "datasheet")
    assert len(document.sha256) == 64


def test_table_rows_carry_headers_cells_and_columns() -> None:
    rows = [block for block in _load("spec_sheet.md").blocks if block.kind is BlockKind.TABLE_ROW]
    assert [row.line for row in rows] == [17, 18, 19, 27]
    first = rows[0]
    assert first.text == "| HBM capacity | 64 GB | **128 GB** |"
    assert first.column == 1
    assert first.table_headers == ("Spec", "Nimbus X1", "Nimbus X2")
    assert first.cells == (Cell("HBM capacity", 3), Cell("64 GB", 18), Cell("**128 GB**", 26))
    assert first.headings == ("Nimbus X1", "Key figures")
    assert rows[1].cells[0] == Cell("Bandwidth", 4)
    assert rows[2].cells[1].text == r"5 nm \| 4 nm"  # an escaped pipe does not split a cell
    assert all(row.sentences == () for row in rows)


def test_table_after_labelled_paragraph_inherits_label() -> None:
    blocks = _load("spec_sheet.md").blocks
    rack_row = next(block for block in blocks if block.kind is BlockKind.TABLE_ROW and block.line == 27)
    assert rack_row.label == "Nimbus Rack"
    assert rack_row.headings == ("Nimbus X1", "Key figures", "Servers")
    after = blocks[-1]
    assert after.text == "Plain paragraph after the table." and after.label is None


def test_headings_nest_and_reset() -> None:
    headings = [block for block in _load("spec_sheet.md").blocks if block.kind is BlockKind.HEADING]
    assert [(h.text, h.line, h.column, h.headings) for h in headings] == [
        ("Nimbus X1", 9, 3, ()),
        ("Key figures", 13, 4, ("Nimbus X1",)),
        ("Servers", 21, 5, ("Nimbus X1", "Key figures")),
    ]


def test_article_labels_lists_and_intros() -> None:
    blocks = _load("article.md").blocks
    by_text = {block.text: block for block in blocks}
    orion_a = by_text["**Orion A:** The first board carries 8 chips, i.e. one per slot."]
    assert orion_a.kind is BlockKind.PARAGRAPH and orion_a.label == "Orion A"
    intro = "**Orion B**: The second board is faster:"
    assert by_text[intro].label == "Orion B"
    item = by_text["16 chips per board"]
    assert (item.kind, item.line, item.column, item.label, item.list_intro) == (
        BlockKind.LIST_ITEM,
        10,
        3,
        "Orion B",
        intro,
    )
    own = by_text["**Orion B Max:** 24 chips per board"]
    assert own.label == "Orion B Max"
    nested = by_text["nested detail with 2.5 kW power"]
    assert (nested.line, nested.column, nested.label) == (12, 5, "Orion B Max")
    assert nested.list_intro == "**Orion B Max:** 24 chips per board"
    assert by_text["1.2 TB of memory"].label == "Orion B"
    numbered = by_text["first numbered item"]
    assert numbered.label is None and numbered.list_intro == "A list without a label follows this paragraph:"
    lone = by_text["a list with no paragraph before it"]
    assert lone.list_intro is None and lone.headings == ("Heading in setext style", "Later section")


def test_code_and_html_blocks_yield_nothing() -> None:
    texts = " ".join(block.text for block in _load("article.md").blocks)
    assert "42 GB" not in texts
    assert "99 GB" not in texts
    assert "not | a | table" not in texts


def test_setext_heading_is_title_and_continuation_keeps_indentation() -> None:
    document = _load("article.md")
    assert document.title == "Heading in setext style"
    paragraph = document.blocks[1]
    assert paragraph.text == (
        "Intro paragraph that spans\n  two lines with an indented continuation. It ends here."
    )
    assert paragraph.position(paragraph.text.index("two")) == (5, 3)
    assert [paragraph.text[a:b] for a, b in paragraph.sentences] == [
        "Intro paragraph that spans\n  two lines with an indented continuation.",
        "It ends here.",
    ]


def test_blockquote_paragraph_position() -> None:
    quoted = _load("article.md").blocks[-1]
    assert (quoted.kind, quoted.text, quoted.line, quoted.column) == (
        BlockKind.PARAGRAPH,
        "Quoted paragraph of 3 GB.",
        32,
        3,
    )


@pytest.mark.parametrize("name", ["spec_sheet.md", "article.md", "notes.txt"])
def test_every_character_maps_back_to_the_file(name: str) -> None:
    _assert_positions(_load(name), FIXTURES / name)


def test_txt_with_markdown_signs_is_markdown() -> None:
    document = _load("notes.txt")
    assert document.format == "markdown"
    row = next(block for block in document.blocks if block.kind is BlockKind.TABLE_ROW)
    assert row.table_headers == ("Part", "Memory")
    assert row.cells == (Cell("Orion A", 3), Cell("48 GB", 13))


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("**Orion C:** text", "Orion C"),
        ("**Orion C**: text", "Orion C"),
        ("__Orion C:__ text", "Orion C"),
        ("**Orion C** is bold, not a label", None),
        ("Orion C: not bold", None),
    ],
)
def test_bold_label_forms(tmp_path: pathlib.Path, text: str, label: str | None) -> None:
    path = tmp_path / "label.md"
    path.write_text(text + "\n", encoding="utf-8")
    (block,) = load_document(path, "label.md").blocks
    assert block.label == label


def test_heading_resets_label_for_following_list(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "reset.md"
    path.write_text("**Orion C:** intro\n\n## Other\n\n- item\n", encoding="utf-8")
    item = load_document(path, "reset.md").blocks[-1]
    assert item.kind is BlockKind.LIST_ITEM and item.label is None and item.list_intro is None


def test_single_line_boilerplate_paragraph_is_dropped(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "page.md"
    path.write_text("Skip to content\n\n# Orion\n\nOrion has 8 chips.\n\nShare this\n", encoding="utf-8")
    texts = [block.text for block in load_document(path, "page.md").blocks]
    assert texts == ["Orion", "Orion has 8 chips."]


def test_consecutive_labelled_lines_become_separate_blocks(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "labels.md"
    path.write_text("# Boards\n\n**Vega:** 8 chips\n  **Vega Max:** 16 chips\nand more.\n", encoding="utf-8")
    _, first, second = load_document(path, "labels.md").blocks
    assert (first.text, first.line, first.column, first.label) == ("**Vega:** 8 chips", 3, 1, "Vega")
    assert (second.line, second.column, second.label) == (4, 3, "Vega Max")
    assert second.text == "**Vega Max:** 16 chips\nand more."
    assert second.position(second.text.index("and")) == (5, 1)
