"""Data files (.json, .jsonl/.ndjson, .yaml/.yml) read as documents of records.

Every record goes through the same reading as data fenced in Markdown (decision 0069): each
mapping holding a number becomes a TABLE_ROW whose headers are its keys, and a prose field
(``msg``, ``comment``) becomes a paragraph. A JSON-lines file is read one object per line, and a
line that is not valid JSON is reported as a problem of that line only: the other records are
still read. A JSON or YAML file that does not parse cannot be read at all. See decision 0080.
A chat export (Discord, Slack, Telegram, Matrix) is read as a conversation instead (decision 0122),
a Kubernetes manifest or Helm values file as comments, annotations and records (decision 0146),
a Docker Compose file without its services' settings (decision 0166). YAML wrapped in a template
language (a Salt ``.sls`` file, an Ansible ``*.yml.j2``, a Helm template) is read with its template
tags blanked in place (``sources/templatetags.py``, decision 0235).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

import yaml

from factlint.models import Block
from factlint.sources.chatexport import chat_blocks
from factlint.sources.compose import headed_by_product, is_compose, without_settings
from factlint.sources.datablocks import comment_blocks, node_blocks
from factlint.sources.kubernetes import is_manifest, manifest_blocks
from factlint.sources.templatetags import has_template_tags, without_template_tags

DATA_FILE_SUFFIXES = frozenset({".json", ".jsonl", ".ndjson", ".yaml", ".yml"})
JSON_LINES_SUFFIXES = frozenset({".jsonl", ".ndjson"})
_DEEP_NESTING = 200  # the line reported for a tree too deep to read: where its brackets pass this depth


@dataclass(frozen=True)
class DataFile:
    """The blocks read from a data file, and the problems of the lines that could not be read."""

    blocks: tuple[Block, ...]
    problems: tuple[str, ...] = ()  # "line N: reason", one per unreadable JSON line
    error: str | None = None  # "line N: reason" when the whole file cannot be read


def parse_data_file(lines: Sequence[str], suffix: str) -> DataFile:
    """Return the record blocks of a data file's ``lines``, by the format its ``suffix`` names."""
    if suffix.lower() in JSON_LINES_SUFFIXES:
        return _json_lines(lines)
    text = "\n".join(lines)
    if suffix.lower() != ".json" and has_template_tags(text):
        # Jinja or Go-template tags are blanked in place: every value keeps its line and column
        text = without_template_tags(text)
        lines = text.split("\n")
    try:
        return _parse_tree(text, lines, suffix)
    except RecursionError:  # yaml's composer and the record walk recurse once per nesting level
        return DataFile((), error=f"line {_too_deep_line(text)}: nested too deeply to read")


def _parse_tree(text: str, lines: Sequence[str], suffix: str) -> DataFile:
    """Return the record blocks of a JSON or YAML document's ``text``."""
    try:
        roots = list(yaml.compose_all(text, Loader=yaml.SafeLoader))
    except yaml.YAMLError as problem:
        mark = getattr(problem, "problem_mark", None)
        line = mark.line + 1 if mark is not None else 1
        reason = getattr(problem, "problem", None) or "cannot be parsed"
        kind = "JSON" if suffix.lower() == ".json" else "YAML"
        return DataFile((), error=f"line {line}: not valid {kind}: {reason}")
    for root in roots:
        _join_surrogates(root)
    swollen = next(
        (root for root in roots if root is not None and _expanded_size(root) > _MAX_EXPANDED), None
    )
    if swollen is not None:  # "billion laughs": aliases of aliases that read as millions of values
        return DataFile(
            (), error=f"line {swollen.start_mark.line + 1}: aliases expand to too many values to read"
        )
    documents = [root for root in roots if root is not None]
    if suffix.lower() != ".json" and is_manifest(documents):
        return DataFile(tuple(manifest_blocks(documents, lines)))
    compose = suffix.lower() != ".json" and is_compose(documents)
    if compose:
        roots = [without_settings(root) for root in documents]
    blocks = [block for root in roots if root is not None for block in _root_blocks(root, lines)]
    if suffix.lower() != ".json":
        blocks.extend(comment_blocks(lines, 0, len(lines), (), None))
    if compose:
        blocks = headed_by_product(blocks, documents)
    return DataFile(tuple(sorted(blocks, key=lambda block: (block.line, block.column))))


_MAX_EXPANDED = 200_000  # values a document may read as once its aliases are expanded


def _expanded_size(root: yaml.Node) -> int:
    """Return how many nodes ``root`` reads as with every alias expanded (a node shared by aliases
    counts once per use; one on its own path counts once), stopping early past ``_MAX_EXPANDED``."""
    sizes: dict[int, int] = {}
    open_nodes: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        children = _children(node)
        if done:
            open_nodes.discard(key)
            sizes[key] = min(_MAX_EXPANDED + 1, 1 + sum(sizes.get(id(child), 1) for child in children))
            continue
        if key in sizes or key in open_nodes:
            continue
        open_nodes.add(key)
        stack.append((node, True))
        stack.extend((child, False) for child in children if id(child) not in sizes)
    return sizes.get(id(root), 1)


def _children(node: yaml.Node) -> list[yaml.Node]:
    """Return the nodes a sequence or mapping node holds (keys and values), none for a scalar."""
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def _too_deep_line(text: str, limit: int = _DEEP_NESTING) -> int:
    """Return the 1-based line where JSON brackets first nest ``limit`` deep (outside strings), else 1."""
    depth, in_string, escaped, line = 0, False, False, 1
    for char in text:
        if char == "\n":
            line += 1
        elif in_string:
            escaped, in_string = (not escaped and char == "\\"), in_string and (escaped or char != '"')
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth >= limit:
                return line
        elif char in "]}":
            depth -= 1
    return 1


def _root_blocks(root: yaml.Node, lines: Sequence[str]) -> list[Block]:
    """Return the blocks of one data tree: a chat export's conversation, else its records."""
    chat = chat_blocks(root, lines)
    return chat if chat is not None else node_blocks(root, 0, (), None, lines)


def _join_surrogates(root: yaml.Node | None) -> None:
    """Join the escaped surrogate pairs of a tree's strings (yaml reads ``"\\ud83d\\ude00"`` as two
    characters) into one character and replace a lone surrogate with U+FFFD, in place, so that no
    surrogate leaves the sources stage (a report could not be written)."""
    stack, seen = [root], set()
    while stack:
        node = stack.pop()
        if id(node) in seen:  # an alias shares its anchor's node
            continue
        seen.add(id(node))
        if isinstance(node, yaml.ScalarNode) and isinstance(node.value, str):
            node.value = node.value.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
        elif node is not None:
            stack.extend(_children(node))


def _json_lines(lines: Sequence[str]) -> DataFile:
    """Return the records of a JSON-lines file, one object per non-blank line."""
    blocks: list[Block] = []
    problems: list[str] = []
    for index, line in enumerate(lines):
        if not line.strip():
            continue
        try:
            json.loads(line)
        except json.JSONDecodeError as problem:
            problems.append(f"line {index + 1}: not valid JSON: {problem.msg} (column {problem.colno})")
            continue
        # JSON is YAML, and YAML's nodes carry the positions of the values.
        try:
            root = yaml.compose(line.replace("\t", " "), Loader=yaml.SafeLoader)
        except yaml.YAMLError:
            problems.append(f"line {index + 1}: a JSON record this reader cannot place")
            continue
        if root is not None:
            _join_surrogates(root)
            blocks.extend(node_blocks(root, index, (), None))
    return DataFile(tuple(blocks), tuple(problems))
