"""A LaTeX table body as blocks: "&" between cells, "\\\\" between rows, rules, spans, header rows."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from factlint.models import Block
from factlint.sources.htmltable import SourceCell, SourceRow, lay_out, row_blocks
from factlint.sources.htmltext import AnchoredText
from factlint.sources.latexmarkup import LatexSource, Span, knowledge

# What splits a table body at brace depth 0: an environment (skipped whole), a control
# sequence, a brace, a cell separator.
_BODY_TOKEN = re.compile(r"\\begin[ \t]*\{([^{}]*)\}|\\(?:[A-Za-z@]+\*?|.)|[{}&]", re.DOTALL)
_ROW_ENDS = frozenset(("\\\\", "\\tabularnewline", "\\cr", "\\crcr"))
_BOLD = re.compile(r"\s*(?:\\(?:textbf|bfseries|bf|textsc|thead|mathbf|boldmath)\b|\{\\(?:bf|bfseries)\b)")
_MAX_SPAN = 50
# Row prefixes that separate no header from a body: colours, space, and rules under some
# columns only ("\cmidrule(lr){2-3}" groups the header cells above it).
_NOT_SEPARATING = frozenset(
    ("rowcolor", "arrayrulecolor", "addlinespace", "cmidrule", "cline", "cdashline", "Xcline")
)
MAX_HEAD_ROWS = 3


@dataclass(frozen=True)
class TableCell:
    """A cell as written: what it shows and the columns and rows it spans."""

    inside: Span
    colspan: int = 1
    rowspan: int = 1


@dataclass(frozen=True)
class TableRow:
    """A row as written, with what stands above it."""

    cells: tuple[TableCell, ...]
    start: int  # offset of the row's first character after rules
    ruled: bool  # a rule (\hline, \midrule, ...) stands right above it
    part: str  # "head" (longtable's first \endhead or \endfirsthead) or "body"
    bold: bool  # every cell with text is set in bold


def table_rows(source: LatexSource, body: Span) -> list[TableRow]:
    """Return the rows of a table body, rules stripped and empty rows dropped."""
    text = source.text
    raw_rows: list[list[Span]] = []
    parts: list[str] = []  # per raw row
    cells: list[Span] = []
    cell_start = body.start
    depth = 0
    position = body.start
    while True:
        match = _BODY_TOKEN.search(text, position, body.end)
        if match is None:
            break
        token = match.group(0)
        position = match.end()
        if match.group(1) is not None:  # an environment in a cell is read with the cell
            position = source.environment_end(match.group(1), position)[1]
        elif token == "{":
            depth += 1
        elif token == "}":
            depth = max(depth - 1, 0)
        elif depth:
            continue
        elif token == "&":
            cells.append(Span(cell_start, match.start()))
            cell_start = position
        elif token in _ROW_ENDS or token[1:] in knowledge().longtable_ends:
            cells.append(Span(cell_start, match.start()))
            raw_rows.append(cells)
            parts.append("body")
            if token[1:] in knowledge().longtable_ends:
                _mark_part(parts, knowledge().longtable_ends[token[1:]])
            else:
                position = source.after_line_break(position)
            cells, cell_start = [], position
    cells.append(Span(cell_start, body.end))
    raw_rows.append(cells)
    parts.append("body")
    return _rows(source, raw_rows, parts)


def table_blocks(
    source: LatexSource,
    rows: list[TableRow],
    collect: Callable[[Span], AnchoredText | None],
    headings: tuple[str, ...],
) -> list[Block]:
    """Return the body rows of a table as TABLE_ROW blocks, as the HTML reader writes them.

    ``collect`` prints a cell. A ``\\multirow`` cell fills the empty cells under it; the
    header rows (see :func:`head_rows`) head the columns, a ``\\multicolumn`` heading all it spans.
    """
    texts: list[list[AnchoredText | None]] = []
    carried: dict[int, tuple[AnchoredText | None, int]] = {}  # column -> (text, rows left)
    for row in rows:
        slots: list[AnchoredText | None] = []
        column = 0
        for cell in row.cells:
            text = collect(cell.inside)
            if text is None and column in carried:  # under a \multirow
                text = carried[column][0]
            if cell.rowspan > 1:
                carried[column] = (text, cell.rowspan)
            slots.append(text)
            column += cell.colspan
        carried = {col: (text, left - 1) for col, (text, left) in carried.items() if left > 1}
        texts.append(slots)
    head = head_rows(rows, [[slot.text if slot else "" for slot in slots] for slots in texts])
    source_rows = []
    for index, (row, slots) in enumerate(zip(rows, texts, strict=True)):
        line, column = source.position(row.start)
        cells = tuple(
            SourceCell(slot, index < head, cell.colspan) for cell, slot in zip(row.cells, slots, strict=True)
        )
        source_rows.append(SourceRow(cells, index < head, line, column))
    headers, body = lay_out(source_rows)
    return row_blocks(headers, body, headings)


def head_rows(rows: list[TableRow], texts: list[list[str]]) -> int:
    """Return how many leading rows are the table's header.

    The rows a longtable repeats as its head; else the rows above the first rule that
    separates rows (``\\midrule`` under a header, not a rule between every row); else leading
    bold rows; else a first row of words over rows with figures.
    """
    count = sum(1 for row in rows if row.part == "head")
    if count:
        return count
    ruled = [index for index, row in enumerate(rows) if index and row.ruled]
    if ruled and len(ruled) < len(rows) - 1 and ruled[0] <= MAX_HEAD_ROWS:
        return ruled[0]
    bold = 0
    while bold < len(rows) - 1 and bold < MAX_HEAD_ROWS and rows[bold].bold:
        bold += 1
    if bold:
        return bold
    words_over_figures = len(texts) > 1 and not any(_numeric(cell) for cell in texts[0])
    return 1 if words_over_figures and any(_numeric(cell) for row in texts[1:] for cell in row) else 0


def _numeric(text: str) -> bool:
    stripped = text.strip().lstrip("~≈<>$€£")
    return bool(stripped) and stripped[0].isdigit()


def _mark_part(parts: list[str], part: str) -> None:
    """Mark the rows since the last longtable end as ``part``: a head written again is "repeat"."""
    if part == "head" and "head" in parts:
        part = "repeat"  # \endfirsthead's head, then \endhead's for the pages after
    index = len(parts) - 1
    while index >= 0 and parts[index] == "body":
        parts[index] = part
        index -= 1


def _rows(source: LatexSource, raw_rows: list[list[Span]], parts: list[str]) -> list[TableRow]:
    rows = []
    ruled = False
    for cells, part in zip(raw_rows, parts, strict=True):
        first, rules = _skip_rules(source, cells[0].start, cells[0].end)
        ruled = ruled or rules
        shaped = [_cell(source, Span(first, cells[0].end)), *(_cell(source, cell) for cell in cells[1:])]
        if all(not source.text[cell.inside.start : cell.inside.end].strip(" \t\n\x00") for cell in shaped):
            continue
        if part in ("foot", "repeat"):
            ruled = False  # a longtable's foot, and its head repeated on later pages
            continue
        bold = all(
            _BOLD.match(source.text, cell.inside.start, cell.inside.end) is not None
            for cell in shaped
            if source.text[cell.inside.start : cell.inside.end].strip(" \t\n\x00")
        )
        start = source.skip_space(first)
        rows.append(TableRow(tuple(shaped), start, ruled, part, bold))
        ruled = False
    return rows


def _skip_rules(source: LatexSource, start: int, end: int) -> tuple[int, bool]:
    """Return the offset after the rules opening a row, and whether there were any."""
    rules = knowledge().table_rules
    position = start
    found = False
    while True:
        position = _skip_blank(source, position, end)
        control = source.control(position)
        if control is None or control[1:] not in rules:
            return position, found
        found = found or control[1:] not in _NOT_SEPARATING
        position += len(control)
        for opening in ("[", "("):
            optional = source.optional(position, opening)
            if optional is not None and optional.after <= end:
                position = optional.after
        _, position = source.options_and_arguments(position, rules[control[1:]])


def _skip_blank(source: LatexSource, position: int, end: int) -> int:
    while position < end and source.text[position] in " \t\n\x00":
        position += 1
    return position


def _cell(source: LatexSource, cell: Span) -> TableCell:
    """Return a cell's shape, ``\\multicolumn{n}{spec}{x}`` and ``\\multirow{n}{width}{x}`` unwrapped."""
    colspan = rowspan = 1
    inside = cell
    while True:
        start = _skip_blank(source, inside.start, inside.end)
        control = source.control(start)
        if control not in ("\\multicolumn", "\\multirow"):
            return TableCell(inside, colspan, rowspan)
        arguments, _ = source.options_and_arguments(start + len(control), 3)
        if len(arguments) < 3:
            return TableCell(inside, colspan, rowspan)
        count = source.text[arguments[0].start : arguments[0].end].strip()
        number = int(count) if count.isdigit() else 1
        if control == "\\multicolumn":
            colspan = max(1, min(number, _MAX_SPAN))
        else:
            rowspan = max(1, min(number, _MAX_SPAN))
        inside = arguments[2]
