"""The tables of an SQL dump: columns from CREATE TABLE, rows from INSERT and COPY, then UPDATE and DELETE.

Statements are read in order, as the database would run them. ``CREATE TABLE t (...)`` gives a
table's column names, its primary key and the columns that refer to other tables; ``INSERT INTO t
[(cols)] VALUES (...), (...)`` and a ``COPY t (cols) FROM stdin`` block add rows whose values keep
their file places. ``UPDATE t SET col = v WHERE ...`` writes a new value over the matching rows'
old one, which is superseded (the update is a record of its own, on the statement's line);
``DELETE FROM t WHERE ...`` withdraws the matching rows. Any other statement (``DROP``, ``LOCK``,
``SET``, ``ALTER``, MySQL's conditional comments) is machinery. A value that is no literal (a call,
an expression) is no value, as ``NULL`` is.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

import yaml

from factlint.sources.sqllex import Anchors, Token, TokenKind

# Words before a string literal that only say how to read it: a charset, a type (DATE '2024-01-02').
_INTRODUCERS = frozenset({"_binary", "_utf8", "_utf8mb4", "_latin1", "n", "date", "time", "timestamp"})
_BINARY_PREFIXES = frozenset({"x", "b"})  # X'0F', b'101': bytes, no text


@dataclass(frozen=True)
class Value:
    """One literal of a row: its text (a string's decoded value, a number as written) and anchors."""

    text: str
    anchors: Anchors
    string: bool = False


@dataclass
class Record:
    """The values one statement gives one row: an inserted row's, or an UPDATE's new ones."""

    table: str
    values: dict[str, Value]  # column name -> value; NULL and non-literal values are left out
    line: int
    column: int
    row: Row | None = None  # for an UPDATE: the row it writes to


@dataclass
class Row:
    """A row of a table: the record that inserted it, the UPDATE records written over it since."""

    inserted: Record
    updates: list[Record] = field(default_factory=list)
    deleted: bool = False
    holder: dict[str, Record] = field(default_factory=dict)  # column -> the record holding its current value

    def current(self, column: str) -> Value | None:
        """Return the column's current value, whichever record holds it."""
        record = self.holder.get(column)
        return record.values.get(column) if record is not None else None


@dataclass
class Table:
    """A table's columns (in order), its key columns and the columns referring to other tables."""

    name: str
    columns: list[str] = field(default_factory=list)
    primary: set[str] = field(default_factory=set)
    references: dict[str, str] = field(default_factory=dict)  # column -> referenced table
    rows: list[Row] = field(default_factory=list)
    # (column, value as compared) -> the rows that held it at some time: a WHERE's candidates
    index: dict[tuple[str, str], list[Row]] = field(default_factory=dict)

    def note(self, row: Row, column: str, value: Value) -> None:
        """Record that ``row`` now holds ``value`` in ``column``, for WHERE clauses to find it."""
        self.index.setdefault((column, _same(value.text)), []).append(row)


@dataclass(frozen=True)
class Dump:
    """The tables of a dump (rows deleted are kept, flagged) and its UPDATE records, in file order."""

    tables: tuple[Table, ...]
    updates: tuple[Record, ...]


def read_statements(tokens: Iterable[Token]) -> Dump:
    """Return the tables and updates that running the dump's statements in order would leave."""
    tables: dict[str, Table] = {}
    updates: list[Record] = []
    for statement in _statements(tokens):
        words = [token.text.upper() for token in statement[:3] if token.kind is TokenKind.IDENT]
        if words[:2] == ["CREATE", "TABLE"] or words[:3] == ["CREATE", "TEMPORARY", "TABLE"]:
            _create_table(statement, tables)
        elif words[:1] in (["INSERT"], ["REPLACE"]):
            _insert(statement, tables)
        elif words[:1] == ["COPY"]:
            _copy(statement, tables)
        elif words[:1] == ["UPDATE"]:
            updates.extend(_update(statement, tables))
        elif words[:1] == ["DELETE"]:
            for row in _matching(statement, tables, "FROM"):
                row.deleted = True
    return Dump(tuple(tables.values()), tuple(updates))


def _statements(tokens: Iterable[Token]) -> Iterator[list[Token]]:
    """Yield each statement's code tokens (no comments), ended by ``;``; COPY rows join their COPY."""
    current: list[Token] = []
    ended: list[Token] = []  # the statement just ended, held until its COPY rows (if any) are read
    for token in tokens:
        if token.kind in (TokenKind.COMMENT, TokenKind.CONDITIONAL):
            continue
        if token.kind is TokenKind.COPY_ROW:
            ended.append(token)
            continue
        if ended:
            yield ended
            ended = []
        if token.kind is TokenKind.PUNCT and token.text == ";":
            ended, current = current, []
            continue
        current.append(token)
    if ended:
        yield ended
    if current:
        yield current


def _table_name(tokens: Sequence[Token], start: int) -> tuple[str, int]:
    """Return the lower-case table name at ``tokens[start]`` (``schema.t`` -> ``t``) and the next index."""
    index = start
    name = ""
    while index < len(tokens) and tokens[index].kind is TokenKind.IDENT:
        name = tokens[index].text
        if index + 1 < len(tokens) and tokens[index + 1].text == ".":
            index += 2
            continue
        index += 1
        break
    return name.lower(), index


def _after_words(tokens: Sequence[Token], words: Iterable[str]) -> int:
    """Return the index of the first token after the leading keywords ``words`` (any of them, any order)."""
    wanted = {word.upper() for word in words}
    index = 0
    while index < len(tokens) and tokens[index].kind is TokenKind.IDENT and not tokens[index].quoted:
        if tokens[index].text.upper() not in wanted:
            break
        index += 1
    return index


def _groups(tokens: Sequence[Token], start: int) -> tuple[list[list[Token]], int]:
    """Return the comma-separated items of the parenthesis at ``tokens[start]``, and the next index."""
    items: list[list[Token]] = [[]]
    depth = 0
    for index in range(start, len(tokens)):
        token = tokens[index]
        if token.kind is TokenKind.PUNCT and token.text == "(":
            depth += 1
            if depth == 1:
                continue
        elif token.kind is TokenKind.PUNCT and token.text == ")":
            depth -= 1
            if depth == 0:
                return [item for item in items if item], index + 1
        elif token.kind is TokenKind.PUNCT and token.text == "," and depth == 1:
            items.append([])
            continue
        items[-1].append(token)
    return [item for item in items if item], len(tokens)


def _create_table(statement: list[Token], tables: dict[str, Table]) -> None:
    name, index = _table_name(
        statement, _after_words(statement, ("CREATE", "TEMPORARY", "TABLE", "IF", "NOT", "EXISTS"))
    )
    while index < len(statement) and statement[index].text != "(":
        index += 1
    items, _ = _groups(statement, index)
    table = Table(name)
    for item in items:
        first = item[0]
        words = [token.text.upper() for token in item if token.kind is TokenKind.IDENT and not token.quoted]
        if not first.quoted and first.text.lower() in _knowledge("constraint_words"):
            names = _listed(item)
            if words[:2] == ["PRIMARY", "KEY"] or "PRIMARY" in words[:3]:
                table.primary.update(names)
            if "REFERENCES" in words:
                target = _referenced(item)
                for column in names[: max(1, len(names))]:
                    table.references[column] = target
            continue
        if first.kind is not TokenKind.IDENT:
            continue
        column = first.text
        table.columns.append(column)
        if "PRIMARY" in words[1:]:
            table.primary.add(column)
        if "REFERENCES" in words[1:]:
            table.references[column] = _referenced(item)
    tables[name] = table


def _listed(item: list[Token]) -> list[str]:
    """Return the column names in the first parenthesis of a constraint (``PRIMARY KEY (`id`)``)."""
    for index, token in enumerate(item):
        if token.text == "(":
            names, _ = _groups(item, index)
            return [group[0].text for group in names if group[0].kind is TokenKind.IDENT]
    return []


def _referenced(item: list[Token]) -> str:
    """Return the table a ``REFERENCES t (...)`` clause names."""
    for index, token in enumerate(item):
        if token.kind is TokenKind.IDENT and not token.quoted and token.text.upper() == "REFERENCES":
            return _table_name(item, index + 1)[0]
    return ""


def _insert(statement: list[Token], tables: dict[str, Table]) -> None:
    name, index = _table_name(
        statement,
        _after_words(
            statement, ("INSERT", "REPLACE", "IGNORE", "LOW_PRIORITY", "DELAYED", "HIGH_PRIORITY", "INTO")
        ),
    )
    table = tables.setdefault(name, Table(name))
    columns = table.columns
    if index < len(statement) and statement[index].text == "(":
        groups, index = _groups(statement, index)
        columns = [group[0].text for group in groups]
    while index < len(statement) and statement[index].text.upper() not in ("VALUES", "VALUE"):
        index += 1
    index += 1
    while index < len(statement) and statement[index].text == "(":
        groups, index = _groups(statement, index)
        first = groups[0][0] if groups else statement[index - 1]
        values = {
            column: value
            for column, group in zip(columns, groups, strict=False)
            if (value := _literal(group)) is not None
        }
        _add_row(table, Record(name, values, first.line, first.column))
        if index < len(statement) and statement[index].text == ",":
            index += 1


def _copy(statement: list[Token], tables: dict[str, Table]) -> None:
    name, index = _table_name(statement, 1)
    table = tables.setdefault(name, Table(name))
    columns = table.columns
    if index < len(statement) and statement[index].text == "(":
        groups, index = _groups(statement, index)
        columns = [group[0].text for group in groups]
    for token in statement[index:]:
        if token.kind is not TokenKind.COPY_ROW:
            continue
        values = {
            column: Value(text, anchors, string=not _is_number(text))
            for column, (text, anchors) in zip(columns, token.fields, strict=False)
            if text is not None
        }
        _add_row(table, Record(name, values, token.line, token.column))


def _add_row(table: Table, record: Record) -> None:
    row = Row(record)
    row.holder = dict.fromkeys(record.values, record)
    table.rows.append(row)
    for column, value in record.values.items():
        table.note(row, column, value)


def _update(statement: list[Token], tables: dict[str, Table]) -> list[Record]:
    name, index = _table_name(
        statement, _after_words(statement, ("UPDATE", "LOW_PRIORITY", "IGNORE", "ONLY"))
    )
    assignments: dict[str, Value | None] = {}
    first: Token | None = None
    if index < len(statement) and statement[index].text.upper() == "SET":
        where = _keyword_at(statement, "WHERE", index)
        for item in _split(statement[index + 1 : where], ","):
            if len(item) >= 3 and item[1].text == "=":
                assignments[item[0].text] = _literal(item[2:])
                first = first or item[2]
    if first is None:
        return []
    records = []
    for row in _matching(statement, tables, None):
        values = {column: value for column, value in assignments.items() if value is not None}
        record = Record(name, values, first.line, first.column, row)
        for column in assignments:
            holder = row.holder.pop(column, None)
            if holder is not None:
                holder.values.pop(column, None)  # the old value is superseded: no longer read
            if column in values:
                row.holder[column] = record
                tables[name].note(row, column, values[column])
        row.updates.append(record)
        records.append(record)
    return records


def _matching(statement: list[Token], tables: dict[str, Table], keyword: str | None) -> list[Row]:
    """Return the live rows an UPDATE's or DELETE's ``WHERE col = v [AND ...]`` (``col IN (...)``) selects."""
    start = _after_words(statement, ("DELETE", "LOW_PRIORITY", "QUICK", "IGNORE", "FROM", "UPDATE", "ONLY"))
    if keyword is not None and start == 0:
        return []
    name, _ = _table_name(statement, start)
    table = tables.get(name)
    where = _keyword_at(statement, "WHERE", 0)
    if table is None or where >= len(statement):
        return []
    conditions: list[tuple[str, set[str]]] = []
    for item in _split(statement[where + 1 :], "AND"):
        if len(item) >= 3 and item[1].text == "=" and (value := _literal(item[2:])) is not None:
            conditions.append((item[0].text, {_same(value.text)}))
        elif len(item) >= 3 and item[1].text.upper() == "IN":
            groups, _ = _groups(item, 2)
            conditions.append(
                (item[0].text, {_same(value.text) for group in groups if (value := _literal(group))})
            )
        else:
            return []  # a condition this reader cannot evaluate selects nothing it can name
    if not conditions:
        return []
    column, wanted = conditions[0]
    candidates = {id(row): row for value in wanted for row in table.index.get((column, value), ())}
    return [
        row
        for row in candidates.values()
        if not row.deleted
        and all(
            (value := row.current(column)) is not None and _same(value.text) in wanted
            for column, wanted in conditions
        )
    ]


def _keyword_at(statement: list[Token], keyword: str, start: int) -> int:
    """Return the index of the first unquoted ``keyword`` from ``start`` on, else the statement's length."""
    for index in range(start, len(statement)):
        token = statement[index]
        if token.kind is TokenKind.IDENT and not token.quoted and token.text.upper() == keyword:
            return index
    return len(statement)


def _split(tokens: Sequence[Token], separator: str) -> list[list[Token]]:
    """Return ``tokens`` split at each top-level ``separator`` (a punctuation mark or a keyword)."""
    items: list[list[Token]] = [[]]
    depth = 0
    for token in tokens:
        depth += token.text == "(" and token.kind is TokenKind.PUNCT
        depth -= token.text == ")" and token.kind is TokenKind.PUNCT
        if (
            depth == 0
            and not token.quoted
            and token.kind is not TokenKind.STRING
            and token.text.upper() == separator
        ):
            items.append([])
        else:
            items[-1].append(token)
    return [item for item in items if item]


def _literal(tokens: Sequence[Token]) -> Value | None:
    """Return the literal a value's tokens write (``'x'``, ``-2.5``, ``DATE '2024-01-02'``), or None for
    NULL, a binary string and any expression."""
    if not tokens:
        return None
    first = tokens[0]
    rest = list(tokens[1:])
    if first.kind is TokenKind.IDENT and not first.quoted and rest and rest[0].kind is TokenKind.STRING:
        if first.text.lower() in _BINARY_PREFIXES:
            return None
        if first.text.lower() in _INTRODUCERS:
            first, rest = rest[0], rest[1:]
    if rest and rest[0].text == ":" and len(rest) >= 2 and rest[1].text == ":":
        rest = []  # PostgreSQL's cast: '2024-01-02'::date is the literal
    if first.kind is TokenKind.STRING and not rest:
        return Value(first.text, first.anchors, string=True)
    if (
        first.kind is TokenKind.PUNCT
        and first.text in "+-"
        and len(rest) == 1
        and rest[0].kind is TokenKind.NUMBER
    ):
        return Value(first.text + rest[0].text, ((0, first.line, first.column),))
    if first.kind is TokenKind.NUMBER and not rest:
        return Value(first.text, ((0, first.line, first.column),))
    return None


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _same(text: str) -> str:
    """Return a value as compared in a WHERE clause: numbers by value (``12`` = ``12.0``), text as written."""
    return repr(float(text)) if _is_number(text) else text


@cache
def _knowledge(group: str) -> frozenset[str]:
    """Return the words of ``group`` in ``sqldump.yaml``, lower-case."""
    return frozenset(str(word).lower() for word in sql_knowledge()[group])


@cache
def sql_knowledge() -> dict[str, list[str]]:
    """Return what ``sqldump.yaml`` lists: dump openers, dumpers' boilerplate comments, word lists."""
    text = resources.files("factlint.sources").joinpath("sqldump.yaml").read_text(encoding="utf-8")
    loaded: dict[str, list[str]] = yaml.safe_load(text)
    return loaded
