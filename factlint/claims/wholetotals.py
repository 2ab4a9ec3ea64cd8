"""A figure a remark says was the whole machine's total: "8 TB per RDU; that was the total for the system".

A changelog or erratum often keeps a figure and moves it to another scope of the same product: "rev 6
said 8 TB per RDU; that was the total for the system", "listed 1.5 TB per GPU, which is the sum for the
whole node". The figure is then a true claim of the machine named before it, not a withdrawn one, as a
figure handed to another product is (decision 0197). The words are the language's (english.yaml) and
the scope nouns the pack's.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from factlint.claims.language import Language, alternation


class WholeTotals:
    """Finds the scope noun a remark after a figure says the figure is the total of."""

    def __init__(self, language: Language, scope_nouns: Iterable[str]) -> None:
        nouns = list(scope_nouns)
        self._totals = tuple(phrase.split()[0].lower() for phrase in language.whole_total_nouns)
        self._remark = None
        if language.whole_total_nouns and language.reassignment_copulas and nouns:
            # a few words of the figure's own clause, the clause break, "that was the total for the <noun>"
            articles = alternation(language.articles)
            self._remark = re.compile(
                r"(?:[ \t]+[^\W\d][\w\-']*){0,6}?[ \t]*(?:[;:,(]|\.(?=\s)|[ \t][-–—])[ \t\n]*"
                rf"{alternation(language.reassignment_copulas)}[ \t]+(?:{articles}[ \t]+)?"
                rf"{alternation(language.whole_total_nouns)}[ \t]+(?:{articles}[ \t]+)?"
                rf"(?:{alternation(language.whole_part_words)}[ \t]+)?"
                rf"(?P<noun>{alternation(nouns)})(?![\w\-])",
                re.I,
            )

    def noun(self, text: str, end: int) -> str | None:
        """Return the scope noun a remark right after the figure ending at ``end`` makes it the
        total of ("; that was the total for the system" -> "system"), or None."""
        if self._remark is None:
            return None
        window = text[end : end + 160].lower()
        if not any(word in window for word in self._totals):
            return None
        found = self._remark.match(text, end)
        return found.group("noun") if found is not None else None
