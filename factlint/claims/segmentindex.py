"""Per-segment sorted positions of mentions and figures, so per-figure look-ups cost a bisection.

A segment holding one long line of thousands of figures asks, for every figure, which name
follows it or where the figure before it ends; scanning every mention or figure for each
question grows with the square of the line.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence

from factlint.claims.segments import Mention


class MentionStarts:
    """The start positions of a segment's mentions, sorted."""

    __slots__ = ("_starts",)

    def __init__(self, mentions: Iterable[Mention]) -> None:
        self._starts = sorted(mention.start for mention in mentions)

    def first_at_or_after(self, position: int) -> int | None:
        """Return the smallest mention start ``>= position``, or None."""
        at = bisect_left(self._starts, position)
        return self._starts[at] if at < len(self._starts) else None

    def named_right_after(self, text: str, end: int, filler: str) -> bool:
        """Return True when a mention starts at or after ``end`` with only ``filler`` characters between.

        The nearest such mention decides: the gap to a later one holds the nearer one's gap, so
        if the nearer gap has another character, every later gap has it too.
        """
        start = self.first_at_or_after(end)
        return start is not None and not text[end:start].strip(filler)


class LastEnding:
    """A segment's spans ordered by where they end, for "the one ending last before here" and
    "the last end before here"."""

    __slots__ = ("_ends", "_order")

    def __init__(self, spans: Sequence[tuple[int, int]]) -> None:
        self._order = sorted(range(len(spans)), key=lambda i: (spans[i][1], i))
        self._ends = [spans[i][1] for i in self._order]

    def last_before(self, position: int) -> int | None:
        """Return the index of the span ``max(spans ending <= position, key=end)`` picks, or None.

        Among spans ending at the same place that is the first listed, as ``max`` keeps it.
        """
        at = bisect_right(self._ends, position)
        if not at:
            return None
        return self._order[bisect_left(self._ends, self._ends[at - 1])]

    def last_at_or_before(self, position: int, default: int = 0) -> int:
        """Return the largest span end ``<= position``, or ``default`` when none is."""
        at = bisect_right(self._ends, position)
        return self._ends[at - 1] if at else default
