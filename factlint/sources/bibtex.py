"""Read a BibTeX bibliography: each entry a section headed by its title, its prose fields paragraphs."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from factlint.models import Block, BlockKind
from factlint.sources.blocks import anchored_block
from factlint.sources.htmltext import AnchoredText
from factlint.sources.linestarts import LineStarts
from factlint.sources.packaged import packaged_file

BIBTEX_SUFFIXES = frozenset((".bib", ".bibtex"))

_ENTRY = re.compile(r"^[ \t]*@([A-Za-z]+)[ \t]*[{(][ \t]*([^,\s{}()]*)[ \t]*,?", re.M)
_FIELD = re.compile(r"\s*,?\s*([A-Za-z][\w:.+-]*)\s*=\s*")
_BARE = re.compile(r"[^,}\s]*")  # a number or a macro name written without braces
_COMMAND = re.compile(r"[A-Za-z]+\s*|.", re.S)  # a control word and the spaces it eats, or a symbol
# Control symbols that print their character ("\%", "\&") and a tie or thin space printing a space.
_SYMBOLS = {"%": "%", "&": "&", "$": "$", "_": "_", "#": "#", "{": "{", "}": "}", ",": " ", " ": " "}


@dataclass(frozen=True)
class _Fields:
    """The field names a bibliography reader treats as heading and prose, and the skipped types."""

    heading: str
    prose: frozenset[str]
    skipped: frozenset[str]


@cache
def _fields() -> _Fields:
    known = packaged_file("factlint.sources", "bibtex.yaml")
    return _Fields(
        heading=str(known.value("heading_field")).lower(),
        prose=known.folded_words("prose_fields"),
        skipped=known.folded_words("skipped_types"),
    )


def parse_bibtex(lines: Sequence[str], body_line: int = 1) -> tuple[list[Block], str | None]:
    """Return the blocks of a bibliography (a heading and paragraphs per entry) and no title.

    Text outside entries (``%`` comments, free notes) is ignored, as BibTeX ignores it.
    """
    text = "\n".join(lines[body_line - 1 :])
    place = LineStarts.of(text, body_line)
    fields = _fields()
    blocks: list[Block] = []
    for entry in _ENTRY.finditer(text):
        kind, key = entry.group(1).lower(), entry.group(2)
        if kind in fields.skipped:
            continue
        title: AnchoredText | None = None
        prose: list[AnchoredText] = []
        for name, start, end in _entry_fields(text, entry.end()):
            if name == fields.heading:
                title = _unescaped(text, start, end, place)
            elif name in fields.prose:
                prose.append(_unescaped(text, start, end, place))
        headings: tuple[str, ...] = ()
        if title is not None and title.text.strip():
            heading = " ".join(title.text.split())
            blocks.append(anchored_block(BlockKind.HEADING, title, (), label=key or None))
            headings = (heading,)
        for paragraph in prose:
            if paragraph.text.strip():
                blocks.append(anchored_block(BlockKind.PARAGRAPH, paragraph, headings, label=key or None))
    return blocks, None


def _entry_fields(text: str, offset: int) -> list[tuple[str, int, int]]:
    """Return each field of the entry whose body starts at ``offset``: its lower-case name and the
    span of its value inside its braces or quotes (a bare number or macro as written)."""
    found: list[tuple[str, int, int]] = []
    while True:
        field = _FIELD.match(text, offset)
        if field is None:
            return found
        name, offset = field.group(1).lower(), field.end()
        if offset >= len(text):
            return found
        opener = text[offset]
        if opener in '{"':
            close = _closing(text, offset)
            found.append((name, offset + 1, close))
            offset = close + 1
        else:
            bare = _BARE.match(text, offset)
            end = bare.end() if bare else offset
            found.append((name, offset, end))
            offset = end
        # values joined with "#" ("{part one} # {part two}") are read as their first part
        while offset < len(text) and text[offset] in " \t\n#":
            if text[offset] == "#":
                offset += 1
                while offset < len(text) and text[offset].isspace():
                    offset += 1
                if offset < len(text) and text[offset] in '{"':
                    offset = _closing(text, offset) + 1
                continue
            offset += 1


def _closing(text: str, opening: int) -> int:
    """Return the offset of the brace or quote closing the value opened at ``opening``."""
    depth = 0
    quoted = text[opening] == '"'
    index = opening + 1
    while index < len(text):
        char = text[index]
        if char == "\\":
            index += 2
            continue
        if char == "{":
            depth += 1
        elif char == "}":
            if depth == 0:
                return index
            depth -= 1
        elif char == '"' and quoted and depth == 0:
            return index
        index += 1
    return len(text)


def _unescaped(text: str, start: int, end: int, place: LineStarts) -> AnchoredText:
    """Return the value ``text[start:end]`` as it prints: grouping braces dropped, control symbols
    ("\\%") as their character, a command's name dropped with its argument kept ("\\url{..}",
    "\\emph{..}"), "~" as a space; anchored to the file wherever characters were dropped."""
    kept: list[str] = []
    origins: list[int] = []
    index = start
    while index < end:
        char = text[index]
        if char in "{}":
            index += 1
            continue
        if char == "\\" and index + 1 < end:
            following = text[index + 1]
            if following in _SYMBOLS:
                kept.append(_SYMBOLS[following])
                origins.append(index + 1)
                index += 2
                continue
            command = _COMMAND.match(text, index + 1)
            index = command.end() if command else index + 1
            continue
        kept.append(" " if char == "~" else char)
        origins.append(index)
        index += 1
    anchors: list[tuple[int, int, int]] = []
    for offset, origin in enumerate(origins):
        if offset == 0 or origin != origins[offset - 1] + 1 or kept[offset - 1] == "\n":
            line, column = place.position(origin)
            anchors.append((offset, line, column))
    if not anchors:
        line, column = place.position(start)
        anchors.append((0, line, column))
    return AnchoredText("".join(kept), tuple(anchors))
