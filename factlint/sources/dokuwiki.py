"""Segment DokuWiki page source into blocks: headings, paragraphs, list items, table rows and the
device readings of tool output pasted in code blocks.

From DokuWiki's "wiki:syntax" page: a heading is a line between runs of ``=`` (six for the top
level, two for the fifth); a table row opens with ``^`` (a header cell) or ``|`` (a data cell);
a list item is a line indented by two spaces or more that opens with ``*`` or ``-``; other lines
indented by two spaces are preformatted text, as are ``<code>`` and ``<file>`` blocks; a line of
four dashes is a rule; blank lines end paragraphs. Lines holding nothing but a container tag
(``<WRAP info>``, ``</note>``) or a macro (``~~NOTOC~~``) print nothing, what they enclose is read.
Preformatted text is read for tool output only (tooldumps.py); any other code yields nothing.
Inline markup is dokuwikiinline.py's. See decision 0149.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from factlint.models import Block
from factlint.sources.dokuwikiinline import dokuwiki_text
from factlint.sources.htmltable import SourceCell, SourceRow, lay_out, row_blocks
from factlint.sources.latexblocks import LatexBlocks
from factlint.sources.rstlines import SourceLine, blank, file_lines, indent_of
from factlint.sources.tooldumps import dump_blocks

DOKUWIKI_SUFFIXES = (".dokuwiki", ".dw")
_HEADING = re.compile(r"[ \t]*(={2,6})(?P<title>[^=\n]*[^=\s][^=\n]*?)=+[ \t]*$")
_TABLE = re.compile(r"[\^|]")
_ITEM = re.compile(r"(?: {2,}|\t+)[*-](?:[ \t]+|$)")
_CODE = re.compile(r"[ \t]*<(?P<name>code|file)\b[^>\n]*>", re.IGNORECASE)
_TAG_LINE = re.compile(r"[ \t]*</?[A-Za-z][\w-]*(?:[ \t][^<>\n]*)?>[ \t]*$")
_MACRO_LINE = re.compile(r"[ \t]*~~[A-Z]+~~[ \t]*$")
_RULE = re.compile(r"[ \t]*-{4,}[ \t]*$")

# Content signs of a .txt page (decision 0149): a heading of DokuWiki's shape, and two of the
# constructs below, which MediaWiki and Markdown do not write this way.
_SIGN_HEADING = re.compile(r"^(={2,6})[ \t]*[^=\n]*[^=\s][^=\n]*?\1[ \t]*$", re.MULTILINE)
_SIGNS = (
    # a first- or second-level heading: MediaWiki pages practically never go five levels deep
    re.compile(r"^(={5,6})[ \t]*[^=\n]*[^=\s][^=\n]*?\1[ \t]*$", re.MULTILINE),
    re.compile(r"^\^[^\n]*\^[ \t]*$", re.MULTILINE),  # a header row
    re.compile(r"^ {2,}[*-] \S", re.MULTILINE),  # a list item indented by two spaces
    re.compile(r"^[ \t]*<(?:code|file)\b[^>\n]*>", re.MULTILINE | re.IGNORECASE),
    re.compile(r"~~(?:NOTOC|NOCACHE)~~"),
    re.compile(r"^[ \t]*</?WRAP\b", re.MULTILINE),
    re.compile(r"\[\[[\w.-]+(?::[\w.-]+)+(?:\|[^\]\n]*)?\]\]"),  # a namespaced page link
    re.compile(r"(?<![:\w])//[A-Za-z][^/\n]{0,200}//"),  # //italic//
)
_MEDIAWIKI_SIGNS = re.compile(r"^\{\||'''|<ref\b|\{\{[ \t]*Infobox", re.MULTILINE | re.IGNORECASE)
MIN_SIGNS = 2


def is_dokuwiki(text: str, suffix: str) -> bool:
    """Return True if the document is DokuWiki source: by suffix, or for a ``.txt`` file by a
    ``== heading ==`` line and two constructs only DokuWiki writes so (a top-level ``===== heading
    =====``, a ``^`` header row, a list
    item indented by two spaces, a ``<code>`` block, ``~~NOTOC~~``, a ``<WRAP>`` box, a namespaced
    ``[[ns:page]]`` link, ``//italic//``), with no MediaWiki construct."""
    lowered = suffix.lower()
    if lowered in DOKUWIKI_SUFFIXES:
        return True
    if lowered != ".txt" or _SIGN_HEADING.search(text) is None or _MEDIAWIKI_SIGNS.search(text):
        return False
    return sum(1 for sign in _SIGNS if sign.search(text)) >= MIN_SIGNS


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
            if (heading := _HEADING.match(text)) is not None:
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
                self._dump(index, end)
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
        """Read a ``<code>``/``<file>`` block as tool output; return the index after it."""
        closing = f"</{match.group('name').lower()}>"
        end = index
        while end < len(self.lines) and closing not in self.lines[end].text.lower():
            end += 1
        if end == len(self.lines):
            return index + 1  # an unclosed block is text
        self._dump(index + 1, end)
        return end + 1

    def _dump(self, start: int, end: int) -> None:
        """Read lines ``start``..``end`` (indexes into ``lines``) as pasted tool output."""
        if start >= end:
            return
        first = self.lines[start].number - 1
        last = self.lines[end - 1].number
        intro = self.output.previous_paragraph
        self.output.table(dump_blocks(self.file, first, last, self.output.path(), intro))

    def _table(self, index: int) -> int:
        end = self._end(index, lambda line: _TABLE.match(line.text) is not None)
        rows = [_row(line) for line in self.lines[index:end]]
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


def _row(line: SourceLine) -> SourceRow:
    """Return a table row: cells between ``^``/``|`` separators, a cell opened by ``^`` a header."""
    text = line.text.rstrip()
    cells: list[SourceCell] = []
    at = indent_of(line)
    while at < len(text):
        header = text[at] == "^"
        stop = at + 1
        while stop < len(text) and text[stop] not in "^|":
            stop += 1
        if stop >= len(text) and not text[at + 1 :].strip():
            break
        raw = text[at + 1 : stop]
        lead = len(raw) - len(raw.lstrip())
        cell = SourceLine(line.number, line.column + at + 1 + lead, raw.strip())
        shown = dokuwiki_text([cell], one_line=True) if cell.text and cell.text != ":::" else None
        cells.append(SourceCell(shown, header))
        at = stop
    return SourceRow(tuple(cells), False, line.number, line.column + indent_of(line))


def _opens_element(line: SourceLine) -> bool:
    """Return True if ``line`` ends the paragraph above it."""
    text = line.text
    return bool(
        blank(line)
        or _HEADING.match(text)
        or _CODE.match(text)
        or _TABLE.match(text)
        or _ITEM.match(text)
        or _TAG_LINE.match(text)
        or _MACRO_LINE.match(text)
        or _RULE.match(text)
        or indent_of(line) >= 2
    )
