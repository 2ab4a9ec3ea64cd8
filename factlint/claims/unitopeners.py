"""Blocks that open on one unit of what the block before named: "- Per card: 128 GB, 900 W".

An environment list or a plan names a product in one item ("8x Intel Gaudi 3 HL-325L OAM
cards", "UltraServers, each with 144 Trainium3 chips") and gives one unit's figures in the
next ("Per card: ...", "Per chip (AWS): ..."). The unit is the product of that scope named
last in the block before, not the document's topic or the family its heading names.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation


class UnitOpeners:
    """Finds the product a "Per <unit>:" opener refers back to."""

    def __init__(self, scope_of_noun: Mapping[str, str], language: Language) -> None:
        self._scope_of_noun = scope_of_noun
        nouns = alternation(sorted(scope_of_noun)) if scope_of_noun else r"(?!)"
        openers = alternation((*language.distributive_words, *language.single_counts))
        # "Per card:", "Each GPU (vendor figures):", "**Per chip** -": a label, then the figures
        self._opener = compile_folded(
            rf"[\s*_>]*{openers}\s+({nouns})[*_]*\s*(?:\([^()\n]{{0,40}}\)\s*)?[:\-–—]", re.I
        )

    def scope_opened(self, text: str) -> str | None:
        """Return the scope a block's "Per card:" opener names, or None."""
        match = self._opener.match(text)
        return self._scope_of_noun.get(match.group(1).lower()) if match else None

    def named_unit(
        self,
        before: Sequence[str],
        scope: str,
        names_in: Callable[[str], list[str]],
        kind: Callable[[str], str | None],
    ) -> str | None:
        """Return the product of kind ``scope`` named last in the nearest of ``before`` (latest
        last) that names any product, or None."""
        for text in reversed(before):
            names = names_in(text)
            if names:
                return next((name for name in reversed(names) if kind(name) == scope), None)
        return None
