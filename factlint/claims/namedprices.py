"""Money quoted "at" right after a product or a sold item: "Coral USB Accelerator at $59.99",
"24x Hailo-8 at $189", "the 4-chip card at $1,390", "order 2 at $499".

Shopping lists, quotes, budgets and task lists price things with "at" and no price word: the name
(or the noun of the sold unit, from ``english.yaml`` ``priced_item_nouns``) stands right before
"at", or a purchase verb with a count does ("order 1 at $3,499"). Anything else before "at"
("valued at", "closed at", "capped at", "peaked at") is left to the other rules.
"""

from __future__ import annotations

import re

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation

# up to four words (a name like "Coral USB Accelerator", "AI Kit"), then the joiner ("at") and a short hedge
_NAME_WORDS = r"((?:[\w.+]+(?:-[\w.+]+)*[ \t]+){0,3}[\w.+]+(?:-[\w.+]+)*)"


class NamedPrices:
    """Tells money that prices the product or item named right before "at"."""

    def __init__(self, language: Language) -> None:
        self._nouns = frozenset(noun.lower() for noun in language.priced_item_nouns)
        self._joiners = tuple(joiner.lower() for joiner in language.item_price_joiners)
        self._before_joiner = re.compile(
            _NAME_WORDS
            + r"[ \t]+"
            + alternation(language.item_price_joiners)
            + r"(?:[ \t]+"
            + alternation(language.item_price_hedges)
            + r")?[ \t]*~?[ \t]*$",
            re.I,
        )
        self._bought_re = compile_folded(
            rf"(?<![\w]){alternation(language.unit_purchase_verbs)}[ \t]+\d{{1,4}}$", re.I
        )

    def priced(self, text: str, start: int, known_names: frozenset[str]) -> bool:
        """Return True when the money starting at ``start`` follows "<name or item> at" (a joiner)."""
        before = text[max(0, start - 20) : start].lower()
        if not any(joiner in before for joiner in self._joiners):
            return False
        found = self._before_joiner.search(text, max(0, start - 60), start)
        if found is None:
            return False
        words = found.group(1).lower().split()
        if words[-1] in self._nouns or (len(words) > 1 and " ".join(words[-2:]) in self._nouns):
            return True
        if any(" ".join(words[i:]) in known_names for i in range(len(words))):
            return True
        return self._bought_re.search(text, found.start(1), found.end(1)) is not None
