"""A line scanner for the common Markdown subset, giving the same tokens as markdown-it-py, faster.

It returns None as soon as a document uses anything outside the subset (blockquotes, HTML,
setext headings, tabs, loose or irregular lists, indented code...), and the caller falls
back to markdown-it-py; a hypothesis test checks both give identical blocks.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass
class ScanToken:
    """The parts of a markdown-it token that the block walker reads."""

    type: str
    map: list[int] | None = None
    content: str = ""
    markup: str = ""
    tag: str = ""


class Unsupported(Exception):
    """The document leaves the subset: parse it with markdown-it-py instead."""


_ATX = re.compile(r"(#{1,6})(?:[ ]+|$)")
_CLOSING_HASHES = re.compile(r"(?:^|[ ]+)#+[ ]*$")
_HR = re.compile(r"[ ]{0,3}([-*_])(?:[ ]*\1){2,}[ ]*")
_FENCE = re.compile(r"(`{3,}|~{3,})(.*)")
_LIST_MARKER = re.compile(r"([ ]*)([-*+]|(\d{1,9})[.)])( ?)(.*)")
_DELIMITER_CELL = re.compile(r"[ ]*:?-+:?[ ]*")
# Line starts the subset never handles (checked after the line's own indentation).
_UNSUPPORTED_START = re.compile(r"[ ]*(?:>|<|\[[^\]]*\]:|=+[ ]*$|-+[ ]*$)")
# Line starts that may interrupt a paragraph or change the structure.
_INTERRUPT = re.compile(r"[ ]*(?:[-*+](?:[ ]|$)|#|>|<|`{3}|~{3}|\||=|\d{1,9}[.)](?:[ ]|$))")
# Tabs anywhere, or other whitespace (no-break space, form feed...) next to a space or a line
# end, where markdown-it's stripping and ours could differ. Inside a line it is harmless ("96\u00a0GB").
_ODD_SPACE = re.compile(r"\t|(?:^|[ ])[^\S \n]|[^\S \n](?:[ ]|$)", re.MULTILINE)
# Cheap first checks: without any such whitespace character, _ODD_SPACE cannot match.
_ODD_SPACE_CHAR = re.compile(r"[^\S \n]")
_ASCII_ODD_SPACES = tuple(chr(code) for code in range(128) if chr(code).isspace() and chr(code) not in " \n")


@dataclass
class _OpenList:
    marker_indent: int
    content_column: int
    bullet: str  # "-", "*", "+" or "." / ")" for ordered lists
    ordered: bool


def scan(lines: Sequence[str], first: int, body: str) -> list[ScanToken] | None:
    """Return markdown-it-like block tokens for ``lines[first:]``, or None if outside the subset.

    ``body`` is the same lines joined, for whole-text checks.
    """
    if _has_odd_space(body):
        return None
    try:
        return _Scanner(lines).run(first)
    except Unsupported:
        return None


def _has_odd_space(body: str) -> bool:
    """Return True if ``_ODD_SPACE`` matches ``body`` (checking first for any odd whitespace at all)."""
    if body.isascii():
        if not any(space in body for space in _ASCII_ODD_SPACES):
            return False
    elif _ODD_SPACE_CHAR.search(body) is None:
        return False
    return _ODD_SPACE.search(body) is not None


class _Scanner:
    """One pass over the lines, keeping the stack of open lists."""

    def __init__(self, lines: Sequence[str]) -> None:
        self.lines = lines
        self.tokens: list[ScanToken] = []
        self.lists: list[_OpenList] = []

    def run(self, index: int) -> list[ScanToken]:
        lines = self.lines
        count = len(lines)
        while index < count:
            line = lines[index]
            if not line.strip(" "):
                index = self._after_blank(index)
                continue
            index = self._block(index)
        self._close_lists(0)
        return self.tokens

    def _after_blank(self, index: int) -> int:
        """Skip blank lines; close lists unless the next line continues them."""
        lines = self.lines
        while index < len(lines) and not lines[index].strip(" "):
            index += 1
        if self.lists and index < len(lines):
            marker = _LIST_MARKER.fullmatch(lines[index])
            if marker is None or not marker.group(4):
                if lines[index][:1] == " ":
                    raise Unsupported  # a second paragraph inside an item, or indented code
                self._close_lists(0)
        return index

    def _block(self, index: int) -> int:
        line = self.lines[index]
        if index + 1 < len(self.lines) and _maybe_delimiter(self.lines[index + 1]):
            # markdown-it tries tables before anything else, whatever the line looks like
            if line[0] == "|" and _is_delimiter(self.lines[index + 1]) and not self.lists:
                return self._table(index)
            raise Unsupported
        if line[0] == " " and not self.lists:
            raise Unsupported
        if _UNSUPPORTED_START.match(line) and not _HR.fullmatch(line):
            raise Unsupported
        marker = _LIST_MARKER.fullmatch(line)
        if marker and marker.group(4) and not _HR.fullmatch(line):
            return self._list_item(index, marker)
        if self.lists:
            if line[0] == " ":
                raise Unsupported
            self._close_lists(0)
        if _HR.fullmatch(line):
            self.tokens.append(ScanToken("hr", [index, index + 1]))
            return index + 1
        heading = _ATX.match(line)
        if heading:
            return self._heading(index, heading)
        fence = _FENCE.match(line)
        if fence:
            return self._fence(index, fence)
        if marker and not marker.group(5).strip(" "):  # "-" or "1." with nothing after it
            raise Unsupported
        return self._paragraph(index, line, None)

    def _heading(self, index: int, heading: re.Match[str]) -> int:
        level = len(heading.group(1))
        content = _CLOSING_HASHES.sub("", heading.string[heading.end() :]).strip(" ")
        self.tokens += [
            ScanToken("heading_open", [index, index + 1], markup=heading.group(1), tag=f"h{level}"),
            ScanToken("inline", [index, index + 1], content),
            ScanToken("heading_close"),
        ]
        return index + 1

    def _fence(self, index: int, fence: re.Match[str]) -> int:
        opening, info = fence.group(1), fence.group(2)
        if opening[0] == "`" and "`" in info:
            raise Unsupported
        end = index + 1
        while end < len(self.lines):
            closing = self.lines[end].strip(" ")
            if self.lines[end].startswith(" ") and closing.startswith(opening[0] * 3):
                # indented closing fences (not one at all from 4 spaces on): leave to markdown-it
                raise Unsupported
            if closing.startswith(opening) and not closing.strip(opening[0]):
                break
            end += 1
        self.tokens.append(ScanToken("fence", [index, min(end + 1, len(self.lines))], markup=opening))
        return end + 1

    def _table(self, index: int) -> int:
        header = self.lines[index]
        columns = _split_count(header)
        if columns != _split_count(self.lines[index + 1]) or "`" in header or "\\" in header:
            raise Unsupported
        tokens = [
            ScanToken("table_open", [index, index + 2]),
            ScanToken("thead_open", [index, index + 1]),
            ScanToken("tr_open", [index, index + 1]),
            ScanToken("tr_close"),
            ScanToken("thead_close"),
        ]
        end = index + 2
        while end < len(self.lines) and self.lines[end].strip():
            row = self.lines[end]
            if row[0] == "#" and _ATX.match(row):
                break  # a heading ends the table (markdown-it's table terminators include it)
            if row[0] != "|" or "`" in row or "\\" in row:
                raise Unsupported
            tokens += [ScanToken("tr_open", [end, end + 1]), ScanToken("tr_close")]
            end += 1
        tokens.append(ScanToken("table_close"))
        self.tokens += tokens
        return end

    def _list_item(self, index: int, marker: re.Match[str]) -> int:
        indent = len(marker.group(1))
        ordered = marker.group(3) is not None
        bullet = marker.group(2)[-1]
        content = marker.group(5)
        if marker.group(4) != " " or not content.strip(" ") or content[:1] == " ":
            raise Unsupported
        if _INTERRUPT.match(content) or _HR.fullmatch(content) or _maybe_delimiter(content):
            raise Unsupported
        while self.lists and indent < self.lists[-1].marker_indent:
            self._close_lists(len(self.lists) - 1)
        top = self.lists[-1] if self.lists else None
        if (
            top is not None
            and indent == top.marker_indent
            and (top.bullet != bullet or top.ordered != ordered)
        ):
            self._close_lists(len(self.lists) - 1)  # another marker starts a new list
            top = self.lists[-1] if self.lists else None
        if top is not None and indent == top.marker_indent:
            self.tokens.append(ScanToken("list_item_close"))
        elif (top is None and indent == 0) or (top is not None and indent == top.content_column):
            if ordered and marker.group(3) != "1" and self._paragraph_ends_at(index):
                raise Unsupported  # "2024. text" right after a paragraph line continues it
            self.lists.append(_OpenList(indent, indent + len(marker.group(2)) + 1, bullet, ordered))
            kind = "ordered_list" if ordered else "bullet_list"
            self.tokens.append(ScanToken(f"{kind}_open", [index, index + 1]))
        else:
            raise Unsupported
        self.tokens.append(ScanToken("list_item_open", [index, index + 1]))
        return self._paragraph(index, content, self.lists[-1].content_column)

    def _paragraph_ends_at(self, index: int) -> bool:
        return index > 0 and bool(self.lines[index - 1].strip())

    def _paragraph(self, index: int, first_content: str, item_column: int | None) -> int:
        """Emit a paragraph starting at ``index``; continuation lines run until a block starts."""
        lines = self.lines
        end = index + 1
        while end < len(lines):
            line = lines[end]
            if not line.strip(" "):
                break
            if _HR.fullmatch(line):
                raise Unsupported  # setext underline or a rule interrupting: leave to markdown-it
            if _INTERRUPT.match(line):
                starts_list = _LIST_MARKER.fullmatch(line)
                if (
                    starts_list
                    and starts_list.group(4)
                    and starts_list.group(5).strip(" ")
                    and (item_column is not None or not starts_list.group(3))
                ):
                    break  # a bullet, or an item of the open list, interrupts the paragraph
                if _ATX.match(line) or line.startswith(("```", "~~~")):
                    break
                raise Unsupported
            if _maybe_delimiter(line) or (end + 1 < len(lines) and _maybe_delimiter(lines[end + 1])):
                raise Unsupported
            end += 1
        self.tokens += [
            ScanToken("paragraph_open", [index, end]),
            ScanToken("inline", [index, end], first_content.strip(" ")),
            ScanToken("paragraph_close"),
        ]
        return end

    def _close_lists(self, keep: int) -> None:
        while len(self.lists) > keep:
            closed = self.lists.pop()
            kind = "ordered_list" if closed.ordered else "bullet_list"
            self.tokens += [ScanToken("list_item_close"), ScanToken(f"{kind}_close")]


def _maybe_delimiter(line: str) -> bool:
    """Return True if markdown-it might read ``line`` as a table delimiter row."""
    stripped = line.strip(" ")
    return "-" in stripped and ("|" in stripped or ":" in stripped) and not stripped.strip("|:- ")


def _is_delimiter(line: str) -> bool:
    stripped = line.strip(" ")
    if not stripped.startswith("|") or "-" not in stripped:
        return False
    cells = stripped.strip("|").split("|")
    return all(_DELIMITER_CELL.fullmatch(cell) for cell in cells)


def _split_count(line: str) -> int:
    stripped = line.strip(" ")
    if stripped.startswith("|"):
        stripped = stripped[1:]
    if stripped.endswith("|"):
        stripped = stripped[:-1]
    return stripped.count("|") + 1
