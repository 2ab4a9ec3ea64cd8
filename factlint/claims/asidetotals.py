"""Totals written beside a per-chip figure: "141 GB per GPU (564 GB in total)", "48 GB each, 384 GB total".

A line that sizes one chip often adds the sum over the machine's chips in an aside right after it.
The later figure leaves out a rate, but it does not share the earlier "per GPU": a total word right
after it ("in total", "total", "i alt") or right before it ("in total 564 GB", "i alt 2.048 GB")
says it is summed over the chips, so it is the machine's, named in the sentence or heading. The
words are the language's ``total_markers`` (english.yaml).
"""

from __future__ import annotations

import re

from factlint.claims.language import Language, alternation


class AsideTotals:
    """Knows when a figure is marked as a sum by a total word next to it."""

    def __init__(self, language: Language) -> None:
        words = alternation(language.total_markers)
        gap = r"(?:[ \t]*\n[ \t]*|[ \t]+)"  # a wrapped line may break between the figure and its word
        # after the figure: at most one describing word ("564 GB HBM3e in total"), then the total word
        self._after = re.compile(rf"(?:{gap}[^\W\d][\w\-]*)?{gap}{words}(?![\w\-])", re.I)
        # before it: the total word ending right before the figure ("in total 564 GB", "i alt 2.048 GB")
        self._before = re.compile(rf"(?<![\w\-]){words}\s*(?:of\s+)?\Z", re.I)
        self._words = tuple(word.lower() for word in language.total_markers)

    def is_total(self, text: str, start: int, end: int) -> bool:
        """Return True when a total word stands right after the figure ending at ``end`` or right
        before the one starting at ``start``."""
        window = text[max(0, start - 16) : end + 24].lower()
        if not any(word in window for word in self._words):
            return False
        if self._after.match(text, end) is not None:
            return True
        return self._before.search(text[max(0, start - 16) : start]) is not None
