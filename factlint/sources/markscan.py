"""One scan of a text by marks (quotes, comment openers, operators), each marked span rewritten in place."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

# A handler takes the text and the mark's match, and returns (the span's replacement, its end).
MarkHandler = Callable[[str, re.Match[str]], tuple[str, int]]


def rewrite_marked(text: str, marks: re.Pattern[str], handlers: Mapping[str, MarkHandler]) -> str:
    """Return ``text`` with each span a mark of ``marks`` starts replaced by its handler's text.

    A mark's handler is found by the name of the group that matched (``lastgroup``) or, when the
    pattern names none, by the mark's own text. Marks inside a span already rewritten (a quote in
    a comment) are skipped; text between spans is kept as it stands, so when every handler
    returns as many characters per line as it consumed, lines and columns are unchanged."""
    pieces: list[str] = []
    offset = 0
    for found in marks.finditer(text):
        start = found.start()
        if start < offset:
            continue
        pieces.append(text[offset:start])
        replacement, offset = handlers[found.lastgroup or found.group(0)](text, found)
        pieces.append(replacement)
    pieces.append(text[offset:])
    return "".join(pieces)


def line_end(text: str, position: int) -> int:
    """Return the offset of the newline at or after ``position`` (or the text's end)."""
    end = text.find("\n", position)
    return len(text) if end == -1 else end


def kept(end: Callable[[str, re.Match[str]], int]) -> MarkHandler:
    """Return a handler that keeps the span from the mark to ``end(text, mark)`` as it stands."""

    def handle(text: str, found: re.Match[str]) -> tuple[str, int]:
        stop = end(text, found)
        return text[found.start() : stop], stop

    return handle


def blanked(text: str, found: re.Match[str]) -> tuple[str, int]:
    """Return the mark turned into as many blanks, and the offset after it."""
    return " " * len(found.group(0)), found.end()
