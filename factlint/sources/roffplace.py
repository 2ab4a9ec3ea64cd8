"""Place the blocks of a manual page's no-fill region, read from its printed lines, at their source columns.

A printed line is shorter than its source wherever an escape prints fewer characters than it
takes (``\\fB``, ``\\ ``); each printed character keeps the source column it came from.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from factlint.models import Block
from factlint.sources.htmltree import TextRun

# 1-based line -> the 1-based source column of each printed character of that line
Columns = dict[int, list[int]]


def printed_columns(runs: Sequence[TextRun]) -> list[int]:
    """Return the source column of each character that ``runs`` print."""
    columns: list[int] = []
    for run in runs:
        columns += [run.column + index for index in range(len(run.text))]
    return columns


def placed(block: Block, columns: Columns) -> Block:
    """Return ``block`` (read from printed lines) with anchors at the source columns of its text."""
    anchors: list[tuple[int, int, int]] = []
    previous: tuple[int, int] | None = None
    for offset in range(len(block.text)):
        line, column = block.position(offset)
        source = _source_column(columns.get(line), column)
        if previous != (line, source - 1):
            anchors.append((offset, line, source))
        previous = (line, source)
    if not anchors or all(block.position(offset) == (line, column) for offset, line, column in anchors):
        return block
    _, line, column = anchors[0]
    shift = column - block.column
    cells = tuple(replace(cell, column=cell.column + shift) for cell in block.cells)
    return replace(block, line=line, column=column, anchors=tuple(anchors), cells=cells)


def _source_column(columns: list[int] | None, column: int) -> int:
    if not columns:
        return column
    if column - 1 < len(columns):
        return columns[column - 1]
    return columns[-1] + 1 + column - 1 - len(columns)
