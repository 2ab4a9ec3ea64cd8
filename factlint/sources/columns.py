"""Find tables that lost their pipes in plain text: columns split by tabs, runs of spaces or glue."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from factlint.models import Cell
from factlint.sources.listcells import figure_list_row, wrapped_list
from factlint.sources.listmarks import LIST_MARKER
from factlint.sources.opencells import open_cells
from factlint.sources.sentences import is_abbreviation

MAX_CELL_CHARS = 50  # longer cells are sentences, not table cells
ALIGN_SLACK = 2  # columns typed with spaces line up within this many characters
# Between cells: one tab (empty cells kept), else two or more spaces, or a pipe.
_TAB = re.compile(r"\t")
_MAYBE_CELLS = re.compile(r"\t| {2}|\||[$€£]\d")  # a cheap test before splitting a line
_SPACED = re.compile(r"[ \t]*\|[ \t]*| {2,}")  # the pipe first: "a   | b" has one boundary
# A price run into the cell before it ("Trillium$2.70$1.89"), but not a currency prefix ("US$2").
_GLUED_PRICE = re.compile(r"(?<=[\w)])(?<!\bUS)(?<!\b[ACRS])(?<!\b(?:AU|CA|HK|NZ|SG|NT|MX))(?=[$€£]\d)")
# Where scraping ran header cells together: "versionOn-demand", "(per chip-hour)1-year", "commitment3";
# a short word before digits is one token ("bf16", "fp8", "gen5"), not two cells.
_GLUED_HEADER = re.compile(r"(?<=[a-z])(?=[A-Z][a-z])|(?<=\))(?=\w)|(?<=[a-z]{4})(?=\d)")
_SENTENCE_END = re.compile(r"[.!?;][\"'”’)]*$")
_LAST_WORD = re.compile(r"([\w.]*\w)\.[\"'”’)]*$")  # the word before a cell's final full stop
# Plain text's bullet pattern is built from LIST_MARKER (see listmarks), so a line columns refuse
# as a row is the line plain text reads as a list item.
_LIST_MARKER = re.compile(LIST_MARKER)
_FREE_DIGIT = re.compile(r"(?<![\w.])\d")
_RULE_CELL = re.compile(r"[-=~_:+]{2,}")  # "------", "=====", ":---:" under a header
_RULE_LINE = re.compile(r"[\s\-=~_:+]+")  # a line drawn only of rules
_MEASURED = re.compile(r"[$€£]\s?\d|\d[.,]\d")  # a price or a number with decimals or grouping
# A cell holding only a figure: "16 GB", "$2.70", "~900 W", "2024", "12/2024", "128 (2)" (a note mark).
_VALUE_CELL = re.compile(
    r"[~≈<>+]?\s*(?:[A-Z]{0,3}[$€£])?\d[\d.,/]*\s*(?:%|[A-Za-z]{1,8}(?:/[A-Za-z]{1,4})?)?[*†‡]?"
    r"(?:\s?\([a-z\d]{1,2}\))?"
)


@dataclass(frozen=True)
class TextRow:
    """One line of a plain-text table: its cells, and the header cells of its table."""

    cells: tuple[Cell, ...]
    headers: tuple[str, ...]
    is_header: bool = False


def find_text_tables(lines: Sequence[str], first: int = 0) -> dict[int, TextRow]:
    """Return {0-based line index: row} for the lines from ``first`` on that form tables.

    A table is a run of consecutive lines that split into the same number (two or more)
    of short cells, with a header line on top: either the run's first line, when it holds
    no figure where the others do, or the line just above the run, when the boundaries
    where scraping glued its cells together give that many cells. Rows typed with spaces
    must line up; tab-separated and glued rows need not.
    """
    rows: dict[int, TextRow] = {}
    split = [_split(line) if index >= first else None for index, line in enumerate(lines)]
    index = first
    while index < len(lines):
        cells = split[index]
        if cells is None:
            index += 1
            continue
        end = index + 1
        wrapped: set[int] = set()
        while end < len(lines):
            if split[end] is not None and len(split[end] or ()) == len(cells):
                end += 1
            elif (carried := _wrapped_cells(lines[end], split[end - 1])) is not None:
                split[end] = carried  # the line is a row of its own, as in a box-drawn table
                wrapped.add(end)
                end += 1
            elif (listed := wrapped_list(lines[end], split[end - 1])) is not None:
                split[end] = listed  # the second line of a row's list of figures
                wrapped.add(end)
                end += 1
            elif (opened := open_cells(lines[end], split[end], split[end - 1])) is not None:
                split[end] = opened  # a row typed with spaces that leaves some cells blank
                end += 1
            else:
                break
        rows.update(_table(lines, split, index, end, wrapped))
        index = end
    return rows


def _wrapped_cells(line: str, above: tuple[Cell, ...] | None) -> tuple[Cell, ...] | None:
    """Return ``line`` as a row of the table whose row ``above`` it follows, when it only carries
    the second lines of wrapped cells ("RTX PRO 6000" over "  Server Edition"), else None.

    Each piece must start under the text of a cell of the row above and lie in a column of
    its own, and hold no figure: a piece flush with the row labels, a sentence or a line of
    figures is a note or prose under the row, not a cell. A line under a header row is the
    header's second line ("(TFLOPS)"), not a wrapped cell.
    """
    if above is None or any(not cell.text for cell in above) or not line.strip() or _is_header(above):
        return None
    pieces = _cells_of(line)
    if not pieces or len(pieces) >= len(above) or pieces[0].column <= above[0].column:
        return None
    if any(
        len(piece.text) > MAX_CELL_CHARS or _ends_sentence(piece.text) or _FREE_DIGIT.search(piece.text)
        for piece in pieces
    ):
        return None
    own = [Cell("", cell.column) for cell in above]
    for piece in pieces:
        found = [
            i
            for i, cell in enumerate(above)
            if cell.column - ALIGN_SLACK <= piece.column < cell.column + len(cell.text)
        ]
        if len(found) != 1 or own[found[0]].text:
            return None
        own[found[0]] = piece
    return tuple(own)


def _table(
    lines: Sequence[str],
    split: list[tuple[Cell, ...] | None],
    start: int,
    end: int,
    wrapped: set[int] | frozenset[int] = frozenset(),
) -> dict[int, TextRow]:
    """Return the rows of the run ``start:end`` if it reads as a table, else nothing; the lines
    ``wrapped`` only carry the second lines of cells of the row above."""
    run = [split[index] or () for index in range(start, end)]
    width = len(run[0])
    header: tuple[Cell, ...] | None = None
    header_line = None
    header_lines: list[int] = []  # every line of a header typed over several lines
    above: _HeaderAbove | None = None  # such a header with no drawn rule under it
    ruled = len(run) >= 3 and all(_RULE_CELL.fullmatch(cell.text) for cell in run[1])
    stacked = _stacked_header(lines, start, run[0]) if len(run) >= 2 else None
    if stacked is not None:
        # "Memory" over "(GB)" over "------": names typed on the lines above the drawn rule
        header, header_line, body = stacked, start - 1, list(range(start + 1, end))
    elif ruled and _is_header(run[0]) and not _is_header(run[2]):
        # "Node   GPUs" over "-----  ----": the drawn rule under a header is no row
        header, header_line, body = run[0], start, list(range(start + 2, end))
    elif len(run) >= 2 and _is_header(run[0]) and not _is_header(run[1]):
        header, header_line, body = run[0], start, list(range(start + 1, end))
    else:
        body = list(range(start, end))
        if start > 0 and lines[start - 1].strip():
            header = _glued_header(lines[start - 1], width) or _column_names(lines[start - 1], run)
            header_line = start - 1 if header is not None else None
            if header is None and (above := _header_above(lines, start, run)) is not None:
                header, header_lines = above.header, list(above.lines)
                header_line = start - 1
    data = [split[index] or () for index in body]
    if not data or (header is None and len(data) < 2):
        return {}
    labels = [row[0].text for index, row in zip(body, data, strict=True) if index not in wrapped]
    if header is None and not all(_is_label(label) for label in labels):
        return {}  # "2024-12-03   Trn2 GA, 16 chips": a log keyed by dates, not a table
    if not any(_FREE_DIGIT.search(cell.text) for row in data for cell in row[1:]):
        return {}
    spaced = [
        row
        for index, row in zip(body, data, strict=True)
        if "\t" not in lines[index].strip() and not _GLUED_PRICE.search(lines[index]) and index not in wrapped
    ]
    if not _aligned(spaced):
        return {}
    headers = tuple(cell.text for cell in header) if header is not None else ()
    table = {index: TextRow(row, headers) for index, row in zip(body, data, strict=True)}
    if header is not None and header_line is not None:
        for index in header_lines or [header_line]:
            # a header typed over several lines: each line keeps its own pieces, so cells point at their text
            cells = above.lines[index] if above is not None and index in above.lines else header
            table[index] = TextRow(cells, headers, is_header=True)
    return table


def _split(line: str) -> tuple[Cell, ...] | None:
    """Return the cells of a line that may be a table row, or None for a line that is not one."""
    if not _MAYBE_CELLS.search(line.strip()):
        return None
    cells = _cells_of(line)
    if len(cells) < 2:
        return None
    if any(len(cell.text) > MAX_CELL_CHARS for cell in cells) and not figure_list_row(cells, MAX_CELL_CHARS):
        return None
    if _LIST_MARKER.fullmatch(cells[0].text):
        return None  # "-   Trainium2: 96 GB" is a list item
    if any(_ends_sentence(cell.text) for cell in cells):
        return None  # "It ships in 2024.  The pod has 64 chips." is prose typed with two spaces
    return cells


def _cells_of(line: str) -> tuple[Cell, ...]:
    """Return the pieces of ``line`` between its tabs, runs of spaces or pipes (outer pipes dropped)."""
    stripped = line.strip()
    if not stripped:
        return ()
    indent = len(line) - len(line.lstrip())
    body = line[indent : indent + len(stripped)]
    separator = _TAB if "\t" in body else _SPACED
    cells: list[Cell] = []
    position = 0
    for match in [*separator.finditer(body), None]:
        stop = match.start() if match else len(body)
        cells.extend(_glued_cells(body[position:stop], indent + position))
        position = match.end() if match else len(body)
    if cells and not cells[0].text and body.startswith("|"):
        cells = cells[1:]
    if cells and not cells[-1].text and body.endswith("|"):
        cells = cells[:-1]
    return tuple(cells)


def _ends_sentence(text: str) -> bool:
    """Return True for a cell that closes a sentence ("It ships in 2024."), not one that
    ends with an abbreviation ("n.d.", "B200 (ref.)")."""
    if not _SENTENCE_END.search(text):
        return False
    word = _LAST_WORD.search(text)
    return word is None or not is_abbreviation(word.group(1))


def _glued_cells(part: str, offset: int) -> list[Cell]:
    """Return ``part`` as one cell, or several where prices were glued to it ("Trillium$2.70$1.89").

    One glued price alone ("...225 GB$3.79/hr") may end a run-on line of any shape; two or
    more in a row are a price table that lost its separators.
    """
    glued = [match.start() for match in _GLUED_PRICE.finditer(part)]
    starts = [0, *glued] if len(glued) >= 2 else [0]
    ends = [*starts[1:], len(part)]
    cells = []
    for start, end in zip(starts, ends, strict=True):
        piece = part[start:end]
        text = piece.strip()
        column = offset + start + (len(piece) - len(piece.lstrip())) + 1
        cells.append(Cell(text, column))
    return cells


def _glued_header(line: str, width: int) -> tuple[Cell, ...] | None:
    """Return the header cells of a line whose cells scraping ran together, if there are ``width``."""
    if _SENTENCE_END.search(line.rstrip()):
        return None  # "A Trn2 UltraServer links 64 of them." is a sentence, not column names run together
    cells = _split(line) or (Cell(line.strip(), len(line) - len(line.lstrip()) + 1),)
    pieces: list[Cell] = []
    for cell in cells:
        starts = [0, *(match.start() for match in _GLUED_HEADER.finditer(cell.text))]
        ends = [*starts[1:], len(cell.text)]
        pieces.extend(
            Cell(cell.text[start:stop].strip(), cell.column + start)
            for start, stop in zip(starts, ends, strict=True)
        )
    if len(pieces) != width or not _is_header(tuple(pieces)):
        return None
    if any(len(piece.text) > MAX_CELL_CHARS for piece in pieces):
        return None  # a caption or an alt text run on over one line names no columns
    return tuple(pieces)


def _stacked_header(lines: Sequence[str], rule: int, cells: tuple[Cell, ...]) -> tuple[Cell, ...] | None:
    """Return the header typed over one to three lines above the drawn rule ``cells``, if any.

    Each piece of those lines joins the column whose dashes it overlaps, top line first:
    "Dense FP16" over "(TFLOPS)" names one column "Dense FP16 (TFLOPS)".
    """
    if rule == 0 or not all(_RULE_CELL.fullmatch(cell.text) for cell in cells):
        return None
    top = rule
    while top > 0 and rule - top < 3 and lines[top - 1].strip() and not _RULE_LINE.fullmatch(lines[top - 1]):
        top -= 1
    if top == rule:
        return None
    names: list[list[str]] = [[] for _ in cells]
    for line in lines[top:rule]:
        pieces = _split(line) or (Cell(line.strip(), len(line) - len(line.lstrip()) + 1),)
        for piece in pieces:
            span = range(piece.column, piece.column + len(piece.text))
            owners = [i for i, cell in enumerate(cells) if _overlaps(span, cell)]
            if len(owners) != 1:
                return None  # a piece across two columns is a caption or prose, not a header
            names[owners[0]].append(piece.text)
    header = tuple(Cell(" ".join(parts), cell.column) for parts, cell in zip(names, cells, strict=True))
    return header if header[0].text and _is_header(header) else None


@dataclass(frozen=True)
class _HeaderAbove:
    """A header typed over lines above a table's rows: the joined column names, and each line's own cells."""

    header: tuple[Cell, ...]
    lines: dict[int, tuple[Cell, ...]]  # line index -> one cell per column, empty where the line has none


def _header_above(lines: Sequence[str], start: int, run: list[tuple[Cell, ...]]) -> _HeaderAbove | None:
    """Return the header typed over the one to three lines just above the rows ``run``, if there is one.

    A fixed-width table with no drawn rule may still break its column names over lines
    ("Unit price" over "(invoice)"). Going up from the rows, a line belongs to the header
    while each of its pieces lies within one column of the rows; the first line that does
    not (a title, a sentence) ends it. The pieces join their column's name, top line first.
    Header pieces may end with a full stop ("Depr.", "Qty."): short names, not sentences.
    """
    if len(run) < 2:
        return None
    spans = _column_spans(run)
    names: list[list[str]] = [[] for _ in spans]
    taken: dict[int, tuple[Cell, ...]] = {}
    index = start - 1
    while index >= 0 and start - index <= 3 and _may_head(lines[index]):
        pieces = _cells_of(lines[index])
        owners = [[i for i, span in enumerate(spans) if _overlaps(span, piece)] for piece in pieces]
        if any(len(found) != 1 for found in owners) or any(_is_figure(piece.text) for piece in pieces):
            break  # a piece across columns (a title) or a figure (a row of a table above) names no column
        if len({found[0] for found in owners}) < len(pieces):
            break  # two pieces of one line in one column: not a column name broken over lines
        own = [Cell("", max(span.start, 1)) for span in spans]
        for piece, found in zip(pieces, owners, strict=True):
            names[found[0]].insert(0, piece.text)
            own[found[0]] = piece
        taken[index] = tuple(own)
        index -= 1
    header = tuple(
        Cell(" ".join(parts), max(span.start, 1)) for parts, span in zip(names, spans, strict=True)
    )
    if not taken or not _is_header(header) or any(len(cell.text) > MAX_CELL_CHARS for cell in header):
        return None
    return _HeaderAbove(header, dict(sorted(taken.items())))


def _is_figure(text: str) -> bool:
    """Return True for a piece that holds a figure ("4", "1,392,000", "$2.70"), not a name."""
    return bool(_VALUE_CELL.fullmatch(text) or _MEASURED.search(text))


def _may_head(line: str) -> bool:
    """Return True for a line that may be part of a header: not blank, not a drawn rule."""
    return bool(line.strip()) and not _RULE_LINE.fullmatch(line)


def _column_spans(rows: list[tuple[Cell, ...]]) -> list[range]:
    """Return the characters each column of ``rows`` covers, from its leftmost start to its rightmost end."""
    spans = []
    for column in range(len(rows[0])):
        cells = [row[column] for row in rows if row[column].text]
        begin = min((cell.column for cell in cells), default=0)
        stop = max((cell.column + len(cell.text) for cell in cells), default=0)
        spans.append(range(begin, stop))
    return spans


def _overlaps(span: range, cell: Cell) -> bool:
    """Return True when the characters ``span`` share a column with ``cell``'s text."""
    return span.start < cell.column + len(cell.text) and cell.column < span.stop


def _column_names(line: str, run: list[tuple[Cell, ...]]) -> tuple[Cell, ...] | None:
    """Return the header of ``run`` from a line naming only its value columns, if it is one.

    A table typed with spaces often leaves the corner above its row labels blank
    ("            n150d    n300d" over "GDDR6  12 GB  24 GB", also inside a box drawn with
    "|" borders): each name must line up
    with its column in the rows (start or end within ``ALIGN_SLACK``), and the rows need
    labels. The header gets an empty first cell.
    """
    width = len(run[0])
    indent = len(line) - len(line.lstrip(" \t|"))  # a box's left border is margin too
    if len(run) < 2 or indent == 0 or width < 2 or not all(_is_label(row[0].text) for row in run):
        return None
    names = _split(line) or (Cell(line.strip(), indent + 1),)
    if len(names) != width - 1 or names[0].column <= max(len(row[0].text) + row[0].column for row in run):
        return None
    for index, name in enumerate(names, start=1):
        cells = [row[index] for row in run if row[index].text]
        starts = [cell.column for cell in cells] + [name.column]
        ends = [cell.column + len(cell.text) for cell in cells] + [name.column + len(name.text)]
        if max(starts) - min(starts) > ALIGN_SLACK and max(ends) - min(ends) > ALIGN_SLACK:
            return None
    header = (Cell("", indent + 1), *names)
    return header if _is_header(header) else None


def _is_header(cells: tuple[Cell, ...]) -> bool:
    """Return True for cells that name columns: none after the first holds only a figure,
    and none holds a price or a measured value ("3.2 Tbps", "1,600")."""
    if any(_MEASURED.search(cell.text) for cell in cells):
        return False
    if cells and cells[0].text.rstrip().endswith(":"):
        return False  # "Processors per system:   1": a key and its value, not column names
    return all(cell.text and not _VALUE_CELL.fullmatch(cell.text) for cell in cells[1:])


def _is_label(text: str) -> bool:
    """Return True for a row label: words, not a figure or a date."""
    return bool(re.search(r"[A-Za-z]{2}", text)) and not _VALUE_CELL.fullmatch(text)


def _aligned(rows: list[tuple[Cell, ...]]) -> bool:
    """Return True when every column of ``rows`` starts, or ends, at the same place in each row."""
    if len(rows) < 2:
        return True
    for column in range(1, len(rows[0])):
        starts = [row[column].column for row in rows if row[column].text]
        ends = [row[column].column + len(row[column].text) for row in rows if row[column].text]
        if max(starts, default=0) - min(starts, default=0) > ALIGN_SLACK and (
            max(ends, default=0) - min(ends, default=0) > ALIGN_SLACK
        ):
            return False
    return True
