"""Parse an XML file into a light element tree whose text keeps its file positions, safely.

The parser is the standard library's expat (``xml.parsers.expat``), which reports the byte
index of every start tag and every stretch of character data. Without buffering it hands
each entity reference (``&lt;``) over as a stretch of its own, so every decoded character
can be traced back to the file. Nothing is fetched or expanded beyond the five predefined
entities and character references: a document type that declares entities (the "billion
laughs" and external-entity attacks) is refused, as ``defusedxml`` refuses it.
"""

from __future__ import annotations

import bisect
import html
import itertools
import re
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field
from xml.parsers import expat

from factlint.models import Block
from factlint.sources.htmltree import TextRun

# Deeper elements are not nested further: their text joins the element open at this depth (read
# only if that is a text element), and the document names the first one's line as a problem.
MAX_DEPTH = 160
# A reference in an attribute value (one decoded character) or a white-space character (a space).
_ATTRIBUTE_SIGN = re.compile(r"&#?\w+;|[\t\n\r]")
# One attribute of a start tag: its name and its quoted value (the value in group 2 or 3).
_ATTRIBUTE = re.compile(r"""\s+([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')""")
_TAG_NAME = re.compile(r"<[^\s/>]+")


@dataclass(frozen=True)
class XmlDocument:
    """The blocks of an XML file (a feed, an office document, a workbook) and its title, or the error
    that kept it from being read."""

    blocks: tuple[Block, ...] = ()
    title: str | None = None
    error: str | None = None  # "line N: reason" when the file is not well-formed XML
    problems: tuple[str, ...] = ()  # "line N: reason" for what was read but left out


@dataclass
class XmlElement:
    """An element: its local name (lower case, no prefix), attributes, start position and children."""

    tag: str
    attrs: dict[str, str]
    line: int
    column: int
    children: list[XmlElement | TextRun] = field(default_factory=list)
    end_line: int = 0  # the line of its end tag
    end_column: int = 0  # the column of its end tag
    # each attribute's decoded value as runs placed in the file (a reference is a run alone), by local name
    places: dict[str, list[TextRun]] = field(default_factory=dict)
    deep_line: int = 0  # the document only: the first line of an element nested past MAX_DEPTH (0: none)

    def elements(self) -> list[XmlElement]:
        """Return the child elements."""
        return [child for child in self.children if isinstance(child, XmlElement)]

    def descendants(self) -> Iterator[XmlElement]:
        """Yield every element below this one, in document order."""
        pending = list(reversed(self.elements()))
        while pending:
            node = pending.pop()
            yield node
            pending.extend(reversed(node.elements()))

    def runs(self, skipped: Collection[str] = ()) -> list[TextRun]:
        """Return every text run below this element in document order, leaving out the runs
        inside elements whose tag is in ``skipped``."""
        found: list[TextRun] = []
        pending: list[XmlElement | TextRun] = list(reversed(self.children))
        while pending:
            node = pending.pop()
            if isinstance(node, TextRun):
                found.append(node)
            elif node.tag not in skipped:
                pending.extend(reversed(node.children))
        return found

    def text(self) -> str:
        """Return the decoded text below this element."""
        return "".join(run.text for run in self.runs())


class XmlSyntaxError(Exception):
    """The file is not well-formed XML, or declares entities: ``line`` is where reading stopped."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


def parse_xml_tree(text: str, first_line: int = 1) -> XmlElement:
    """Return the root (tag ``#document``) of the XML ``text``, whose first line is ``first_line``.

    Raises XmlSyntaxError naming the line for malformed XML or any entity declaration.
    """
    builder = _TreeBuilder(text, first_line)
    try:
        builder.parser.Parse(builder.data, True)
    except expat.ExpatError as error:
        raise XmlSyntaxError(error.lineno + first_line - 1, expat.errors.messages[error.code]) from None
    except (ValueError, UnicodeError) as error:
        raise XmlSyntaxError(builder.parser.CurrentLineNumber + first_line - 1, str(error)) from None
    builder.root.deep_line = builder.deep_line
    return builder.root


class _TreeBuilder:
    def __init__(self, text: str, first_line: int) -> None:
        self.data = text.encode("utf-8")
        self.text = text
        self.first_line = first_line
        # byte offset where each line starts, to turn expat's byte index into (line, column)
        self.line_starts = [0, *itertools.accumulate(len(line) + 1 for line in self.data.split(b"\n"))]
        self.char_starts = [0, *itertools.accumulate(len(line) + 1 for line in text.split("\n"))]
        self.root = XmlElement("#document", {}, first_line, 1)
        self.stack = [self.root]
        self.skipped = 0  # start tags past MAX_DEPTH still open
        self.deep_line = 0  # the first line of an element past MAX_DEPTH (0: none)
        # the last position found: (byte index, row, column), so a line is decoded once, left to right
        self.mark = (0, 0, 1)
        # the text is decoded already: the declaration's encoding is not the bytes' (they are UTF-8)
        parser = expat.ParserCreate(encoding="utf-8")
        parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
        parser.buffer_text = False
        parser.StartElementHandler = self._start
        parser.EndElementHandler = self._end
        parser.CharacterDataHandler = self._characters
        parser.EntityDeclHandler = self._entity_declared
        parser.ExternalEntityRefHandler = self._external_entity
        self.parser = parser

    def _position(self) -> tuple[int, int]:
        """Return the file (line, column) of the parser's byte index, decoding only what is new."""
        index = self.parser.CurrentByteIndex
        row = bisect.bisect_right(self.line_starts, index) - 1
        last_index, last_row, last_column = self.mark
        start, column = self.line_starts[row], 1
        if row == last_row and index >= last_index:  # on along the same line: decode only the new bytes
            start, column = last_index, last_column
        column += len(self.data[start:index].decode("utf-8", "replace"))
        self.mark = (index, row, column)
        return row + self.first_line, column

    def _start(self, name: str, attrs: dict[str, str]) -> None:
        if len(self.stack) > MAX_DEPTH:
            self.skipped += 1
            self.deep_line = self.deep_line or self._position()[0]
            return
        line, column = self._position()
        local = name.rsplit(":", 1)[-1].lower()
        element = XmlElement(
            local,
            {key.rsplit(":", 1)[-1].lower(): value for key, value in attrs.items()},
            line,
            column,
            places=self._attribute_places(line, column) if attrs else {},
        )
        self.stack[-1].children.append(element)
        self.stack.append(element)

    def _attribute_places(self, line: int, column: int) -> dict[str, list[TextRun]]:
        """Return each attribute value of the start tag at (line, column) as runs placed in the file."""
        offset = self.char_starts[line - self.first_line] + column - 1
        name = _TAG_NAME.match(self.text, offset)
        places: dict[str, list[TextRun]] = {}
        position = name.end() if name else offset
        while (match := _ATTRIBUTE.match(self.text, position)) is not None:
            group = 2 if match.group(2) is not None else 3
            key = match.group(1).rsplit(":", 1)[-1].lower()
            places[key] = self._value_runs(match.start(group), match.end(group))
            position = match.end()
        return places

    def _value_runs(self, start: int, end: int) -> list[TextRun]:
        """Return the decoded attribute value at ``text[start:end]``: a run per reference and white space."""
        runs: list[TextRun] = []
        position = start
        for sign in [*_ATTRIBUTE_SIGN.finditer(self.text, start, end), None]:
            stop = sign.start() if sign else end
            if stop > position:
                runs.append(TextRun(self.text[position:stop], *self._place(position)))
            if sign is not None:
                raw = sign.group()
                decoded = " " if len(raw) == 1 else html.unescape(raw)
                runs.append(TextRun(decoded, *self._place(sign.start())))
                position = sign.end()
        return runs

    def _place(self, offset: int) -> tuple[int, int]:
        """Return the file (line, column) of the character at ``offset`` of the text."""
        row = bisect.bisect_right(self.char_starts, offset) - 1
        return row + self.first_line, offset - self.char_starts[row] + 1

    def _end(self, name: str) -> None:
        if self.skipped:
            self.skipped -= 1
            return
        element = self.stack.pop()
        element.end_line, element.end_column = self._position()

    def _characters(self, data: str) -> None:
        line, column = self._position()
        self.stack[-1].children.append(TextRun(data, line, column))

    def _entity_declared(self, name: str, *_: object) -> None:
        raise XmlSyntaxError(self._position()[0], f"entity {name!r} declared in the document type (refused)")

    def _external_entity(self, *_: object) -> int:
        return 0  # refuse: expat then reports an error


def held_elements(roots: list[XmlElement], containers: frozenset[str]) -> Iterator[XmlElement]:
    """Yield the child elements of ``roots`` and, through every child whose tag is in ``containers``
    (a flat package's ``part``, a ``styles`` list), that child's elements in turn."""
    pending = list(roots)
    while pending:
        element = pending.pop()
        for child in element.elements():
            yield child
            if child.tag in containers:
                pending.append(child)


def depth_problems(root: XmlElement) -> tuple[str, ...]:
    """Return the problem of elements nested too deep to be read, naming the first one's line."""
    if not root.deep_line:
        return ()
    return (f"line {root.deep_line}: elements nested deeper than {MAX_DEPTH} levels are not read",)
