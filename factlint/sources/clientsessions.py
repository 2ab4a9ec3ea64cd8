"""An SQL client's session log (psql, mysql, sqlite3): the statements typed at its prompt, read for
what they say of the result tables printed under them.

A session log shows each statement after the client's prompt (``catalog=> SELECT ...``, further
lines after ``catalog->``, ``mysql>`` and ``->``, ``sqlite>`` and ``...>``) and its output under it:
a result table, or a report such as ``UPDATE 1``, ``(4 rows)`` or ``Query OK, 1 row affected``.
The statements and the reports are machinery, never prose. What they say of the tables is read:

- a computed column (``round(od_usd_hr / n_accel, 2) AS od_per_accel``) is named by the query for
  what it computes: a quotient by a count of parts is "od usd hr per n accel", a price's reduction
  against another price (``100 * (1 - spot_usd_hr / od_usd_hr) AS spot_pct``) is "spot pct discount";
- an ``UPDATE t SET col = v WHERE key = 'x'`` supersedes the value of ``col`` in the rows of ``t`` a
  table printed before it shows for ``x`` (a later re-run shows the new value), and its new value is
  a record of its own on the statement's line, named as the row is (as in a dump, decision 0141).

The words are in ``clientsessions.yaml``. See decision 0251.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache

from factlint.models import Block, Cell
from factlint.sources.columns import TextRow
from factlint.sources.datablocks import record_block
from factlint.sources.packaged import PackagedFile, packaged_file
from factlint.sources.ruledtables import is_rule
from factlint.sources.sqllex import Token, TokenKind, sql_tokens
from factlint.sources.sqlparse import keyword_at, literal_value, same_value, split_tokens

# Substrings one of which every prompt holds: a document without any has no session.
_PROMPT_SIGNS = ("=>", "=#", "mysql>", "]>", "sqlite>")
_META_COMMAND = re.compile(r"\\[a-z?!]")  # psql's "\conninfo", "\q", "\dt": client commands
_REDUCTIONS = (  # a reduction of A against B in percent, as a query writes it (A, B: column names)
    re.compile(r"100\*\(1-(?P<a>\w+)/(?P<b>\w+)\)"),
    re.compile(r"\(1-(?P<a>\w+)/(?P<b>\w+)\)\*100"),
    re.compile(r"100-100\*(?P<a>\w+)/(?P<b>\w+)"),
    re.compile(r"100\*\((?P<b>\w+)-(?P<a>\w+)\)/(?P=b)"),
    re.compile(r"\((?P<b>\w+)-(?P<a>\w+)\)/(?P=b)\*100"),
)
_NOTE = re.compile(r"--(?!-)")  # a note of the log's writer ("-- fixing it"), not a rule ("----+----")
_QUOTIENT = re.compile(r"(?P<a>[A-Za-z_]\w*)/(?P<b>[A-Za-z_]\w*)")


@dataclass(frozen=True)
class Statement:
    """One statement typed at the prompt: its code tokens (at their file places) and its lines."""

    tokens: tuple[Token, ...]
    first: int  # 0-based line of the prompt
    last: int  # 0-based line of its last continuation

    def verb(self) -> str:
        """Return the statement's first word in upper case ("SELECT", "UPDATE"), or ""."""
        first = self.tokens[0] if self.tokens else None
        return first.text.upper() if first is not None and first.kind is TokenKind.IDENT else ""


@dataclass(frozen=True)
class ClientSession:
    """The statements of a session log, in order, and the lines that are machinery (no prose)."""

    statements: tuple[Statement, ...]
    machinery: frozenset[int]  # 0-based lines: prompts, statements, client commands, reports


def find_client_session(lines: Sequence[str], first: int = 0) -> ClientSession | None:
    """Return the session whose statements stand at a client's prompt in ``lines[first:]``, or None."""
    text = "\n".join(lines[first:])
    if not any(sign in text for sign in _PROMPT_SIGNS):
        return None
    knowledge = _knowledge()
    prompt, continuation = knowledge.alternation("prompts"), knowledge.alternation("continuations")
    reports = knowledge.alternation("reports")
    statements: list[Statement] = []
    machinery: set[int] = set()
    index = first
    while index < len(lines):
        opened = prompt.match(lines[index])
        if opened is None:
            index += 1
            continue
        start = index
        code = [" " * opened.end() + lines[index][opened.end() :]]
        index += 1
        while index < len(lines) and (more := continuation.match(lines[index])) is not None:
            code.append(" " * more.end() + lines[index][more.end() :])
            index += 1
        machinery.update(range(start, index))
        if not _META_COMMAND.match(code[0].strip()):
            tokens = [
                token
                for token in sql_tokens("\n" * start + "\n".join(code), backslash_escapes=False)
                if token.kind not in (TokenKind.COMMENT, TokenKind.CONDITIONAL)
            ]
            ended = next((at for at, token in enumerate(tokens) if token.text == ";"), len(tokens))
            tokens = tokens[:ended]
            if tokens:
                statements.append(Statement(tuple(tokens), start, index - 1))
        # its reports, up to a blank line, the next prompt or a note
        while index < len(lines) and lines[index].strip() and prompt.match(lines[index]) is None:
            stripped = lines[index].strip()
            if _NOTE.match(stripped):
                break
            if reports.fullmatch(stripped):
                machinery.add(index)
            index += 1
    if not statements and not machinery:
        return None
    return ClientSession(tuple(statements), frozenset(machinery))


def apply_session(session: ClientSession, lines: Sequence[str], rows: dict[int, TextRow]) -> list[Block]:
    """Name the computed columns of the result tables in ``rows`` as their queries compute them, blank
    the cells later UPDATEs write over (in place), and return a record block for each UPDATE."""
    tables = _tables(rows)
    printed: list[tuple[int, frozenset[str], list[int]]] = []  # header line, FROM tables, row lines
    blocks: list[Block] = []
    for number, statement in enumerate(session.statements):
        later = session.statements[number + 1 : number + 2]
        following = later[0].first if later else len(lines)
        verb = statement.verb()
        if verb == "SELECT":
            header = _printed_under(statement, following, tables, lines)
            if header is not None:
                _name_computed(statement, rows, tables[header], header)
                printed.append((header, _from_tables(statement), tables[header]))
        elif verb == "UPDATE":
            blocks.extend(_update(statement, rows, printed))
    return blocks


def _tables(rows: dict[int, TextRow]) -> dict[int, list[int]]:
    """Return {header line: the lines of its rows} for the tables in ``rows``."""
    tables: dict[int, list[int]] = {}
    current: list[int] | None = None
    for index in sorted(rows):
        if rows[index].is_header:
            current = tables.setdefault(index, [])
        elif current is not None:
            current.append(index)
    return tables


def _printed_under(
    statement: Statement, following: int, tables: dict[int, list[int]], lines: Sequence[str]
) -> int | None:
    """Return the header line of the table a statement printed: the first table under it, above the
    next statement, with only blank and border lines between."""
    for index in range(statement.last + 1, following):
        if index in tables:
            return index
        if lines[index].strip() and not is_rule(lines[index].strip()):
            return None
    return None


def _select_items(statement: Statement) -> dict[str, list[Token]]:
    """Return {alias in lower case: its expression's tokens} for the computed items of a SELECT list."""
    tokens = list(statement.tokens[1:])
    end = next(
        (
            index
            for index, token in enumerate(tokens)
            if token.kind is TokenKind.IDENT and not token.quoted and token.text.upper() == "FROM"
        ),
        len(tokens),
    )
    items: dict[str, list[Token]] = {}
    for item in split_tokens(tokens[:end], ","):
        if len(item) >= 3 and item[-1].kind is TokenKind.IDENT:
            named = item[-2].kind is TokenKind.IDENT and not item[-2].quoted and item[-2].text.upper() == "AS"
            expression = item[:-2] if named else item[:-1]
            if named or expression[-1].text == ")":
                items[item[-1].text.lower()] = expression
    return items


def _from_tables(statement: Statement) -> frozenset[str]:
    """Return the lower-case names of the tables after FROM and JOIN in a statement."""
    tokens = statement.tokens
    names = set()
    for index, token in enumerate(tokens[:-1]):
        if token.kind is TokenKind.IDENT and not token.quoted and token.text.upper() in ("FROM", "JOIN"):
            following = tokens[index + 1]
            if following.kind is TokenKind.IDENT:
                names.add(following.text.lower())
    return frozenset(names)


def _name_computed(statement: Statement, rows: dict[int, TextRow], row_lines: list[int], header: int) -> None:
    """Give the computed columns of a printed table the words of what they compute (in place)."""
    items = _select_items(statement)
    if not items:
        return
    names = [cell.text.lower() for cell in rows[header].cells]
    headers = list(rows[header].headers)
    changed = False
    for position, name in enumerate(names):
        expression = items.get(name)
        words = _computed_words(name, expression) if expression else None
        if words is not None and position < len(headers):
            headers[position] = words
            changed = True
    if changed:
        for index in (header, *row_lines):
            rows[index] = replace(rows[index], headers=tuple(headers))


def _computed_words(alias: str, expression: list[Token]) -> str | None:
    """Return the words a computed column is read by, or None to keep its alias: a quotient of a
    column by a count of parts is "a per b", a price's reduction against a price is "<alias> discount"."""
    compact = _unwrapped("".join(token.text for token in expression))
    knowledge = _knowledge()
    for pattern in _REDUCTIONS:
        found = pattern.fullmatch(compact)
        if found is not None:
            money = knowledge.folded_words("money_words")
            if all(set(_words(found.group(side))) & money for side in ("a", "b")):
                percent = knowledge.words("percent_words")
                named = f"{_words_of(alias)} {knowledge.words('discount_words')[0]}"
                return named if set(_words(alias)) & set(percent) else f"{named} {percent[0]}"
            return None
    found = _QUOTIENT.fullmatch(compact)
    if found is not None and _counts_parts(_words(found.group("b"))):
        return f"{_words_of(found.group('a'))} per {_words_of(found.group('b'))}"
    return None


def _unwrapped(compact: str) -> str:
    """Return an expression without the calls that only round or convert it: "round(a/b,2)" -> "a/b"."""
    wrappers = _knowledge().folded_words("value_wrappers")
    while True:
        found = re.fullmatch(r"(\w+)\((.*)\)", compact)
        if found is None or found.group(1).lower() not in wrappers:
            cast = re.fullmatch(r"(.*)::\w+", compact)
            if cast is None:
                return compact
            compact = cast.group(1)
            continue
        inner = found.group(2)
        depth = 0
        for offset, character in enumerate(inner):
            depth += character == "("
            depth -= character == ")"
            if depth == 0 and character == ",":
                inner = inner[:offset]
                break
        compact = re.sub(r"(?i)^(.*)as\w+$", r"\1", inner) if found.group(1).lower() == "cast" else inner


def _words(name: str) -> list[str]:
    """Return a column name's words in lower case ("od_usd_hr" -> ["od", "usd", "hr"])."""
    return [word for word in name.lower().split("_") if word]


def _words_of(name: str) -> str:
    """Return a column name as the words a header shows ("od_usd_hr" -> "od usd hr")."""
    return " ".join(_words(name))


def _counts_parts(words: list[str]) -> bool:
    """Return True for a column that counts parts: "n_accel", "num_gpus", "gpu_count"."""
    knowledge = _knowledge()
    counts = knowledge.folded_words("count_words")
    parts = knowledge.folded_words("counted_parts")
    return any(word in counts for word in words) and any(word in parts for word in words)


def _update(
    statement: Statement, rows: dict[int, TextRow], printed: list[tuple[int, frozenset[str], list[int]]]
) -> list[Block]:
    """Blank the cells an UPDATE writes over in the tables printed before it; return its record."""
    tokens = list(statement.tokens)
    if len(tokens) < 4 or tokens[1].kind is not TokenKind.IDENT:
        return []
    table = tokens[1].text.lower()
    set_at = keyword_at(tokens, "SET", 2)
    where_at = keyword_at(tokens, "WHERE", set_at)
    if set_at != 2 or where_at >= len(tokens):
        return []
    assignments: dict[str, Token | None] = {}
    for item in split_tokens(tokens[set_at + 1 : where_at], ","):
        if len(item) >= 3 and item[1].text == "=":
            value = literal_value(item[2:])
            assignments[item[0].text.lower()] = item[2] if value is not None and not value.string else None
    conditions: list[tuple[str, str, Token]] = []
    for item in split_tokens(tokens[where_at + 1 :], "AND"):
        if len(item) < 3 or item[1].text != "=" or (value := literal_value(item[2:])) is None:
            return []
        conditions.append((item[0].text.lower(), same_value(value.text), item[2]))
    if not assignments or not conditions:
        return []
    name: tuple[str, str] | None = None  # (header, text) naming the updated row
    for header, from_tables, row_lines in printed:
        if table not in from_tables:
            continue
        names = [cell.text.lower() for cell in rows[header].cells]
        for index in row_lines:
            cells = rows[index].cells
            held = dict(zip(names, (cell.text for cell in cells), strict=False))
            if not all(same_value(held.get(column, "")) == wanted for column, wanted, _ in conditions):
                continue
            name = (rows[header].headers[0], cells[0].text)
            blanked = tuple(
                Cell("", cell.column) if position < len(names) and names[position] in assignments else cell
                for position, cell in enumerate(cells)
            )
            rows[index] = replace(rows[index], cells=blanked)
    if name is None and len(conditions) == 1 and conditions[0][2].kind is TokenKind.STRING:
        column, _, token = conditions[0]
        name = (_words_of(column), token.text)
    figures = [(column, token) for column, token in assignments.items() if token is not None]
    if name is None or not figures:
        return []
    first = figures[0][1]
    placed = [(name[1], first.line, first.column)]
    placed.extend((token.text, token.line, token.column) for _, token in figures)
    return [record_block([name[0], *(_words_of(column) for column, _ in figures)], placed, (), name[1])]


@cache
def _knowledge() -> PackagedFile:
    """Return ``clientsessions.yaml``."""
    return packaged_file("factlint.sources", "clientsessions.yaml")
