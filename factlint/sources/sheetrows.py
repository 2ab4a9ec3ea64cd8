"""Rows of a spreadsheet export that hold no table: a ``sep=`` line, section titles, key/value lines.

Excel and LibreOffice save a whole sheet, and a sheet often holds several tables under
titles, with "Key:;value" lines above them (de/fr/it/es/nl/pl locales write ``;`` between
fields, since their decimal mark is the comma)::

    sep=;
    Stand:;03.03.2026;;;;
    A) Datenblattwerte;;;;;
    Produkt;Speicher (GB);TDP (W);;;

- ``sep=;`` on the first line is Excel's delimiter directive: it names the delimiter and
  is no title;
- a row whose only filled field is its first, a few words with no figure, is a section
  title ("A) Datenblattwerte", "Totals"): a heading over the rows under it, and a break
  after which a row of names opens another table;
- a "Key:;value" line before any table (a key ending in a colon, one value) is a
  paragraph "Key: value", its delimiters read as spaces so every character keeps its column;
- a note row, a number or short label and one field of prose ("3;\"A40: EOL; 3 years
  warranty.\""), is a paragraph of that prose: a sheet's notes are sentences, read as prose is.

See decision 0153.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from factlint.models import Block, BlockKind, Cell
from factlint.sources.blocks import distinct_anchors, make_block

_SEPARATOR_DIRECTIVE = re.compile(r'\s*"?sep=(.)"?\s*$', re.IGNORECASE)
_LETTER = re.compile(r"[^\W\d_]")
_FIGURE_ONLY = re.compile(r"[\W\d_]*")
MAX_TITLE_CHARS = 60
MAX_TITLE_WORDS = 8
MAX_NAME_WORDS = 6  # "Stückpreis netto (EUR)", "Punkte Leistung (max. 40)"
# a cell that is a figure: "48", "1.457,0", "ca. 4.300", "~180 W", "Okt. 2020" is no name either
_NUMBER = re.compile(r"(?:ca\.?|~|≈)?\s*[-+]?[\d.,  ]*\d[\d.,  ]*\s*\S{0,6}|\S{1,6}\.?\s+\d{4}")


def separator_directive(line: str) -> str | None:
    """Return the delimiter an Excel ``sep=;`` line names, or None for any other line."""
    match = _SEPARATOR_DIRECTIVE.match(line)
    return match.group(1) if match else None


def is_section_title(fields: tuple[Cell, ...]) -> bool:
    """Return True for a row whose only filled field is its first: a few words, no sentence of figures."""
    if not fields or not fields[0].text or any(cell.text for cell in fields[1:]):
        return False
    text = fields[0].text
    return (
        len(text) <= MAX_TITLE_CHARS
        and "\n" not in text
        and len(text.split()) <= MAX_TITLE_WORDS
        and _LETTER.search(text) is not None
        and not _FIGURE_ONLY.fullmatch(text)
    )


def is_names_row(fields: tuple[Cell, ...]) -> bool:
    """Return True for a row of two or more column names under a section title: short names with
    letters, no figure; abbreviations keep their dots ("Pos.", "Menge (Stk.)", "Nr.")."""
    filled = [cell.text for cell in fields if cell.text]
    end = len(fields)
    while end and not fields[end - 1].text:
        end -= 1
    return (
        len(filled) >= 2
        and all(cell.text for cell in fields[1:end])
        and all(_is_name(text) for text in filled)
    )


def _is_name(text: str) -> bool:
    return (
        len(text) <= MAX_TITLE_CHARS
        and "\n" not in text
        and len(text.split()) <= MAX_NAME_WORDS
        and _LETTER.search(text) is not None
        and _NUMBER.fullmatch(text) is None
    )


def is_key_value(fields: tuple[Cell, ...]) -> bool:
    """Return True for a "Key:;value" line: a key ending in a colon and at most one value after it."""
    filled = [cell for cell in fields if cell.text]
    return (
        1 <= len(filled) <= 2
        and filled[0] is fields[0]
        and fields[0].text.endswith(":")
        and _LETTER.search(fields[0].text) is not None
    )


def key_value_block(line: str, index: int, delimiter: str, headings: tuple[str, ...]) -> Block:
    """Return the paragraph "Key: value" of a key/value line at 0-based ``index``; each delimiter
    outside quotes reads as a space and each quote is blanked, so the text keeps the file's columns."""
    text = line.replace(delimiter, " ").replace('"', " ").rstrip()
    start = len(text) - len(text.lstrip())
    return make_block(BlockKind.PARAGRAPH, text.strip(), index + 1, start + 1, headings)


def title_block(fields: Sequence[Cell], index: int, headings: tuple[str, ...]) -> Block:
    """Return a section title row at 0-based ``index`` as the heading of its first field."""
    return make_block(BlockKind.HEADING, fields[0].text, index + 1, fields[0].column, headings)


def outer_headings(title: str | None, section: str | None) -> tuple[str, ...]:
    """Return the heading path of a row: the file's title, then its section's title."""
    return tuple(text for text in (title, section) if text)


MAX_NOTE_LABEL_CHARS = 12  # "1", "R3", "Anm. 2", "Note 4"
MIN_NOTE_WORDS = 5
_NOTE_END = re.compile(r"[.!?)\]\"”]\s*$")


def note_field(fields: Sequence[Cell]) -> Cell | None:
    """Return the prose field of a note row (a short label, or none, then one field of a sentence
    or more), or None for any other row."""
    filled = [cell for cell in fields if cell.text]
    if not filled or len(filled) > 2:
        return None
    if len(filled) == 2 and (filled[0] is not fields[0] or len(filled[0].text) > MAX_NOTE_LABEL_CHARS):
        return None
    note = filled[-1]
    if len(note.text.split()) < MIN_NOTE_WORDS or not _NOTE_END.search(note.text):
        return None
    return note


def note_block(lines: Sequence[str], index: int, note: Cell, headings: tuple[str, ...]) -> Block:
    """Return the paragraph of a note row's prose field, which starts on 0-based line ``index``;
    anchors keep each character at its place in the file past doubled quotes and line breaks."""
    anchors = [(0, index + 1, note.column)]
    line, position = index, note.column - 1
    for offset, char in enumerate(note.text):
        raw = lines[line] if line < len(lines) else ""
        if char == "\n":
            line, position = line + 1, 0
            anchors.append((offset + 1, line + 1, 1))
            continue
        if char == '"' and raw[position : position + 2] == '""':
            position += 2
            anchors.append((offset + 1, line + 1, position + 1))
            continue
        position += 1
    ordered = distinct_anchors(anchors)  # a lone anchor is the note's own start: none
    return make_block(
        BlockKind.PARAGRAPH,
        note.text,
        index + 1,
        note.column,
        headings,
        anchors=ordered if len(ordered) > 1 else (),
    )
