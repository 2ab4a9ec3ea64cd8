"""The part a section's parts line names, for the per-card lines under it.

A price notice or spec sheet opens a machine's section with a parts line ("Accelerator: 8
sheets of Ascend 910B NPU card", "GPUs: 4 x L40S") and goes on with lines that give one
part's figures ("Single card video memory: 64GB"). When the machine's own name is no product
the pack knows (a provider's instance code), those per-card lines name nothing: the part the
section counted is whose figures they are, at the scope the label states.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation
from factlint.claims.segments import Mention
from factlint.models import Block, BlockKind
from factlint.pack import PART_KINDS


@dataclass
class SectionPart:
    """The part counted by the parts line of the current section, if any."""

    entity: str | None = None


class PartsLines:
    """Knows the count before the part a parts line names ("8 sheets of ", "4 x ", "eight pieces of ")."""

    def __init__(self, language: Language) -> None:
        counts = alternation([word for word, value in language.number_words if value > 1], words=False)
        # Folded: a case-insensitive alternation of number words is several times faster on ASCII text
        self._count_before = compile_folded(
            rf"(?:\b\d{{1,3}}|\b(?i:{counts}))\s*(?:[x×]\s*|(?i:[a-z]+\s+of\s+))(?:[A-Z][\w\-]*\s+)?\Z"
        )
        # What every count before a part opens with: a text without one counts no part.
        self._count_opening = compile_folded(rf"\b(?:\d|(?i:{counts}))")

    def counted_part(
        self, block: Block, mentions: Sequence[Mention], kind: Callable[[str], str | None]
    ) -> str | None:
        """Return the chip or card a parts block counts ("8 sheets of Ascend 910B") and alone names, or
        None."""
        if block.kind not in (BlockKind.PARAGRAPH, BlockKind.LIST_ITEM) or not mentions:
            return None
        if len({m.entity for m in mentions}) != 1 or kind(mentions[0].entity) not in PART_KINDS:
            return None
        first = mentions[0]
        return first.entity if self._count_before.search(block.text, 0, first.start) else None

    def follow(
        self,
        section: SectionPart,
        block: Block,
        mentions: Callable[[], Sequence[Mention]],
        kind: Callable[[str], str | None],
        heading_names: Callable[[], bool],
    ) -> None:
        """Update ``section`` after a block: a heading or another part's name clears it, a parts line sets it.

        Only under a heading that names no known product: a machine the pack knows leads its
        per-card lines to its own chip. ``mentions`` and ``heading_names`` are asked only when
        the answer can change ``section``: most blocks count no part and follow none.
        """
        if block.kind is BlockKind.HEADING:
            section.entity = None
            return
        counts = block.kind in (BlockKind.PARAGRAPH, BlockKind.LIST_ITEM) and bool(
            self._count_opening.search(block.text)
        )
        if not counts and section.entity is None:
            return  # no parts line here, and no part's lines to end
        named = mentions()
        part = self.counted_part(block, named, kind) if counts else None
        if part is not None and not heading_names():
            section.entity = part
        elif any(m.entity != section.entity and kind(m.entity) in PART_KINDS for m in named):
            section.entity = None  # a block naming another part starts another machine's lines
