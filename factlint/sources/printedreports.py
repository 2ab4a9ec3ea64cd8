"""Fixed-width printed reports: column spans under a dashed rule, page furniture, memo lines.

COBOL and RPG report writers, ERP and SAP list output and mainframe ``SYSOUT`` listings
print a report as pages of fixed-width text::

    ACME LABS                                              PAGE     2
    INV200   EQUIPMENT REGISTER                   RUN 03/02/26 22:10
    ITEM NO  DESCRIPTION              QTY   UNIT COST    EXT COST
    -------- ----------------------- ---- ----------- -----------
                                          BROUGHT FORWARD  9,100.00
    A-1001   SRV ZX-9 4X ZX1 96GB       2    4,500.00    9,000.00
               * ZX1 350W EA, NODE 1.9KW MAX
                                          PAGE TOTAL      18,100.00

The column names stand over a rule of dash runs, one run per column: the runs give each
column's span, and every detail row below is cut at those spans (numbers sit right-aligned
in theirs, a credit's minus may trail into the gap after it: ``12,000.00-``). The page
header (the lines from a ``PAGE n`` line down to the column rule, repeated on every page),
rows of sums (``BROUGHT FORWARD``, ``PAGE TOTAL``, ``GRAND TOTAL``) and ``*** END OF
REPORT ***`` lines are furniture: no prose and no row. An indented line opening with one
``*`` under a detail row is a memo about that row's item: prose whose subject is the row's
description.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property

from factlint.models import Cell
from factlint.sources.columns import TextRow
from factlint.sources.delimited import is_header
from factlint.sources.packaged import packaged_file

MIN_COLUMNS = 3
MIN_ROW_CELLS = 2  # a detail row fills at least this many columns; a lone word is a section title
PAGE_HEADER_LINES = 8  # a page header runs at most this many lines above the column names
# A column rule: runs of dashes (or equals signs) of two or more, one run per column, single
# spaces or more between them, nothing else.
_RULE = re.compile(r"[ \t]*(?:-{2,}|={2,})(?:[ \t]+(?:-{2,}|={2,})){2,}[ \t]*")
# a rule across the page between parts of a listing; exactly three marks before the open run, so
# a long rule that ends in anything else fails in one pass instead of backtracking over every split
_DRAWN = re.compile(r"[ \t]*[-=_]{3}[-=_ \t]*")
_RUN = re.compile(r"-{2,}|={2,}")
_MEMO = re.compile(r"([ \t]+)\*(?!\*)[ \t]+(?=\S)")  # "    * CONFIG PER NODE: ..."
_STARS = re.compile(r"[ \t]*\*{2,}")  # "*** END OF REPORT ***", "** PAGE TOTAL"
_LETTER = re.compile(r"[^\W\d_]")
_WORD = re.compile(r"\S+")
_SENTENCE = re.compile(
    r"\S[ \t]+\S+[ \t]+\S.*[^\W\d_][.:!?][ \t]*$"
)  # three words or more, then "W." or "buyer:"
_FIGURE = re.compile(r"\d")
_TITLE = re.compile(r"[^\W\d_][^\d:;,.!?]{0,40}")  # "DISPOSALS", "TRANSFERS IN": a section of the listing


@dataclass(frozen=True)
class PrintedReport:
    """What the printed reports of a text say about its lines (0-based indices)."""

    rows: dict[int, TextRow] = field(default_factory=dict)  # detail rows, and column headers (is_header)
    furniture: frozenset[int] = frozenset()  # page headers, sums, end lines: neither prose nor rows
    memos: dict[int, tuple[int, str]] = field(default_factory=dict)  # memo line -> (text column, row's item)


@dataclass(frozen=True)
class _Layout:
    """The columns of one report table: header names and the spans of their rule's runs."""

    header: int  # 0-based index of the column-name line
    spans: tuple[range, ...]  # 0-based character positions of each column
    names: tuple[Cell, ...]

    @cached_property
    def starts(self) -> tuple[int, ...]:
        """The first character position of each column, for bisecting."""
        return tuple(span.start for span in self.spans)


@dataclass(frozen=True)
class _Table:
    """One report table as read: its rows, sums and memos, and the 0-based lines it spans."""

    report: PrintedReport
    lines: range  # from the column names to the last line read as part of the table


@cache
def _words() -> tuple[re.Pattern[str], re.Pattern[str]]:
    listed = packaged_file("factlint.sources", "printedreports.yaml")
    openers = sorted(listed.words("total_openers"), key=len, reverse=True)
    total = re.compile(
        r"[ \t*]*(?:" + "|".join(re.escape(word) for word in openers) + r")(?![\w/'])", re.IGNORECASE
    )
    pages = "|".join(re.escape(word) for word in listed.words("page_words"))
    page = re.compile(rf"(?<![\w/])(?:{pages})[ \t:#.]*\d+(?:[ \t]+of[ \t]+\d+)?[ \t]*$", re.IGNORECASE)
    return total, page


def find_printed_reports(lines: Sequence[str], first: int = 0) -> PrintedReport:
    """Return the rows, furniture and memo lines of the fixed-width reports in ``lines[first:]``.

    A table under a column rule is a printed report's only when it shows the report's
    furniture: sum rows, memo lines or column names repeated on every page. Any other table
    (and a text without one) is left to the plain-text table readers: an empty report.
    """
    layouts = [layout for index in range(first + 1, len(lines)) if (layout := _layout_at(lines, index))]
    if not layouts:
        return PrintedReport()
    total, page = _words()
    repeated = len({lines[layout.header].strip() for layout in layouts}) < len(layouts)
    found = [
        _read_table(lines, layout, layouts[number + 1].header if number + 1 < len(layouts) else len(lines))
        for number, layout in enumerate(layouts)
    ]
    printed = [table for table in found if repeated or table.report.furniture or table.report.memos]
    if not printed:
        return PrintedReport()
    rows: dict[int, TextRow] = {}
    furniture: set[int] = set()
    memos: dict[int, tuple[int, str]] = {}
    for table in printed:
        rows.update(table.report.rows)
        furniture.update(table.report.furniture)
        memos.update(table.report.memos)
        # a sum or end line inside the table's own lines, however it is starred
        furniture.update(
            index
            for index in table.lines
            if index not in rows and index not in memos and _ends_report(lines[index], total)
        )
    kept = [layout for layout, table in zip(layouts, found, strict=True) if table in printed]
    headers = _page_headers(lines, first, kept, set(rows) | set(memos) | furniture, page)
    # A page header's lines repeat on every page, also over a part the column reading missed.
    running = {lines[index].strip() for index in headers} - {""}
    furniture.update(
        headers, (index for index in range(first, len(lines)) if lines[index].strip() in running)
    )
    return PrintedReport(rows, frozenset(furniture - set(rows)), memos)


def _read_table(lines: Sequence[str], layout: _Layout, stop: int) -> _Table:
    """Return the rows, sums and memo lines of the table under ``layout``, up to ``stop`` or the
    first line that is none of these (nor a blank line, a rule or a one-cell section title); a
    line of prose after a blank line ends the table too."""
    total, page = _words()
    names = tuple(cell.text for cell in layout.names)
    rows = {layout.header: TextRow(layout.names, names, is_header=True)}
    furniture: set[int] = set()
    memos: dict[int, tuple[int, str]] = {}
    items: dict[str, str] = {}  # a row's key (first cell) -> the item of the first row with that key
    owner: str | None = None  # the item of the latest detail row, for the memo lines under it
    last = layout.header + 1
    for index in range(layout.header + 2, stop):
        line = lines[index]
        if not line.strip():
            owner = None
            continue
        if _DRAWN.fullmatch(line):
            last = index
            continue
        if not lines[index - 1].strip() and _is_prose(line, layout):
            break
        last = index
        memo = _MEMO.match(line)
        if memo is not None and owner is not None:
            memos[index] = (memo.end(), owner)
            continue
        if total.match(line) or _STARS.match(line) or page.search(line):
            furniture.add(index)  # a sum, an end line or a page number at the foot of a page
            owner = None
            continue
        cells = _cut(line, layout.spans, layout.starts)
        filled = sum(1 for cell in cells if cell.text) if cells is not None else 0
        if cells is not None and filled >= MIN_ROW_CELLS:
            rows[index] = TextRow(cells, names)
            # A row repeating an earlier row's key (an asset's adjustment) is about that row's item.
            owner = (
                items.setdefault(cells[0].text, _item_of(cells) or "") or None
                if cells[0].text
                else _item_of(cells)
            )
            continue
        if not _TITLE.fullmatch(line.strip()):
            last = index - 1
            break
        owner = None
    return _Table(PrintedReport(rows, frozenset(furniture), memos), range(layout.header, last + 1))


def _is_prose(line: str, layout: _Layout) -> bool:
    """Return True for a line of prose under a table: its words cross a column gap, or it ends a
    sentence or a lead-in ("Notes from the buyer:", "The B200 draws 1000 W.")."""
    return _cut(line, layout.spans, layout.starts) is None or _SENTENCE.search(line) is not None


def _ends_report(line: str, total: re.Pattern[str]) -> bool:
    """Return True for a line of stars around furniture words ("*** END OF REPORT ***") or a sum row."""
    return total.match(line.replace("*", " ")) is not None


def _layout_at(lines: Sequence[str], rule: int) -> _Layout | None:
    """Return the columns named by the line above ``lines[rule]`` if that line is a column rule."""
    if rule == 0 or not _RULE.fullmatch(lines[rule]):
        return None
    header_line = lines[rule - 1]
    if not header_line.strip() or _RULE.fullmatch(header_line):
        return None
    spans = tuple(range(run.start(), run.end()) for run in _RUN.finditer(lines[rule]))
    if len(spans) < MIN_COLUMNS:
        return None
    names = _cut(header_line, spans, tuple(span.start for span in spans))
    if names is None or not names[0].text or not is_header(tuple(cell for cell in names if cell.text)):
        return None
    if sum(1 for cell in names if _LETTER.search(cell.text)) < MIN_COLUMNS:
        return None
    return _Layout(rule - 1, spans, names)


def _cut(line: str, spans: tuple[range, ...], starts: tuple[int, ...]) -> tuple[Cell, ...] | None:
    """Return ``line`` cut into one cell per span, or None if its words run across the columns.

    Each word joins the column it overlaps most (the nearest one if it stands in a gap): a
    credit's trailing minus ("410.00-") or a name typed a character off ("LIFE" over "---")
    reaches into the gap. A line whose words cross more gaps than that is prose.
    """
    if spans[0].start > 0 and line[: spans[0].start].strip():
        return None
    pieces: dict[int, list[re.Match[str]]] = {}
    crossings = 0
    for word in _WORD.finditer(line):
        best, overlap = _column_of(word, spans, starts)
        overflow = best == len(spans) - 1 and word.start() >= spans[best].start  # the last column runs on
        if overlap < len(word.group(0)) and not overflow:
            crossings += 1
        pieces.setdefault(best, []).append(word)
    if crossings > max(1, len(spans) // 4):
        return None
    cells = []
    for number, span in enumerate(spans):
        words = pieces.get(number)
        if words:
            cells.append(Cell(line[words[0].start() : words[-1].end()], words[0].start() + 1))
        else:
            cells.append(Cell("", span.start + 1))
    return tuple(cells)


def _column_of(word: re.Match[str], spans: tuple[range, ...], starts: tuple[int, ...]) -> tuple[int, int]:
    """Return the column ``word`` overlaps most (the first of a tie), or the nearest one if it
    overlaps none, and the overlap; only the columns around the word are looked at."""
    after = bisect_right(starts, word.start())  # the columns from here on start after the word's start
    best, overlap = max(after - 1, 0), 0
    for number in range(max(after - 1, 0), len(spans)):
        if spans[number].start >= word.end():
            break
        width = min(word.end(), spans[number].stop) - max(word.start(), spans[number].start)
        if width > overlap:
            best, overlap = number, width
    if overlap > 0:
        return best, overlap
    near = [number for number in (after - 1, after) if 0 <= number < len(spans)]
    best = min(near, key=lambda number: _distance(word, spans[number]))
    return best, min(word.end(), spans[best].stop) - max(word.start(), spans[best].start)


def _distance(word: re.Match[str], span: range) -> int:
    return max(span.start - word.end(), word.start() - span.stop, 0)


def _item_of(cells: tuple[Cell, ...]) -> str | None:
    """Return the row's widest cell with letters: the description of the item a memo line is about."""
    worded = [cell.text for cell in cells if len(_LETTER.findall(cell.text)) >= 3]
    return max(worded, key=len) if worded else None


def _page_headers(
    lines: Sequence[str], first: int, layouts: list[_Layout], taken: set[int], page: re.Pattern[str]
) -> set[int]:
    """Return the lines of page headers: the lines stacked right above a report's column names.

    A page header (company, report id and title, run date and time, selection lines, the page
    number) stands over the column names on every page: the non-blank lines above them, up to
    a blank line or a row, are one when one of them (or the line above them) is a page number,
    or when a line of them with a figure (a report id, a run date) stands over other column
    names too. The same words over two tables are no page header by themselves.
    """
    stacks = [_stack_above(lines, first, layout.header, taken) for layout in layouts]
    counts: dict[str, int] = {}
    for stack in stacks:
        for text in {lines[index].strip() for index in stack if _FIGURE.search(lines[index])}:
            counts[text] = counts.get(text, 0) + 1
    found: set[int] = set()
    for layout, stack in zip(layouts, stacks, strict=True):
        above = layout.header - len(stack) - 1  # where the stack stopped: a blank line, a row, its limit
        paged = [index for index in [*stack, above] if index >= first and page.search(lines[index])]
        if paged or any(counts.get(lines[index].strip(), 0) > 1 for index in stack):
            found.update(stack, paged)
    return found


def _stack_above(lines: Sequence[str], first: int, header: int, taken: set[int]) -> list[int]:
    """Return the non-blank lines right above the column names at ``header``, nearest first."""
    stack: list[int] = []
    index = header - 1
    while index >= first and len(stack) < PAGE_HEADER_LINES and lines[index].strip() and index not in taken:
        stack.append(index)
        index -= 1
    return stack
