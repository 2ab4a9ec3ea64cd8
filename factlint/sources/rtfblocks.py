"""Make the blocks of an RTF document: headings, paragraphs, list items, table rows and footnotes.

A paragraph is a heading when its style is named "heading N" (or has an outline level) in the
style sheet, when it has an ``\\outlinelevel`` of its own, or when it is short, wholly bold and
in a larger font than the body text (the size most of the document's characters are in): the
way a word processor's user makes a heading without styles. Larger sizes are higher levels.
Bold text opening a line and ending with a colon labels the part it opens, as a Markdown bold
label does. Table rows are laid out as HTML rows are: a ``\\trhdr`` row, or a first row of
wholly bold cells, is the header. See decision 0143.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from factlint.models import Block, BlockKind
from factlint.sources.blocks import anchored_block, note_block
from factlint.sources.html import bold_labels, labelled_parts
from factlint.sources.htmltable import SourceCell, SourceRow, lay_out, row_blocks
from factlint.sources.htmltext import AnchoredText
from factlint.sources.rtf import Paragraph, Piece, RtfContent, TableRow, read_rtf

# A heading made by hand is a title or a few words, not a sentence.
MAX_HEADING_CHARS = 100
_SENTENCE_ENDS = (".", ",", ";", ":")


@dataclass(frozen=True)
class RtfFile:
    """The blocks of an RTF document, its title and the problems met reading it."""

    blocks: tuple[Block, ...]
    title: str | None
    problems: tuple[str, ...] = ()  # "line N: reason"


def parse_rtf(lines: Sequence[str], body_line: int = 1) -> tuple[list[Block], str | None]:
    """Return the blocks of an RTF document and its title (its first top-level heading)."""
    document = read_rtf_file(lines, body_line)
    return list(document.blocks), document.title


def read_rtf_file(lines: Sequence[str], body_line: int = 1) -> RtfFile:
    """Return the blocks, title and problems (a footnote not closed) of an RTF document."""
    content = read_rtf(lines[body_line - 1 :], body_line)
    blocks, title = _Builder(content).build()
    return RtfFile(tuple(blocks), title, content.problems)


def gathered(pieces: Sequence[Piece]) -> tuple[AnchoredText | None, list[tuple[int, int]]]:
    """Return the shown text of ``pieces`` (white space collapsed, each character anchored at its
    file place) and the (start, end) offsets of its bold stretches; None if it shows nothing."""
    chars: list[str] = []
    anchors: list[tuple[int, int, int]] = []
    bold: list[bool] = []
    pending: tuple[str, int, int, bool] | None = None  # white space seen since the last character
    last: tuple[int, int] | None = None
    for piece in pieces:
        for index, char in enumerate(piece.text):
            line, column = piece.line, piece.column + index
            if char.isspace():
                if chars and (pending is None or (char == "\n" and pending[0] != "\n")):
                    pending = (" " if char != "\n" else "\n", line, column, piece.bold)
                continue
            if pending is not None:
                mark, space_line, space_column, space_bold = pending
                last = _place(anchors, len(chars), (space_line, space_column), last)
                chars.append(mark)
                bold.append(space_bold and piece.bold)
                pending = None
            last = _place(anchors, len(chars), (line, column), last)
            chars.append(char)
            bold.append(piece.bold)
    if not chars:
        return None, []
    spans: list[tuple[int, int]] = []
    for offset, is_bold in enumerate(bold):
        if is_bold and spans and spans[-1][1] == offset:
            spans[-1] = (spans[-1][0], offset + 1)
        elif is_bold:
            spans.append((offset, offset + 1))
    return AnchoredText("".join(chars), tuple(anchors)), spans


def _place(
    anchors: list[tuple[int, int, int]], offset: int, place: tuple[int, int], last: tuple[int, int] | None
) -> tuple[int, int]:
    """Anchor ``offset`` at ``place`` unless it follows the previous character in the file."""
    if last is None or place != (last[0], last[1] + 1):
        anchors.append((offset, *place))
    return place


class _Builder:
    def __init__(self, content: RtfContent) -> None:
        self.content = content
        self.blocks: list[Block] = []
        self.path: list[tuple[int, str]] = []  # (level, text) of the headings above
        self.title: str | None = None
        self.intro: str | None = None  # the paragraph before a list
        self.rows: list[TableRow] = []
        self.body_size = _body_size(content.items)
        sizes = sorted({size for item in content.items if (size := self._hand_heading(item))}, reverse=True)
        self.size_levels = {size: level for level, size in enumerate(sizes, start=1)}

    def headings(self) -> tuple[str, ...]:
        return tuple(text for _, text in self.path)

    def build(self) -> tuple[list[Block], str | None]:
        for item in self.content.items:
            if isinstance(item, TableRow):
                self.rows.append(item)
                continue
            self._table()
            self._paragraph(item)
        self._table()
        return self.blocks, self.title

    def _paragraph(self, paragraph: Paragraph) -> None:
        text, bold = gathered(paragraph.pieces)
        if text is not None:
            level = self._level(paragraph)
            if level is not None:
                while self.path and self.path[-1][0] >= level:
                    self.path.pop()
                self.blocks.append(anchored_block(BlockKind.HEADING, text, self.headings()))
                self.path.append((level, text.text))
                if self.title is None and level == 1:
                    self.title = text.text
                self.intro = None
            elif paragraph.listed:
                label = bold_labels(text.text, bold)[0][1]
                self.blocks.append(
                    anchored_block(
                        BlockKind.LIST_ITEM, text, self.headings(), label=label, list_intro=self.intro
                    )
                )
            else:
                for part, label in labelled_parts(text, bold):
                    self.blocks.append(
                        anchored_block(BlockKind.PARAGRAPH, part, self.headings(), label=label)
                    )
                self.intro = text.text
        for marker, body in paragraph.notes:
            note, _ = gathered(body)
            if note is not None:
                self.blocks.append(note_block(marker, note, self.headings()))

    def _level(self, paragraph: Paragraph) -> int | None:
        """Return the heading level of ``paragraph``, or None for body text."""
        if paragraph.outline is not None and 0 <= paragraph.outline < 9:
            return paragraph.outline + 1
        if paragraph.style in self.content.heading_styles:
            return self.content.heading_styles[paragraph.style]
        size = self._hand_heading(paragraph)
        return self.size_levels[size] if size else None

    def _hand_heading(self, item: Paragraph | TableRow) -> int | None:
        """Return the font size of a short, wholly bold paragraph larger than the body text, else None."""
        if isinstance(item, TableRow) or item.listed:
            return None
        shown = [piece for piece in item.pieces if piece.text.strip()]
        if not shown or not all(piece.bold for piece in shown):
            return None
        text = "".join(piece.text for piece in item.pieces).strip()
        size = Counter(piece.size for piece in shown).most_common(1)[0][0]
        if len(text) > MAX_HEADING_CHARS or text.endswith(_SENTENCE_ENDS) or size <= self.body_size:
            return None
        return size

    def _table(self) -> None:
        """Add the rows gathered so far as one table's row blocks."""
        if not self.rows:
            return
        rows, self.rows = self.rows, []
        source_rows = []
        for index, row in enumerate(rows):
            texts = [gathered(cell) for cell in row.cells]
            header = row.header or (index == 0 and len(rows) > 1 and _wholly_bold(texts))
            cells = tuple(SourceCell(text, header) for text, _ in texts)
            source_rows.append(SourceRow(cells, row.header, row.line, row.column))
        headers, body = lay_out(source_rows)
        self.blocks.extend(row_blocks(headers, body, self.headings()))


def _wholly_bold(texts: list[tuple[AnchoredText | None, list[tuple[int, int]]]]) -> bool:
    """Return True if every cell that shows text is bold throughout, and one does."""
    shown = [(text, bold) for text, bold in texts if text is not None]
    return bool(shown) and all(bold == [(0, len(text.text))] for text, bold in shown)


def _body_size(items: Sequence[Paragraph | TableRow]) -> int:
    """Return the font size most of the document's shown characters are in."""
    sizes: Counter[int] = Counter()
    for item in items:
        pieces = item.pieces if isinstance(item, Paragraph) else [p for cell in item.cells for p in cell]
        for piece in pieces:
            sizes[piece.size] += len(piece.text.strip())
    return sizes.most_common(1)[0][0] if sizes else 0
