"""Tokens of a Lua table file rewritten into the shape of HCL's, so the HCL parser reads them.

A Lua configuration module (a plugin's catalogue, a game's or editor's settings) states its
figures as nested table constructors, ``key = value`` separated by commas inside ``{ }``, with
``--`` comments: the bodies, objects and comments of HCL in other punctuation (decision 0247).
The text is first given HCL's comment markers, column for column: ``--`` becomes ``# `` and a
long comment ``--[[ ... ]]`` becomes ``/* ... */``; Lua's length operator ``#`` becomes a
blank. The tokens are then rewritten:

- ``local NAME = ...`` loses ``local``; a local bound to a number or to a product of numbers and
  powers (``local GiB = 1024 ^ 3``) is a constant of the file. ``N * NAME`` (or ``NAME * N``) of
  such a constant named as a unit (``size_constant_units`` in ``datakeys.yaml``) is the quantity
  as written (``192 * GiB`` -> ``"192 GiB"``, each word at its file column). Other arithmetic
  stays computed and yields nothing, as in Terraform.
- ``M.chips = {`` (a field of the module table) is the attribute ``chips``; ``["TPU v7"] = {``
  (a bracketed key) is the key ``"TPU v7"``.
- ``return M`` (the module's last statement) is dropped; ``return { ... }`` is read as the
  setting ``return = { ... }``, so the returned table's fields are records as a field's are.
- A comment that is a disabled assignment (``-- tdp_w = 600,``) is dropped: it is code taken out
  of use, not prose, and its figure no claim.

``nil`` stays a reference, so an undisclosed value is no figure. Nothing is rejected: tokens the
rewrite does not know pass through.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from factlint.sources.datablocks import data_keys
from factlint.sources.hcllex import Token, TokenKind, starts_statement, tokens
from factlint.sources.markscan import MarkHandler, blanked, kept, line_end, rewrite_marked

# Where a Lua string or comment starts: a quote, a long bracket "[[" / "[==[", "--", or "#".
_MARKS = re.compile(r"""(?P<quote>["'])|(?P<long>\[=*\[)|(?P<comment>--)|(?P<length>#)""")
_LONG_OPEN = re.compile(r"\[(=*)\[")
_OPERATORS = frozenset({"*", "^"})
_ENDS = (TokenKind.NEWLINE, TokenKind.COMMENT)
# A comment that is a disabled assignment: "node_nm = 2," or "['x'] = {" (a comment's text, marker off)
COMMENTED_OUT = re.compile(r"(?:[A-Za-z_][\w.]*|\[[\"'][^\"']*[\"']\])\s*=\s*(?!=)\S")


def hcl_text(text: str) -> str:
    """Return the Lua ``text`` with its comments in HCL's markers and ``#`` blanked, every other
    character (strings included) in its place, so lines and columns are unchanged."""
    return rewrite_marked(text, _MARKS, _HANDLERS)


def _comment(text: str, found: re.Match[str]) -> tuple[str, int]:
    """Return a ``--`` comment in HCL's markers (``# `` or ``/* */``, columns kept) and its end."""
    start = found.start()
    long = _LONG_OPEN.match(text, found.end())
    if long is None:
        end = line_end(text, start)
        return "# " + text[start + 2 : end], end
    end = _long_end(text, long)
    body = text[long.end() : end - len(long.group(0))].replace("*/", "* ")
    width = len(long.group(0))  # "--[[" and "]]" become "/*  " and "*/": columns kept
    return "/*" + " " * width + body + "*/" + " " * (width - 2), end


def _long_string_end(text: str, found: re.Match[str]) -> int:
    """Return the offset after the long string ``[[ ... ]]`` opened at ``found``."""
    long = _LONG_OPEN.match(text, found.start())
    return _long_end(text, long) if long is not None else found.start() + 1


_HANDLERS: dict[str, MarkHandler] = {
    "quote": kept(lambda text, found: _string_end(text, found.end(), found.group(0))),
    "long": kept(_long_string_end),  # a long string: kept as it stands
    "comment": _comment,
    "length": blanked,
}


def _string_end(text: str, position: int, quote: str) -> int:
    """Return the offset after the string closed by ``quote`` (or of its line's end)."""
    while position < len(text):
        character = text[position]
        if character == "\\":
            position += 2
            continue
        if character == quote:
            return position + 1
        if character == "\n":
            return position
        position += 1
    return len(text)


def _long_end(text: str, opener: re.Match[str]) -> int:
    """Return the offset after the long bracket closing ``opener`` (or the text's end)."""
    closing = "]" + opener.group(1) + "]"
    found = text.find(closing, opener.end())
    return len(text) if found == -1 else found + len(closing)


def lua_tokens(text: str) -> list[Token]:
    """Return the tokens of the Lua ``text`` in the shape the HCL parser reads."""
    items = list(tokens(hcl_text(text), single_quotes=True))
    constants: set[str] = set()
    out: list[Token] = []
    index = 0
    while index < len(items):
        token = items[index]
        starts = starts_statement(out)
        if starts and token.kind is TokenKind.IDENT and token.text == "local":
            index += 1
            if is_constant(items, index):
                constants.add(items[index].text)
            continue
        if starts and token.kind is TokenKind.IDENT and token.text == "return":
            opening = index + 1 if index + 1 < len(items) and items[index + 1].text == "{" else None
            if opening is None:  # "return M": the module's name, no figure
                index = _line_end(items, index)
                continue
            # "return { ... }": the returned table is read as the value of a setting "return"
            out.extend((token, Token(TokenKind.PUNCT, "=", token.line, token.column + len(token.text))))
            index = opening
            continue
        if token.kind is TokenKind.COMMENT and COMMENTED_OUT.match(token.text):
            index += 1  # a disabled setting ("-- tdp_w = 600,") is code, not prose
            continue
        if starts and token.kind is TokenKind.IDENT and (field := dotted_field(items, index)) is not None:
            out.append(items[field])
            index = field + 1
            continue
        if token.text == "[" and (key := _bracketed_key(items, index)) is not None:
            out.append(items[index + 1])
            index = key
            continue
        product = unit_product(items, index, constants) if constants else None
        if product is not None:
            out.append(product[0])
            index = product[1]
            continue
        out.append(token)
        index += 1
    return out


def _line_end(items: Sequence[Token], index: int) -> int:
    """Return the index of the newline ending the line of ``items[index]`` (or the end)."""
    while index < len(items) and items[index].kind is not TokenKind.NEWLINE:
        index += 1
    return index


def is_constant(items: Sequence[Token], index: int) -> bool:
    """Return True if ``items[index]`` starts ``NAME = N [* N | ^ N ...]``: a name bound to a number."""
    if index + 2 >= len(items) or items[index].kind is not TokenKind.IDENT or items[index + 1].text != "=":
        return False
    position = index + 2
    while position < len(items):
        if items[position].kind is not TokenKind.NUMBER:
            return False
        position += 1
        following = items[position] if position < len(items) else None
        if following is None or following.kind in _ENDS or following.text == ";":
            return True
        if following.text not in _OPERATORS:
            return False
        position += 1
    return False


def dotted_field(items: Sequence[Token], index: int) -> int | None:
    """Return the index of the last name of a dotted field assigned at ``index`` (``M.chips =``),
    or None if the statement is no such assignment."""
    position = index
    while (
        position + 2 < len(items)
        and items[position + 1].text == "."
        and items[position + 2].kind is TokenKind.IDENT
    ):
        position += 2
    if position == index or position + 1 >= len(items) or items[position + 1].text != "=":
        return None
    return position


def _bracketed_key(items: Sequence[Token], index: int) -> int | None:
    """Return the index after ``]`` of a bracketed string key (``["TPU v7"] =``), or None."""
    if (
        index + 3 < len(items)
        and items[index + 1].kind is TokenKind.STRING
        and items[index + 2].text == "]"
        and items[index + 3].text == "="
    ):
        return index + 3
    return None


def unit_product(items: Sequence[Token], index: int, constants: set[str]) -> tuple[Token, int] | None:
    """Return the literal of ``N * NAME`` or ``NAME * N`` at ``index`` (NAME a declared constant
    that is a unit, ``192 * GiB``) as the quantity ``"192 GiB"``, and the index after it; None for
    any other expression."""
    if index + 2 >= len(items) or items[index + 1].text != "*":
        return None
    first, second = items[index], items[index + 2]
    number, name = (first, second) if first.kind is TokenKind.NUMBER else (second, first)
    if number.kind is not TokenKind.NUMBER or name.kind is not TokenKind.IDENT or name.text not in constants:
        return None
    if name.text.lower() not in data_keys("size_constant_units"):
        return None
    following = items[index + 3] if index + 3 < len(items) else None
    if following is not None and following.kind is TokenKind.PUNCT and following.text not in (",", "}", ";"):
        return None  # a longer expression stays computed
    # each word keeps its file column: the figure where N is written, the unit where NAME is
    anchors = ((0, number.line, number.column), (len(number.text) + 1, name.line, name.column))
    quantity = f"{number.text} {name.text}"
    # a string token's place is its opening quote's, one column before its text
    return Token(TokenKind.STRING, quantity, number.line, number.column - 1, anchors=anchors), index + 3
