"""Bare counts of a named chip per machine: "the A10G of G5 instances, up to 8 per instance".

A number with no noun of its own, followed by "per" and a noun that names a machine or card
scope ("per instance", "per node"), counts the chip the sentence named before it: so many of
that chip go in one such machine, when the sentence names a machine that holds the chip (with
no such machine named, the count is left unread rather than given to a machine named earlier).
A unit before or after it ("$8 per instance", "8 GB per node") makes it a measure; the quantity
reader has given those their units already.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import replace

from factlint.claims.quantities import Quantity
from factlint.claims.segments import Mention

_HOLDER_SCOPES = frozenset({"card", "instance", "server", "pod", "cluster"})  # what holds chips
_PER_NOUN = re.compile(r"[ \t]+per[ \t]+([A-Za-z][\w\-]*)")
_SENTENCE_STOP = re.compile(r"[.!?;](?:\s|$)")


def per_unit_counts(
    text: str,
    read: list[Quantity],
    mentions: list[Mention],
    scope_of_noun: Mapping[str, str],
    is_chip: Callable[[str], bool],
    holds: Callable[[str, str], bool],
    kind: Callable[[str], str | None],
) -> list[Quantity]:
    """Return ``read`` with each bare whole number before "per <machine noun>" made a count of
    the chip (``is_chip`` of its entity) named last before it in its sentence, when the sentence
    also names a machine of the noun's scope (its ``kind``) that ``holds`` (machine, chip) that chip."""
    found = []
    for quantity in read:
        per = _PER_NOUN.match(text, quantity.end) if quantity.kind == "bare" else None
        scope = scope_of_noun.get(per.group(1).lower()) if per is not None else None
        if (
            scope in _HOLDER_SCOPES
            and quantity.low == quantity.high
            and quantity.low.is_integer()
            and 1 < quantity.low < 1000
        ):
            chip = next(
                (m for m in reversed(mentions) if m.end <= quantity.start and is_chip(m.entity)), None
            )
            if (
                chip is not None
                and not _SENTENCE_STOP.search(text, chip.end, quantity.start)
                and any(
                    kind(m.entity) == scope
                    and holds(m.entity, chip.entity)
                    and not _SENTENCE_STOP.search(text, m.end, quantity.start)
                    for m in mentions
                    if m.end <= quantity.start
                )
            ):
                quantity = replace(
                    quantity,
                    kind="count",
                    count_scope="chip",
                    counted_start=chip.start,
                    counted_end=chip.end,
                )
        found.append(quantity)
    return found
