"""Records in fenced YAML or JSON code: each mapping of scalars becomes a table row.

A capacity plan or an API example often states figures as data (``hbm_gb: 80`` under
``sku: H100 SXM``). Each mapping that holds at least one number becomes a TABLE_ROW whose
headers are its keys, split into words (``hbm_gb`` -> "hbm gb"), and whose cells are its
scalar values, anchored at the file position of each value. A mapping nested under a key
(``H100 SXM: {hbm_gb: 80}``) takes that key as its first cell. Code that does not parse as
YAML (JSON is YAML here) yields nothing, as any other code does. See decision 0069.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache

import yaml

from factlint.models import Block, BlockKind, Cell
from factlint.sources.blocks import anchored_block, make_block
from factlint.sources.htmltext import AnchoredText
from factlint.sources.labelkeys import label_field
from factlint.sources.packaged import packaged_file
from factlint.sources.quantityfields import (
    change_parts,
    changed_value,
    counted_object,
    is_change_list,
    quantity_text,
    unit_merged,
)
from factlint.sources.recordterms import termed_headers
from factlint.sources.yamlscalars import scalar_text

DATA_LANGUAGES = frozenset({"yaml", "yml", "json", "jsonc", "json5"})
_NUMBER = re.compile(r"[~$≈<>+\-]?\s?\d")  # a value that opens with a number: 128, "$2.10", "~80 GB"
# A YAML comment that holds a figure: "accel_mem_gb: 384  # 32 GB HBM per Inferentia2"
_COMMENT = re.compile(r"(?:^|[ \t])#[ \t]*(?=[^\n]*\d)([^\n]*\S)")
_COMMENT_AFTER = re.compile(r"[ \t]#[ \t]*([^\n]*\S)")  # "392   # per chip, full mesh"
_CLAUSE_BREAK = re.compile(r"[,;]")
# A figure in a comment's clause: a digit that does not end a name ("INT8", "GDDR6", "H100" are words)
_FIGURE = re.compile(r"(?<![A-Za-z])\d")
_KEY_BREAK = re.compile(r"[_\-.]+")
# a case change after two lower-case letters: "tdpW", "memGiB"; not inside a unit ("kW", "GiB")
_CAMEL = re.compile(r"(?<=[a-z]{2})(?=[A-Z])")
# a capitalised two-letter word before a capitalised word: "XeCores", "IpAddress"; not a binary
# unit's "Gi", "Mi" ("GiB")
_SHORT_CAMEL = re.compile(r"(?<=[A-Z][a-z])(?<![KMGTPE]i)(?=[A-Z][a-z])")
# a PascalCase identifier, a word and then a case change or digit: "TdpW", "MemoryGB", "XeCores"
_PASCAL = re.compile(r"[A-Z][a-z]+[A-Z\d]\w*")
# a number format's word (two to four letters and at most two digits) run into the capitalised word
# after it: "FP16TFLOPS" -> "FP16 TFLOPS", "Int8Tops" -> "Int8 Tops"; not a product's name and size
# ("A100 80GB", "H100NVL": one letter or no letters before the digits)
_DIGIT_CAMEL = re.compile(r"(?<![A-Za-z\d])([A-Z][A-Za-z]{1,3}\d{1,2})(?=[A-Z][A-Za-z])")
# a lower-case number format's word (letters and one or two digits) run into the capitalised word
# after it: "fp8DensePflops" -> "fp8 Dense Pflops", "int8SparseTops"; a case change after the digits
_LOWER_DIGIT_CAMEL = re.compile(r"(?<=[a-z]\d)(?=[A-Z][a-z])|(?<=[a-z]\d\d)(?=[A-Z][a-z])")
# an identifier that names: letters and a dot, dash or underscore ("bg.h100nvl.2x", "p5-48xl"), not
# a number or a UUID ("6f1c9e0a-2b44-...")
_NAME_ID = re.compile(r"(?=[^\n]*[A-Za-z])(?![0-9a-fA-F]{8}-)[\w.\-/:]{2,60}")
_Row = tuple[tuple[str, ...], tuple[tuple[str, int, int], ...]]  # headers, (text, line, column) cells


def data_rows(
    lines: Sequence[str], first: int, last: int, headings: tuple[str, ...], label: str | None
) -> list[Block]:
    """Return TABLE_ROW blocks for the records of the code between 0-based lines ``first`` and ``last``.

    ``lines`` are the file's lines; the code is ``lines[first:last]``.
    """
    source = "\n".join(lines[first:last])
    try:
        root = yaml.compose(source, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return []
    if root is None:
        return []
    blocks = node_blocks(root, first, headings, label, lines)
    blocks.extend(comment_blocks(lines, first, last, headings, label))
    return blocks


def node_blocks(
    root: yaml.Node,
    first: int,
    headings: tuple[str, ...],
    label: str | None,
    lines: Sequence[str] = (),
) -> list[Block]:
    """Return the TABLE_ROW blocks of a composed YAML/JSON node's records and a PARAGRAPH for each
    prose field (``msg``, ``comment``), in file order; ``first`` is the 0-based line the node's
    text starts at. With the file's ``lines``, a value's cell carries the words of a comment
    after it on its line (see ``noted_value``)."""
    blocks = [
        record_block(
            headers,
            [
                (_noted_at(text, lines, first + line, column), first + line + 1, column + 1)
                for text, line, column in cells
            ],
            headings,
            label,
        )
        for headers, cells in _records(root, None)
    ]
    blocks.extend(
        anchored_block(
            BlockKind.PARAGRAPH,
            _placed(node, lines, first),
            (*headings, *subjects),
            label=label,
        )
        for node, subjects in _prose(root)
    )
    return sorted(blocks, key=lambda block: (block.line, block.column))


def record_block(
    headers: Sequence[str],
    cells: Sequence[tuple[str, int, int]],
    headings: tuple[str, ...],
    label: str | None,
) -> Block:
    """Return a TABLE_ROW of ``cells`` (text, 1-based line, 1-based column) joined by " | ",
    each cell anchored at its place in the file."""
    placed = [(text, ((0, line, column),)) for text, line, column in cells]
    return anchored_record_block(headers, placed, headings, label)


def anchored_record_block(
    headers: Sequence[str],
    cells: Sequence[tuple[str, tuple[tuple[int, int, int], ...]]],
    headings: tuple[str, ...],
    label: str | None,
) -> Block:
    """Return a TABLE_ROW of ``cells`` (text, anchors in the cell's text) joined by " | ": every
    character of a cell placed where the file writes it (after an escape or a line break too)."""
    parts: list[str] = []
    anchors: list[tuple[int, int, int]] = []
    starts: list[int] = []
    offset = 0
    for text, placed in cells:
        starts.append(offset)
        anchors.extend((offset + start, line, column) for start, line, column in placed)
        parts.append(text)
        offset += len(text) + 3
    _, line, column = anchors[0]
    return make_block(
        BlockKind.TABLE_ROW,
        " | ".join(parts),
        line,
        column,
        headings,
        label=label,
        table_headers=tuple(headers),
        cells=tuple(Cell(part, column + start) for part, start in zip(parts, starts, strict=True)),
        anchors=tuple(anchors),
    )


def comment_blocks(
    lines: Sequence[str], first: int, last: int, headings: tuple[str, ...], label: str | None
) -> Iterator[Block]:
    """Yield a sentence block for each comment of the data that holds a figure, at its line."""
    for index in range(first, last):
        comment = _COMMENT.search(lines[index])
        if comment is not None and _outside_quotes(lines[index][: comment.start()]):
            text = comment.group(1)
            if lines[index][: comment.start()].strip() and not holds_figure(text):
                continue  # it notes the value before it (noted_value)
            yield make_block(
                BlockKind.PARAGRAPH, text, index + 1, comment.start(1) + 1, headings, label=label
            )


def holds_figure(comment: str) -> bool:
    """Return True when a comment holds a figure: a digit that does not end a name ("INT8",
    "GDDR6", "HBM2e" are words).

    The one test of every reader of data with comments: a comment after a value that holds no
    figure notes that value (``noted_value``) and is no sentence of its own; one that holds a
    figure is read as a sentence (``comment_blocks`` and the TOML and Python readers).
    """
    return _FIGURE.search(comment) is not None


def _noted_at(text: str, lines: Sequence[str], index: int, column: int) -> str:
    """Return a cell's text noted by the comment after it on its 0-based file line ``index``, if known."""
    return noted_value(text, lines[index][column:]) if index < len(lines) else text


def noted_value(text: str, rest_of_line: str) -> str:
    """Return a value's text with the words of the comment after it on its line, in brackets.

    ``memory_bw_tbs: 1.6  # not published, from a teardown`` and ``hccs_gbs: 392  # per chip``
    note their own field as a notes cell would: "1.6 (not published, from a teardown)". A
    clause holding a figure is read in a sentence of its own instead (``comment_blocks``):
    ``# per chip, 8 ports`` notes "per chip", and ``# was 235 here, a typo`` notes nothing (the
    verdict is about the 235); a digit ending a name is no figure ("INT8 with sparsity",
    "GDDR6, unconfirmed" note their field).
    """
    comment = _COMMENT_AFTER.search(rest_of_line)
    if comment is None or '"' in rest_of_line[: comment.start()]:
        return text
    # "per chip, 8 ports": the clauses without a figure note the field; those after a clause
    # with a figure go on about that figure ("had 235 here, a typo"), not about the field
    clauses = [part.strip() for part in _CLAUSE_BREAK.split(comment.group(1))]
    figured = next((index for index, part in enumerate(clauses) if holds_figure(part)), None)
    note = ", ".join(part for part in clauses[:figured] if part)
    return f"{text} ({note})" if note else text


def _outside_quotes(before: str) -> bool:
    """Return True when a ``#`` after ``before`` opens a comment, not a character of a quoted
    string: the double quotes before it are closed (``model: "X"  # note``), escaped ones aside."""
    return (before.count('"') - before.count('\\"')) % 2 == 0


@dataclass(frozen=True)
class _Owner:
    """The machine a parent record names, and the key its nested part sits under."""

    header: str  # the parent's machine key as words: "chassis"
    machine: yaml.ScalarNode  # "Dell PowerEdge XE9680"
    part: str  # the key of the nested part as lower-case words, a path prefix: "accel", "gpu"


def _records(node: yaml.Node, name: yaml.ScalarNode | None, owner: _Owner | None = None) -> Iterator[_Row]:
    """Yield a row for each mapping holding a number, depth first, in document order.

    A self-named part nested in a record that names its machine (``chassis: XE9680`` with
    ``accel: {model: H100, count: 8}``) is read as the flattened row of the machine: its keys
    take the part's key as prefix ("accel model", "accel count"), as a flat export writes them.
    """
    if isinstance(node, yaml.SequenceNode):
        for item in node.value:
            yield from _records(item, None, owner)
        return
    if not isinstance(node, yaml.MappingNode):
        return
    headers: list[str] = []
    cells: list[tuple[str, int, int]] = []
    if name is not None:
        headers.append("")
        cells.append(_cell(name))
    elif owner is not None:
        headers.append(owner.header)
        cells.append(_cell(owner.machine))
    merged = unit_merged(node)
    for index, (key, value) in enumerate(node.value):
        value = merged.get(index) or quantity_text(value) or counted_object(value) or value
        if (
            isinstance(value, yaml.ScalarNode)
            and isinstance(key, yaml.ScalarNode)
            and str(value.value).strip()
            and not _is_prose(key, value)
        ):
            words = key_words(label_field(str(key.value)))
            prefixed = owner is not None and name is None and owner.part
            headers.append(f"{owner.part} {words}" if owner is not None and prefixed else words)
            cells.append(_cell(value))
        elif (count := _part_count(key, value)) is not None:
            headers.append(key_words(str(key.value)))
            cells.append(_cell(count))
    if any(_NUMBER.match(text) for text, _, _ in cells[1 if name is not None or owner is not None else 0 :]):
        # a nested part's fields already carry the part's key (see _Owner)
        read = tuple(headers) if owner is not None and owner.part else per_part_headers(headers)
        read = termed_headers(
            read, cells, 1 if name is not None or owner is not None else 0, data_keys("term_keys")
        )
        yield each_per_part(read, _counted_part_key(node)), tuple(cells)
    machine = _machine_field(node) or _id_field(node)
    for key, value in node.value:
        if quantity_text(value) is not None or counted_object(value) is not None:
            continue  # read as a field of this record above
        if machine is not None and is_change_list(value):
            yield from change_rows(node, value, machine)
            continue
        if isinstance(value, yaml.MappingNode | yaml.SequenceNode) and _part_count(key, value) is None:
            # a record naming its machine ("instance_type: p5.48xlarge") is that machine's row,
            # not its key's ("gpu_pool_a"), as a self-named one is
            named = isinstance(key, yaml.ScalarNode) and not _self_named(value) and not _names_machine(value)
            if named and machine is not None and _field_group(key, value):
                named = False  # "pricing": {...} of a named record holds more of that record's fields
            part = (
                _Owner(key_words(str(machine[0].value)), machine[1], _part_prefix(str(key.value)))
                if machine is not None and not named and isinstance(key, yaml.ScalarNode)
                else None
            )
            yield from _records(value, key if named else None, part)


def _part_prefix(key: str) -> str:
    """Return the prefix a nested part's key gives its fields: its words ("accel"), or none for the
    key of an API example's content (``payload``, ``value``): the example's fields are the record's
    own, under the example's name."""
    return "" if snake_key(key) in data_keys("example_value_keys") else key_words(key).lower()


def change_rows(
    record: yaml.MappingNode, changes: yaml.SequenceNode, machine: tuple[yaml.ScalarNode, yaml.ScalarNode]
) -> Iterator[_Row]:
    """Yield a row of the record's machine for each change record in ``changes`` whose new value is a
    figure: the changed field's key as header, its new value (in the unit the record writes that
    field in) as cell. The old value is superseded and states nothing."""
    for item in changes.value:
        parts = change_parts(item)
        if parts is None or not _NUMBER.match(str(parts[1].value)):
            continue
        path, new = parts
        yield (
            (key_words(str(machine[0].value)), key_words(path)),
            (_cell(machine[1]), _cell(changed_value(record, path, new))),
        )


def _part_count(key: yaml.Node, value: yaml.Node) -> yaml.ScalarNode | None:
    """Return the count of a record's one kind of part written as a map under a part key
    (``chips: {Ascend 910B: 8}``, ``gpus: {H100: 8}``): the record's count of that part, as
    ``chips: 8`` would be. None for anything else (several kinds of parts are left as written)."""
    if not (
        isinstance(key, yaml.ScalarNode)
        and str(key.value).lower() in data_keys("part_prefixes")
        and isinstance(value, yaml.MappingNode)
        and len(value.value) == 1
    ):
        return None
    part, count = value.value[0]
    if (
        isinstance(part, yaml.ScalarNode)
        and isinstance(count, yaml.ScalarNode)
        and str(count.value).isdigit()
    ):
        return count
    return None


def per_part_headers(headers: Sequence[str]) -> tuple[str, ...]:
    """Return a record's headers with each figure of a counted part read per part.

    A flat record that counts a part (``accel_count: 16`` or ``gpus: 8``) and states a figure under the same
    part's prefix (``accel_mem_gb: 96``) gives that figure per part, as a nested part's fields
    would (AWS and inventory exports name a total "total_..."): "accel mem gb" -> "mem gb per
    accel". A header of a whole ("accel total mem gb", "gpu node power w") or naming the part
    ("accel model") is kept.
    """
    counted = {_counted_part(header.lower().split()) for header in headers} - {""}
    if not counted:
        return tuple(headers)
    kept = data_keys("name_keys") | data_keys("part_name_words")
    read: list[str] = []
    for header in headers:
        words = header.split()
        if (
            len(words) > 1
            and words[0].lower() in counted
            and not {word.lower() for word in words[1:]} & kept
            and not {word.lower() for word in words[1:]} & data_keys("whole_words")
        ):
            read.append(f"{' '.join(words[1:])} per {words[0]}")
        else:
            read.append(header)
    return tuple(read)


def each_per_part(headers: Sequence[str], part: str) -> tuple[str, ...]:
    """Return a record's headers with a figure of "each" read per ``part``, the key of the one
    counted part the record holds ("fp4 pflops each" beside ``accelerator: {model: B300, count: 8}``
    -> "fp4 pflops per accelerator"); unchanged when the record holds no counted part."""
    if not part:
        return tuple(headers)
    each = data_keys("each_words")
    read = []
    for header in headers:
        words = header.split()
        read.append(
            f"{' '.join(words[:-1])} per {part}" if len(words) > 1 and words[-1].lower() in each else header
        )
    return tuple(read)


def _counted_part_key(node: yaml.MappingNode) -> str:
    """Return the key (as words) of the one self-named part with a count a record holds
    (``accelerator: {model: ..., count: 8}``), else ""."""
    parts = [
        key_words(str(key.value))
        for key, value in node.value
        if isinstance(key, yaml.ScalarNode)
        and _self_named(value)
        and isinstance(value, yaml.MappingNode)
        and any(
            isinstance(field, yaml.ScalarNode) and str(field.value).lower() in data_keys("count_keys")
            for field, _ in value.value
        )
    ]
    return parts[0] if len(parts) == 1 else ""


def _counted_part(words: Sequence[str]) -> str:
    """Return the part a header counts: "accel count" -> "accel", and a part's plural on its own
    ("gpus", "superchips": a label or flat record counting its parts) -> "gpu"; else ""."""
    prefixes = data_keys("part_prefixes")
    if len(words) == 2 and words[1] == "count" and words[0] in prefixes:
        return words[0]
    if len(words) == 1 and words[0].endswith("s") and words[0][:-1] in prefixes:
        return words[0][:-1]
    return ""


def _machine_field(node: yaml.MappingNode) -> tuple[yaml.ScalarNode, yaml.ScalarNode] | None:
    """Return the (key, value) of the field naming a record's machine ("chassis", "server"), else
    of the field naming the record itself ("Model" of a Redfish system), if any."""
    for group in ("machine_keys", "name_keys"):
        for key, value in node.value:
            if (
                isinstance(key, yaml.ScalarNode)
                and isinstance(value, yaml.ScalarNode)
                and (
                    is_machine_key(str(key.value))
                    if group == "machine_keys"
                    else str(key.value).lower() in data_keys(group)
                )
                and str(value.value).strip()
            ):
                return key, value
    return None


def is_machine_key(key: str) -> bool:
    """Return True for a key naming the machine a record describes: a machine key ("system_model"),
    also after the noun of the part the machine holds ("ipu_machine", "gpu_server": the machine
    of those parts, as "gpu_model" is the part's own model)."""
    lowered = key.lower()
    if lowered in data_keys("machine_keys") or snake_key(key) in data_keys("machine_keys"):
        return True
    part, _, rest = key_words(key).lower().partition(" ")
    return (
        bool(rest)
        and part in data_keys("part_prefixes")
        and rest.replace(" ", "_") in data_keys("machine_keys")
    )


def _names_machine(node: yaml.Node) -> bool:
    """Return True for a mapping holding a field that names its machine, such as ``instance_type``."""
    return isinstance(node, yaml.MappingNode) and any(
        isinstance(key, yaml.ScalarNode) and is_machine_key(str(key.value)) for key, _ in node.value
    )


def _self_named(node: yaml.Node) -> bool:
    """Return True for a mapping that names itself with a field such as ``model`` or ``name``."""
    return isinstance(node, yaml.MappingNode) and any(
        isinstance(key, yaml.ScalarNode) and str(key.value).lower() in data_keys("name_keys")
        for key, _ in node.value
    )


def _placed(node: yaml.ScalarNode, lines: Sequence[str], first: int) -> AnchoredText:
    """Return a prose field's text anchored character by character, or at its start without ``lines``."""
    if lines:
        return scalar_text(node, lines, first)
    text, line, column = _cell(node)
    return AnchoredText(text, ((0, first + line + 1, column + 1),))


def _prose(
    node: yaml.Node, subjects: tuple[str, ...] = (), within: bool = False
) -> Iterator[tuple[yaml.ScalarNode, tuple[str, ...]]]:
    """Yield the scalar of every prose field below ``node`` with the name of the innermost record
    holding it (none when no record names itself): a note in an offer's record is about that offer,
    as the text under a section title is about the title's subject. An API example's content
    (``payload``: ``within``) keeps the example's name before its own: both name what it shows."""
    if isinstance(node, yaml.SequenceNode):
        for item in node.value:
            yield from _prose(item, subjects, within)
    elif isinstance(node, yaml.MappingNode):
        name = _record_name(node)
        if name:
            subjects = (*subjects, name) if within else (name,)
        for key, value in node.value:
            if _is_prose(key, value):
                if any(character.isdigit() for character in str(value.value)):
                    yield value, subjects  # as a comment: only free text with a figure is worth reading
            elif _is_prose_list(key, value):  # "notes": ["...", "..."]: each string is a note
                yield from (
                    (item, subjects)
                    for item in value.value
                    if _is_prose(key, item) and any(character.isdigit() for character in str(item.value))
                )
            else:
                content = isinstance(key, yaml.ScalarNode) and _part_prefix(str(key.value)) == ""
                yield from _prose(value, subjects, content)


def _record_name(node: yaml.MappingNode) -> str:
    """Return the name a record gives itself: its machine or name field, else its identifier
    field (``id: bg.h100nvl.2x`` of an API's object), else ""."""
    named = _machine_field(node) or _id_field(node)
    return str(named[1].value).strip() if named is not None else ""


def _id_field(node: yaml.MappingNode) -> tuple[yaml.ScalarNode, yaml.ScalarNode] | None:
    """Return the (key, value) of a record's identifier field (``"id": "bg.h100nvl.2x"``), if its
    value is a word: a number or a UUID identifies a row without naming anything."""
    for key, value in node.value:
        if (
            isinstance(key, yaml.ScalarNode)
            and isinstance(value, yaml.ScalarNode)
            and snake_key(str(key.value)) in data_keys("id_keys")
            and _NAME_ID.fullmatch(str(value.value).strip()) is not None
        ):
            return key, value
    return None


def _field_group(key: yaml.Node, value: yaml.Node) -> bool:
    """Return True for a mapping under a key whose last word names an aspect of its record
    (``pricing``, ``rates``, ``network``): a group of the record's own fields. A key naming a
    component (``ebs_block_device``, ``host``) or a product (``H100 SXM``) names a record of its own."""
    if not isinstance(key, yaml.ScalarNode):
        return False
    # a repeated group ("peak" given once per precision) is a list of such mappings
    items = value.value if isinstance(value, yaml.SequenceNode) else [value]
    if not items or not all(isinstance(item, yaml.MappingNode) for item in items):
        return False
    words = key_words(str(key.value)).lower().split()
    return bool(words) and words[-1] in data_keys("group_keys")


def _is_prose_list(key: yaml.Node, value: yaml.Node) -> bool:
    """Return True for a list under a prose key ("notes": [...]): its strings are read as prose."""
    return (
        isinstance(key, yaml.ScalarNode)
        and isinstance(value, yaml.SequenceNode)
        and str(key.value).lower() in data_keys("prose_keys")
    )


def _is_prose(key: yaml.Node, value: yaml.Node) -> bool:
    """Return True for a string under a prose key ("msg", "comment") that holds more than one word."""
    return (
        isinstance(key, yaml.ScalarNode)
        and isinstance(value, yaml.ScalarNode)
        and str(key.value).lower() in data_keys("prose_keys")
        and " " in str(value.value).strip()
    )


@cache
def data_keys(group: str) -> frozenset[str]:
    """Return the data keys of ``group`` ("prose_keys", "name_keys") listed in ``datakeys.yaml``."""
    return frozenset(key.lower() for key in packaged_file("factlint.sources", "datakeys.yaml").words(group))


def key_words(key: str) -> str:
    """Return a data key as the words it runs together: "hbm_gb" -> "hbm gb", "tdpW" -> "tdp W",
    "peakFP16TFLOPS" -> "peak FP16 TFLOPS", "memoryBandwidthGBs" -> "memory Bandwidth GB/s",
    "fp8DensePflops" -> "fp8 Dense Pflops".

    A PascalCase key reads as its camelCase form ("TdpW" -> "tdp W", "XeCores" -> "xe Cores"), so a
    Windows value name or a .NET property carries its unit as a camelCase key does."""
    split = _DIGIT_CAMEL.sub(r"\1 ", _SHORT_CAMEL.sub(" ", _CAMEL.sub(" ", _LOWER_DIGIT_CAMEL.sub(" ", key))))
    words = _KEY_BREAK.sub(" ", split).strip()
    if _PASCAL.fullmatch(key):
        words = words[:1].lower() + words[1:]
    return per_second_words(words) if words.endswith("s") else words


def snake_key(key: str) -> str:
    """Return a data key in lower-case snake form: "instanceType", "InstanceType", "instance-type"
    and "instance_type" all give "instance_type", so a JSON API's camelCase key is looked up as
    the snake_case key ``datakeys.yaml`` lists."""
    return "_".join(key_words(key).lower().split())


def per_second_words(words: str) -> str:
    """Return a key's words with a byte unit written with a trailing "s" read per second ("GBs" ->
    "GB/s") when another word names a rate ("bandwidth"): an identifier cannot hold the "/"."""
    split = words.split(" ")
    spelled, rates = _per_second_spellings()
    if split[-1] not in spelled or not any(word.lower() in rates for word in split):
        return words
    return " ".join([*split[:-1], spelled[split[-1]]])


@functools.cache
def _per_second_spellings() -> tuple[dict[str, str], frozenset[str]]:
    """Return the per-second spellings of byte units in keys and the words of keys naming a rate."""
    spelled = packaged_file("factlint.sources", "datakeys.yaml").word_map("per_second_spellings")
    return spelled, data_keys("rate_key_words")


def _cell(node: yaml.ScalarNode) -> tuple[str, int, int]:
    """Return (text, 0-based line, 0-based column) of a scalar, past any opening quote."""
    quoted = 1 if node.style in ("'", '"') else 0
    return str(node.value), node.start_mark.line, node.start_mark.column + quoted
