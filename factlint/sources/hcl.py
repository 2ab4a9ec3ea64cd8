"""Terraform and other HCL files (.tf, .tfvars, .hcl) read as documents of records and prose.

HCL states figures in three places, and each is read as its kind of text (decision 0121):

- Comments (``#``, ``//``, ``/* */``) and heredocs are prose: a run of full-line comments is
  one paragraph, a comment after code on its line is a paragraph of its own.
- A block's literal attributes are a record, read as data-file records are (decisions 0069,
  0080): a TABLE_ROW whose headers are the attribute names and whose first cell is the block's
  name (``resource "aws_instance" "trainer"`` -> "trainer"); an object literal nested in it is
  a record of its own, named by its key, so a map of pools keyed by pool name gives one row per
  pool. A ``variable``'s ``default`` and an ``output``'s ``value`` are named by the variable or
  output (``variable "p5_hourly_usd" { default = 98.32 }`` -> header "p5 hourly usd"). A
  ``description`` string is prose, as a data record's ``description`` is.
- Computed expressions (``var.n * 8``, calls, templates) are no figures and yield nothing; the
  ``terraform`` block (version constraints) and meta-arguments (``count``, ``for_each`` of a
  resource) yield no record, nor do keys listed as ``hcl_skipped_keys`` in ``datakeys.yaml``
  (tags, versions).

Each block's labels are the heading of the prose and records inside it; a comment run right
above a block takes that block's heading too. A comment inside a record that names its machine
(``instance_type = "p5.48xlarge"``) takes that name as its label. A quoted string's escapes
(``\n``, ``\"``) are decoded, and its text keeps the file column of every character.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

import yaml

from factlint.models import Block, BlockKind
from factlint.sources.blocks import make_block
from factlint.sources.datablocks import data_keys, is_machine_key, key_words, node_blocks
from factlint.sources.hcllex import Token, TokenKind
from factlint.sources.hclparse import Attribute, HclBlock, HclFile, Value, ValueKind, parse_hcl

HCL_SUFFIXES = frozenset({".tf", ".tfvars", ".hcl"})
# Blocks whose one attribute holding the value is named by the block's label.
_VALUE_ATTRIBUTES = {"variable": "default", "output": "value"}
_META_ARGUMENTS = frozenset({"count", "for_each", "depends_on", "provider", "lifecycle", "source", "version"})
_SKIPPED_BLOCKS = frozenset({"terraform", "required_providers"})


@dataclass(frozen=True)
class _Scope:
    """The lines a block or record spans, its heading path and the machine it names, if any."""

    first: int
    last: int
    headings: tuple[str, ...]
    label: str | None


@dataclass(frozen=True)
class HclDocument:
    """The blocks read from an HCL file, and the problems of the parts it skipped."""

    blocks: tuple[Block, ...]
    problems: tuple[str, ...] = ()  # "line N: reason", one per part nested too deep


def parse_hcl_file(lines: Sequence[str]) -> HclDocument:
    """Return the record rows and prose paragraphs of an HCL file's ``lines``, in file order."""
    return hcl_document(parse_hcl("\n".join(lines)))


def hcl_document(parsed: HclFile) -> HclDocument:
    """Return the record rows and prose paragraphs of a parsed file, in file order."""
    decoded = {token.anchors[0][1:]: token for token in _decoded_strings(parsed.body)}
    blocks = [_with_escapes(block, decoded) for block in _file_blocks(parsed)]
    return HclDocument(tuple(blocks), tuple(parsed.problems))


def _file_blocks(parsed: HclFile) -> list[Block]:
    """Return the record rows and prose paragraphs of a parsed file, in file order."""
    scopes: list[_Scope] = []
    blocks: list[Block] = []
    for item in parsed.body:
        if isinstance(item, HclBlock):
            blocks.extend(_block_records(item, (), scopes))
        else:  # a .tfvars file: top-level attributes are the values of variables, each its heading
            heading = (item.name.text.replace("_", " "),)
            scopes.extend(_object_scopes(item.value, heading, item.name))
            blocks.extend(_records([(item.name, item.value)], heading, None))
    blocks.extend(_heredocs(parsed, scopes))
    blocks.extend(_comments(parsed, scopes))
    return sorted(blocks, key=lambda block: (block.line, block.column))


def _decoded_strings(body: Sequence[Attribute | HclBlock]) -> Iterator[Token]:
    """Yield every string token of ``body`` whose escapes were decoded (it has anchors)."""
    for item in body:
        if isinstance(item, HclBlock):
            yield from (label for label in item.labels if label.anchors)
            yield from _decoded_strings(item.body)
        else:
            yield from _value_strings(item.value)


def _value_strings(value: Value) -> Iterator[Token]:
    tokens = [value.token, *(key for key, _ in value.items)]
    yield from (token for token in tokens if token is not None and token.anchors)
    for inner in (*(inner for _, inner in value.items), *value.elements):
        yield from _value_strings(inner)


def _with_escapes(block: Block, decoded: dict[tuple[int, int], Token]) -> Block:
    """Return ``block`` with anchors inside each decoded string it copies, so columns stay exact."""
    anchors = block.anchors or ((0, block.line, block.column),)
    expanded: list[tuple[int, int, int]] = []
    for offset, line, column in anchors:
        token = decoded.get((line, column))
        if token is None or not block.text.startswith(token.text, offset):
            expanded.append((offset, line, column))
        else:
            expanded.extend((offset + start, at, column) for start, at, column in token.anchors)
    return block if len(expanded) == len(anchors) else replace(block, anchors=tuple(expanded))


def _block_records(block: HclBlock, outer: tuple[str, ...], scopes: list[_Scope]) -> list[Block]:
    """Return the records of a top-level block, noting the scopes of it and its nested parts."""
    headings = (*outer, _heading(block))
    scopes.append(_Scope(block.first_line, block.last_line, headings, _machine_of(block.body)))
    for inner in _nested_blocks(block.body):
        scopes.append(_Scope(inner.first_line, inner.last_line, headings, _machine_of(inner.body)))
    for attribute in _all_attributes(block.body):
        scopes.extend(_object_scopes(attribute.value, headings))
    kind = block.type.text
    if kind in _SKIPPED_BLOCKS:
        return []
    pairs = list(_body_pairs(block.body, top=True))
    value_name = _VALUE_ATTRIBUTES.get(kind)
    if value_name is not None and block.labels:
        pairs = [
            (block.labels[-1], value) if key.text == value_name else (key, value) for key, value in pairs
        ]
        return _records(pairs, headings, None)
    if block.labels:
        return _records([(block.labels[-1], _body_value(block, pairs))], headings, None)
    return _records(pairs, headings, None)


def _nested_blocks(body: Sequence[Attribute | HclBlock]) -> Iterator[HclBlock]:
    for item in body:
        if isinstance(item, HclBlock):
            yield item
            yield from _nested_blocks(item.body)


def _body_value(block: HclBlock, pairs: list[tuple[Token, Value]]) -> Value:
    """Return a block's body as an object value (its pairs under its opening token)."""
    return Value(ValueKind.OBJECT, block.type, items=tuple(pairs), last_line=block.last_line)


def _body_pairs(body: Sequence[Attribute | HclBlock], top: bool) -> Iterator[tuple[Token, Value]]:
    """Yield (key, value) of a body's attributes and nested blocks (as objects keyed by type)."""
    skipped = data_keys("hcl_skipped_keys")
    for item in body:
        if isinstance(item, Attribute):
            name = item.name.text
            if name.lower() in skipped or (top and name in _META_ARGUMENTS):
                continue
            yield item.name, item.value
        elif item.type.text not in _SKIPPED_BLOCKS and item.type.text.lower() not in skipped:
            yield item.type, _body_value(item, list(_body_pairs(item.body, top=False)))


def _records(
    pairs: Sequence[tuple[Token, Value]], headings: tuple[str, ...], label: str | None
) -> list[Block]:
    """Return the TABLE_ROW and prose blocks of (key, value) pairs, read as a data record."""
    root = _mapping(pairs)
    if root is None:
        return []
    return node_blocks(root, 0, headings, label)


def _mapping(pairs: Sequence[tuple[Token, Value]]) -> yaml.MappingNode | None:
    """Return the YAML mapping of the pairs whose values are literals, or None if none is."""
    skipped = data_keys("hcl_skipped_keys")
    value_nodes = [
        (_scalar(key), node)
        for key, value in pairs
        if key.text.lower() not in skipped and (node := _range_pair(key, value) or _node(value)) is not None
    ]
    if not value_nodes:
        return None
    first = value_nodes[0][0]
    return yaml.MappingNode("tag:yaml.org,2002:map", value_nodes, first.start_mark, first.end_mark)


def _node(value: Value) -> yaml.Node | None:
    """Return a value as a YAML node (a literal, a mapping or a sequence), or None if computed."""
    if value.kind is ValueKind.SCALAR and value.token is not None:
        return _scalar(value.token)
    if value.kind is ValueKind.OBJECT:
        return _mapping(value.items)
    if value.kind is ValueKind.TUPLE and value.token is not None:
        nodes = [node for element in value.elements if (node := _node(element)) is not None]
        mark = _mark(value.token)
        return yaml.SequenceNode("tag:yaml.org,2002:seq", nodes, mark, mark) if nodes else None
    return None


def _range_pair(key: Token, value: Value) -> yaml.ScalarNode | None:
    """Return the range "low - high" of a list of two rising numbers under a key whose words
    name a quantity stated as a span (``module_power_w = [ 450 1000 ]``, ``power_range = [40, 60]``,
    ``range_list_key_words`` in ``datakeys.yaml``), placed at its low end; None for any other value."""
    if value.kind is not ValueKind.TUPLE or len(value.elements) != 2:
        return None
    if any(element.kind is not ValueKind.SCALAR for element in value.elements):
        return None
    low, high = (element.token for element in value.elements)
    if low is None or high is None or low.kind is not TokenKind.NUMBER or high.kind is not TokenKind.NUMBER:
        return None
    if float(low.text) >= float(high.text):
        return None
    if not set(key_words(key.text).lower().split()) & data_keys("range_list_key_words"):
        return None
    mark = _mark(low)  # spaced, so the cell's first word is the figure the file writes at its place
    return yaml.ScalarNode("tag:yaml.org,2002:str", f"{low.text} - {high.text}", mark, mark)


def _scalar(token: Token) -> yaml.ScalarNode:
    """Return a token as a YAML scalar at the token's place (a string's place is its quote)."""
    mark = _mark(token)
    style = '"' if token.kind is TokenKind.STRING else None
    return yaml.ScalarNode("tag:yaml.org,2002:str", token.text, mark, mark, style=style)


def _mark(token: Token) -> yaml.Mark:
    return yaml.Mark("hcl", 0, token.line - 1, token.column - 1, None, 0)


def _heading(block: HclBlock) -> str:
    """Return a block's heading: its labels as words ("p5 trainers"), else its type ("locals")."""
    if block.labels:
        return block.labels[-1].text.replace("_", " ")
    return block.type.text.replace("_", " ")


def _machine_of(body: Sequence[Attribute | HclBlock]) -> str | None:
    """Return the literal value of a body's attribute naming its machine ("instance_type"), if any."""
    for item in body:
        if (
            isinstance(item, Attribute)
            and is_machine_key(item.name.text)
            and item.value.kind is ValueKind.SCALAR
            and item.value.token is not None
        ):
            return item.value.token.text
    return None


def _object_scopes(value: Value, headings: tuple[str, ...], key: Token | None = None) -> Iterator[_Scope]:
    """Yield the scope of every object literal below ``value`` that names its machine, by an
    attribute ("instance_type") or, for an object of a map, by its quoted key (``"p5.48xlarge" = {``)."""
    if value.kind is ValueKind.OBJECT and value.token is not None:
        machine = _machine_of([Attribute(key, inner) for key, inner in value.items])
        if machine is None and key is not None and key.kind is TokenKind.STRING:
            machine = key.text  # a quoted key is data, the name its record's row is given too
        if machine is not None:
            yield _Scope(value.token.line, value.last_line, headings, machine)
        for inner_key, inner in value.items:
            yield from _object_scopes(inner, headings, inner_key)
    elif value.kind is ValueKind.TUPLE:
        for element in value.elements:
            yield from _object_scopes(element, headings)


def _comments(parsed: HclFile, scopes: list[_Scope]) -> Iterator[Block]:
    """Yield a paragraph for each comment run and each trailing comment, in its scope's context."""
    runs = _comment_runs(parsed.comments)
    spans = [(run[0].lines[0][1], run[-1].last_line or run[-1].line) for run in runs]
    for run, context in zip(runs, _innermost(scopes, spans), strict=True):
        yield _paragraph(run, context)


def _all_attributes(body: Sequence[Attribute | HclBlock]) -> Iterator[Attribute]:
    for item in body:
        if isinstance(item, Attribute):
            yield item
        else:
            yield from _all_attributes(item.body)


def _comment_runs(comments: Sequence[Token]) -> list[list[Token]]:
    """Return the comments grouped in runs: full-line comments on consecutive lines join."""
    runs: list[list[Token]] = []
    for comment in comments:
        if not comment.lines:
            continue
        previous = runs[-1][-1] if runs else None
        if (
            previous is not None
            and not comment.trailing
            and not previous.trailing
            and comment.line == previous.lines[-1][1] + 1
        ):
            runs[-1].append(comment)
        else:
            runs.append([comment])
    return runs


def _innermost(scopes: Sequence[_Scope], spans: Sequence[tuple[int, int]]) -> list[_Scope | None]:
    """Return, for each span of lines (first, last), the narrowest scope holding it, else the
    block just below it.

    One sweep over the spans in line order keeps only the scopes open at the span's first line,
    so the work grows with the nesting depth, not with the number of blocks in the file.
    """
    below: dict[int, _Scope] = {}
    for scope in scopes:
        known = below.get(scope.first)
        if known is None or scope.last - scope.first > known.last - known.first:
            below[scope.first] = scope
    opening = sorted(range(len(scopes)), key=lambda index: scopes[index].first)
    contexts: list[_Scope | None] = [None] * len(spans)
    active: list[int] = []  # the scopes opened at or before the current line, in list order
    opened = 0
    for index in sorted(range(len(spans)), key=lambda index: spans[index][0]):
        first, last = spans[index]
        while opened < len(opening) and scopes[opening[opened]].first <= first:
            active.append(opening[opened])
            opened += 1
        active = sorted(held for held in active if scopes[held].last >= first)
        holding = [scopes[held] for held in active if last <= scopes[held].last]
        contexts[index] = _narrowest(holding) if holding else below.get(last + 1)
    return contexts


def _narrowest(holding: Sequence[_Scope]) -> _Scope:
    """Return the narrowest of the scopes holding a span, headed by the machine a record names."""
    narrowest = min(holding, key=lambda scope: scope.last - scope.first)
    labelled = [scope for scope in holding if scope.label is not None]
    label = min(labelled, key=lambda scope: scope.last - scope.first).label if labelled else None
    # The machine a record names is the heading of its comments, as a section's title is
    # ("16x H200, 141 GB each" under the record of "a3-ultragpu-8g").
    headings = narrowest.headings if label is None else (*narrowest.headings, label)
    return _Scope(narrowest.first, narrowest.last, headings, None)


def _paragraph(run: Sequence[Token], context: _Scope | None) -> Block:
    """Return the paragraph of a comment run, each line anchored at its place in the file."""
    parts = [part for comment in run for part in comment.lines]
    return _anchored(parts, context.headings if context else (), context.label if context else None)


def _anchored(parts: Sequence[tuple[str, int, int]], headings: tuple[str, ...], label: str | None) -> Block:
    text = ""
    anchors: list[tuple[int, int, int]] = []
    for content, line, column in parts:
        if text:
            text += "\n"
        anchors.append((len(text), line, column))
        text += content
    _, line, column = anchors[0]
    return make_block(BlockKind.PARAGRAPH, text, line, column, headings, label=label, anchors=tuple(anchors))


def _heredocs(parsed: HclFile, scopes: Sequence[_Scope]) -> Iterator[Block]:
    """Yield a paragraph for each heredoc string holding a figure, in its block's context."""
    heredocs = [heredoc for item in _all_attributes(parsed.body) for heredoc in _value_heredocs(item.value)]
    spans = [(heredoc.lines[0][1], heredoc.lines[0][1]) for heredoc in heredocs]
    for heredoc, context in zip(heredocs, _innermost(scopes, spans), strict=True):
        yield _anchored(heredoc.lines, context.headings if context else (), None)


def _value_heredocs(value: Value) -> Iterator[Token]:
    """Yield the heredoc tokens holding a digit at or below ``value``."""
    token = value.token
    if (
        value.kind is ValueKind.HEREDOC
        and token is not None
        and token.lines
        and any(map(str.isdigit, token.text))
    ):
        yield token
    for _, inner in value.items:
        yield from _value_heredocs(inner)
    for element in value.elements:
        yield from _value_heredocs(element)
