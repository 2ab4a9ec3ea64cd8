"""Protocol Buffers text-format files read as documents of records and prose (decision 0185).

A text-format file (a scheduler's catalog, a Caffe ``.prototxt``, a TensorFlow ``.pbtxt``) is a
tree of keyed records, as YAML and JSON data are, and is read by the same record reader
(``datablocks.node_blocks``, decisions 0069, 0080, 0150): each message is a mapping at the file
places of its values, so units, precisions and sparsity come from field names (``capacity_gb``,
``bandwidth_gb_s``, ``board_power_w``, ``usd_per_hour``, ``_pct``) as they do from YAML keys. What
the format adds is read as its protobuf meaning:

- a field written more than once (``peak { ... }`` twice) is a repeated field, one list;
- an enum value (``PRECISION_INT8``, ``MEMORY_HBM2``) is read as its words ("PRECISION INT8");
- a message holding only a lower and an upper bound (``board_power_w { min: 50 max: 75 }``, bound
  words in ``datakeys.yaml``) is the range "50 - 75" under its field's name;
- a field ``X_id: N`` (``accelerator_id: 103``, ``vs_accelerator_id: 102``) refers to the ``X``
  message whose ``id`` is N: it is read as that record's name under the key "X";
- ``#`` comments are prose (``textprotonotes``), labelled with the record they sit in.

A file is text format by its suffix, or by its content whatever the suffix (``is_textproto``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import yaml

from factlint.models import Block
from factlint.sources.datablocks import data_keys, key_words, node_blocks
from factlint.sources.textprotonotes import Record, comment_blocks
from factlint.sources.textprotoparse import Field, Message, Scalar, parse_textproto

TEXTPROTO_SUFFIXES = frozenset({".textproto", ".txtpb", ".textpb", ".pbtxt", ".prototxt"})
# the headers protobuf's tooling reads in a text-format file
_HEADER = re.compile(r"^#\s*proto-(?:file|message|import):", re.MULTILINE)
_ENUM = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")  # PRECISION_INT8, MEMORY_HBM2
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
# A line of text format: a field with a scalar, a message opening, a closing brace, a comment
_FIELD = r"[A-Za-z_]\w*\s*(?::\s*(?:\"[^\"]*\"|'[^']*'|[-+\w.]+)|:?\s*\{)"
# fields apart by a space or a separator, so no word is split in two (no backtracking within one)
_SHAPED_LINE = re.compile(
    rf"\s*(?:#.*|\}}\s*(?:#.*)?|{_FIELD}(?:(?:\s+|\s*[,;]\s*)(?:{_FIELD}|\}})|\s*\}})*\s*(?:#.*)?)?"
)


@dataclass(frozen=True)
class TextprotoDocument:
    """The blocks read from a text-format file, and the problems of the parts it skipped."""

    blocks: tuple[Block, ...]
    problems: tuple[str, ...] = ()


def is_textproto(lines: Sequence[str], suffix: str) -> bool:
    """Return True for a text-format file: by its suffix, by protobuf's ``# proto-file:`` /
    ``# proto-message:`` headers, or (a ``.txt`` or suffixless file) by its shape: every line a
    field, a message's brace or a comment, with at least one message opened."""
    if suffix.lower() in TEXTPROTO_SUFFIXES:
        return True
    head = "\n".join(lines[:20])
    if _HEADER.search(head):
        return True
    if suffix.lower() not in (".txt", ""):
        return False
    # one pass that stops at the first line of another shape (the first line of most texts)
    shaped, opened = 0, False
    for line in lines:
        if not line.strip():
            continue
        if not _SHAPED_LINE.fullmatch(line):
            return False
        shaped += 1
        opened = opened or ("{" in line and not line.lstrip().startswith("#"))
    return shaped >= 3 and opened


def parse_textproto_file(lines: Sequence[str]) -> TextprotoDocument:
    """Return the record rows and prose paragraphs of a text-format file's ``lines``, in file order."""
    parsed = parse_textproto("\n".join(lines))
    names = _names_by_id(parsed.root)
    blocks: list[Block] = []
    top = tuple(item for item in parsed.root.fields if not isinstance(item.value, Message | tuple))
    root = _mapping(top, names)
    if root is not None:
        blocks.extend(node_blocks(root, 0, (), None, lines))
    for item in parsed.root.fields:
        if isinstance(item.value, Message | tuple):
            node = _mapping((item,), names)
            if node is not None:
                blocks.extend(node_blocks(node, 0, (key_words(item.name),), None, lines))
    blocks.extend(comment_blocks(parsed.comments, list(_records(parsed.root, ())), lines))
    return TextprotoDocument(
        tuple(sorted(blocks, key=lambda block: (block.line, block.column))), tuple(parsed.problems)
    )


def _names_by_id(root: Message) -> dict[tuple[str, str], str]:
    """Return the name of every message holding an ``id`` and a naming field, by (field name, id):
    ``accelerator { id: 101 model: "Instinct MI60" }`` -> {("accelerator", "101"): "Instinct MI60"}."""
    names: dict[tuple[str, str], str] = {}
    for kind, message in _messages(root, ""):
        ident = _scalar_of(message, lambda name: name == "id")
        name = _scalar_of(message, lambda name: name in data_keys("name_keys"))
        if ident is not None and name is not None:
            names.setdefault((kind, ident.text), name.text)
    return names


def _messages(message: Message, kind: str) -> Iterator[tuple[str, Message]]:
    """Yield every message below ``message`` with the (lower-case) name of the field holding it."""
    yield kind, message
    for item in message.fields:
        values = item.value if isinstance(item.value, tuple) else (item.value,)
        for value in values:
            if isinstance(value, Message):
                yield from _messages(value, item.name.lower())


def _scalar_of(message: Message, wanted: object) -> Scalar | None:
    for item in message.fields:
        if isinstance(item.value, Scalar) and wanted(item.name.lower()):  # type: ignore[operator]
            return item.value
    return None


def _records(message: Message, outer: tuple[str, ...]) -> Iterator[Record]:
    """Yield the span and the record name of every message, the names of those around it first."""
    named = _scalar_of(message, lambda name: name in data_keys("name_keys"))
    names = (*outer, named.text) if named is not None else outer
    yield Record(message.first_line, message.last_line, names)
    for item in message.fields:
        values = item.value if isinstance(item.value, tuple) else (item.value,)
        for value in values:
            if isinstance(value, Message):
                yield from _records(value, names)


def _mapping(fields: Sequence[Field], names: dict[tuple[str, str], str]) -> yaml.MappingNode | None:
    """Return fields as a YAML mapping at their file places: a repeated field as one list, the
    naming field first, references to another record by id read as its name, and a bare ``id``
    beside a naming field left out; None if no field has a value."""
    grouped: dict[str, list[Field]] = {}
    for item in fields:
        key, value = _resolved(item, names)
        grouped.setdefault(key, []).append(Field(key, item.line, item.column, value))
    name_keys = data_keys("name_keys")
    named = any(key.lower() in name_keys for key in grouped)
    pairs: list[tuple[yaml.Node, yaml.Node]] = []
    for key in sorted(grouped, key=lambda key: key.lower() not in name_keys):
        if named and _is_identifier(key):
            continue
        nodes = [found for item in grouped[key] if (found := _node(item.value, names)) is not None]
        if not nodes:
            continue
        first = grouped[key][0]
        mark = _mark(first.line, first.column)
        node = (
            nodes[0]
            if len(nodes) == 1
            else yaml.SequenceNode("tag:yaml.org,2002:seq", nodes, nodes[0].start_mark, nodes[0].end_mark)
        )
        pairs.append((yaml.ScalarNode("tag:yaml.org,2002:str", key, mark, mark), node))
    if not pairs:
        return None
    return yaml.MappingNode("tag:yaml.org,2002:map", pairs, pairs[0][0].start_mark, pairs[0][0].end_mark)


def _resolved(item: Field, names: dict[tuple[str, str], str]) -> tuple[str, Scalar | Message | tuple]:
    """Return (key, value) of a field, a reference ``X_id: N`` to a named record read as
    ("X", its name); any other field as written."""
    words = key_words(item.name).lower().split()
    if len(words) < 2 or words[-1] != "id" or not isinstance(item.value, Scalar):
        return item.name, item.value
    for start in range(len(words) - 1):
        kind = "_".join(words[start:-1])
        name = names.get((kind, item.value.text))
        if name is not None:
            referred = Scalar(name, item.value.line, item.value.column)
            return "_".join(words[:-1]), referred
    return item.name, item.value


def _is_identifier(key: str) -> bool:
    """Return True for a key that identifies a record rather than naming it: ``id``, ``*_id``."""
    words = key_words(key).lower().split()
    return bool(words) and words[-1] in ("id", "uuid", "guid")


def _node(value: Scalar | Message | tuple, names: dict[tuple[str, str], str]) -> yaml.Node | None:
    """Return a field's value as a YAML node at its file place."""
    if isinstance(value, tuple):
        nodes = [node for item in value if (node := _node(item, names)) is not None]
        if not nodes:
            return None
        return yaml.SequenceNode("tag:yaml.org,2002:seq", nodes, nodes[0].start_mark, nodes[0].end_mark)
    if isinstance(value, Message):
        bounds = _range(value)
        return _scalar(bounds) if bounds is not None else _mapping(value.fields, names)
    return _scalar(value)


def _range(message: Message) -> Scalar | None:
    """Return the range "low - high" of a message holding only a lower and an upper bound
    (``{ min: 50 max: 75 }``), placed at its lower bound; None for any other message."""
    if len(message.fields) != 2 or not all(isinstance(item.value, Scalar) for item in message.fields):
        return None
    bounds = {item.name.lower(): item.value for item in message.fields}
    low = next((bounds[key] for key in bounds if key in data_keys("low_bound_keys")), None)
    high = next((bounds[key] for key in bounds if key in data_keys("high_bound_keys")), None)
    if not (isinstance(low, Scalar) and isinstance(high, Scalar)):
        return None
    if not (_NUMBER.fullmatch(low.text) and _NUMBER.fullmatch(high.text)):
        return None
    first = low if (low.line, low.column) < (high.line, high.column) else high
    # spaced, so the cell's first word is the figure the file writes at its place
    return Scalar(f"{low.text} - {high.text}", first.line, first.column)


def _scalar(value: Scalar) -> yaml.ScalarNode:
    """Return a scalar as a YAML scalar at its place (a quoted one's mark on its quote, as YAML's
    is); an enum value is read as its words."""
    text = value.text
    if not value.quote and _ENUM.fullmatch(text):
        text = text.replace("_", " ")
    style = value.quote or None
    mark = _mark(value.line, value.column)
    return yaml.ScalarNode("tag:yaml.org,2002:str", text, mark, mark, style=style)


def _mark(line: int, column: int) -> yaml.Mark:
    """Return a YAML mark at a 1-based file place."""
    return yaml.Mark("textproto", 0, line - 1, column - 1, None, 0)
