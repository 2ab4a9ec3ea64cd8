"""Pronouns closed inside an aside: "8 GB (its own DRAM)" speaks for nothing after the ")".

A pronoun in a parenthesis that opens and closes before a figure refers inside that aside ("the
first part with its own DRAM"); it does not make a later figure's subject a pronoun. Between a
product's name and a figure, only a pronoun outside such closed asides ("... and it draws 2.5 W")
carries the topic to the figure.
"""

from __future__ import annotations

import re

from factlint.claims.fastre import FoldedPattern


def open_search(pattern: FoldedPattern, text: str, start: int, end: int) -> re.Match[str] | None:
    """Return the first match of ``pattern`` in ``text[start:end]`` outside every parenthesis that
    closes before ``end``, or None.

    A cheap guard keeps the common case (no ")" in the span) a single search.
    """
    match = pattern.search(text, start, end)
    if match is None or ")" not in text[match.end() : end]:
        return match
    while match is not None:
        opened = text.rfind("(", start, match.start())
        closed = text.find(")", match.end(), end)
        if opened == -1 or closed == -1 or ")" in text[opened : match.start()]:
            return match
        match = pattern.search(text, closed + 1, end)
    return None
