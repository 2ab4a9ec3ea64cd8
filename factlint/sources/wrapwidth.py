"""Find the width a plain-text document is hard-wrapped at, and the lines that break only for it."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from factlint.sources.packaged import packaged_file

MIN_PROSE_LINES = 6  # fewer prose lines than this give no reliable width
MIN_WIDTH = 40  # narrower "widths" are lists and address blocks, not wrapped prose
NEAR_WIDTH_SHARE = 0.5  # at least this share of prose lines ends close to the width
NEAR_WIDTH_RATIO = 0.75
NEAR_MARGIN = 8  # a line ending this close to the wrap width ran to the margin

# Aligned columns, leader dots and pipes make a line a table row, not wrapped prose.
_ALIGNED = re.compile(r"\S {3,}\S|\.{4,}|\||\t")


def wrap_width(lines: Sequence[str]) -> int | None:
    """Return the column a document's prose is hard-wrapped at, or None if it is not wrapped.

    The width is the 90th percentile of the lengths of prose lines (four words or more, no
    aligned columns); a wrapped document has at least half of those lines close to it.
    """
    lengths = sorted(
        len(line.rstrip())
        for line in lines
        if len(line.split()) >= 4 and _ALIGNED.search(line.strip()) is None
    )
    if len(lengths) < MIN_PROSE_LINES:
        return None
    width = lengths[int(0.9 * (len(lengths) - 1))]
    near = sum(1 for length in lengths if length >= width * NEAR_WIDTH_RATIO)
    if width < MIN_WIDTH or near < NEAR_WIDTH_SHARE * len(lengths):
        return None
    return width


def fills_line(previous: str, line: str, width: int | None) -> bool:
    """Return True if ``previous`` broke only because the first word of ``line`` did not fit.

    A writer who ends a paragraph or a list item early leaves the line short; a line that
    the next word would have pushed past the wrap width was broken by the wrapping, so the
    next line goes on with the same paragraph.
    """
    if width is None:
        return False
    words = line.split(maxsplit=1)
    trimmed = previous.rstrip()
    if not words or _ALIGNED.search(trimmed.strip()) or _ALIGNED.search(line.strip()):
        return False
    return len(trimmed) + 1 + len(words[0]) > width


def near_margin(line: str, width: int | None) -> bool:
    """Return True if ``line`` (prose, not aligned columns) ends within ``NEAR_MARGIN`` of ``width``."""
    if width is None:
        return False
    trimmed = line.rstrip()
    return len(trimmed) >= width - NEAR_MARGIN and _ALIGNED.search(trimmed.strip()) is None


@cache
def _dangling_words() -> frozenset[str]:
    words = packaged_file("factlint.sources", "wrapping.yaml").words("dangling_words")
    return frozenset(word.lower() for word in words)


def dangles(line: str) -> bool:
    """Return True if ``line`` ends on a word no sentence or title ends on ("... a unit price of").

    See ``wrapping.yaml``; the line went on below, whatever the next line starts with.
    """
    words = line.split()
    return len(words) >= 3 and words[-1].lower() in _dangling_words()
