"""Pipe tables printed by SQL clients and CLI tools, with a rule of dashes under the header.

``psql`` and many command-line tools print a table with pipes between the cells, no outer
pipes, and a rule whose ``+`` joints sit under the pipes; the MySQL client draws borders
of the same characters around it::

     model     | memory | power            +-----------+--------+
    -----------+--------+-------           | model     | memory |
     Zephyr X1 | 96 GB  | 600 W            +-----------+--------+
                                           | Zephyr X1 | 96 GB  |
                                           +-----------+--------+

A table is a header line split by pipes into two or more names, directly over a rule of
dashes cut by ``+`` or ``|`` into as many segments; its rows are the lines below that split
into as many cells, up to the first line that does not (a blank line, a footer such as
"(2 rows)"). Border lines above the header and between the rows are skipped. Cells are
split at the pipes, not at fixed columns: a wide character or an overflowing cell shifts
a row's pipes. A row whose first cell is empty (a wrapped cell's second line) stays a row
of its own, as in a box-drawn table. Underscores in the header's names are spaces
("memory_gb" -> "memory gb"): a query's column names are identifiers.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from factlint.models import Block, Cell
from factlint.sources.columns import TextRow
from factlint.sources.delimited import is_header, row_block, scan_tables

# "-----+------", "+-----+-----+", "|-----|-----|", "|:----|----:|": dashes cut by joints.
# Spaces around an optional joint are one run with the joint inside ("[ \t]*(?:[+|][ \t]*)?",
# not "[ \t]*[+|]?[ \t]*"), so that a long run of spaces before other text fails in linear time.
RULE_LINE = re.compile(
    r"[ \t]*(?:[+|][ \t]*)?:?[-=]{2,}:?(?:[ \t]*[+|][ \t]*:?[-=]{2,}:?)*[ \t]*(?:[+|][ \t]*)?"
)
_SEGMENT = re.compile(r":?[-=]{2,}:?")
_VALUE = re.compile(r"[~≈<>]?(?:[A-Z]{0,3}[$€£])?\d[\d.,]*\s?[A-Za-z%/]{0,8}")  # "48 GB", "$2.10", "16"
MIN_COLUMNS = 2


def find_ruled_tables(lines: Sequence[str], first: int = 0, last: int | None = None) -> dict[int, TextRow]:
    """Return {0-based line index: row} for the rows of ruled pipe tables in ``lines[first:last]``.

    The header row comes back with ``is_header`` set; rule and border lines are not in the result.
    """
    stop = len(lines) if last is None else last
    # a header needs its rule on the next line, so the last line can open no table
    return scan_tables(first, stop - 1, lambda header: _table_at(lines, header, header + 1, stop))


def is_rule(line: str) -> bool:
    """Return True for a drawn rule or border of a ruled pipe table ("----+----", "+---+---+")."""
    return bool(RULE_LINE.fullmatch(line)) and ("+" in line or "|" in line)


def ruled_rows(
    lines: Sequence[str], first: int, last: int, headings: tuple[str, ...], label: str | None
) -> list[Block]:
    """Return TABLE_ROW blocks for the ruled pipe tables between 0-based lines ``first`` and ``last``."""
    rows = sorted(find_ruled_tables(lines, first, last).items())
    return [row_block(lines, index, row, headings, label) for index, row in rows if not row.is_header]


def _table_at(lines: Sequence[str], header_index: int, rule_index: int, stop: int) -> dict[int, TextRow]:
    """Return the rows of the table whose header is ``lines[header_index]`` over the rule at
    ``rule_index``, or nothing."""
    header_line, rule = lines[header_index], lines[rule_index]
    if "|" not in header_line or not is_rule(rule):
        return {}
    outer = _outer_pipes(header_line)
    header = _cells(header_line, outer)
    width = len(header)
    if width < MIN_COLUMNS or len(_SEGMENT.findall(rule)) != width or not _names_columns(header):
        return {}
    # SQL column names are identifiers: "memory_gb" names the words "memory gb"
    headers = tuple(cell.text.replace("_", " ") for cell in header)
    found: dict[int, TextRow] = {}
    for index in range(rule_index + 1, stop):
        line = lines[index]
        if is_rule(line):
            continue  # a border between the rows or under the last one
        if "|" not in line:
            break
        cells = _cells(line, outer)
        if len(cells) != width:
            break
        found[index] = TextRow(cells, headers)
    if not found:
        return {}
    found[header_index] = TextRow(header, headers, is_header=True)
    return found


def _names_columns(header: tuple[Cell, ...]) -> bool:
    """Return True for header cells that name columns: names (see ``is_header``), no measured value.

    Over a drawn rule a name may end in a shortened word's full stop ("Memory of 1 accel.",
    "Qty."): that stop ends no sentence.
    """
    names = tuple(Cell(cell.text.removesuffix("."), cell.column) for cell in header)
    return is_header(names) and not any(_VALUE.fullmatch(cell.text) for cell in header)


def _outer_pipes(line: str) -> tuple[bool, bool]:
    """Return whether the header ``line`` opens and closes with a pipe (a drawn left and right border)."""
    stripped = line.strip()
    return stripped.startswith("|"), stripped.endswith("|") and len(stripped) > 1


def _cells(line: str, outer: tuple[bool, bool]) -> tuple[Cell, ...]:
    """Return the cells between the pipes of ``line``, each at its 1-based column.

    The table's outer pipes (``outer``: left, right) are borders, not boundaries: a row
    of a table without them may open with a pipe when its first cell is empty.
    """
    start = len(line) - len(line.lstrip())
    stop = len(line.rstrip())
    if outer[0] and line.startswith("|", start):
        start += 1
    if outer[1] and stop > start and line[stop - 1] == "|":
        stop -= 1
    cells: list[Cell] = []
    position = start
    for piece in line[start:stop].split("|"):
        text = piece.strip()
        column = position + len(piece) - len(piece.lstrip()) + 1 if text else position + 1
        cells.append(Cell(text, column))
        position += len(piece) + 1
    return tuple(cells)
