"""Read reStructuredText tables into rows: grid tables, simple tables, ``list-table`` and
``csv-table`` directives, each cell placed in the file."""

from __future__ import annotations

import csv
import itertools
import re
from collections.abc import Sequence

from factlint.sources.htmltable import SourceCell, SourceRow
from factlint.sources.rstinline import Substitutions, inline_text
from factlint.sources.rstlines import SourceLine, blank, dedent, indent_of, items

GRID_BORDER = re.compile(r"\+(?:[-=:]+\+)+$")  # Pandoc puts alignment colons in borders
SIMPLE_BORDER = re.compile(r"=+(?: +=+)+$")
_SPAN_UNDERLINE = re.compile(r"-+(?: +-+)*$")
_ROW_ITEM = re.compile(r"[*+-](?: +|$)")


def grid_end(lines: Sequence[SourceLine], start: int) -> int:
    """Return the index after the grid table whose top border is line ``start``."""
    index = start + 1
    while index < len(lines) and lines[index].text[:1] in ("+", "|"):
        index += 1
    return index


def grid_rows(lines: Sequence[SourceLine], substitutions: Substitutions) -> list[SourceRow]:
    """Return the rows of a grid table (``+---+`` borders, ``+===+`` under its header rows).

    A cell's text is its lines between its ``|`` walls; a cell whose wall is missing spans the
    columns up to the next wall."""
    border = lines[0].text
    walls = [index for index, char in enumerate(border) if char == "+"]
    rows: list[SourceRow] = []
    pending: list[SourceLine] = []
    head = 0
    for line in lines[1:]:
        if GRID_BORDER.match(line.text):
            if pending:
                rows.extend(_grid_row_lines(pending, walls, substitutions))
                pending = []
            if "=" in line.text:
                head = len(rows)
        else:
            pending.append(line)
    if pending:
        rows.extend(_grid_row_lines(pending, walls, substitutions))
    return [SourceRow(row.cells, index < head, row.line, row.column) for index, row in enumerate(rows)]


def _grid_row_lines(
    lines: list[SourceLine], walls: list[int], substitutions: Substitutions
) -> list[SourceRow]:
    """Return the row the lines between two borders make; if they are ragged (walls missing or
    moved, text past the last wall), one row per line cut at its own walls, so no text is lost."""
    first = lines[0].text
    if _fits(lines, [wall for wall in walls if wall < len(first) and first[wall] in "|+"], walls[-1]):
        return [_grid_row(lines, walls, substitutions)]
    rows = []
    for line in lines:
        closed = (
            line if line.text.endswith(("|", "+")) else SourceLine(line.number, line.column, line.text + "|")
        )
        own = [index for index, char in enumerate(closed.text) if char in "|+"]
        if line.text.strip():
            rows.append(_grid_row([closed], own, substitutions))
    return rows


def _fits(lines: Sequence[SourceLine], present: list[int], last: int) -> bool:
    """Return True if each line of a row keeps its text between the walls its first line has
    (``present``): the border's last wall among them, no text past it, none where a wall is."""
    if not present or present[-1] != last:
        return False
    for line in lines:
        text = line.text
        if text[last + 1 :].strip() or any(wall < len(text) and text[wall] not in "|+ " for wall in present):
            return False
    return True


def _grid_row(lines: list[SourceLine], walls: list[int], substitutions: Substitutions) -> SourceRow:
    first = lines[0].text
    present = [wall for wall in walls if wall < len(first) and first[wall] in "|+"]
    cells = []
    for left, right in itertools.pairwise(present):
        cell_lines = [line.after(left + 1) for line in lines]
        cell_lines = [
            SourceLine(line.number, line.column, line.text[: right - left - 1]) for line in cell_lines
        ]
        text = inline_text(_stripped(cell_lines), substitutions)
        colspan = sum(1 for wall in walls if left < wall <= right)
        cells.append(SourceCell(text, header=False, colspan=colspan))
    return SourceRow(tuple(cells), False, lines[0].number, lines[0].column)


def simple_end(lines: Sequence[SourceLine], start: int) -> int:
    """Return the index after the simple table whose top border is line ``start`` (its last
    border is the first one after the top followed by a blank line or the end), or ``start``
    if no border closes it."""
    for index in range(start + 1, len(lines)):
        if SIMPLE_BORDER.match(lines[index].text) and (index + 1 == len(lines) or blank(lines[index + 1])):
            return index + 1
    return start


def simple_rows(lines: Sequence[SourceLine], substitutions: Substitutions) -> list[SourceRow]:
    """Return the rows of a simple table (``=== ===`` borders; rows above a middle border are its
    header). A line with an empty first column continues the row above."""
    columns = [match.start() for match in re.finditer(r"=+", lines[0].text)]
    borders = [
        index for index, line in enumerate(lines) if index and set(line.text) <= {"=", " "} and line.text
    ]
    head_end = borders[0] if len(borders) > 1 else 0
    grouped: list[tuple[bool, list[SourceLine]]] = []
    for index, line in enumerate(lines[1:-1], start=1):
        if blank(line) or index in borders or _SPAN_UNDERLINE.match(line.text):
            continue
        if grouped and not line.text[: columns[1] if len(columns) > 1 else None].strip():
            grouped[-1][1].append(line)
        else:
            grouped.append((index < head_end, [line]))
    rows = []
    for in_head, row_lines in grouped:
        cells = []
        for number, left in enumerate(columns):
            right = columns[number + 1] if number + 1 < len(columns) else None
            cell_lines = [
                SourceLine(line.number, line.column + left, line.text[left:right]) for line in row_lines
            ]
            cells.append(SourceCell(inline_text(_stripped(cell_lines), substitutions), header=in_head))
        rows.append(SourceRow(tuple(cells), in_head, row_lines[0].number, row_lines[0].column))
    return rows


def list_table_rows(
    content: Sequence[SourceLine], header_rows: int, substitutions: Substitutions
) -> list[SourceRow]:
    """Return the rows of a ``list-table``: a bullet list of rows, each a bullet list of cells."""
    rows = []
    for number, row in enumerate(items(content, _ROW_ITEM)):
        cells = tuple(
            SourceCell(inline_text(_stripped(cell), substitutions), header=number < header_rows)
            for cell in items(dedent(row), _ROW_ITEM)
        )
        if cells:
            first = next((line for line in row if not blank(line)), row[0])
            rows.append(SourceRow(cells, number < header_rows, first.number, first.column))
    return rows


def csv_table_rows(
    content: Sequence[SourceLine], header: SourceLine | None, header_rows: int, delimiter: str,
    substitutions: Substitutions,
) -> list[SourceRow]:  # fmt: skip
    """Return the rows of a ``csv-table``: its ``:header:`` option, then one record per line."""
    rows = []
    records = ([header] if header is not None else []) + [line for line in content if not blank(line)]
    for number, line in enumerate(records):
        in_head = (header is not None and number == 0) or number - (header is not None) < header_rows
        cells = tuple(
            SourceCell(inline_text([cell], substitutions), header=in_head)
            for cell in _csv_cells(line, delimiter)
        )
        rows.append(SourceRow(cells, in_head, line.number, line.column))
    return rows


def _csv_cells(line: SourceLine, delimiter: str) -> list[SourceLine]:
    """Return the fields of one CSV record, each placed where its text is on the line."""
    fields = next(csv.reader([line.text], delimiter=delimiter, skipinitialspace=True), [])
    cells, cursor = [], 0
    for field_text in fields:
        found = line.text.find(field_text, cursor) if field_text else -1
        if found < 0:
            cells.append(SourceLine(line.number, line.column + cursor, field_text))
            continue
        cells.append(SourceLine(line.number, line.column + found, field_text))
        cursor = found + len(field_text)
    return cells


def _stripped(lines: Sequence[SourceLine]) -> list[SourceLine]:
    """Return the non-blank lines of a cell, each without its leading spaces."""
    return [line.after(indent_of(line)) for line in lines if not blank(line)]
