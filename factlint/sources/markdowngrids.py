"""Grid tables in Markdown (Pandoc's ``grid_tables``), read by the reStructuredText grid reader.

Pandoc, reStructuredText and Emacs table.el draw the same table::

    +--------------+--------+
    | Card         | Street |
    |              | price  |
    +==============+========+
    | Zephyr X1    | \\$900  |
    | (reference)  |        |
    +--------------+--------+

The lines between two borders are one row: each cell's wrapped lines are joined into one
value, and the rows above ``+===+`` are the header (their lines joined too). A row keeps its
first line as its place in the file.

A client such as ``mysql`` prints borders of the same characters but one row per line, with
no border between the rows: such a table is only a grid table when it has a ``+===+`` header
border or a border between each two of its rows (four borders or more); otherwise the ruled
table reader keeps its lines as rows.
"""

from __future__ import annotations

from collections.abc import Sequence

from factlint.models import Block
from factlint.sources.htmltable import lay_out, row_blocks
from factlint.sources.rstinline import Substitutions
from factlint.sources.rstlines import SourceLine
from factlint.sources.rsttable import GRID_BORDER, grid_rows

_MIN_BORDERS = 4  # top, under a first row, under a second row, bottom


def grid_span(lines: Sequence[str], start: int, stop: int) -> int:
    """Return the index after the grid table opening at ``lines[start]``, or ``start`` if no grid
    table opens there (the table must end in a border before ``stop``)."""
    if not lines[start].startswith("+") or not _is_border(lines[start]):
        return start
    end = start + 1
    borders = 1
    header = False
    while end < stop and lines[end][:1] in ("+", "|"):
        if _is_border(lines[end]):
            borders += 1
            header = header or "=" in lines[end]
        end += 1
    if end - start < 3 or not _is_border(lines[end - 1]):
        return start
    return end if header or borders >= _MIN_BORDERS else start


def _is_border(line: str) -> bool:
    return bool(GRID_BORDER.match(line.rstrip()))


def grid_blocks(
    lines: Sequence[str], start: int, end: int, headings: tuple[str, ...], label: str | None
) -> list[Block]:
    """Return one TABLE_ROW block per body row of the grid table on 0-based lines ``start:end``."""
    source = [SourceLine(index + 1, 1, lines[index].rstrip()) for index in range(start, end)]
    rows = grid_rows(source, Substitutions())
    if not rows:
        return []
    headers, body = lay_out(rows)
    return row_blocks(headers, body, headings, label)
