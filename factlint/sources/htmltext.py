"""Gather the text runs of an HTML block into clean text with anchors back to the file."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from factlint.sources.htmltree import TextRun

# Whitespace, characters never shown (soft hyphen, zero-width marks, BOM), and the rest.
_TOKEN = re.compile(r"(\s+)|([\u00ad\u200b-\u200d\u2060\ufeff]+)|[^\s\u00ad\u200b-\u200d\u2060\ufeff]+")

# What the one-stretch reading of a run cannot take: other whitespace, two spaces, invisibles.
_UNUSUAL = re.compile(r"[^\S ]|  |[\u00ad\u200b-\u200d\u2060\ufeff]")

Anchors = tuple[tuple[int, int, int], ...]


@dataclass(frozen=True)
class AnchoredText:
    """Clean text and its anchors: ``(offset, line, column)`` where each stretch of it is in the file."""

    text: str
    anchors: Anchors

    def position(self, offset: int) -> tuple[int, int]:
        """Return the 1-based file (line, column) of ``text[offset]``."""
        start, line, column = next(anchor for anchor in reversed(self.anchors) if anchor[0] <= offset)
        return line, column + offset - start

    def slice(self, start: int, end: int) -> AnchoredText:
        """Return ``text[start:end]`` with its anchors (``start`` must not be inside a separator)."""
        line, column = self.position(start)
        anchors = [(0, line, column)]
        anchors += [(offset - start, ln, col) for offset, ln, col in self.anchors if start < offset < end]
        return AnchoredText(self.text[start:end], tuple(anchors))


def join(parts: list[AnchoredText], separator: str) -> tuple[str, list[tuple[int, int, int]], list[int]]:
    """Return the text of ``parts`` joined by ``separator``, its anchors and where each part starts."""
    pieces: list[str] = []
    anchors: list[tuple[int, int, int]] = []
    starts: list[int] = []
    length = 0
    for index, part in enumerate(parts):
        if index:
            pieces.append(separator)
            length += len(separator)
        starts.append(length)
        pieces.append(part.text)
        anchors += [(length + offset, line, column) for offset, line, column in part.anchors]
        length += len(part.text)
    return "".join(pieces), anchors, starts


def words_outside(line: str, start: int, number: int, skipped: re.Pattern[str]) -> AnchoredText | None:
    """Return the words of ``line`` (1-based line ``number``) from ``start`` on outside the matches of
    ``skipped`` (a task list's tags), joined by one space and anchored where they stand; None when
    none are left."""
    pieces: list[AnchoredText] = []
    for match in skipped.finditer(line, start):
        _add_piece(pieces, line, start, match.start(), number)
        start = match.end()
    _add_piece(pieces, line, start, len(line), number)
    if not pieces:
        return None
    text, anchors, _ = join(pieces, " ")
    return AnchoredText(text, tuple(anchors))


def _add_piece(pieces: list[AnchoredText], line: str, start: int, end: int, number: int) -> None:
    """Append ``line[start:end]`` without its surrounding blanks to ``pieces``, if anything is left."""
    piece = line[start:end]
    stripped = piece.strip()
    if stripped:
        lead = len(piece) - len(piece.lstrip())
        pieces.append(AnchoredText(stripped, ((0, number, start + lead + 1),)))


# (text, separator, label) that opens the next block: a description term, a footnote's mark
Lead = tuple[AnchoredText, str, str]


def with_lead(lead: Lead | None, text: AnchoredText, label: str | None) -> tuple[AnchoredText, str | None]:
    """Return ``text`` with ``lead`` joined before it, and the lead's label if it has one, else ``label``."""
    if lead is None:
        return text, label
    opening, separator, lead_label = lead
    joined, anchors, _ = join([opening, text], separator)
    return AnchoredText(joined, tuple(anchors)), lead_label or label


@dataclass
class TextGatherer:
    """Collects the runs of one block: whitespace collapsed, line breaks kept as ``\\n``.

    A run of whitespace becomes one space, or as many ``\\n`` as it crossed source lines
    (so the block's text lines follow the file's); ``<br>`` is a line break too. With
    ``one_line`` (table cells) every break is a space.
    """

    one_line: bool = False
    pieces: list[str] = field(default_factory=list)
    anchors: list[tuple[int, int, int]] = field(default_factory=list)
    length: int = 0
    space: bool = False  # whitespace seen since the last visible character
    breaks: int = 0  # line breaks seen since the last visible character

    def add(self, run: TextRun) -> None:
        """Add the characters of one text run."""
        text = run.text
        if _UNUSUAL.search(text) is None:  # words and single spaces: one stretch, no tokenizing
            stripped = text.strip(" ")
            if stripped:
                lead = len(text) - len(text.lstrip(" "))
                self.space = self.space or lead > 0
                self._visible(stripped, run.line, run.column + lead)
            self.space = self.space or text.endswith(" ")
            return
        line, column = run.line, run.column
        for match in _TOKEN.finditer(text):
            token = match.group(0)
            if match.group(1) is not None:
                newlines = token.count("\n")
                self.space = True
                self.breaks = max(self.breaks, newlines)
                if newlines:
                    line += newlines
                    column = len(token) - token.rfind("\n")
                else:
                    column += len(token)
            elif match.group(2) is not None:
                column += len(token)
            else:
                self._visible(token, line, column)
                column += len(token)

    def line_break(self) -> None:
        """Note a ``<br>``: the next text starts a new line."""
        self.space = True
        self.breaks += 1

    def boundary(self) -> None:
        """Note a block boundary inside a one-line gatherer (a paragraph in a table cell)."""
        self.space = True

    def _visible(self, token: str, line: int, column: int) -> None:
        if self.length:
            if self.breaks and not self.one_line:
                separator = "\n" * self.breaks
            elif self.space:
                separator = " "
            else:
                separator = ""
            self.pieces.append(separator)
            self.length += len(separator)
        self.space, self.breaks = False, 0
        if self.anchors:
            start, last_line, last_column = self.anchors[-1]
            if last_line == line and last_column + self.length - start == column:
                self.pieces.append(token)  # continues the last anchored stretch
                self.length += len(token)
                return
        self.anchors.append((self.length, line, column))
        self.pieces.append(token)
        self.length += len(token)

    def text(self) -> AnchoredText | None:
        """Return what was gathered, or None if it has no visible character."""
        if not self.length:
            return None
        return AnchoredText("".join(self.pieces), tuple(self.anchors))

    def last_token(self) -> str:
        """Return the last visible stretch added, "" if none (or whitespace has come since)."""
        return self.pieces[-1] if self.pieces and not self.space else ""

    def __len__(self) -> int:
        return self.length

    def reset(self) -> None:
        """Start the next block."""
        self.pieces, self.anchors, self.length, self.space, self.breaks = [], [], 0, False, 0
