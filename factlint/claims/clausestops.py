"""Where a figure's clause starts and which mentions stand in it, found by bisection.

A segment holding one long line asks, for every figure, where the last clause stop before the
figure ends and which mentions lie between that stop and the figure; scanning the line's prefix
and every mention for each figure grows with the square of the line (decision 0274).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Sequence

from factlint.claims.segments import Mention


class ClauseStops:
    """The matches of a clause-stop pattern over one whole text, found once.

    ``clause_start(start)`` equals ``max((m.end() for m in stop.finditer(text, 0, start)),
    default=0)``. A match of the whole text that ends at or before ``start`` is also a match of
    the text cut at ``start`` (cutting can only shorten a greedy run, and a cut run still ends
    at the same place when the whole one did), so only the scan from the last such match onwards
    may differ; and it can find something only where a whole-text match crossing ``start``
    begins, or in the pattern's ``\\Z`` at the cut (one character before it).
    """

    __slots__ = ("_ends", "_starts", "_stop", "_text")

    def __init__(self, stop: re.Pattern[str], text: str) -> None:
        self._stop = stop
        self._text = text
        spans = [m.span() for m in stop.finditer(text)]
        self._starts = [s for s, _ in spans]
        self._ends = [e for _, e in spans]

    def clause_start(self, start: int) -> int:
        """Return where the clause holding position ``start`` begins: the end of the last stop
        before it, or 0."""
        at = bisect_right(self._ends, start)
        resume = self._ends[at - 1] if at else 0
        crossing = self._starts[at] if at < len(self._starts) else start
        lo = max(resume, min(crossing, start - 1))
        return max((m.end() for m in self._stop.finditer(self._text, lo, start)), default=resume)


class ClauseMentions:
    """A segment's mentions with their starts, for the mentions lying inside a stretch of text."""

    __slots__ = ("_mentions", "_sorted", "_starts")

    def __init__(self, mentions: Sequence[Mention]) -> None:
        self._mentions = mentions
        self._starts = [m.start for m in mentions]
        self._sorted = all(a <= b for a, b in zip(self._starts, self._starts[1:], strict=False))

    def within(self, begin: int, end: int) -> list[Mention]:
        """Return the mentions starting at or after ``begin`` and ending at or before ``end``, in
        their listed order."""
        if not self._sorted:
            return [m for m in self._mentions if begin <= m.start and m.end <= end]
        lo = bisect_left(self._starts, begin)
        hi = bisect_right(self._starts, end)
        return [m for m in self._mentions[lo:hi] if m.end <= end]
