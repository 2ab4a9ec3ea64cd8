"""Roadmaps that list several products after a colon, each with its own date.

"AMD announced the roadmap in June 2025: MI350X in Q3 2025 with 288 GB, MI400X in Q4 2026
with 432 GB." The date before the colon is one event of every product listed (announced
together); a date right after a listed product's name is that product's expected release.
The roadmap nouns are the language's (english.yaml).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation
from factlint.claims.segments import Mention
from factlint.pack import ORGANIZATION

# What may open a list item before its product: "MI350X", "the MI400X", "and the MI400X".
_ITEM_OPEN = re.compile(r"[:;,]\s*(?:and\s+)?(?:the\s+)?(?:\w+['’]s\s+)?\Z", re.I)
# From an intro date to its colon: a short tail with no figure ("in June 2025 at its event:").
_TO_COLON = re.compile(r"[^\d:.;!?\n]{0,40}:(?=\s)")
# From a listed product to its date: "MI350X in Q3 2025", "MI350X (Q3 2025)", "MI350X: Q3 2025".
_HEAD_TO_DATE = re.compile(
    r"\s*(?:(?:in|for|by|from|during|around|slated\s+for|due\s+in|,)\s+|[(:]\s*)(?:the\s+)?",
    re.I,
)

Kind = Callable[[str], "str | None"]


class RoadmapLists:
    """Finds the products a roadmap sentence lists after its colon, for one language."""

    def __init__(self, language: Language) -> None:
        self._roadmap = (
            compile_folded(alternation(language.roadmap_nouns), re.I) if language.roadmap_nouns else None
        )

    def intro_products(
        self, text: str, mentions: Sequence[Mention], date_end: int, kind: Kind
    ) -> tuple[str, ...]:
        """Return the products listed after the colon that a date ending at ``date_end`` introduces.

        "announced the roadmap in June 2025: MI350X in ..., MI400X in ...": the intro before
        the colon names no product (a maker at most), and at least two products head the
        items after it. Otherwise ().
        """
        tail = _TO_COLON.match(text, date_end)
        if tail is None:
            return ()
        colon = tail.end() - 1
        if any(m.start < colon and kind(m.entity) not in (None, ORGANIZATION) for m in mentions):
            return ()
        heads = _heads(text, mentions, colon, kind)
        return heads if len(heads) > 1 else ()

    def item_release(self, text: str, mentions: Sequence[Mention], date_start: int, kind: Kind) -> bool:
        """Return True for a date right after a product heading an item of a roadmap list.

        "Huawei showed its roadmap: A in Q1 2026 with ..., B in Q4 2026": the intro before
        the colon names a roadmap; "in Q1 2026" is A's expected release.
        """
        if self._roadmap is None:
            return False
        colon = text.rfind(": ", 0, date_start)
        if colon < 0 or self._roadmap.search(text, 0, colon) is None:
            return False
        heads = [m for m in _head_mentions(text, mentions, colon, kind) if m.end <= date_start]
        return bool(heads) and _HEAD_TO_DATE.fullmatch(text, heads[-1].end, date_start) is not None


def _head_mentions(text: str, mentions: Sequence[Mention], colon: int, kind: Kind) -> list[Mention]:
    """Return the product mentions after ``colon`` that open a list item."""
    return [
        m
        for m in mentions
        if m.start > colon
        and kind(m.entity) not in (None, ORGANIZATION)
        and _ITEM_OPEN.search(text, colon, m.start) is not None
    ]


def _heads(text: str, mentions: Sequence[Mention], colon: int, kind: Kind) -> tuple[str, ...]:
    return tuple(dict.fromkeys(m.entity for m in _head_mentions(text, mentions, colon, kind)))


__all__ = ["RoadmapLists"]
