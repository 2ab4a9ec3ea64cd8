"""What a document's notes are about: "| TPU v7 | 4,614 TFLOPS[e] |" makes the note "e. BF16 is
2,307 TFLOPS" a note on the TPU v7, not on the page's topic or the note before it."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from factlint.claims.fastre import compile_folded
from factlint.models import Block, BlockKind

# A note opening its line: "[^d]:", "[3]", "^e", "e.", "(e)", "**e**", "- **e**", "†", "*"
_DEFINITION = re.compile(
    r"^[ \t>]*(?:[-*+][ \t]+)?"
    r"(?:\[\^?([A-Za-z0-9]{1,3})\]:?|\^([A-Za-z0-9]{1,3})\b|([a-z]|\d{1,2})[.)](?=[ \t])"
    r"|\*\*([a-z]|\d{1,2})[.)]?\*\*(?=[ \t])"
    r"|\(([a-z]|\d{1,2})\)(?=[ \t])|([*†‡§¶]{1,3})(?=[ \t]*\w))",
    re.M,
)
# A reference to a note: "[c]", "[^d]", "[12]", "†", "¹" glued to the text before it. Folded, so
# that on ASCII text its twin skips to a "[" instead of trying the look-behind at every character.
_REFERENCE = compile_folded(r"(?<=[\w)%.])(?:\[\^?([A-Za-z0-9]{1,3})\]|([†‡§¶]{1,3})|([¹²³⁴⁵⁶⁷⁸⁹⁰]{1,2}))")
_SUPERSCRIPT = str.maketrans("¹²³⁴⁵⁶⁷⁸⁹⁰", "1234567890")

Mentioner = Callable[[str], Iterable[str]]  # text -> entity names mentioned, left to right


def referents(blocks: Iterable[Block], entities_in: Mentioner) -> dict[str, str]:
    """Return note marker -> the one entity every reference to that note stands by.

    A reference in a table row stands by the row's first entity; in prose, by the first
    entity its sentence names before it, or, when it names none ("It ships as a module.[^2]"),
    by the topic the paragraph's earlier sentences carry (a paragraph naming none leaves the
    note the page's topic). A marker referred to from places naming different entities (or
    none) has no referent.
    """
    found: dict[str, set[str | None]] = {}
    for block in blocks:
        for match in _REFERENCE.finditer(block.text):
            marker = _marker(match)
            if block.kind is BlockKind.TABLE_ROW:
                named = list(entities_in(block.text))[:1]
            else:
                spans = block.sentence_spans()
                start = max((s for s, _ in spans if s <= match.start()), default=0)
                named = list(entities_in(block.text[start : match.start()]))[:1]
                if not named:
                    named = _carried(block.text, spans, start, entities_in)
            found.setdefault(marker, set()).add(named[0] if named else None)
    return {
        marker: name
        for marker, names in found.items()
        if len(names) == 1
        for name in names
        if name is not None
    }


def _carried(text: str, spans: Iterable[tuple[int, int]], start: int, entities_in: Mentioner) -> list[str]:
    """Return the first entity of the nearest earlier sentence of the paragraph that names one:
    "The H20 has 96 GB. Street price is $12,000.[^2]" speaks of the H20, and so does its note."""
    for s, e in reversed([span for span in spans if span[0] < start]):
        named = list(entities_in(text[s:e]))[:1]
        if named:
            return named
    return []


def note_at(text: str, offset: int) -> str | None:
    """Return the marker of the note that the line holding ``offset`` belongs to, or None.

    A note runs from the line that opens with its marker to the next such line.
    """
    marker = None
    line_end = text.find("\n", offset)
    for match in _DEFINITION.finditer(text, 0, len(text) if line_end < 0 else line_end):
        if match.start() > offset:
            break
        marker = _marker(match)
    return marker


def _marker(match: re.Match[str]) -> str:
    written = next(group for group in match.groups() if group)
    return written.translate(_SUPERSCRIPT).lower()


def definition_at_start(text: str) -> tuple[str, str] | None:
    """Return (marker, the note's text) when ``text`` opens with a note's marker, else None."""
    match = _DEFINITION.match(text)
    if match is None:
        return None
    return _marker(match), text[match.end() :]


def reference_digit_spans(text: str) -> list[tuple[int, int]]:
    """Return the (start, end) of every bracketed note reference ("[^4]", "[12]") glued to the
    text before it, so that "750[^4]" in a table cell reads as 750 and a mark, not as two figures."""
    if "[" not in text:
        return []
    return [match.span() for match in _REFERENCE.finditer(text) if match.group(1) is not None]


def references(text: str) -> list[str]:
    """Return the markers of the notes ``text`` refers to, left to right."""
    return [_marker(match) for match in _REFERENCE.finditer(text)]
