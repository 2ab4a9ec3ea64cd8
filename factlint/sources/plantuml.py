"""Read a PlantUML diagram: elements as sections, links as sentences, containers as headings.

A diagram is parsed into the statements the Graphviz DOT and Mermaid readers read (``dotgraph``),
so all three share one reading of node labels, edge sentences and comments (decisions 0188 and
0200). Styling, layout and preprocessor statements are never read.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from factlint.models import Block
from factlint.sources.dot import GraphDialect, read_graphs
from factlint.sources.dotgraph import EdgeStatement, NodeStatement, NoteStatement, Scope, Value
from factlint.sources.dotlex import Comment, Placer, drawn_lines
from factlint.sources.htmltext import AnchoredText
from factlint.sources.packaged import packaged_file

_NAME = r'"[^"\n]*"|[^\s"\[\]{}<>#:,()]+'
_ELEMENT = re.compile(
    rf"(?P<keyword>[A-Za-z_]+)\s+(?P<first>{_NAME})(?:\s+as\s+(?P<second>{_NAME}))?(?P<rest>.*)"
)
_DECORATION = re.compile(r"\s*(?:<<[^<>\n]*>>|#[\w#:;.-]+|\$[\w-]+)")
_END = r"(?P<{0}>\"[^\"\n]*\"|\[[^\]\n]*\]|[\w.]+)"
# `a -- b : label`, `a --> b`, `a ..> b`, `a -[#red]-> b`, `a -right-> b`, `a -> b : message`.
_LINK = re.compile(
    _END.format("left")
    + r"\s*(?P<arrow>[<*o#x}+^|]*[-.=~]+"
    + r"(?:\[[^\]\n]*\]|left|right|up|down|le|ri|l|r|u|d)?[-.=~]*[>*o#x{+^|]*)\s*"
    + _END.format("right")
    + r"(?:\s*:\s*(?P<label>.*))?"
)
_NOTE = re.compile(
    r"note\s+(?:(?:left|right|top|bottom|over)(?:\s+of)?\s*(?P<target>\"[^\"\n]*\"|[\w.]+)?"
    r"|(?P<loose>\"[^\"\n]*\")\s+as\s+\w+|as\s+\w+)?\s*(?::\s*(?P<text>.*))?",
    re.I,
)
_MACRO = re.compile(r"(?P<name>[A-Za-z_]\w*)\s*\((?P<args>.*)\)\s*(?P<brace>\{)?\s*")
_ARGUMENT = re.compile(r'\s*(?:"(?P<quoted>[^"\n]*)"|(?P<plain>[^,"]*))\s*(?:,|$)')
_SEPARATOR = re.compile(r"(?P<rule>-{2,}|={2,}|\.{2,}|_{2,})(?:\s*(?P<title>.*?)\s*(?P=rule))?")
# Creole and HTML-like markup in drawn text: `**bold**`, `""mono""`, `<b>`, `<color:red>`, `<&icon>`;
# a `\n` escape breaks the line.
_MARKUP = re.compile(r"(\\n)|\*\*|\"\"|~~|</?[A-Za-z$&][^<>\n]*>", re.I)


@dataclass(frozen=True)
class PlantWords:
    """The PlantUML keywords the reader knows (``plantuml.yaml``)."""

    suffixes: frozenset[str]
    start_kinds: frozenset[str]
    elements: frozenset[str]
    c4_elements: frozenset[str]
    c4_relations: frozenset[str]
    styling: frozenset[str]


@cache
def plantuml_words() -> PlantWords:
    """Return the PlantUML keywords of ``plantuml.yaml``."""
    known = packaged_file("factlint.sources", "plantuml.yaml")
    return PlantWords(
        suffixes=known.folded_words("suffixes"),
        start_kinds=known.folded_words("start_kinds"),
        elements=known.folded_words("elements"),
        c4_elements=frozenset(known.words("c4_elements")),
        c4_relations=frozenset(known.words("c4_relations")),
        styling=known.folded_words("styling_statements"),
    )


def is_plantuml(lines: Sequence[str], body_line: int, suffix: str) -> bool:
    """Return True if the file is a PlantUML diagram: named so, or its first non-blank line is an
    ``@start...`` line of a known kind (``@startuml``)."""
    words = plantuml_words()
    if suffix.lower() in words.suffixes:
        return True
    for line in lines[body_line - 1 : body_line - 1 + 50]:
        stripped = line.strip()
        if stripped:
            head = stripped.split(maxsplit=1)[0].lower()
            return head.startswith("@") and head[1:] in words.start_kinds
    return False


def plantuml_label_lines(
    text: str, spans: list[tuple[int, int]], node_id: str, place: Placer
) -> list[AnchoredText]:
    """Return the drawn lines of PlantUML text ``spans``, one line or more per span.

    A ``\\n`` escape splits a line; creole and HTML-like markup is dropped; a separator line
    (``----``, ``====``, ``....``) is dropped, keeping a title written inside it (``== GPU ==``).
    """
    del node_id
    lines: list[list[tuple[str, int]]] = []
    for start, end in spans:
        lines.append([])
        run = start
        for match in _MARKUP.finditer(text, start, end):
            lines[-1].append((text[run : match.start()], run))
            if match.group(1) is not None:
                lines.append([])
            run = match.end()
        lines[-1].append((text[run:end], run))
    drawn = []
    for line in drawn_lines(lines, place):
        separator = _SEPARATOR.fullmatch(line.text)
        if separator is None:
            drawn.append(line)
        elif separator.group("title"):
            drawn.append(line.slice(separator.start("title"), separator.end("title")))
    return drawn


PLANTUML_DIALECT = GraphDialect(plantuml_label_lines, " \t'/", " \t\n'/")


def parse_plantuml(lines: Sequence[str], body_line: int = 1) -> tuple[list[Block], str | None]:
    """Return the blocks of the PlantUML diagram in ``lines`` from 1-based ``body_line`` and its
    title (its ``title`` statement).

    Declared elements are sections (see :func:`factlint.sources.dot.read_graphs`), containers
    headings, links with a label sentences, notes and the legend paragraphs (a note drawn beside
    an element in that element's section), comments prose.
    """
    text = "\n".join(lines[body_line - 1 :])
    place = Placer(text, body_line)
    parser = _Parser(text)
    parser.parse()
    return read_graphs(text, place, [parser.top], parser.comments, PLANTUML_DIALECT, parser.notes)


def _unquoted(text: str, start: int, end: int) -> tuple[int, int]:
    """Return the span of ``text[start:end]`` without its surrounding quotes."""
    if end - start >= 2 and text[start] == '"' and text[end - 1] == '"':
        return start + 1, end - 1
    return start, end


class _Parser:
    """Reads PlantUML statements line by line into a top scope; unknown syntax is skipped."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.words = plantuml_words()
        self.top = Scope(0, len(text))
        self.scopes: list[Scope] = [self.top]
        self.comments: list[Comment] = []
        self.notes: list[NoteStatement] = []
        self.last_element: str | None = None
        self.lines: list[tuple[int, int]] = []
        position = 0
        for line in text.split("\n"):
            self.lines.append((position, position + len(line)))
            position += len(line) + 1

    def parse(self) -> None:
        """Read every statement and comment of the text."""
        index = 0
        while index < len(self.lines):
            index = self._statement(index) + 1
        for scope in self.scopes[1:]:
            scope.end = len(self.text)  # a container left open runs to the end

    def _stripped(self, index: int) -> tuple[int, int]:
        start, end = self.lines[index]
        while start < end and self.text[start] in " \t":
            start += 1
        while end > start and self.text[end - 1] in " \t\r":
            end -= 1
        return start, end

    def _statement(self, index: int) -> int:
        """Read the statement opening at line ``index``; return the index of its last line."""
        start, end = self._stripped(index)
        line = self.text[start:end]
        if not line:
            return index
        lowered = line.lower()
        if line.startswith("/'"):
            return self._block_comment(index, start + 2)
        if line.startswith("'"):
            self.comments.append(Comment(start + 1, end))
            return index
        if line[0] in "@!":
            return index
        keyword = re.split(r"[\s({]", lowered, maxsplit=1)[0]
        if keyword in self.words.styling or keyword == "skinparam":
            return self._skip_block(index) if line.endswith("{") else index
        if line == "}":
            if len(self.scopes) > 1:
                self.scopes.pop().end = end
            return index
        if keyword == "title":
            return self._title(index, start + len("title"), end)
        if keyword in ("legend", "note"):
            return self._note(index, start, end, keyword)
        macro = _MACRO.fullmatch(line)
        if macro is not None and (
            macro.group("name") in self.words.c4_elements or macro.group("name") in self.words.c4_relations
        ):
            self._macro(start, macro)
            return index
        element = _ELEMENT.fullmatch(line)
        if element is not None and element.group("keyword").lower() in self.words.elements:
            return self._element(index, start, element)
        link = _LINK.fullmatch(line)
        if link is not None and _is_arrow(link.group("arrow")):
            self._link(start, link)
        return index

    def _block_comment(self, index: int, start: int) -> int:
        """Read a ``/' ... '/`` comment, one comment per line; return its last line's index."""
        while True:
            _, end = self._stripped(index)
            closing = self.text.find("'/", start, end)
            if closing >= 0:
                self.comments.append(Comment(start, closing))
                return index
            self.comments.append(Comment(start, end))
            if index + 1 >= len(self.lines):
                return index
            index += 1
            start = self.lines[index][0]

    def _skip_block(self, index: int) -> int:
        """Skip a ``{ ... }`` block of styling; return the index of its closing line."""
        depth = 0
        while index < len(self.lines):
            start, end = self._stripped(index)
            depth += self.text.count("{", start, end) - self.text.count("}", start, end)
            if depth <= 0:
                return index
            index += 1
        return len(self.lines) - 1

    def _until(self, index: int, closings: tuple[str, ...]) -> tuple[list[tuple[int, int]], int]:
        """Return the spans of the lines after ``index`` up to one reading one of ``closings``
        (case-insensitive, spaces ignored) and that line's index."""
        spans: list[tuple[int, int]] = []
        for following in range(index + 1, len(self.lines)):
            start, end = self._stripped(following)
            if self.text[start:end].lower().replace(" ", "") in closings:
                return spans, following
            spans.append((start, end))
        return spans, len(self.lines) - 1

    def _title(self, index: int, start: int, end: int) -> int:
        while start < end and self.text[start] in " \t":
            start += 1
        if start < end:
            self.top.attributes["label"] = ("string", (_unquoted(self.text, start, end),))
            return index
        spans, last = self._until(index, ("endtitle",))
        if spans:
            self.top.attributes["label"] = ("string", tuple(spans))
        return last

    def _note(self, index: int, start: int, end: int, keyword: str) -> int:
        """Read a note (``note right of x ... end note``, ``note left: text``, ``note "text" as N``)
        or the legend; a note beside an element is placed in that element's section."""
        if keyword == "legend":
            spans, last = self._until(index, ("endlegend",))
            self.notes.append(NoteStatement(None, start, tuple(spans)))
            return last
        note = _NOTE.match(self.text, start, end)
        if note is None:
            return index
        target: str | None = None
        if note.group("target") is not None:
            target = note.group("target").strip('"')
        elif note.group("loose") is None and not self.text[start:end].lower().startswith("note as"):
            target = self.last_element
        if note.group("loose") is not None:
            span = _unquoted(self.text, note.start("loose"), note.end("loose"))
            self.notes.append(NoteStatement(None, start, (span,)))
            return index
        if note.group("text") is not None and note.group("text").strip():
            self.notes.append(NoteStatement(target, start, ((note.start("text"), end),)))
            return index
        spans, last = self._until(index, ("endnote",))
        self.notes.append(NoteStatement(target, start, tuple(spans)))
        return last

    def _element(self, index: int, start: int, element: re.Match[str]) -> int:
        """Read ``keyword "title" as alias <<stereotype>> [ description ]`` or ``... {``."""
        first, second = element.group("first"), element.group("second")
        title_group = "first"
        if second is not None and not first.startswith('"') and second.startswith('"'):
            alias, title_group = first, "second"
        else:
            alias = (second if second is not None else first).strip('"')
        title = _unquoted(self.text, start + element.start(title_group), start + element.end(title_group))
        rest_start = start + element.start("rest")
        rest_end = start + element.end("rest")
        while (
            decoration := _DECORATION.match(self.text, rest_start, rest_end)
        ) is not None and decoration.end() > rest_start:
            rest_start = decoration.end()
        rest = self.text[rest_start:rest_end].strip()
        spans = [title]
        last = index
        if rest.startswith("["):
            opening = self.text.index("[", rest_start)
            closing = self.text.rfind("]", opening, rest_end)
            if closing > opening:
                spans.append((opening + 1, closing))
            else:
                spans.append((opening + 1, rest_end))
                body, last = self._until(index, ("]",))
                spans.extend(body)
        scope = self.scopes[-1]
        if rest.endswith("{"):  # a container is a heading over what it holds, not a section
            container = Scope(start, attributes={"label": ("string", (title,))})
            scope.statements.append(container)
            self.scopes.append(container)
            return last
        scope.statements.append(NodeStatement(alias, start, {"label": ("string", tuple(spans))}))
        self.last_element = alias
        return last

    def _macro(self, start: int, macro: re.Match[str]) -> None:
        """Read a C4-PlantUML element ``Container(alias, "title", "tech", "description")`` or
        relation ``Rel(from, to, "label")``."""
        arguments: list[tuple[str, int, int]] = []
        position = start + macro.start("args")
        args_end = start + macro.end("args")
        while position < args_end:
            found = _ARGUMENT.match(self.text, position, args_end)
            if found is None or found.end() == position:
                break
            group = "quoted" if found.group("quoted") is not None else "plain"
            value = found.group(group).strip()
            if value and "=" not in value:  # `$tags="..."` and other keyword arguments are styling
                arguments.append((value, found.start(group), found.end(group)))
            position = found.end()
        if len(arguments) < 2:
            return
        scope = self.scopes[-1]
        if macro.group("name") in self.words.c4_relations:
            if len(arguments) >= 3:
                label: Value = ("string", ((arguments[2][1], arguments[2][2]),))
                ends = ((arguments[0][0],), (arguments[1][0],))
                scope.statements.append(EdgeStatement(ends, True, start, {"label": label}))
            return
        spans = tuple((value_start, value_end) for _, value_start, value_end in arguments[1:])
        if macro.group("brace"):
            container = Scope(start, attributes={"label": ("string", spans[:1])})
            scope.statements.append(container)
            self.scopes.append(container)
            return
        scope.statements.append(NodeStatement(arguments[0][0], start, {"label": ("string", spans)}))
        self.last_element = arguments[0][0]

    def _link(self, start: int, link: re.Match[str]) -> None:
        label = link.group("label")
        if label is None or not label.strip():
            return
        label_span = _unquoted(self.text, start + link.start("label"), start + link.end("label"))
        ends = ((link.group("left").strip('"[]'),), (link.group("right").strip('"[]'),))
        arrow = link.group("arrow")
        directed = ">" in arrow or "<" in arrow
        self.scopes[-1].statements.append(
            EdgeStatement(ends, directed, start, {"label": ("string", (label_span,))})
        )


def _is_arrow(arrow: str) -> bool:
    """Return True if ``arrow`` is a link (``--``, ``..``, ``->``), not a hyphen in a word."""
    body = arrow.strip("<>*o#x}{+^|")
    return len(body) >= 2 or (bool(body) and arrow != body)
