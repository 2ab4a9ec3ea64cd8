"""Limits a rule sets, named as such: "below the minimum of 192 GB per GPU required in item 4.2".

A figure after a definite limit noun ("the minimum of", "the maximum of", "the threshold of") and
followed, a few words on, by a participle of a requirement ("required", "allowed", "stipulated") is
the bound a tender, a standard or a rule sets. It describes no product, even when a product stands
in the same sentence ("it offered 128 GB each, below the minimum of 192 GB per GPU required").
Without the participle the limit may be the product's own ("the maximum of 700 W the card draws"),
and an owned limit ("its ceiling of 760 W") is never one.
"""

from __future__ import annotations

import re

from factlint.claims.fastre import FoldedPattern, compile_folded
from factlint.claims.language import Language, alternation

_REACH = 40  # how far before a figure its limit noun may stand


class RequiredLimits:
    """Tells a limit a rule sets ("the minimum of 64 GB required") from a product's figure."""

    def __init__(self, language: Language) -> None:
        self._attributive: FoldedPattern | None = None
        self._determined: FoldedPattern | None = None
        if language.attributive_requirement_nouns and language.requirement_determiners:
            # the figure's unit may run on as a compound ("GB-per-GPU"); then at most one noun
            self._attributive = compile_folded(
                r"(?:-[A-Za-z][\w-]*)?(?:[ \t]+[A-Za-z][\w-]*)?[ \t]+"
                + alternation(language.attributive_requirement_nouns)
                + r"(?![\w-])",
                re.I,
            )
            self._determined = compile_folded(
                r"(?<![\w-])" + alternation(language.requirement_determiners) + r"[ \t]+[~≈$€£]?[ \t]*$", re.I
            )
        self._enabled = bool(
            language.limit_determiners and language.required_limit_nouns and language.requirement_participles
        )
        if not self._enabled:
            return
        self._before = compile_folded(
            r"(?<![\w-])"
            + alternation(language.limit_determiners)
            + r"[ \t]+(?:[\w-]+[ \t]+)?"  # one modifier: "the contractual minimum of"
            + alternation(language.required_limit_nouns)
            + r"[ \t]+of[ \t]+[~≈$€£]?[ \t]*$",
            re.I,
        )
        # a unit and up to four words ("per GPU", "of HBM per card") before the participle, no other figure
        self._after = compile_folded(
            r"(?:[ \t]*[^\s\d.,;:!?()]+){0,4}?[ \t]+" + alternation(language.requirement_participles), re.I
        )

    def is_attributive_requirement(self, text: str, start: int, end: int) -> bool:
        """Return True when the figure at ``start``..``end`` modifies a requirement noun after a
        determiner: "the 288 GB-per-GPU requirement", "a 700 W power requirement"."""
        if (
            self._attributive is None
            or self._determined is None
            or self._attributive.match(text, end) is None
        ):
            return False
        return self._determined.search(text, max(0, start - _REACH), start) is not None

    def is_required_limit(self, text: str, start: int, end: int) -> bool:
        """Return True when the figure at ``start``..``end`` is a limit a rule sets: "the minimum
        of 192 GB per GPU required"."""
        if not self._enabled or self._after.match(text, end) is None:
            return False
        return self._before.search(text, max(0, start - _REACH), start) is not None


__all__ = ["RequiredLimits"]
