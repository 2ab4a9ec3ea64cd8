"""Pandoc's inline notes, citations and heading attributes in Markdown prose."""

from __future__ import annotations

import pathlib

from factlint.models import BlockKind
from factlint.sources import load_document
from factlint.sources.pandocinline import split_inline_notes, without_attributes


def test_an_inline_note_is_blanked_and_returned_in_place() -> None:
    text = "Rated at 75 W.^[The T4 is rated at 70 W [see @nv, p. 2].] Memory is 16 GB [@nv2019]."
    blanked, notes = split_inline_notes(text)
    assert len(blanked) == len(text)
    assert blanked.index("Memory is 16 GB") == text.index("Memory is 16 GB")
    assert "T4" not in blanked and "@" not in blanked
    [(offset, note)] = notes
    assert note == "The T4 is rated at 70 W [see @nv, p. 2]."
    assert text[offset:].startswith("The T4")


def test_a_note_over_two_lines_keeps_the_line_break() -> None:
    blanked, notes = split_inline_notes("Up to 75 W.^[Board\nonly.] Next.")
    assert blanked.count("\n") == 1 and notes == [(13, "Board\nonly.")]


def test_an_unclosed_caret_bracket_and_a_plain_link_stay() -> None:
    text = "x^[never closed, and [a link](http://e.org) and an e-mail [me@e.org]"
    assert split_inline_notes(text) == (text, [])


def test_a_closing_attribute_block_is_dropped_from_a_heading() -> None:
    assert without_attributes("Results {#sec:results .unnumbered}") == "Results"
    assert without_attributes("Errata {.unnumbered}") == "Errata"
    assert without_attributes("Sizes {in GB}") == "Sizes {in GB}"


def test_a_note_is_a_paragraph_of_its_own_at_its_place(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "notes.md"
    text = "# T4 {#sec:t4}\n\nRated at 75 W.^[The L4 is rated at 72 W.] It has 16 GB.\n"
    path.write_text(text, encoding="utf-8")
    blocks = load_document(path, "notes.md").blocks
    assert blocks[0].kind is BlockKind.HEADING and blocks[0].text == "T4"
    paragraphs = [block for block in blocks if block.kind is BlockKind.PARAGRAPH]
    assert "L4" not in paragraphs[0].text and "It has 16 GB." in paragraphs[0].text
    note = paragraphs[1]
    assert (note.text, note.line, note.column) == ("The L4 is rated at 72 W.", 3, 17)
