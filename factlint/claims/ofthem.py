"""Whose count "N of them" is: the plural noun right before it, when the sentence names one.

"a Trn2 instance strings 16 of them together" counts the chips of the instance named before;
"four 2,200 W PSUs, two of them redundant" counts power supplies, the plural noun the clause
before the comma ends in. Only a noun of a unit the pack knows (chips, cards, nodes) lets the
count stand for the chips of a container named earlier.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# "... PSUs, two of them": the plural word that ends the clause before the count
_NOUN_BEFORE = re.compile(r"([^\W\d_]{2,}s)\)?[ \t]*[,;:(][ \t]*$")


class OfThemNouns:
    """Tells a count "N of them" that counts some other plural noun than a unit of the pack's."""

    def __init__(self, unit_nouns: Iterable[str]) -> None:
        self._units = frozenset(noun.lower() for noun in unit_nouns)

    def counts_other_noun(self, text: str, start: int) -> bool:
        """Return True when the plural noun ending the clause before ``start`` is no unit noun."""
        found = _NOUN_BEFORE.search(text, max(0, start - 40), start)
        return found is not None and found.group(1).lower() not in self._units
