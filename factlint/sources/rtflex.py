"""Cut RTF source into tokens (braces, control words and symbols, hex escapes, text) with their places.

RTF 1.9.1: a control word is a backslash, 1-32 ASCII letters and an optional signed number,
ended by one space that belongs to it (or by any other character that does not); a control
symbol is a backslash and one non-letter (``\\'hh`` is a byte in the code page); a backslash
ending a line is ``\\par``. Line breaks in the source are not text: a word processor wraps the
file anywhere. Each token keeps the 1-based line and column of its first character.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass


class TokenKind(enum.Enum):
    """What an RTF token is."""

    OPEN = "{"
    CLOSE = "}"
    WORD = "word"  # \name or \nameN
    SYMBOL = "symbol"  # \~, \-, \_, \*, \{ ...: ``text`` is the character after the backslash
    HEX = "hex"  # \'hh: ``parameter`` is the byte
    TEXT = "text"  # characters as written, all on one line


@dataclass(frozen=True)
class Token:
    """One token: its kind, its name or text, its number and where it starts in the file."""

    kind: TokenKind
    text: str
    parameter: int | None
    line: int
    column: int


_TOKEN = re.compile(
    r"\\(?P<word>[A-Za-z]{1,32})(?P<number>-?\d{1,10})? ?"
    r"|\\'(?P<hex>[0-9A-Fa-f]{2})"
    r"|\\(?P<symbol>.|$)"
    r"|(?P<brace>[{}])"
    r"|(?P<text>[^\\{}\r]+)"
)


def tokens(lines: Sequence[str], first_line: int = 1) -> Iterator[Token]:
    """Yield the tokens of RTF source ``lines`` (file line ``first_line`` first)."""
    for index, line in enumerate(lines):
        number = first_line + index
        for match in _TOKEN.finditer(line):
            column = match.start() + 1
            if match.group("word") is not None:
                digits = match.group("number")
                parameter = int(digits) if digits is not None else None
                yield Token(TokenKind.WORD, match.group("word"), parameter, number, column)
            elif match.group("hex") is not None:
                yield Token(TokenKind.HEX, "", int(match.group("hex"), 16), number, column)
            elif match.group("symbol") is not None:
                symbol = match.group("symbol")
                if symbol in ("", "\r"):  # a backslash ending the line
                    yield Token(TokenKind.WORD, "par", None, number, column)
                else:
                    yield Token(TokenKind.SYMBOL, symbol, None, number, column)
            elif match.group("brace") is not None:
                kind = TokenKind.OPEN if match.group("brace") == "{" else TokenKind.CLOSE
                yield Token(kind, match.group("brace"), None, number, column)
            else:
                yield Token(TokenKind.TEXT, match.group("text"), None, number, column)


RTF_SUFFIXES = (".rtf",)


def is_rtf(text: str) -> bool:
    """Return True if the document is RTF: it starts with ``{\\rtf`` (after white space), whatever its name.

    A ``.rtf`` file that does not is plain text saved under that name.
    """
    return text.lstrip("\ufeff \t\n")[:5] == "{\\rtf"
