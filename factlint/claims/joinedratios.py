"""Tell a ratio joined to the ratio before it: "2.7x the A10G and roughly 1.9x the L4", "30%, or 40%".

A multiplier or a percentage that "and", "or" or a comma adds to the ratio before it, or that
ends a clause whose verb is gapped ("lowers the price by 55% compared with on-demand; a
1-year CUD by 37%"), measures what the first one does.
"""

from __future__ import annotations

import re

from factlint.claims.language import Language, alternation


class JoinedRatios:
    """Finds ratios listed after a ratio of the same attribute; one per language."""

    def __init__(self, language: Language) -> None:
        articles = alternation(language.articles, words=False, hyphens=False)
        by = alternation(language.ratio_prepositions, words=False, hyphens=False)
        approximate = alternation(language.approximators, words=False, hyphens=False)
        # a clause with its verb gapped, naming only what differs and "by" the ratio
        self._gapped_ratio = re.compile(
            rf"[^.!?;]{{0,60}};\s*{articles}\s+[^;:.!?,]{{1,40}}?\s+{by}\s+{approximate}?\s*$"
        )
        # Between two ratios of one list: "... of the A10G and roughly 1.9x", "30%, or about 40%".
        self._joined_ratio = re.compile(rf"^[^;:.!?]{{0,40}}?(?:,|\sand|\sor)\s+{approximate}?\s*$")

    def joins(self, text: str, previous_end: int, start: int) -> bool:
        """Return True when the text from ``previous_end`` to ``start`` joins a ratio to the ratio
        ending at ``previous_end``."""
        return (
            self._joined_ratio.match(text, previous_end, start) is not None
            or self._gapped_ratio.match(text, previous_end, start) is not None
        )
