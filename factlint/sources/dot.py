"""Read a Graphviz DOT graph: nodes as sections titled by their labels, edges as sentences, comments prose.

The reader of parsed statements (:func:`read_graphs`) is shared with other diagram languages
(Mermaid, decision 0188): they parse into the same statements and say how their labels break lines.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from factlint.models import Block, BlockKind
from factlint.sources.blocks import anchored_block
from factlint.sources.dotgraph import (
    EdgeStatement,
    GraphParser,
    NodeStatement,
    NoteStatement,
    Scope,
    Value,
)
from factlint.sources.dotlex import Comment, Placer, label_lines, tokens
from factlint.sources.html import parse_html
from factlint.sources.htmltext import AnchoredText
from factlint.sources.packaged import packaged_file

DOT_SUFFIXES = frozenset((".dot", ".gv"))

# A node label's first line that only names the machine: a lower-case host name ("cs3-a",
# "leaf-1 (C1)"), optionally followed by ": what it is" ("sn-a: SambaNova SN40L-16").
_HOST = re.compile(r"([a-z0-9][a-z0-9._-]*)(?:\s*\([^)]*\))?(?::\s+(\S.*))?")
# What ends the model name in a label line: a remark in brackets or a list of figures after a comma.
_NAME_END = re.compile(r"\s*(?:\(|,\s|;\s|:\s)")


@dataclass(frozen=True)
class _Words:
    labels: tuple[str, ...]
    directed: str
    undirected: str
    breaks: frozenset[str]


@cache
def _words() -> _Words:
    known = packaged_file("factlint.sources", "dot.yaml")
    return _Words(
        labels=tuple(word.lower() for word in known.words("label_attributes")),
        directed=str(known.value("directed_joiner")),
        undirected=str(known.value("undirected_joiner")),
        breaks=frozenset(known.words("line_breaks")),
    )


# The drawn lines of a label: (source text, the label's spans, the node's id, placer) -> lines.
LabelLines = Callable[[str, list[tuple[int, int]], str, Placer], list[AnchoredText]]


@dataclass(frozen=True)
class GraphDialect:
    """How a diagram language writes what the graph reader reads: a label's drawn lines, the
    characters stripped off a comment's text, and those that may stand between two comments of one
    run (markers, spaces and line ends)."""

    label_lines: LabelLines
    comment_edges: str
    comment_gap: str


def _dot_label_lines(
    text: str, spans: list[tuple[int, int]], node_id: str, place: Placer
) -> list[AnchoredText]:
    return label_lines(text, spans, _words().breaks, node_id, place)


DOT_DIALECT = GraphDialect(_dot_label_lines, " \t*/", " \t\n/#*")


@dataclass(frozen=True)
class _Node:
    """A labelled node: its section heading, the name edges call it by and its blocks."""

    heading: str
    name: str
    blocks: tuple[Block, ...]
    aliases: tuple[str, ...]
    start: int  # the statement that labels it


def parse_dot(lines: Sequence[str], body_line: int = 1) -> tuple[list[Block], str | None]:
    """Return the blocks of a DOT graph and its title (the top graph's label).

    Each labelled subgraph is a heading; each labelled node a section headed by its name with its
    other label lines as paragraphs (an HTML-like label's table as table rows); each labelled
    edge one paragraph naming both ends; each comment run a paragraph. Drawing attributes are
    never read.
    """
    text = "\n".join(lines[body_line - 1 :])
    place = Placer(text, body_line)
    found, comments = tokens(text)
    graphs = GraphParser(text, found).graphs()
    return read_graphs(text, place, graphs, comments, DOT_DIALECT)


def read_graphs(
    text: str,
    place: Placer,
    graphs: list[Scope],
    comments: list[Comment],
    dialect: GraphDialect,
    notes: Sequence[NoteStatement] = (),
) -> tuple[list[Block], str | None]:
    """Return the blocks of parsed ``graphs`` of ``text`` and their title (the first graph's label).

    Each labelled subgraph is a heading over what it holds; each labelled node a section; each
    labelled edge one paragraph naming its ends; each run of ``comments`` a paragraph; each note
    one paragraph, in the section of the node it is drawn beside (PlantUML's ``note right of x``).
    """
    body_line = place.lines.position(0)[0]
    reader = _GraphReader(text, place, body_line, dialect)
    title = None
    for graph in graphs:
        reader.collect(graph)
    for graph in graphs:
        label = reader.label_text(graph.attributes, "")
        if title is None and label is not None:
            title = " ".join(label.text.split())
        reader.emit(graph, ())
    for run in _comment_runs(text, comments, dialect.comment_gap):
        reader.comment(run, graphs)
    for note in notes:
        reader.note(note)
    placed = sorted(reader.placed, key=lambda item: item[0])
    return [block for _, block in placed], title


def _comment_runs(text: str, comments: list[Comment], gap: str) -> list[list[tuple[int, int]]]:
    """Return the comments grouped into runs on consecutive lines (a wrapped remark stays one)."""
    runs: list[list[tuple[int, int]]] = []
    previous_end = -1
    for comment in comments:
        joined = bool(runs) and text.count("\n", previous_end, comment.start) <= 1
        if joined and text[previous_end : comment.start].strip(gap):
            joined = False
        if joined:
            runs[-1].append((comment.start, comment.end))
        else:
            runs.append([(comment.start, comment.end)])
        previous_end = comment.end
    return runs


class _GraphReader:
    """Turns parsed statements into blocks placed by their source offset."""

    def __init__(self, text: str, place: Placer, body_line: int, dialect: GraphDialect) -> None:
        self.text = text
        self.dialect = dialect
        self.place = place
        self.body_line = body_line
        self.words = _words()
        self.nodes: dict[str, _Node] = {}
        self.placed: list[tuple[int, Block]] = []
        self.scopes: list[tuple[Scope, tuple[str, ...]]] = []
        self.sections: dict[str, tuple[str, ...]] = {}  # node id -> the headings its section has

    def label_text(self, attributes: dict[str, Value], node_id: str) -> AnchoredText | None:
        """Return a (sub)graph's or edge's label on one line, if it has a non-HTML one."""
        lines = self._lines(attributes, node_id)
        if not lines:
            return None
        pieces = []
        for index, line in enumerate(lines):
            if index:
                pieces.append((" ", _offset(line, 0, self.place)))
            pieces.extend(_pieces(line, self.place))
        return self.place.anchored(pieces)

    def _lines(self, attributes: dict[str, Value], node_id: str) -> list[AnchoredText]:
        for key in self.words.labels:
            value = attributes.get(key)
            if value is not None and value[0] != "html":
                return self.dialect.label_lines(self.text, list(value[1]), node_id, self.place)
        return []

    def collect(self, scope: Scope) -> None:
        """Read every labelled node of ``scope`` and below, so edges can name them."""
        for statement in scope.statements:
            if isinstance(statement, Scope):
                self.collect(statement)
            elif isinstance(statement, NodeStatement) and statement.node_id not in self.nodes:
                node = self._node(statement)
                if node is not None:
                    self.nodes[statement.node_id] = node

    def emit(self, scope: Scope, headings: tuple[str, ...]) -> None:
        """Place the blocks of ``scope``'s statements under ``headings``."""
        self.scopes.append((scope, headings))
        for statement in scope.statements:
            if isinstance(statement, Scope):
                label = self.label_text(statement.attributes, "")
                inner = headings
                if label is not None and label.text.strip():
                    heading = anchored_block(BlockKind.HEADING, label, headings)
                    self.placed.append((statement.start, heading))
                    inner = (*headings, label.text)
                self.emit(statement, inner)
            elif isinstance(statement, NodeStatement):
                node = self.nodes.get(statement.node_id)
                if node is not None and node.start == statement.start:
                    self.sections[statement.node_id] = (*headings, node.heading)
                    for block in node.blocks:
                        self.placed.append((statement.start, _under(block, headings)))
            else:
                self._edge(statement, headings)

    def comment(self, run: list[tuple[int, int]], graphs: list[Scope]) -> None:
        """Place a run of comments as one paragraph under the headings of the scope it stands in."""
        pieces: list[tuple[str, int]] = []
        for start, end in run:
            stripped = self.text[start:end].strip(self.dialect.comment_edges)
            if not stripped:
                continue
            offset = start + self.text[start:end].index(stripped)
            if pieces:
                pieces.append(("\n", offset))
            pieces.append((stripped, offset))
        if not pieces:
            return
        headings: tuple[str, ...] = ()
        for scope, scope_headings in self.scopes:
            if scope.start <= run[0][0] < scope.end:
                headings = scope_headings  # the innermost scope comes last
        block = anchored_block(BlockKind.PARAGRAPH, self.place.anchored(pieces), headings)
        self.placed.append((run[0][0], block))

    def note(self, note: NoteStatement) -> None:
        """Place a note's drawn lines as one paragraph, in the section of the node it is drawn
        beside, or under the headings of the scope it stands in."""
        lines = self.dialect.label_lines(self.text, list(note.spans), "", self.place)
        if not lines:
            return
        headings = self.sections.get(note.node_id or "")
        if headings is None:
            headings = ()
            for scope, scope_headings in self.scopes:
                if scope.start <= note.start < scope.end:
                    headings = scope_headings
        pieces: list[tuple[str, int]] = []
        for line in lines:
            if pieces:
                pieces.append(("\n", _offset(line, 0, self.place)))
            pieces.extend(_pieces(line, self.place))
        block = anchored_block(BlockKind.PARAGRAPH, self.place.anchored(pieces), headings)
        self.placed.append((note.start, block))

    def _node(self, statement: NodeStatement) -> _Node | None:
        html = next(
            (statement.attributes[key] for key in self.words.labels if key in statement.attributes),
            None,
        )
        if html is not None and html[0] == "html":
            return self._html_node(statement, html[1][0])
        lines = self._lines(statement.attributes, statement.node_id)
        if not lines:
            return None
        first = lines[0]
        heading, name, rest = _titled(first.text, lines[1].text if len(lines) > 1 else None)
        blocks = [_heading_block(heading, first)]
        for line in lines[rest:]:
            if line.text != heading:
                blocks.append(anchored_block(BlockKind.PARAGRAPH, line, (heading,)))
        aliases = _aliases(statement.node_id, first.text)
        return _Node(heading, name, tuple(blocks), aliases, statement.start)

    def _html_node(self, statement: NodeStatement, span: tuple[int, int]) -> _Node | None:
        """Read an HTML-like label with the HTML reader; a first row of one cell is its title."""
        start, end = span
        masked = [""] * (self.body_line - 1)
        for index, line in enumerate(self.text[:end].split("\n")):
            line_start = self.place.lines.starts[index]
            line_end = line_start + len(line)
            if line_end < start:
                masked.append("")
            else:
                keep_from = max(start, line_start) - line_start
                masked.append(" " * keep_from + line[keep_from:])
        blocks, _ = parse_html(masked, self.body_line)
        if not blocks:
            return None
        first = blocks[0]
        title = first.cells[0].text if first.cells else first.text
        if first.cells and any(cell.text.strip() for cell in first.cells[1:]):
            title = ""
        if not title.strip():
            title = statement.node_id
            rest = blocks
            anchor = first
        else:
            rest = blocks[1:]
            anchor = first
        heading, name, _ = _titled(title.strip(), None)
        heading_block = Block(BlockKind.HEADING, heading, anchor.line, anchor.column)
        body = [_under(block, (heading,)) for block in rest]
        aliases = _aliases(statement.node_id, title.strip())
        return _Node(heading, name, (heading_block, *body), aliases, statement.start)

    def _edge(self, statement: EdgeStatement, headings: tuple[str, ...]) -> None:
        label = self.label_text(statement.attributes, "")
        if label is None or not label.text.strip():
            return
        joiner = self.words.directed if statement.directed else self.words.undirected
        ends = [
            ", ".join(self._name(node, index == 0) for node in end)
            for index, end in enumerate(statement.ends)
        ]
        at = _offset(label, 0, self.place)
        pieces = [(f" {joiner} ".join(ends) + ": ", at), *self._renamed(label)]
        block = anchored_block(BlockKind.PARAGRAPH, self.place.anchored(pieces), headings)
        self.placed.append((statement.start, block))

    def _name(self, node_id: str, subject: bool) -> str:
        """Return how an edge's end is called: the edge's subject (where it leaves) by the model it
        is, the other ends by the host name the diagram shows, an unlabelled node by its id."""
        node = self.nodes.get(node_id)
        if node is None:
            return node_id
        if subject:
            return node.name
        return node.heading.partition(": ")[0]

    @functools.cached_property
    def _aliases(self) -> tuple[dict[str, str], re.Pattern[str] | None]:
        """Return each node id or host name other than a node's name with that name, and the pattern
        finding them (None when there are none); the nodes are all read before any edge is."""
        names = {
            alias: node.name for node in self.nodes.values() for alias in node.aliases if alias != node.name
        }
        if not names:
            return names, None
        pattern = re.compile(
            r"(?<![\w-])("
            + "|".join(re.escape(alias) for alias in sorted(names, key=len, reverse=True))
            + r")(?![\w-])"
        )
        return names, pattern

    def _renamed(self, label: AnchoredText) -> list[tuple[str, int]]:
        """Return ``label``'s pieces with each node id or host name in it replaced by the node's name."""
        names, pattern = self._aliases
        pieces = _pieces(label, self.place)
        if pattern is None:
            return pieces
        renamed: list[tuple[str, int]] = []
        cursor = 0
        for match in pattern.finditer(label.text):
            renamed.extend(
                _pieces(label.slice(cursor, match.start()), self.place) if match.start() > cursor else []
            )
            # a node id names one definite machine: "1.9x sn-a" reads "1.9x the <its model>"
            renamed.append((f"the {names[match.group(1)]}", _offset(label, match.start(), self.place)))
            cursor = match.end()
        if cursor < len(label.text):
            renamed.extend(_pieces(label.slice(cursor, len(label.text)), self.place))
        return renamed


def _titled(first: str, second: str | None) -> tuple[str, str, int]:
    """Return how a node is called (its heading: "host: model" or the model), the name of the
    model it is and the index of its first paragraph line.

    A first line naming only the host ("cs3-a") takes the model named by the next line, unless
    that line starts with a figure; "host: model" on one line names the model, and is a paragraph
    too when it says more than the name ("host: 2 x EPYC 9575F (64 cores each)").
    """
    host = _HOST.fullmatch(first)
    if host is not None and host.group(2):
        name = _model(host.group(2))
        # "host: model (remark)" carries more than the name: the line is a paragraph as well
        return f"{host.group(1)}: {name}", name, 1 if name == host.group(2).strip() else 0
    if host is not None and second is not None and not second[:1].isdigit():
        name = _model(second)
        return f"{host.group(1)}: {name}", name, 1
    if host is not None:
        return first, first, 1
    return _model(first), _model(first), 0


def _model(line: str) -> str:
    """Return the model name a label line starts with (up to a bracketed remark or figures)."""
    end = _NAME_END.search(line)
    return (line[: end.start()] if end is not None and end.start() > 0 else line).strip()


def _aliases(node_id: str, first: str) -> tuple[str, ...]:
    """Return the words an edge label may call a node by: its id and its host name."""
    host = _HOST.fullmatch(first.strip())
    return (node_id, host.group(1)) if host is not None else (node_id,)


def _heading_block(heading: str, first: AnchoredText) -> Block:
    _, line, column = first.anchors[0]
    return Block(BlockKind.HEADING, heading, line, column)


def _under(block: Block, headings: tuple[str, ...]) -> Block:
    """Return ``block`` with ``headings`` put above its own."""
    return dataclasses.replace(block, headings=(*headings, *block.headings))


def _offset(text: AnchoredText, offset: int, place: Placer) -> int:
    """Return the source offset of ``text[offset]``."""
    return place.lines.offset(*text.position(offset))


def _pieces(text: AnchoredText, place: Placer) -> list[tuple[str, int]]:
    """Return ``text`` as (piece, source offset) pairs, one per anchored stretch."""
    bounds = [anchor[0] for anchor in text.anchors] + [len(text.text)]
    return [
        (text.text[start:end], _offset(text, start, place))
        for start, end in itertools.pairwise(bounds)
        if end > start
    ]
