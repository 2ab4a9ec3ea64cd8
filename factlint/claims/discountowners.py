"""Find the product a discount is worked out for later in its sentence: "upon a 12-month reservation
we give 22% discount; the reserved tariff of the X is thus ...".

A provider's notice states its commitment discounts for every configuration at once and then works
one of them out. The discount names no product before it; the clause after it that gives a
product's committed rate ("the reserved tariff of X", "the committed rate for X") names the product
the text prices the discount on, which the labelling conventions give the cost saving to
(tests/eval/README.md, rule 9).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from factlint.claims.language import Language, alternation
from factlint.claims.segments import Mention

_REACH = 200  # characters after the discount (in its sentence) in which its worked-out rate may stand


class DiscountOwners:
    """Finds the product whose committed rate the text works a discount out for; one per language."""

    def __init__(self, language: Language) -> None:
        commitment = alternation(language.commitment_headers)
        rate = alternation(language.committed_rate_nouns)
        # "the reserved tariff of the", "the 12-month committed rate for": right before the product
        self._rate_of = re.compile(
            rf"{commitment}(?:\s+[\w\-]+)?\s+{rate}\s+(?:of|for)\s+(?:the\s+)?[`'\"“‘]?$", re.I
        )

    def owner(self, text: str, end: int, mentions: Sequence[Mention]) -> str | None:
        """Return the product named after a discount ending at ``end`` in its sentence ``text``, as the
        owner of a committed rate ("...; the reserved tariff of the X is ..."), or None."""
        limit = end + _REACH
        after = sorted((m for m in mentions if end <= m.start < limit), key=lambda m: m.start)
        if not after:
            return None
        first = after[0]
        if self._rate_of.search(text, max(end, first.start - 60), first.start) is None:
            return None
        return first.entity
