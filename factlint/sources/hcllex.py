"""Tokens of HCL native syntax (Terraform, Packer, Nomad), each with its 1-based line and column.

The lexer follows hashicorp/hcl ``hclsyntax/spec.md``: line comments (``#``, ``//``), inline
comments (``/* ... */``), quoted templates with ``${ ... }`` and ``%{ ... }`` sequences (which may
hold nested strings and braces), heredoc templates (``<<EOT``, ``<<-EOT``), identifiers (letters,
digits, ``_`` and ``-``), numeric literals and punctuation. A quoted string keeps its text without
the quotes and says whether it holds a template sequence: only a string without one is a literal.
Newlines are tokens, since they end attributes. Nothing is rejected: text the lexer cannot place
becomes a one-character operator token, so a file with an error still yields its comments.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass


class TokenKind(enum.Enum):
    """What a token of HCL native syntax is."""

    COMMENT = "comment"
    NEWLINE = "newline"
    IDENT = "ident"
    NUMBER = "number"
    STRING = "string"
    HEREDOC = "heredoc"
    PUNCT = "punct"  # { } [ ] ( ) = : , and any other operator character


@dataclass(frozen=True)
class Token:
    """One token: its kind, its text (a string's or comment's content), and where it starts.

    ``line`` and ``column`` are 1-based and point at the token's first character (a string's
    opening quote, a comment's marker). ``lines`` holds a comment's or heredoc's content lines as
    (text, line, column) each; ``template`` is True for a string or heredoc with ``${``/``%{``.
    """

    kind: TokenKind
    text: str
    line: int
    column: int
    lines: tuple[tuple[str, int, int], ...] = ()
    template: bool = False
    trailing: bool = False  # a comment after code on its line
    last_line: int = 0  # the line a comment or heredoc ends on (0: its first line)
    # A literal string with escapes decoded: (text offset, line, column) where each stretch of
    # ``text`` starts in the file, as Block.anchors (empty when the text is a copy of the file).
    anchors: tuple[tuple[int, int, int], ...] = ()


_IDENT = re.compile(r"[^\W\d][\w-]*")
_NUMBER = re.compile(r"\d+(?:\.\d+)?(?:[eE][+-]?\d+)?")
_HEREDOC = re.compile(r"<<(-?)([^\W\d]\w*)[ \t]*\r?$", re.MULTILINE)
# The escapes of a quoted literal (hclsyntax spec "Template Literals"): \n \r \t \" \\ \uNNNN
# \UNNNNNNNN, and "$${" / "%%{" for a literal "${" / "%{".
_ESCAPE = re.compile(r"\\(?:u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|[nrt\"\\])|\$\$\{|%%\{")
# the body of a '...' string (Puppet, Ruby, Perl, PHP), up to its closing quote or the line's end
_SINGLE_QUOTED = re.compile(r"(?:[^'\\\n]|\\[^\n])*")
_SINGLE_ESCAPE = re.compile(r"\\['\\]")
_SIMPLE_ESCAPES = {"n": "\n", "r": "\r", "t": "\t", '"': '"', "\\": "\\", "$": "${", "%": "%{"}
_BLOCK_DECORATION = re.compile(r"^[ \t]*\*?[ \t]?")  # the " * " that opens a line of a /* */ comment


def _decoded(escape: str) -> str | None:
    """Return the text an escape stands for, or None for a code point that is no character."""
    if escape[1] in "uU":
        code = int(escape[2:], 16)
        return None if code > 0x10FFFF or 0xD800 <= code <= 0xDFFF else chr(code)
    return _SIMPLE_ESCAPES[escape[1] if escape[0] == "\\" else escape[0]]


def tokens(text: str, single_quotes: bool = False) -> Iterator[Token]:
    """Yield the tokens of ``text``, in order, skipping blanks other than newlines.

    With ``single_quotes`` a ``'...'`` string is a literal too (Puppet, Ruby, Perl and PHP
    hashes): only ``\\'`` and ``\\\\`` escape in it, and one not closed ends at its line.
    """
    lines = text.split("\n")
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)
    scanner = _Scanner(text, starts, single_quotes)
    yield from scanner.run()


class _Scanner:
    """A cursor over the text that knows how to turn an offset into (line, column)."""

    def __init__(self, text: str, starts: list[int], single_quotes: bool = False) -> None:
        self.text = text
        self.starts = starts
        self.single_quotes = single_quotes
        self.code_on_line = False  # a token other than a comment already stands on this line

    def place(self, offset: int) -> tuple[int, int]:
        """Return the 1-based (line, column) of ``offset``."""
        low, high = 0, len(self.starts) - 1
        while low < high:
            middle = (low + high + 1) // 2
            if self.starts[middle] <= offset:
                low = middle
            else:
                high = middle - 1
        return low + 1, offset - self.starts[low] + 1

    def run(self) -> Iterator[Token]:
        text = self.text
        offset = 0
        while offset < len(text):
            character = text[offset]
            if character == "\n":
                yield Token(TokenKind.NEWLINE, "\n", *self.place(offset))
                self.code_on_line = False
                offset += 1
            elif character in " \t\r\ufeff":
                offset += 1
            elif character == "#" or text.startswith("//", offset):
                end = text.find("\n", offset)
                end = len(text) if end == -1 else end
                yield self._line_comment(offset, end, 1 if character == "#" else 2)
                offset = end
            elif text.startswith("/*", offset):
                end = text.find("*/", offset + 2)
                end = len(text) if end == -1 else end
                yield self._block_comment(offset, end)
                offset = min(end + 2, len(text))
            elif character == '"':
                token, offset = self._string(offset)
                yield token
            elif character == "'" and self.single_quotes:
                token, offset = self._single_quoted(offset)
                yield token
            elif (heredoc := _HEREDOC.match(text, offset)) is not None:
                token, offset = self._heredoc(offset, heredoc)
                yield token
            elif (number := _NUMBER.match(text, offset)) is not None:
                yield self._code(TokenKind.NUMBER, number.group(0), offset)
                offset = number.end()
            elif (name := _IDENT.match(text, offset)) is not None:
                yield self._code(TokenKind.IDENT, name.group(0), offset)
                offset = name.end()
            else:
                yield self._code(TokenKind.PUNCT, character, offset)
                offset += 1

    def _code(self, kind: TokenKind, value: str, offset: int, **fields: object) -> Token:
        self.code_on_line = True
        return Token(kind, value, *self.place(offset), **fields)  # type: ignore[arg-type]

    def _line_comment(self, offset: int, end: int, marker: int) -> Token:
        line, column = self.place(offset)
        body = self.text[offset + marker : end]
        stripped = body.lstrip(" \t#/")
        body_column = column + marker + (len(body) - len(stripped))
        content = stripped.rstrip()
        return Token(
            TokenKind.COMMENT,
            content,
            line,
            column,
            lines=((content, line, body_column),) if content else (),
            trailing=self.code_on_line,
        )

    def _block_comment(self, offset: int, end: int) -> Token:
        line, column = self.place(offset)
        parts: list[tuple[str, int, int]] = []
        start = offset + 2
        for index, piece in enumerate(self.text[start:end].split("\n")):
            decoration = 0 if index == 0 else _BLOCK_DECORATION.match(piece).end()  # type: ignore[union-attr]
            content = piece[decoration:]
            lead = len(content) - len(content.lstrip())
            if content.strip():
                piece_line, piece_column = self.place(start + decoration + lead)
                parts.append((content.strip(), piece_line, piece_column))
            start += len(piece) + 1
        return Token(
            TokenKind.COMMENT,
            " ".join(part for part, _, _ in parts),
            line,
            column,
            lines=tuple(parts),
            trailing=self.code_on_line,
            last_line=self.place(end)[0],
        )

    def _string(self, offset: int) -> tuple[Token, int]:
        """Return the quoted template opening at ``offset`` and the offset after it.

        Strings nested in ``${ ... }`` sequences are followed with a stack, not by recursion, so
        no depth of nesting exhausts Python's stack; a string not closed ends at its line.
        """
        text = self.text
        position = offset + 1
        outer: list[int] = []  # the open braces of each enclosing string's template sequences
        depth = 0  # open braces of ${ } / %{ } sequences of the innermost string
        template = False
        while position < len(text):
            character = text[position]
            if character == "\\":
                position += 1 if text.startswith("\n", position + 1) else 2
                continue
            if depth == 0:
                if character in '"\n':  # the string closes, or is not closed on its line
                    if not outer:
                        break
                    depth = outer.pop()
                    position += character == '"'
                    continue
                if text.startswith(("$${", "%%{"), position):  # escapes of a literal "${" / "%{"
                    position += 3
                    continue
                if character in "$%" and text.startswith("{", position + 1):
                    depth, template = 1, True
                    position += 2
                    continue
            elif character == "{":
                depth += 1
            elif character == "}":
                depth -= 1
            elif character == '"':  # a string nested in a template sequence
                outer.append(depth)
                depth = 0
            position += 1
        token = (
            self._literal(offset, position)
            if not template
            else self._code(TokenKind.STRING, text[offset + 1 : position], offset, template=True)
        )
        return token, min(position + 1, len(text)) if text[position : position + 1] == '"' else position

    def _single_quoted(self, offset: int) -> tuple[Token, int]:
        """Return the single-quoted literal opening at ``offset`` and the offset after it."""
        found = _SINGLE_QUOTED.match(self.text, offset + 1)
        end = found.end() if found is not None else offset + 1
        closed = self.text.startswith("'", end)
        token = self._literal(offset, end, _SINGLE_ESCAPE, lambda escape: escape[1])
        return token, end + closed

    def _literal(
        self,
        offset: int,
        end: int,
        escapes: re.Pattern[str] = _ESCAPE,
        decode: Callable[[str], str | None] = _decoded,
    ) -> Token:
        """Return the string token of a literal opening at ``offset``, its ``escapes`` decoded.

        Where an escape was decoded, ``anchors`` map the text back to the file: each stretch
        after an escape starts at the file column of the character after that escape. A
        single-quoted literal passes its own escapes (only ``\\'`` and ``\\\\``).
        """
        start = offset + 1
        line, column = self.place(start)
        pieces: list[str] = []
        anchors: list[tuple[int, int, int]] = [(0, line, column)]
        length, position = 0, start
        for escape in escapes.finditer(self.text, start, end):
            decoded = decode(escape.group(0))
            if decoded is None:
                continue
            pieces.extend((self.text[position : escape.start()], decoded))
            length += escape.start() - position + len(decoded)
            position = escape.end()
            anchors.append((length, *self.place(position)))
        pieces.append(self.text[position:end])
        decoded_anchors = tuple(anchors) if len(anchors) > 1 else ()
        return self._code(TokenKind.STRING, "".join(pieces), offset, anchors=decoded_anchors)

    def _heredoc(self, offset: int, opener: re.Match[str]) -> tuple[Token, int]:
        """Return the heredoc opening at ``offset`` (content lines kept) and the offset after it."""
        marker = opener.group(2)
        closing = re.compile(rf"^[ \t]*{re.escape(marker)}[ \t]*\r?$", re.MULTILINE)
        body_start = opener.end() + 1
        found = closing.search(self.text, body_start)
        body_end = found.start() if found is not None else len(self.text)
        after = found.end() if found is not None else len(self.text)
        parts: list[tuple[str, int, int]] = []
        start = body_start
        for piece in self.text[body_start:body_end].split("\n"):
            content = piece.strip()
            if content:
                parts.append((content, *self.place(start + len(piece) - len(piece.lstrip()))))
            start += len(piece) + 1
        body = self.text[body_start:body_end]
        token = self._code(
            TokenKind.HEREDOC, body, offset, lines=tuple(parts), template="${" in body or "%{" in body
        )
        return token, after


def starts_statement(rewritten: Sequence[Token]) -> bool:
    """Return True if the next token opens a statement or field: after a newline, brace, comma or ``;``.

    The token translators (Puppet, Lua) ask this of the tokens they have written so far; comments are skipped.
    """
    for token in reversed(rewritten):
        if token.kind is TokenKind.COMMENT:
            continue
        return token.kind is TokenKind.NEWLINE or token.text in ("{", "}", ";", ",")
    return True
