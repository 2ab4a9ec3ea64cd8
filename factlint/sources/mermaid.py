"""Read a Mermaid diagram: a flowchart's nodes as sections, links as sentences, subgraphs as headings.

A flowchart is parsed into the statements the Graphviz DOT reader reads (``dotgraph``), so both
languages share one reading of node labels, edge sentences and comments (decision 0188). Other
diagram kinds are read statement by statement. Styling statements are never read.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from factlint.models import Block, BlockKind
from factlint.sources.blocks import anchored_block
from factlint.sources.dot import GraphDialect, read_graphs
from factlint.sources.dotgraph import EdgeStatement, NodeStatement, Scope, Value
from factlint.sources.dotlex import Comment, Placer
from factlint.sources.mermaidlex import (
    diagram_kind,
    mermaid_label_lines,
    mermaid_words,
)

MERMAID_DIALECT = GraphDialect(mermaid_label_lines, " \t", " \t\n%")

# One statement: quoted strings (which may hold ";" and line ends) and the text up to ";" or a line end.
_STATEMENT_END = re.compile(r'"[^"]*"|[;\n]')
_NODE_ID = re.compile(r"\w+(?:[.\-]\w+)*")
_CLASS_SUFFIX = re.compile(r":::[\w-]+")
_GROUP_JOIN = re.compile(r"\s*&\s*")
# A shape's opening bracket and the brackets that may close it, longest openings first.
_SHAPES = (
    ("(((", (")))",)),
    ("((", ("))",)),
    ("([", ("])",)),
    ("[[", ("]]",)),
    ("[(", (")]",)),
    ("[/", ("/]", "\\]")),
    ("[\\", ("\\]", "/]")),
    ("{{", ("}}",)),
    ("[", ("]",)),
    ("(", (")",)),
    ("{", ("}",)),
    (">", ("]",)),
)
_SHAPE_LABEL = re.compile(r"""label\s*:\s*(?:"([^"]*)"|'([^']*)'|([^,}]*))""")
# A link with its text between the two halves of the arrow: `-- text -->`, `== text ==>`, `-. text .->`.
_TEXT_LINK = re.compile(
    r'\s*[<xo]?(?:--|==|-\.)(?:\s+|(?="))(?P<text>"[^"]*"|[^"\n|]*?)\s*(?:-{2,}|={2,}|\.-+)(?P<head>>|[xo](?!\w))?'
)
# A link drawn alone, with an optional `|text|` after it: `-->`, `---`, `==>`, `-.->`, `<-->`, `~~~`.
_LINK = re.compile(
    r"\s*[<xo]?(?:-{2,}|={2,}|-\.+-|~{3,})(?P<head>>|[xo](?!\w))?(?:\s*\|(?P<pipe>[^|\n]*)\|)?"
)


def parse_mermaid(
    lines: Sequence[str], body_line: int = 1, end_line: int | None = None
) -> tuple[list[Block], str | None]:
    """Return the blocks of the Mermaid diagram in ``lines`` from 1-based ``body_line`` (up to
    ``end_line``, exclusive) and its title (None: a diagram's title is in its front matter).

    A flowchart reads as a graph (see :func:`factlint.sources.dot.read_graphs`); any other kind
    gives each statement's drawn lines as paragraphs. Comments are paragraphs; styling
    statements and ``%%{...}%%`` directives are not read.
    """
    stop = len(lines) if end_line is None else end_line - 1
    text = "\n".join(lines[body_line - 1 : stop])
    place = Placer(text, body_line)
    parser = _FlowchartParser(text)
    parser.parse()
    if parser.kind == "flowchart":
        return read_graphs(text, place, [parser.top], parser.comments, MERMAID_DIALECT)
    return _statement_blocks(text, place, parser), None


def mermaid_fence_blocks(
    lines: Sequence[str], first: int, last: int, headings: tuple[str, ...], label: str | None
) -> list[Block]:
    """Return the blocks of a Mermaid diagram fenced in Markdown at 0-based lines ``first``..``last``,
    under ``headings`` (a front matter block opening the fence is skipped)."""
    del label
    start = first
    if start < last and lines[start].strip() == "---":
        closing = next((index for index in range(start + 1, last) if lines[index].strip() == "---"), None)
        if closing is not None:
            start = closing + 1
    blocks, _ = parse_mermaid(lines, start + 1, last + 1)
    return [dataclasses.replace(block, headings=(*headings, *block.headings)) for block in blocks]


def _statement_blocks(text: str, place: Placer, parser: _FlowchartParser) -> list[Block]:
    """Return each comment and each statement of a diagram that is no flowchart as paragraphs."""
    placed: list[tuple[int, Block]] = []
    for start, end in parser.others:
        for line in mermaid_label_lines(text, [(start, end)], "", place):
            placed.append((start, anchored_block(BlockKind.PARAGRAPH, line, ())))
    for comment in parser.comments:
        for line in mermaid_label_lines(text, [(comment.start, comment.end)], "", place):
            placed.append((comment.start, anchored_block(BlockKind.PARAGRAPH, line, ())))
    return [block for _, block in sorted(placed, key=lambda item: item[0])]


def _value(start: int, end: int, text: str) -> Value:
    """Return a label value for ``text[start:end]`` without its quotes and surrounding spaces."""
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if end - start >= 2 and text[start] == text[end - 1] and text[start] in "\"'":
        start, end = start + 1, end - 1
    return ("string", ((start, end),))


class _FlowchartParser:
    """Reads Mermaid statements into a top scope; unknown or broken syntax is skipped, never an error."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.words = mermaid_words()
        self.kind: str | None = None
        self.top = Scope(0, len(text))
        self.scopes: list[Scope] = [self.top]
        self.comments: list[Comment] = []
        self.others: list[tuple[int, int]] = []  # statements of a diagram that is no flowchart

    def parse(self) -> None:
        """Read every statement and comment of the text."""
        text = self.text
        position = 0
        while position < len(text):
            while position < len(text) and (text[position].isspace() or text[position] == ";"):
                position += 1
            if position >= len(text):
                break
            if text.startswith("%%", position):
                line_end = text.find("\n", position)
                end = len(text) if line_end < 0 else line_end
                if not text.startswith("%%{", position):  # a directive configures the drawing
                    self.comments.append(Comment(position + 2, end))
                position = end
                continue
            end = self._statement_end(position)
            self._statement(position, end)
            position = end + 1
        for scope in self.scopes[1:]:
            scope.end = len(text)  # a subgraph left open runs to the end

    def _statement_end(self, start: int) -> int:
        for match in _STATEMENT_END.finditer(self.text, start):
            if match.group() in (";", "\n"):
                return match.start()
        return len(self.text)

    def _statement(self, start: int, end: int) -> None:
        statement = self.text[start:end]
        if self.kind is None:
            self.kind = diagram_kind(statement)
            if self.kind is not None:
                return
            self.kind = "other"  # no header: read it statement by statement
        keyword = statement.split(maxsplit=1)[0]
        if keyword in self.words.styling:
            return
        if self.kind != "flowchart":
            self.others.append((start, end))
            return
        if keyword == "subgraph":
            self._subgraph(start + len("subgraph"), end)
        elif statement.strip() == "end":
            if len(self.scopes) > 1:
                self.scopes.pop().end = end
        else:
            self._chain(start, end)

    def _subgraph(self, start: int, end: int) -> None:
        """Open ``subgraph id["title"]``, ``subgraph id[title]`` or ``subgraph title words``."""
        scope = Scope(start)
        bracket = self.text.find("[", start, end)
        if bracket >= 0 and self.text.rfind("]", bracket, end) > bracket:
            closing = self.text.rfind("]", bracket, end)
            scope.attributes["label"] = _value(bracket + 1, closing, self.text)
        elif self.text[start:end].strip():
            scope.attributes["label"] = _value(start, end, self.text)
        self.scopes[-1].statements.append(scope)
        self.scopes.append(scope)

    def _chain(self, start: int, end: int) -> None:
        """Read ``a["label"] & b --> c -- text --> d``: the labelled nodes and one edge per link."""
        scope = self.scopes[-1]
        group, position = self._group(start, end, scope)
        while group and position < end:
            link = _TEXT_LINK.match(self.text, position, end) or _LINK.match(self.text, position, end)
            if link is None:
                break
            following, after = self._group(link.end(), end, scope)
            if not following:
                break
            label_group = "text" if "text" in link.re.groupindex else "pipe"
            attributes: dict[str, Value] = {}
            if link.group(label_group) is not None and link.group(label_group).strip():
                attributes["label"] = _value(link.start(label_group), link.end(label_group), self.text)
            directed = ">" in link.group() or "<" in link.group()
            # placed after both ends' labels, so a node's section is never split by its link
            edge = EdgeStatement((tuple(group), tuple(following)), directed, after, attributes)
            scope.statements.append(edge)
            group, position = following, after

    def _group(self, start: int, end: int, scope: Scope) -> tuple[list[str], int]:
        """Read nodes joined by ``&``; return their ids and where the group ends."""
        ids: list[str] = []
        position = start
        while True:
            while position < end and self.text[position] in " \t":
                position += 1
            node = _NODE_ID.match(self.text, position, end)
            if node is None or not node.group():
                return ids, position
            node_id = node.group()
            position = node.end()
            label, position = self._shape(position, end)
            suffix = _CLASS_SUFFIX.match(self.text, position, end)
            if suffix is not None:
                position = suffix.end()
            if label is not None:
                scope.statements.append(NodeStatement(node_id, node.start(), {"label": label}))
            ids.append(node_id)
            join = _GROUP_JOIN.match(self.text, position, end)
            if join is None:
                return ids, position
            position = join.end()

    def _shape(self, position: int, end: int) -> tuple[Value | None, int]:
        """Read the shape and label after a node id, if any; return the label and where it ends."""
        text = self.text
        if text.startswith("@{", position):
            closing = text.find("}", position, end)
            closing = end if closing < 0 else closing
            found = _SHAPE_LABEL.search(text, position, closing)
            after = min(closing + 1, end)
            if found is None:
                return None, after
            group = next(index for index in (1, 2, 3) if found.group(index) is not None)
            return _value(found.start(group), found.end(group), text), after
        for opening, closings in _SHAPES:
            if not text.startswith(opening, position):
                continue
            inner = position + len(opening)
            quote_start = inner
            while quote_start < end and text[quote_start] == " ":
                quote_start += 1
            search_from = inner
            if quote_start < end and text[quote_start] == '"':
                quote_end = text.find('"', quote_start + 1, end)
                search_from = quote_end + 1 if quote_end >= 0 else inner
            spots = [(text.find(closing, search_from, end), len(closing)) for closing in closings]
            closed = [spot for spot in spots if spot[0] >= 0]
            if not closed:
                return None, position
            closing_at, close_length = min(closed)
            return _value(inner, closing_at, text), closing_at + close_length
        return None, position
