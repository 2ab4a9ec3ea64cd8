"""Counts restated as the total of an equation: "Ridge phase 1 = 8 x GB200 NVL72, i.e. 576 GPUs".

A plan or a ticket writes a machine as a multiple of a unit ("= 4 x GB300 NVL72") and then
restates the product as a total ("i.e. 288 GPUs"). The total is the whole's, named on the
left of "=", never the multiplied unit's own count; with nothing named on the left it is
the total of a set no machine holds, and no claim.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from factlint.claims.language import Language, alternation
from factlint.claims.segments import Mention

# what may stand between the whole's name and "=": a few plain words ("phase 1", "build-out")
_LEFT_GAP = re.compile(r"(?:[ \t]+[\w\-]+){0,3}[ \t]*\Z")
_SENTENCE_END = re.compile(r"(?:[!?;]|\.(?!\w))\s|\n")


@dataclass(frozen=True)
class EquationTotal:
    """A count restating an equation's product; ``entity`` is the whole named left of "=", or None."""

    entity: str | None


class EquationTotals:
    """Finds counts that restate "<whole> = N x <unit>" as a total."""

    def __init__(self, language: Language) -> None:
        numbers = alternation(tuple(language.number_values), words=False, hyphens=False)
        glosses = alternation(language.gloss_openers, hyphens=False)
        approximate = alternation(language.approximators, words=False, hyphens=False)
        self._right = re.compile(
            rf"=[ \t]*(?:\d[\d,]*|(?i:{numbers}))[ \t]*[x×][ \t]*[A-Za-z][^=;\n]{{0,60}}?"
            rf"(?:[ \t]*[,(][ \t]*(?:(?i:{glosses})[ \t]*[,:]?[ \t]*)?|[ \t]+(?i:{glosses})[ \t]*[,:]?[ \t]*)"
            rf"(?:(?i:{approximate})[ \t]+|~[ \t]*)?\Z"
        )

    def find(self, text: str, start: int, mentions: list[Mention]) -> EquationTotal | None:
        """Return the equation whose total the count at ``start`` restates, or None if it is none."""
        equals = text.rfind("=", max(0, start - 160), start)
        if equals < 0:
            return None
        right = self._right.match(text, equals, start)
        if right is None or right.end() != start:
            return None
        if not any(equals < m.start and m.end <= start for m in mentions):
            return None  # the unit must be a named product ("= 4 x GB300 NVL72")
        opening = max((m.end() for m in _SENTENCE_END.finditer(text, 0, equals)), default=0)
        named = [m for m in mentions if opening <= m.start and m.end <= equals]
        if named and _LEFT_GAP.fullmatch(text, named[-1].end, equals):
            return EquationTotal(named[-1].entity)
        return EquationTotal(None)
