"""``kubectl`` output pasted in plain text or Markdown: node descriptions and node label maps.

An operator pastes ``kubectl describe node`` or ``kubectl get node -o yaml`` (often through ``yq``)
into a ticket or a note. The output is no prose: ``Key: value`` sections flush left, ``Labels:``
with one ``key=value`` per line, ``Annotations:`` with one ``key: value`` per line, resource tables
(``Capacity:``, ``Allocatable:``) and an ``Events:`` table whose Message column is a sentence. Read
as paragraphs, every figure of a node ran into one block and took the file's subject. Here each node
is read on its own, headed by its machine type (``node.kubernetes.io/instance-type``): its device
labels are rows of the device the product label names (``gpu.memory=97871`` in MiB), its count
labels and Capacity's device resources count the machine's devices, its annotations are read as a
manifest's are (``kubernetes.py``), and its events' messages are prose. Settings and state (taints,
conditions, Allocatable, requests, host memory in ``Ki``) give nothing. See decision 0171.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache

import yaml

from factlint.models import Block, BlockKind
from factlint.sources.blocks import make_block
from factlint.sources.datablocks import record_block
from factlint.sources.htmltext import AnchoredText
from factlint.sources.kubernetes import text_value_blocks
from factlint.sources.labelkeys import prefixed_name
from factlint.sources.packaged import PackagedFile, packaged_file
from factlint.sources.tooldumps import next_non_blank
from factlint.sources.yamlscalars import scalar_text

_SECTION = re.compile(r"(?P<key>[A-Z][A-Za-z ]{0,40}):(?:[ \t]+(?P<value>\S.*?))?[ \t]*$")  # "Labels:   a=b"
_LABEL = re.compile(r"(?P<key>[A-Za-z0-9][\w.\-/]*)=(?P<value>\S*)[ \t]*$")  # "nvidia.com/gpu.count=8"
_ENTRY = re.compile(r"(?P<key>[A-Za-z0-9][\w.\-/]*):(?:[ \t]+(?P<value>\S.*?))?[ \t]*$")  # "cpu:  192"
_QUANTITY = re.compile(r"(?P<number>\d+(?:\.\d+)?)(?P<suffix>[KMGT]i?)")
_PROMPT = re.compile(r"[$>][ \t]+\S")
_CHEAP_GUARD = "kubectl"


@dataclass(frozen=True)
class _Entry:
    """One ``key=value`` or ``key: value`` of a node: the value's text, 1-based line and column."""

    key: str
    value: str
    line: int
    column: int


@dataclass
class _Node:
    """What one node's output holds: its label and annotation entries, device resources and events."""

    labels: list[_Entry] = field(default_factory=list)
    annotations: list[_Entry] = field(default_factory=list)
    capacity: list[_Entry] = field(default_factory=list)
    messages: list[_Entry] = field(default_factory=list)


@cache
def _knowledge() -> PackagedFile:
    """Return ``kubectl.yaml``."""
    return packaged_file("factlint.sources", "kubectl.yaml")


@cache
def _lower_words(key: str) -> frozenset[str]:
    """Return the words of ``key`` in ``kubectl.yaml``, in lower case."""
    return frozenset(word.lower() for word in _knowledge().words(key))


@cache
def _lower_map(key: str) -> dict[str, str]:
    """Return the word map of ``key`` in ``kubectl.yaml`` with lower-case keys."""
    return {name.lower(): value for name, value in _knowledge().word_map(key).items()}


def kubectl_spans(lines: Sequence[str], first: int, last: int) -> list[tuple[int, int]]:
    """Return the 0-based (start, end) spans of kubectl output between lines ``first`` and ``last``:
    a prompt running ``kubectl describe`` or ``kubectl get`` and the lines under it, up to the next
    prompt, or a blank line after which nothing indented or no new node (``Name:``) follows."""
    if not any(_CHEAP_GUARD in lines[index] for index in range(first, last)):
        return []
    commands = _knowledge().alternation("commands")
    spans = []
    following: list[int] = []  # the next non-blank line of each line, found once, when first needed
    index = first
    while index < last:
        if _CHEAP_GUARD not in lines[index] or commands.match(lines[index].strip()) is None:
            index += 1
            continue
        end = index + 1
        while end < last and not _prompt(lines[end]):
            if not lines[end].strip():
                following = following or next_non_blank(lines, first, last)
                after = following[end - first]
                if after == last or not _continues(lines[after]):
                    break
            end += 1
        spans.append((index, end))
        index = end
    return spans


def _prompt(line: str) -> bool:
    """Return True for a shell prompt's line ("$ kubectl ...", "> ..."); a "# ..." line only when it
    runs kubectl (else it is a comment)."""
    return _PROMPT.match(line) is not None or (
        _CHEAP_GUARD in line and _knowledge().alternation("commands").match(line.strip()) is not None
    )


def _continues(line: str) -> bool:
    """Return True if a line after a blank one still belongs to kubectl's output."""
    return line[:1].isspace() or line.lower().startswith(f"{_knowledge().value('name_key')}:")


def kubectl_blocks(lines: Sequence[str], start: int, end: int, headings: tuple[str, ...]) -> list[Block]:
    """Return the blocks of the kubectl output at 0-based lines ``start``..``end`` (the prompt's line
    first): each node's rows and prose, headed by ``headings`` and the node's machine type."""
    body = range(start + 1, end)
    name_key = _knowledge().value("name_key")
    if any(
        (opened := _SECTION.match(lines[index])) is not None and opened.group("key").lower() == name_key
        for index in body
    ):
        nodes = list(_described_nodes(lines, start + 1, end))
    else:
        nodes = [_yaml_node(lines, start + 1, end)]
    return [block for node in nodes for block in _node_blocks(node, headings)]


def _described_nodes(lines: Sequence[str], start: int, end: int) -> Iterator[_Node]:
    """Yield the nodes of ``kubectl describe`` output: a ``Name:`` line opens each."""
    node: _Node | None = None
    section = ""
    message_column: int | None = None
    for index in range(start, end):
        line = lines[index]
        if not line.strip():
            continue
        opened = _SECTION.match(line)
        if opened is not None:
            section = opened.group("key").lower()
            if section == _knowledge().value("name_key"):
                if node is not None:
                    yield node
                node = _Node()
            message_column = None
            if opened.group("value") is None or node is None:
                continue
            text, column = opened.group("value"), opened.start("value")
        else:
            text, column = line.strip(), len(line) - len(line.lstrip())
        if node is None:
            continue
        if section in _lower_words("event_sections"):
            if message_column is None:
                header_at = line.lower().find(str(_knowledge().value("event_message_column")))
                message_column = header_at if header_at > 0 else None
            elif len(line) > message_column and line[message_column:].strip():
                message = line[message_column:].rstrip()
                node.messages.append(_Entry("", message, index + 1, message_column + 1))
            continue
        pattern = _LABEL if section in _lower_words("label_sections") else _ENTRY
        entry = pattern.match(text)
        if entry is None or entry.group("value") is None:
            continue
        found = _Entry(entry.group("key"), entry.group("value"), index + 1, column + entry.start("value") + 1)
        if section in _lower_words("label_sections"):
            node.labels.append(found)
        elif section in _lower_words("annotation_sections"):
            node.annotations.append(found)
        elif section in _lower_words("capacity_sections"):
            node.capacity.append(found)
    if node is not None:
        yield node


def _yaml_node(lines: Sequence[str], start: int, end: int) -> _Node:
    """Return the node of YAML output: a Node object's labels, annotations and capacity, or a flat map
    of label and annotation keys (``yq '.metadata.labels, .metadata.annotations'``)."""
    node = _Node()
    try:
        root = yaml.compose("\n" * start + "\n".join(lines[start:end]), Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return node
    if not isinstance(root, yaml.MappingNode):
        return node
    metadata = _child(root, "metadata")
    status = _child(root, "status")
    if metadata is None:
        node.annotations.extend(_entries(root, lines))  # one map of labels and annotations
        node.labels.extend(entry for entry in node.annotations if _is_known_label(entry.key))
        return node
    node.labels.extend(_entries(_child(metadata, "labels"), lines))
    node.annotations.extend(_entries(_child(metadata, "annotations"), lines))
    node.capacity.extend(_entries(_child(status, "capacity") if status is not None else None, lines))
    return node


def _child(node: yaml.Node | None, key: str) -> yaml.Node | None:
    """Return the value of ``key`` in the mapping ``node``, if it has one."""
    if not isinstance(node, yaml.MappingNode):
        return None
    return next(
        (value for name, value in node.value if isinstance(name, yaml.ScalarNode) and name.value == key), None
    )


def _entries(node: yaml.Node | None, lines: Sequence[str]) -> Iterator[_Entry]:
    """Yield the scalar entries of the mapping ``node``, each value placed where the file writes it."""
    if not isinstance(node, yaml.MappingNode):
        return
    for key, value in node.value:
        if isinstance(key, yaml.ScalarNode) and isinstance(value, yaml.ScalarNode) and str(value.value):
            text = scalar_text(value, lines)
            line, column = text.position(0)
            yield _Entry(str(key.value), text.text, line, column)


def _is_known_label(key: str) -> bool:
    """Return True for a label this module reads by its name (a device, count, product or subject label)."""
    name = prefixed_name(key).lower()
    return key.lower() in _lower_words("subject_labels") or any(
        name in _lower_map(group) for group in ("product_labels", "device_labels", "count_labels")
    )


def _node_blocks(node: _Node, headings: tuple[str, ...]) -> list[Block]:
    """Return the rows and paragraphs of one node under ``headings`` and its machine type."""
    subject = next(
        (entry.value for entry in node.labels if entry.key.lower() in _lower_words("subject_labels")), None
    )
    headed = (*headings, subject) if subject else headings
    product = _product(node.labels)
    blocks: list[Block] = []
    for entry in node.labels:
        name = prefixed_name(entry.key).lower()
        value = (_quantity(entry.value), entry.line, entry.column)
        if name in _lower_map("count_labels") and entry.value.isdigit():
            blocks.append(record_block((_lower_map("count_labels")[name],), [value], headed, None))
        elif name in _lower_map("device_labels") and entry.value[:1].isdigit():
            header = _lower_map("device_labels")[name]
            if product is None:
                blocks.append(record_block((header,), [value], headed, None))
            else:
                blocks.append(record_block(("device name", header), [product, value], headed, None))
    for entry in node.annotations:
        if entry.key in {label.key for label in node.labels}:
            continue
        text = AnchoredText(entry.value, ((0, entry.line, entry.column),))
        blocks.extend(text_value_blocks(entry.key, text, headed))
    for entry in node.capacity:
        if "/" not in entry.key or not entry.value.isdigit():
            continue  # cpu, memory, pods: the host's, not its devices
        counted = _lower_map("capacity_resources").get(prefixed_name(entry.key).lower())
        if counted is not None:
            blocks.append(record_block((counted,), [(entry.value, entry.line, entry.column)], headed, None))
    for entry in node.messages:
        blocks.append(make_block(BlockKind.PARAGRAPH, entry.value, entry.line, entry.column, headed))
    return blocks


def _product(labels: Sequence[_Entry]) -> tuple[str, int, int] | None:
    """Return the device model a product label names, written with spaces, and its place."""
    for entry in labels:
        space = _lower_map("product_labels").get(prefixed_name(entry.key).lower())
        if space is not None and entry.value:
            name = entry.value.replace(space, " ") if space else entry.value
            return name, entry.line, entry.column
    return None


def _quantity(value: str) -> str:
    """Return a Kubernetes quantity with its unit written out ("192G" -> "192 GB"), else ``value``."""
    quantity = _QUANTITY.fullmatch(value)
    if quantity is None:
        return value
    unit = _knowledge().word_map("quantity_units").get(quantity.group("suffix"))
    return f"{quantity.group('number')} {unit}" if unit else value
