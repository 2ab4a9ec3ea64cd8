"""The structure of a Protocol Buffers text-format file: messages, fields, scalars and comments.

The text format (``.textproto``, ``.txtpb``, ``.pbtxt``, ``.prototxt``; Caffe and TensorFlow
configurations) writes a message as fields: ``name: scalar``, ``name { fields }`` or ``name < fields >``
(the colon optional before a message), ``name: [a, b]`` lists, any number of fields on one line,
``,`` or ``;`` after a field optional, and ``#`` comments to the end of a line (protobuf's
``text_format`` language spec). Field names may be ``[extension.names]``. A scalar is a number, an
identifier (an enum value, ``true``) or strings in single or double quotes, adjacent ones joined.
Every scalar keeps its 1-based line and column; a message keeps the lines of its braces. The parser
never fails: a token it cannot read is skipped and noted, so one odd line costs nothing else, and a
message nested deeper than ``MAX_DEPTH`` is skipped whole.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from factlint.sources.linecomments import Comment

MAX_DEPTH = 64
_TOKEN = re.compile(
    r"""(?P<space>[ \t\r\f\v]+)
    |(?P<newline>\n)
    |(?P<comment>\#[^\n]*)
    |(?P<string>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')
    |(?P<name>\[[\w./]+\]|[A-Za-z_][\w]*)
    |(?P<number>[-+]?(?:0[xX][0-9a-fA-F]+|(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)[fF]?)
    |(?P<punct>[:{}<>\[\],;])
    |(?P<other>.)""",
    re.VERBOSE,
)
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "'": "'", "\\": "\\", "?": "?"}
_ESCAPE = re.compile(r"\\(.)")
_CLOSERS = {"{": "}", "<": ">"}


@dataclass(frozen=True)
class Scalar:
    """A field's scalar value: its text (a string's content, a number or identifier as written), its
    1-based place and the quote it was written in ("" for a number or identifier)."""

    text: str
    line: int
    column: int
    quote: str = ""


@dataclass(frozen=True)
class Message:
    """A message's fields in file order, and the lines of its opening and closing braces."""

    fields: tuple[Field, ...]
    first_line: int
    last_line: int


@dataclass(frozen=True)
class Field:
    """``name: value`` in a message; a list value is a tuple of scalars or messages."""

    name: str
    line: int
    column: int
    value: Scalar | Message | tuple[Scalar | Message, ...]


@dataclass
class TextprotoFile:
    """A parsed file: its top-level message, its comments and the problems of the parts skipped."""

    root: Message
    comments: list[Comment] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # "line N: reason"


@dataclass(frozen=True)
class _Token:
    kind: str
    text: str
    line: int
    column: int


def parse_textproto(text: str) -> TextprotoFile:
    """Return the top-level message, the comments and the problems of text-format ``text``."""
    tokens: list[_Token] = []
    comments: list[Comment] = []
    line, line_start, code_on_line = 1, 0, False
    for match in _TOKEN.finditer(text):
        kind = match.lastgroup or "other"
        column = match.start() - line_start + 1
        if kind == "newline":
            line, line_start, code_on_line = line + 1, match.end(), False
        elif kind == "comment":
            body = match.group()[1:]
            lead = len(body) - len(body.lstrip())
            comments.append(Comment(body.strip(), line, column + 1 + lead, code_on_line))
        elif kind != "space":
            tokens.append(_Token(kind, match.group(), line, column))
            code_on_line = True
    parsed = TextprotoFile(Message((), 1, line), comments)
    reader = _Reader(tokens, parsed.problems)
    parsed.root = Message(reader.fields(closer=None, depth=0), 1, line)
    return parsed


class _Reader:
    """The tokens of a file, read once from the front."""

    def __init__(self, tokens: list[_Token], problems: list[str]) -> None:
        self.tokens = tokens
        self.index = 0
        self.problems = problems

    def peek(self) -> _Token | None:
        return self.tokens[self.index] if self.index < len(self.tokens) else None

    def take(self) -> _Token | None:
        token = self.peek()
        self.index += token is not None
        return token

    def fields(self, closer: str | None, depth: int) -> tuple[Field, ...]:
        """Return the fields up to ``closer`` (consumed) or the end of the file."""
        found: list[Field] = []
        while (token := self.take()) is not None:
            if token.kind == "punct" and token.text == closer:
                break
            if token.kind == "punct" and token.text in ",;":
                continue
            if token.kind != "name":
                self.problems.append(f"line {token.line}: unexpected {token.text!r}")
                continue
            value = self.value(depth)
            if value is not None:
                found.append(Field(token.text, token.line, token.column, value))
        return tuple(found)

    def value(self, depth: int) -> Scalar | Message | tuple[Scalar | Message, ...] | None:
        """Return the value after a field name: ``: scalar``, ``[:] { ... }``, ``: [ ... ]``."""
        token = self.peek()
        if token is not None and token.kind == "punct" and token.text == ":":
            self.take()
            token = self.peek()
        if token is None:
            return None
        if token.kind == "punct" and token.text in _CLOSERS:
            return self.message(depth)
        if token.kind == "punct" and token.text == "[":
            self.take()
            items: list[Scalar | Message] = []
            while (item := self.peek()) is not None and not (item.kind == "punct" and item.text == "]"):
                if item.kind == "punct" and item.text == ",":
                    self.take()
                    continue
                element = self.message(depth) if item.text in _CLOSERS else self.scalar()
                if element is None:
                    break
                items.append(element)
            self.take()
            return tuple(items)
        return self.scalar()

    def message(self, depth: int) -> Message | None:
        opener = self.take()
        if opener is None:
            return None
        if depth >= MAX_DEPTH:
            self.problems.append(f"line {opener.line}: message nested too deep, skipped")
            self._skip_message(_CLOSERS[opener.text])
            return None
        fields = self.fields(closer=_CLOSERS[opener.text], depth=depth + 1)
        last = self.tokens[self.index - 1].line if self.index else opener.line
        return Message(fields, opener.line, last)

    def scalar(self) -> Scalar | None:
        """Return a number, an identifier or adjacent strings joined; None (noted) for anything else."""
        token = self.take()
        if token is None:
            return None
        if token.kind in ("number", "name"):
            return Scalar(token.text, token.line, token.column)
        if token.kind == "string":
            parts = [token]
            while (more := self.peek()) is not None and more.kind == "string":
                parts.append(more)
                self.take()
            text = "".join(_unescaped(part.text[1:-1]) for part in parts)
            return Scalar(text, token.line, token.column, token.text[0])
        self.problems.append(f"line {token.line}: unexpected {token.text!r}")
        return None

    def _skip_message(self, closer: str) -> None:
        depth = 1
        while depth and (token := self.take()) is not None:
            if token.kind == "punct" and token.text in _CLOSERS:
                depth += 1
            elif token.kind == "punct" and token.text in _CLOSERS.values():
                depth -= 1


def _unescaped(text: str) -> str:
    """Return a string's content with its simple escapes decoded (``\\n``, ``\\"``)."""
    return _ESCAPE.sub(lambda match: _ESCAPES.get(match.group(1), match.group(0)), text)
