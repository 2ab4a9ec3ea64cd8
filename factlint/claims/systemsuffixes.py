"""A known chip's name followed by a system suffix names a larger product: "GB200 NVL4".

Makers name the systems they build of a chip by writing a suffix after the chip's name, as
one name: "GB200 NVL4" is a board of four GPUs, "GH200 NVL2" a server of two superchips, and
neither is the GB200 or GH200 itself. The suffixes are the pack's ``system_suffixes``.
Matching alone reads "GB200" and leaves "NVL4" as a stray model number; discovery asks this
module whether such a stray number completes a known name into a system's.
See docs/decisions/0192-sibling-shaped-product-names.md.
"""

from __future__ import annotations

import re
from collections import Counter

from factlint.claims.entities import EntityMention
from factlint.claims.language import Language, alternation
from factlint.pack import PART_KINDS, KnowledgePack

_GAP = frozenset(" \u00a0")  # one space between the chip's name and the suffix: one name
_REACH = 300  # characters after a mention in which "the board" still refers back to it
KINDS = ("card", "server", "pod", "cluster")  # what a system built of a chip may be


class SystemSuffixes:
    """The pack's system suffixes, compiled once per pack."""

    def __init__(self, pack: KnowledgePack, language: Language) -> None:
        self._pack = pack
        self._scope_of_noun = {
            noun.lower(): scope for scope, group in pack.scopes if scope in KINDS for noun in group
        }
        articles = alternation(language.subject_articles)
        self._referring = re.compile(
            rf"(?<![\w-]){articles}[ \u00a0]+({alternation(list(self._scope_of_noun))})(?![\w-])", re.I
        )
        self._suffix = (
            re.compile("|".join(f"(?:{pattern})" for pattern in pack.system_suffixes))
            if pack.system_suffixes
            else None
        )

    def system_name(
        self, text: str, start: int, word: str, known: list[EntityMention]
    ) -> tuple[str, int, str] | None:
        """Return the system's name, where it starts and the known chip it is named after when
        ``word`` at ``start`` is a system suffix written right after a known chip's or card's
        name ("GB200 NVL4" -> ("GB200 NVL4", start of "GB200", "GB200")), else None."""
        if self._suffix is None or start < 2 or text[start - 1] not in _GAP or text[start - 2] in _GAP:
            return None
        if not self._suffix.fullmatch(word):
            return None
        owner = next((m for m in known if m.end == start - 1), None)
        if owner is None or owner.fuzzy:
            return None
        entity = self._pack.entity(owner.entity)
        if entity is None or entity.kind not in PART_KINDS:
            return None  # "DGX GB200 NVL72": a machine's name is no chip to build a system of
        return f"{entity.name} {word}", owner.start, entity.name

    def referred_kinds(self, body: str, forms: list[str]) -> Counter[str]:
        """Return the kinds that definite scope nouns right after the name's mentions give it:
        "a GB200 NVL4 costs $180,000 for the board" makes a card, "... the server" a server."""
        kinds: Counter[str] = Counter()
        for form in forms:
            for mention in re.finditer(rf"(?<![\w-]){re.escape(form)}(?![\w-])", body):
                window = body[mention.end() : mention.end() + _REACH]
                kinds.update(
                    self._scope_of_noun[m.group(1).lower()] for m in self._referring.finditer(window)
                )
        return kinds


__all__ = ["SystemSuffixes"]
