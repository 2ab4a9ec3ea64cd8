"""Read a MediaWiki table (``{| ... |}``) into rows of cells laid out under their headers.

Help:Tables: ``|-`` starts a row, ``!`` a header cell and ``|`` a data cell, several on one
line joined by ``!!`` or ``||``; ``attributes | content`` gives a cell its attributes
(``rowspan``, ``colspan``); ``|+`` is the caption. A cell's content may go on over the lines
after it. The laid-out grid is the HTML reader's (htmltable.py), so both read spans alike.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from factlint.models import Block
from factlint.sources.htmltable import (
    MAX_COLSPAN,
    MAX_ROWSPAN,
    SourceCell,
    SourceRow,
    lay_out,
    row_blocks,
    span,
)
from factlint.sources.htmltext import AnchoredText
from factlint.sources.htmltree import TextRun
from factlint.sources.wikimarkup import Renderer, gather, split_top

# "class=x style="..." rowspan=2": what may stand before a cell's single "|".
# An unquoted value is taken whole (possessive "++"): splitting it into a value and the next key
# many ways made a failing match exponential.
_ATTRIBUTES = re.compile(r"\s*(?:[\w:-]+\s*=\s*(?:\"[^\"]*\"|'[^']*'|[^\s\"'|]++)\s*)+")
_ATTRIBUTE = re.compile(r"([\w:-]+)\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|([^\s\"'|]+))")


@dataclass
class _Row:
    line: int
    column: int
    cells: list[tuple[bool, int, int]] = field(default_factory=list)  # (header, start, end) of raw cells


@dataclass(frozen=True)
class WikiTable:
    """A read table: its caption (None if it has none), its row blocks, the notes its cells hold
    and the spans of text written in it outside any cell (a page shows them as paragraphs)."""

    caption: AnchoredText | None
    rows: list[Block]
    notes: list[list[TextRun]]
    loose: list[tuple[int, int]]


def table_end(lines: list[str], first: int) -> int:
    """Return the index of the line closing the table opened on ``lines[first]`` (nested tables
    counted), or ``len(lines)`` if it is never closed: its last line is then a row of the table."""
    depth = 0
    for index in range(first, len(lines)):
        stripped = lines[index].lstrip()
        if stripped.startswith("{|"):
            depth += 1
        elif stripped.startswith("|}"):
            depth -= 1
            if depth == 0:
                return index
    return len(lines)


def read_table(
    renderer: Renderer, offsets: list[int], lines: list[str], first: int, last: int, headings: tuple[str, ...]
) -> WikiTable:
    """Return the table written on ``lines[first..last]``; ``offsets`` are the lines' start offsets."""
    source = renderer.source
    text = source.text
    notes_before = len(renderer.notes)
    rows: list[_Row] = []
    caption: tuple[int, int] | None = None
    current: _Row | None = None
    loose: list[tuple[int, int]] = []
    nested = 0
    for index in range(first + 1, last):
        line = lines[index]
        lead = len(line) - len(line.lstrip())
        start = offsets[index] + lead
        end = offsets[index] + len(line)
        stripped = line.strip()
        if nested:
            nested += stripped.startswith("{|") - stripped.startswith("|}")
            _extend(current, start, end, loose)
            continue
        if stripped.startswith("{|"):
            nested = 1
            _extend(current, start, end, loose)
        elif stripped.startswith("|+"):
            caption = (start + 2, end)
        elif stripped.startswith("|-"):
            current = None
        elif stripped.startswith(("|", "!")):
            if current is None:
                line_number, column = source.position(start)
                current = _Row(line_number, column)
                rows.append(current)
            header = stripped.startswith("!")
            separator = "!!" if header else "||"
            parts = split_top(text, start + 1, end, separator)
            if header and len(parts) == 1:
                parts = split_top(text, start + 1, end, "||")
            current.cells += [(header, part_start, part_end) for part_start, part_end in parts]
        else:
            _extend(current, start, end, loose)
    source_rows = [_source_row(renderer, row) for row in rows if row.cells]
    headers, body = lay_out(source_rows)
    caption_text = gather(renderer.render(*caption), one_line=True) if caption is not None else None
    blocks = row_blocks(headers, body, headings)
    notes = renderer.notes[notes_before:]
    del renderer.notes[notes_before:]
    return WikiTable(caption_text, blocks, notes, loose)


def _extend(row: _Row | None, start: int, end: int, loose: list[tuple[int, int]]) -> None:
    """Continue the last cell of ``row`` to ``end`` (a cell's content going on over lines); a
    line with no cell to go on is kept in ``loose``."""
    if row is not None and row.cells:
        header, cell_start, _ = row.cells[-1]
        row.cells[-1] = (header, cell_start, end)
    else:
        loose.append((start, end))


def _source_row(renderer: Renderer, row: _Row) -> SourceRow:
    text = renderer.source.text
    cells = []
    for header, start, end in row.cells:
        attributes: dict[str, str] = {}
        parts = split_top(text, start, end)
        if len(parts) > 1 and _ATTRIBUTES.fullmatch(text, parts[0][0], parts[0][1]):
            for match in _ATTRIBUTE.finditer(text, parts[0][0], parts[0][1]):
                value = next(group for group in match.groups()[1:] if group is not None)
                attributes[match.group(1).lower()] = value
            start = parts[1][0]
        content = gather(renderer.render(start, end), one_line=True)
        cells.append(
            SourceCell(
                content,
                header,
                colspan=span(attributes.get("colspan"), MAX_COLSPAN),
                rowspan=span(attributes.get("rowspan"), MAX_ROWSPAN),
            )
        )
    return SourceRow(tuple(cells), False, row.line, row.column)
