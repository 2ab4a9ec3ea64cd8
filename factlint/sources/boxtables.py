"""Tables drawn with box-drawing characters in plain text.

A notice or a terminal dump may draw its table::

    ┌──────────┬─────────┬─────────┐
    │ Item     │ n150d   │ n300d   │
    ├──────────┼─────────┼─────────┤
    │ Memory   │ 12 GB   │ 24 GB   │
    └──────────┴─────────┴─────────┘

Its rows are the lines opened and closed by a vertical bar (``│``, ``┃``, ``║``), split at
the bars; the border lines between them are skipped. The first row is the header. A row
whose first cell is empty (a wrapped cell's second line) stays a row of its own, so each
cell keeps its place in the file.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from factlint.models import Cell
from factlint.sources.columns import TextRow

VERTICALS = "│┃║"
BOX_CHARS = "─━═┌┐└┘├┤┬┴┼┏┓┗┛┣┫┳┻╋╔╗╚╝╠╣╦╩╬╒╓╕╖╘╙╛╜╞╟╡╢╤╥╧╨╪╫╭╮╯╰" + VERTICALS
BORDER_LINE = re.compile(rf"[ \t]*[{BOX_CHARS}][{BOX_CHARS} \t]*")  # "├───┼───┤": no text
_ROW_LINE = re.compile(rf"[ \t]*[{VERTICALS}].*[{VERTICALS}][ \t]*")
_BAR = re.compile(rf"[{VERTICALS}]")
MIN_ROWS = 2  # a header and one row


def find_box_tables(lines: Sequence[str], first: int = 0) -> dict[int, TextRow]:
    """Return {0-based line index: row} for the rows of box-drawn tables from line ``first`` on.

    The header row comes back with ``is_header`` set; border lines are not in the result.
    """
    rows: dict[int, TextRow] = {}
    index = first
    while index < len(lines):
        if not _ROW_LINE.fullmatch(lines[index]) and not BORDER_LINE.fullmatch(lines[index]):
            index += 1
            continue
        end = index
        while end < len(lines) and (_ROW_LINE.fullmatch(lines[end]) or BORDER_LINE.fullmatch(lines[end])):
            end += 1
        rows.update(_table(lines, [i for i in range(index, end) if _ROW_LINE.fullmatch(lines[i])]))
        index = end
    return rows


def _table(lines: Sequence[str], indexes: list[int]) -> dict[int, TextRow]:
    """Return the rows of one drawn table (the lines ``indexes`` hold its rows), or nothing."""
    split = [_cells(lines[index]) for index in indexes]
    if len(split) < MIN_ROWS or len(split[0]) < 2 or any(len(cells) != len(split[0]) for cells in split):
        return {}
    header = split[0]
    headers = tuple(cell.text for cell in header)
    table = {index: TextRow(cells, headers) for index, cells in zip(indexes[1:], split[1:], strict=True)}
    table[indexes[0]] = TextRow(header, headers, is_header=True)
    return table


def _cells(line: str) -> tuple[Cell, ...]:
    """Return the cells between the bars of a row line, each at its 1-based column."""
    bars = [match.start() for match in _BAR.finditer(line)]
    cells = []
    for start, stop in itertools.pairwise(bars):
        piece = line[start + 1 : stop]
        text = piece.strip()
        cells.append(Cell(text, start + 2 + len(piece) - len(piece.lstrip())))
    return tuple(cells)
