"""Segment Emacs Org-mode files into blocks: headings, paragraphs, list items, table rows,
property fields and footnotes, each placed in the file.

Built from the "Org Syntax" document: a heading is a line of stars, a space and its title
(TODO keyword, priority cookie, statistics cookies and tags are the heading's state, not its
words); every other element is recognised by how its first line starts, whatever its
indentation (lists excepted, whose items nest by it). What a reader of the exported page does
not see as text is not read: in-buffer settings (``#+KEY:`` lines other than the title and
captions), planning lines and clock lines, comments, fixed-width and code or example blocks,
commented subtrees. A property drawer's ``:KEY: value`` lines are rows "KEY | value" of the
heading's subject, as a field list's are. See decision 0120.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache

from factlint.models import Block
from factlint.sources.html import labelled_parts
from factlint.sources.htmltable import GridRow, SourceCell, SourceRow, lay_out, row_blocks
from factlint.sources.htmltext import AnchoredText, Lead, TextGatherer, with_lead
from factlint.sources.latexblocks import LatexBlocks
from factlint.sources.orginline import TIMESTAMP, add_org_inline, org_inline_text, org_knowledge
from factlint.sources.rstlines import SourceLine, blank, dedent, indent_of

_HEADING = re.compile(r"(\*+)[ \t]+(.*)$")
_KEYWORD = re.compile(r"[ \t]*#\+([^\s:\[]+)(?:\[[^\]\n]*\])?:(?:[ \t]+(.*)|$)")
_BEGIN = re.compile(r"[ \t]*#\+begin_(\S+)", re.IGNORECASE)
_DYNAMIC = re.compile(r"[ \t]*#\+begin:", re.IGNORECASE)
_DYNAMIC_END = re.compile(r"[ \t]*#\+end:[ \t]*$", re.IGNORECASE)
_COMMENT = re.compile(r"[ \t]*#(?:[ \t]|$)")
_DRAWER = re.compile(r"[ \t]*:([\w-]+):[ \t]*$")
_DRAWER_END = re.compile(r"[ \t]*:end:[ \t]*$", re.IGNORECASE)
_BLOCK_END = re.compile(r"[ \t]*#\+end_(\S+?)[ \t]*$", re.IGNORECASE)
_PROPERTY = re.compile(r"[ \t]*:(?P<key>[^\s:]+?)\+?:(?:[ \t]+(?P<value>.*))?$")
_PLANNING = re.compile(
    rf"[ \t]*(?:(?:CLOSED|DEADLINE|SCHEDULED):[ \t]*{TIMESTAMP}[ \t]*)+$|[ \t]*CLOCK:(?:[ \t]|$)"
)
_TABLE = re.compile(r"[ \t]*\|")
_TABLE_RULE = re.compile(r"[ \t]*\|-")
_TABLE_EL = re.compile(r"[ \t]*\+-[-+]*[ \t]*$")
_WIDTH_COOKIE = re.compile(r"<[lrc]?\d*>")
_RULE = re.compile(r"[ \t]*-{5,}[ \t]*$")
_FIXED_WIDTH = re.compile(r"[ \t]*:(?:[ \t]|$)")
_FOOTNOTE = re.compile(r"\[fn:([\w-]+)\][ \t]*")
_ITEM = re.compile(r"(?P<indent>[ \t]*)(?P<bullet>[-+*]|\d+[.)])(?:[ \t]+|$)")
_CHECKBOX = re.compile(r"(?:\[@\d+\][ \t]+)?(?:\[[ xX-]\](?:[ \t]+|$))?")
_DESCRIPTION = re.compile(r"(?P<term>.*?\S)[ \t]+::(?:[ \t]+|$)")
_PRIORITY = re.compile(r"\[#[A-Za-z0-9]\][ \t]*")
_TAGS = re.compile(r"[ \t]+:[\w@#%:]+:[ \t]*$")
_TODO_LINE = re.compile(r"[ \t]*#\+(?:seq_|typ_)?todo:[ \t]*(.*)$", re.IGNORECASE)
_LEADING_TIMESTAMP = re.compile(rf"{TIMESTAMP}[ \t]*")
MAX_NESTING = 40


def parse_org(lines: Sequence[str], body_line: int = 1) -> tuple[list[Block], str | None]:
    """Return the blocks of an Org-mode file and its title (its ``#+TITLE:`` keyword)."""
    source = _file_lines(lines, body_line)
    reader = _OrgReader(_todo_keywords(source))
    reader.body(source)
    return reader.output.blocks, reader.title


def _file_lines(lines: Sequence[str], body_line: int) -> list[SourceLine]:
    """Return the lines of a file from ``body_line`` on, trailing whitespace dropped; leading tabs
    are expanded (to 8) for indentation, the column shifted so that text after them keeps its
    column in characters."""
    found = []
    for number, written in enumerate(lines[body_line - 1 :], start=body_line):
        stripped = written.lstrip(" \t")
        lead = written[: len(written) - len(stripped)]
        width = len(lead.expandtabs(8))
        text = (" " * width + stripped).rstrip()
        found.append(SourceLine(number, 1 + len(lead) - width if text else 1, text))
    return found


class _Closers:
    """Where the closing lines of drawers, blocks and dynamic blocks are in one run of lines, so
    that finding an opener's closer, or that it has none, costs no scan."""

    def __init__(self, lines: Sequence[SourceLine]) -> None:
        self.heading = [len(lines)] * (len(lines) + 1)  # index of the next heading from each line
        self.ends: dict[str, list[int]] = {}  # what each closer closes (_closer_key): its lines
        for index in range(len(lines) - 1, -1, -1):
            heading = _HEADING.match(lines[index].text) is not None
            self.heading[index] = index if heading else self.heading[index + 1]
        for index, line in enumerate(lines):
            key = _closer_key(line.text)
            if key is not None:
                self.ends.setdefault(key, []).append(index)

    def find(self, start: int, key: str) -> int | None:
        """Return the index of the first ``key`` closer from ``start`` on before the next heading."""
        ends = self.ends.get(key, [])
        position = bisect.bisect_left(ends, start)
        if position < len(ends) and ends[position] < self.heading[start]:
            return ends[position]
        return None


def _closer_key(text: str) -> str | None:
    """Return what ``text`` closes: ":end:" (a drawer), "#+end:" (a dynamic block) or
    "#+end_NAME" (a block, its name in lower case)."""
    if _DRAWER_END.match(text):
        return ":end:"
    if _DYNAMIC_END.match(text):
        return "#+end:"
    block = _BLOCK_END.match(text)
    return f"#+end_{block.group(1).lower()}" if block is not None else None


def _todo_keywords(lines: Sequence[SourceLine]) -> frozenset[str]:
    """Return the TODO keywords of the file: its ``#+TODO:`` lines' words (fast-access keys
    such as ``WAIT(w@)`` dropped), else Org's defaults."""
    found: set[str] = set()
    for line in lines:
        match = _TODO_LINE.match(line.text)
        if match is not None:
            found.update(word.split("(")[0] for word in match.group(1).split() if word != "|")
    return frozenset(found or org_knowledge().words("default_todo"))


@cache
def _words(key: str) -> frozenset[str]:
    return frozenset(word.lower() for word in org_knowledge().words(key))


@cache
def _note_heading() -> re.Pattern[str]:
    patterns = org_knowledge().words("log_note_headings")
    alternatives = "|".join(f"(?:{pattern})" for pattern in patterns)
    # the header ends with its timestamp, and "\\" when a note's text follows on the next line;
    # the spaces after the "\\" are a run of their own only after it ("[ \t]*(?:\\\\[ \t]*)?", not
    # "[ \t]*(?:\\\\)?[ \t]*"), so that a long run of spaces and then text fails in linear time
    return re.compile(rf"(?:{alternatives})[^\n]*?{TIMESTAMP}[ \t]*(?:\\\\[ \t]*)?$")


@dataclass
class _OrgReader:
    """Reads Org elements, region by region, into the blocks of ``output``."""

    todo: frozenset[str]
    output: LatexBlocks = field(default_factory=LatexBlocks)
    title: str | None = None
    depth: int = 0
    lead: Lead | None = None  # opens the next block

    def body(self, lines: Sequence[SourceLine]) -> None:
        """Read the elements of ``lines``."""
        if self.depth >= MAX_NESTING:
            self._flat(lines)
            return
        self.depth += 1
        closers = _Closers(lines)
        index = 0
        while index < len(lines):
            if blank(lines[index]):
                index += 1
                continue
            index = self._element(lines, index, closers)
        self.depth -= 1

    def _flat(self, lines: Sequence[SourceLine]) -> None:
        """Read lines nested too deep to read as elements: each item, or run of lines between
        items and blank lines, a paragraph."""
        index = 0
        while index < len(lines):
            if blank(lines[index]):
                index += 1
                continue
            end = index + 1
            while end < len(lines) and not blank(lines[end]) and _item(lines[end]) is None:
                end += 1
            first = lines[index]
            if (item := _item(first)) is not None:
                first = first.after(item.end())
            self._text([first, *lines[index + 1 : end]])
            index = end

    def _element(self, lines: Sequence[SourceLine], index: int, closers: _Closers) -> int:
        """Read the element starting at ``lines[index]``; return the index after it."""
        text = lines[index].text
        if (heading := _HEADING.match(text)) is not None and self.depth == 1:
            return self._heading(lines, index, heading)
        if _PLANNING.match(text) or _RULE.match(text) or _FIXED_WIDTH.match(text):
            return index + 1
        if _COMMENT.match(text):
            return index + 1
        if (begin := _BEGIN.match(text)) is not None:
            name = begin.group(1).lower()
            return self._block(lines, index, name, closers.find(index + 1, f"#+end_{name}"))
        if _DYNAMIC.match(text):
            end = closers.find(index + 1, "#+end:")
            if end is not None:
                self.body(dedent(lines[index + 1 : end]))
                return end + 1
            return index + 1
        if (keyword := _KEYWORD.match(text)) is not None:
            self._keyword(lines[index], keyword)
            return index + 1
        if (drawer := _DRAWER.match(text)) is not None and (
            end := closers.find(index + 1, ":end:")
        ) is not None:
            self._drawer(drawer.group(1).lower(), lines[index + 1 : end])
            return end + 1
        if _TABLE.match(text):
            return self._table(lines, index)
        if _TABLE_EL.match(text):
            return _end_of(lines, index, lambda line: line.text.lstrip()[:1] in ("+", "|"))
        if (note := _FOOTNOTE.match(text)) is not None:
            return self._footnote(lines, index, note)
        if (item := _item(lines[index])) is not None:
            return self._list(lines, index, item)
        return self._paragraph(lines, index)

    # -- headings and settings ---------------------------------------------------------

    def _heading(self, lines: Sequence[SourceLine], index: int, match: re.Match[str]) -> int:
        """Read a heading line; a commented subtree (``* COMMENT ...``) is skipped whole."""
        level = len(match.group(1))
        title = self._heading_state(lines[index].after(match.start(2)))
        if title is None:
            end = index + 1
            while end < len(lines) and not _ends_subtree(lines[end], level):
                end += 1
            return end
        tags = _TAGS.search(title.text)
        if tags is not None:
            title = SourceLine(title.number, title.column, title.text[: tags.start()])
        self.output.heading(level, org_inline_text([title]) if title.text.strip() else None)
        return index + 1

    def _heading_state(self, title: SourceLine) -> SourceLine | None:
        """Return the heading's title without its TODO keyword and priority, None if commented."""
        first = title.text.split(maxsplit=1)[0] if title.text.strip() else ""
        if first in self.todo:
            title = title.after(len(first))
            title = title.after(indent_of(title))
        priority = _PRIORITY.match(title.text)
        if priority is not None:
            title = title.after(priority.end())
        if title.text == "COMMENT" or title.text.startswith(("COMMENT ", "COMMENT\t")):
            return None
        return title

    def _keyword(self, line: SourceLine, match: re.Match[str]) -> None:
        """Read an in-buffer keyword: the title, a caption; any other is a setting, not read."""
        name = match.group(1).lower()
        if not match.group(2):
            return
        text = org_inline_text([line.after(match.start(2))])
        if name == "title" and text is not None:
            if self.title is None:
                self.title = " ".join(text.text.split())
                self.output.heading(0, text)
        elif name in _words("caption_keywords") and text is not None:
            self.output.paragraph(text)

    # -- blocks and drawers ------------------------------------------------------------

    def _block(self, lines: Sequence[SourceLine], index: int, name: str, end: int | None) -> int:
        """Read a ``#+BEGIN_NAME`` block ending at ``lines[end]``: code, examples and comments are
        not read, others are."""
        if end is None:
            return index + 1  # an unclosed block is no block: its opening line is a setting
        if name not in _words("hidden_blocks"):
            self.body(dedent(lines[index + 1 : end]))
            self.output.previous_paragraph = None
        return end + 1

    def _drawer(self, name: str, contents: Sequence[SourceLine]) -> None:
        """Read a drawer: a property drawer as field rows, any other as text."""
        if name not in _words("property_drawers"):
            self.body(dedent(contents))
            return
        hidden = _words("hidden_properties")
        for line in contents:
            match = _PROPERTY.match(line.text)
            if match is None or match.group("value") is None or match.group("key").lower() in hidden:
                continue
            key = line.after(match.start("key"))
            # a key is one word: "HBM_BW" is written for "HBM BW", as a reader says it
            key = SourceLine(key.number, key.column, match.group("key").replace("_", " "))
            name_text = org_inline_text([key])
            value = org_inline_text([line.after(match.start("value"))])
            if name_text is None or value is None:
                continue
            row = SourceRow((), False, line.number, line.column + indent_of(line))
            self.output.table(row_blocks((), [GridRow(row, (name_text, value))], self.output.path()))

    # -- tables ------------------------------------------------------------------------

    def _table(self, lines: Sequence[SourceLine], index: int) -> int:
        """Read an Org table: rows above its first rule are its header, width cookie rows and
        rules are not data."""
        end = _end_of(lines, index, lambda line: _TABLE.match(line.text) is not None)
        rows: list[SourceRow] = []
        header = 0
        for line in lines[index:end]:
            if _TABLE_RULE.match(line.text):
                if not header and rows:
                    header = len(rows)
                continue
            cells = _cells(line)
            if all(cell.text is None or _WIDTH_COOKIE.fullmatch(cell.text.text) for cell in cells):
                continue
            if cells and cells[0].text is not None and cells[0].text.text == "/":
                continue  # a column group row ("| / | < | > |") shows nothing
            rows.append(SourceRow(cells, False, line.number, line.column + indent_of(line)))
        if header and header < len(rows):
            rows = [
                SourceRow(row.cells, position < header, row.line, row.column)
                for position, row in enumerate(rows)
            ]
        if rows:
            headers, body = lay_out(rows)
            self.output.table(row_blocks(headers, body, self.output.path()))
        return end

    # -- lists, notes and paragraphs ---------------------------------------------------

    def _list(self, lines: Sequence[SourceLine], index: int, first: re.Match[str]) -> int:
        """Read a plain list: items at the first item's indentation, each body read in turn."""
        indent = len(first.group("indent"))
        self.output.open_list("org")
        while index < len(lines):
            match = _item(lines[index])
            if match is None or len(match.group("indent")) != indent:
                break
            end = _item_end(lines, index + 1, indent)
            body = [lines[index].after(match.end()), *dedent(lines[index + 1 : end])]
            self._item(body)
            index = end
            while index < len(lines) and blank(lines[index]):
                if index + 1 < len(lines) and blank(lines[index + 1]):
                    index = _skip_blank(lines, index)
                    self.output.close_list()
                    return index
                index += 1
            if index < len(lines) and indent_of(lines[index]) < indent:
                break
        self.output.close_list()
        return index

    def _item(self, body: list[SourceLine]) -> None:
        """Read one item: checkbox and counter dropped, a log stamp or log-note header dropped,
        a description item's term its label."""
        first = body[0]
        first = first.after(_CHECKBOX.match(first.text).end())  # type: ignore[union-attr]
        note = _note_heading().match(first.text)
        if note is not None:
            body = body[1:]
        else:
            stamp = _LEADING_TIMESTAMP.match(first.text)
            if stamp is not None:
                first = first.after(stamp.end())
            body = [first, *body[1:]] if first.text.strip() else body[1:]
        self.output.lists[-1].item = True
        self.output.lists[-1].label = None
        term = _DESCRIPTION.match(body[0].text) if body else None
        if term is not None:
            term_text = org_inline_text([SourceLine(body[0].number, body[0].column, term.group("term"))])
            label = " ".join(term_text.text.split()) if term_text is not None else None
            self.output.lists[-1].label = label
            self.lead = (term_text, ": ", label or "") if term_text is not None else None
            rest = body[0].after(term.end())
            body = [rest, *body[1:]] if rest.text.strip() else body[1:]
        self.body(body)
        self.lead = None

    def _footnote(self, lines: Sequence[SourceLine], index: int, match: re.Match[str]) -> int:
        """Read a footnote definition as a note "[^label]: text"."""
        end = index + 1
        while end < len(lines) and not (
            _FOOTNOTE.match(lines[end].text)
            or _HEADING.match(lines[end].text)
            or (blank(lines[end]) and end + 1 < len(lines) and blank(lines[end + 1]))
        ):
            end += 1
        line = lines[index]
        mark = AnchoredText(f"[^{match.group(1)}]:", ((0, line.number, line.column),))
        self.lead = (mark, " ", "")
        first = line.after(match.end())
        self.body([first, *lines[index + 1 : end]] if first.text else list(lines[index + 1 : end]))
        self.lead = None
        self.output.previous_paragraph = None
        return end

    def _paragraph(self, lines: Sequence[SourceLine], index: int) -> int:
        """Read a paragraph: lines up to a blank one or one that opens another element."""
        end = index + 1
        while end < len(lines) and not blank(lines[end]) and not _opens_element(lines[end]):
            end += 1
        self._text(lines[index:end])
        return end

    def _text(self, lines: Sequence[SourceLine]) -> None:
        """Read ``lines`` as one paragraph's text, split at bold labels."""
        body = [line.after(indent_of(line)) for line in lines]
        gatherer, bold = TextGatherer(), list[tuple[int, int]]()
        add_org_inline(gatherer, body, bold)
        text = gatherer.text()
        if text is not None:
            for part, label in labelled_parts(text, bold):
                self._emit(part, label)

    def _emit(self, text: AnchoredText, label: str | None) -> None:
        text, label = with_lead(self.lead, text, label)
        self.lead = None
        self.output.text(text, label)


def _item(line: SourceLine) -> re.Match[str] | None:
    """Return the match of a list item's bullet opening ``line`` (a ``*`` bullet must be indented)."""
    match = _ITEM.match(line.text)
    if match is None or (match.group("bullet") == "*" and not match.group("indent")):
        return None
    return match


def _item_end(lines: Sequence[SourceLine], start: int, indent: int) -> int:
    """Return the index after an item's body: lines indented deeper than its bullet, up to two
    blank lines in a row (trailing blank lines left out)."""
    end = index = start
    while index < len(lines):
        line = lines[index]
        if blank(line):
            if index + 1 < len(lines) and blank(lines[index + 1]):
                break
            index += 1
            continue
        if indent_of(line) <= indent or _HEADING.match(line.text):
            break
        index += 1
        end = index
    return end


def _cells(line: SourceLine) -> tuple[SourceCell, ...]:
    """Return the cells of a table row line, each placed at its first character."""
    text = line.text
    start = text.index("|") + 1
    cells = []
    while start <= len(text):
        stop = text.find("|", start)
        last = stop < 0
        stop = len(text) if last else stop
        if last and not text[start:stop].strip():
            break
        raw = text[start:stop]
        lead = len(raw) - len(raw.lstrip())
        cell = SourceLine(line.number, line.column + start + lead, raw.strip())
        cells.append(SourceCell(org_inline_text([cell]) if cell.text else None, False))
        if last:
            break
        start = stop + 1
    return tuple(cells)


def _opens_element(line: SourceLine) -> bool:
    """Return True if ``line`` starts an element other than a paragraph's next line."""
    text = line.text
    return bool(
        _HEADING.match(text)
        or _KEYWORD.match(text)
        or _BEGIN.match(text)
        or _COMMENT.match(text)
        or _TABLE.match(text)
        or _DRAWER.match(text)
        or _FOOTNOTE.match(text)
        or _FIXED_WIDTH.match(text)
        or _PLANNING.match(text)
        or _RULE.match(text)
        or _item(line)
    )


def _ends_subtree(line: SourceLine, level: int) -> bool:
    """Return True if ``line`` is a heading at ``level`` or above (it ends a subtree)."""
    match = _HEADING.match(line.text)
    return match is not None and len(match.group(1)) <= level


def _end_of(lines: Sequence[SourceLine], start: int, keeps: Callable[[SourceLine], bool]) -> int:
    """Return the index of the first line from ``start`` on that ``keeps`` refuses."""
    index = start
    while index < len(lines) and keeps(lines[index]):
        index += 1
    return index


def _skip_blank(lines: Sequence[SourceLine], index: int) -> int:
    while index < len(lines) and blank(lines[index]):
        index += 1
    return index
