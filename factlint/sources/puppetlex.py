"""Tokens of a Puppet manifest rewritten into the shape of HCL's, so the HCL parser reads them.

A Puppet manifest (decision 0225) writes the same bodies of named settings as Terraform, with
other punctuation: ``key => value`` for ``key = value``, ``$name`` for a variable, ``a::b`` for a
namespaced name, ``'...'`` strings, and a resource's title inside its braces
(``class { 'profile::gpu': accel_mem_gb => 80 }``, ``file { '/etc/x': mode => '0644' }``). Each
is rewritten to its HCL twin: ``=>`` and ``+>`` to ``=``, ``$name`` to the name, a resource to
a block named by its title (``profile::gpu "profile::gpu" { ... }``). What names hosts or tests
facts and holds no figure is dropped but the braces it opens are kept, so the settings inside are
still read: a ``node``'s host names and regexes, the condition of an ``if``/``elsif``/``unless``,
a ``case`` option's values, and a class or defined type's parameter list (its defaults are
settings of the manifest, not of a product). Nothing is rejected: tokens the rewrite does not
know pass through unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence

from factlint.sources.hcllex import Token, TokenKind, starts_statement, tokens

_ASSIGNMENTS = frozenset({"=>", "+>"})
_DEFINITIONS = frozenset({"class", "define", "plan"})  # "class name (params) { ... }"
_CONDITIONS = frozenset({"if", "elsif", "unless", "case"})


def puppet_tokens(text: str) -> list[Token]:
    """Return the tokens of the manifest ``text`` in the shape the HCL parser reads."""
    joined = _joined(list(tokens(text, single_quotes=True)))
    rewritten: list[Token] = []
    index = 0
    while index < len(joined):
        token = joined[index]
        starts = starts_statement(rewritten)
        if starts and token.kind in (TokenKind.IDENT, TokenKind.STRING, TokenKind.NUMBER):
            opening = _case_option(joined, index)
            if opening is not None:  # "'a', 'b': {" and "default: {" open a case's branch
                rewritten.extend((Token(TokenKind.IDENT, "when", token.line, token.column), joined[opening]))
                index = opening + 1
                continue
        if starts and token.kind is TokenKind.IDENT:
            index = _statement(joined, index, rewritten)
            continue
        rewritten.append(token)
        index += 1
    return rewritten


def _joined(items: Sequence[Token]) -> list[Token]:
    """Return ``items`` with ``=>``/``+>`` as one ``=``, ``$name`` and ``a::b`` as one name, and
    the ``@``/``@@`` of a virtual or exported resource dropped."""
    joined: list[Token] = []
    for token in items:
        previous = joined[-1] if joined else None
        if previous is not None and _touching(previous, token):
            pair = previous.text + token.text
            if token.text == ">" and pair in _ASSIGNMENTS:
                joined[-1] = Token(TokenKind.PUNCT, "=", previous.line, previous.column)
                continue
            if token.kind is TokenKind.IDENT and previous.text == "$":
                joined[-1] = Token(TokenKind.IDENT, token.text, token.line, token.column)
                continue
            if token.kind is TokenKind.IDENT and previous.text == "@":
                joined[-1] = token
                continue
            if previous.text == "@" and token.text == "@":
                continue
            if _namespaced(joined, token):
                continue
        joined.append(token)
    return joined


def _namespaced(joined: list[Token], token: Token) -> bool:
    """Join ``a`` ``:`` ``:`` ``b`` into the name ``a::b`` (or ``::b``), returning True if ``token``
    was taken into the name before it."""
    if len(joined) >= 2 and token.kind is TokenKind.IDENT and joined[-1].text == joined[-2].text == ":":
        before = joined[-3] if len(joined) >= 3 else None
        if before is not None and before.kind is TokenKind.IDENT and _touching(before, joined[-2]):
            del joined[-2:]
            joined[-1] = Token(TokenKind.IDENT, f"{before.text}::{token.text}", before.line, before.column)
        else:
            del joined[-2:]
            joined.append(Token(TokenKind.IDENT, token.text, token.line, token.column))
        return True
    return False


def _touching(first: Token, second: Token) -> bool:
    """Return True if ``second`` starts right after the one-character-or-name ``first``."""
    return (
        first.kind in (TokenKind.PUNCT, TokenKind.IDENT)
        and second.line == first.line
        and second.column == first.column + len(first.text)
    )


def _statement(items: Sequence[Token], index: int, out: list[Token]) -> int:
    """Rewrite the statement opening at ``items[index]`` into ``out``; return the index after
    what was taken."""
    keyword = items[index]
    following = _next_code(items, index + 1)
    if following is not None and items[following].text in ("=", "("):  # a setting or a call
        out.append(keyword)
        return index + 1
    if (
        keyword.text == "node"
        or keyword.text in _CONDITIONS
        or (
            keyword.text in _DEFINITIONS
            and following is not None
            and items[following].kind is TokenKind.IDENT
        )
    ):
        # the host names, condition or parameters say nothing of a product: keep "keyword {"
        opening = _opening_brace(items, index + 1, regexes=keyword.text == "node")
        if opening is None:
            out.append(keyword)
            return index + 1
        out.extend(token for token in items[index + 1 : opening] if token.kind is TokenKind.COMMENT)
        out.extend((keyword, items[opening]))
        return opening + 1
    if (
        following is not None
        and items[following].text == "{"
        and (title := _resource_title(items, following + 1)) is not None
    ):
        label, after = title
        # the body is named by its title, as a Terraform block by its last label; a nested
        # block is named by its type alone, so the title takes the type's place too
        out.append(keyword if label is None else Token(TokenKind.IDENT, label.text, label.line, label.column))
        out.extend(token for token in items[index + 1 : following] if token.kind is TokenKind.COMMENT)
        out.extend((items[following],) if label is None else (label, items[following]))
        return after
    out.append(keyword)
    return index + 1


def _case_option(items: Sequence[Token], index: int) -> int | None:
    """Return the index of the ``{`` of a case branch whose values start at ``index``
    (``'a', 'b': {``, ``default: {``), or None if the line opens no branch."""
    position = index
    while position + 1 < len(items):
        token = items[position]
        if token.kind is TokenKind.NEWLINE or token.text in ("{", "}", "=", "(", "["):
            return None
        if token.kind is TokenKind.PUNCT and token.text == ":":
            following = _next_code(items, position + 1)
            return following if following is not None and items[following].text == "{" else None
        position += 1
    return None


def _next_code(items: Sequence[Token], index: int) -> int | None:
    """Return the index of the next token that is neither a comment nor a newline, if any."""
    while index < len(items):
        if items[index].kind not in (TokenKind.COMMENT, TokenKind.NEWLINE):
            return index
        index += 1
    return None


def _opening_brace(items: Sequence[Token], index: int, regexes: bool) -> int | None:
    """Return the index of the ``{`` opening the body after a statement's head, skipping the
    brackets and strings of the head, and with ``regexes`` its ``/.../`` (a node's host
    pattern may hold ``{2}``); None if a ``;`` or the end comes first."""
    depth = 0
    while index < len(items):
        text = items[index].text if items[index].kind is TokenKind.PUNCT else ""
        if text == "/" and regexes:
            index = _regex_end(items, index + 1)
        elif text in ("(", "["):
            depth += 1
        elif text in (")", "]"):
            depth = max(depth - 1, 0)
        elif text == "{" and depth == 0:
            return index
        elif text == ";" and depth == 0:
            return None
        index += 1
    return None


def _regex_end(items: Sequence[Token], index: int) -> int:
    """Return the index of the ``/`` closing a regex whose body starts at ``index`` (an escaped
    ``\\/`` does not close it), or of the line's end if it is not closed."""
    while index < len(items) and items[index].kind is not TokenKind.NEWLINE:
        token = items[index]
        if token.text == "/" and not (items[index - 1].text == "\\" and _touching(items[index - 1], token)):
            return index
        index += 1
    return index


def _resource_title(items: Sequence[Token], index: int) -> tuple[Token | None, int] | None:
    """Return a resource body's title and the index after its ``:`` (``{ 'title': ...``), or None
    if the braces after the type open no resource body (a hash, a case's options).

    A quoted title is the body's label; a variable or an array of titles labels nothing.
    """
    start = _next_code(items, index)
    if start is None:
        return None
    depth = 0
    position = start
    while position < len(items):
        token = items[position]
        if token.kind is TokenKind.PUNCT and token.text in "([":
            depth += 1
        elif token.kind is TokenKind.PUNCT and token.text in ")]":
            depth -= 1
        elif depth == 0 and token.kind is TokenKind.PUNCT and token.text in ("=", "{", "}", ","):
            return None
        elif depth == 0 and token.kind is TokenKind.PUNCT and token.text == ":":
            title = items[start]
            single = position == start + 1 and title.kind is TokenKind.STRING
            return (title if single else None), position + 1
        elif depth == 0 and token.kind is TokenKind.NEWLINE:
            return None
        position += 1
    return None
