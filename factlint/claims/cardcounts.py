"""Counts of cards that count chips: "a GroqNode holds 8 cards" where each card carries one chip.

A count's noun decides what it counts; "cards" counts boards, which no count attribute holds.
When the pack says the machine named before the count holds chips that are sold one to a card
(GroqNode holds LPUs, a GroqCard is one LPU), its cards are its chips: the count is its chip count.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from factlint.claims.quantities import Quantity
from factlint.claims.segments import Mention

_SENTENCE_STOP = re.compile(r"[.!?;](?:\s|$)")
_OF_AFTER = re.compile(r"[ \t]+of\b", re.I)  # "2 cards of spare fans": cards that hold something else


def card_counts_as_chips(
    text: str,
    read: list[Quantity],
    mentions: list[Mention],
    one_chip_cards: Callable[[str], bool],
) -> list[Quantity]:
    """Return ``read`` with each card count made a chip count where the machine named last before
    it in its sentence (``one_chip_cards`` of its entity) carries its chips one to a card."""
    found = []
    for quantity in read:
        # "four Wormhole n300s cards" names its cards (two chips each): only a bare "8 cards" is read so
        end = quantity.unit_end or quantity.end
        named = any(quantity.start <= m.start < end for m in mentions)
        if (
            quantity.kind == "count"
            and quantity.count_scope == "card"
            and not named
            and not _OF_AFTER.match(text, end)
        ):
            owner = next((m for m in reversed(mentions) if m.end <= quantity.start), None)
            if (
                owner is not None
                and not _SENTENCE_STOP.search(text, owner.end, quantity.start)
                and one_chip_cards(owner.entity)
            ):
                quantity = replace(quantity, count_scope="chip")
        found.append(quantity)
    return found
