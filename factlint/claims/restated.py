"""Tell a past figure that the next clause restates in the present tense.

"The rate was $75.00/h in December; it is $68.80/h since 1 February": the first figure held
once and no longer does, so it is no claim; the second is. Only a figure right after a past
copula ("was", "were", "used to be"), a past "listed" or a tool's past "printed"/"showed" counts,
and the restating clause must open on a present one ("it is", "they are", "the figure is"), or
name its subject and say what it "now" holds ("the catalogue now holds 300 W"), followed straight
by a figure.
"""

from __future__ import annotations

import re

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation

# a past copula, or a catalogue's past "listed"/"gave" ("the sheet listed 400 MB; the figure is 440 MB")
_PAST_BEFORE = compile_folded(
    r"\b(?:was|were|used\s+to\s+be|had\s+been|(?:was\s+|were\s+)?(?:listed|given|quoted)(?:\s+(?:as|at))?|gave"
    # a tool's or a page's past output: "versions before 2.1 printed 350 W"
    r"|printed|showed|displayed)"
    r"\s+(?:(?:about|around|roughly|only|just)\s+)?[~≈$€£]?\s*$",
    re.I,
)


class RestatedFigures:
    """Finds past figures superseded by a present restatement; one per language."""

    def __init__(self, language: Language) -> None:
        # "the catalogue now holds", "it now shows": a subject of up to three words, "now", a present verb
        now_restated = (
            r"|(?:[\w\-]+\s+){1,3}now\s+" + alternation(language.restatement_verbs)
            if language.restatement_verbs
            else ""
        )
        # the past figure's clause may end on a short time phrase: "in December", "until last week";
        # a comment marker may continue it on the next line
        self._restated_after = compile_folded(
            # the past clause may name a product with digits in it ("for the L40"), never another figure
            r"(?:[^.;,!?\d]|(?<=[A-Za-z])\d+){0,40}[;,]\s*(?:but\s+|and\s+)?(?:"
            + alternation(language.restatement_openers)
            + now_restated
            + r")\s+(?:(?:about|around|roughly|only|just)\s+)?[~≈$€£]?\s*\d",
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
