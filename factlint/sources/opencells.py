"""Rows of a space-typed table that leave cells blank: place each piece under its own column."""

from __future__ import annotations

from factlint.models import Cell

ALIGN_SLACK = 2  # as in columns: cells typed with spaces line up within this many characters


def open_cells(
    line: str, cells: tuple[Cell, ...] | None, above: tuple[Cell, ...] | None
) -> tuple[Cell, ...] | None:
    """Return ``cells`` widened to the row ``above`` with empty cells where ``line`` left a column
    blank, or None when the line is no such row.

    A fixed-width table leaves a cell blank by typing nothing there ("Spare fan   45" under
    "Item   Price   Note"): the line then splits into fewer pieces than the rows around it, and
    the run of rows would end at it. It is still a row when it types its label (no "Key:") in
    the first column and each further piece starts (or ends) where one column of the row above does,
    in order, and ends before the next column starts. Tab-separated lines keep their empty cells
    already and are not widened.
    """
    if cells is None or above is None or "\t" in line or not 2 <= len(cells) < len(above):
        return None
    if not above[0].text or abs(cells[0].column - above[0].column) > ALIGN_SLACK:
        return None
    if cells[0].text.endswith(":"):
        return None  # "Updated:   2026-02-01" under a table: a key and its value, not a row
    placed: list[Cell] = [Cell("", cell.column) for cell in above]
    column = 0
    for piece in cells[1:]:
        found = next(
            (index for index in range(column + 1, len(above)) if _lines_up(piece, above[index])),
            None,
        )
        if found is None or not _within(piece, above, found):
            return None
        placed[found] = piece
        column = found
    if not _within(cells[0], above, 0):
        return None
    placed[0] = cells[0]
    return tuple(placed)


def _within(piece: Cell, above: tuple[Cell, ...], index: int) -> bool:
    """Return True when ``piece`` ends before the next column of ``above`` starts: a legend under
    a table ("** LPDDR5, not HBM   e = estimate") runs across columns, a cell does not."""
    if index + 1 >= len(above):
        return True
    return piece.column + len(piece.text) < above[index + 1].column


def _lines_up(piece: Cell, cell: Cell) -> bool:
    """Return True when ``piece`` starts or ends where ``cell`` (a cell of the row above) does."""
    if not cell.text:
        return abs(piece.column - cell.column) <= ALIGN_SLACK
    starts = abs(piece.column - cell.column) <= ALIGN_SLACK
    ends = abs(piece.column + len(piece.text) - cell.column - len(cell.text)) <= ALIGN_SLACK
    return starts or ends
