"""The rows of an mdoc column list (``.Bl -column``): each ``.It`` line a row, its cells split at ``Ta``."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from factlint.models import Block
from factlint.sources.htmltable import joined_row_block
from factlint.sources.htmltext import AnchoredText
from factlint.sources.roffinline import Argument, words

# Prints the words of one cell (its macro arguments) as gathered text, or None if it prints nothing.
CellPrinter = Callable[[Sequence[Argument]], AnchoredText | None]


def column_cells(args: Sequence[Argument], cell_text: CellPrinter) -> list[AnchoredText | None]:
    """Return the printed cells of one ``.It`` line of a column list, split at ``Ta``."""
    groups: list[list[Argument]] = [[]]
    for arg in args:
        if arg.text == "Ta":
            groups.append([])
        else:
            groups[-1].append(arg)
    return [cell_text(group) for group in groups]


def is_header(args: Sequence[Argument]) -> bool:
    """Return whether an ``.It`` line is a header row: every cell opens with a header macro (``Sy``)."""
    header_macros = words("column_header_macros")
    opening = True
    for arg in args:
        if opening and arg.text not in header_macros:
            return False
        opening = arg.text == "Ta"
    return bool(args)


def column_rows(
    rows: list[list[AnchoredText | None]], headers: tuple[str, ...], headings: tuple[str, ...]
) -> list[Block]:
    """Return one table-row block per row with a printed cell: cells joined by " | "."""
    blocks = []
    for row in rows:
        printed = [cell for cell in row if cell is not None]
        if printed:
            parts = [cell or AnchoredText("", ()) for cell in row]
            line, column = printed[0].anchors[0][1:]
            blocks.append(joined_row_block(parts, (line, column), headers, headings))
    return blocks
