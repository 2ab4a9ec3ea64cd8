"""Multipliers that refer back to what an earlier one measured: "25x the efficiency of X, 5x that of Y".

A second multiplier in a comparison often leaves its measure out and points back at it with a
pronoun and "of": "twice that of the A100", "about 5x those of an H100". The pronoun stands for
the measure of the multiplier before it in the sentence, and the product after "of" is the new
baseline.
"""

from __future__ import annotations

import re

from factlint.claims.language import Language, alternation
from factlint.claims.segments import Mention


class ReferredMeasures:
    """Finds a multiplier followed by a measure pronoun, "of" and a product ("5x that of an H100")."""

    def __init__(self, language: Language) -> None:
        self._pronoun_of = re.compile(
            rf"\s*{alternation(language.measure_pronouns, words=False, hyphens=False)}\s+of\s+"
            rf"(?:{alternation(language.product_next_articles, words=False, hyphens=False)}\s+)?",
            re.I,
        )

    def refers_back(self, text: str, end: int, mentions: list[Mention]) -> bool:
        """Return True when a measure pronoun and "of" lead from the multiplier ending at ``end``
        straight to a named product."""
        found = self._pronoun_of.match(text, end)
        return found is not None and any(mention.start == found.end() for mention in mentions)
