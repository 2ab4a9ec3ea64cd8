"""SQL dumps (mysqldump, pg_dump's plain format, sqlite3 ``.dump``) read as records and prose.

A dump states its figures in rows whose column names carry the units (``mem_gb``, ``tdp_w``,
``list_price_usd``), as a data file's keys do, and in comments. Each table row is read as a
data-file record (decisions 0069, 0080): a TABLE_ROW whose headers are the column names as words
and whose cells are the row's values, each anchored at its place in the file. ``NULL`` is no value;
keys (the primary key, ``id``, ``*_id`` and columns referring to another table) are no figures. A
free-text column (``notes``, ``comment``: the data keys' ``prose_keys``) is prose about the row's
product: a paragraph labelled with the row's name (its ``model``/``name`` column); a clause of it
without a figure that names another column ("price is a reseller quote, not confirmed") notes that
column's value, as a comment after a data value does (``datablocks.noted_value``).

An ``UPDATE`` is a correction read where it stands: its new values are a record of the row it
selects, named as the row is, and the values it writes over are superseded (no longer read on the
row's line); a ``DELETE`` withdraws its rows. Comments are prose: a run of ``--`` lines is one
paragraph (a sentence may wrap over them), a ``/* */`` comment is one, a comment after code on its
line is one of its own; the dumpers' own comments (versions, hosts, section titles, listed in
``sqldump.yaml``), rules (``-- ----``) and MySQL's conditional ``/*!40101 ... */`` statements are
machinery. See decision 0141.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache

from factlint.models import Block, BlockKind
from factlint.sources.blocks import anchored_block
from factlint.sources.datablocks import (
    anchored_record_block,
    data_keys,
    key_words,
    per_part_headers,
    record_block,
)
from factlint.sources.htmltext import AnchoredText, join
from factlint.sources.sqllex import Token, TokenKind, sql_knowledge, sql_tokens
from factlint.sources.sqlparse import POSITION, Record, Row, Table, read_statements

SQL_SUFFIXES = frozenset({".sql"})
_RULE = re.compile(r"[\s\-=#*~_+/.]*")
_NUMBER = re.compile(r"[+\-]?\.?\d")
_CLAUSE_BREAK = re.compile(r";")
_WORDS = re.compile(r"[a-z0-9]+")
# A number with no unit after it: "now 1999.00 (list)", not "128 GB" nor "$1,999" nor "v2.1".
_BARE_NUMBER = re.compile(
    r"(?<![\w.,$€£/-])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w%]|[.,]\d|\s*[A-Za-z%$€£/])"
    r"|(?<![\w.,$€£/-])\d+(?:\.\d+)?(?![\w%]|[.,]\d|\s*[A-Za-z%$€£/])"
)
_LINE_NUMBER = re.compile(r"\bline (\d+)")
_MYSQL_HEADER = re.compile(r"^-- (?:MySQL|MariaDB) dump", re.MULTILINE)
# The unit a column's comment ends on: "memory per GPU, GB", "board power (W)", "price in USD".
_COMMENT_UNIT = re.compile(r"(?:,|\(|\bin)\s*([A-Za-z%$€£][\w/%]*)\)?\s*\.?\s*$")


def is_sql_dump(lines: Sequence[str], suffix: str) -> bool:
    """Return True for a ``.sql`` file, or a file whose first non-blank line opens as a dump does
    (``-- MySQL dump``, ``-- PostgreSQL database dump``, ``PRAGMA foreign_keys=OFF;``, ``CREATE TABLE``),
    in the dumpers' own case: a memo opening "Create tables for ..." is no dump."""
    if suffix.lower() in SQL_SUFFIXES:
        return True
    first = next((line.strip() for line in lines if line.strip() not in ("", "--")), "")
    return any(_opens_with(first, opener) for opener in sql_knowledge()["openers"])


def _opens_with(line: str, opener: str) -> bool:
    """Return True if ``line`` starts with ``opener`` as a dumper writes it: same case, whole words."""
    rest = line[len(opener) : len(opener) + 1]
    return line.startswith(opener) and not (opener[-1].isalnum() and rest.isalnum())


@dataclass(frozen=True)
class SqlDumpFile:
    """The blocks of a dump and the problems of the statements it could not read."""

    blocks: tuple[Block, ...]
    problems: tuple[str, ...] = ()  # "line N: reason"


def parse_sql_dump(lines: Sequence[str], body_line: int = 1) -> list[Block]:
    """Return a dump's blocks: rows and UPDATEs as table rows, notes and comments as paragraphs."""
    return list(read_sql_dump(lines, body_line).blocks)


def read_sql_dump(lines: Sequence[str], body_line: int = 1) -> SqlDumpFile:
    """Return a dump's blocks (see :func:`parse_sql_dump`) and the problems of statements not read."""
    text = "\n".join(lines[body_line - 1 :])
    tokens = _dump_tokens(text)
    if body_line > 1:
        tokens = [_moved(token, body_line - 1) for token in tokens]
    dump = read_statements(tokens)
    names = {table.name: table for table in dump.tables}
    blocks: list[Block] = []
    for table in dump.tables:
        blocks.extend(_described(table))
        for row in table.rows:
            if not row.deleted:
                blocks.extend(_record_blocks(row.inserted, table, row))
    comments = _comment_blocks(tokens)
    for record in dump.updates:
        if record.row is not None and not record.row.deleted:
            blocks.extend(_record_blocks(record, names[record.table], record.row))
            blocks.extend(_restated(record, names[record.table], record.row, comments))
    blocks.extend(comments)
    return SqlDumpFile(tuple(sorted(blocks, key=lambda block: (block.line, block.column))), dump.problems)


def _described(table: Table) -> list[Block]:
    """Return a paragraph for each comment on ``table`` or its columns, headed by the table's (and the
    column's) name: prose about them."""
    blocks = []
    for column, comment in table.comments.items():
        if comment.text.strip():
            headings = (key_words(table.name), key_words(column)) if column else (key_words(table.name),)
            text = AnchoredText(comment.text, comment.anchors)
            blocks.append(anchored_block(BlockKind.PARAGRAPH, text, headings))
    return blocks


def _header(column: str, table: Table) -> str:
    """Return a column's header: its name as words, with the unit its comment names if the name has
    none ("mem" commented "memory per GPU, GB" -> "mem GB"); a column known only by place has none."""
    if column.startswith(POSITION):
        return ""
    words = key_words(column)
    comment = table.comments.get(column)
    found = _COMMENT_UNIT.search(comment.text) if comment is not None else None
    if found is None:
        return words
    unit = found.group(1)
    units = _comment_units()
    named = {word.lower() for word in words.split()}
    return f"{words} {unit}" if unit.lower() in units and not named & units else words


def _dump_tokens(text: str) -> list[Token]:
    """Return a dump's tokens, with MySQL's backslash escapes in strings if the dump is MySQL's: its
    header, a conditional ``/*!40101 ... */`` or a backtick-quoted name in code (not in a string)."""
    if _MYSQL_HEADER.search(text) is None:
        tokens = list(sql_tokens(text, backslash_escapes=False))
        rows = text.split("\n")
        if not any(_is_mysql_sign(token, rows) for token in tokens):
            return tokens
    return list(sql_tokens(text, backslash_escapes=True))


def _is_mysql_sign(token: Token, rows: Sequence[str]) -> bool:
    """Return True for a MySQL conditional comment or a backtick-quoted identifier."""
    if token.kind is TokenKind.CONDITIONAL:
        return True
    return token.quoted and rows[token.line - 1][token.column - 1 : token.column] == "`"


def _restated(update: Record, table: Table, row: Row, comments: Sequence[Block]) -> list[Block]:
    """Return a record for each bare number of the comment right above an UPDATE that writes the
    UPDATE's new value ("price went up: was 1599.00, now 1999.00" above ``SET price_usd = 1999.00``):
    the comment explains the change, so the number is that column's figure, named as the row is."""
    above = next((block for block in comments if _last_line(block) == update.line - 1), None)
    if above is None:
        return []
    name_column = _name_column(table, row)
    name = row.current(name_column) if name_column is not None else None
    blocks = []
    for number in _BARE_NUMBER.finditer(above.text):
        for column, value in update.values.items():
            if value.string or not column_is_figure(value.text) or _is_key(column, table):
                continue
            if float(number.group().replace(",", "")) != float(value.text):
                continue
            line, column_at = above.position(number.start())
            cells = [(number.group(), line, column_at)]
            headers = [key_words(column)]
            if name is not None and name_column is not None:
                cells.insert(0, (name.text, line, column_at))
                headers.insert(0, key_words(name_column))
            blocks.append(record_block(headers, cells, (), name.text if name is not None else None))
    return blocks


def _last_line(block: Block) -> int:
    """Return the file line of a block's last character."""
    return block.position(max(len(block.text) - 1, 0))[0]


def _moved(token: Token, offset: int) -> Token:
    """Return ``token`` placed ``offset`` lines further down (the dump read after front matter)."""
    text = token.text
    if token.kind is TokenKind.BROKEN:  # its reason names lines: "line 3: quote not closed ..."
        text = _LINE_NUMBER.sub(lambda found: f"line {int(found.group(1)) + offset}", text)
    return replace(
        token,
        text=text,
        line=token.line + offset,
        anchors=tuple((start, line + offset, column) for start, line, column in token.anchors),
        fields=tuple(
            (text, tuple((start, line + offset, column) for start, line, column in anchors))
            for text, anchors in token.fields
        ),
    )


def _record_blocks(record: Record, table: Table, row: Row) -> list[Block]:
    """Return a record's TABLE_ROW (its figures, named as its row is) and a paragraph per free-text value."""
    name_column = _name_column(table, row)
    name = row.current(name_column) if name_column is not None else None
    label = name.text if name is not None else None
    prose: list[AnchoredText] = []
    notes: list[str] = []
    cells: list[tuple[str, str, tuple[tuple[int, int, int], ...]]] = []  # header, text, anchors
    for column in _ordered(record, table):
        value = record.values[column]
        if _is_key(column, table):
            continue
        if column.lower() in data_keys("prose_keys") and " " in value.text.strip():
            prose.append(AnchoredText(value.text, value.anchors))
            notes.extend(clause.strip() for clause in _CLAUSE_BREAK.split(value.text))
            continue
        cells.append((_header(column, table), value.text, value.anchors))
    blocks = [
        anchored_block(BlockKind.PARAGRAPH, part, (), label=label) for part in prose if part.text.strip()
    ]
    figures = [cell for cell in cells if column_is_figure(cell[1])]
    if not figures or (name is not None and len(figures) == 1 and figures[0][1] == name.text):
        return blocks
    if name is not None and name_column not in record.values:
        # an UPDATE's record names its row where the statement selects it (its first value's place)
        cells.insert(0, (key_words(name_column or ""), name.text, cells[0][2][:1]))
    headers = per_part_headers([header for header, _, _ in cells]) if any(h for h, _, _ in cells) else ()
    placed = [
        (_noted(text, header, notes) if column_is_figure(text) else text, anchors)
        for (header, text, anchors) in cells
    ]
    blocks.append(anchored_record_block(headers, placed, (), label))
    return blocks


def column_is_figure(text: str) -> bool:
    """Return True for a value that opens with a number (``128.0``, ``-3``, ``2024-11-18``)."""
    return _NUMBER.match(text.strip()) is not None


def _ordered(record: Record, table: Table) -> list[str]:
    """Return a record's columns in the table's order (an UPDATE's in the order it set them)."""
    known = [column for column in table.columns if column in record.values]
    return known + [column for column in record.values if column not in known]


def _name_column(table: Table, row: Row) -> str | None:
    """Return the column naming a row's product (``model``, ``name``: the data keys' ``name_keys``)."""
    columns = table.columns or list(row.inserted.values)
    return next((column for column in columns if column.lower() in data_keys("name_keys")), None)


def _is_key(column: str, table: Table) -> bool:
    """Return True for a key column: the primary key, ``id``, ``*_id`` or one referring to another table."""
    words = key_words(column).lower().split()
    return (
        column in table.primary
        or column in table.references
        or (bool(words) and words[-1] in ("id", "uuid", "guid"))
    )


@cache
def _unit_words() -> frozenset[str]:
    """Return the unit words ``sqldump.yaml`` lists, in lower case."""
    return frozenset(str(word).lower() for word in sql_knowledge()["unit_words"])


@cache
def _comment_units() -> frozenset[str]:
    """Return the units a column's comment may name that ``sqldump.yaml`` lists, in lower case."""
    return frozenset(str(word).lower() for word in sql_knowledge()["comment_units"])


def _noted(text: str, header: str, clauses: Sequence[str]) -> str:
    """Return a value's text noted by the clauses of its row's notes that name its column without a figure."""
    if not clauses:
        return text
    unit_words = _unit_words()
    names = {word for word in header.lower().split() if word not in unit_words and len(word) >= 3}
    noting = [
        clause
        for clause in clauses
        if clause
        and not any(character.isdigit() for character in clause)
        and names & set(_WORDS.findall(clause.lower()))
    ]
    return f"{text} ({'; '.join(noting)})" if noting else text


def _comment_blocks(tokens: Sequence[Token]) -> list[Block]:
    """Return a paragraph for each run of full-line ``--`` comments, each block comment and each
    comment after code; the dumpers' own comments and rules break a run and say nothing."""
    boilerplate = tuple(opener.lower() for opener in sql_knowledge()["boilerplate"])
    blocks: list[Block] = []
    run: list[AnchoredText] = []
    last_line = 0

    def flush() -> None:
        if run:
            text, anchors, _ = join(run, "\n")
            blocks.append(anchored_block(BlockKind.PARAGRAPH, AnchoredText(text, tuple(anchors)), ()))
            run.clear()

    for token in tokens:
        if token.kind is not TokenKind.COMMENT:
            flush()
            continue
        silent = _RULE.fullmatch(token.text) is not None or token.text.lower().startswith(boilerplate)
        line_comment = not token.block
        if silent or token.trailing or not line_comment or token.line != last_line + 1:
            flush()
        last_line = token.line
        if silent:
            continue
        if token.trailing or not line_comment:
            blocks.append(anchored_block(BlockKind.PARAGRAPH, AnchoredText(token.text, token.anchors), ()))
        else:
            run.append(AnchoredText(token.text, token.anchors))
    flush()
    return blocks
