"""Pack machines a document fills: a server the pack leaves open holds the parts the text counts in it.

A pack server such as a barebone GPU server takes whatever cards its buyer fits, so the pack gives
it no containment. "one G293-Z43 with eight Cloud AI 100 Ultra cards" fills it for this document:
a figure "per card" or "per chip" said of it afterwards is its cards' (``Resolver.fit_scope`` moves
it as it moves a pack container's figure). A machine the document fills with two different parts
(one host of Flex 170s, another of Flex 140s) stays open.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from factlint.claims.entities import EntityMatcher
from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation
from factlint.models import Block
from factlint.pack import Containment, Entity, KnowledgePack

_MACHINE_KINDS = frozenset({"server", "instance"})
_PART_KINDS = frozenset({"chip", "card"})
# What may stand between the count and the part's name: one maker's word ("eight Qualcomm ...").
_MAKER = re.compile(r"(?:[A-Z][\w-]*[ \u00a0]+)?")


class MachineFilling:
    """Finds the pack machines a document fills with a counted part, for one language."""

    def __init__(self, language: Language) -> None:
        verbs = alternation(language.container_verbs, hyphens=False)
        self._link = compile_folded(rf",?[ \u00a0]+(?:{verbs})[ \u00a0]+", re.I)
        words = alternation(tuple(word for word, _ in language.number_words), hyphens=False)
        self._count = compile_folded(rf"(\d{{1,4}}|{words})[ \u00a0]*(?:[x×][ \u00a0]*)?", re.I)
        self._values = {word.lower(): int(value) for word, value in language.number_words}

    def filled(
        self, blocks: Sequence[Block], matcher: EntityMatcher, pack: KnowledgePack
    ) -> tuple[Entity, ...]:
        """Return the open pack machines the text fills, each with the containment it writes."""
        parts: dict[str, set[tuple[str, int]]] = {}
        for block in blocks:
            text = block.text
            if self._link.search(text) is None:
                continue  # no container verb ("with", "houses"): no machine is filled here
            mentions = matcher.find(text)
            for index, mention in enumerate(mentions[:-1]):
                machine = pack.entity(mention.entity)
                if machine is None or machine.kind not in _MACHINE_KINDS or machine.contains is not None:
                    continue
                held = self._held(text, mention.end, mentions[index + 1].start)
                part = pack.entity(mentions[index + 1].entity)
                if held is not None and part is not None and part.kind in _PART_KINDS:
                    parts.setdefault(machine.name, set()).add((part.name, held))
        filled = []
        for name, written in parts.items():
            machine = pack.entity(name)
            if machine is not None and len(written) == 1:
                held_name, count = next(iter(written))
                filled.append(dataclasses.replace(machine, contains=Containment(held_name, count)))
        return tuple(filled)

    def _held(self, text: str, end: int, part_start: int) -> int | None:
        """Return the count written between a machine's name and the next name, if it reads
        "<machine> with <count> <part>", else None."""
        link = self._link.match(text, end, part_start)
        count = self._count.match(text, link.end(), part_start) if link is not None else None
        if count is None or _MAKER.fullmatch(text, count.end(), part_start) is None:
            return None
        word = count.group(1).lower()
        value = int(word) if word.isdigit() else self._values.get(word)
        return value or None
