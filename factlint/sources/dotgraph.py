"""Parse the statements of a Graphviz DOT graph: (sub)graphs with their labels, nodes and edges."""

from __future__ import annotations

from dataclasses import dataclass, field

from factlint.sources.dotlex import Token

# A value as written: its token kind ("id", "string", "html") and the spans of its parts
# (several for strings joined with "+").
Value = tuple[str, tuple[tuple[int, int], ...]]


@dataclass
class Scope:
    """A graph or subgraph: its span in the source, its attributes and its statements in order."""

    start: int
    end: int = 0
    attributes: dict[str, Value] = field(default_factory=dict)
    statements: list[Scope | NodeStatement | EdgeStatement] = field(default_factory=list)


@dataclass(frozen=True)
class NodeStatement:
    """``id [attributes]``: a node and what it is drawn with."""

    node_id: str
    start: int
    attributes: dict[str, Value]


@dataclass(frozen=True)
class EdgeStatement:
    """``a -> {b c} [attributes]``: the node ids of each end in order, directed or not."""

    ends: tuple[tuple[str, ...], ...]
    directed: bool
    start: int
    attributes: dict[str, Value]


@dataclass(frozen=True)
class NoteStatement:
    """A note drawn beside a node (``node_id``) or loose in its scope (None): its text spans."""

    node_id: str | None
    start: int
    spans: tuple[tuple[int, int], ...]


_KEYWORDS = frozenset(("graph", "digraph", "subgraph", "node", "edge", "strict"))
# Subgraphs nested deeper than this are read as part of the subgraph at this depth: their nodes
# and edges still count, only their own headings are lost, and the parser never recurses deeper.
MAX_DEPTH = 64


class GraphParser:
    """Reads DOT statements from tokens; unknown or broken syntax is skipped, never an error."""

    def __init__(self, text: str, found: list[Token]) -> None:
        self.text = text
        self.tokens = found
        self.index = 0
        self.depth = 0  # subgraphs open around the statement being read
        self.flattened = 0  # braces opened past MAX_DEPTH and not yet closed

    def graphs(self) -> list[Scope]:
        """Return the top-level graphs of the file (usually one)."""
        graphs: list[Scope] = []
        while self.index < len(self.tokens):
            token = self.tokens[self.index]
            self.index += 1
            if token.kind == "{":
                scope = Scope(token.start)
                self._body(scope)
                graphs.append(scope)
        return graphs

    def _word(self, token: Token) -> str:
        return self.text[token.start : token.end]

    def _peek(self, kind: str) -> bool:
        return self.index < len(self.tokens) and self.tokens[self.index].kind == kind

    def _body(self, scope: Scope) -> None:
        """Read statements into ``scope`` up to its closing brace."""
        while self.index < len(self.tokens):
            token = self.tokens[self.index]
            if token.kind == "}":
                self.index += 1
                if self.flattened:
                    self.flattened -= 1
                    continue
                scope.end = token.end
                return
            if token.kind in (";", ","):
                self.index += 1
                continue
            self._statement(scope)
        scope.end = len(self.text)

    def _statement(self, scope: Scope) -> None:
        token = self.tokens[self.index]
        word = self._word(token).lower() if token.kind == "id" else ""
        if word in ("graph", "node", "edge") and self.index + 1 < len(self.tokens):
            self.index += 1
            attributes = self._attributes()
            if word == "graph":
                scope.attributes.update(attributes)
            return
        if word == "subgraph" or token.kind == "{":
            nested = self._subgraph()
            if self._peek("edge"):
                self._edge(scope, [self._members(nested)], nested.start)
            else:
                scope.statements.append(nested)
            return
        value = self._value()
        if value is None:
            self.index += 1
            return
        if self._peek("="):
            self.index += 1
            assigned = self._value()
            if assigned is not None:
                scope.attributes[self._text(value).lower()] = assigned
            return
        self._port()
        node_id = self._text(value)
        if self._peek("edge"):
            self._edge(scope, [(node_id,)], token.start)
            return
        scope.statements.append(NodeStatement(node_id, token.start, self._attributes()))

    def _edge(self, scope: Scope, ends: list[tuple[str, ...]], start: int) -> None:
        directed = True
        while self._peek("edge"):
            directed = self._word(self.tokens[self.index]) == "->"
            self.index += 1
            if self._peek("{") or (
                self.index < len(self.tokens) and self._word(self.tokens[self.index]).lower() == "subgraph"
            ):
                ends.append(self._members(self._subgraph()))
                continue
            value = self._value()
            if value is None:
                break
            self._port()
            ends.append((self._text(value),))
        scope.statements.append(EdgeStatement(tuple(ends), directed, start, self._attributes()))

    def _subgraph(self) -> Scope:
        """Read ``subgraph name { ... }`` or ``{ ... }`` and return its scope."""
        start = self.tokens[self.index].start
        while self.index < len(self.tokens) and self.tokens[self.index].kind != "{":
            self.index += 1
        self.index += 1
        nested = Scope(start)
        if self.depth >= MAX_DEPTH:
            self.flattened += 1  # its statements read on into the enclosing scope
            return nested
        self.depth += 1
        self._body(nested)
        self.depth -= 1
        return nested

    def _members(self, scope: Scope) -> tuple[str, ...]:
        """Return the node ids a group ``{a b c}`` names, in order."""
        members: list[str] = []
        for statement in scope.statements:
            if isinstance(statement, NodeStatement):
                members.append(statement.node_id)
            elif isinstance(statement, EdgeStatement):
                members.extend(node for end in statement.ends for node in end)
        return tuple(members)

    def _port(self) -> None:
        """Skip a ``:port`` or ``:port:compass`` after a node id."""
        while self._peek(":"):
            self.index += 1
            if self._value() is None:
                return

    def _value(self) -> Value | None:
        """Read an id, a quoted string (parts joined with ``+``) or an HTML label, if one is next."""
        if self.index >= len(self.tokens):
            return None
        token = self.tokens[self.index]
        if token.kind == "id":
            if self._word(token).lower() in _KEYWORDS:
                return None
            self.index += 1
            return ("id", ((token.start, token.end),))
        if token.kind == "html":
            self.index += 1
            return ("html", ((token.start, token.end),))
        if token.kind != "string":
            return None
        parts = [(token.start, token.end)]
        self.index += 1
        while (
            self._peek("+")
            and self.index + 1 < len(self.tokens)
            and self.tokens[self.index + 1].kind == "string"
        ):
            following = self.tokens[self.index + 1]
            parts.append((following.start, following.end))
            self.index += 2
        return ("string", tuple(parts))

    def _attributes(self) -> dict[str, Value]:
        """Read any ``[key=value, ...]`` lists that follow."""
        attributes: dict[str, Value] = {}
        while self._peek("["):
            self.index += 1
            while self.index < len(self.tokens) and not self._peek("]"):
                key = self._value()
                if key is None:
                    self.index += 1
                    continue
                if self._peek("="):
                    self.index += 1
                    value = self._value()
                    if value is not None:
                        attributes[self._text(key).lower()] = value
            self.index += 1
        return attributes

    def _text(self, value: Value) -> str:
        return "".join(self.text[start:end] for start, end in value[1])
