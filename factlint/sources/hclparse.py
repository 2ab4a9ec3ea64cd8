"""The structure of an HCL native-syntax file: blocks, attributes and literal values.

A body is a sequence of attributes (``name = expression``) and blocks (``type "label" ... {
body }``), as hashicorp/hcl ``hclsyntax/spec.md`` defines it. Of expressions only what can hold
a stated figure is kept: numbers, strings without template sequences, ``true``/``false``,
object constructors (``{ key = value }``, keys as identifiers or strings, ``=`` or ``:``) and
tuple constructors (``[ ... ]``), and heredocs as text. Any other expression (a reference
``var.n``, arithmetic, a function call, a ``for`` expression, a conditional) is kept as OTHER: a
value computed by Terraform, not a figure written down. The parser never fails: it skips what it
cannot read up to the end of the attribute, so one odd line costs nothing else. Blocks, objects
and tuples nested deeper than ``MAX_DEPTH`` are skipped whole, each noted as a problem of its line,
so no input exhausts Python's stack.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from factlint.sources.hcllex import Token, TokenKind, tokens

_OPENERS = {"{": "}", "[": "]", "(": ")"}
_LITERAL_WORDS = frozenset({"true", "false"})
MAX_DEPTH = 64  # blocks, objects and tuples nested deeper are skipped


class ValueKind(enum.Enum):
    """What an attribute's expression is, as far as a figure goes."""

    SCALAR = "scalar"  # a number, a string without template sequences, true/false
    OBJECT = "object"
    TUPLE = "tuple"
    HEREDOC = "heredoc"
    OTHER = "other"  # computed: references, operators, calls, templates, for expressions


@dataclass(frozen=True)
class Value:
    """An expression: a literal token, an object's (key, value) items or a tuple's elements."""

    kind: ValueKind
    token: Token | None = None  # the literal, heredoc or first token
    items: tuple[tuple[Token, Value], ...] = ()  # OBJECT: (key token, value)
    elements: tuple[Value, ...] = ()  # TUPLE
    last_line: int = 0  # the line the expression ends on


@dataclass(frozen=True)
class Attribute:
    """``name = value`` in a body."""

    name: Token
    value: Value


@dataclass(frozen=True)
class HclBlock:
    """``type "label" ... { body }``, with the lines of its opening and closing braces."""

    type: Token
    labels: tuple[Token, ...]
    body: tuple[Attribute | HclBlock, ...]
    first_line: int
    last_line: int


@dataclass
class HclFile:
    """A parsed file: its top-level body and every comment, in file order."""

    body: tuple[Attribute | HclBlock, ...]
    comments: list[Token] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # "line N: reason", one per part skipped


def parse_hcl(text: str) -> HclFile:
    """Return the top-level body and the comments of HCL ``text``."""
    return parse_tokens(list(tokens(text)))


def parse_tokens(items: Sequence[Token]) -> HclFile:
    """Return the top-level body and the comments of a file's tokens (HCL's, or another
    language's rewritten into HCL's shape, as a Puppet manifest's are)."""
    stream = _Stream(items)
    body = stream.body(closing=None)
    return HclFile(body, stream.comments, stream.problems)


class _Stream:
    """The tokens of a file, read once; comments are set aside as they are met."""

    def __init__(self, items: Sequence[Token]) -> None:
        self.items = items
        self.index = 0
        self.comments: list[Token] = []
        self.problems: list[str] = []
        self.depth = 0  # blocks, objects and tuples open around the next token

    def peek(self, newlines: bool = True) -> Token | None:
        """Return the next token (comments set aside; newlines skipped unless ``newlines``)."""
        while self.index < len(self.items):
            token = self.items[self.index]
            if token.kind is TokenKind.COMMENT:
                self.comments.append(token)
            elif token.kind is not TokenKind.NEWLINE or newlines:
                return token
            self.index += 1
        return None

    def take(self, newlines: bool = True) -> Token | None:
        token = self.peek(newlines)
        if token is not None:
            self.index += 1
        return token

    def body(self, closing: str | None) -> tuple[Attribute | HclBlock, ...]:
        """Return the items of a body up to ``closing`` ("}", consumed) or the end of the file."""
        items: list[Attribute | HclBlock] = []
        while (token := self.take(newlines=False)) is not None:
            if token.kind is TokenKind.PUNCT and token.text == closing:
                break
            if token.kind is TokenKind.PUNCT and token.text == ",":
                continue  # "disk { a = 1, b = 2 }": a lenient one-line body
            if token.kind is TokenKind.STRING and not token.template and self._binds():
                # a quoted name bound at the top ("p4d.24xlarge" = { ... }): a Nix or Lua file's
                # own table keyed by product, read as an object's quoted key is
                self.take()
                items.append(Attribute(token, self.expression()))
                continue
            if token.kind is not TokenKind.IDENT:
                self._skip_line()
                continue
            following = self.peek(newlines=False)
            if following is not None and following.kind is TokenKind.PUNCT and following.text == "=":
                self.take()
                items.append(Attribute(token, self.expression()))
                continue
            labels: list[Token] = []
            while (
                following is not None
                and following.kind in (TokenKind.STRING, TokenKind.IDENT)
                and following.line == token.line
            ):
                labels.append(following)
                self.take()
                following = self.peek(newlines=False)
            if following is not None and following.kind is TokenKind.PUNCT and following.text == "{":
                opening = self.take()
                assert opening is not None
                inner = self._inner_body(opening)
                end = self.items[self.index - 1].line if self.index else opening.line
                items.append(HclBlock(token, tuple(labels), inner, token.line, end))
            else:
                self._skip_line()
        return tuple(items)

    def _binds(self) -> bool:
        """Return True if the next token on this line is ``=`` (a name being bound)."""
        following = self.peek()
        return following is not None and following.kind is TokenKind.PUNCT and following.text == "="

    def _inner_body(self, opening: Token) -> tuple[Attribute | HclBlock, ...]:
        """Return the body of a block whose ``{`` was taken, or skip it when nested too deep."""
        if self._too_deep(opening):
            self._skip_group()
            return ()
        self.depth += 1
        try:
            return self.body(closing="}")
        finally:
            self.depth -= 1

    def _too_deep(self, opening: Token) -> bool:
        """Return True, noting a problem, if a group opened by ``opening`` is nested too deep."""
        if self.depth < MAX_DEPTH:
            return False
        self.problems.append(f"line {opening.line}: nested deeper than {MAX_DEPTH} levels, skipped")
        return True

    def _skip_group(self) -> None:
        """Skip tokens up to the closer of the group whose opener was just taken."""
        depth = 1
        while depth and (token := self.take()) is not None:
            if token.kind is TokenKind.PUNCT and token.text in _OPENERS:
                depth += 1
            elif token.kind is TokenKind.PUNCT and token.text in "}])":
                depth -= 1

    def expression(self) -> Value:
        """Return the expression after ``=`` or ``:``, up to the end of its line, a comma or a closer."""
        first = self.peek(newlines=False)
        if first is None:
            return Value(ValueKind.OTHER)
        if first.kind is TokenKind.PUNCT and first.text in "{[" and self._too_deep(first):
            self._skip_expression()
            return Value(ValueKind.OTHER, first, last_line=first.line)
        if first.kind is TokenKind.PUNCT and first.text == "{" and not self._starts_for(1):
            self.take()
            value = self._nested(self._object, first)
        elif first.kind is TokenKind.PUNCT and first.text == "[" and not self._starts_for(1):
            self.take()
            value = self._nested(self._tuple, first)
        elif first.kind is TokenKind.HEREDOC:
            self.take()
            value = Value(ValueKind.HEREDOC, first, last_line=first.line + len(first.text.split("\n")))
        else:
            value = self._scalar(first)
        if self._ends_here():
            return value
        self._skip_expression()  # "{ ... } + x", "[1] ++ y": the literal was part of an expression
        return Value(ValueKind.OTHER, first, last_line=first.line)

    def _nested(self, read: Callable[[Token], Value], opening: Token) -> Value:
        """Return what ``read`` makes of the object or tuple ``opening`` opens, one level deeper."""
        self.depth += 1
        try:
            return read(opening)
        finally:
            self.depth -= 1

    def _scalar(self, first: Token) -> Value:
        """Return a literal number, string or bool, or OTHER after skipping a computed expression."""
        sign = first.kind is TokenKind.PUNCT and first.text == "-"
        if sign:
            self.take()
            first = self.peek(newlines=False) or first
        literal = (
            first.kind is TokenKind.NUMBER
            or (first.kind is TokenKind.STRING and not first.template and not sign)
            or (first.kind is TokenKind.IDENT and first.text in _LITERAL_WORDS and not sign)
        )
        self.take()
        if literal and self._ends_here():
            if sign:
                first = Token(first.kind, f"-{first.text}", first.line, first.column - 1)
            return Value(ValueKind.SCALAR, first, last_line=first.line)
        self._skip_expression()
        return Value(ValueKind.OTHER, first, last_line=first.line)

    def _object(self, opening: Token) -> Value:
        items: list[tuple[Token, Value]] = []
        while (key := self.take()) is not None:
            if key.kind is TokenKind.PUNCT and key.text == "}":
                break
            if key.kind in (TokenKind.NEWLINE,) or (key.kind is TokenKind.PUNCT and key.text == ","):
                continue
            separator = self.peek(newlines=False)
            if (
                key.kind in (TokenKind.IDENT, TokenKind.STRING, TokenKind.NUMBER)
                and not key.template
                and separator is not None
                and separator.kind is TokenKind.PUNCT
                and separator.text in "=:"
            ):
                self.take()
                items.append((key, self.expression()))
            else:  # a computed key "(var.k) = v" or something unreadable: skip the item
                self._skip_expression()
        return Value(ValueKind.OBJECT, opening, items=tuple(items), last_line=self._previous_line())

    def _tuple(self, opening: Token) -> Value:
        elements: list[Value] = []
        while (token := self.peek()) is not None:
            if token.kind is TokenKind.PUNCT and token.text == "]":
                self.take()
                break
            if token.kind is TokenKind.NEWLINE or (token.kind is TokenKind.PUNCT and token.text == ","):
                self.take()
                continue
            elements.append(self.expression())
        return Value(ValueKind.TUPLE, opening, elements=tuple(elements), last_line=self._previous_line())

    def _starts_for(self, ahead: int) -> bool:
        """Return True if the token ``ahead`` after the next is ``for`` (a for expression)."""
        position, seen = self.index, 0
        while position < len(self.items):
            token = self.items[position]
            if token.kind not in (TokenKind.COMMENT, TokenKind.NEWLINE):
                if seen == ahead:
                    return token.kind is TokenKind.IDENT and token.text == "for"
                seen += 1
            position += 1
        return False

    def _ends_here(self) -> bool:
        """Return True if the next token ends an expression: a newline, comma, closer or the end."""
        following = self.peek()
        return (
            following is None or following.kind is TokenKind.NEWLINE or following.text in (",", "}", "]", ")")
        )

    def _skip_expression(self) -> None:
        """Skip tokens to the end of the current expression, across nested brackets."""
        depth = 0
        while (token := self.peek()) is not None:
            if token.kind is TokenKind.PUNCT and token.text in _OPENERS:
                depth += 1
            elif token.kind is TokenKind.PUNCT and token.text in "}])":
                if depth == 0:
                    return
                depth -= 1
            elif depth == 0 and (token.kind is TokenKind.NEWLINE or token.text == ","):
                return
            self.take()

    def _skip_line(self) -> None:
        """Skip what cannot be read, to the end of its line (a whole bracketed group if it opens one)."""
        self._skip_expression()

    def _previous_line(self) -> int:
        return self.items[self.index - 1].line if self.index else 1


def walk_blocks(body: Sequence[Attribute | HclBlock]) -> Iterator[HclBlock]:
    """Yield every block of ``body`` and of the blocks inside it, outermost first."""
    for item in body:
        if isinstance(item, HclBlock):
            yield item
            yield from walk_blocks(item.body)
