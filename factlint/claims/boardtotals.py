"""Counts of multi-chip boards beside the total of their chips: "4 x n300s, 8 Wormhole chips in total".

A machine's units are counted by their product's name ("8x H100", "4x GB300 superchips": the gold
counts the named units). When the units are boards the pack says carry several chips and the same
line goes on to write how many chips that makes, the written total is the machine's chip count and
the count of boards is no claim of its own (a second, different chip count of one machine).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from factlint.claims.segments import Mention

_NUMBER_BEFORE = re.compile(r"(?<![\w.])\d[\d,]*\s+\Z")  # "8 " right before the chip's name


def counts_boards(
    text: str,
    end: int,
    mentions: Sequence[Mention],
    several_chips: Callable[[str], bool],
    contained: Callable[[str], str | None],
    chip_total: re.Pattern[str],
) -> bool:
    """Return True when the count ending at ``end`` counts boards of several chips (the unit named
    right after it) and its line writes the total of their chips after them: a number before the
    chip's name or before a chip noun (``chip_total``: "8 chips", "8 Wormhole chips")."""
    named = next((m for m in mentions if m.start >= end), None)
    if named is None or not several_chips(named.entity):
        return False
    line_end = text.find("\n", named.end)
    line_end = len(text) if line_end < 0 else line_end
    chip = contained(named.entity)
    if any(
        m.entity == chip
        and named.end <= m.start < line_end
        and _NUMBER_BEFORE.search(text, named.end, m.start)
        for m in mentions
    ):
        return True
    return chip_total.search(text, named.end, line_end) is not None
