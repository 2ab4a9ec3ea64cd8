"""Tell money that is no price of a named thing: stock quotes, fleet averages, funding rounds.

"NVDA closed at $138.07" quotes a share, and so does every sum in the clause of an analyst's
"price target" ("our $245 price target on AMZN (currently $206.50)"); "average realized price
across the fleet was $2.31" averages a company's whole fleet; "a start-up raised $350M" funds a
company the text does not name. None of them prices a product, so none is a claim.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from factlint.claims.companymoney import CompanyMoney
from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation
from factlint.claims.quantities import Quantity
from factlint.claims.segments import Mention
from factlint.pack import ORGANIZATION, KnowledgePack


class UnheldMoney:
    """Finds sums of money held by no named product; one per pack and language."""

    def __init__(self, pack: KnowledgePack, language: Language, about_words: Sequence[str]) -> None:
        self._pack = pack
        self._company_money = CompanyMoney(language, about_words)
        # A hedge may stand between a marker and the figure: "raised roughly $350M".
        hedge = r"(?:" + alternation(list(about_words)) + r"\s*)?"
        # A ticker (all capitals) or "shares of X" before a quote verb: "NVDA closed at $138.07".
        self._share_price_re = re.compile(
            r"(?:\b[A-Z]{2,5}|(?i:"
            + alternation(language.share_nouns)
            + r")(?:\s+of\s+[\w.&]+)?)\s+(?i:"
            + alternation(language.share_price_verbs)
            + r")\s*[~$]?$"
        )
        funding = alternation(language.funding_words)
        # the noun in the figure's own clause: "Average realized price across the fleet was $2.31"
        self._aggregate_price_re = compile_folded(
            r"(?<![\w\-])" + alternation(language.aggregate_price_nouns) + r"(?![\w\-])[^.;:!?]*$", re.I
        )
        # the noun earlier in the figure's clause (a decimal point ends no clause), or right after it
        target = alternation(language.price_target_nouns)
        self._target_before = compile_folded(
            r"(?<![\w\-])" + target + r"(?![\w\-])(?:[^.;!?]|\.(?=\d))*$", re.I
        )
        self._target_after = compile_folded(r"\s+(?:[\w\-]+\s+)?" + target + r"(?![\w\-])", re.I)
        self._funding_before = compile_folded(funding + r"\s+(?:a\s+|an\s+)?" + hedge + r"[~$]?$", re.I)
        self._funding_after = compile_folded(r"(?:\s+[\w\-]+){0,2}?\s+" + funding, re.I)

    def is_unheld(self, text: str, quantity: Quantity, mentions: list[Mention]) -> bool:
        """Return True for money that is no price of a named thing: a stock quote ("NVDA closed
        at $138.07", any sum in the clause of a "price target"), a company's average over its
        fleet ("average realized price ... $2.31") or a funding round of an unnamed company ("a
        start-up raised $350M"), or a company's financial-statement item or property purchase
        ("Revenue of $412.7 million", "bought its building for $96.0 million")."""
        if self._company_money.is_company_money(text, quantity, mentions):
            return True
        before = text[max(0, quantity.start - 60) : quantity.start]
        end = quantity.unit_end or quantity.end
        if not quantity.rate and (self._target_before.search(before) or self._target_after.match(text, end)):
            return True
        if self._aggregate_price_re.search(before):
            return True  # a rate too: "$2.31 per GPU-hour"
        if quantity.rate or self._share_price_re.search(before):
            return not quantity.rate
        if not (self._funding_before.search(before) or self._funding_after.match(text, end)):
            return False
        kinds = {(e.kind if (e := self._pack.entity(m.entity)) else None) for m in mentions}
        return ORGANIZATION not in kinds
