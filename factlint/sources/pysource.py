"""Python source files (.py) read as documents of records and prose (decision 0151).

A spec catalogue kept as a Python module states its figures in three places, each read as its
kind of text:

- Literal values bound at module level are data records, read as data-file records are
  (decisions 0069, 0080): a dict, a list of dicts or a constructor call with keyword arguments
  (``Accel(name="X", mem_gb=32)``) is a TABLE_ROW whose headers are its keys or keyword names as
  words, so units in the names work as in YAML keys and SQL columns. A record is named by its name
  key (``name``, ``model``: the data keys' ``name_keys``), else by the dict key it sits under. A
  dict of figures keyed by product (``TDP_W = {"H100": 700}``) gives one row per entry, and a
  module constant (``H100_TDP_W = 700``) one row headed by its name (see ``pyliterals``).
- ``#`` comments, docstrings of the module and its classes, and strings under prose keys
  (``notes="..."``, ``notes=[...]``) are prose about the record they sit in, or the record that
  starts right below a comment run: a paragraph labelled with that record's name.
- Code is no claim: functions (their bodies, docstrings and comments), class bodies (a
  dataclass's annotations and defaults), computed values, imports and commented-out code.

A file that does not parse is read as plain text, with a problem saying so.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import yaml

from factlint.models import Block, BlockKind
from factlint.sources.blocks import anchored_block
from factlint.sources.datablocks import data_keys, holds_figure, key_words, node_blocks, record_block
from factlint.sources.htmltext import AnchoredText, join
from factlint.sources.plaintext import parse_plain_text
from factlint.sources.pyvalues import ValueReader, callee_name, columnar_rows, scalar_node, wrapped_literal

PYTHON_SUFFIXES = frozenset({".py", ".pyw", ".pyi"})
# Comments that are tool directives, not prose: a linter or type-checker pragma, a shebang, a coding line.
_DIRECTIVE = re.compile(r"#\s*(?:!|-\*-|noqa\b|type:|pragma\b|pylint:|fmt:|mypy:|isort:|ruff:|pyright:)")
_COMMENT_TEXT = re.compile(r"#+[ \t]*")
# A dict key that is a field name, not a product: "mem_gb", "tdp_w".
_FIELD_KEY = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+")
_DIGIT = re.compile(r"\d")
_NAMED_TUPLES = frozenset({"namedtuple", "NamedTuple"})


@dataclass(frozen=True)
class PythonDocument:
    """The blocks read from a Python file, and a problem if it had to be read as plain text."""

    blocks: tuple[Block, ...]
    problems: tuple[str, ...] = ()


@dataclass(frozen=True)
class _Record:
    """The lines a record's literal spans and the name it goes by (None if unnamed)."""

    first: int
    last: int
    name: str | None


def parse_python_file(lines: Sequence[str]) -> PythonDocument:
    """Return the record rows and prose paragraphs of a Python file's ``lines``, in file order."""
    try:
        tree = ast.parse("\n".join(lines))
    except (SyntaxError, ValueError) as error:
        where = f"line {error.lineno}: " if isinstance(error, SyntaxError) and error.lineno else ""
        reason = error.msg if isinstance(error, SyntaxError) else str(error)
        problem = f"{where}{reason}: not valid Python, read as plain text"
        return PythonDocument(tuple(parse_plain_text(lines, 1)), (problem,))
    reader = _ModuleReader(lines, ValueReader(lines, _class_fields(tree), data_keys("prose_keys")))
    reader.read(tree)
    return PythonDocument(tuple(sorted(reader.blocks, key=lambda block: (block.line, block.column))))


class _ModuleReader:
    """Reads one parsed module's statements into blocks, noting its records and code lines."""

    def __init__(self, lines: Sequence[str], values: ValueReader) -> None:
        self.lines = lines
        self.values = values
        self.blocks: list[Block] = []
        self.records: list[_Record] = []
        self.code: set[int] = set()  # lines of functions, whose comments are about code

    def read(self, tree: ast.Module) -> None:
        """Read the module's statements, then its comments."""
        for statement in tree.body:
            self._statement(statement)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.end_lineno is not None:
                first = min([node.lineno, *(decorator.lineno for decorator in node.decorator_list)])
                self.code.update(range(first, node.end_lineno + 1))
        self.blocks.extend(self._comments())

    def _statement(self, statement: ast.stmt) -> None:
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
            if isinstance(statement.value.value, str):  # a docstring, or a string standing as prose
                self.blocks.extend(
                    _paragraphs(_docstring_lines(self.values.string_text(statement.value)), None)
                )
        elif isinstance(statement, ast.ClassDef):
            body = statement.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                self._statement(body[0])
        elif isinstance(statement, ast.Assign | ast.AnnAssign) and statement.value is not None:
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            names = [target.id for target in targets if isinstance(target, ast.Name)]
            if names:
                self._assignment(names[0], statement.value)
            elif isinstance(targets[0], ast.Subscript) and isinstance(targets[0].value, ast.Name):
                # SPECS["H100"] = {...}: an entry of a dict keyed by product
                self._entry(targets[0].slice, statement.value, key_words(targets[0].value.id).lower())

    def _assignment(self, name: str, value: ast.expr) -> None:
        """Read the records of a value bound to a module-level name."""
        words = key_words(name).lower()  # "TDP_W" -> "tdp w", as pyliterals heads it
        if isinstance(value, ast.Call) and (inner := wrapped_literal(value, self.values.fields)) is not None:
            value = inner
        if isinstance(value, ast.Dict) and not columnar_rows(value) and _is_entry_dict(value):
            self._entries(value, words)
            return
        if isinstance(value, ast.Constant | ast.UnaryOp):  # a module constant: "H100_TDP_W = 700"
            place = self.values.place(value)
            if place is not None and _DIGIT.match(place.text.lstrip("-")):
                self.blocks.append(
                    record_block((words,), [(place.text, place.line, place.column)], (words,), None)
                )
            return
        if isinstance(value, ast.Call) and callee_name(value.func) in _NAMED_TUPLES:
            return  # a record type's definition: Spec = namedtuple("Spec", "name mem_gb")
        self._records(value, words if isinstance(value, ast.Call | ast.Dict) else None, value.lineno)
        root = self.values.node(value)
        if root is None:
            return
        if isinstance(value, ast.Call | ast.Dict) and not _names_itself(value, self.values):
            # a record bound to a name that does not name itself is named by the variable
            key = yaml.ScalarNode("tag:yaml.org,2002:str", words, root.start_mark, root.start_mark)
            root = yaml.MappingNode("tag:yaml.org,2002:map", [(key, root)], root.start_mark, root.end_mark)
        self.blocks.extend(node_blocks(root, 0, (), None, self.lines))

    def _entries(self, value: ast.Dict, words: str) -> None:
        """Read a dict keyed by product: an entry of a figure is a row of its own, headed by the
        variable's name; an entry of a record is that record."""
        for key, inner in zip(value.keys, value.values, strict=True):
            if key is not None:
                self._entry(key, inner, words)

    def _entry(self, key: ast.expr, inner: ast.expr, words: str) -> None:
        """Read one entry keyed by product (``"H100": 700``, ``SPECS["H100"] = {...}``)."""
        key_place = self.values.place(key)
        if key_place is None:
            return
        figure = self.values.place(inner)
        if figure is not None:
            if _DIGIT.match(figure.text.lstrip("-~$")):
                cells = [
                    (key_place.text, key_place.line, key_place.column),
                    (figure.text, figure.line, figure.column),
                ]
                self.blocks.append(record_block(("", words), cells, (), None))
            return
        self._records(inner, key_place.text, key_place.line)
        node = self.values.node(inner)
        if node is None:
            return
        key_node = scalar_node(key_place)
        root = yaml.MappingNode(
            "tag:yaml.org,2002:map", [(key_node, node)], key_node.start_mark, node.end_mark
        )
        self.blocks.extend(node_blocks(root, 0, (), None, self.lines))

    def _records(self, value: ast.expr, hint: str | None, first: int) -> None:
        """Note the records below ``value`` (their spans and names) and read their prose strings."""
        if isinstance(value, ast.List | ast.Tuple | ast.Set):
            for element in value.elts:
                self._records(element, None, element.lineno)
            return
        if isinstance(value, ast.Call) and (inner := wrapped_literal(value, self.values.fields)) is not None:
            self._records(inner, hint, first)
            return
        if isinstance(value, ast.Dict) and (rows := columnar_rows(value)):
            for row in rows:
                self._record(row, None, row[0][1].lineno, row[0][1].lineno)
            return
        pairs = self._pairs(value)
        if pairs is None:
            return
        self._record(pairs, hint, first, value.end_lineno or value.lineno)

    def _record(
        self, pairs: Sequence[tuple[ast.expr, ast.expr]], hint: str | None, first: int, last: int
    ) -> None:
        """Note one record's span and name, read its prose strings and the records nested in it."""
        name = self._name_of(pairs) or hint
        self.records.append(_Record(first, last, name))
        prose = data_keys("prose_keys")
        for key, inner in pairs:
            key_text = key.value if isinstance(key, ast.Constant) and isinstance(key.value, str) else None
            if key_text is not None and key_text.lower() in prose:
                for text in self._prose_strings(inner):
                    self.blocks.append(anchored_block(BlockKind.PARAGRAPH, text, (), label=name))
            elif isinstance(inner, ast.Dict | ast.Call | ast.List | ast.Tuple):
                self._records(inner, key_text, key.lineno)

    def _pairs(self, value: ast.expr) -> list[tuple[ast.expr, ast.expr]] | None:
        """Return the (key, value) pairs of a dict or a constructor call, else None."""
        if isinstance(value, ast.Dict):
            return [
                (key, inner) for key, inner in zip(value.keys, value.values, strict=True) if key is not None
            ]
        if isinstance(value, ast.Call):
            return self.values.call_pairs(value)
        return None

    def _name_of(self, pairs: Sequence[tuple[ast.expr, ast.expr]]) -> str | None:
        for key, inner in pairs:
            if (
                isinstance(key, ast.Constant)
                and isinstance(key.value, str)
                and key.value.lower() in data_keys("name_keys")
                and isinstance(inner, ast.Constant)
                and isinstance(inner.value, str)
            ):
                return inner.value
        return None

    def _prose_strings(self, value: ast.expr) -> Iterator[AnchoredText]:
        """Yield each string of a prose field (one string or a list of them) that holds a figure."""
        strings = value.elts if isinstance(value, ast.List | ast.Tuple) else [value]
        for string in strings:
            if (
                isinstance(string, ast.Constant)
                and isinstance(string.value, str)
                and _DIGIT.search(string.value)
            ):
                yield self.values.string_text(string)

    def _comments(self) -> Iterator[Block]:
        """Yield a paragraph for each comment run and each comment after code, about its record."""
        for run in _comment_runs(self.lines, self.code):
            first, last = run[0][1], run[-1][1]
            trailing = len(run) == 1 and self.lines[first - 1][: run[0][2] - 1].strip().rstrip("#") != ""
            if trailing and not holds_figure(run[0][0]):
                continue  # it notes the value before it (datablocks.noted_value)
            name = self._record_at(first, last, below=not trailing)
            yield from _paragraphs(run, name)

    def _record_at(self, first: int, last: int, below: bool) -> str | None:
        """Return the name of the record a comment on lines ``first``-``last`` is about: the one
        starting right below a comment run, else the narrowest one holding it."""
        if below:
            for record in self.records:
                if record.first == last + 1 and record.name:
                    return record.name
        holding = [record for record in self.records if record.first <= first and last <= record.last]
        named = [record for record in holding if record.name]
        return min(named, key=lambda record: record.last - record.first).name if named else None


def _class_fields(tree: ast.Module) -> dict[str, tuple[str, ...]]:
    """Return each record type's field names in order: the annotated fields of a class body
    (dataclasses, NamedTuples, attrs) and ``namedtuple("Spec", "name mem_gb")`` definitions."""
    fields: dict[str, tuple[str, ...]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            names = tuple(
                item.target.id
                for item in node.body
                if isinstance(item, ast.AnnAssign)
                and isinstance(item.target, ast.Name)
                and "ClassVar" not in ast.unparse(item.annotation)
            )
            if names:
                fields[node.name] = names
        elif isinstance(node, ast.Call) and callee_name(node.func) in _NAMED_TUPLES and len(node.args) >= 2:
            type_name, declared = node.args[0], node.args[1]
            if isinstance(type_name, ast.Constant) and isinstance(type_name.value, str):
                fields[type_name.value] = _declared_fields(declared)
    return fields


def _declared_fields(declared: ast.expr) -> tuple[str, ...]:
    """Return the fields of a namedtuple declaration: "a b", "a, b", ["a", "b"] or [("a", int), ...]."""
    if isinstance(declared, ast.Constant) and isinstance(declared.value, str):
        return tuple(declared.value.replace(",", " ").split())
    names: list[str] = []
    for element in declared.elts if isinstance(declared, ast.List | ast.Tuple) else []:
        if isinstance(element, ast.Tuple) and element.elts:
            element = element.elts[0]
        if isinstance(element, ast.Constant) and isinstance(element.value, str):
            names.append(element.value)
    return tuple(names)


def _is_entry_dict(value: ast.Dict) -> bool:
    """Return True for a dict keyed by product, not by field: some key is no field name and the
    dict holds no name key."""
    keys = [key.value for key in value.keys if isinstance(key, ast.Constant) and isinstance(key.value, str)]
    if not keys or any(key.lower() in data_keys("name_keys") for key in keys):
        return False
    return not all(_FIELD_KEY.fullmatch(key) for key in keys)


def _names_itself(value: ast.Call | ast.Dict, values: ValueReader) -> bool:
    pairs = (
        values.call_pairs(value)
        if isinstance(value, ast.Call)
        else list(zip(value.keys, value.values, strict=True))
    )
    return any(
        isinstance(key, ast.Constant)
        and isinstance(key.value, str)
        and key.value.lower() in data_keys("name_keys")
        for key, _ in pairs
    )


def _comment_runs(lines: Sequence[str], code: set[int]) -> list[list[tuple[str, int, int]]]:
    """Return the comments outside functions as runs of (text, line, column): full-line comments on
    consecutive lines join, a comment after code is a run of its own; directives and commented-out
    code are left out and break a run."""
    runs: list[list[tuple[str, int, int]]] = []
    previous_full = -2
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO("\n".join(lines) + "\n").readline))
    except (tokenize.TokenError, SyntaxError):
        return runs
    for token in tokens:
        if token.type != tokenize.COMMENT:
            continue
        line, column = token.start
        if line in code or _DIRECTIVE.match(token.string):
            previous_full = -2
            continue
        marker = _COMMENT_TEXT.match(token.string)
        text = token.string[marker.end() if marker else 1 :].rstrip()
        full = not lines[line - 1][:column].strip()
        if _is_code(text):
            previous_full = -2
            continue
        piece = (text, line, column + (marker.end() if marker else 1) + 1)
        if full and previous_full == line - 1 and runs:
            runs[-1].append(piece)
        else:
            runs.append([piece])
        previous_full = line if full else -2
    return runs


def _is_code(text: str) -> bool:
    """Return True for a comment that is commented-out code: an assignment, a call, a dict entry
    or a keyword argument ("# H100 = Spec(...)", "# mem_gb=80,", '# "h100": 700,')."""
    stripped = text.strip().rstrip(",")
    for candidate in (stripped, "{" + stripped + "}", "f(" + stripped + ")"):
        try:
            tree = ast.parse(candidate)
        except (SyntaxError, ValueError):
            continue
        body = tree.body[0] if tree.body else None
        if isinstance(body, ast.Assign | ast.AnnAssign | ast.AugAssign | ast.Import | ast.ImportFrom):
            return True
        if isinstance(body, ast.Expr) and isinstance(body.value, ast.Call | ast.Dict):
            value = body.value
            return not (isinstance(value, ast.Dict) and not value.keys)
    return False


def _docstring_lines(text: AnchoredText) -> list[tuple[str, int, int]]:
    """Return a string's lines as (text, line, column) pieces, each placed in the file (a string
    anchored only at its quote: the lines below it from their first column)."""
    pieces = text.text.split("\n")
    if len(text.anchors) == len(pieces):
        return [(piece, line, column) for piece, (_, line, column) in zip(pieces, text.anchors, strict=True)]
    _, line, column = text.anchors[0]
    return [(piece, line + index, column if index == 0 else 1) for index, piece in enumerate(pieces)]


def _paragraphs(pieces: Sequence[tuple[str, int, int]], label: str | None) -> Iterator[Block]:
    """Yield a paragraph for each stretch of non-blank pieces that holds a figure, each line anchored
    after its indent."""
    stretch: list[tuple[str, int, int]] = []
    for piece in [*pieces, ("", 0, 0)]:
        text, line, column = piece
        if text.strip():
            indent = len(text) - len(text.lstrip())
            stretch.append((text.strip(), line, column + indent))
            continue
        if stretch and any(_DIGIT.search(part) for part, _, _ in stretch):
            parts = [AnchoredText(part, ((0, at, col),)) for part, at, col in stretch]
            joined, anchors, _ = join(parts, "\n")
            yield anchored_block(BlockKind.PARAGRAPH, AnchoredText(joined, tuple(anchors)), (), label=label)
        stretch = []
