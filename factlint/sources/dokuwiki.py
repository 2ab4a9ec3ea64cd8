"""Segment DokuWiki page source into blocks: headings, paragraphs, list items, table rows and the
device readings of tool output pasted in code blocks.

From DokuWiki's "wiki:syntax" page: a heading is a line between runs of ``=`` (six for the top
level, two for the fifth); a table row opens with ``^`` (a header cell) or ``|`` (a data cell);
a list item is a line indented by two spaces or more that opens with ``*`` or ``-``; other lines
indented by two spaces are preformatted text, as are ``<code>`` and ``<file>`` blocks; a line of
four dashes is a rule; blank lines end paragraphs. Lines holding nothing but a container tag
(``<WRAP info>``, ``</note>``) or a macro (``~~NOTOC~~``) print nothing, what they enclose is read.
Preformatted text showing a tool's signature is read for device readings (tooldumps.py); other
preformatted text, and code in a text language (``dokuwiki.yaml``), is kept as a paragraph as
written; code in any other language yields nothing. A table cell ends at a ``^``/``|`` outside
links, media, ``%%...%%`` and ``<nowiki>``; ``:::`` continues the cell above (a row span), an
empty cell ``||`` widens the cell before it. Inline markup is dokuwikiinline.py's. See decision 0149.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache

from factlint.models import Block
from factlint.sources.dokuwikiinline import dokuwiki_text, preformatted_text
from factlint.sources.htmltable import SourceCell, SourceRow, lay_out, row_blocks
from factlint.sources.latexblocks import LatexBlocks
from factlint.sources.packaged import PackagedFile, packaged_file
from factlint.sources.rstlines import SourceLine, blank, file_lines, indent_of
from factlint.sources.tooldumps import dump_blocks, is_tool_output

DOKUWIKI_SUFFIXES = (".dokuwiki", ".dw")
# the title holds no "=", so one greedy run and the closing run meet without backtracking
_HEADING = re.compile(r"[ \t]*(={2,6})(?P<title>[^=\n]*)(?P<close>=+)[ \t]*$")
_TABLE = re.compile(r"[\^|]")
_ITEM = re.compile(r"(?: {2,}|\t+)[*-](?:[ \t]+|$)")
_CODE = re.compile(r"[ \t]*<(?P<name>code|file)\b(?P<attributes>[^>\n]*)>", re.IGNORECASE)
# a cell's separator, or a span no separator ends inside (bounded: an unclosed opener is text)
_CELL_PART = re.compile(
    r"\[\[[^\[\]\n]{0,800}\]\]|\{\{[^{}\n]{0,800}\}\}|%%.{0,800}?%%|<nowiki>.{0,800}?</nowiki>|(?P<separator>[\^|])",
    re.IGNORECASE,
)
_TAG_LINE = re.compile(r"[ \t]*</?[A-Za-z][\w-]*(?:[ \t][^<>\n]*)?>[ \t]*$")
_MACRO_LINE = re.compile(r"[ \t]*~~[A-Z]+~~[ \t]*$")
_RULE = re.compile(r"[ \t]*-{4,}[ \t]*$")

# Content signs of a .txt page (decision 0149): a heading of DokuWiki's shape, and two of the
# constructs below, which MediaWiki and Markdown do not write this way.
_SIGNS = (
    re.compile(r"^\^[^\n]*\^[ \t]*$", re.MULTILINE),  # a header row
    re.compile(r"^ {2,}[*-] \S", re.MULTILINE),  # a list item indented by two spaces
    re.compile(r"^[ \t]*<(?:code|file)\b[^>\n]*>", re.MULTILINE | re.IGNORECASE),
    re.compile(r"~~(?:NOTOC|NOCACHE)~~"),
    re.compile(r"^[ \t]*</?WRAP\b", re.MULTILINE),
    re.compile(r"\[\[[\w.-]+(?::[\w.-]+)+(?:\|[^\]\n]{0,400})?\]\]"),  # a namespaced page link
    re.compile(r"(?<![:\w])//[A-Za-z][^/\n]{0,200}//"),  # //italic//
)
# A first- or second-level heading is a sign too: MediaWiki pages practically never go five deep.
TOP_LEVELS = 5
_MEDIAWIKI_SIGNS = re.compile(r"^\{\||'''|<ref\b|\{\{[ \t]*Infobox", re.MULTILINE | re.IGNORECASE)
# Markdown, outside code blocks: a Setext "=====" underline, a "|---|---|" rule row, a "# heading"
_MARKDOWN_SIGNS = re.compile(
    r"^(?:={3,}[ \t]*|\|?[ \t]*:?-{3,}:?[ \t]*\|[ \t]*:?-{3,}.*|#{1,6}[ \t]+\S.*)$", re.MULTILINE
)
MIN_SIGNS = 2


def is_dokuwiki(text: str, suffix: str) -> bool:
    """Return True if the document is DokuWiki source: by suffix, or for a ``.txt`` file by a
    ``== heading ==`` line and two constructs only DokuWiki writes so (a top-level ``===== heading
    =====``, a ``^`` header row, a list item indented by two spaces, a ``<code>`` block,
    ``~~NOTOC~~``, a ``<WRAP>`` box, a namespaced ``[[ns:page]]`` link, ``//italic//``), with no
    MediaWiki construct or namespace and no Markdown heading or rule row."""
    lowered = suffix.lower()
    if lowered in DOKUWIKI_SUFFIXES:
        return True
    if lowered != ".txt":
        return False
    levels = _heading_levels(text)
    if not levels or _MEDIAWIKI_SIGNS.search(text) or _mediawiki_namespaces().search(text):
        return False
    if _MARKDOWN_SIGNS.search("\n".join(_outside_code(text))):
        return False
    signs = sum(1 for sign in _SIGNS if sign.search(text)) + (max(levels) >= TOP_LEVELS)
    return signs >= MIN_SIGNS


def _heading_levels(text: str) -> set[int]:
    """Return the levels (runs of "=") of the lines shaped as DokuWiki headings, closed by as many."""
    levels = set()
    for line in text.split("\n"):
        found = _HEADING.match(line) if line.startswith("==") else None
        if (
            found is not None
            and found.group("title").strip()
            and len(found.group(1)) == len(found.group("close"))
        ):
            levels.add(len(found.group(1)))
    return levels


def _outside_code(text: str) -> list[str]:
    """Return the lines of ``text`` outside ``<code>``/``<file>`` blocks (a root prompt "# cmd" in
    pasted output is no Markdown heading)."""
    kept, closing = [], None
    for line in text.split("\n"):
        if closing is not None:
            closing = None if closing in line.lower() else closing
        elif (code := _CODE.match(line)) is not None:
            name = f"</{code.group('name').lower()}>"
            closing = None if name in line.lower() else name
        else:
            kept.append(line)
    return kept


@cache
def _knowledge() -> PackagedFile:
    return packaged_file("factlint.sources", "dokuwiki.yaml")


@cache
def _mediawiki_namespaces() -> re.Pattern[str]:
    names = "|".join(re.escape(name) for name in _knowledge().words("mediawiki_namespaces"))
    return re.compile(rf"\[\[[ \t]*(?:{names})[ \t]*:", re.IGNORECASE)


def _heading_match(text: str) -> re.Match[str] | None:
    """Return the match of a heading line, None when the line is none (its title is blank)."""
    found = _HEADING.match(text)
    return found if found is not None and found.group("title").strip() else None


def parse_dokuwiki(lines: Sequence[str], body_line: int = 1) -> tuple[list[Block], str | None]:
    """Return the blocks of a DokuWiki page and its title (its first top-level heading)."""
    reader = _Reader(lines, file_lines(lines, body_line))
    reader.read()
    return reader.output.blocks, reader.title


class _Reader:
    """Reads a page's lines, element by element, into ``output``."""

    def __init__(self, file: Sequence[str], lines: list[SourceLine]) -> None:
        self.file = file
        self.lines = lines
        self.output = LatexBlocks()
        self.title: str | None = None
        self.closers: dict[str, list[int]] = {}  # "</code>" -> indexes of the lines holding it

    def read(self) -> None:
        """Read every element of the page."""
        index = 0
        while index < len(self.lines):
            line = self.lines[index]
            text = line.text
            quiet = blank(line) or _TAG_LINE.match(text) or _MACRO_LINE.match(text) or _RULE.match(text)
            if quiet and _CODE.match(text) is None:
                index += 1
                continue
            if (heading := _heading_match(text)) is not None:
                self._heading(line, heading)
                index += 1
            elif (code := _CODE.match(text)) is not None:
                index = self._code(index, code)
            elif _TABLE.match(text):
                index = self._table(index)
            elif _ITEM.match(text):
                index = self._list(index)
            elif indent_of(line) >= 2:
                end = self._end(
                    index, lambda following: indent_of(following) >= 2 and not _ITEM.match(following.text)
                )
                self._preformatted("none", self.lines[index:end])
                index = end
            else:
                index = self._paragraph(index)

    def _heading(self, line: SourceLine, match: re.Match[str]) -> None:
        level = 7 - len(match.group(1))
        title = line.after(match.start("title"))
        title = SourceLine(title.number, title.column, match.group("title"))
        shown = self.output.heading(level, dokuwiki_text([title], one_line=True))
        if shown is not None and self.title is None and level == 1:
            self.title = shown

    def _code(self, index: int, match: re.Match[str]) -> int:
        """Read a ``<code>``/``<file>`` block (text on its opening and closing lines included);
        return the index after it. An opener never closed is text."""
        closing = f"</{match.group('name').lower()}>"
        words = match.group("attributes").split()
        language = words[0].lower() if words and words[0] != "-" else "none"
        rest = self.lines[index].after(match.end())
        if (at := rest.text.lower().find(closing)) >= 0:  # a one-line block
            self._preformatted(language, [_cut(rest, at)])
            return index + 1
        end = self._closing(closing, index + 1)
        if end is None:
            return self._paragraph(index)
        last = _cut(self.lines[end], self.lines[end].text.lower().find(closing))
        self._preformatted(language, [rest, *self.lines[index + 1 : end], last])
        return end + 1

    def _closing(self, closing: str, start: int) -> int | None:
        """Return the index of the first line from ``start`` on holding ``closing``, else None;
        the lines holding it are found once per page."""
        found = self.closers.get(closing)
        if found is None:
            found = [index for index, line in enumerate(self.lines) if closing in line.text.lower()]
            self.closers[closing] = found
        at = bisect.bisect_left(found, start)
        return found[at] if at < len(found) else None

    def _preformatted(self, language: str, lines: Sequence[SourceLine]) -> None:
        """Read preformatted lines: a tool's output for its readings, text in a text language as
        a paragraph as written; other code yields nothing."""
        lines = [line for line in lines if line.text.strip()]
        if not lines:
            return
        first, last = lines[0].number - 1, lines[-1].number
        if language in _knowledge().words("output_languages") and is_tool_output(self.file, first, last):
            self.output.table(dump_blocks(self.file, first, last, self.output.path()))
        elif language in _knowledge().words("text_languages"):
            text = preformatted_text(lines)
            if text is not None:
                self.output.paragraph(text)

    def _table(self, index: int) -> int:
        end = self._end(index, lambda line: _TABLE.match(line.text) is not None)
        rows = _rows(self.lines[index:end])
        if rows:
            headers, body = lay_out(rows)
            self.output.table(row_blocks(headers, body, self.output.path()))
        return end

    def _list(self, index: int) -> int:
        end = self._end(index, lambda line: _ITEM.match(line.text) is not None)
        self.output.open_list("dokuwiki")
        for line in self.lines[index:end]:
            self.output.lists[-1].item = True
            text = dokuwiki_text([line.after(_ITEM.match(line.text).end())])  # type: ignore[union-attr]
            if text is not None:
                self.output.text(text, None)
        self.output.close_list()
        return end

    def _paragraph(self, index: int) -> int:
        end = index + 1
        while end < len(self.lines) and not _opens_element(self.lines[end]):
            end += 1
        text = dokuwiki_text(self.lines[index:end])
        if text is not None:
            self.output.paragraph(text)
        return end

    def _end(self, index: int, keeps: Callable[[SourceLine], bool]) -> int:
        end = index + 1
        while end < len(self.lines) and keeps(self.lines[end]):
            end += 1
        return end


def _rows(lines: Sequence[SourceLine]) -> list[SourceRow]:
    """Return a table's rows: a ``:::`` cell gives the cell above it one more row, an empty
    ``||`` cell gives the cell before it one more column."""
    rows: list[list[SourceCell]] = []
    above: dict[int, tuple[int, int]] = {}  # column -> (row, cell) of the cell written there
    for line in lines:
        cells: list[SourceCell] = []
        column = 0
        for cell, raw in _cells(line):
            if raw == "" and cells:
                cells[-1] = replace(cells[-1], colspan=cells[-1].colspan + 1)
                column += 1
            elif raw.strip() == ":::" and column in above:
                row, at = above[column]
                rows[row][at] = replace(rows[row][at], rowspan=rows[row][at].rowspan + 1)
                column += rows[row][at].colspan
            else:
                above[column] = (len(rows), len(cells))
                cells.append(cell)
                column += 1
        rows.append(cells)
    return [
        SourceRow(tuple(cells), False, line.number, line.column + indent_of(line))
        for cells, line in zip(rows, lines, strict=True)
    ]


def _cells(line: SourceLine) -> list[tuple[SourceCell, str]]:
    """Return a row's cells, each with its text as written: the text between ``^``/``|``
    separators outside links, media and literal text, a cell opened by ``^`` a header."""
    text = line.text.rstrip()
    start = indent_of(line)
    separators = [
        found.start() for found in _CELL_PART.finditer(text, start) if found.group("separator") is not None
    ]
    cells = []
    for at, stop in zip(separators, [*separators[1:], len(text)], strict=True):
        raw = text[at + 1 : stop]
        if stop == len(text) and not raw.strip():
            break
        lead = len(raw) - len(raw.lstrip())
        cell = SourceLine(line.number, line.column + at + 1 + lead, raw.strip())
        shown = dokuwiki_text([cell], one_line=True) if cell.text and cell.text != ":::" else None
        cells.append((SourceCell(shown, text[at] == "^"), raw))
    return cells


def _cut(line: SourceLine, end: int) -> SourceLine:
    """Return ``line`` up to its character ``end``."""
    return SourceLine(line.number, line.column, line.text[:end])


def _opens_element(line: SourceLine) -> bool:
    """Return True if ``line`` ends the paragraph above it."""
    text = line.text
    return bool(
        blank(line)
        or _heading_match(text)
        or _CODE.match(text)
        or _TABLE.match(text)
        or _ITEM.match(text)
        or _TAG_LINE.match(text)
        or _MACRO_LINE.match(text)
        or _RULE.match(text)
        or indent_of(line) >= 2
    )
