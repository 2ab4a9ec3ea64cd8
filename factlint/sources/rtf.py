"""Read an RTF document into paragraphs and table rows whose every character keeps its file place.

Follows RTF 1.9.1: groups scope character formatting (``\\b``, ``\\fs``, ``\\f``, ``\\uc``,
hidden ``\\v``); destinations that carry no text (the font, colour and style tables,
``\\info``, list tables, revision tables, headers and footers, pictures, field instructions,
and every ``{\\* ...}`` group) show nothing; ``\\'hh`` is a byte in the font's charset or the
document's ``\\ansicpg`` code page; ``\\uN`` is a Unicode character followed by ``\\ucN``
fallback units that are skipped. ``\\par`` ends a paragraph, ``\\cell`` a table cell and
``\\row`` a row; ``{\\pntext}``/``{\\listtext}``, ``\\pn`` and ``\\ls`` make a list item; a
``{\\footnote}`` is marked "[^n]" where it stands and read as a note (one whose closing brace is
missing ends at its paragraph's end, reported); a text box's ``{\\shptxt}`` is read as paragraphs
of the page (its ``\\shprslt`` copy is not). The blocks are made in rtfblocks.py; see decision 0143.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cache

from factlint.sources.packaged import packaged_file
from factlint.sources.rtflex import Token, TokenKind, tokens


@cache
def rtf_knowledge() -> RtfKnowledge:
    """Return what ``rtf.yaml`` says about destinations, printed characters and charsets."""
    known = packaged_file("factlint.sources", "rtf.yaml")
    return RtfKnowledge(
        frozenset(known.words("hidden_destinations")),
        known.word_map("characters"),
        known.word_map("symbols"),
        {int(number): codec for number, codec in known.word_map("charsets").items()},
    )


@dataclass(frozen=True)
class RtfKnowledge:
    """Destinations that show no text, control words and symbols that print a character, charsets."""

    hidden_destinations: frozenset[str]
    characters: dict[str, str]
    symbols: dict[str, str]
    charsets: dict[int, str]


_BREAKS = frozenset(("par", "sect", "page"))
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
DEFAULT_SIZE = 24  # half-points: 12 pt, RTF's default \fs


@dataclass(frozen=True)
class Piece:
    """Characters shown together: their text, the file place of the first, bold or not, font size."""

    text: str
    line: int
    column: int
    bold: bool = False
    size: int = DEFAULT_SIZE


@dataclass
class Paragraph:
    """One paragraph as written: its pieces, style number, outline level, list item or not, notes."""

    pieces: list[Piece]
    style: int = 0
    outline: int | None = None
    listed: bool = False
    notes: list[tuple[str, list[Piece]]] = field(default_factory=list)  # (marker, body)


@dataclass
class TableRow:
    """One table row as written: its cells' pieces, whether it repeats as a header (``\\trhdr``)."""

    cells: list[list[Piece]]
    header: bool
    line: int
    column: int


@dataclass(frozen=True)
class RtfContent:
    """The paragraphs and table rows of a document in order, and the heading level of each style."""

    items: list[Paragraph | TableRow]
    heading_styles: dict[int, int]
    problems: tuple[str, ...] = ()  # "line N: reason"


@dataclass
class _Group:
    """The state a group scopes: what its text is for, and the character formatting."""

    destination: str = ""  # "" (the page), "skip", "footnote", "fonttbl", "stylesheet"
    bold: bool = False
    size: int = DEFAULT_SIZE
    font: int | None = None
    uc: int = 1
    hidden: bool = False


@dataclass
class _Style:
    number: int | None = 0
    outline: int | None = None
    name: str = ""


def read_rtf(lines: Sequence[str], first_line: int = 1) -> RtfContent:
    """Return the paragraphs and table rows of RTF source ``lines`` (file line ``first_line`` first).

    A footnote whose closing brace is missing would take the rest of the document as its text (the
    document's own last brace closing it): the document is read again with every such footnote
    ending at the end of its paragraph, each reported.
    """
    stream = list(tokens(lines, first_line))
    reader = _read(stream, frozenset())
    unclosed = reader.unclosed_notes()
    if unclosed:
        reader = _read(stream, unclosed)
    items = [_without_lone_surrogates(item) for item in reader.items]
    return RtfContent(items, reader.heading_styles, tuple(reader.problems))


def _read(stream: Sequence[Token], unclosed: frozenset[int]) -> _Reader:
    """Return the reader that has read ``stream``, footnotes numbered in ``unclosed`` ending at a par."""
    reader = _Reader(unclosed=unclosed)
    for token in stream:
        reader.feed(token)
    reader.finish()
    return reader


def _unicode_character(parameter: int) -> str:
    """Return the character ``\\uN`` writes (negative N counts from 65536; out of range: U+FFFD)."""
    code = parameter + 65536 if parameter < 0 else parameter
    return chr(code) if 0 <= code < 0x110000 else "\ufffd"


def _clean_pieces(pieces: list[Piece]) -> list[Piece]:
    """Return ``pieces`` with every half of a surrogate pair left alone replaced by U+FFFD."""
    return [
        replace(piece, text=_LONE_SURROGATE.sub("\ufffd", piece.text))
        if _LONE_SURROGATE.search(piece.text)
        else piece
        for piece in pieces
    ]


def _without_lone_surrogates(item: Paragraph | TableRow) -> Paragraph | TableRow:
    """Return ``item`` with no lone surrogate (which no UTF-8 output can write) in its text."""
    if isinstance(item, TableRow):
        return replace(item, cells=[_clean_pieces(cell) for cell in item.cells])
    notes = [(marker, _clean_pieces(body)) for marker, body in item.notes]
    return replace(item, pieces=_clean_pieces(item.pieces), notes=notes)


@dataclass
class _Reader:
    items: list[Paragraph | TableRow] = field(default_factory=list)
    heading_styles: dict[int, int] = field(default_factory=dict)
    group: _Group = field(default_factory=_Group)
    stack: list[_Group] = field(default_factory=list)
    fresh: bool = False  # the next token is a group's first
    ignorable: bool = False  # the group opened with \*
    codepage: str = "cp1252"
    fonts: dict[int, str] = field(default_factory=dict)
    font_entry: int | None = None
    style_entry: _Style | None = None
    style_depth: int = 0
    paragraph: Paragraph = field(default_factory=lambda: Paragraph([]))
    listed_by_props: bool = False  # \ls or \pn since the last \pard
    in_table: bool = False
    cells: list[list[Piece]] = field(default_factory=list)
    row_header: bool = False
    note: list[Piece] | None = None
    note_depth: int = 0
    note_marker: str = ""
    note_saved: tuple[int, int | None, bool, bool] = (0, None, False, False)  # the body's paragraph state
    ended: bool = False  # the document's outermost group has closed: what follows is not read
    notes_seen: int = 0
    unicode_skip: int = 0
    decoder: codecs.IncrementalDecoder | None = None
    decoder_name: str = ""
    unclosed: frozenset[int] = frozenset()  # footnotes (by number) that end at their first \par
    open_note: tuple[int, int] = (0, 0)  # the open footnote's number and line
    last_closed: int = 0  # the number of the footnote the last brace closed (0: none)
    note_groups: list[tuple[int, int]] = field(default_factory=list)  # open footnotes: (depth, number)
    problems: list[str] = field(default_factory=list)
    box: tuple[int, Paragraph, bool, bool] | None = None  # a text box's depth and the body's state
    shape_text: bool = False  # the shape being read had a text box: its \shprslt copy is not read

    def feed(self, token: Token) -> None:
        """Interpret one token."""
        if self.ended:
            return
        if token.kind is not TokenKind.HEX:
            self.decoder = None
        if token.kind is TokenKind.OPEN:
            self.unicode_skip = 0
            self.stack.append(self.group)
            self.group = replace(self.group)
            self.fresh, self.ignorable = True, False
            if self.group.destination == "stylesheet" and self.style_entry is None:
                self.style_entry, self.style_depth = _Style(), len(self.stack)
            return
        if token.kind is TokenKind.CLOSE:
            self.unicode_skip = 0
            self.fresh = False
            self._close()
            return
        if self.unicode_skip:
            self._skip_fallback(token)
            return
        first, self.fresh = self.fresh, False
        if token.kind is TokenKind.SYMBOL and token.text == "*" and first:
            self.ignorable, self.fresh = True, True
        elif token.kind is TokenKind.WORD:
            if first and self._destination(token):
                return
            self._word(token)
        elif token.kind is TokenKind.SYMBOL:
            self._show(rtf_knowledge().symbols.get(token.text, ""), token)
        elif token.kind is TokenKind.HEX:
            self._byte(token)
        else:
            if first and self.ignorable:
                self.group.destination = "skip"
            self._show(token.text, token)

    def unclosed_notes(self) -> frozenset[int]:
        """Return the footnotes that took the document's end: every one still open, and the one closed
        by the document's own last brace while the document's group stayed open."""
        if self.ended:
            return frozenset()
        still_open = {number for _, number in self.note_groups}
        return frozenset(still_open | ({self.last_closed} if self.last_closed else set()))

    def finish(self) -> None:
        """Keep the text after the last ``\\par`` as a paragraph."""
        if self.note is not None and self.open_note[0] in self.unclosed:
            self.problems.append(f"line {self.open_note[1]}: footnote not closed; read to the end")
        if self.cells:
            self._row(self.paragraph.pieces[0] if self.paragraph.pieces else None)
        self._end_paragraph(None)

    def _close(self) -> None:
        depth = len(self.stack)
        self.last_closed = 0
        if self.note_groups and self.note_groups[-1][0] == depth:
            self.last_closed = self.note_groups.pop()[1]
        if self.note is not None and depth == self.note_depth:
            self.paragraph.notes.append((self.note_marker, self.note))
            self.note = None
            style, outline, self.listed_by_props, self.in_table = self.note_saved
            self.paragraph.style, self.paragraph.outline = style, outline
        if self.box is not None and depth == self.box[0]:
            self._end_paragraph(None)
            _, self.paragraph, self.listed_by_props, self.in_table = self.box
            self.box = None
        if self.style_entry is not None and depth == self.style_depth:
            self._define_style(self.style_entry)
            self.style_entry = None
        if self.stack:
            self.group = self.stack.pop()
            self.ended = not self.stack

    def _destination(self, token: Token) -> bool:
        """Open the destination ``token`` names, if it names one; return True if it did."""
        name = token.text
        if name == "shptxt" and self.note is None and self.box is None:
            self._open_box()
            return True
        if name == "shp":
            self.shape_text = False
        if name == "shprslt" and self.shape_text:
            self.group.destination = "skip"
            return True
        if name == "footnote":
            self.group.destination = "footnote"
            self.notes_seen += 1
            self.open_note = (self.notes_seen, token.line)
            self.note_groups.append((len(self.stack), self.notes_seen))
            self.note, self.note_depth, self.note_marker = [], len(self.stack), str(self.notes_seen)
            paragraph = self.paragraph
            self.note_saved = (paragraph.style, paragraph.outline, self.listed_by_props, self.in_table)
            self.group.destination = ""
            self._show(f"[^{self.note_marker}]", token)  # the mark stands where the note is written
            self.group.destination = "footnote"
            return True
        if name in ("fonttbl", "stylesheet"):
            self.group.destination = name
            return True
        if name in ("pntext", "listtext"):
            self.paragraph.listed = True
        elif name == "pn":
            self.listed_by_props = True
        if name in rtf_knowledge().hidden_destinations or self.ignorable:
            self.group.destination = "skip"
            return name in rtf_knowledge().hidden_destinations
        return False

    def _open_box(self) -> None:
        """Read a text box's (``{\\shptxt ...}``) paragraphs as the page's, apart from the body's."""
        self.group.destination = ""
        self.group.hidden = False
        self.shape_text = True
        self.box = (len(self.stack), self.paragraph, self.listed_by_props, self.in_table)
        self.paragraph = Paragraph([])
        self.listed_by_props = self.in_table = False

    def _word(self, token: Token) -> None:
        name, parameter = token.text, token.parameter
        if name in _BREAKS:
            self._end_paragraph(token)
        elif name in rtf_knowledge().characters:
            self._show(rtf_knowledge().characters[name], token)
        elif name == "u" and parameter is not None:
            self._show(_unicode_character(parameter), token)
            self.unicode_skip = self.group.uc
        elif name in ("cell", "nestcell"):
            self.cells.append(self.paragraph.pieces)
            self.paragraph.pieces = []
        elif name in ("row", "nestrow"):
            self._row(token)
        else:
            self._format(name, parameter)

    def _format(self, name: str, parameter: int | None) -> None:
        """Apply a formatting or property control word."""
        group = self.group
        if name == "b":
            group.bold = parameter != 0
        elif name == "plain":
            group.bold, group.size, group.hidden = False, DEFAULT_SIZE, False
        elif name == "fs" and parameter:
            group.size = parameter
        elif name == "f":
            group.font = parameter
            if group.destination == "fonttbl":
                self.font_entry = parameter
        elif name == "fcharset" and group.destination == "fonttbl" and self.font_entry is not None:
            if parameter in rtf_knowledge().charsets:
                self.fonts[self.font_entry] = rtf_knowledge().charsets[parameter]
        elif name == "uc" and parameter is not None:
            group.uc = max(parameter, 0)
        elif name == "v":
            group.hidden = parameter != 0
        elif name == "deff" and parameter is not None:
            group.font = parameter
        elif name == "ansicpg" and parameter:
            self.codepage = _known_codec(f"cp{parameter}") or self.codepage
        elif name in ("mac", "pc", "pca"):
            self.codepage = {"mac": "mac_roman", "pc": "cp437", "pca": "cp850"}[name]
        elif self.style_entry is not None and name in ("s", "cs", "ds", "ts"):
            self.style_entry.number = parameter if name == "s" else None
        elif self.style_entry is not None and name == "outlinelevel":
            self.style_entry.outline = parameter
        elif name == "pard":
            self.paragraph.style, self.paragraph.outline = 0, None
            self.listed_by_props = self.in_table = False
        elif name == "s" and parameter is not None:
            self.paragraph.style = parameter
        elif name == "outlinelevel":
            self.paragraph.outline = parameter
        elif name == "ls" and parameter:
            self.listed_by_props = True
        elif name == "intbl":
            self.in_table = True
        elif name == "trhdr":
            self.row_header = True

    def _show(self, text: str, token: Token) -> None:
        """Add shown characters at ``token``'s place to what the current group writes into."""
        group = self.group
        if not text or group.hidden:
            return
        piece = Piece(text, token.line, token.column, group.bold, group.size)
        if group.destination == "stylesheet" and self.style_entry is not None:
            self.style_entry.name += text
            return
        if group.destination == "footnote" and self.note is not None:
            target = self.note
        elif group.destination == "":
            target = self.paragraph.pieces
        else:
            return
        if "\udc00" <= text[0] <= "\udfff" and target and "\ud800" <= target[-1].text[-1] <= "\udbff":
            # the low half of a character written as two \uN surrogates joins its high half
            pair = (target[-1].text[-1] + text[0]).encode("utf-16-le", "surrogatepass").decode("utf-16-le")
            target[-1] = replace(target[-1], text=target[-1].text[:-1] + pair)
            piece = replace(piece, text=text[1:])
            if not piece.text:
                return
        target.append(piece)

    def _byte(self, token: Token) -> None:
        """Decode a ``\\'hh`` byte in the current font's code page (bytes of one character may be several)."""
        name = (
            self.fonts.get(self.group.font, self.codepage) if self.group.font is not None else self.codepage
        )
        if self.decoder is None or self.decoder_name != name:
            self.decoder = codecs.getincrementaldecoder(name)(errors="replace")
            self.decoder_name = name
        assert token.parameter is not None
        self._show(self.decoder.decode(bytes((token.parameter,))), token)

    def _skip_fallback(self, token: Token) -> None:
        """Skip one fallback unit after ``\\uN`` (a text token's leading characters count one each)."""
        if token.kind is TokenKind.TEXT and len(token.text) > self.unicode_skip:
            rest = token.text[self.unicode_skip :]
            self.unicode_skip = 0
            self.feed(
                Token(TokenKind.TEXT, rest, None, token.line, token.column + len(token.text) - len(rest))
            )
            return
        self.unicode_skip -= len(token.text) if token.kind is TokenKind.TEXT else 1

    def _end_paragraph(self, token: Token | None) -> None:
        """End the paragraph at a ``\\par`` (in a cell or a note: a space between its paragraphs; a
        footnote not closed ends there)."""
        if token is not None and self.note is not None and self.open_note[0] in self.unclosed:
            line = self.open_note[1]
            self.problems.append(
                f"line {line}: footnote not closed; it ends at its paragraph's end (line {token.line})"
            )
            while self.note is not None and self.stack:
                self._close()
            self._end_paragraph(token)  # the paragraph ends in the body too: what follows is the body's
            return
        if token is not None and (self.in_table or self.group.destination == "footnote"):
            self._show(" ", token)
            return
        if self.group.destination != "":
            return
        paragraph = self.paragraph
        paragraph.listed = paragraph.listed or self.listed_by_props
        if paragraph.pieces or paragraph.notes:
            self.items.append(paragraph)
        self.paragraph = Paragraph([], paragraph.style, paragraph.outline)

    def _row(self, token: Token | Piece | None) -> None:
        cells, self.cells = self.cells, []
        if self.paragraph.pieces and any(piece.text.strip() for piece in self.paragraph.pieces):
            cells.append(self.paragraph.pieces)
        self.paragraph.pieces = []
        first = next((cell[0] for cell in cells if cell), token)
        line, column = (first.line, first.column) if first is not None else (1, 1)
        if cells:
            self.items.append(TableRow(cells, self.row_header, line, column))
        self.row_header = False

    def _define_style(self, style: _Style) -> None:
        """Note the heading level of a paragraph style named "heading N" or given an outline level."""
        if style.number is None:
            return
        name = style.name.split(";")[0].strip().lower()
        words = name.split()
        if len(words) == 2 and words[0] == "heading" and words[1].isdigit():
            self.heading_styles[style.number] = int(words[1])
        elif style.outline is not None and 0 <= style.outline < 9:
            self.heading_styles[style.number] = style.outline + 1


def _known_codec(name: str) -> str | None:
    try:
        return codecs.lookup(name).name
    except LookupError:
        return None
