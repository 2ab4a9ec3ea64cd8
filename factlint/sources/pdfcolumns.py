"""Read the two-column pages of a layout-preserving PDF text dump one column after the other.

``pdftotext -layout`` writes a two-column page line by line across both columns: each line
holds a piece of the left column, a wide gap (the gutter) and a piece of the right one. The
gutter is found from the page itself: the offset at which most lines that hold prose on both
sides start their right-hand piece. Each run of lines that keeps to that gutter is read as the
left column's lines, then the right column's; lines that cross it (a title, a full-width table,
a running header) stay whole where they are. Every character keeps its place in the file.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from factlint.sources.mimetext import MappedText

MIN_PROSE_ROWS = 6  # lines with prose on both sides of one gutter before a page counts as two columns
MIN_RIGHT_ROWS = 3  # a run of lines keeping to the gutter must hold this many right-hand pieces
MIN_SIDE_WORDS = 3  # a prose piece has at least this many words (a table cell has fewer)
MIN_GUTTER = 2  # spaces a line keeps clear just left of the right column
MIN_PROSE_GAP = 3  # the gap on the lines that find the gutter (two spaces can follow a full stop)
RIGHT_INDENT = 4  # a right-hand piece may start this far past the column's edge (an indented line)
MIN_LEFT_WIDTH = 20  # a "gutter" nearer the left margin is an indent, not a column boundary
# The left column's pieces are as long as this share of its width at the median: prose fills its
# column, code with aligned trailing comments stops well short of them.
MIN_LEFT_FILL = 0.6

_WIDE_GAP = re.compile(r"\S {3,}\S")  # the cheap test: most lines of a two-column page have one
_GAP = re.compile(r" {3,}")
# A page ends at a form feed or at its number alone on a line (right-aligned or centred).
_PAGE_NUMBER = re.compile(r"[ \t]*(?:[-–—][ \t]*)?\d{1,3}(?:[ \t]*[-–—])?[ \t]*")
_Places = tuple[tuple[int, int], ...]  # the file (line, column) of each character of a flow line


@dataclass(frozen=True)
class ColumnFlow:
    """A document's lines in reading order, each character placed at its line and column in the file."""

    text: MappedText
    regions: int  # how many two-column runs were read column by column


def read_columns(lines: Sequence[str], body_line: int = 1) -> ColumnFlow | None:
    """Return the lines from ``body_line`` on with each two-column run read column by column.

    Returns None when no page has two columns of prose, so the caller reads the lines as they are.
    """
    start = body_line - 1
    if not _has_wide_gaps(lines, start):
        return None
    runs = [run for page in _pages(lines, start) for run in _column_runs(lines, page)]
    if not runs:
        return None
    flow: list[str] = []
    places: list[_Places] = []
    index = 0
    for first, end, gutter in runs:
        for line_index in range(index, first):
            _add(flow, places, lines[line_index], line_index, 0)
        for line_index in range(first, end):
            _add(flow, places, lines[line_index][:gutter].rstrip(), line_index, 0)
        for line_index in range(first, end):
            _add(flow, places, lines[line_index][gutter:].rstrip(), line_index, gutter)
        index = end
    for line_index in range(index, len(lines)):
        _add(flow, places, lines[line_index], line_index, 0)
    return ColumnFlow(MappedText(tuple(flow), tuple(places)), len(runs))


def _has_wide_gaps(lines: Sequence[str], start: int) -> bool:
    """Return True if the lines hold at least ``MIN_PROSE_ROWS`` wide gaps between words (a cheap test)."""
    text = "\n".join(lines[start:])
    if "   " not in text:
        return False
    return sum(1 for _ in itertools.islice(_WIDE_GAP.finditer(text), MIN_PROSE_ROWS)) >= MIN_PROSE_ROWS


def _add(flow: list[str], places: list[_Places], text: str, index: int, shift: int) -> None:
    """Append ``text`` (file line ``index``, starting ``shift`` characters in) to the flow."""
    flow.append(text)
    places.append(tuple((index + 1, shift + column) for column in range(1, len(text) + 2)))


def _pages(lines: Sequence[str], start: int) -> Iterator[range]:
    """Yield the line ranges of the pages: each ends at a form feed or a line holding only its number."""
    first = start
    for index in range(start, len(lines)):
        line = lines[index]
        if "\f" in line or (line.strip() and _PAGE_NUMBER.fullmatch(line)):
            yield range(first, index + 1)
            first = index + 1
    if first < len(lines):
        yield range(first, len(lines))


def _column_runs(lines: Sequence[str], page: range) -> list[tuple[int, int, int]]:
    """Return (first, end, gutter) of each run of a page's lines that keeps to its column gutter."""
    gutter = _gutter(lines, page)
    if gutter is None:
        return []
    runs = []
    first: int | None = None
    rights = 0
    for index in [*page, page.stop]:
        fits = index < page.stop and _keeps_to(lines[index], gutter)
        if fits:
            if first is None:
                first, rights = index, 0
            rights += bool(lines[index][gutter:].strip())
            continue
        if first is not None and rights >= MIN_RIGHT_ROWS:
            end = index
            while end > first and not lines[end - 1].strip():
                end -= 1
            runs.append((first, end, gutter))
        first = None
    return runs


def _gutter(lines: Sequence[str], page: range) -> int | None:
    """Return the offset where a page's right column starts, or None if the page has one column.

    It is the offset most lines with a prose piece on each side of one wide gap start their
    right-hand piece at; tables fail the test, since their cells hold a word or two, and so do
    code lines with aligned trailing comments, which stop well short of the comments' column.
    """
    widths: dict[int, list[int]] = {}  # right-hand start -> lengths of the left-hand pieces
    for index in page:
        line = lines[index].rstrip()
        gaps = list(_GAP.finditer(line, len(line) - len(line.lstrip())))
        if len(gaps) != 1:
            continue
        left, right = line[: gaps[0].start()], line[gaps[0].end() :]
        if len(left.split()) >= MIN_SIDE_WORDS and len(right.split()) >= MIN_SIDE_WORDS:
            widths.setdefault(gaps[0].end(), []).append(len(left))
    if not widths:
        return None
    gutter, lefts = max(widths.items(), key=lambda item: len(item[1]))
    filled = sorted(lefts)[len(lefts) // 2] >= MIN_LEFT_FILL * gutter
    return gutter if len(lefts) >= MIN_PROSE_ROWS and gutter >= MIN_LEFT_WIDTH and filled else None


def _keeps_to(line: str, gutter: int) -> bool:
    """Return True if ``line`` has nothing in the gutter and its right-hand piece starts at the column."""
    trimmed = line.rstrip()
    if len(trimmed) <= gutter - MIN_GUTTER:
        return True
    if line[gutter - MIN_GUTTER : gutter].strip():
        return False
    right = trimmed[gutter:]
    return len(right) - len(right.lstrip()) <= RIGHT_INDENT
