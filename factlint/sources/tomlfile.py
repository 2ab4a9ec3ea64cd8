"""TOML files (.toml) read as documents of records and prose.

A TOML configuration (a benchmark harness, a cluster inventory, a ``pyproject.toml``) states its
figures in two places, and each is read as its kind of text (decision 0150):

- Tables are records, read as data-file records are (decisions 0069, 0080): each ``[table]``,
  each entry of an ``[[array.of.tables]]`` and each inline table is a TABLE_ROW whose headers are
  its keys as words (``mem_bw_gbs`` -> "mem bw gbs"), so that units, precisions and sparsity are
  read from key names as for YAML keys, SQL columns and HCL attributes. A key naming the record
  (``name``, ``model``: the data keys' ``name_keys``) comes first, and an ``id`` beside it is no
  figure. Arrays of plain values (``batch_sizes = [1, 4, 16]``) are settings, not records.
- Comments are prose: a run of full-line comments is one paragraph (a sentence may wrap from one
  comment line to the next), a comment after a value is a paragraph of its own when it holds a
  figure and otherwise notes the value it follows (``fp16_tflops = 184.6  # dense``). A comment
  is read under the headings of the table it stands in and labelled with the record's name, and
  a comment run set apart by a blank line right above a header (blank lines only between)
  introduces that header's table.

Values come from ``tomllib`` (so the file is read as TOML reads it); their places come from
``tomlscan``. A file ``tomllib`` rejects is reported, and read as plain text by the loader.
"""

from __future__ import annotations

import bisect
import datetime
import math
import re
import tomllib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

import yaml

from factlint.models import Block, BlockKind
from factlint.sources.blocks import anchored_block
from factlint.sources.datablocks import data_keys, holds_figure, key_words, node_blocks
from factlint.sources.htmltext import AnchoredText, join
from factlint.sources.linecomments import RULE, comment_runs
from factlint.sources.tomlscan import Header, TomlLayout, TomlPath, scan_toml

TOML_SUFFIXES = frozenset({".toml"})
_DECIMAL = re.compile(r"[+-]?\d[\d_]*(?:\.\d[\d_]*)?(?:[eE][+-]?\d+)?")
_QUOTE_STYLES = {'"': '"', "'": "'", '"""': '"', "'''": "'"}


@dataclass(frozen=True)
class TomlDocument:
    """The blocks read from a TOML file, or the reason it is no valid TOML (``error``: "line N: ...")."""

    blocks: tuple[Block, ...]
    error: str | None = None


@dataclass(frozen=True)
class _Table:
    """The lines a table spans, its headings and the name of the record it is."""

    first: int
    last: int
    headings: tuple[str, ...]
    label: str | None


def parse_toml_file(lines: Sequence[str]) -> TomlDocument:
    """Return the record rows and prose paragraphs of a TOML file's ``lines``, in file order."""
    text = "\n".join(lines)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as problem:
        line = getattr(problem, "lineno", None) or _error_line(str(problem))
        return TomlDocument((), error=f"line {line}: not valid TOML: {str(problem).split(' (at')[0]}")
    layout = scan_toml(text)
    tables = _tables(data, layout)
    blocks = [_labelled(block, tables) for block in _record_blocks(data, layout, lines)]
    blocks.extend(_comment_blocks(layout, lines, tables))
    return TomlDocument(tuple(sorted(blocks, key=lambda block: (block.line, block.column))))


def _labelled(block: Block, tables: _Tables) -> Block:
    """Return a prose field's paragraph labelled with the name of the record it stands in."""
    if block.kind is not BlockKind.PARAGRAPH or block.label is not None:
        return block
    table = tables.holding(block.line)
    return block if table is None or table.label is None else replace(block, label=table.label)


@dataclass(frozen=True)
class _Tables:
    """The tables of a file in file order, and the lines their headers stand on (to bisect)."""

    tables: tuple[_Table, ...]
    firsts: tuple[int, ...]

    def holding(self, line: int) -> _Table | None:
        """Return the table whose header is the last one at or above ``line``."""
        index = bisect.bisect_right(self.firsts, line)
        return self.tables[index - 1] if index else None

    def below(self, line: int) -> _Table | None:
        """Return the first table whose header stands below ``line``."""
        index = bisect.bisect_right(self.firsts, line)
        return self.tables[index] if index < len(self.tables) else None


def _error_line(message: str) -> int:
    found = re.search(r"at line (\d+)", message)
    return int(found.group(1)) if found else 1


def _record_blocks(data: dict[str, object], layout: TomlLayout, lines: Sequence[str]) -> Iterator[Block]:
    """Yield the rows of the file's records: the top-level values as one, each top-level table under
    its name as a heading."""
    top = {key: value for key, value in data.items() if not _is_table(value)}
    root = _mapping(top, (), layout)
    if root is not None:
        yield from node_blocks(root, 0, (), None, lines)
    for key, value in data.items():
        if _is_table(value):
            node = _mapping({key: value}, (), layout)
            if node is not None:
                yield from node_blocks(node, 0, (key_words(key),), None, lines)


def _is_table(value: object) -> bool:
    """Return True for a table or an array of tables."""
    return isinstance(value, dict) or (
        isinstance(value, list) and bool(value) and all(isinstance(item, dict) for item in value)
    )


def _mapping(table: dict[str, object], path: TomlPath, layout: TomlLayout) -> yaml.MappingNode | None:
    """Return a table as a YAML mapping at the file places of its keys and values, its naming key
    first and an ``id`` beside a naming key left out; None if no value of it is placed."""
    keys = list(table)
    named = any(key.lower() in data_keys("name_keys") for key in keys)
    keys.sort(key=lambda key: key.lower() not in data_keys("name_keys"))
    pairs: list[tuple[yaml.Node, yaml.Node]] = []
    for key in keys:
        if named and _is_identifier(key):
            continue
        node = _node(table[key], (*path, key), layout)
        place = layout.keys.get((*path, key))
        if node is None or place is None:
            continue
        mark = _mark(*place)
        pairs.append((yaml.ScalarNode("tag:yaml.org,2002:str", key, mark, mark), node))
    if not pairs:
        return None
    first = pairs[0][0]
    return yaml.MappingNode("tag:yaml.org,2002:map", pairs, first.start_mark, first.end_mark)


def _is_identifier(key: str) -> bool:
    """Return True for a key that identifies a record rather than naming it: ``id``, ``*_id``, ``uuid``."""
    words = key_words(key).lower().split()
    return bool(words) and words[-1] in ("id", "uuid", "guid")


def _node(value: object, path: TomlPath, layout: TomlLayout) -> yaml.Node | None:
    """Return a value as a YAML node at its file place, or None if the scanner did not place it."""
    if isinstance(value, dict):
        return _mapping(value, path, layout)
    if isinstance(value, list):
        nodes = [node for index, item in enumerate(value) if (node := _node(item, (*path, index), layout))]
        if not nodes:
            return None
        return yaml.SequenceNode("tag:yaml.org,2002:seq", nodes, nodes[0].start_mark, nodes[0].end_mark)
    place = layout.values.get(path)
    if place is None:
        return None
    style = _QUOTE_STYLES.get(place.quote)
    # a quoted value's mark stands on its opening quote, as YAML's does
    mark = _mark(place.line, place.column - 1 if style else place.column)
    return yaml.ScalarNode("tag:yaml.org,2002:str", _text(value, place.raw), mark, mark, style=style)


def _text(value: object, raw: str) -> str:
    """Return a value's text as a cell shows it: a string as read, a number as written (without
    ``_`` digit separators), a date as written."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float) and not (isinstance(value, float) and not math.isfinite(value)):
        return raw.replace("_", "") if _DECIMAL.fullmatch(raw) else str(value)
    if isinstance(value, datetime.date | datetime.time):
        return raw
    return raw


def _mark(line: int, column: int) -> yaml.Mark:
    """Return a YAML mark at a 1-based file place."""
    return yaml.Mark("toml", 0, line - 1, column - 1, None, 0)


def _tables(data: dict[str, object], layout: TomlLayout) -> _Tables:
    """Return the span, headings and record name of each table a header opens, in file order."""
    tables: list[_Table] = []
    headers = layout.headers
    for index, header in enumerate(headers):
        last = headers[index + 1].line - 1 if index + 1 < len(headers) else layout.lines
        headings = tuple(key_words(part) for part in header.path if isinstance(part, str))
        tables.append(_Table(header.line, last, headings, _record_name(_at(data, header))))
    return _Tables(tuple(tables), tuple(table.first for table in tables))


def _at(data: dict[str, object], header: Header) -> object:
    value: object = data
    for part in header.path:
        if isinstance(value, dict) and isinstance(part, str):
            value = value.get(part)
        elif isinstance(value, list) and isinstance(part, int) and part < len(value):
            value = value[part]
        else:
            return None
    return value


def _record_name(table: object) -> str | None:
    """Return the value of the key naming a record (``name``, ``model``; else one naming its
    machine, ``instance_type``), if it has one."""
    if not isinstance(table, dict):
        return None
    for group in ("name_keys", "machine_keys"):
        for key, value in table.items():
            if key.lower() in data_keys(group) and isinstance(value, str) and value.strip():
                return value
    return None


def _comment_blocks(layout: TomlLayout, lines: Sequence[str], tables: _Tables) -> Iterator[Block]:
    """Yield a paragraph for each run of full-line comments and each trailing comment holding a
    figure, under its table's headings and labelled with its record's name."""
    for run in comment_runs(layout.comments):
        if run[0].trailing and not holds_figure(run[0].text):
            continue  # it notes the value before it (datablocks.noted_value)
        parts = [AnchoredText(comment.text, ((0, comment.line, comment.column),)) for comment in run]
        text, anchors, _ = join(parts, "\n")
        table = _context(run[0].line, run[-1].line, lines, tables)
        yield anchored_block(
            BlockKind.PARAGRAPH,
            AnchoredText(text, tuple(anchors)),
            table.headings if table else (),
            label=table.label if table else None,
        )


def _context(first: int, last: int, lines: Sequence[str], tables: _Tables) -> _Table | None:
    """Return the table a comment run on lines ``first``..``last`` speaks about: the one it stands in,
    or the next one when a blank line sets the run apart above and only blank lines follow it."""
    holding = tables.holding(first)
    following = tables.below(last)
    set_apart = first == 1 or _blank(lines[first - 2])
    if (
        following is not None
        and set_apart
        and all(_blank(lines[index - 1]) for index in range(last + 1, following.first))
    ):
        return following
    return holding


def _blank(line: str) -> bool:
    """Return True for a blank line or one of a comment that only draws a rule."""
    return RULE.fullmatch(line) is not None
