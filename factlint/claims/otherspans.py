"""The spans of a sentence's figures, built once and handed to each figure without its own span."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol


class _Spanned(Protocol):
    @property
    def start(self) -> int: ...

    @property
    def end(self) -> int: ...


class OtherSpans:
    """The ``(start, end)`` spans of a fixed sequence of figures, in their given order.

    A line of thousands of figures asked each figure for "the spans of every other figure"; building
    that list anew in Python for every figure grows with the square of the line. Built once, the
    answer for one figure is two C-level slices of the shared list.
    """

    __slots__ = ("_index", "_spans")

    def __init__(self, figures: Sequence[_Spanned]) -> None:
        self._spans = [(f.start, f.end) for f in figures]
        # by identity, as ``f is not figure`` excluded: equal figures elsewhere still count
        self._index = {id(f): i for i, f in enumerate(figures)}

    def without(self, figure: object) -> list[tuple[int, int]]:
        """Return a new list of the spans of every figure but ``figure`` itself, in the given order."""
        index = self._index.get(id(figure))
        if index is None:
            return self._spans[:]
        return self._spans[:index] + self._spans[index + 1 :]
