"""Figures listed after one cue: "unit prices of $30,000 per H100 and $22,000 per MI300X".

A cue word belongs to the figure nearest it and is not read past another figure. A list of
figures written in one shape (the same currency sign or unit), each followed by its own "per
<thing>" and joined only by commas, "and" or "or", shares the cue in front of the list.
"""

from __future__ import annotations

import re

# How a figure is written around its digits: its sign ("$") and the unit after it ("W").
_SHAPE = re.compile(r"\s*([$€£¥]?)\s*[\d.,]+\s*([^\d\s;,()]*)")
# What stands between two listed figures: the first one's "per <thing>", then a list joiner. Without
# a "per" of its own each figure may measure another thing ("NVLink 900 GB/s and 4,800 GB/s").
_JOINER = re.compile(
    r"[ \t]+per\s+[^\s,;.:()]+(?:[ \t]+[^\s,;.:()]+){0,2}"
    r"(?:[ \t]*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+)",
    re.I,
)
# "between approximately $25,000 and $30,000" is one range, no list of two figures.
_RANGE_OPENER = re.compile(r"\b(?:between|from)\s+(?:[a-z]+\s+)?[$€£¥~≈]?\s*$", re.I)


def _shape(text: str, start: int, end: int) -> tuple[str, str] | None:
    match = _SHAPE.fullmatch(text, start, end)
    if match is None or not (match.group(1) or match.group(2)):
        return None
    return match.group(1), match.group(2).lower()


def shares_listed_cue(text: str, between: list[tuple[int, int]], start: int, end: int) -> bool:
    """Return True when the figures between a cue and this one (``start``-``end``) are a list.

    Each must be written in this figure's shape and joined to the next by a list joiner only.
    """
    own = _shape(text, start, end)
    if own is None or not between:
        return False
    spans = sorted(between)
    if _RANGE_OPENER.search(text, max(0, spans[0][0] - 30), spans[0][0]):
        return False
    for (first_start, first_end), (second_start, _) in zip(spans, [*spans[1:], (start, end)], strict=True):
        if _shape(text, first_start, first_end) != own:
            return False
        if _JOINER.fullmatch(text, first_end, second_start) is None:
            return False
    return True


def may_share_listed_cue(text: str, last: tuple[int, int], start: int, end: int) -> bool:
    """Return False when no figures between a cue and this one can share it, seen from the last.

    ``last`` is the figure right before this one (``start``-``end``): a list must end with it in
    this figure's shape and joined to it, so a cue far back on a long line is refused without
    listing every figure between.
    """
    own = _shape(text, start, end)
    if own is None or _shape(text, *last) != own:
        return False
    return _JOINER.fullmatch(text, last[1], start) is not None


def list_head(text: str, earlier: list[tuple[int, int]], start: int, end: int) -> tuple[int, int] | None:
    """Return the span of the first figure of the list this one (``start``-``end``) ends, or None.

    "roughly $32,000 per H200 and $25,000 per MI325X": the list's first figure carries the word
    in front of the whole list. ``earlier`` are the spans of the segment's figures before it.
    """
    return list_head_among(text, sorted(earlier), len(earlier), start, end)


def list_head_among(
    text: str, ordered: list[tuple[int, int]], count: int, start: int, end: int
) -> tuple[int, int] | None:
    """Return what ``list_head`` returns, given the first ``count`` spans of sorted ``ordered``.

    Those spans may include figures that do not end before this one: they are passed over as
    ``list_head`` passes over a span that overlaps the list, so a sentence's spans sorted once serve
    every figure (decision 0253).
    """
    own = _shape(text, start, end)
    if own is None:
        return None
    head: tuple[int, int] | None = None
    following = start
    for index in range(count - 1, -1, -1):
        span = ordered[index]
        if span[1] > following:
            continue
        if _shape(text, *span) != own or _JOINER.fullmatch(text, span[1], following) is None:
            break
        head, following = span, span[0]
    if head is None or _RANGE_OPENER.search(text, max(0, head[0] - 30), head[0]):
        return None
    return head
