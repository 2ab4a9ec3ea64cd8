"""Figures set side by side for two products: "(256 GB vs 192 GB)", "6 vs 5.3 TB/s".

A sentence that compares two products ("the MI325X has 1.3x the memory of the MI300X")
often gives both values as a pair joined by "vs", "versus" or "against". The pair keeps the
order of the products: its first value is the first product's, its second the other's,
unless the pair itself names the owner of its second value ("141 GB against 80 GB on the
H100"). A bare first value ("6 vs 5.3 TB/s") shares the second value's unit.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation
from factlint.claims.segments import BASELINE, COMPARED, Mention

# "... against 80 GB on the H100": the pair names the owner of its second value.
_OWNER_AFTER = re.compile(r"[ \t]+(?:on|for|of|in|from)[ \t]+(?:the[ \t]+|its[ \t]+)?", re.I)
_SENTENCE_STOP = re.compile(r"(?<![Vv]s)\.(?:\s|\Z)|[;!?](?:\s|\Z)|\n\s*\n")


@dataclass(frozen=True)
class FigurePair:
    """Where the two numbers of a pair start and where its second figure ends."""

    first: int
    second: int
    end: int


class PairReader:
    """Finds the pairs of a text and the owner of each value, with the language's joining words."""

    def __init__(self, language: Language) -> None:
        # "vs", "versus", "against", "(vs ...": what may stand between the two figures
        joiners = alternation(language.pair_joiners)
        approximate = alternation(language.approximators, words=False, hyphens=False)
        self._joiner = compile_folded(
            rf"[ \t]*\(?[ \t]*{joiners}[ \t]+(?:{approximate}[ \t]+|~[ \t]*)?", re.I
        )

    def find(self, text: str, spans: Sequence[tuple[int, int]]) -> list[FigurePair]:
        """Return the pairs among figures given as (start, end) spans in reading order."""
        return [
            FigurePair(first[0], second[0], second[1])
            for first, second in pairwise(spans)
            if self._joiner.fullmatch(text, first[1], second[0]) is not None
        ]

    @staticmethod
    def owner(text: str, pair: FigurePair, mentions: Sequence[Mention], second: bool) -> str | None:
        """Return the product one value of a pair belongs to, or None when the sentence names fewer than two.

        The products are those named in the pair's sentence before it, in order; the subject
        comes first and the product it is compared with second. A product named right after
        the pair owns its second value, and the subject the first.
        """
        stops = [match.end() for match in _SENTENCE_STOP.finditer(text, 0, pair.first)]
        since = max(stops, default=0)
        named = [m for m in mentions if since <= m.start and m.end <= pair.first]
        before: list[str] = []
        for mention in named:
            if mention.entity not in before:
                before.append(mention.entity)
        named_after = next(
            (
                m.entity
                for m in mentions
                if m.start >= pair.end and _OWNER_AFTER.fullmatch(text, pair.end, m.start) is not None
            ),
            None,
        )
        if named_after is not None:
            others = [entity for entity in before if entity != named_after]
            if second:
                return named_after
            return others[0] if others else None
        if len(before) < 2:
            return None
        subject = next((m.entity for m in named if m.role not in (BASELINE, COMPARED)), before[0])
        other = next((entity for entity in before if entity != subject), None)
        return other if second else subject
