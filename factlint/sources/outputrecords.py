"""Program output printed as records: a header line, then indented ``key  value`` lines about it.

Inventory and status tools print one block per device::

    dev 0  NVIDIA L4            pci 0000:31:00.0
      memory        22.5 GiB
      power limit   72 W

A line that starts in the region's first column and is followed by indented lines opens a
record: it becomes a heading over the record's lines. Each indented line that splits into a
key and a value (at a colon or at a gap of two or more spaces) is a TABLE_ROW of those two
cells; any other line is read as plain text. A region with no record is left to the
plain-text reader whole (its column tables stay tables).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from factlint.models import Block, BlockKind, Cell
from factlint.sources.blocks import make_block
from factlint.sources.plaintext import parse_plain_text

# "key: value" or "key   value": a key of words (parentheses allowed), then the value.
_KEY_VALUE = re.compile(r"(?P<key>[A-Za-z][\w .()/#%+-]*?)(?::[ \t]+| {2,}|\t+)(?P<value>\S.*?)[ \t]*$")


@dataclass(frozen=True)
class OutputRecord:
    """One record of program output: its header line and the 0-based lines of its body."""

    header: int
    body: range


def find_records(lines: Sequence[str], first: int, last: int) -> list[OutputRecord]:
    """Return the records between 0-based lines ``first`` and ``last`` (exclusive)."""
    margin = min((_indent(lines[index]) for index in range(first, last) if lines[index].strip()), default=0)
    records = []
    index = first
    while index < last:
        line = lines[index]
        end = index + 1
        while end < last and lines[end].strip() and _indent(lines[end]) > margin:
            end += 1
        if line.strip() and _indent(line) == margin and end > index + 1:
            records.append(OutputRecord(index, range(index + 1, end)))
        index = end
    return records


def output_blocks(lines: Sequence[str], first: int, last: int, headings: tuple[str, ...]) -> list[Block]:
    """Return the blocks of program output between 0-based lines ``first`` and ``last``: records as
    headed rows, other lines as plain text."""
    records = find_records(lines, first, last)
    if not records:
        return _plain(lines, first, last, headings)
    blocks: list[Block] = []
    start = first
    for record in records:
        blocks += _plain(lines, start, record.header, headings)
        header = lines[record.header]
        title = " ".join(header.split())
        blocks.append(
            make_block(BlockKind.HEADING, header.strip(), record.header + 1, _indent(header) + 1, headings)
        )
        inner = (*headings, title)
        for index in record.body:
            row = _row(lines[index], index, inner)
            blocks += [row] if row is not None else _plain(lines, index, index + 1, inner)
        start = record.body.stop
    blocks += _plain(lines, start, last, headings)
    return blocks


def _row(line: str, index: int, headings: tuple[str, ...]) -> Block | None:
    """Return the TABLE_ROW of one ``key  value`` line, or None if it does not split so."""
    indent = _indent(line)
    match = _KEY_VALUE.fullmatch(line, indent)
    if match is None or not any(character.isdigit() for character in match.group("value")):
        return None
    cells = (
        Cell(match.group("key"), match.start("key") + 1),
        Cell(match.group("value"), match.start("value") + 1),
    )
    return make_block(BlockKind.TABLE_ROW, line.strip(), index + 1, indent + 1, headings, cells=cells)


def _plain(lines: Sequence[str], first: int, last: int, headings: tuple[str, ...]) -> list[Block]:
    if last <= first:
        return []
    padded = [""] * first + list(lines[first:last])
    return [
        block if not headings else _under(block, headings) for block in parse_plain_text(padded, first + 1)
    ]


def _under(block: Block, headings: tuple[str, ...]) -> Block:
    return replace(block, headings=(*headings, *block.headings))


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))
