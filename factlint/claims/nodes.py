"""Rows and headings about an unnamed multi-chip node: "H100 SXM x8", "8x H100", "8-GPU nodes".

A price or network figure in such a row holds for the whole node, so it is the chip's
figure at instance scope (or the scope the heading's noun names: "8-GPU servers"). A
chip-to-chip link (NVLink) and an explicit "per GPU" figure stay per chip.
"""

from __future__ import annotations

import re

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation
from factlint.claims.segments import Mention
from factlint.pack import KnowledgePack

NODE_SCOPE = "instance"  # "H100 SXM x8" names no container noun: a node is an instance
_TIMES_AFTER = re.compile(r"\s?[x×]\s?\d{1,3}(?![\w.,])")  # "H100 SXM x8"
_TIMES_BEFORE = re.compile(r"^[\W_]*\d{1,3}\s?[x×]\s*$")  # "8x H100" opening its line or label
_ITEM_BREAK = re.compile(r"[·•|,;\n]")
_RIGHT_BEFORE = re.compile(r"(?:\s+[\w\-]+){0,2}\s*[~$]?")  # "8-GPU nodes| at |$27.92/hr"


class NodeScopes:
    """Knows one pack's chip nouns, container nouns and chip-to-chip links."""

    def __init__(self, pack: KnowledgePack, language: Language) -> None:
        ranks = {scope: rank for rank, scope in enumerate(pack.scope_names)}
        outer = {
            noun.lower(): scope
            for scope, nouns in pack.scopes
            for noun in nouns
            if ranks[scope] > ranks.get("chip", 0)
        }
        chips = [noun for scope, nouns in pack.scopes for noun in nouns if scope == "chip"]
        self._scope_of = outer
        # "a single 8-GPU platform holds", "an eight-accelerator Gaudi 3 system at": in a
        # sentence, the node is the subject when a chip may be named inside the phrase.
        counts = alternation([word for word, value in language.number_words if 2 <= value <= 999])
        self._subject_count_re = compile_folded(
            rf"(?<![\w.,])(?:\d{{1,3}}|{counts})[\s\-]?{alternation(chips)}[\s\-]+"
            rf"(?:[\w.\-]+\s+){{0,3}}?({alternation(list(outer))})(?![\w\-])",
            re.I,
        )
        # "8-GPU nodes", "16 chip servers": a count of chips naming the node's noun.
        self._count_re = compile_folded(
            rf"(?<![\w.,])\d{{1,3}}[\s\-]?{alternation(chips)}[\s\-]+({alternation(list(outer))})", re.I
        )
        self._links = compile_folded(alternation(pack.chip_links), re.I) if pack.chip_links else None

    def scope_of(self, text: str, mentions: list[Mention], entity: str, *, title: bool) -> str | None:
        """Return the scope of the node a line, label or heading describes, or None.

        ``mentions`` are the entity mentions of ``text``; a node of another chip ("MI300X
        x8" for a figure of the H100) describes nothing here. "8-GPU nodes" counts only in
        a ``title`` (heading, row label, column header): in a sentence it is an aside.
        """
        count = self._count_re.search(text) if title else None
        if count is not None:
            return self._scope_of.get(" ".join(count.group(1).lower().split()), NODE_SCOPE)
        for mention in mentions:
            if mention.entity != entity:
                continue
            line_before = text[: mention.start].rsplit("\n", 1)[-1]
            if _TIMES_AFTER.match(text, mention.end) or _TIMES_BEFORE.match(line_before):
                return NODE_SCOPE
        return None

    def scope_in_sentence(
        self, text: str, start: int, end: int, mentions: list[Mention], entity: str
    ) -> str | None:
        """Return the scope of an "8-GPU server" phrase in text[start:end], the stretch before a figure.

        The phrase must be the last word on the entity before the figure: "8-GPU servers
        carry H100s with 80 GB each" names the chip again after it, so 80 GB stays per chip.
        """
        found = None
        # The count opening the phrase may itself be the previous figure ("8-GPU" read as a
        # count of chips): then the phrase must lead straight to this figure ("8-GPU nodes at
        # $27/hr"), not stand in an aside ("The H100, sold in 8-GPU servers, draws 700 W").
        for match in self._subject_count_re.finditer(text, text.rfind("\n", 0, start) + 1, end):
            if match.start() >= start or (
                match.end() >= start and _RIGHT_BEFORE.fullmatch(text, match.end(), end)
            ):
                found = match
        if found is None or any(
            m.entity == entity and m.start >= found.end() for m in mentions if m.start < end
        ):
            return None
        return self._scope_of.get(" ".join(found.group(1).lower().split()), NODE_SCOPE)

    def is_chip_link(self, text: str, start: int, end: int, others: list[tuple[int, int]]) -> bool:
        """Return True when the figure at text[start:end] is a chip-to-chip link's ("NVLink 900 GB/s").

        The link's name must stand in the figure's own item: between the figures or item
        breaks (· | , ;) on either side of it.
        """
        if self._links is None:
            return False
        breaks = [match.end() for match in _ITEM_BREAK.finditer(text, 0, start)]
        left = max([0, *(e for _, e in others if e <= start), *breaks])
        right = min([len(text), *(s for s, _ in others if s >= end)])
        item_end = _ITEM_BREAK.search(text, end, right)
        return self._links.search(text, left, item_end.start() if item_end else right) is not None
