"""Glyph-marked list items ("○ ...", "① ...", "(2) ...") and "※" notes in Markdown and plain text."""

from __future__ import annotations

import pathlib

from factlint.models import Block
from factlint.sources import load_document
from factlint.sources.listmarks import glyph_parts


def _blocks_of(tmp_path: pathlib.Path, name: str, text: str) -> list[Block]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return list(load_document(path, name).blocks)


def _shape(blocks: list[Block]) -> list[tuple[str, int, int, str]]:
    return [(block.kind.name, block.line, block.column, block.text) for block in blocks]


GLYPH_LIST = (
    "# Plans\n"
    "\n"
    "Rental plans:\n"
    "  ○ QX-1  : Acme Z1 one card\n"
    "  ◆ QX-2 : two cards,\n"
    "    wrapped onto a second line\n"
    "  ① third\n"
    "  (4) fourth\n"
    "  가. fifth\n"
    "  ※ A note on the plans.\n"
)


def test_glyph_lines_in_a_markdown_paragraph_are_items(tmp_path: pathlib.Path) -> None:
    blocks = _blocks_of(tmp_path, "plans.md", GLYPH_LIST)
    assert _shape(blocks[1:]) == [
        ("PARAGRAPH", 3, 1, "Rental plans:"),
        ("LIST_ITEM", 4, 5, "QX-1  : Acme Z1 one card"),
        ("LIST_ITEM", 5, 5, "QX-2 : two cards,\n    wrapped onto a second line"),
        ("LIST_ITEM", 7, 5, "third"),
        ("LIST_ITEM", 8, 7, "fourth"),
        ("LIST_ITEM", 9, 6, "fifth"),
        ("PARAGRAPH", 10, 5, "A note on the plans."),
    ]
    assert {block.list_intro for block in blocks[2:7]} == {"Rental plans:"}
    assert blocks[7].list_intro is None  # a note is no item of the list above it


def test_glyph_lines_in_plain_text_are_items(tmp_path: pathlib.Path) -> None:
    text = (
        "Rental plans:\n\n  ▶ QX-1 : Acme Z1 one card\n  ・ QX-2 : two cards\n  ① third\n"
        "  ※ A note,\n    wrapped.\n"
    )
    blocks = _blocks_of(tmp_path, "plans.txt", text)
    assert [(kind, line, text) for kind, line, _, text in _shape(blocks)][1:] == [
        ("LIST_ITEM", 3, "QX-1 : Acme Z1 one card"),
        ("LIST_ITEM", 4, "QX-2 : two cards"),
        ("LIST_ITEM", 5, "third"),
        ("PARAGRAPH", 6, "A note,\n    wrapped."),
    ]


def test_markdown_lists_and_glyphs_inside_lines_are_untouched(tmp_path: pathlib.Path) -> None:
    text = (
        "Parts:\n\n- A · B costs 2 GB\n- C → D\n\n"
        "The X1 · the X2 are\n→ not items when the arrow\nhas no space: →x\n"
    )
    blocks = _blocks_of(tmp_path, "plain.md", text)
    assert _shape(blocks)[1:3] == [
        ("LIST_ITEM", 3, 3, "A · B costs 2 GB"),
        ("LIST_ITEM", 4, 3, "C → D"),
    ]
    # A line opening with an arrow and a space starts an item; the sentence before it stays whole.
    assert [block.kind.name for block in blocks[3:]] == ["PARAGRAPH", "LIST_ITEM"]
    assert blocks[3].text == "The X1 · the X2 are"


def test_glyph_parts_without_items_is_one_part() -> None:
    parts = glyph_parts(["A sentence · with a dot", "and → an arrow inside."])
    assert [(part.start, part.end, part.item) for part in parts] == [(0, 2, False)]
