"""Tokens of an SQL dump (mysqldump, pg_dump's plain format, sqlite3 ``.dump``), each at its place.

The lexer follows the SQL grammar the three dumpers write: line comments (``--``, and ``#`` in
MySQL), block comments (``/* ... */``; MySQL's conditional ``/*!40101 ... */`` is code the server
runs, a token of its own), string literals (``'...'`` with ``''`` for a quote; in MySQL, and in
PostgreSQL's ``E'...'``, backslash escapes too), quoted identifiers (```name```, ``"name"``,
``[name]``), numbers, words and punctuation. The rows of a PostgreSQL ``COPY ... FROM stdin;``
follow the statement as tab-separated lines up to ``\\.``: each is a COPY_ROW token whose fields
keep their columns (``\\N`` is NULL; ``\\t``, ``\\n``, ``\\\\`` are decoded); ``WITH (FORMAT csv)``
rows are CSV records (quoted fields, which may span lines), and the statement's ``DELIMITER``,
``NULL`` and ``HEADER`` options are honoured. Nothing is rejected: text the lexer cannot place is a
one-character punctuation token. A string whose quote is not closed before a line that opens a
statement (``INSERT INTO``, ``UNLOCK TABLES;``: ``statement_openers`` in ``sqldump.yaml``), or
before the end, makes a BROKEN token saying so: its statement is not read, and the lexer goes on at
the first line after the quote that opens with a comment or follows a line ending in ``;`` (else at
that statement), so one stray quote loses one statement, not the comments after it or the rest of
the dump.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from factlint.sources.blocks import distinct_anchors
from factlint.sources.linestarts import LineStarts
from factlint.sources.packaged import packaged_file

Anchors = tuple[tuple[int, int, int], ...]  # (text offset, 1-based line, 1-based column), as Block.anchors


class TokenKind(enum.Enum):
    """What a token of an SQL dump is."""

    COMMENT = "comment"
    CONDITIONAL = "conditional"  # MySQL's /*!NNNNN ... */: machinery, never prose
    STRING = "string"
    IDENT = "ident"  # a word (keyword or name) or a quoted identifier
    NUMBER = "number"
    PUNCT = "punct"
    COPY_ROW = "copy_row"  # one data record (a line, or a CSV record) of a COPY ... FROM stdin block
    BROKEN = "broken"  # a quote not closed: ``text`` says where; the statement holding it is not read


@dataclass(frozen=True)
class Token:
    """One token: its kind, its text (a string's decoded value, a comment's content) and its place.

    ``line`` and ``column`` are 1-based and point at the token's first character. ``anchors`` say
    where each stretch of ``text`` is in the file (a string or comment; empty for other tokens).
    ``fields`` holds a COPY_ROW's fields as (text or None for NULL, anchors); ``quoted`` is True
    for a quoted identifier (never a keyword); ``trailing`` for a comment after code on its line.
    """

    kind: TokenKind
    text: str
    line: int
    column: int
    anchors: Anchors = ()
    fields: tuple[tuple[str | None, Anchors], ...] = ()
    quoted: bool = False
    trailing: bool = False
    block: bool = False  # a /* ... */ comment


_WORD = re.compile(r"[^\W\d][\w$]*")
_NUMBER = re.compile(r"(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")
_BLANK = re.compile(r"[ \t\r\f\ufeff]+")
_QUOTED_NAME = {"`": "`", '"': '"', "[": "]"}
# MySQL's backslash escapes (and PostgreSQL's in E'...'); any other escaped character stands for itself.
_ESCAPES = {"0": "\0", "b": "\b", "n": "\n", "r": "\r", "t": "\t", "Z": "\x1a"}
_COPY_ESCAPES = {"b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v", "\\": "\\"}
_DECORATION = re.compile(r"[ \t]*(?:\*(?!/)[ \t]*)?")  # the " * " opening a line of a /* */ comment
# Where reading goes on after a string whose quote is not closed: a line opening with a comment,
# or the line after one ending in ";".
_RESUME = re.compile(r";[ \t\r]*\n|\n(?=[ \t]*(?:--|/\*))")
_COPY_FROM_STDIN = re.compile(r"\bFROM\s+STDIN\b", re.IGNORECASE)
_COPY = re.compile(r"COPY\b", re.IGNORECASE)
_CSV = re.compile(r"\bCSV\b", re.IGNORECASE)
_HEADER = re.compile(r"\bHEADER\b(?!\s*(?:=\s*)?(?:false|off|0)\b)", re.IGNORECASE)
_OPTION = r"\b{}\s+(?:AS\s+)?(E?)'((?:[^'\\]|''|\\.)*)'"
_DELIMITER = re.compile(_OPTION.format("DELIMITER"), re.IGNORECASE)
_NULL = re.compile(_OPTION.format("NULL"), re.IGNORECASE)
_QUOTE = re.compile(_OPTION.format("QUOTE"), re.IGNORECASE)


@dataclass(frozen=True)
class CopyFormat:
    """How a COPY statement's data lines are written: text or CSV, the delimiter, NULL's mark."""

    csv: bool = False
    delimiter: str = "\t"
    null: str = "\\N"
    quote: str = '"'
    header: bool = False


@cache
def sql_knowledge() -> dict[str, list[str]]:
    """Return what ``sqldump.yaml`` lists: dump openers, dumpers' boilerplate comments, word lists."""
    known = packaged_file("factlint.sources", "sqldump.yaml")
    return {key: list(known.words(key)) for key in known.data}


@cache
def _statement_opener() -> re.Pattern[str]:
    """Return the pattern of a line opening a statement, as the dumpers write one."""
    openers = sorted(sql_knowledge()["statement_openers"], key=len, reverse=True)
    words = "|".join(re.escape(opener) for opener in openers if opener[-1].isalnum())
    marked = "|".join(re.escape(opener) for opener in openers if not opener[-1].isalnum())
    return re.compile(rf"(?:{words})(?=[ \t]+[\w`\"\[(])|(?:{marked})")


def sql_tokens(text: str, backslash_escapes: bool) -> Iterator[Token]:
    """Yield the tokens of a dump's ``text`` in order; ``backslash_escapes`` for MySQL's strings."""
    yield from _Scanner(text, backslash_escapes).run()


class _Scanner:
    """A cursor over the dump's text that turns offsets into (line, column)."""

    def __init__(self, text: str, backslash_escapes: bool) -> None:
        self.text = text
        self.backslash = backslash_escapes
        self.lines = LineStarts.of(text)
        self.code_on_line = -1  # the last line on which code stood
        self.start: int | None = None  # where the statement being read starts (to find COPY)
        # a line break a broken string read (and whether it had escapes): where that string stopped
        self.unclosed: dict[tuple[int, bool], int | None] = {}

    def place(self, offset: int) -> tuple[int, int]:
        """Return the 1-based (line, column) of ``offset``."""
        return self.lines.position(offset)

    def run(self) -> Iterator[Token]:
        text = self.text
        offset = 0
        while offset < len(text):
            character = text[offset]
            if character == "\n" or (blank := _BLANK.match(text, offset)) is not None:
                offset = offset + 1 if character == "\n" else blank.end()  # type: ignore[union-attr]
            elif text.startswith("--", offset) or (self.backslash and character == "#"):
                end = _line_end(text, offset)
                yield self._line_comment(offset, end, 1 if character == "#" else 2)
                offset = end
            elif text.startswith("/*", offset):
                end = text.find("*/", offset + 2)
                end = len(text) if end == -1 else end + 2
                yield self._block_comment(offset, end)
                offset = end
            elif character == "'" or (character in "eE" and text.startswith("'", offset + 1)):
                escapes = self.backslash or character != "'"
                token, offset = self._string(offset + (character != "'"), escapes, offset)
                yield token
            elif character in _QUOTED_NAME:
                close = text.find(_QUOTED_NAME[character], offset + 1)
                close = _line_end(text, offset) if close == -1 else close
                yield self._code(TokenKind.IDENT, text[offset + 1 : close], offset, quoted=True)
                offset = close + 1
            elif (number := _NUMBER.match(text, offset)) is not None:
                yield self._code(TokenKind.NUMBER, number.group(0), offset)
                offset = number.end()
            elif (word := _WORD.match(text, offset)) is not None:
                yield self._code(TokenKind.IDENT, word.group(0), offset)
                offset = word.end()
            else:
                yield self._code(TokenKind.PUNCT, character, offset)
                offset += 1
                if character == ";":
                    copying = self._copy_format(offset)
                    self.start = None
                    if copying is not None:
                        rows, offset = self._copy_rows(offset, copying)
                        yield from rows

    def _copy_format(self, end: int) -> CopyFormat | None:
        """Return how the data lines after the statement ending at ``end`` are written, if it is
        ``COPY ... FROM stdin`` (data lines follow), else None."""
        if self.start is None or not _COPY.match(self.text, self.start):
            return None
        statement = self.text[self.start : end]
        found = _COPY_FROM_STDIN.search(statement)
        if found is None:
            return None
        options = statement[found.end() :]
        csv = _CSV.search(options) is not None
        return CopyFormat(
            csv,
            _option(_DELIMITER, options, "," if csv else "\t"),
            _option(_NULL, options, "" if csv else "\\N"),
            _option(_QUOTE, options, '"'),
            csv and _HEADER.search(options) is not None,
        )

    def _code(self, kind: TokenKind, value: str, offset: int, quoted: bool = False) -> Token:
        line, column = self.place(offset)
        self.code_on_line = line
        if self.start is None:
            self.start = offset
        return Token(kind, value, line, column, quoted=quoted)

    def _line_comment(self, offset: int, end: int, marker: int) -> Token:
        line, column = self.place(offset)
        body = self.text[offset + marker : end]
        content = body.strip()
        start = column + marker + len(body) - len(body.lstrip())
        anchors = ((0, line, start),)
        return Token(TokenKind.COMMENT, content, line, column, anchors, trailing=self.code_on_line == line)

    def _block_comment(self, offset: int, end: int) -> Token:
        line, column = self.place(offset)
        inner_end = end - 2 if self.text.endswith("*/", offset + 2, end) else end
        if self.text.startswith("/*!", offset):
            return Token(TokenKind.CONDITIONAL, self.text[offset + 3 : inner_end], line, column)
        pieces: list[str] = []
        anchors: list[tuple[int, int, int]] = []
        length = 0
        start = offset + 2
        for piece in self.text[start:inner_end].split("\n"):
            decoration = _DECORATION.match(piece).end()  # type: ignore[union-attr]
            content = piece[decoration:].rstrip()
            if content:
                if pieces:
                    pieces.append("\n")
                    length += 1
                anchors.append((length, *self.place(start + decoration)))
                pieces.append(content)
                length += len(content)
            start += len(piece) + 1
        trailing = self.code_on_line == line
        return Token(
            TokenKind.COMMENT, "".join(pieces), line, column, tuple(anchors), trailing=trailing, block=True
        )

    def _string(self, quote: int, escapes: bool, start: int) -> tuple[Token, int]:
        """Return the string literal whose opening quote is at ``quote`` and the offset after it; a
        BROKEN token and the offset of the next statement if the quote is not closed before it."""
        text = self.text
        if self.start is None:
            self.start = start
        pieces: list[str] = []
        anchors: list[tuple[int, int, int]] = [(0, *self.place(quote + 1))]
        length = 0
        position = quote + 1
        run = position  # where the current stretch copied from the file starts
        passed: list[tuple[int, bool]] = []  # the line breaks read in the string (and its escapes)
        while position < len(text):
            character = text[position]
            if character == "'" and text.startswith("''", position):
                decoded, width = "'", 2
            elif character == "\\" and escapes and position + 1 < len(text):
                following = text[position + 1]
                decoded, width = _ESCAPES.get(following, following), 2
            elif character == "'":
                break
            elif character == "\n":
                if (position, escapes) in self.unclosed:  # a broken string passed here: this breaks too
                    return self._unclosed(quote, self.unclosed[position, escapes], passed)
                passed.append((position, escapes))
                if _statement_opener().match(text, position + 1):
                    return self._unclosed(quote, position + 1, passed)
                decoded, width = "\n", 1
            else:
                position += 1
                continue
            pieces.append(text[run:position] + decoded)
            length += position - run + len(decoded)
            position += width
            run = position
            if position < len(text) and length:
                anchors.append((length, *self.place(position)))
        if position >= len(text):
            return self._unclosed(quote, None, passed)
        pieces.append(text[run:position])
        line, column = self.place(start)
        self.code_on_line = self.place(position)[0]
        value = "".join(pieces)
        kept = tuple(anchor for anchor in anchors if anchor[0] < len(value) or anchor[0] == 0)
        return Token(TokenKind.STRING, value, line, column, distinct_anchors(kept)), position + 1

    def _unclosed(self, quote: int, stop: int | None, passed: list[tuple[int, bool]]) -> tuple[Token, int]:
        """Return the BROKEN token of a quote at ``quote`` not closed before the statement at ``stop``
        (None: the end) and where reading goes on: the first line after the quote that opens with a
        comment or follows a line ending in ``;``, else ``stop``, so only the broken statement is lost.
        The line breaks ``passed`` are noted: a later string reaching one breaks at once, as this one."""
        for newline in passed:
            self.unclosed[newline] = stop
        limit = len(self.text) if stop is None else stop
        found = _RESUME.search(self.text, quote + 1, limit)
        resumed = found.end() if found is not None and found.end() < limit else stop
        return self._broken(quote, stop, resumed), len(self.text) if resumed is None else resumed

    def _broken(self, quote: int, stop: int | None, resumed: int | None) -> Token:
        """Return the BROKEN token of a quote at ``quote`` not closed before ``stop`` (or the end),
        read on from ``resumed``."""
        line, column = self.place(quote)
        first = self.place(self.start if self.start is not None else quote)[0]
        self.start = None
        where = f"before the statement on line {self.place(stop)[0]}" if stop is not None else "at all"
        reason = f"line {line}: quote not closed {where}; the statement from line {first} is not read"
        if resumed is not None and resumed != stop:
            reason += f"; reading goes on at line {self.place(resumed)[0]}"
        return Token(TokenKind.BROKEN, reason, line, column)

    def _copy_rows(self, offset: int, written: CopyFormat) -> tuple[list[Token], int]:
        """Return the COPY_ROW tokens of the data after ``offset`` up to ``\\.``, and the end."""
        text = self.text
        rows: list[Token] = []
        position = _line_end(text, offset) + 1  # the data starts on the line after the statement
        header = written.header
        while position < len(text):
            end = _line_end(text, position)
            line_text = text[position:end]
            if line_text.rstrip("\r") == "\\.":
                return rows, end
            if not line_text.strip():
                position = end + 1
                continue
            if written.csv:
                row, end = self._csv_row(position, written)
            else:
                row = self._copy_row(position, line_text, written)
            if not header:
                rows.append(row)
            header = False
            position = end + 1
        return rows, len(text)

    def _copy_row(self, position: int, line_text: str, written: CopyFormat) -> Token:
        line, column = self.place(position)
        fields: list[tuple[str | None, Anchors]] = []
        start = 0
        for raw in line_text.rstrip("\r").split(written.delimiter):
            if raw == written.null:
                fields.append((None, ((0, line, column + start),)))
            else:
                fields.append(_copy_field(raw, line, column + start))
            start += len(raw) + len(written.delimiter)
        return Token(TokenKind.COPY_ROW, line_text, line, column, fields=tuple(fields))

    def _csv_row(self, position: int, written: CopyFormat) -> tuple[Token, int]:
        """Return the COPY_ROW of the CSV record at ``position`` and the offset of its ending newline.

        A quoted field may hold delimiters, doubled quotes and line breaks; an unquoted field equal
        to the NULL mark (empty by default) is NULL. A line ``\\.`` ends even an open quoted field.
        """
        text = self.text
        fields: list[tuple[str | None, Anchors]] = []
        offset = position
        while True:
            field, offset = self._csv_field(offset, written)
            fields.append(field)
            if offset < len(text) and text.startswith(written.delimiter, offset):
                offset += len(written.delimiter)
                continue
            end = _line_end(text, offset)
            line, column = self.place(position)
            return Token(TokenKind.COPY_ROW, text[position:end], line, column, fields=tuple(fields)), end

    def _csv_field(self, offset: int, written: CopyFormat) -> tuple[tuple[str | None, Anchors], int]:
        """Return one CSV field at ``offset`` (its text or None for NULL, anchors) and the offset after it."""
        text = self.text
        if not text.startswith(written.quote, offset):
            end = _unquoted_end(text, offset, written.delimiter)
            raw = text[offset:end]
            value = None if raw == written.null else raw
            return (value, ((0, *self.place(offset)),)), end
        return self._quoted_field(offset + len(written.quote), written.quote)

    def _quoted_field(self, start: int, quote: str) -> tuple[tuple[str, Anchors], int]:
        """Return a quoted CSV field whose text starts at ``start`` (its text, anchors) and the offset
        after its closing quote: a doubled quote is one, a line break is kept, the data's end mark
        ``\\.`` ends a quote never closed."""
        text = self.text
        pieces: list[str] = []
        anchors: list[tuple[int, int, int]] = [(0, *self.place(start))]
        length = 0
        position = start
        for found in _quote_or_break(quote).finditer(text, start):
            if found.start() < position:
                continue  # the second quote of a doubled one
            if found.group() == "\n" and _data_ends(text, found.end()):
                pieces.append(text[position : found.start()])
                return (self._kept("".join(pieces), anchors), found.start())
            doubled = found.group() == quote and text.startswith(quote * 2, found.start())
            if found.group() == quote and not doubled:
                pieces.append(text[position : found.start()])
                return (self._kept("".join(pieces), anchors), found.end())
            pieces.append(text[position : found.end()])
            length += found.end() - position
            position = found.end() + (len(quote) if doubled else 0)
            if position < len(text):
                anchors.append((length, *self.place(position)))
        pieces.append(text[position:])
        return (self._kept("".join(pieces), anchors), len(text))

    @staticmethod
    def _kept(value: str, anchors: list[tuple[int, int, int]]) -> tuple[str, Anchors]:
        """Return ``value`` with its anchors that fall in it (the first always)."""
        return value, distinct_anchors(
            tuple(anchor for anchor in anchors if anchor[0] < len(value) or anchor[0] == 0)
        )


@cache
def _quote_or_break(quote: str) -> re.Pattern[str]:
    """Return the pattern of a CSV quote mark or a line break."""
    return re.compile(f"{re.escape(quote)}|\n")


def _unquoted_end(text: str, offset: int, delimiter: str) -> int:
    """Return where the unquoted CSV field at ``offset`` ends: its delimiter, line end or the text's end."""
    end = _line_end(text, offset)
    carriage = text.find("\r", offset, end)
    end = end if carriage == -1 else carriage
    found = text.find(delimiter, offset, end)
    return end if found == -1 else found


def _data_ends(text: str, offset: int) -> bool:
    """Return True if the line at ``offset`` is COPY's end mark ``\\.``."""
    return text.startswith("\\.", offset) and text[offset + 2 : offset + 3] in ("", "\n", "\r")


def _option(pattern: re.Pattern[str], options: str, default: str) -> str:
    """Return the value COPY's option ``pattern`` gives (``E'\\t'`` decoded), or ``default``."""
    found = pattern.search(options)
    if found is None:
        return default
    escaped, value = found.groups()
    value = value.replace("''", "'")
    if escaped:
        value = "".join(
            _COPY_ESCAPES.get(part[1:], part[1:]) if part.startswith("\\") else part
            for part in re.findall(r"\\.|.", value, re.DOTALL)
        )
    return value or default


def _copy_field(raw: str, line: int, column: int) -> tuple[str, Anchors]:
    """Return a COPY field's decoded text and its anchors (a backslash escape shortens the text)."""
    if "\\" not in raw:
        return raw, ((0, line, column),)
    pieces: list[str] = []
    anchors: list[tuple[int, int, int]] = [(0, line, column)]
    length = 0
    index = 0
    while index < len(raw):
        if raw[index] == "\\" and index + 1 < len(raw):
            following = raw[index + 1]
            decoded = _COPY_ESCAPES.get(following, following)
            pieces.append(decoded)
            length += len(decoded)
            index += 2
            anchors.append((length, line, column + index))
        else:
            pieces.append(raw[index])
            length += 1
            index += 1
    value = "".join(pieces)
    return value, distinct_anchors(
        tuple(anchor for anchor in anchors if anchor[0] < len(value) or anchor[0] == 0)
    )


def _line_end(text: str, offset: int) -> int:
    """Return the offset of the newline ending the line at ``offset``, or the text's end."""
    end = text.find("\n", offset)
    return len(text) if end == -1 else end
