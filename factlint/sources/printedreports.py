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
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

import yaml

from factlint.models import Cell
from factlint.sources.columns import TextRow
from factlint.sources.delimited import is_header

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


@cache
def _words() -> tuple[re.Pattern[str], re.Pattern[str]]:
    text = resources.files("factlint.sources").joinpath("printedreports.yaml").read_text(encoding="utf-8")
    raw = yaml.safe_load(text)
    openers = sorted((str(word) for word in raw["total_openers"]), key=len, reverse=True)
    total = re.compile(
        r"[ \t*]*(?:" + "|".join(re.escape(word) for word in openers) + r")(?![\w/'])", re.IGNORECASE
    )
    pages = "|".join(re.escape(str(word)) for word in raw["page_words"])
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
    printed = [table for table in found if repeated or table.furniture or table.memos]
    if not printed:
        return PrintedReport()
    rows: dict[int, TextRow] = {}
    furniture: set[int] = set()
    memos: dict[int, tuple[int, str]] = {}
    for table in printed:
        rows.update(table.rows)
        furniture.update(table.furniture)
        memos.update(table.memos)
    for index in range(first, len(lines)):
        if (
            index not in rows
            and index not in memos
            and (total.match(lines[index]) or _ends_report(lines[index], total))
        ):
            furniture.add(index)
    kept = [layout for layout, table in zip(layouts, found, strict=True) if table in printed]
    headers = _page_headers(lines, first, kept, set(rows) | set(memos) | furniture, page)
    # A page header's lines repeat on every page, also over a part the column reading missed.
    running = {lines[index].strip() for index in headers} - {""}
    furniture.update(
        headers, (index for index in range(first, len(lines)) if lines[index].strip() in running)
    )
    return PrintedReport(rows, frozenset(furniture - set(rows)), memos)


def _read_table(lines: Sequence[str], layout: _Layout, stop: int) -> PrintedReport:
    """Return the rows, sums and memo lines of the table under ``layout``, up to ``stop`` or the
    first line that is none of these (nor a blank line, a rule or a one-cell section title)."""
    total, page = _words()
    names = tuple(cell.text for cell in layout.names)
    rows = {layout.header: TextRow(layout.names, names, is_header=True)}
    furniture: set[int] = set()
    memos: dict[int, tuple[int, str]] = {}
    items: dict[str, str] = {}  # a row's key (first cell) -> the item of the first row with that key
    owner: str | None = None  # the item of the latest detail row, for the memo lines under it
    for index in range(layout.header + 2, stop):
        line = lines[index]
        if not line.strip():
            owner = None
            continue
        if _DRAWN.fullmatch(line):
            continue
        memo = _MEMO.match(line)
        if memo is not None and owner is not None:
            memos[index] = (memo.end(), owner)
            continue
        if total.match(line) or _STARS.match(line):
            furniture.add(index)
            owner = None
            continue
        cells = _cut(line, layout.spans)
        filled = sum(1 for cell in cells if cell.text) if cells is not None else 0
        if cells is not None and filled >= MIN_ROW_CELLS and not page.search(line):
            rows[index] = TextRow(cells, names)
            # A row repeating an earlier row's key (an asset's adjustment) is about that row's item.
            owner = (
                items.setdefault(cells[0].text, _item_of(cells) or "") or None
                if cells[0].text
                else _item_of(cells)
            )
            continue
        if not _TITLE.fullmatch(line.strip()):
            break
        owner = None
    return PrintedReport(rows, frozenset(furniture), memos)


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
    names = _cut(header_line, spans)
    if names is None or not names[0].text or not is_header(tuple(cell for cell in names if cell.text)):
        return None
    if sum(1 for cell in names if _LETTER.search(cell.text)) < MIN_COLUMNS:
        return None
    return _Layout(rule - 1, spans, names)


def _cut(line: str, spans: tuple[range, ...]) -> tuple[Cell, ...] | None:
    """Return ``line`` cut into one cell per span, or None if its words run across the columns.

    Each word joins the column it overlaps most (the nearest one if it stands in a gap): a
    credit's trailing minus ("410.00-") or a name typed a character off ("LIFE" over "---")
    reaches into the gap. A line whose words cross more gaps than that is prose.
    """
    if spans[0].start > 0 and line[: spans[0].start].strip():
        return None
    pieces: list[list[re.Match[str]]] = [[] for _ in spans]
    crossings = 0
    for word in _WORD.finditer(line):
        overlaps = [min(word.end(), span.stop) - max(word.start(), span.start) for span in spans]
        best = max(range(len(spans)), key=lambda number: overlaps[number])
        if overlaps[best] <= 0:
            best = min(range(len(spans)), key=lambda number: _distance(word, spans[number]))
        overflow = best == len(spans) - 1 and word.start() >= spans[best].start  # the last column runs on
        if overlaps[best] < len(word.group(0)) and not overflow:
            crossings += 1
        pieces[best].append(word)
    if crossings > max(1, len(spans) // 4):
        return None
    cells = []
    for span, words in zip(spans, pieces, strict=True):
        if words:
            cells.append(Cell(line[words[0].start() : words[-1].end()], words[0].start() + 1))
        else:
            cells.append(Cell("", span.start + 1))
    return tuple(cells)


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
    a blank line or a row, are one when the column names repeat (the report has pages) or
    when one of those lines is a page number. A line ending in a page number is furniture anywhere.
    """
    found = {index for index in range(first, len(lines)) if page.search(lines[index])}
    repeated = len({lines[layout.header].strip() for layout in layouts}) < len(layouts)
    for layout in layouts:
        stack: list[int] = []
        index = layout.header - 1
        while (
            index >= first and len(stack) < PAGE_HEADER_LINES and lines[index].strip() and index not in taken
        ):
            stack.append(index)
            index -= 1
        if repeated or any(line in found for line in stack) or (index >= first and index in found):
            found.update(stack)
    return found
