"""Timestamped ticks of a live blog or log: the order they were written in and the talk each follows."""

from __future__ import annotations

import re
from collections.abc import Sequence

from factlint.claims.fastre import FoldedPattern
from factlint.models import Block, BlockKind

# "12:41PM PDT ...", "[09:14] ...", "14.05 ...": a clock time opening the block.
_CLOCK = re.compile(
    r"\W{0,2}(\d{1,2})[:.](\d{2})(?::\d{2})?\s*(?:([AaPp])\.?\s?[Mm]\b\.?)?(?=[\s\])\-–—:]|$)"
)
_MIN_TICKS = 3  # fewer timestamped blocks are not a live blog
_TICK_KINDS = (BlockKind.LIST_ITEM, BlockKind.PARAGRAPH)


def _minutes(block: Block) -> int | None:
    """Return the minutes after midnight of the clock time the block opens with, or None."""
    match = _CLOCK.match(block.text)
    if match is None:
        return None
    hour, minute, half = int(match.group(1)), int(match.group(2)), match.group(3)
    if hour > 23 or minute > 59 or (half and not 1 <= hour <= 12):
        return None
    if half:
        hour = hour % 12 + (12 if half.lower() == "p" else 0)
    return hour * 60 + minute


def talk_neighbours(
    blocks: Sequence[Block], opener: re.Pattern[str] | FoldedPattern
) -> dict[int, tuple[int, ...]]:
    """Return, for each tick of a live blog (by block index), the other ticks of its talk to take a
    topic from: the earlier ones nearest in time first, then the later ones.

    A live blog often runs newest first, so "earlier" is read from the clock times, not from
    the page. A tick matching ``opener`` ("Google is up: Ironwood") starts a new talk, whose
    product it names, so it comes first; a tick never borrows the product of another talk.
    """
    ticks = [
        (index, minutes)
        for index, block in enumerate(blocks)
        if block.kind in _TICK_KINDS and (minutes := _minutes(block)) is not None
    ]
    if len(ticks) < _MIN_TICKS:
        return {}
    if ticks[0][1] > ticks[-1][1]:
        ticks.reverse()  # newest first on the page
    talks: list[list[int]] = [[]]
    opened: set[int] = set()  # first ticks of talks that an opener starts
    for index, _ in ticks:
        if opener.search(blocks[index].text):
            opened.add(len(talks) if talks[-1] else len(talks) - 1)
            if talks[-1]:
                talks.append([])
        talks[-1].append(index)
    neighbours: dict[int, tuple[int, ...]] = {}
    for number, talk in enumerate(talks):
        for position, index in enumerate(talk):
            order = [*reversed(talk[:position]), *talk[position + 1 :]]
            if number in opened and position:
                order.remove(talk[0])
                order.insert(0, talk[0])
            neighbours[index] = tuple(order)
    return neighbours
