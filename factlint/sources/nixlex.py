"""Tokens of a Nix expression rewritten into the shape of HCL's, so the HCL parser reads them.

A Nix file that holds data (a flake's or module's catalogue, a package set's settings) states its
figures as attribute sets, ``name = value;`` inside ``{ }``, with ``#`` and ``/* */`` comments:
the bodies, objects and comments of HCL in other punctuation (decision 0261). The text first
loses what HCL would misread, column for column: the update operator ``//`` (a comment marker in
HCL) becomes blanks, and an indented string ``''...''`` becomes an empty string followed by
blanks (its lines kept). The tokens are then rewritten:

- ``;`` ends a binding, as HCL's newline or ``,`` does; the elements of a list ``[ 450 1000 ]``
  are separated by commas, so a list reads as HCL's tuple.
- The function head of the file (``{ lib, ... }:`` or ``pkgs:``) and the keywords ``let``,
  ``in`` and ``rec`` are dropped; the attribute set a file's body is (after ``in`` or at its top)
  loses its braces, so its attributes are the file's top-level settings, as a ``.tfvars`` file's.
- A binding to a number or a product of numbers (``GiB = 1024 * 1024 * 1024;``) is a constant of
  the file, and ``N * NAME`` of such a constant named as a unit is the quantity as written
  (``2048 * GiB`` -> ``"2048 GiB"``), as in a Lua module (decision 0247).
- A set built by a function applied to names (``"MI300A" = mkDevice "MI300A" { ... };``) is the
  set itself; when its key is a bare identifier (``mi300a = mkDevice "MI300A" {``) the quoted
  argument is its key, since that is the name the caller gives the record.
- ``a.b.c = 1;`` (an attribute path) is the attribute ``c``, as Lua's ``M.chips``.
- A comment that is a disabled binding (``# spot_usd_h = 12.10;``) is dropped: code taken out of
  use, not prose.

Nothing is rejected: tokens the rewrite does not know pass through, and the HCL parser skips
what it cannot read (a lambda, an ``import``, a ``with`` expression) as computed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from factlint.sources.hcllex import Token, TokenKind, starts_statement, tokens
from factlint.sources.lualex import COMMENTED_OUT, dotted_field, is_constant, unit_product
from factlint.sources.markscan import MarkHandler, blanked, kept, line_end, rewrite_marked

# Where a Nix string, comment or update operator starts.
_MARKS = re.compile(r"\"|''|#|/\*|//")
_KEYWORDS = frozenset({"let", "in", "rec"})
_VALUE_ENDS = (TokenKind.NUMBER, TokenKind.STRING, TokenKind.IDENT)


def hcl_text(text: str) -> str:
    """Return the Nix ``text`` with ``//`` blanked and indented strings emptied, every other
    character in its place, so lines and columns are unchanged."""
    return rewrite_marked(text, _MARKS, _HANDLERS)


def _comment_end(text: str, found: re.Match[str]) -> int:
    """Return the offset after the ``/* */`` comment opened at ``found`` (or the text's end)."""
    end = text.find("*/", found.end())
    return len(text) if end == -1 else end + 2


def _indented(text: str, found: re.Match[str]) -> tuple[str, int]:
    """Return an indented string as an empty literal, its lines kept for the columns after it."""
    end = _indented_end(text, found.end())
    return '""' + re.sub(r"[^\n]", " ", text[found.end() : end]), end


_HANDLERS: dict[str, MarkHandler] = {
    '"': kept(lambda text, found: _string_end(text, found.end())),
    "#": kept(lambda text, found: line_end(text, found.start())),
    "/*": kept(_comment_end),
    "//": blanked,
    "''": _indented,
}


def _string_end(text: str, position: int) -> int:
    """Return the offset after the ``"`` string whose text starts at ``position``."""
    while position < len(text):
        character = text[position]
        if character == "\\":
            position += 2
            continue
        if character == '"':
            return position + 1
        position += 1
    return len(text)


def _indented_end(text: str, position: int) -> int:
    """Return the offset after the ``''`` closing an indented string (``'''`` and ``''$`` escape)."""
    while (found := text.find("''", position)) != -1:
        following = text[found + 2 : found + 3]
        if following in ("'", "$", "\\"):
            position = found + 3
            continue
        return found + 2
    return len(text)


def nix_tokens(text: str) -> list[Token]:
    """Return the tokens of the Nix ``text`` in the shape the HCL parser reads."""
    items = list(tokens(hcl_text(text)))
    constants: set[str] = set()
    out: list[Token] = []
    openers: list[str] = []  # the brackets open around the next token, "{}" of an unwrapped body as ""
    index = _after_head(items)
    while index < len(items):
        token = items[index]
        starts = starts_statement(out)
        if token.kind is TokenKind.IDENT and token.text in _KEYWORDS:
            index += 1
            continue
        if token.kind is TokenKind.COMMENT and COMMENTED_OUT.match(token.text):
            index += 1
            continue
        if token.kind is TokenKind.PUNCT and token.text == ";":
            out.append(Token(TokenKind.PUNCT, ",", token.line, token.column))
            index += 1
            continue
        if token.kind is TokenKind.PUNCT and token.text in "{[(":
            if token.text == "{" and not openers and _is_body(out):
                openers.append("")  # the file's own set: its attributes are top-level settings
                index += 1
                continue
            if openers and openers[-1] == "[" and _ends_value(out):
                out.append(Token(TokenKind.PUNCT, ",", token.line, token.column))
            openers.append(token.text)
            out.append(token)
            index += 1
            continue
        if token.kind is TokenKind.PUNCT and token.text in "}])":
            opened = openers.pop() if openers else None
            if opened != "":
                out.append(token)
            index += 1
            continue
        if starts and token.kind is TokenKind.IDENT:
            if is_constant(items, index):
                constants.add(token.text)
            field = dotted_field(items, index)
            if field is not None:
                out.append(items[field])
                index = field + 1
                continue
        if token.kind is TokenKind.IDENT and out and out[-1].text == "=":
            built = _applied_set(items, index)
            if built is not None:
                index = _rekeyed(out, items, index, built)
                continue
        product = unit_product(items, index, constants) if constants else None
        if product is not None:
            out.append(product[0])
            index = product[1]
            continue
        if openers and openers[-1] == "[" and token.kind in _VALUE_ENDS and _ends_value(out):
            out.append(Token(TokenKind.PUNCT, ",", token.line, token.column))
        out.append(token)
        index += 1
    return out


def _after_head(items: Sequence[Token]) -> int:
    """Return the index after the file's function head (``{ lib, ... }:`` or ``pkgs:``), or 0."""
    position = _skip_blank(items, 0)
    if (
        position + 1 < len(items)
        and items[position].kind is TokenKind.IDENT
        and items[position + 1].text == ":"
    ):
        return position + 2
    if position < len(items) and items[position].text == "{":
        depth = 0
        for end in range(position, len(items)):
            text = items[end].text if items[end].kind is TokenKind.PUNCT else ""
            if items[end].kind in (TokenKind.STRING, TokenKind.NUMBER) or (depth == 1 and text == "="):
                return 0  # a value or a binding: an attribute set, no head
            if text == "{":
                depth += 1
            elif text == "}":
                depth -= 1
                if depth == 0:
                    return end + 2 if end + 1 < len(items) and items[end + 1].text == ":" else 0
    return 0


def _skip_blank(items: Sequence[Token], position: int) -> int:
    """Return the index of the first token at or after ``position`` that is no comment or newline."""
    while position < len(items) and items[position].kind in (TokenKind.COMMENT, TokenKind.NEWLINE):
        position += 1
    return position


def _is_body(out: Sequence[Token]) -> bool:
    """Return True if a ``{`` now opens the file's body: nothing but comments and settings ended
    by ``,`` (a ``let``'s bindings) stands before it at the top."""
    for token in reversed(out):
        if token.kind in (TokenKind.COMMENT, TokenKind.NEWLINE):
            continue
        return token.text == ","
    return True


def _ends_value(out: Sequence[Token]) -> bool:
    """Return True if the last token written (comments and newlines aside) ends a list element."""
    for token in reversed(out):
        if token.kind in (TokenKind.COMMENT, TokenKind.NEWLINE):
            continue
        return token.kind in _VALUE_ENDS or token.text in ("]", "}", ")")
    return False


def _applied_set(items: Sequence[Token], index: int) -> tuple[int, Token | None] | None:
    """Return (index of ``{``, first quoted argument) of a function applied to literal arguments
    and a set (``mkDevice "MI300A" {``) at ``index``, or None for any other expression."""
    position = index + 1
    while (
        position + 1 < len(items)
        and items[position].text == "."
        and items[position + 1].kind is TokenKind.IDENT
    ):
        position += 2
    name: Token | None = None
    while position < len(items) and items[position].kind is TokenKind.STRING and not items[position].template:
        name = name or items[position]
        position += 1
    if position < len(items) and items[position].text == "{":
        return position, name
    return None


def _rekeyed(out: list[Token], items: Sequence[Token], index: int, built: tuple[int, Token | None]) -> int:
    """Drop the function and its arguments before a built set; give a bare key the quoted name.

    Return the index of the set's ``{``."""
    opening, name = built
    if name is not None and len(out) >= 2 and out[-2].kind is TokenKind.IDENT:
        out[-2] = name
    return opening
