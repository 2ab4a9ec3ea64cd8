"""Kubernetes manifests and Helm values files read as documents: comments and annotations are prose.

A manifest or a values file describes hardware in its comments and annotations; its settings say
what a workload asks for and where it runs. A run of comment lines (``# ...``) is one PARAGRAPH,
anchored line by line, so a sentence may wrap from one comment line to the next; a rule
(``# ----``), a blank comment, a blank line or a setting ends it. The opening sentence of the
comment block directly above a key (rules may stand between) heads the blocks of that key's
subtree, as a heading would: it names the pool or object the settings and annotations below are
about. Subtrees under configuration keys (``resources``, ``replicas``, ``nodeSelector``,
``affinity``, ``env``...; ``kubernetes.yaml``) are skipped. A text map (``annotations``,
``labels``) gives a paragraph for each value of several words, a row for a value that opens with a
figure under its key's last segment (``hbm-per-host: "128 GB"``), and a row for each well-known
device label (``gpu.memory=24576``, in MiB) in the unit its plugin documents. Other mappings are
read as any data file's records. See decision 0146.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache

import yaml

from factlint.models import Block, BlockKind
from factlint.sources.blocks import anchored_block, make_block
from factlint.sources.datablocks import key_words, node_blocks, record_block
from factlint.sources.htmltext import AnchoredText, join
from factlint.sources.labelkeys import prefixed_name
from factlint.sources.packaged import packaged_file
from factlint.sources.sentences import split_sentences
from factlint.sources.yamlscalars import key_text, scalar_text

_FULL_COMMENT = re.compile(r"[ \t]*#+[ \t]?")
_TRAILING_COMMENT = re.compile(r"[ \t]#[ \t]*(?=[^\n]*\d)([^\n]*\S)")  # "enabled: false  # retired 2025-06"
_RULE = re.compile(r"[\s\-=#*~_+/.]*")
# a commented-out setting: "# replicas: 4", "# memory: 80Gi", "# tpuV5e:" (a key and one value at most);
# a key opens lower-case as a schema's keys do ("Memory: 80GB", "TDP: 700W" are prose labels)
_DISABLED = re.compile(r"-?[ \t]*[a-z_][\w.\-/]*:(?:[ \t]+(\S+))?[ \t]*")
# a figure a setting holds: a number or a Kubernetes quantity ("4", "0.5", "80Gi", "500m", "1e3"),
# not a figure with a unit of prose ("80GB", "700W")
_QUANTITY = re.compile(r"[+-]?\d+(?:\.\d+)?(?:[eE][+-]?\d+|[KMGTPE]i|[kMGTPEmun])?")
_NUMBER = re.compile(r"[~$≈<>+\-]?\s?\d")
_LABEL = re.compile(r"([A-Za-z][\w.\-/]*)=(\S+)")  # one label of a list: "gpu.memory=24576"


@dataclass(frozen=True)
class _Comment:
    """A run of prose comment lines: its text anchored in the file and its last 1-based line."""

    text: AnchoredText
    last_line: int


@dataclass(frozen=True)
class _Scope:
    """The 1-based lines of a key and its subtree, and the opening sentence of its comment block."""

    first_line: int
    last_line: int
    title: str


@cache
def _keys(group: str) -> frozenset[str]:
    """Return the keys of ``group`` ("configuration_keys", "text_map_keys") in ``kubernetes.yaml``."""
    return frozenset(packaged_file("factlint.sources", "kubernetes.yaml").words(group))


@cache
def _device_headers() -> dict[str, str]:
    """Return the header each well-known device label is read under, by its lower-case name."""
    listed = packaged_file("factlint.sources", "kubernetes.yaml").word_map("device_labels")
    return {key.lower(): value for key, value in listed.items()}


def is_manifest(roots: Sequence[yaml.Node]) -> bool:
    """Return True if the YAML documents ``roots`` are a Kubernetes manifest or a Helm values file."""
    marks = _keys("manifest_keys")
    for root in roots:
        if isinstance(root, yaml.MappingNode) and marks <= {key_text(key) for key, _ in root.value}:
            return True
    seen = {key for root in roots for key in _all_keys(root)}
    return len(seen & _keys("pod_spec_keys")) >= 2


def manifest_blocks(roots: Sequence[yaml.Node], lines: Sequence[str]) -> list[Block]:
    """Return the blocks of a manifest's documents ``roots``: comment paragraphs, text-map values and
    the records of its non-configuration keys, each under the comment block heading its subtree."""
    comments = list(_comment_runs(lines))
    blocks = [anchored_block(BlockKind.PARAGRAPH, comment.text, ()) for comment in comments]
    blocks.extend(_trailing_comments(lines))
    scopes: list[_Scope] = []
    for root in roots:
        blocks.extend(node_blocks(_pruned(root), 0, (), None, lines))
        blocks.extend(_text_map_blocks(root, lines))
        scopes.extend(_scopes(root, {comment.last_line: comment for comment in comments}, lines))
    titles = _headings({block.line for block in blocks}, scopes)
    headed = [dataclasses.replace(block, headings=titles[block.line]) for block in blocks]
    return sorted(headed, key=lambda block: (block.line, block.column))


def _comment_runs(lines: Sequence[str]) -> Iterator[_Comment]:
    """Yield each run of whole-line prose comments as one anchored text."""
    run: list[AnchoredText] = []
    for index, line in enumerate([*lines, ""]):
        mark = _FULL_COMMENT.match(line)
        body = line[mark.end() :].rstrip() if mark is not None else ""
        if mark is not None and body.strip() and not _RULE.fullmatch(body) and not _is_setting(body):
            run.append(AnchoredText(body, ((0, index + 1, mark.end() + 1),)))
            continue
        if run:
            text, anchors, _ = join(run, "\n")
            yield _Comment(AnchoredText(text, tuple(anchors)), run[-1].anchors[0][1])
            run = []


def _is_setting(body: str) -> bool:
    """Return True for a comment that is a commented-out setting: a schema key and at most one
    value, a figure among them only as a number or a quantity ("# memory: 80Gi", not "# TDP: 700W")."""
    setting = _DISABLED.fullmatch(body)
    if setting is None:
        return False
    value = setting.group(1)
    return value is None or not value[0].isdigit() or _QUANTITY.fullmatch(value) is not None


def _trailing_comments(lines: Sequence[str]) -> Iterator[Block]:
    """Yield a paragraph for each comment after a setting on its line that holds a figure."""
    for index, line in enumerate(lines):
        if _FULL_COMMENT.match(line) is not None and line.lstrip().startswith("#"):
            continue
        comment = _TRAILING_COMMENT.search(line)
        if comment is not None and '"' not in line[: comment.start()] and "'" not in line[: comment.start()]:
            yield make_block(BlockKind.PARAGRAPH, comment.group(1), index + 1, comment.start(1) + 1)


def _pruned(node: yaml.Node) -> yaml.Node:
    """Return ``node`` without the subtrees of configuration keys and text maps."""
    if isinstance(node, yaml.SequenceNode):
        return yaml.SequenceNode(
            node.tag, [_pruned(item) for item in node.value], node.start_mark, node.end_mark
        )
    if isinstance(node, yaml.MappingNode):
        skipped = _keys("configuration_keys") | _keys("text_map_keys")
        kept = [(key, _pruned(value)) for key, value in node.value if key_text(key) not in skipped]
        return yaml.MappingNode(node.tag, kept, node.start_mark, node.end_mark)
    return node


def _text_map_blocks(node: yaml.Node, lines: Sequence[str]) -> Iterator[Block]:
    """Yield the blocks of every text map (``annotations``, ``labels``) below ``node``, outside
    configuration keys."""
    for key, value in _pairs(node):
        name = key_text(key)
        if name in _keys("configuration_keys"):
            continue
        if name in _keys("text_map_keys") and isinstance(value, yaml.MappingNode):
            for entry, text in value.value:
                if isinstance(entry, yaml.ScalarNode) and isinstance(text, yaml.ScalarNode):
                    yield from text_value_blocks(str(entry.value), scalar_text(text, lines), ())
        else:
            yield from _text_map_blocks(value, lines)


def text_value_blocks(key: str, value: AnchoredText, headings: tuple[str, ...]) -> Iterator[Block]:
    """Yield the blocks of one annotation or label (its value anchored character by character) under
    ``headings``: a device label's figure, a figure under the key's last segment, or the value as prose."""
    lead = len(value.text) - len(value.text.lstrip())
    text = value.text.strip()
    if not text:
        return
    anchored = value.slice(lead, lead + len(text))
    line, column = anchored.position(0)
    labels = list(_LABEL.finditer(text))
    if labels and len(labels) == len(text.split()):  # "gpu.memory=24576 gpu.count=4": a list of labels
        for label in labels:
            row = _device_row(label.group(1), label.group(2), *anchored.position(label.start(2)), headings)
            if row is not None:
                yield row
        return
    row = _device_row(key, text, line, column, headings)
    if row is not None:
        yield row
    elif _NUMBER.match(text):
        yield record_block(
            ("", key_words(prefixed_name(key))), [("", line, column), (text, line, column)], headings, None
        )
    elif " " in text and any(character.isdigit() for character in text):
        yield anchored_block(BlockKind.PARAGRAPH, anchored, headings)


def _device_row(key: str, value: str, line: int, column: int, headings: tuple[str, ...]) -> Block | None:
    """Return the row of a well-known device label (``nvidia.com/gpu.memory``) with a number, else None."""
    words = _device_headers().get(prefixed_name(key).lower())
    if words is None or not _NUMBER.match(value):
        return None
    return record_block(("", words), [("", line, column), (value, line, column)], headings, None)


def _scopes(node: yaml.Node, comments: dict[int, _Comment], lines: Sequence[str]) -> Iterator[_Scope]:
    """Yield the scope of every key below ``node`` with a comment block directly above it."""
    for key, value in _pairs(node):
        comment = _comment_above(key.start_mark.line + 1, comments, lines)
        if comment is not None and isinstance(value, yaml.MappingNode | yaml.SequenceNode):
            spans = split_sentences(comment.text.text)
            start, end = spans[0] if spans else (0, len(comment.text.text))
            title = " ".join(comment.text.text[start:end].split())
            yield _Scope(key.start_mark.line + 1, _last_line(value), title)
        yield from _scopes(value, comments, lines)


def _comment_above(line: int, comments: dict[int, _Comment], lines: Sequence[str]) -> _Comment | None:
    """Return the comment run that ends directly above 1-based ``line``, rules between allowed."""
    above = line - 1
    while above >= 1 and above not in comments:
        mark = _FULL_COMMENT.match(lines[above - 1])
        if mark is None or not _RULE.fullmatch(lines[above - 1][mark.end() :]):
            return None
        above -= 1
    return comments.get(above)


def _headings(lines: set[int], scopes: Sequence[_Scope]) -> dict[int, tuple[str, ...]]:
    """Return the titles of the scopes holding each 1-based line of ``lines``, outermost first.

    One walk down the file: a scope joins the open ones at its first line and leaves after its
    last, so a line costs the scopes open at it, not every scope of the file.
    """
    waiting = sorted(scopes, key=lambda scope: scope.first_line)  # stable: the file's order in a tie
    open_scopes: list[_Scope] = []
    titles: dict[int, tuple[str, ...]] = {}
    next_scope = 0
    for line in sorted(lines):
        while next_scope < len(waiting) and waiting[next_scope].first_line <= line:
            open_scopes.append(waiting[next_scope])
            next_scope += 1
        open_scopes = [scope for scope in open_scopes if scope.last_line >= line]
        titles[line] = tuple(scope.title for scope in open_scopes)
    return titles


def _last_line(node: yaml.Node) -> int:
    """Return the 1-based last line holding a scalar of ``node``'s subtree."""
    if isinstance(node, yaml.ScalarNode):
        return node.end_mark.line + 1
    children = (
        node.value if isinstance(node, yaml.SequenceNode) else [item for pair in node.value for item in pair]
    )
    return max((_last_line(child) for child in children), default=node.start_mark.line + 1)


def _pairs(node: yaml.Node) -> Iterator[tuple[yaml.ScalarNode, yaml.Node]]:
    """Yield the (key, value) pairs of the mappings directly in ``node`` (a mapping or a sequence of them)."""
    if isinstance(node, yaml.SequenceNode):
        for item in node.value:
            yield from _pairs(item)
    elif isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode):
                yield key, value


def _all_keys(node: yaml.Node | None) -> Iterator[str]:
    """Yield every mapping key of ``node``'s subtree, and each key with the key of its parent
    mapping before it ("resources.limits"). A node an alias reaches again under the same parent key
    is walked once, so an alias to its own ancestor (``a: &x {self: *x}``) ends."""
    stack: list[tuple[yaml.Node | None, str]] = [(node, "")]
    walked: set[tuple[int, str]] = set()
    while stack:
        item, parent = stack.pop()
        if (id(item), parent) in walked:
            continue
        walked.add((id(item), parent))
        if isinstance(item, yaml.SequenceNode):
            stack.extend((child, "") for child in item.value)
        elif isinstance(item, yaml.MappingNode):
            for key, value in item.value:
                yield key_text(key)
                if parent:
                    yield f"{parent}.{key_text(key)}"
                stack.append((value, key_text(key)))
