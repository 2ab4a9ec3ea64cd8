"""Printed DataFrames in code output: a header line of column names over aligned rows.

A notebook exported to Markdown shows its tables as pandas prints them::

            instance  chips  hbm_gb
    0  trn2.48xlarge     16    96.0
    1      tpu-v5e-8      8    16.0

The header names the value columns, each row opens with its index (0, 1, ... or a
label) and every cell lines up with its column name, right-aligned as pandas prints
them or left-aligned. Each row becomes a TABLE_ROW whose headers are the column names
split into words (``hbm_gb`` -> "hbm gb"); a counting index (0, 1, 2) is dropped, a
label index is kept as the row's first cell under an empty header. A long frame printed
truncated shows ``...`` for the columns and a row of dots for the rows it leaves out: both are
read past. See decision 0073 (and 0158 for truncated frames).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from factlint.models import Block, BlockKind, Cell
from factlint.sources.blocks import make_block
from factlint.sources.datablocks import key_words

# Fences that hold program output rather than code: unlabelled ones and plain text.
OUTPUT_LANGUAGES = frozenset({"", "text", "txt", "plaintext", "output", "out", "console"})
ALIGN_SLACK = 1  # pandas pads every cell to its column's width: ends (or starts) agree exactly
_GAP = re.compile(r" {2,}")
_OUTPUT_PROMPT = re.compile(r"[ \t]*Out\[\d*\]:[ \t]*$")  # "Out[4]:" alone on its line
_IDENTIFIER = re.compile(r"[A-Za-z_][\w.%/()-]*")  # a column name: "usd_per_hour", "hbm_gb"
_FIGURE = re.compile(r"[-+$~]?\d")
_COUNTER = re.compile(r"\d+")
# "...": a column (in the header and each row) or a row (all cells) a truncated frame leaves out
_ELLIPSIS = re.compile(r"\.{2,3}|…")


def frame_rows(
    lines: Sequence[str], first: int, last: int, headings: tuple[str, ...], label: str | None
) -> list[Block]:
    """Return TABLE_ROW blocks for the printed DataFrames between 0-based lines ``first`` and ``last``."""
    blocks: list[Block] = []
    index = first
    while index < last:
        header = _header(lines[index])
        rows = _rows(lines, index + 1, last, header) if header else []
        if not rows:
            index += 1
            continue
        names = tuple(key_words(cell.text) for cell in header or ())
        for line_index, cells in rows:
            headers = ("", *names) if len(cells) > len(names) else names
            line = lines[line_index]
            start = cells[0].column - 1
            blocks.append(
                make_block(
                    BlockKind.TABLE_ROW,
                    line[start:].rstrip(),
                    line_index + 1,
                    start + 1,
                    headings,
                    label=label,
                    table_headers=headers,
                    cells=cells,
                )
            )
        index = rows[-1][0] + 1
    return blocks


def _header(line: str) -> tuple[Cell, ...] | None:
    """Return the column names of a DataFrame's header line: two or more identifiers, no figures."""
    if _OUTPUT_PROMPT.match(line):
        return None
    cells = _split(line)
    names = [cell for cell in cells if not _ELLIPSIS.fullmatch(cell.text)]
    if len(names) < 2 or not all(_IDENTIFIER.fullmatch(cell.text) for cell in names):
        return None
    return cells


def _rows(
    lines: Sequence[str], start: int, last: int, header: tuple[Cell, ...]
) -> list[tuple[int, tuple[Cell, ...]]]:
    """Return (line index, value cells) of the rows under ``header``, or nothing if they are no table.

    Each row has one cell per column name plus its index cell, or exactly one per name
    when the first name heads the index ("instance  usd" over "trn2.48xlarge  0.41").
    """
    width = len(header)
    found: list[tuple[int, tuple[Cell, ...]]] = []
    index = start
    while index < last:
        cells = _split(lines[index])
        if found and cells and all(_ELLIPSIS.fullmatch(cell.text) for cell in cells):
            index += 1  # the row of dots standing for the rows a long frame leaves out
            continue
        if len(cells) == width + 1 and cells[0].column < header[0].column and _lined_up(cells[1:], header):
            found.append((index, cells[1:] if _COUNTER.fullmatch(cells[0].text) else cells))
        elif len(cells) == width and _lined_up(cells[1:], header[1:]):
            found.append((index, cells))
        else:
            break
        index += 1
    if not found or not any(_FIGURE.match(cell.text) for _, cells in found for cell in cells[1:]):
        return []
    return found


def _lined_up(cells: Sequence[Cell], names: Sequence[Cell]) -> bool:
    """Return True when each cell starts or ends where its column name does."""
    for cell, name in zip(cells, names, strict=True):
        ends = abs(cell.column + len(cell.text) - name.column - len(name.text))
        if ends > ALIGN_SLACK and abs(cell.column - name.column) > ALIGN_SLACK:
            return False
    return True


def _split(line: str) -> tuple[Cell, ...]:
    """Return the cells of ``line`` split at runs of two or more spaces, with 1-based columns."""
    stripped = line.rstrip()
    position = len(stripped) - len(stripped.lstrip())
    cells: list[Cell] = []
    for match in [*_GAP.finditer(stripped, position), None]:
        stop = match.start() if match else len(stripped)
        if stop > position:
            cells.append(Cell(stripped[position:stop], position + 1))
        position = match.end() if match else len(stripped)
    return tuple(cells)
