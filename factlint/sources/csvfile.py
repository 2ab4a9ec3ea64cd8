"""A ``.csv`` or ``.tsv`` file as a document: its header, its rows, a title and comments around them.

Lines before the header that hold a single field are the file's title (a heading);
``# ...`` lines are comments, read as paragraphs; every other line is a row of the
header's width, with trailing empty fields beyond it trimmed. A row of another width
makes the file an error naming its line, as a CSV reader would. See decision 0075.
"""

from __future__ import annotations

from collections.abc import Sequence

from factlint.models import Block, BlockKind, Cell
from factlint.sources.blocks import make_block
from factlint.sources.delimited import COMMENT, DELIMITERS, row_block, split_fields, table_rows

CSV_SUFFIXES = (".csv", ".tsv")


class RaggedRowError(ValueError):
    """A row of a delimited file has another number of fields than its header."""


def parse_delimited_file(lines: Sequence[str], body_line: int, suffix: str) -> tuple[list[Block], str | None]:
    """Return the blocks of a delimited file and its title; raise RaggedRowError ("line N: ...")."""
    first = body_line - 1
    header_index = None
    delimiter = "\t" if suffix.lower() == ".tsv" else ","
    titles: list[int] = []
    comments: list[int] = []
    content = [index for index in range(first, len(lines)) if lines[index].strip()]
    for position, index in enumerate(content):
        line = lines[index]
        if COMMENT.match(line):
            comments.append(index)
            continue
        if suffix.lower() != ".tsv":
            delimiter = max(DELIMITERS, key=lambda mark: len(split_fields(line, mark)) if mark in line else 0)
        width = len(split_fields(line, delimiter)) if delimiter in line else 0
        following = next(
            (later for later in content[position + 1 :] if not COMMENT.match(lines[later])), None
        )
        # A title may hold the delimiter ("Shortlist, Q3"): the header is as wide as the line under it.
        if width >= 2 and (following is None or _fits(split_fields(lines[following], delimiter), width)):
            header_index = index
            break
        titles.append(index)
    blocks = [_heading(lines, index) for index in titles]
    title = lines[titles[0]].strip() if titles else None
    if header_index is None:
        return blocks + [
            _comment(lines, index, ()) for index in comments if lines[index].strip(" \t#")
        ], title
    header = split_fields(lines[header_index], delimiter)
    body = []
    for index in range(header_index + 1, len(lines)):
        line = lines[index]
        if not line.strip():
            continue
        if COMMENT.match(line):
            comments.append(index)
            continue
        fields = split_fields(line, delimiter)
        if not _fits(fields, len(header)):
            raise RaggedRowError(f"line {index + 1}: {len(fields)} fields where the header has {len(header)}")
        body.append((index, fields[: len(header)]))
    table = table_rows(header_index, header, body, 0)
    headings = (title,) if title else ()
    blocks.extend(_comment(lines, index, headings) for index in comments if lines[index].strip(" \t#"))
    blocks.extend(row_block(lines, index, row, headings) for index, row in table.items() if not row.is_header)
    blocks.sort(key=lambda block: block.line)
    return blocks, title


def _fits(fields: tuple[Cell, ...], width: int) -> bool:
    """Return True when ``fields`` are ``width`` fields, maybe followed by empty ones."""
    return len(fields) >= width and not any(cell.text for cell in fields[width:])


def _heading(lines: Sequence[str], index: int) -> Block:
    """Return a title line above the header as a heading."""
    line = lines[index]
    return make_block(BlockKind.HEADING, line.strip(), index + 1, len(line) - len(line.lstrip()) + 1)


def _comment(lines: Sequence[str], index: int, headings: tuple[str, ...]) -> Block:
    """Return a ``# ...`` comment line as a paragraph of its words."""
    line = lines[index]
    start = len(line) - len(line.lstrip(" \t#"))
    return make_block(BlockKind.PARAGRAPH, line[start:].rstrip(), index + 1, start + 1, headings)
