"""Python literal values read as data: constants, dicts, lists and constructor calls as YAML nodes.

A spec catalogue written in Python holds its figures in literals: ``{"hbm_gb": 80}``, a list of
dicts, or constructor calls with keyword arguments (``Accel(name="X", mem_gb=32)``). Each is turned
into the YAML node the data-file records are read from (``datablocks.node_blocks``), every scalar
placed where it is written, so a keyword's name is a field's key as a YAML key is. Positional
arguments take the names of the fields of the dataclass or NamedTuple the module defines for the
callee. Computed values (arithmetic, names, calls of anything else, f-strings) are no figures.
"""

from __future__ import annotations

import ast
import datetime
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

import yaml

from factlint.sources.htmltext import AnchoredText

# Calls that only wrap a number written as text or a number: Decimal("1.5"), float("80").
_NUMBER_WRAPPERS = frozenset({"Decimal", "float", "int", "Fraction"})
_DATE_CALLS = frozenset({"date", "datetime"})  # date(2022, 3, 21) -> "2022-03-21"
_QUOTE = re.compile(r"[rRuUbBfF]*(\"\"\"|'''|\"|')")


@dataclass(frozen=True)
class Place:
    """A scalar as written: its text (numbers as written, underscores dropped), 1-based line and column."""

    text: str
    line: int
    column: int


class ValueReader:
    """Turns the literal values of one parsed file into YAML nodes placed in that file."""

    def __init__(
        self,
        lines: Sequence[str],
        fields: Mapping[str, tuple[str, ...]],
        skipped: frozenset[str] = frozenset(),
    ) -> None:
        self.lines = lines
        self.fields = fields  # class name -> its field names in order (dataclasses, NamedTuples)
        self.skipped = skipped  # keys whose values are read elsewhere (prose fields), lower-case

    def node(self, value: ast.expr) -> yaml.Node | None:
        """Return ``value`` as a YAML node, or None if it is computed or holds nothing."""
        if isinstance(value, ast.Dict) and (rows := columnar_rows(value)):
            # {"model": ["H100", "L4"], "mem_gb": [80, 24]}: columns of a table, one record per row
            records = [record for pairs in rows if (record := self.mapping(pairs)) is not None]
            if not records:
                return None
            return yaml.SequenceNode(
                "tag:yaml.org,2002:seq", records, records[0].start_mark, records[-1].end_mark
            )
        if isinstance(value, ast.Dict):
            return self.mapping(
                (key, inner) for key, inner in zip(value.keys, value.values, strict=True) if key is not None
            )
        if isinstance(value, ast.List | ast.Tuple | ast.Set):
            nodes = [node for element in value.elts if (node := self.node(element)) is not None]
            if not nodes:
                return None
            return yaml.SequenceNode("tag:yaml.org,2002:seq", nodes, nodes[0].start_mark, nodes[-1].end_mark)
        if isinstance(value, ast.Call):
            return self._call(value)
        place = self.place(value)
        return None if place is None else scalar_node(place)

    def mapping(
        self, pairs: Iterator[tuple[ast.expr, ast.expr]] | Sequence[tuple[ast.expr, ast.expr]]
    ) -> yaml.MappingNode | None:
        """Return the mapping of the (key, value) pairs whose key is a constant and value a literal."""
        nodes: list[tuple[yaml.Node, yaml.Node]] = []
        for key, inner in pairs:
            key_place = self.place(key)
            if key_place is not None and key_place.text.lower() in self.skipped:
                continue
            value_node = self.node(inner)
            if key_place is not None and value_node is not None:
                nodes.append((scalar_node(key_place), value_node))
        if not nodes:
            return None
        return yaml.MappingNode("tag:yaml.org,2002:map", nodes, nodes[0][0].start_mark, nodes[-1][1].end_mark)

    def call_pairs(self, call: ast.Call) -> list[tuple[ast.expr, ast.expr]]:
        """Return a constructor call's (field name, value) pairs: positional arguments named by the
        callee's fields, then keyword arguments (the name placed where it is written)."""
        pairs: list[tuple[ast.expr, ast.expr]] = []
        names = self.fields.get(callee_name(call.func) or "", ())
        for name, argument in zip(names, call.args, strict=False):
            if not isinstance(argument, ast.Starred):
                key = ast.Constant(name)
                ast.copy_location(key, argument)
                pairs.append((key, argument))
        for keyword in call.keywords:
            if keyword.arg is not None:
                key = ast.Constant(keyword.arg)
                ast.copy_location(key, keyword)
                key.end_col_offset = key.col_offset + len(keyword.arg.encode("utf-8"))
                pairs.append((key, keyword.value))
        return pairs

    def _call(self, call: ast.Call) -> yaml.Node | None:
        name = callee_name(call.func)
        if name in _NUMBER_WRAPPERS and len(call.args) == 1 and not call.keywords:
            return self.node(call.args[0])
        if wrapped_literal(call, self.fields) is not None:
            # DataFrame([...]), OrderedDict({...}), frozenset({...}): the literal it wraps
            return self.node(call.args[0])
        if name in _DATE_CALLS:
            return self._date(call)
        return self.mapping(self.call_pairs(call))

    def _date(self, call: ast.Call) -> yaml.Node | None:
        """Return ``date(2022, 3, 21)`` as the ISO date "2022-03-21", placed at the call."""
        parts = [argument.value for argument in call.args[:3] if isinstance(argument, ast.Constant)]
        if len(parts) != 3 or not all(isinstance(part, int) and not isinstance(part, bool) for part in parts):
            return None
        try:
            written = datetime.date(*parts).isoformat()  # type: ignore[arg-type]
        except ValueError:
            return None
        line, column = self.position(call.lineno, call.col_offset)
        return scalar_node(Place(written, line, column))

    def place(self, node: ast.expr) -> Place | None:
        """Return a number or string constant as written and where, else None."""
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
            inner = self.place(node.operand)
            if (
                inner is None
                or not isinstance(node.operand, ast.Constant)
                or isinstance(node.operand.value, str)
            ):
                return None
            sign = "-" if isinstance(node.op, ast.USub) else ""
            line, column = self.position(node.lineno, node.col_offset)
            return Place(sign + inner.text, line, column)
        if not isinstance(node, ast.Constant) or isinstance(node.value, bool) or node.value is None:
            return None
        line, column = self.position(node.lineno, node.col_offset)
        if isinstance(node.value, str):
            quote = _QUOTE.match(self.lines[line - 1], column - 1)
            return Place(node.value, line, quote.end() + 1 if quote else column)
        if not isinstance(node.value, int | float) or node.end_col_offset is None:
            return None
        _, end = self.position(node.lineno, node.end_col_offset)
        return Place(self.lines[line - 1][column - 1 : end - 1].replace("_", ""), line, column)

    def string_text(self, node: ast.Constant) -> AnchoredText:
        """Return a string constant's text anchored in the file: line by line for one written
        plainly (one literal, no escapes), else at its opening quote."""
        assert isinstance(node.value, str)
        line, column = self.position(node.lineno, node.col_offset)
        quote = _QUOTE.match(self.lines[line - 1], column - 1)
        start = quote.end() if quote else column - 1
        written = self._written(node)
        pieces = node.value.split("\n")
        if (
            written is None
            or "\\" in written
            or not quote
            or written[start - column + 1 :].count(quote.group(1)) != 1
        ):
            return AnchoredText(node.value, ((0, line, start + 1),))
        anchors: list[tuple[int, int, int]] = []
        offset = 0
        for index, piece in enumerate(pieces):
            anchors.append((offset, line + index, start + 1 if index == 0 else 1))
            offset += len(piece) + 1
        return AnchoredText(node.value, tuple(anchors))

    def _written(self, node: ast.expr) -> str | None:
        if node.end_lineno is None or node.end_col_offset is None:
            return None
        first, last = node.lineno - 1, node.end_lineno - 1
        if last >= len(self.lines):
            return None
        _, start = self.position(node.lineno, node.col_offset)
        _, end = self.position(node.end_lineno, node.end_col_offset)
        if first == last:
            return self.lines[first][start - 1 : end - 1]
        return "\n".join(
            [self.lines[first][start - 1 :], *self.lines[first + 1 : last], self.lines[last][: end - 1]]
        )

    def position(self, lineno: int, byte_offset: int) -> tuple[int, int]:
        """Return the 1-based (line, character column) of an AST node's (line, UTF-8 byte offset)."""
        text = self.lines[lineno - 1] if lineno - 1 < len(self.lines) else ""
        return lineno, len(text.encode("utf-8")[:byte_offset].decode("utf-8", errors="ignore")) + 1


def wrapped_literal(call: ast.Call, fields: Mapping[str, tuple[str, ...]]) -> ast.expr | None:
    """Return the one dict or list literal a call of a type the module does not define wraps
    (``pd.DataFrame([...])``, ``OrderedDict({...})``), else None."""
    if (
        len(call.args) == 1
        and isinstance(call.args[0], ast.Dict | ast.List | ast.Tuple)
        and (callee_name(call.func) or "") not in fields
    ):
        return call.args[0]
    return None


def columnar_rows(value: ast.Dict) -> list[list[tuple[ast.expr, ast.expr]]]:
    """Return the rows of a dict of equal-length lists keyed by column name, each row its (key,
    element) pairs; empty for any other dict."""
    columns = [inner for inner in value.values if isinstance(inner, ast.List | ast.Tuple)]
    keys = [key for key in value.keys if isinstance(key, ast.Constant) and isinstance(key.value, str)]
    if len(columns) < 2 or len(columns) != len(value.values) or len(keys) != len(value.keys):
        return []
    size = len(columns[0].elts)
    if size == 0 or any(len(column.elts) != size for column in columns):
        return []
    if any(
        isinstance(element, ast.Dict | ast.List | ast.Tuple) for column in columns for element in column.elts
    ):
        return []
    return [
        [(key, column.elts[index]) for key, column in zip(keys, columns, strict=True)]
        for index in range(size)
    ]


def callee_name(func: ast.expr) -> str | None:
    """Return the name a call is made by: ``Accel`` for ``Accel(...)`` and ``models.Accel(...)``."""
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def scalar_node(place: Place) -> yaml.ScalarNode:
    """Return a YAML scalar of ``place``, marked at its 0-based line and column (its content's start)."""
    mark = yaml.Mark("python", 0, place.line - 1, place.column - 1, None, 0)
    return yaml.ScalarNode("tag:yaml.org,2002:str", place.text, mark, mark)
