"""A list of rates that drops the time unit at its tail: "B200 at $3.50/GPU-hr, MI355X around
$2.60/GPU-hr, and MI300X down to $1.49" prices the MI300X per GPU-hour too."""

from __future__ import annotations

import re
from dataclasses import replace

from factlint.claims.quantities import Quantity

MIN_RATED = 2  # rated figures before the bare one: one alone may be a rate beside a sale price
MAX_SPREAD = 10.0  # a tail worth ten times the largest rate is another kind of money
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)|\n\s*\n")


def share_rates(quantities: list[Quantity], text: str) -> list[Quantity]:
    """Return ``quantities`` with each money figure of no time unit that follows two or more
    figures of money per one and the same time unit, in the same sentence, given that unit.

    The figure must be of the same order as the rates (at most ``MAX_SPREAD`` times the
    largest): "$2.10/hr to rent, $3.20/hr reserved, $25,000 to buy" keeps its sale price.
    """
    shared: list[Quantity] = []
    rated: list[Quantity] = []
    for quantity in quantities:
        if rated and _SENTENCE_END.search(text, rated[-1].end, quantity.start):
            rated = []
        if quantity.unit_pint != "USD":
            shared.append(quantity)
            continue
        if quantity.rate is not None:
            rated = [q for q in rated if q.rate == quantity.rate] + [quantity]
            shared.append(quantity)
            continue
        if (
            len(rated) >= MIN_RATED
            and quantity.scale == 1.0
            and quantity.high <= MAX_SPREAD * max(q.high for q in rated)
        ):
            quantity = replace(quantity, rate=rated[-1].rate)
        shared.append(quantity)
    return shared
