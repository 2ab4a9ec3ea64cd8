"""The spans of a sentence's figures sorted once, so each figure finds its neighbours by bisection."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable


class OrderedSpans:
    """The ``(start, end)`` spans of one sentence's figures, sorted, with their starts beside them.

    On a line of thousands of figures, asking every figure for "the figures before it" or "the
    first figure after it" by a scan of all of them grows with the square of the line; sorted once,
    each question is a bisection.
    """

    __slots__ = ("_starts", "spans")

    def __init__(self, spans: Iterable[tuple[int, int]]) -> None:
        self.spans = sorted(spans)
        self._starts = [start for start, _ in self.spans]

    def next_start(self, end: int) -> int | None:
        """Return the smallest figure start after ``end``, or None when no figure starts after it."""
        index = bisect_right(self._starts, end)
        return self._starts[index] if index < len(self._starts) else None

    def starting_by(self, position: int) -> int:
        """Return how many spans (a prefix of ``spans``) start at or before ``position``."""
        return bisect_right(self._starts, position)


__all__ = ["OrderedSpans"]
