"""Lay the rows of an HTML table out on a grid: header rows, colspan and rowspan."""

from __future__ import annotations

from dataclasses import dataclass

from factlint.models import Block, BlockKind, Cell
from factlint.sources.blocks import make_block
from factlint.sources.htmltext import AnchoredText, join

# Larger spans are typos or tricks ("colspan=1000"); HTML itself caps them at 1000 / 65534.
MAX_COLSPAN = 50
MAX_ROWSPAN = 200


@dataclass(frozen=True)
class SourceCell:
    """A ``<td>`` or ``<th>`` as written: its text, kind and spans."""

    text: AnchoredText | None
    header: bool
    colspan: int = 1
    rowspan: int = 1  # 0: to the end of the table section
    bold: bool = False  # a <td> whose whole text is bold (a header written without <th>)


@dataclass(frozen=True)
class SourceRow:
    """A ``<tr>`` as written: its cells, whether it is in ``<thead>``, and its start tag position."""

    cells: tuple[SourceCell, ...]
    in_head: bool
    line: int
    column: int


@dataclass(frozen=True)
class GridRow:
    """A body row with one slot per column; a slot holds the text a reader sees in that column."""

    source: SourceRow
    slots: tuple[AnchoredText | None, ...]


def span(value: str | None, limit: int) -> int:
    """Return a colspan/rowspan attribute as a number in 0..limit (1 when missing or not a number)."""
    digits = (value or "").strip()
    return min(int(digits), limit) if digits.isdigit() else 1


def lay_out(rows: list[SourceRow]) -> tuple[tuple[str, ...], list[GridRow]]:
    """Return the column headers and the body rows of a table.

    Header rows are the ``<thead>`` rows, else the leading rows made only of ``<th>``
    cells, else the leading rows whose cells are all bold or empty (EDGAR, e-mail and Word
    HTML write headers as bold ``<td>``); several header rows give each column their texts
    joined. A cell spanning columns heads all of them but fills only its first column in a
    body row (the others are empty), so body cells line up with their headers. A cell
    spanning rows fills its column in each of them: "| H100 |" spanning two rows labels both.
    """
    grid = _grid(rows)
    head = sum(1 for row in rows if row.in_head)
    if not head:
        while head < len(rows) and rows[head].cells and all(cell.header for cell in rows[head].cells):
            head += 1
        if not head:
            while head < len(rows) and _bold_row(rows[head]):
                head += 1
        if head == len(rows):  # a table of header cells only is a table of data
            head = 0
    headers = _headers([slots for slots, _ in grid[:head]]) if head else ()
    body = []
    for row, (_, slots) in zip(rows[head:], grid[head:], strict=True):
        if any(slot is not None and slot.text for slot in slots):
            body.append(GridRow(row, slots))
    return headers, body


def _bold_row(row: SourceRow) -> bool:
    """Return True for a row of two or more cells whose texts are all bold, empty cells aside."""
    written = [cell for cell in row.cells if cell.text is not None and cell.text.text.strip()]
    return len(row.cells) > 1 and bool(written) and all(cell.bold or cell.header for cell in written)


def _grid(
    rows: list[SourceRow],
) -> list[tuple[tuple[AnchoredText | None, ...], tuple[AnchoredText | None, ...]]]:
    """Return per row (every column's text including spanned ones, the body slots)."""
    carried: dict[int, tuple[AnchoredText | None, int]] = {}  # column -> (text, rows still to fill)
    grid = []
    for row in rows:
        full: dict[int, AnchoredText | None] = {}
        body: dict[int, AnchoredText | None] = {}
        for column, (text, _) in carried.items():
            full[column] = body[column] = text
        column = 0
        for cell in row.cells:
            while column in full:
                column += 1
            colspan = max(cell.colspan, 1)
            rowspan = len(rows) if cell.rowspan == 0 else cell.rowspan
            for offset in range(colspan):
                full[column + offset] = cell.text
                body[column + offset] = cell.text if offset == 0 else None
                if rowspan > 1:
                    carried[column + offset] = (cell.text if offset == 0 else None, rowspan)
            column += colspan
        carried = {col: (text, left - 1) for col, (text, left) in carried.items() if left - 1 > 0}
        width = max(full, default=-1) + 1
        grid.append(
            (tuple(full.get(col) for col in range(width)), tuple(body.get(col) for col in range(width)))
        )
    return grid


def _headers(rows: list[tuple[AnchoredText | None, ...]]) -> tuple[str, ...]:
    width = max(len(row) for row in rows)
    headers = []
    for column in range(width):
        texts: list[str] = []
        for row in rows:
            cell = row[column] if column < len(row) else None
            text = " ".join(cell.text.split()) if cell is not None else ""
            if text and text not in texts:
                texts.append(text)
        headers.append(" ".join(texts))
    return tuple(headers)


def row_blocks(
    headers: tuple[str, ...], body: list[GridRow], headings: tuple[str, ...], label: str | None = None
) -> list[Block]:
    """Return one table-row block per laid-out body row: its cells joined by " | ", each cell at
    the file position of its first character (the row's start tag for an empty first cell)."""
    empty = AnchoredText("", ())
    return [
        joined_row_block(
            [slot or empty for slot in row.slots],
            (row.source.line, row.source.column),
            headers,
            headings,
            label,
        )
        for row in body
    ]


def joined_row_block(
    parts: list[AnchoredText],
    start: tuple[int, int],
    headers: tuple[str, ...],
    headings: tuple[str, ...],
    label: str | None = None,
) -> Block:
    """Return the table-row block of ``parts`` joined by " | ", each cell at the file position of
    its first character; ``start`` (line, column) places the row when its first cell is empty."""
    text, anchors, starts = join(parts, " | ")
    if not anchors or anchors[0][0] != 0:
        anchors.insert(0, (0, *start))
    _, line, column = anchors[0]
    cells = tuple(Cell(part.text, column + offset) for part, offset in zip(parts, starts, strict=True))
    return make_block(
        BlockKind.TABLE_ROW,
        text,
        line,
        column,
        headings,
        label=label,
        table_headers=headers,
        cells=cells,
        anchors=tuple(anchors),
    )
