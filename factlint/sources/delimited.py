"""Delimited tables: CSV, TSV and semicolon exports, in their own files or pasted into text.

An inventory export or a spreadsheet dump states its figures as rows under a header line::

    asset_id,model,accelerator,gpus,gpu_mem_gb,tdp_w
    A-001,PowerEdge XE9680,H100 SXM,8,80,700

Each line is split with the ``csv`` module (quoted fields may hold the delimiter), and
each row becomes a table row whose headers are the header's names split into words
(``gpu_mem_gb`` -> "gpu mem gb"), each cell anchored at its column in the file. In
running text a table needs a header of names (no figures) over two or more rows that
split into the same number (three or more) of short fields by the same delimiter;
comment lines (``# ...``) and blank lines may sit between the rows, and a units row
under the header ("", "GB", "W") adds its units to the headers. Semicolon exports
written with decimal commas ("8,0") keep them: a document that writes decimals so is
read so by the claims stage. See decision 0075.
"""

from __future__ import annotations

import csv
import itertools
import re
from collections.abc import Callable, Sequence

from factlint.models import Block, BlockKind, Cell
from factlint.sources.blocks import make_block
from factlint.sources.columns import TextRow
from factlint.sources.datablocks import key_words

DELIMITERS = ("\t", ";", ",")
DELIMITED_LANGUAGES = frozenset({"csv", "tsv"})  # fence tags of delimited data
MIN_FIELDS = 3  # in running text; a file of its own may have two columns
MIN_ROWS = 2
MAX_FIELD_CHARS = 60  # longer fields are prose
MAX_HEADER_WORDS = 5  # a column name is a few words, not a clause
EMPTY_MARKERS = frozenset({"-", "--", "n/a", "na", "n.a.", "none", "null", "nan", "tbd", "tba", "?"})
COMMENT = re.compile(r"[ \t]*#")
_DIGIT = re.compile(r"\d")
_FIGURE = re.compile(r"[~≈<>+\-−]?\s?(?:[A-Z]{0,3}[$€£])?\d[\d.,]*\s*%?")  # a field that is a number
# Sentence punctuation: a full stop, "!" or "?" closing a word, or one inside a field before a capital.
_SENTENCE = re.compile(r"[a-z]{2}[.!?][\"')]*$|[.!?]\s+[A-Z]")
_UNIT = re.compile(r"[\[(]?[A-Za-z$€£%°µ/²³·-]{1,12}[\])]?")


def split_fields(line: str, delimiter: str) -> tuple[Cell, ...]:
    """Return the fields of ``line`` split by ``delimiter`` (quotes honoured), with 1-based columns."""
    try:
        texts = next(csv.reader([line], delimiter=delimiter), [])
    except csv.Error:  # a field past the csv module's size limit, a NUL byte: not a row
        return ()
    starts = field_starts(line, delimiter)
    if len(starts) != len(texts):
        return ()
    cells = []
    for text, start in zip(texts, starts, strict=True):
        position = start
        while position < len(line) and line[position] in " \t" and line[position] != delimiter:
            position += 1
        if position < len(line) and line[position] == '"':
            position += 1
        cells.append(Cell(text.strip(), position + 1))
    return tuple(cells)


def field_starts(line: str, delimiter: str) -> list[int]:
    """Return the 0-based offsets where the fields of ``line`` begin, delimiters in quotes skipped.

    A quote opens a quoted field only at the field's start, as the ``csv`` module reads it: the
    one in ``19" rail kit`` is an inch mark.
    """
    starts = [0]
    if '"' not in line and len(delimiter) == 1:
        # no quote, no quoted field: every delimiter starts a field (most lines; no walk per character)
        at = line.find(delimiter)
        while at >= 0:
            starts.append(at + 1)
            at = line.find(delimiter, at + 1)
        return starts
    quoted = False
    position = 0
    while position < len(line):
        char = line[position]
        if quoted and char == '"' and line.startswith('"', position + 1):
            position += 1  # "" inside a quoted field: a quote of its text
        elif char == '"' and (quoted or not line[starts[-1] : position].strip(" ")):
            quoted = not quoted
        elif char == delimiter and not quoted:
            starts.append(position + 1)
        position += 1
    return starts


def find_delimited_tables(
    lines: Sequence[str], first: int = 0, last: int | None = None
) -> dict[int, TextRow]:
    """Return {0-based line index: row} for the delimited tables in ``lines[first:last]``.

    Header and units lines are rows with ``is_header`` set; comment and blank lines
    between rows are left out.
    """
    stop = len(lines) if last is None else last
    return scan_tables(first, stop, lambda index: _table_at(lines, index, stop))


def scan_tables(first: int, stop: int, table_at: Callable[[int], dict[int, TextRow]]) -> dict[int, TextRow]:
    """Return {line index: row} for every table ``table_at(index)`` finds starting at a line from
    ``first`` up to ``stop``; the search goes on after the last row of each table found."""
    found: dict[int, TextRow] = {}
    index = first
    while index < stop:
        table = table_at(index)
        if table:
            found.update(table)
            index = max(table) + 1
        else:
            index += 1
    return found


def delimited_rows(
    lines: Sequence[str], first: int, last: int, headings: tuple[str, ...], label: str | None
) -> list[Block]:
    """Return TABLE_ROW blocks for the delimited tables between 0-based lines ``first`` and ``last``."""
    rows = sorted(find_delimited_tables(lines, first, last).items())
    return [row_block(lines, index, row, headings, label) for index, row in rows if not row.is_header]


def row_block(
    lines: Sequence[str], index: int, row: TextRow, headings: tuple[str, ...], label: str | None = None
) -> Block:
    """Return the TABLE_ROW block of ``row`` at 0-based line ``index``.

    Its text is the line as the file has it.
    """
    line = lines[index]
    column = len(line) - len(line.lstrip())
    return make_block(
        BlockKind.TABLE_ROW,
        line.strip(),
        index + 1,
        column + 1,
        headings,
        label=label,
        table_headers=row.headers,
        cells=row.cells,
    )


def inner_comments(lines: Sequence[str], rows: dict[int, TextRow]) -> set[int]:
    """Return the 0-based indexes of the comment lines that sit between the rows of ``rows``."""
    found: set[int] = set()
    ordered = sorted(rows)
    for before, after in itertools.pairwise(ordered):
        found.update(index for index in range(before + 1, after) if COMMENT.match(lines[index]))
    return found


def _table_at(lines: Sequence[str], index: int, stop: int) -> dict[int, TextRow]:
    """Return the rows of a table whose header is ``lines[index]``, or nothing."""
    line = lines[index]
    if COMMENT.match(line) or not line.strip():
        return {}
    for delimiter in DELIMITERS:
        if delimiter not in line:
            continue
        header = split_fields(line, delimiter)
        if len(header) < MIN_FIELDS or not is_header(header):
            continue
        body = _body(lines, index + 1, stop, delimiter, len(header))
        table = table_rows(index, header, body, MIN_ROWS)
        if table:
            return table
    return {}


def _body(
    lines: Sequence[str], start: int, stop: int, delimiter: str, width: int
) -> list[tuple[int, tuple[Cell, ...]]]:
    """Return (line index, fields) of the lines under a header that split into ``width`` fields,
    over comment and blank lines, up to the first line that does not."""
    body: list[tuple[int, tuple[Cell, ...]]] = []
    for index in range(start, stop):
        line = lines[index]
        if not line.strip() or COMMENT.match(line):
            continue
        fields = split_fields(line, delimiter) if delimiter in line else ()
        if len(fields) != width or not all(_is_field(cell.text) or _is_quoted(line, cell) for cell in fields):
            break
        body.append((index, fields))
    return body


def table_rows(
    header_index: int,
    header: tuple[Cell, ...],
    body: list[tuple[int, tuple[Cell, ...]]],
    min_rows: int,
) -> dict[int, TextRow]:
    """Return the table of ``header`` over ``body`` (a units row first, if any), or nothing."""
    names = [key_words(cell.text) for cell in header]
    found: dict[int, TextRow] = {}
    if body and _is_units(body[0][1]):
        units_index, units = body[0]
        names = [
            f"{name} ({unit.text})" if unit.text else name for name, unit in zip(names, units, strict=True)
        ]
        body = body[1:]
        found[units_index] = TextRow(units, tuple(names), is_header=True)
    if len(body) < min_rows or not any(_DIGIT.search(cell.text) for _, row in body for cell in row):
        return {}
    headers = tuple(names)
    found[header_index] = TextRow(header, headers, is_header=True)
    for index, row in body:
        found[index] = TextRow(row, headers)
    return found


def is_header(cells: tuple[Cell, ...]) -> bool:
    """Return True for fields that name columns: short names, no figures, no sentence, only the
    first may be empty (the corner above the row labels)."""
    for position, cell in enumerate(cells):
        text = cell.text
        if not text:
            if position:
                return False
            continue
        if _FIGURE.fullmatch(text) or not _is_field(text) or len(text.split()) > MAX_HEADER_WORDS:
            return False
        if not re.search(r"[^\W\d]", text):
            return False
    return True


def _is_field(text: str) -> bool:
    """Return True for a field that may be a table cell: short, and no sentence."""
    return len(text) <= MAX_FIELD_CHARS and "\n" not in text and not _SENTENCE.search(text)


def _is_quoted(line: str, cell: Cell) -> bool:
    """Return True for a field written in quotes on one line: an export's free-text note, any length."""
    return cell.column >= 2 and line[cell.column - 2] == '"' and "\n" not in cell.text


def _is_units(cells: tuple[Cell, ...]) -> bool:
    """Return True for a units row under the header: "", "GB", "W", "(USD/h)", and no figure."""
    filled = [cell.text for cell in cells if cell.text]
    return bool(filled) and all(
        _UNIT.fullmatch(text) and text.lower() not in EMPTY_MARKERS for text in filled
    )
