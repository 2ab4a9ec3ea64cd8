"""Anki plain-text exports read note by note, the front heading the back (sources/anki.py). Our own decks."""

from __future__ import annotations

import pathlib

from factlint.models import BlockKind
from factlint.sources.anki import anki_header, is_anki_export
from tests.source_text import load_text

HEADER = "#separator:tab\n#html:true\n#guid column:1\n#notetype column:2\n#deck column:3\n#tags column:6\n"
DECK = (
    HEADER
    + "k3P!x9\tBasic\tEE4410::GPUs\t<b>L40S</b>: memory?\t48 GB GDDR6<br><i>checked 2026-03</i>\tada\n"
    + 'r2Q"w1\tCloze\tEE4410::GPUs\tThe {{c1::MI210}} has {{c2::64 GB::size}} of HBM2e.\t\tcdna2\n'
    + 'z8T&y4\tBasic\tEE4410::Admin\tQuiz dates\t"Week 3, room 1.12.\nWeek 7, room ""B""."\tadmin\n'
)


def test_the_header_declares_separator_html_and_bookkeeping_columns() -> None:
    lines = tuple(DECK.splitlines())
    header = anki_header(lines, ".txt")
    assert header is not None
    assert (header.delimiter, header.html, header.metadata, header.first) == ("\t", True, {0, 1, 2, 5}, 6)
    semicolon = anki_header(("#separator:Semicolon", "#html:false", "a;b"), ".csv")
    assert semicolon is not None and (semicolon.delimiter, semicolon.html) == (";", False)
    pipe = anki_header(("#separator:|", "#columns:Front|Back", "a|b"), "")
    assert pipe is not None and pipe.delimiter == "|"


def test_other_files_are_no_export() -> None:
    assert not is_anki_export(("#separator:tab", "The L40S has 48 GB."), ".txt")  # one line only
    assert not is_anki_export(("#separator:tab", "#colour:red", "a\tb"), ".txt")  # unknown name
    assert not is_anki_export(("# Notes", "#html:true", "a\tb"), ".txt")  # a heading, no header
    assert not is_anki_export(tuple(DECK.splitlines()), ".md")
    assert not is_anki_export(("Front\tBack", "#separator:tab", "#html:true"), ".txt")  # not at the top


def test_a_note_is_its_front_as_heading_and_its_back_under_it(tmp_path: pathlib.Path) -> None:
    document = load_text(tmp_path, "deck.txt", DECK)
    assert document.format == "anki"  # notes are siblings: no plain-text section carried between them
    kinds = [(block.kind, block.text, block.headings) for block in document.blocks]
    assert kinds == [
        (BlockKind.HEADING, "L40S: memory?", ()),
        (BlockKind.PARAGRAPH, "48 GB GDDR6\nchecked 2026-03", ("L40S: memory?",)),
        (BlockKind.HEADING, "The MI210 has 64 GB of HBM2e.", ()),
        (BlockKind.HEADING, "Quiz dates", ()),
        (BlockKind.PARAGRAPH, 'Week 3, room 1.12.\nWeek 7, room "B".', ("Quiz dates",)),
    ]


def test_text_is_placed_where_it_stands_in_the_file(tmp_path: pathlib.Path) -> None:
    document = load_text(tmp_path, "deck.txt", DECK)
    lines = DECK.splitlines()
    memory = document.blocks[1]
    assert memory.position(0) == (7, lines[6].index("48 GB") + 1)
    cloze = document.blocks[2]
    assert cloze.position(cloze.text.index("64 GB")) == (8, lines[7].index("64 GB") + 1)
    assert cloze.position(cloze.text.index("HBM2e")) == (8, lines[7].index("HBM2e") + 1)
    quiz = document.blocks[4]
    assert quiz.position(quiz.text.index("Week 7")) == (10, 1)
    assert quiz.position(quiz.text.index("B")) == (10, lines[9].index("B") + 1)
