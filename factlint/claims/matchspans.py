"""Where a short word or mark occurs in a text, found by one scan and asked about by range.

A look-up that needs a word ("each", a comma before a capital) anywhere between a clause's
start and a figure reads that stretch for every figure; on a long line that grows with the
square of its length. One scan of the text, kept while the text is the same, answers every
figure with a bisection.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right


class MatchSpans:
    """The spans of a pattern's matches over the last text asked about.

    The pattern must be one whose matches cannot overlap or nest (a fixed word, a mark and
    what follows it up to a character the mark is not): then the scan finds every place it
    matches, and a match inside a range is one of those found.
    """

    __slots__ = ("_ends", "_pattern", "_starts", "_text")

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self._pattern = pattern
        self._text: str | None = None
        self._starts: list[int] = []
        self._ends: list[int] = []

    def _scan(self, text: str) -> None:
        if text is not self._text and text != self._text:
            self._text = text
            spans = [match.span() for match in self._pattern.finditer(text)]
            self._starts = [start for start, _ in spans]
            self._ends = [end for _, end in spans]

    def _bounds(self, text: str, low: int, high: int) -> tuple[int, int]:
        self._scan(text)
        first = bisect_left(self._starts, low)
        last = bisect_right(self._starts, high)
        # matches do not overlap, so their ends rise with their starts: only the last few can pass ``high``
        while last > first and self._ends[last - 1] > high:
            last -= 1
        return first, last

    def starts_within(self, text: str, low: int, high: int) -> list[int]:
        """Return the starts of the matches lying inside ``low``..``high`` of ``text``, in text order."""
        first, last = self._bounds(text, low, high)
        return self._starts[first:last]

    def any_within(self, text: str, low: int, high: int) -> bool:
        """Return True when a match lies inside ``low``..``high`` of ``text``."""
        first, last = self._bounds(text, low, high)
        return last > first
