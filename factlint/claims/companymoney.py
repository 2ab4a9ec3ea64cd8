"""Tell money a company reports about itself: financial-statement items and property it bought.

Earnings releases and the filings around them (8-K exhibits, 10-Q, inline-XBRL facts) name
products and then give the company's own revenue, margin, capital spending and guidance, or the
price of a building it bought ("bought its Austin building for $96.0 million"). Those sums are
the company's results, never a product's price, even when a product was named a sentence before.
The words live in the language file (``financial_statement_nouns``, ``property_nouns``, their links
``financial_item_links`` and ``property_price_links``, and the ``purchase_verbs`` deployment counts
use). A product named between the word and the money keeps the money its own.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation
from factlint.claims.quantities import Quantity
from factlint.claims.segments import Mention

# Characters of one clause (a decimal point ends none: "$412.7 million and $3.1 billion").
_CLAUSE = r"(?:[^.;:!?\n]|\.(?=\d))"


class CompanyMoney:
    """Finds a company's financial-statement amounts and property purchases; one per language."""

    def __init__(self, language: Language, about_words: Sequence[str]) -> None:
        self._active = bool(language.financial_statement_nouns)
        if not self._active:
            return
        hedge = r"(?:" + alternation(list(about_words)) + r"\s*)?"
        item = alternation(language.financial_statement_nouns)
        # "Revenue of $412.7 million", "expects revenue between $450 million and $470 million"
        self._item_before = compile_folded(item + _CLAUSE + r"{0,60}$", re.I)
        # "$1,240.5 million on property and equipment", "$3 billion in revenue"
        links = alternation(language.financial_item_links)
        self._item_after = compile_folded(r"\s+" + links + r"\s+(?:[\w\-]+\s+){0,2}?" + item, re.I)
        # "bought its Round Rock building for $96.0 million"
        self._purchase = compile_folded(
            alternation(language.purchase_verbs)
            + r"[^.;:!?\d]{0,60}?"
            + alternation(language.property_nouns)
            + r"[^.;:!?\d]{0,30}?"
            + alternation(language.property_price_links)
            + r"\s+"
            + hedge
            + r"[~$]?$",
            re.I,
        )

    def is_company_money(self, text: str, quantity: Quantity, mentions: list[Mention]) -> bool:
        """Return True for money that is a company's financial-statement item or the price of
        property it bought, with no product named between the cue and the figure."""
        if not self._active or quantity.rate:
            return False
        start = max(0, quantity.start - 90)
        before = text[start : quantity.start]
        for pattern in (self._item_before, self._purchase):
            cue = pattern.search(before)
            if cue is not None and not _named_between(mentions, start + cue.start(), quantity.start):
                return True
        end = quantity.unit_end or quantity.end
        after = self._item_after.match(text, end)
        return after is not None and not _named_between(mentions, end, after.end())


def _named_between(mentions: list[Mention], start: int, end: int) -> bool:
    """Return True when an entity is mentioned within ``start``..``end`` of the segment text."""
    return any(start <= mention.start and mention.end <= end for mention in mentions)
