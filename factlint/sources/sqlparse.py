"""The tables of an SQL dump: columns from CREATE TABLE, rows from INSERT and COPY, then UPDATE and DELETE.

Statements are read in order, as the database would run them. ``CREATE TABLE t (...)`` gives a
table's column names, its primary key and the columns that refer to other tables; ``INSERT INTO t
[(cols)] VALUES (...), (...)`` and a ``COPY t (cols) FROM stdin`` block add rows whose values keep
their file places (without a CREATE TABLE or a column list, values are known by place: "#1", "#2").
A column's ``COMMENT '...'``, a table's ``COMMENT='...'`` and PostgreSQL's ``COMMENT ON TABLE/COLUMN``
are kept with the table. SQLite's ``replace('a\\nb','\\n',char(10))`` is the string it writes.
``UPDATE t SET col = v WHERE ...`` writes a new value over the matching rows'
old one, which is superseded (the update is a record of its own, on the statement's line);
``DELETE FROM t WHERE ...`` withdraws the matching rows. Any other statement (``DROP``, ``LOCK``,
``SET``, ``ALTER``, MySQL's conditional comments) is machinery. A value that is no literal (a call,
an expression) is no value, as ``NULL`` is.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache

from factlint.sources.sqllex import Anchors, Token, TokenKind, sql_knowledge

# Words before a string literal that only say how to read it: a charset, a type (DATE '2024-01-02').
_INTRODUCERS = frozenset({"_binary", "_utf8", "_utf8mb4", "_latin1", "n", "date", "time", "timestamp"})
_BINARY_PREFIXES = frozenset({"x", "b"})  # X'0F', b'101': bytes, no text
POSITION = "#"  # opens the name of a value known only by its place in the row (no column names)


@dataclass(frozen=True)
class Value:
    """One literal of a row: its text (a string's decoded value, a number as written) and anchors."""

    text: str
    anchors: Anchors
    string: bool = False


@dataclass
class Record:
    """The values one statement gives one row: an inserted row's, or an UPDATE's new ones (one record
    for all the rows the UPDATE selects; ``read_statements`` returns one of its own per row)."""

    table: str
    values: dict[str, Value]  # column name -> value; NULL and non-literal values are left out
    line: int
    column: int
    row: Row | None = None  # for an UPDATE: the row it writes to


@dataclass(eq=False)
class Row:
    """A row of a table: the record that inserted it, the table holding it, deleted or not."""

    inserted: Record
    table: Table = field(repr=False)
    deleted: bool = False

    def current(self, column: str) -> Value | None:
        """Return the column's current value, whichever record holds it."""
        record = self.table.holders.get(column, {}).get(id(self))
        return record.values.get(column) if record is not None else None


@dataclass(eq=False)
class Table:
    """A table's columns (in order), its key columns and the columns referring to other tables."""

    name: str
    columns: list[str] = field(default_factory=list)
    primary: set[str] = field(default_factory=set)
    references: dict[str, str] = field(default_factory=dict)  # column -> referenced table
    rows: list[Row] = field(default_factory=list)
    # (column, value as compared) -> the live rows that held it at some time (by id): a WHERE's
    # candidates, exact for a column no UPDATE wrote
    index: dict[tuple[str, str], dict[int, Row]] = field(default_factory=dict)
    holders: dict[str, dict[int, Record]] = field(default_factory=dict)  # column -> row id -> its record
    changed: set[str] = field(default_factory=set)  # the columns UPDATEs wrote
    # column -> its COMMENT ('' -> the table's own): MySQL's COMMENT '...', PostgreSQL's COMMENT ON
    comments: dict[str, Value] = field(default_factory=dict)

    def hold(self, rows: dict[int, Row], column: str, record: Record) -> None:
        """Record that ``rows`` now hold ``record``'s value in ``column`` (none if it writes NULL)."""
        self.holders.setdefault(column, {}).update(dict.fromkeys(rows, record))
        value = record.values.get(column)
        if value is not None:
            self.index.setdefault((column, _same(value.text)), {}).update(rows)


@dataclass(frozen=True)
class Dump:
    """The tables of a dump (rows deleted are kept, flagged) and its UPDATE records, in file order."""

    tables: tuple[Table, ...]
    updates: tuple[Record, ...]
    problems: tuple[str, ...] = ()  # "line N: reason" for statements not read (a stray quote)


def read_statements(tokens: Iterable[Token]) -> Dump:
    """Return the tables and updates that running the dump's statements in order would leave."""
    tables: dict[str, Table] = {}
    problems: list[str] = []
    for statement in _statements(tokens, problems):
        words = [token.text.upper() for token in statement[:3] if token.kind is TokenKind.IDENT]
        if words[:2] == ["CREATE", "TABLE"] or words[:3] == ["CREATE", "TEMPORARY", "TABLE"]:
            _create_table(statement, tables)
        elif words[:1] in (["INSERT"], ["REPLACE"]):
            _insert(statement, tables)
        elif words[:1] == ["COPY"]:
            _copy(statement, tables)
        elif words[:1] == ["UPDATE"]:
            _update(statement, tables)
        elif words[:1] == ["DELETE"]:
            for row in _matching(statement, tables, "FROM").values():
                _delete(row)
        elif words[:2] == ["COMMENT", "ON"]:
            _comment_on(statement, tables)
    for table in tables.values():
        _settle(table)
    return Dump(tuple(tables.values()), _per_row(tables.values()), tuple(problems))


def _delete(row: Row) -> None:
    """Withdraw ``row``: no WHERE finds it by the values it was inserted with."""
    row.deleted = True
    for column, value in row.inserted.values.items():
        row.table.index.get((column, _same(value.text)), {}).pop(id(row), None)


def _settle(table: Table) -> None:
    """Leave out of each inserted record the values UPDATEs wrote over (superseded: no longer read)."""
    for row in table.rows:
        record = row.inserted
        if table.changed.intersection(record.values):
            record.values = {
                column: value
                for column, value in record.values.items()
                if table.holders[column].get(id(row)) is record
            }


def _per_row(tables: Iterable[Table]) -> tuple[Record, ...]:
    """Return a record of each UPDATE for each row holding values it wrote, in file order."""
    records: list[Record] = []
    for table in tables:
        for row in table.rows:
            held: dict[int, Record] = {}
            for column in table.changed:
                record = table.holders[column].get(id(row))
                if record is None or record is row.inserted or column not in record.values:
                    continue
                view = held.setdefault(id(record), Record(record.table, {}, record.line, record.column, row))
                view.values[column] = record.values[column]
            records.extend(held.values())
    return tuple(sorted(records, key=lambda record: (record.line, record.column)))


def _statements(tokens: Iterable[Token], problems: list[str]) -> Iterator[list[Token]]:
    """Yield each statement's code tokens (no comments), ended by ``;``; COPY rows join their COPY.
    A BROKEN token drops the statement it stands in and adds its reason to ``problems``."""
    current: list[Token] = []
    ended: list[Token] = []  # the statement just ended, held until its COPY rows (if any) are read
    for token in tokens:
        if token.kind in (TokenKind.COMMENT, TokenKind.CONDITIONAL):
            continue
        if token.kind is TokenKind.BROKEN:
            problems.append(token.text)
            current = []
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
    items, after = _groups(statement, index)
    table = Table(name)
    if (comment := _comment(statement[after:])) is not None:
        table.comments[""] = comment
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
        if (comment := _comment(item[1:])) is not None:
            table.comments[column] = comment
        if "PRIMARY" in words[1:]:
            table.primary.add(column)
        if "REFERENCES" in words[1:]:
            table.references[column] = _referenced(item)
    tables[name] = table


def _comment(tokens: Sequence[Token]) -> Value | None:
    """Return the string of MySQL's ``COMMENT 'text'`` (or ``COMMENT='text'``) among ``tokens``."""
    index = keyword_at(tokens, "COMMENT", 0)
    rest = [token for token in tokens[index + 1 : index + 3] if token.text != "="]
    if rest and rest[0].kind is TokenKind.STRING:
        return Value(rest[0].text, rest[0].anchors, string=True)
    return None


def _comment_on(statement: list[Token], tables: dict[str, Table]) -> None:
    """Keep PostgreSQL's ``COMMENT ON TABLE t IS '...'`` / ``COMMENT ON COLUMN t.c IS '...'``."""
    kind = statement[2].text.upper() if len(statement) > 2 else ""
    at = keyword_at(statement, "IS", 3)
    names = [token.text for token in statement[3:at] if token.kind is TokenKind.IDENT]
    text = statement[at + 1] if at + 1 < len(statement) else None
    if text is None or text.kind is not TokenKind.STRING or kind not in ("TABLE", "COLUMN") or not names:
        return
    column = names[-1] if kind == "COLUMN" else ""
    table_names = names[:-1] if kind == "COLUMN" else names
    if table_names:
        table = tables.setdefault(table_names[-1].lower(), Table(table_names[-1].lower()))
        table.comments[column] = Value(text.text, text.anchors, string=True)


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
            for column, group in zip(columns or positions(len(groups)), groups, strict=False)
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
            for column, (text, anchors) in zip(
                columns or positions(len(token.fields)), token.fields, strict=False
            )
            if text is not None
        }
        _add_row(table, Record(name, values, token.line, token.column))


def positions(count: int) -> list[str]:
    """Return the names of ``count`` values of a row whose table has no known columns: "#1", "#2"..."""
    return [f"{POSITION}{number}" for number in range(1, count + 1)]


def _add_row(table: Table, record: Record) -> None:
    row = Row(record, table)
    table.rows.append(row)
    for column in record.values:
        table.hold({id(row): row}, column, record)


def _update(statement: list[Token], tables: dict[str, Table]) -> None:
    """Write an UPDATE's new values over the rows it selects (one record for them all)."""
    name, index = _table_name(
        statement, _after_words(statement, ("UPDATE", "LOW_PRIORITY", "IGNORE", "ONLY"))
    )
    assignments: dict[str, Value | None] = {}
    first: Token | None = None
    if index < len(statement) and statement[index].text.upper() == "SET":
        where = keyword_at(statement, "WHERE", index)
        for item in _split(statement[index + 1 : where], ","):
            if len(item) >= 3 and item[1].text == "=":
                assignments[item[0].text] = _literal(item[2:])
                first = first or item[2]
    if first is None:
        return
    values = {column: value for column, value in assignments.items() if value is not None}
    record = Record(name, values, first.line, first.column)
    rows = _matching(statement, tables, None)
    for column in assignments if rows else ():
        tables[name].hold(rows, column, record)
        tables[name].changed.add(column)


def _matching(statement: list[Token], tables: dict[str, Table], keyword: str | None) -> dict[int, Row]:
    """Return the live rows an UPDATE's or DELETE's ``WHERE col = v [AND ...]`` (``col IN (...)``) selects."""
    start = _after_words(statement, ("DELETE", "LOW_PRIORITY", "QUICK", "IGNORE", "FROM", "UPDATE", "ONLY"))
    if keyword is not None and start == 0:
        return {}
    name, _ = _table_name(statement, start)
    table = tables.get(name)
    where = keyword_at(statement, "WHERE", 0)
    if table is None or where >= len(statement):
        return {}
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
            return {}  # a condition this reader cannot evaluate selects nothing it can name
    if not conditions:
        return {}
    found = [_holding(table, column, wanted) for column, wanted in conditions]
    if len(found) == 1:
        return found[0]
    return {key: row for key, row in found[0].items() if all(key in other for other in found[1:])}


def _holding(table: Table, column: str, wanted: set[str]) -> dict[int, Row]:
    """Return the live rows whose ``column`` now holds one of the ``wanted`` values."""
    keys = [(column, value) for value in wanted]
    if len(keys) == 1:
        candidates = dict(table.index.get(keys[0], {}))
    else:
        candidates = {id_: row for key in keys for id_, row in table.index.get(key, {}).items()}
    if column not in table.changed:
        return candidates
    return {
        id_: row
        for id_, row in candidates.items()
        if not row.deleted and (value := row.current(column)) is not None and _same(value.text) in wanted
    }


def keyword_at(statement: Sequence[Token], keyword: str, start: int) -> int:
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
    if first.kind is TokenKind.IDENT and first.text.lower() == "replace" and rest and rest[0].text == "(":
        return _replaced(tokens)
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


def _replaced(tokens: Sequence[Token]) -> Value | None:
    """Return the string SQLite's ``replace('a\\nb','\\n',char(10))`` writes (a string with line breaks),
    each character anchored where the file has it; None for any other call."""
    if tokens[-1].text != ")":
        return None
    arguments = _split(tokens[2:-1], ",")
    if len(arguments) != 3:
        return None
    value, old, new = _literal(arguments[0]), _literal(arguments[1]), _character(arguments[2])
    if value is None or not value.string or old is None or not old.string or new is None:
        return None
    return _substituted(value, old.text, new)


def _character(tokens: Sequence[Token]) -> str | None:
    """Return the text of ``char(10)`` (or of a string literal), else None."""
    texts = [token.text for token in tokens]
    if len(texts) == 4 and texts[0].lower() == "char" and texts[1] == "(" and texts[3] == ")":
        return chr(int(texts[2])) if texts[2].isdigit() and int(texts[2]) < 0x110000 else None
    literal = _literal(tokens)
    return literal.text if literal is not None and literal.string else None


def _substituted(value: Value, old: str, new: str) -> Value:
    """Return ``value`` with each ``old`` replaced by ``new``, its anchors moved to match."""
    if not old or old not in value.text:
        return value
    starts = [anchor[0] for anchor in value.anchors]

    def place(offset: int) -> tuple[int, int]:
        start, line, column = value.anchors[max(bisect_right(starts, offset) - 1, 0)]
        return line, column + offset - start

    pieces: list[str] = []
    anchors: dict[int, tuple[int, int, int]] = {}
    length = index = 0
    while index <= len(value.text):
        found = value.text.find(old, index)
        end = len(value.text) if found == -1 else found
        anchors.setdefault(length, (length, *place(index)))
        for start, line, column in value.anchors:
            if index < start < end:
                anchors[length + start - index] = (length + start - index, line, column)
        pieces.append(value.text[index:end])
        length += end - index
        if found == -1:
            break
        anchors[length] = (length, *place(found))
        pieces.append(new)
        length += len(new)
        index = found + len(old)
    text = "".join(pieces)
    kept = tuple(anchors[offset] for offset in sorted(anchors) if offset < len(text) or offset == 0)
    return Value(text, kept, string=True)


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


def literal_value(tokens: Sequence[Token]) -> Value | None:
    """Return the literal a value's tokens write, or None for NULL, a binary string and any expression
    (what an UPDATE's ``SET col = ...`` or a WHERE's ``col = ...`` compares)."""
    return _literal(tokens)


def split_tokens(tokens: Sequence[Token], separator: str) -> list[list[Token]]:
    """Return ``tokens`` split at each top-level ``separator`` (a punctuation mark or a keyword)."""
    return _split(tokens, separator)


def same_value(text: str) -> str:
    """Return a value as a WHERE clause compares it: numbers by value (``12`` = ``12.0``), text as written."""
    return _same(text)
