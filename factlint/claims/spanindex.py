"""Bounded look-ups of figure and name spans on a long line: those inside or overlapping a range."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence


class SpanIndex:
    """The spans of one text sorted by start, so that a range query costs a bisection.

    A line of thousands of figures asks, for every cue and every figure, which figures stand
    between them; scanning every span for each question grows with the square of the line.
    """

    __slots__ = ("_order", "_spans", "_starts")

    def __init__(self, spans: Sequence[tuple[int, int]]) -> None:
        self._spans = list(spans)
        ordered = sorted(self._spans)
        # figures usually come in text order: then positions need no second sort
        self._order: list[int] | None = None
        if ordered != self._spans:
            self._order = sorted(range(len(self._spans)), key=self._spans.__getitem__)
        self._starts = [start for start, _ in ordered]

    def within(self, low: int, high: int) -> list[tuple[int, int]]:
        """Return the spans with ``low <= start`` and ``end <= high``, in their given order."""
        first = bisect_left(self._starts, low)
        last = bisect_right(self._starts, high)
        if first >= last:
            return []
        if self._order is None:
            return [span for span in self._spans[first:last] if span[1] <= high]
        found = sorted(i for i in self._order[first:last] if self._spans[i][1] <= high)
        return [self._spans[i] for i in found]

    def last_before(self, high: int) -> tuple[int, int] | None:
        """Return the greatest span (by start, then end) with ``end <= high``, or None.

        It is the last of ``within(low, high)`` for every ``low`` up to its start, so a caller can
        refuse on it before listing all the spans between.
        """
        index = bisect_right(self._starts, high)
        # spans starting by ``high`` in (start, end) order: the first from the right that ends in
        # time is the greatest; only spans reaching past ``high`` are stepped over
        while index > 0:
            index -= 1
            span = self._spans[index] if self._order is None else self._spans[self._order[index]]
            if span[1] <= high:
                return span
        return None

    def any_within(self, low: int, high: int) -> bool:
        """Return True when some span has ``low <= start`` and ``end <= high``."""
        first = bisect_left(self._starts, low)
        last = bisect_right(self._starts, high)
        if self._order is None:
            return any(end <= high for _, end in self._spans[first:last])
        return any(self._spans[i][1] <= high for i in self._order[first:last])


class OverlapIndex:
    """Spans sorted by start with a running maximum of their ends, for overlap questions."""

    __slots__ = ("_max_ends", "_starts")

    def __init__(self, spans: Sequence[tuple[int, int]]) -> None:
        ordered = sorted(spans)
        self._starts = [start for start, _ in ordered]
        self._max_ends: list[int] = []
        reach = -1
        for _, end in ordered:
            reach = max(reach, end)
            self._max_ends.append(reach)

    def overlaps(self, start: int, end: int) -> bool:
        """Return True when some span overlaps ``start``-``end`` (shares at least one character)."""
        count = bisect_left(self._starts, end)
        return count > 0 and self._max_ends[count - 1] > start


class StartWindow:
    """The start positions of items listed in text order, for slicing out those in a range.

    Items whose starts are out of order (none are expected) fall back to the whole list.
    """

    __slots__ = ("_ordered", "_starts", "longest")

    def __init__(self, spans: Sequence[tuple[int, int]]) -> None:
        self._starts = [start for start, _ in spans]
        self._ordered = all(a <= b for a, b in zip(self._starts, self._starts[1:], strict=False))
        self.longest = max((end - start for start, end in spans), default=0)

    @property
    def ordered(self) -> bool:
        """Return True when the items' starts are in text order (slices then hold items in range)."""
        return self._ordered

    def bounds(self, low: int, high: int) -> tuple[int, int]:
        """Return (first, last): the list slice holding every item with ``low <= start <= high``."""
        if not self._ordered:
            return 0, len(self._starts)
        return bisect_left(self._starts, low), bisect_right(self._starts, high)
