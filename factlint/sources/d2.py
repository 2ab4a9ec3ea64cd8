"""Read a D2 diagram: shapes as sections, edges as sentences, containers as headings.

A diagram is parsed into the statements the Graphviz DOT, Mermaid and PlantUML readers read
(``dotgraph``), so all four share one reading of node labels, edge sentences and comments
(decisions 0188, 0200 and 0237). Styling and configuration keys are never read.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from factlint.models import Block
from factlint.sources.dot import GraphDialect, read_graphs
from factlint.sources.dotgraph import EdgeStatement, NodeStatement, NoteStatement, Scope, Value
from factlint.sources.dotlex import Comment, Placer, drawn_lines
from factlint.sources.htmltext import AnchoredText
from factlint.sources.packaged import packaged_file

# An edge between two keys: `a -> b`, `a <- b`, `a -- b`, `a <-> b` (a chain `a -> b -> c` too).
_ARROW = re.compile(r"\s*(<->|<-|->|--)\s*")
# The markup a Markdown line of a `|md ... |` block starts with: a heading's `#`s, a list marker.
_MARKDOWN_LEAD = re.compile(r"[ \t]*(?:#{1,6}[ \t]+|[-*+][ \t]+|\d{1,3}[.)][ \t]+|>[ \t]*)?")
# What stands between a class field's name and its value on one line: `"+name": "value"`.
_FIELD_GAP = re.compile(r"[\"']?[ \t]*:[ \t]*[\"']?")
_FIELD_MARK = re.compile(r"[+#-]")  # a class member's visibility mark: `+public`, `-private`


@dataclass(frozen=True)
class D2Words:
    """The D2 keywords the reader knows (``d2.yaml``)."""

    suffixes: frozenset[str]
    text_keys: frozenset[str]
    styling_keys: frozenset[str]
    field_shapes: frozenset[str]


@cache
def d2_words() -> D2Words:
    """Return the D2 keywords of ``d2.yaml``."""
    known = packaged_file("factlint.sources", "d2.yaml")
    return D2Words(
        suffixes=known.folded_words("suffixes"),
        text_keys=known.folded_words("text_keys"),
        styling_keys=known.folded_words("styling_keys"),
        field_shapes=known.folded_words("field_shapes"),
    )


def is_d2(suffix: str) -> bool:
    """Return True if a file named with ``suffix`` is a D2 diagram."""
    return suffix.lower() in d2_words().suffixes


def d2_label_lines(
    text: str, spans: list[tuple[int, int]], node_id: str, place: Placer
) -> list[AnchoredText]:
    """Return the drawn lines of D2 text ``spans``.

    A span holding line breaks (a ``|md ... |`` block) gives one line per source line with its
    Markdown heading or list marker dropped; a span followed by another on the same source line is
    a field name (``+fp8_dense``), joined to its value as "fp8 dense: value".
    """
    del node_id
    lines: list[list[tuple[str, int]]] = []
    joined = False
    for index, (start, end) in enumerate(spans):
        following = spans[index + 1] if index + 1 < len(spans) else None
        if following is not None and _FIELD_GAP.fullmatch(text, end, following[0]):
            lines.append([(text[start:end].replace("_", " "), start), (": ", end)])
            joined = True
            continue
        if joined:
            lines[-1].append((text[start:end], start))
            joined = False
            continue
        if "\n" in text[start:end]:
            lines.extend(_markdown_lines(text, start, end))
        else:
            lines.append([(text[start:end], start)])
    return drawn_lines(lines, place)


def _markdown_lines(text: str, start: int, end: int) -> list[list[tuple[str, int]]]:
    """Return the lines of a ``|md ... |`` block without their heading or list markers; a line
    with no marker after a line of text continues it, as a wrapped Markdown paragraph does."""
    lines: list[list[tuple[str, int]]] = []
    position = start
    open_paragraph = False
    for line in text[start:end].split("\n"):
        lead = _MARKDOWN_LEAD.match(line)
        skip = lead.end() if lead is not None else 0
        marked = bool(line[:skip].strip())
        if not line.strip():
            open_paragraph = False
        elif open_paragraph and not marked:
            lines[-1].extend(((" ", position + skip), (line[skip:], position + skip)))
        else:
            lines.append([(line[skip:], position + skip)])
            open_paragraph = not line[:skip].lstrip().startswith("#")
        position += len(line) + 1
    return lines


D2_DIALECT = GraphDialect(d2_label_lines, " \t#", " \t\n#")


def parse_d2(lines: Sequence[str], body_line: int = 1) -> tuple[list[Block], str | None]:
    """Return the blocks of the D2 diagram in ``lines`` from 1-based ``body_line`` and its title
    (None: a D2 title is a shape like any other).

    A shape is a section headed by its label, its ``label``/``tooltip`` text and a class shape's
    fields paragraphs under it; a shape holding shapes or edges is a container whose label is a
    heading over them; an edge with a label is one sentence naming its ends; comments are prose.
    """
    text = "\n".join(lines[body_line - 1 :])
    place = Placer(text, body_line)
    parser = _Parser(text)
    root = parser.parse()
    top = Scope(0, len(text))
    notes: list[NoteStatement] = []
    _convert(root, top, notes)
    return read_graphs(text, place, [top], parser.comments, D2_DIALECT, notes)


@dataclass
class _Shape:
    """A shape or container as read: its full id, its drawn spans and what it holds."""

    shape_id: str
    start: int
    end: int = 0
    title: list[tuple[int, int]] = field(default_factory=list)
    text: list[tuple[int, int]] = field(default_factory=list)  # label/tooltip/field spans
    children: list[_Shape | EdgeStatement] = field(default_factory=list)
    fields: bool = False  # a class or table shape: its children are fields


def _convert(shape: _Shape, scope: Scope, notes: list[NoteStatement]) -> None:
    """Append ``shape``'s children to ``scope``: containers as scopes, shapes as nodes."""
    for child in shape.children:
        if isinstance(child, EdgeStatement):
            scope.statements.append(child)
        elif child.children and not child.fields:
            title = child.title or child.text[:1]
            inner = Scope(child.start, child.end or scope.end, {"label": ("string", tuple(title))})
            scope.statements.append(inner)
            rest = child.text if child.title else child.text[1:]
            if rest:
                notes.append(NoteStatement(None, child.start, tuple(rest)))
            _convert(child, inner, notes)
        elif child.title or child.text:
            spans = tuple(child.title + child.text)
            scope.statements.append(NodeStatement(child.shape_id, child.start, {"label": ("string", spans)}))


class _Parser:
    """Reads D2 maps into a tree of shapes; unknown or broken syntax is skipped, never an error."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.words = d2_words()
        self.comments: list[Comment] = []
        self.position = 0

    def parse(self) -> _Shape:
        """Return the root shape holding every top-level shape and edge."""
        root = _Shape("", 0, len(self.text))
        self._map(root, "", styling=False)
        return root

    def _skip_blank(self) -> None:
        text = self.text
        while self.position < len(text):
            char = text[self.position]
            if char in " \t\r\n;":
                self.position += 1
            elif char == "#":
                end = text.find("\n", self.position)
                end = len(text) if end < 0 else end
                self.comments.append(Comment(self.position + 1, end))
                self.position = end
            else:
                return

    def _map(self, owner: _Shape, prefix: str, styling: bool) -> None:
        """Read items up to the ``}`` closing the map (or the end); the items belong to ``owner``."""
        text = self.text
        while True:
            self._skip_blank()
            if self.position >= len(text):
                return
            if text[self.position] == "}":
                owner.end = self.position
                self.position += 1
                return
            before = self.position
            self._item(owner, prefix, styling)
            if self.position == before:  # nothing read: skip a stray character
                self.position += 1

    def _key(self) -> tuple[int, int]:
        """Read a key up to ``:``, ``{``, ``;``, ``}`` or a line end (quotes kept whole)."""
        text = self.text
        start = self.position
        while self.position < len(text):
            char = text[self.position]
            if char in "\"'":
                closing = text.find(char, self.position + 1)
                if closing < 0 or "\n" in text[self.position : closing]:
                    self.position += 1
                else:
                    self.position = closing + 1
                continue
            if char in ":{;}\n":
                break
            self.position += 1
        end = self.position
        while end > start and text[end - 1] in " \t\r":
            end -= 1
        return start, end

    def _value(self) -> tuple[int, int] | None:
        """Read a value after ``:``: a quoted string, a ``|...|`` block string or a bare word run;
        return its text span (None for none)."""
        text = self.text
        while self.position < len(text) and text[self.position] in " \t":
            self.position += 1
        if self.position >= len(text):
            return None
        char = text[self.position]
        if char in "\"'":
            closing = text.find(char, self.position + 1)
            if closing >= 0 and "\n" not in text[self.position : closing]:
                span = (self.position + 1, closing)
                self.position = closing + 1
                return span
        if char == "|":
            opener = re.match(r"(\|+`?)([\w-]*)", text[self.position : self.position + 40])
            assert opener is not None
            closer = opener.group(1)[::-1]
            body = self.position + opener.end()
            closing = text.find(closer, body)
            closing = len(text) if closing < 0 else closing
            self.position = closing + len(closer)
            return body, closing
        start = self.position
        while self.position < len(text) and text[self.position] not in "{;}\n":
            if text[self.position] == "#" and text[self.position - 1] in " \t":
                break
            self.position += 1
        end = self.position
        while end > start and text[end - 1] in " \t\r":
            end -= 1
        return (start, end) if end > start else None

    def _item(self, owner: _Shape, prefix: str, styling: bool) -> None:
        """Read one ``key[: value][ { ... }]`` item of ``owner``'s map."""
        text = self.text
        key_start, key_end = self._key()
        key = text[key_start:key_end]
        value = None
        if self.position < len(text) and text[self.position] == ":":
            self.position += 1
            value = self._value()
        while self.position < len(text) and text[self.position] in " \t":
            self.position += 1
        has_block = self.position < len(text) and text[self.position] == "{"
        if has_block:
            self.position += 1
        folded = key.strip("\"'").lower()
        if styling or self._styling(folded):
            if has_block:
                self._map(_Shape("", key_start), prefix, styling=True)
            return
        if folded in self.words.text_keys:
            if value is not None:
                owner.text.append(value)
            if has_block:
                self._map(_Shape("", key_start), prefix, styling=True)
            return
        if folded == "shape" or (value is not None and folded.endswith(".shape")):
            return
        if owner.fields and not _ARROW.search(key):
            self._field(owner, key_start, key_end, value)
            if has_block:
                self._map(_Shape("", key_start), prefix, styling=True)
            return
        ends = _ARROW.split(key)
        if len(ends) >= 3:
            self._edge(owner, prefix, ends, key_start, value, has_block)
            return
        shape = _Shape(prefix + key.strip("\"'"), key_start)
        if value is not None:
            shape.title.append(value)
        if has_block:
            self._shape_block(shape)
        if not shape.title and not shape.text:
            shape.title.append((key_start, key_end))
        owner.children.append(shape)

    def _styling(self, folded: str) -> bool:
        head = folded.split(".", 1)[0]
        return head in self.words.styling_keys and head not in self.words.text_keys

    def _shape_block(self, shape: _Shape) -> None:
        """Read a shape's ``{ ... }`` block: its ``shape: class`` first, then the map."""
        closing = self._block_end(self.position)
        body = self.text[self.position : closing]
        kind = re.search(r"(?:^|[\s;{])shape\s*:\s*([\w-]+)", body)
        shape.fields = kind is not None and kind.group(1).lower() in self.words.field_shapes
        self._map(shape, shape.shape_id + ".", styling=False)

    def _block_end(self, start: int) -> int:
        """Return the offset of the ``}`` closing the block opened just before ``start``."""
        depth = 1
        index = start
        text = self.text
        while index < len(text):
            char = text[index]
            if char == "{":
                depth += 1
            elif char == "}":
                depth -= 1
                if depth == 0:
                    return index
            index += 1
        return len(text)

    def _field(self, owner: _Shape, key_start: int, key_end: int, value: tuple[int, int] | None) -> None:
        """Record a class member ``"+name": "value"`` as a field line of ``owner``."""
        text = self.text
        start, end = key_start, key_end
        if end - start >= 2 and text[start] == text[end - 1] and text[start] in "\"'":
            start, end = start + 1, end - 1
        if start < end and _FIELD_MARK.match(text, start):
            start += 1
        if value is None:
            owner.text.append((start, end))
        else:
            owner.text.extend(((start, end), value))

    def _edge(
        self,
        owner: _Shape,
        prefix: str,
        parts: list[str],
        start: int,
        value: tuple[int, int] | None,
        has_block: bool,
    ) -> None:
        """Record an edge (or a chain of them) between the keys of ``parts`` with its label."""
        holder = _Shape("", start)
        if has_block:
            self._map(holder, prefix, styling=False)
        label = value if value is not None else (holder.text[0] if holder.text else None)
        attributes: dict[str, Value] = {}
        if label is not None:
            attributes["label"] = ("string", (label,))
        for index in range(0, len(parts) - 2, 2):
            arrow = parts[index + 1]
            left, right = parts[index].strip("\"' "), parts[index + 2].strip("\"' ")
            if arrow == "<-":
                left, right = right, left
            ends = ((prefix + left,), (prefix + right,))
            owner.children.append(EdgeStatement(ends, arrow != "--", start, attributes))
