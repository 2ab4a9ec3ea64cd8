"""The first match of a pattern at or after a position, remembered across the figures of one text.

"Where does this figure's sentence (clause, field) end?" searches the text from the figure on;
on a long line with no such break, every figure's search reads the rest of the line, so the
line costs the square of its length. A search from ``pos`` finds the leftmost position at or
after ``pos`` where the pattern matches, and whether it matches at a position does not depend
on ``pos`` (lookbehinds and ``\\b`` read the text before ``pos``; ``^`` never matches at ``pos``
alone). So once a search from ``low`` found its match at ``start``, every search from a
position between ``low`` and ``start`` finds the same match: one search answers them all.
"""

from __future__ import annotations

import re
from bisect import bisect_left


class ForwardSearch:
    """``pattern.search(text, pos)`` over the last text asked about, each match found once.

    Searches are kept by the start of the match they found (one past the text's end for none)
    with the lowest position searched from; a later search from a position in such a range
    returns the kept match. Only searches to the text's end (no ``endpos``) are answered.
    """

    __slots__ = ("_found", "_pattern", "_starts", "_text")

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self._pattern = pattern
        self._text: str | None = None
        self._starts: list[int] = []
        self._found: list[tuple[int, re.Match[str] | None]] = []

    def search(self, text: str, pos: int = 0) -> re.Match[str] | None:
        """Return what ``pattern.search(text, pos)`` returns (its ``pos`` attribute may differ)."""
        if text is not self._text and text != self._text:
            self._text = text
            self._starts = []
            self._found = []
        pos = min(max(0, pos), len(text))  # as ``search`` clips it
        at = bisect_left(self._starts, pos)
        if at < len(self._starts):
            low, kept = self._found[at]
            if low <= pos:
                return kept
        match = self._pattern.search(text, pos)
        start = match.start() if match is not None else len(text) + 1
        # the leftmost match from ``pos`` cannot start after a kept match that starts at or after ``pos``
        if at < len(self._starts) and self._starts[at] == start:
            self._found[at] = (pos, match)
        else:
            self._starts.insert(at, start)
            self._found.insert(at, (pos, match))
        return match
