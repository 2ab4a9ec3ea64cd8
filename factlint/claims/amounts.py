"""Sums of money written without a currency sign: in a lease schedule's or an invoice's notes,
"Line 1 unit cost amended to 515,000.00" is a price in the document's currency."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from factlint.claims.fastre import compile_folded
from factlint.claims.language import alternation
from factlint.claims.quantities import Quantity

# Written as money: cents after the point, and either thousands grouped or three digits before it.
_AMOUNT = re.compile(r"\d{1,3}(?:,\d{3})+\.\d{2}|\d{3,}\.\d{2}")
_REACH = 80  # how far before the sum its price noun may stand


class BareAmounts:
    """Reads a bare sum after a price noun of the same clause as money."""

    def __init__(self, price_nouns: Iterable[str], old_words: Iterable[str]) -> None:
        nouns = alternation(tuple(price_nouns))
        # "unit cost was 249000.00 before the surcharge": an old sum, no price
        self._old_before = compile_folded(rf"(?<![\w\-]){alternation(tuple(old_words))}[ \t]*$", re.I)
        # The noun, then the rest of its clause: no full stop closing a sentence, no ";" or ":",
        # but a colon may end a label naming the price: "UNIT COST NET OF CREDIT: 142,000.00"
        self._noun_before = compile_folded(
            rf"(?<![\w\-]){nouns}(?![\w\-])(?:[^.;:!?]|\.(?=\d))*(?::[ \t]*)?$", re.I
        )

    def read(self, text: str, quantity: Quantity, currency: tuple[str, str]) -> Quantity:
        """Return ``quantity`` as a sum in ``currency`` (surface, unit) when it is written as money
        after a price noun ("unit value corrected from 33,900.00 to 31,500.00"), else unchanged."""
        if quantity.kind != "bare" or not _AMOUNT.fullmatch(text, quantity.start, quantity.end):
            return quantity
        if not self._noun_before.search(text, max(0, quantity.start - _REACH), quantity.start):
            return quantity
        if self._old_before.search(text, max(0, quantity.start - 20), quantity.start):
            return quantity
        return replace(quantity, kind="unit", unit=currency[0], unit_pint=currency[1])
