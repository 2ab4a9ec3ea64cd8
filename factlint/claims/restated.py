"""Tell a past figure that the next clause restates in the present tense.

"The rate was $75.00/h in December; it is $68.80/h since 1 February": the first figure held
once and no longer does, so it is no claim; the second is. Only a figure right after a past
copula ("was", "were", "used to be") or a past "listed" counts, and the restating clause must open
on a present one ("it is", "they are", "the figure is") followed straight by a figure.
"""

from __future__ import annotations

import re

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation

# a past copula, or a catalogue's past "listed"/"gave" ("the sheet listed 400 MB; the figure is 440 MB")
_PAST_BEFORE = compile_folded(
    r"\b(?:was|were|used\s+to\s+be|had\s+been|(?:was\s+|were\s+)?(?:listed|given|quoted)(?:\s+(?:as|at))?|gave)"
    r"\s+(?:(?:about|around|roughly|only|just)\s+)?[~≈$€£]?\s*$",
    re.I,
)


class RestatedFigures:
    """Finds past figures superseded by a present restatement; one per language."""

    def __init__(self, language: Language) -> None:
        # the past figure's clause may end on a short time phrase: "in December", "until last week";
        # a comment marker may continue it on the next line
        self._restated_after = compile_folded(
            r"[^.;,!?\d]{0,40}[;,]\s*(?:but\s+|and\s+)?"
            + alternation(language.restatement_openers)
            + r"\s+(?:(?:about|around|roughly|only|just)\s+)?[~≈$€£]?\s*\d",
            re.I,
        )

    def is_superseded(self, text: str, start: int, end: int) -> bool:
        """Return True when the figure at ``start``..``end`` follows a past copula and the next
        clause restates it in the present ("was 700 W at launch; it is 750 W today")."""
        return (
            _PAST_BEFORE.search(text, max(0, start - 40), start) is not None
            and self._restated_after.match(text, end) is not None
        )


__all__ = ["RestatedFigures"]
