"""Pack machines a document fills: a server the pack leaves open holds the parts the text counts in it.

A pack server such as a barebone GPU server takes whatever cards its buyer fits, so the pack gives
it no containment. "one G293-Z43 with eight Cloud AI 100 Ultra cards" fills it for this document:
a figure "per card" or "per chip" said of it afterwards is its cards' (``Resolver.fit_scope`` moves
it as it moves a pack container's figure). A machine the document fills with two different parts
(one host of Flex 170s, another of Flex 140s) stays open.

A heading naming an open machine fills it the same way from the prose under it: an intake ticket
heads each box with its name ("==== Box 3: ProLiant XL675d, asset 4410 ====") and counts its
accelerators in the notes below ("all 8 MI210 seen by lshw"), so the one part that section counts
is what the machine holds (decision 0181).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from factlint.claims.entities import EntityMatcher
from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation, either
from factlint.models import Block, BlockKind
from factlint.pack import Containment, Entity, KnowledgePack

_MACHINE_KINDS = frozenset({"server", "instance"})
_PART_KINDS = frozenset({"chip", "card"})
_PROSE_KINDS = frozenset({BlockKind.PARAGRAPH, BlockKind.LIST_ITEM})
_DIGIT = re.compile(r"\d")
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
        # What every "<machine> with <count> <part>" holds: a container verb, then a digit or a
        # number word. Most blocks with "with" count nothing after it ("with the new compiler"),
        # and their names need not be read here. Looser than _link then _count (no guard after the
        # word), so it rejects only blocks _held could not read.
        bare_words = either(tuple(word for word, _ in language.number_words))
        self._linked_count = compile_folded(rf",?[ \u00a0]+(?:{verbs})[ \u00a0]+(?:\d|{bare_words})", re.I)
        # A count right before a part's name, a maker's word between them: "all 8 MI325X", "4 x L40S"
        self._count_before = compile_folded(
            rf"(?<![\w.,])(\d{{1,4}}|{words})[ \u00a0]*(?:[x×][ \u00a0]*)?(?:[A-Z][\w-]*[ \u00a0]+)?$", re.I
        )

    def filled(
        self, blocks: Sequence[Block], matcher: EntityMatcher, pack: KnowledgePack
    ) -> tuple[Entity, ...]:
        """Return the open pack machines the text fills, each with the containment it writes."""
        parts: dict[str, set[tuple[str, int]]] = {}
        for block in blocks:
            text = block.text
            if self._linked_count.search(text) is None:
                continue  # no container verb ("with", "houses") before a count: no machine is filled here
            mentions = matcher.find(text)
            for index, mention in enumerate(mentions[:-1]):
                machine = pack.entity(mention.entity)
                if machine is None or machine.kind not in _MACHINE_KINDS or machine.contains is not None:
                    continue
                held = self._held(text, mention.end, mentions[index + 1].start)
                part = pack.entity(mentions[index + 1].entity)
                if held is not None and part is not None and part.kind in _PART_KINDS:
                    parts.setdefault(machine.name, set()).add((part.name, held))
        for name, written in self._headed(blocks, matcher, pack).items():
            parts.setdefault(name, set()).update(written)
        filled = []
        for name, written in parts.items():
            machine = pack.entity(name)
            if machine is not None and len(written) == 1:
                held_name, count = next(iter(written))
                filled.append(dataclasses.replace(machine, contains=Containment(held_name, count)))
        return tuple(filled)

    def _headed(
        self, blocks: Sequence[Block], matcher: EntityMatcher, pack: KnowledgePack
    ) -> dict[str, set[tuple[str, int]]]:
        """Return, for each open machine a heading names, the (part, count) pairs the prose under
        that heading counts."""
        parts: dict[str, set[tuple[str, int]]] = {}
        machines: dict[str, str | None] = {}  # heading -> the open machine it names, if it names one
        for block in blocks:
            if not block.headings or block.kind not in _PROSE_KINDS or not _DIGIT.search(block.text):
                continue
            heading = block.headings[-1]
            if heading not in machines:
                machines[heading] = self._open_machine(heading, matcher, pack)
            machine = machines[heading]
            if machine is None:
                continue
            for mention in matcher.find(block.text):
                part = pack.entity(mention.entity)
                if part is None or part.kind not in _PART_KINDS:
                    continue
                count = self._count_before.search(block.text, max(0, mention.start - 30), mention.start)
                value = self._value(count.group(1)) if count is not None else None
                # a number word counts from two: "one MI210" is an example more often than a count
                if count is not None and value is not None and (value > 1 or count.group(1).isdigit()):
                    parts.setdefault(machine, set()).add((part.name, value))
        return parts

    @staticmethod
    def _open_machine(heading: str, matcher: EntityMatcher, pack: KnowledgePack) -> str | None:
        """Return the machine ``heading`` names when it names one machine the pack leaves open and
        nothing else the pack knows."""
        named = {mention.entity for mention in matcher.find(heading)}
        if len(named) != 1:
            return None
        machine = pack.entity(next(iter(named)))
        if machine is None or machine.kind not in _MACHINE_KINDS or machine.contains is not None:
            return None
        return machine.name

    def _value(self, word: str) -> int | None:
        """Return the number a count's digits or number word write."""
        return int(word) if word.isdigit() else self._values.get(word.lower())

    def _held(self, text: str, end: int, part_start: int) -> int | None:
        """Return the count written between a machine's name and the next name, if it reads
        "<machine> with <count> <part>", else None."""
        link = self._link.match(text, end, part_start)
        count = self._count.match(text, link.end(), part_start) if link is not None else None
        if count is None or _MAKER.fullmatch(text, count.end(), part_start) is None:
            return None
        return self._value(count.group(1)) or None
