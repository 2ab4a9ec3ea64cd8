"""Ratios whose baseline is named before the figure: "our measured ratio against the H100 is 2.7x".

A benchmark note names what it divides by first and gives the multiplier after a copula:
"the speedup over the A100 was 3x", "ratio vs. TPU v5e: 1.9x". The product after the
comparison word is the baseline, and the figure is a relative performance of the subject.
"""

from __future__ import annotations

import re

from factlint.claims.fastre import FoldedPattern, compile_folded
from factlint.claims.language import Language, alternation
from factlint.claims.segments import Mention

# between the baseline's name and the figure: a copula or a colon, perhaps a hedge
_COPULA = re.compile(
    r"\s*(?:,\s*)?(?:is|was|are|were|came\s+to|comes\s+to|of|:|=)\s*(?:about\s+|roughly\s+|~\s*)?"
)


class RatioBaselines:
    """Finds a ratio noun and a comparison word naming the baseline before a multiplier."""

    def __init__(self, language: Language) -> None:
        self._before: FoldedPattern | None = None
        if language.ratio_nouns:
            self._before = compile_folded(
                rf"{alternation(language.ratio_nouns)}(?:\s+of\s+[^.;:,\n]{{1,40}}?)?\s+"
                rf"{alternation(language.comparison_markers)}\s+(?:the\s+|an?\s+)?$",
                re.I,
            )

    def baseline(self, text: str, start: int, mentions: list[Mention]) -> str | None:
        """Return the product a ratio noun sets the multiplier at ``start`` against, or None."""
        if self._before is None:
            return None
        for mention in reversed(mentions):
            if mention.end > start:
                continue
            if _COPULA.fullmatch(text, mention.end, start) is None:
                return None
            found = self._before.search(text, max(0, mention.start - 80), mention.start)
            return mention.entity if found is not None else None
        return None
