"""Remember the last filtered list of a segment's mentions, so each figure need not refilter them.

A segment's figures are resolved one by one against the same list of mentions; filtering that
list anew for every figure makes a long line of figures cost the square of its length.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from factlint.claims.segments import Mention


class FilterMemo:
    """The last mentions list filtered under each key, with the mentions kept that passed."""

    __slots__ = ("_last",)

    def __init__(self) -> None:
        self._last: dict[Hashable, tuple[list[Mention], list[Mention]]] = {}

    def kept(self, mentions: list[Mention], key: Hashable, keep: Callable[[Mention], bool]) -> list[Mention]:
        """Return the mentions ``keep`` accepts, in order; the caller must not change the list.

        ``keep`` must depend on the mention and ``key`` only. Mentions are frozen, so an equal
        copy of the last list filtered under ``key`` has the same answer.
        """
        last = self._last.get(key)
        if last is not None and last[0] == mentions:
            return last[1]
        kept = [mention for mention in mentions if keep(mention)]
        self._last[key] = (list(mentions), kept)
        return kept
