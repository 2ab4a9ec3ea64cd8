"""Figures written for a whole named system: "about 8.5 MW for the whole LUMI system".

A figure followed by "for the whole", "for the entire" or "across the whole" and a machine's
name measures that machine, even when a chip of it was named before the figure ("four MI250X
per node; about 8.5 MW for the whole LUMI system"): the phrase names what the figure is of
(``whole_system_openers``, decision 0219).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation
from factlint.claims.segments import Mention

_PARTS = ("chip", "card")  # kinds no "whole" system is


class WholeSystems:
    """Knows the phrases that give a figure to the whole machine named right after them."""

    def __init__(self, language: Language) -> None:
        self._opener_re = compile_folded(
            rf"[ \t]*\(?[ \t]*{alternation(language.whole_system_openers)}[ \t]+", re.I
        )

    def named_after(
        self, text: str, end: int, mentions: Sequence[Mention], kind: Callable[[str], str | None]
    ) -> str | None:
        """Return the machine named after "for the whole" right after the figure ending at ``end``,
        or None."""
        opener = self._opener_re.match(text, end)
        if opener is None:
            return None
        named = next((m for m in mentions if m.start >= opener.start()), None)
        if named is None or named.start != opener.end() or kind(named.entity) in _PARTS:
            return None
        return named.entity
