"""Pandoc's inline extras in Markdown prose: inline notes, citations and attribute blocks.

Pandoc writes a footnote in place, ``Rated at 350 W.^[The A40 is rated at 300 W.]``: the note
is an aside, and its product must not become the subject of the sentences around it. A
citation (``[@vendor2024, p. 4]``) and an attribute block closing a heading
(``# Results {#sec:results .unnumbered}``) print nothing. Each is blanked with spaces, so that
every other character keeps its line and column; a note's text comes back as a note of its own.
"""

from __future__ import annotations

import re

_CITATION = re.compile(r"\[-?@[\w:.#$%&+?<>~/-]+(?:[;,][^\[\]\n]*)?\]")
_ATTRIBUTES = re.compile(
    r"[ \t]+\{(?:[#.][\w:.-]+|[\w-]+=\S+)(?:[ \t]+(?:[#.][\w:.-]+|[\w-]+=\S+))*\}[ \t]*$"
)
MAX_NOTE = 2000  # an opening "^[" with no close this near is no note


def has_pandoc_inline(text: str) -> bool:
    """Return True if ``text`` may hold an inline note or a citation (a cheap substring test)."""
    return "^[" in text or "[@" in text or "[-@" in text


def split_inline_notes(text: str) -> tuple[str, list[tuple[int, str]]]:
    """Return ``text`` with its inline notes and citations blanked, and each note as (offset of its
    text in ``text``, its text). Line breaks stay, so lines and columns do not move."""
    chars = list(text)
    notes: list[tuple[int, str]] = []
    start = text.find("^[")
    while start >= 0:
        end = _closing_bracket(text, start + 1)
        if end < 0:
            start = text.find("^[", start + 2)
            continue
        notes.append((start + 2, text[start + 2 : end]))
        _blank(chars, start, end + 1)
        start = text.find("^[", end + 1)
    if "@" in text:
        for match in _CITATION.finditer(text):
            _blank(chars, match.start(), match.end())
    return "".join(chars), notes


def without_attributes(heading: str) -> str:
    """Return a heading's text without the attribute block that closes it (``{#sec:id .class}``)."""
    if not heading.endswith("}"):
        return heading
    match = _ATTRIBUTES.search(heading)
    return heading[: match.start()] if match else heading


def _closing_bracket(text: str, opening: int) -> int:
    """Return the index of the ``]`` closing the ``[`` at ``opening`` (brackets nest), or -1."""
    depth = 0
    for index in range(opening, min(len(text), opening + MAX_NOTE)):
        char = text[index]
        if char == "[":
            depth += 1
        elif char == "]":
            depth -= 1
            if not depth:
                return index
    return -1


def _blank(chars: list[str], start: int, end: int) -> None:
    for index in range(start, end):
        if chars[index] != "\n":
            chars[index] = " "
