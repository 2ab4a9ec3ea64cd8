"""Tell a figure given of a part of a product: "a quarter of the Bow Pod64 (one Bow Pod16) at $96 per hour".

A fraction of a product ("a quarter of the X", "half of an X") is what the figure after it is
about, not the product: the figure is the part's. When the text names the part right after in
brackets ("(one Bow Pod16)") the figure is that product's; otherwise it is no claim of the whole.
The fraction words are the language's (english.yaml).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation
from factlint.claims.segments import Mention

_CLAUSE_BREAK = re.compile(r"[;:.!?]\s|\d")


@dataclass(frozen=True)
class PartOwner:
    """The part a figure is given of: ``entity`` is the product the brackets name, or None."""

    entity: str | None


class FractionParts:
    """Finds the fraction of a product a figure is said of; one per language."""

    def __init__(self, language: Language) -> None:
        determiners = alternation(language.baseline_determiners)
        self._fraction = compile_folded(
            rf"(?<![\w\-]){alternation(language.fraction_words)}\s+of\s+(?:{determiners}\s+){{0,2}}\Z", re.I
        )
        singles = alternation((*language.articles, *language.single_counts))
        self._named_part = compile_folded(rf"[ \t]*\([ \t]*(?:{singles}[ \t]+)?\Z", re.I)

    def owner(self, text: str, start: int, mentions: list[Mention]) -> PartOwner | None:
        """Return the part the figure at ``start`` is given of, or None when the product named
        last before it is no fraction ("a quarter of the X ... at $96" -> the part)."""
        before = [m for m in mentions if m.end <= start]
        if not before:
            return None
        last = before[-1]
        whole = last
        if len(before) > 1 and self._named_part.match(text, before[-2].end, last.start) is not None:
            whole = before[-2]  # "a quarter of the Bow Pod64 (one Bow Pod16)"
        if self._fraction.search(text, max(0, whole.start - 40), whole.start) is None:
            return None
        if _CLAUSE_BREAK.search(text, last.end, start) or text.startswith(("'s", "’s"), last.end):
            return None  # the figure is in a clause of its own, or the whole's ("half of the X's 80 GB")
        return PartOwner(last.entity if last is not whole else None)


__all__ = ["FractionParts", "PartOwner"]
