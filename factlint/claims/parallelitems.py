"""Figures of a parallel list share their cue: "the H100 (900 GB/s) and the A100 (600 GB/s)".

A cue word belongs to the figure nearest it, so the second figure of such a list would read
no cue past the first. When both stand in brackets after the products they are of, in the
same unit, the list's items are alike and the cue before the first is the second's too.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

# From a bracketed item's close to the next item's open: ") and the A100 (", "), MI300X ("
_ITEM_GAP = re.compile(
    r"\s*\)\s*(?:,\s*(?:and\s+|&\s*)?|\s(?:and|&)\s+)(?:the\s+)?"
    r"[A-Za-z0-9][\w\-.]*(?:\s[A-Za-z0-9][\w\-.]*){0,3}\s*\(\s*\Z"
)


_PREFIXED = re.compile(r"[kKMGTP](?=[A-Za-z])")


def _base(unit: str) -> str:
    """Return the unit without its decimal prefix ("B/s" of "TB/s"), so items may scale it."""
    return _PREFIXED.sub("", unit, count=1) if len(unit) > 2 else unit


def parallel_items_before(
    text: str, start: int, unit: str | None, others: Sequence[tuple[int, int]]
) -> list[tuple[int, int]]:
    """Return the spans of the bracketed figures of the same unit that head the list items
    before the bracketed figure at ``start``, nearest first; [] when it is no list's later item."""
    items: list[tuple[int, int]] = []
    while (item := _item_before(text, start, unit, others)) is not None:
        items.append(item)
        start = item[0]
    return items


def _item_before(
    text: str, start: int, unit: str | None, others: Sequence[tuple[int, int]]
) -> tuple[int, int] | None:
    if not unit or text[:start].rstrip()[-1:] != "(":
        return None
    for other_start, other_end in sorted(others, reverse=True):
        if other_end > start:
            continue
        if not text[other_start:other_end].rstrip().endswith(_base(unit)):
            return None
        return (other_start, other_end) if _ITEM_GAP.fullmatch(text, other_end, start) else None
    return None
