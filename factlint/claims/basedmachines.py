"""Figures per chip in an aside on machines built on a named chip: "MI355X-based servers (288 GB per GPU)".

The machines are unnamed, so their own figures are no claims (tests/eval/README.md, rule 1), but a
figure the aside states per chip ("per GPU", "/accelerator") is the named chip's: the servers'
name only says which chip they carry.
"""

from __future__ import annotations

import re

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation
from factlint.claims.segments import MODIFIER, Mention
from factlint.pack import PART_KINDS, KnowledgePack


class BasedMachines:
    """Knows the words of "<chip>-based <machine noun> (" and of a rate per chip."""

    def __init__(self, pack: KnowledgePack, language: Language) -> None:
        suffixes = alternation(language.modifier_suffixes, words=False)
        part_nouns = [noun for scope, nouns in pack.scopes if scope in PART_KINDS for noun in nouns]
        parts_seen = False
        machine_nouns: list[str] = []
        for scope, nouns in pack.scopes:  # innermost first: every scope after the card's holds chips
            if parts_seen and scope not in PART_KINDS:
                machine_nouns.extend(nouns)
            parts_seen = parts_seen or scope == "card"
        self._aside_open = compile_folded(
            rf"\s*{suffixes}\s+(?:[\w\-]+\s+){{0,2}}?{alternation(machine_nouns)}\s*\(", re.I
        )
        per = alternation(language.part_rate_words, words=False, hyphens=False)
        self._per_part = compile_folded(rf"\s*{per}\s*{alternation(part_nouns)}", re.I)

    def aside_chip(self, text: str, start: int, mentions: list[Mention]) -> str | None:
        """Return the chip named before the machines whose aside holds offset ``start``, or None.

        The aside must open right after "<chip>-based <machine noun>", with no name between it
        and ``start`` and not closed before it.
        """
        before = [mention for mention in mentions if mention.end <= start]
        if not before or before[-1].role != MODIFIER:
            return None  # a name nearer the figure owns it
        opened = self._aside_open.match(text, before[-1].end)
        if opened is None or opened.end() > start or ")" in text[opened.end() : start]:
            return None
        return before[-1].entity

    def per_part(self, text: str, end: int) -> bool:
        """Return True when a rate per chip or card follows a figure ending at ``end`` ("per GPU")."""
        return self._per_part.match(text, end) is not None
