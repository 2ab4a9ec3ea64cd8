"""Read an AsciiDoc table (``|===``, ``,===``, ``:===``) into rows of cells under their headers.

The AsciiDoc Language documentation's tables: a cell starts at a ``|`` (the separator of a
prefix-separated table), optionally after a specifier: ``2+`` spans two columns, ``.2+``
two rows, ``2*`` repeats the cell, and a style letter (``a``, ``e``, ``h``, ``l``, ``m``,
``s``, ``v``) after it. A cell goes on until the next separator, over lines too. The column
count comes from ``cols`` (``"2,3,3"``, ``"3*"``) or else from the cells of the first line;
cells fill the rows in order. The first row is the header with ``options="header"`` (or
``%header``), or when it is written on the first line alone with a blank line under it
(the implicit header) and ``noheader`` is not set. ``,===`` is CSV and ``:===`` DSV: one
row per line. The laid-out grid is the HTML reader's (htmltable.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from factlint.models import Block
from factlint.sources.asciidocinline import Attributes, Rendered, render
from factlint.sources.htmltable import MAX_COLSPAN, MAX_ROWSPAN, SourceCell, SourceRow, lay_out, row_blocks
from factlint.sources.htmltext import AnchoredText
from factlint.sources.htmltree import TextRun
from factlint.sources.wikimarkup import gather

# A cell specifier: "2+", ".3+", "2.2+^.>s", "3*", "a" (before the separator).
_SPECIFIER = (
    r"(?:(?P<times>\d+)\*|(?P<colspan>\d+)?(?:\.(?P<rowspan>\d+))?\+)?"  # span or repeat
    r"(?:[<^>]?(?:\.[<^>])?)(?P<style>[adehlmsv])?"  # alignment, style
)
# A column of "cols": "3*", "2", "<.^1a", "15%", "~", each optionally ending with a style letter.
_COLUMN = re.compile(r"^\s*(?:(\d+)\*)?[<^>]?(?:\.[<^>])?(?:\d+%?|~)?(?P<style>[adehlmsv])?\s*$")
# What an AsciiDoc ("a") cell's line may open with that prints nothing: a list marker, an admonition label.
_CELL_LINE_MARK = re.compile(
    r"^[ \t]*(?:(?:\*{1,5}|-|\.{1,5}|\d{1,3}\.)[ \t]+|(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION):[ \t]+)"
)


@dataclass
class _Cell:
    style: str
    colspan: int
    rowspan: int
    pieces: list[tuple[int, int, str]] = field(default_factory=list)  # (line, column, text)
    first_line: int = 0  # index of the table line it starts on


@dataclass(frozen=True)
class TableSpec:
    """What a table's block attribute line says: its separator, column count and header."""

    separator: str
    columns: int
    header: bool | None  # None: decide by the implicit-header rule
    styles: tuple[str, ...] = ()  # each column's style letter ("" for none)


def table_spec(delimiter: str, attributes: dict[str, str], options: set[str]) -> TableSpec:
    """Return the spec of a table opened by ``delimiter`` under these block attributes."""
    kind = attributes.get("format", {",": "csv", ":": "dsv"}.get(delimiter[0], "psv"))
    separator = attributes.get("separator") or {"csv": ",", "dsv": ":", "tsv": "\t"}.get(kind, delimiter[0])
    styles: list[str] = []
    for spec in (attributes.get("cols") or "").replace(";", ",").split(","):
        if spec.strip():
            column = _COLUMN.match(spec)
            times = int(column.group(1)) if column and column.group(1) else 1
            styles += [(column.group("style") if column else None) or ""] * min(times, MAX_COLSPAN)
    columns = len(styles)
    header: bool | None = None
    if "header" in options:
        header = True
    elif "noheader" in options:
        header = False
    return TableSpec(separator if kind == "psv" else f"{kind}:{separator}", columns, header, tuple(styles))


def read_table(
    lines: Sequence[str],
    first: int,
    last: int,
    first_number: int,
    spec: TableSpec,
    attributes: Attributes,
    headings: tuple[str, ...],
) -> tuple[list[Block], list[list[TextRun]]]:
    """Return the row blocks of the table whose content is ``lines[first:last]`` (``lines[first]``
    is file line ``first_number``) and the notes its cells hold."""
    if spec.separator.startswith(("csv:", "dsv:")):
        cells_by_line = _delimited_cells(lines, first, last, first_number, spec.separator[4:])
        cells = [cell for row in cells_by_line for cell in row]
        columns = spec.columns or (len(cells_by_line[0]) if cells_by_line else 0)
    else:
        cells = _separated_cells(lines, first, last, first_number, spec.separator)
        first_row = [cell for cell in cells if cell.first_line == (cells[0].first_line if cells else 0)]
        columns = spec.columns or sum(cell.colspan for cell in first_row)
    if not cells or columns <= 0:
        return [], []
    header = spec.header
    if header is None:
        header = _implicit_header(lines, first, last, cells, columns)
    rendered = Rendered()
    rows = _rows(cells, columns, header, spec.styles, attributes, rendered)
    head, body = lay_out(rows)
    return row_blocks(head, body, headings), rendered.notes


def _implicit_header(lines: Sequence[str], first: int, last: int, cells: list[_Cell], columns: int) -> bool:
    """Return True if the first line holds exactly the first row and a blank line follows it."""
    start = next((index for index in range(first, last) if lines[index].strip()), None)
    if start is None or start + 1 >= last or lines[start + 1].strip():
        return False
    on_first = [cell for cell in cells if cell.first_line == start]
    return sum(cell.colspan for cell in on_first) == columns


def _separated_cells(
    lines: Sequence[str], first: int, last: int, first_number: int, separator: str
) -> list[_Cell]:
    """Return the cells of a prefix-separated table in order, each with its pieces of text."""
    # A specifier starts its line or follows a blank, as in Asciidoctor: "5 nm|" ends a cell "5 nm".
    pattern = re.compile(rf"(?:(?<![^ \t]){_SPECIFIER})?(?<!\\){re.escape(separator)}")
    cells: list[_Cell] = []
    for index in range(first, last):
        line = lines[index]
        number = first_number + index - first
        position = 0
        for match in pattern.finditer(line):
            prefix = line[position : match.start()]
            if not cells and prefix.strip():
                continue  # text before the first cell: not a cell's
            if cells:
                cells[-1].pieces.append((number, position + 1, prefix))
            elif prefix.strip():
                continue
            style = match.group("style") or ""
            colspan = min(int(match.group("colspan") or 1), MAX_COLSPAN)
            rowspan = min(int(match.group("rowspan") or 1), MAX_ROWSPAN)
            times = int(match.group("times") or 1)
            for _ in range(max(1, min(times, MAX_COLSPAN))):
                cells.append(_Cell(style, colspan, rowspan, first_line=index))
            position = match.end()
        if cells:
            cells[-1].pieces.append((number, position + 1, line[position:]))
    return cells


def _delimited_cells(
    lines: Sequence[str], first: int, last: int, first_number: int, separator: str
) -> list[list[_Cell]]:
    """Return the cells of a CSV or DSV table, one list per non-blank line."""
    rows = []
    for index in range(first, last):
        line = lines[index]
        if not line.strip():
            continue
        number = first_number + index - first
        row = []
        for start, end in _fields(line, separator):
            text = line[start:end]
            if len(text) >= 2 and text[0] == '"' and text[-1] == '"':
                start, end, text = start + 1, end - 1, text[1:-1].replace('""', '"')
            row.append(_Cell("", 1, 1, [(number, start + 1, text)], first_line=index))
        rows.append(row)
    return rows


def _fields(line: str, separator: str) -> list[tuple[int, int]]:
    """Return the (start, end) of each field of a delimited line; quotes protect separators."""
    fields = []
    start, quoted = 0, False
    for index, character in enumerate(line):
        if character == '"':
            quoted = not quoted
        elif character == separator and not quoted:
            fields.append((start, index))
            start = index + 1
    fields.append((start, len(line)))
    return fields


def _rows(
    cells: list[_Cell],
    columns: int,
    header: bool,
    styles: tuple[str, ...],
    attributes: Attributes,
    rendered: Rendered,
) -> list[SourceRow]:
    """Return the cells laid into rows of ``columns`` columns (a cell spanning rows takes its
    column in the rows below it), the first row a header row if ``header``; a cell with no style
    of its own takes its column's (``styles``)."""
    rows: list[SourceRow] = []
    current: list[SourceCell] = []
    filled = 0
    taken: dict[int, int] = {}  # rows ahead -> columns taken there by row spans from above
    for cell in cells:
        style = cell.style or (styles[filled] if filled < len(styles) else "")
        text = _cell_text(cell, style, attributes, rendered)
        is_header = style == "h" or (header and not rows)
        current.append(SourceCell(text, is_header, colspan=cell.colspan, rowspan=cell.rowspan))
        filled += cell.colspan
        for ahead in range(1, cell.rowspan):
            taken[ahead] = taken.get(ahead, 0) + cell.colspan
        if filled >= columns - taken.get(0, 0):
            rows.append(_row(current, cell))
            current, filled = [], 0
            taken = {ahead - 1: count for ahead, count in taken.items() if ahead > 0}
    if current:
        rows.append(_row(current, cells[-1]))
    if header and rows:
        head = rows[0]
        cells_of_head = tuple(SourceCell(cell.text, True, cell.colspan, cell.rowspan) for cell in head.cells)
        rows[0] = SourceRow(cells_of_head, True, head.line, head.column)
    return rows


def _row(cells: list[SourceCell], last: _Cell) -> SourceRow:
    anchored = next((cell.text for cell in cells if cell.text is not None), None)
    if anchored is not None:
        _, line, column = anchored.anchors[0]
    else:
        line, column = (last.pieces[0][0], last.pieces[0][1]) if last.pieces else (1, 1)
    return SourceRow(tuple(cells), False, line, column)


def _cell_text(cell: _Cell, style: str, attributes: Attributes, rendered: Rendered) -> AnchoredText | None:
    """Return a cell's text: its pieces rendered (a literal cell as written), on one line."""
    runs: list[TextRun] = []
    for line, column, text in cell.pieces:
        if style == "l":
            runs.append(TextRun(text, line, column))
        elif style == "a" and (mark := _CELL_LINE_MARK.match(text)) is not None:
            runs += render(text[mark.end() :], line, column + mark.end(), attributes, rendered)
        else:
            runs += render(text.replace("\\|", "|"), line, column, attributes, rendered)
        runs.append(TextRun(" ", line, column + len(text)))
    return gather(runs, one_line=True)
