"""A chip's name and its one-chip card's name in apposition: "Gaudi 3 PCIe accelerator HL-338".

A line item or a spec line often names the chip, then its form and a device noun, then the part
number of the card sold with that chip on it. The card is the product the line is about: the
figures of the sentences after it are the card's, as when the card is named in brackets right
after the chip (resolve.py, ``_refined_by_aside``). Only form words and device nouns of the
language may stand between the two names; any other word, a figure or a comma parts them.
"""

from __future__ import annotations

import re

from factlint.claims.language import Language, alternation
from factlint.claims.segments import Mention
from factlint.pack import KnowledgePack


class AppositeCards:
    """Finds the one-chip card named in apposition right after a chip; one per pack and language."""

    def __init__(self, pack: KnowledgePack, language: Language) -> None:
        self._pack = pack
        words = alternation(
            language.form_factor_words + language.accelerator_nouns + language.card_nouns, words=False
        )
        # one to three such words, and nothing else, between the two names
        self._gap = re.compile(rf"(?:[ \t]+(?:{words})){{1,3}}[ \t]+", re.I)

    def card_after(self, text: str, first: Mention, mentions: list[Mention]) -> str | None:
        """Return the card named in apposition right after ``first``'s chip, or None."""
        following = next((m for m in mentions if m.start >= first.end), None)
        if following is None or following.group != first.group:
            return None
        if not self._gap.fullmatch(text, first.end, following.start):
            return None
        card = self._pack.entity(following.entity)
        if (
            card is None
            or card.kind != "card"
            or card.contains is None
            or card.contains.entity != first.entity
            or card.contains.count != 1
        ):
            return None
        return card.name


__all__ = ["AppositeCards"]
