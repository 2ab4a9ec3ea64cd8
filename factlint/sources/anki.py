"""Anki "Notes in Plain Text" exports read note by note, the front field heading the back (decision 0224).

Anki writes a deck as a delimited file that opens with header lines declaring how to read it:
``#separator:tab``, ``#html:true`` and ``#guid column:1``, ``#notetype column:2``,
``#deck column:3``, ``#tags column:6``. Every other line is a note (a record: a quoted field may run
over several lines, as RFC 4180 reads it; ``csvfile.join_records``). The header decides the reading:

- the guid, note type, deck and tags columns are bookkeeping, never read (a course code in the deck
  name is no product);
- the first remaining field, the card's front (a question, or a cloze sentence), is the heading of
  the note; the other fields are read under it, so a figure in the answer belongs to the product the
  question names, and one note never lends its subject to the next;
- with ``#html:true`` a field is an HTML fragment read by the HTML reader (``<br>``, lists, tables;
  struck text is withdrawn); cloze markers ``{{c1::...}}`` and their hints are markup around the
  answer. Everything is placed back in the file by masking all but the field with spaces.

The header names, separator names and the cloze pattern live in ``anki.yaml``.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from factlint.models import Block, BlockKind
from factlint.sources.blocks import anchored_block
from factlint.sources.csvfile import join_records
from factlint.sources.delimited import field_starts
from factlint.sources.html import parse_html
from factlint.sources.htmltext import TextGatherer
from factlint.sources.htmltree import TextRun
from factlint.sources.packaged import packaged_file

ANKI_SUFFIXES = (".txt", ".csv", ".tsv", "")
_HEADER_LINE = re.compile(r"#([A-Za-z][A-Za-z ]*):(.*)")
_HIDDEN = "\u200b"  # a zero-width space: what a marker's character becomes (the HTML reader skips it)
_MARKUP_SIGNS = ("<", "&")  # a field without them reads the same as plain text: no HTML parser run


@dataclass(frozen=True)
class AnkiKnowledge:
    """The header names, separators and cloze pattern of Anki exports (``anki.yaml``)."""

    header_names: frozenset[str]
    min_header_lines: int
    separators: dict[str, str]
    metadata_columns: frozenset[str]
    cloze: re.Pattern[str]


@cache
def anki_knowledge() -> AnkiKnowledge:
    """Return the knowledge of ``anki.yaml``."""
    known = packaged_file("factlint.sources", "anki.yaml")
    return AnkiKnowledge(
        header_names=known.folded_words("header_names"),
        min_header_lines=known.whole_number("min_header_lines"),
        separators={name.lower(): mark for name, mark in known.word_map("separators").items()},
        metadata_columns=known.folded_words("metadata_columns"),
        cloze=known.alternation("cloze", re.DOTALL),
    )


@dataclass(frozen=True)
class AnkiHeader:
    """What an export's header lines declare: how its notes are split and which columns are read."""

    delimiter: str
    html: bool
    metadata: frozenset[int]  # 0-based columns of bookkeeping
    first: int  # 0-based index of the first line after the header


def anki_header(lines: Sequence[str], suffix: str, body_line: int = 1) -> AnkiHeader | None:
    """Return the header of an Anki export, or None when the file does not open with at least
    ``min_header_lines`` known ``#name:value`` lines."""
    start = body_line - 1
    if suffix.lower() not in ANKI_SUFFIXES or start >= len(lines) or not lines[start].startswith("#"):
        return None
    known = anki_knowledge()
    values: dict[str, str] = {}
    index = start
    while index < len(lines) and lines[index].startswith("#"):
        match = _HEADER_LINE.fullmatch(lines[index].rstrip("\r"))
        if match is None or match.group(1).strip().lower() not in known.header_names:
            return None
        values[match.group(1).strip().lower()] = match.group(2).strip()
        index += 1
    if index - start < known.min_header_lines:
        return None
    separator = values.get("separator", "")
    delimiter = known.separators.get(separator.lower(), separator if len(separator) == 1 else "")
    if not delimiter:
        sample = next((line for line in lines[index:] if line.strip()), "")
        delimiter = "\t" if "\t" in sample else ","
    metadata = frozenset(
        int(values[name]) - 1 for name in known.metadata_columns if values.get(name, "").isdigit()
    )
    html = values.get("html", "false").lower() == "true"
    return AnkiHeader(delimiter, html, metadata, index)


def is_anki_export(lines: Sequence[str], suffix: str, body_line: int = 1) -> bool:
    """Return True if the document is an Anki plain-text export (its header lines say so)."""
    return anki_header(lines, suffix, body_line) is not None


def parse_anki_export(lines: Sequence[str], header: AnkiHeader) -> list[Block]:
    """Return the blocks of an Anki export: per note, its front as a heading and its other text
    fields under it; bookkeeping columns and markup dropped."""
    records, continued = join_records(lines, header.first, header.delimiter)
    blocks: list[Block] = []
    for index in range(header.first, len(records)):
        if index in continued or not records[index].strip():
            continue
        blocks.extend(_note_blocks(records[index], index, header))
    return blocks


def _note_blocks(record: str, index: int, header: AnkiHeader) -> list[Block]:
    """Return the blocks of one note (``record`` starts on 0-based line ``index``)."""
    starts = field_starts(record, header.delimiter)
    ends = [start - 1 for start in starts[1:]] + [len(record)]
    fields = [
        _field_blocks(record, start, end, index, header.html)
        for column, (start, end) in enumerate(zip(starts, ends, strict=True))
        if column not in header.metadata
    ]
    filled = [found for found in fields if found]
    if not filled:
        return []
    front, *back = filled
    first = front[0]
    if first.kind is not BlockKind.PARAGRAPH:
        return [block for found in filled for block in found]
    heading = dataclasses.replace(first, kind=BlockKind.HEADING, sentences=(), label=None)
    under = (heading.text,)
    body = [*front[1:], *(block for found in back for block in found)]
    return [heading, *(dataclasses.replace(block, headings=under + block.headings) for block in body)]


def _field_blocks(record: str, start: int, end: int, index: int, html: bool) -> list[Block]:
    """Return the blocks of the field ``record[start:end]``, its quotes and cloze markers masked."""
    inner_start, inner_end = start, end
    stripped = record[start:end].strip(" ")
    quoted = len(stripped) >= 2 and stripped[0] == '"' and stripped[-1] == '"'
    if quoted:
        inner_start = record.index('"', start) + 1
        inner_end = record.rindex('"', start, end)
    text = record[inner_start:inner_end]
    if not text.strip():
        return []
    masked = _masked(text, quoted)
    before = record[:inner_start]
    first_line = index + before.count("\n")
    column = inner_start - before.rfind("\n")
    if not html or not any(sign in text for sign in _MARKUP_SIGNS):
        gatherer = TextGatherer()
        gatherer.add(TextRun(masked, first_line + 1, column))
        gathered = gatherer.text()
        return [] if gathered is None else [anchored_block(BlockKind.PARAGRAPH, gathered, ())]
    # the field's text at its place in the file, everything before it blank
    field_lines = (" " * (column - 1) + masked).split("\n")
    blocks, _ = parse_html([""] * first_line + field_lines, first_line + 1)
    return blocks


def _masked(text: str, quoted: bool) -> str:
    """Return ``text`` with its cloze markers and hints (and in a quoted field the first quote of
    each doubled ``""``) turned into zero-width spaces: never shown, so no gap is left where they
    were, and every character left stays at its column."""
    known = anki_knowledge()
    pieces: list[str] = []
    at = 0
    if "{{" in text:
        for match in known.cloze.finditer(text):
            pieces.append(text[at : match.start()])
            answer_start, answer_end = match.span(1)
            pieces.append(_blank(text[match.start() : answer_start]))
            pieces.append(text[answer_start:answer_end])
            pieces.append(_blank(text[answer_end : match.end()]))
            at = match.end()
    pieces.append(text[at:])
    masked = "".join(pieces)
    return masked.replace('""', _HIDDEN + '"') if quoted else masked


def _blank(text: str) -> str:
    """Return ``text`` with every character but a newline hidden."""
    return re.sub(r"[^\n]", _HIDDEN, text)
