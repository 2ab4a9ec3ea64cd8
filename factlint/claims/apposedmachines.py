"""Chips counted before an unnamed machine noun that an aside then names: "8x H100 box (P5)".

A forum post or a note sizes a machine by its chips and names it in passing: "our 8x H100
box (P5)", "an 8x H200 server, the DGX H200, ...". The "8x" counts the chips of the machine
named right after the noun, so it is that machine's chip count, not a multiplier.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from factlint.claims.comparedmachines import machine_noun_after
from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation
from factlint.claims.segments import Mention


class ApposedMachines:
    """Knows when the chips counted by "8x" make up a machine named right after a machine noun."""

    def __init__(self, language: Language) -> None:
        articles = alternation(language.articles)
        # "H100 box (", "H100 SXM server, the ", "H200 node, a ": the noun, then an aside or an appositive
        self._noun_then_name = compile_folded(
            rf"{machine_noun_after(language)}[ \t]*(?:\([ \t]*|,[ \t]*{articles}[ \t]+)", re.I
        )

    def machine_after(
        self, text: str, chip_end: int, mentions: list[Mention], is_machine: Callable[[str], bool]
    ) -> str | None:
        """Return the machine named by an aside or appositive right after the machine noun that follows
        the counted chip ending at ``chip_end`` ("8x H100 box (P5)" gives P5), or None."""
        gap = self._noun_then_name.match(text, chip_end)
        if gap is None:
            return None
        named = next((m for m in mentions if m.start >= gap.end()), None)
        if named is None or named.start != gap.end() or not is_machine(named.entity):
            return None
        return named.entity
