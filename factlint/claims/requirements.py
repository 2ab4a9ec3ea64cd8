"""Requirements of a tender or specification: figures a buyer asks for, which describe no product."""

from __future__ import annotations

import re

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation

_REACH = 40  # how far around a figure its threshold words may stand


class Requirements:
    """Tells a required figure ("350 W or less per card") from a figure of a product."""

    def __init__(self, language: Language) -> None:
        self._wish_re = None
        if language.wish_verbs and language.wish_nouns and language.wish_bounds:
            bound = alternation(language.wish_bounds)
            verbs, nouns = alternation(language.wish_verbs), alternation(language.wish_nouns)
            self._wish_re = compile_folded(
                rf"(?<![\w-])(?:{verbs}[ \t]*{bound}|{nouns}[ \t]*(?:[:=]|\bof\b|\bis\b)[ \t]*(?:{bound})?)"
                r"[ \t]*[$€£]?$",
                re.I,
            )
        self._owned_re = None
        if language.owned_limit_nouns and language.owner_words:
            owners, limits = alternation(language.owner_words), alternation(language.owned_limit_nouns)
            self._owned_re = compile_folded(
                rf"(?<![\w-])(?:{owners}|[\w-]+['’]s)[ \t]+(?:[\w-]+[ \t]+){{0,2}}{limits}"
                r"[ \t]*(?:\bof\b|[:=])[ \t]*$",
                re.I,
            )
        self._requirement_re = compile_folded(alternation(language.requirement_headers), re.I)
        # "Offered (per GPU)", "Proposed value": the header's first word says the column is an offer
        self._offer_re = compile_folded(alternation(language.offer_headers) + r"(?![\w-])", re.I)
        self._before_re = compile_folded(alternation(language.threshold_openers) + r"[\s:\"'“~$]*$", re.I)
        self._after_re = compile_folded(
            r"(?:\s*[A-Za-z/%]+){0,2}?\s+" + alternation(language.threshold_closers), re.I
        )

    def is_wished(self, text: str, start: int) -> bool:
        """Return True when the figure at ``start`` is what someone wants: "cust wants < $1.5M"."""
        if self._wish_re is None or self._wish_re.search(text, max(0, start - _REACH), start) is None:
            return False
        # "its liquid-cooled ceiling of 760 W": a product's own limit, stated, not wanted
        return self._owned_re is None or self._owned_re.search(text, max(0, start - _REACH), start) is None

    def is_requirement_table(self, headers: tuple[str, ...]) -> bool:
        """Return True when a column header says the table lists requirements ("| Requirement |")."""
        return any(self._requirement_re.fullmatch(header.strip()) for header in headers)

    def offer_column(self, headers: tuple[str, ...]) -> bool:
        """Return True when a requirements table also has a column of what was offered."""
        return any(self._offer_re.match(header.strip(" *_")) for header in headers)

    def is_requirement_header(self, header: str) -> bool:
        """Return True for the header of a column of requirements ("Required", "Minimum requirement")."""
        return self._requirement_re.fullmatch(header.strip(" *_")) is not None

    def is_required(self, text: str, start: int, end: int) -> bool:
        """Return True when the figure at ``text[start:end]`` is a bound a requirement asks for.

        The bound ("700 TOPS or more", "not to exceed 12 kW", "no less than 48 GB") must stand
        in a sentence that speaks of a requirement ("Requirement 3.1.4 is amended to read ..."):
        "the system shall not exceed 17 MW" of an awarded system still states its limit.
        """
        bounded = self._before_re.search(text, max(0, start - _REACH), start) or self._after_re.match(
            text[end : end + _REACH]
        )
        return bool(bounded and self._requirement_re.search(text))
