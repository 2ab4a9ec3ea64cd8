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
import itertools
from dataclasses import dataclass, field
from xml.parsers import expat

from factlint.sources.htmltree import TextRun

# Deeper elements are not nested further (their text joins the element open at this depth).
MAX_DEPTH = 160


@dataclass
class XmlElement:
    """An element: its local name (lower case, no prefix), attributes, start position and children."""

    tag: str
    attrs: dict[str, str]
    line: int
    column: int
    children: list[XmlElement | TextRun] = field(default_factory=list)
    end_line: int = 0  # the line of its end tag

    def elements(self) -> list[XmlElement]:
        """Return the child elements."""
        return [child for child in self.children if isinstance(child, XmlElement)]

    def runs(self) -> list[TextRun]:
        """Return every text run below this element, in document order."""
        found: list[TextRun] = []
        pending: list[XmlElement | TextRun] = list(reversed(self.children))
        while pending:
            node = pending.pop()
            if isinstance(node, TextRun):
                found.append(node)
            else:
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
    return builder.root


class _TreeBuilder:
    def __init__(self, text: str, first_line: int) -> None:
        self.data = text.encode("utf-8")
        self.text = text
        self.first_line = first_line
        # byte offset where each line starts, to turn expat's byte index into (line, column)
        self.line_starts = [0, *itertools.accumulate(len(line) + 1 for line in self.data.split(b"\n"))]
        self.root = XmlElement("#document", {}, first_line, 1)
        self.stack = [self.root]
        self.skipped = 0  # start tags past MAX_DEPTH still open
        parser = expat.ParserCreate()
        parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
        parser.buffer_text = False
        parser.StartElementHandler = self._start
        parser.EndElementHandler = self._end
        parser.CharacterDataHandler = self._characters
        parser.EntityDeclHandler = self._entity_declared
        parser.ExternalEntityRefHandler = self._external_entity
        self.parser = parser

    def _position(self) -> tuple[int, int]:
        index = self.parser.CurrentByteIndex
        row = bisect.bisect_right(self.line_starts, index) - 1
        column = len(self.data[self.line_starts[row] : index].decode("utf-8", "replace")) + 1
        return row + self.first_line, column

    def _start(self, name: str, attrs: dict[str, str]) -> None:
        if len(self.stack) > MAX_DEPTH:
            self.skipped += 1
            return
        line, column = self._position()
        local = name.rsplit(":", 1)[-1].lower()
        element = XmlElement(
            local, {key.rsplit(":", 1)[-1].lower(): value for key, value in attrs.items()}, line, column
        )
        self.stack[-1].children.append(element)
        self.stack.append(element)

    def _end(self, name: str) -> None:
        if self.skipped:
            self.skipped -= 1
            return
        element = self.stack.pop()
        element.end_line = self._position()[0]

    def _characters(self, data: str) -> None:
        line, column = self._position()
        self.stack[-1].children.append(TextRun(data, line, column))

    def _entity_declared(self, name: str, *_: object) -> None:
        raise XmlSyntaxError(self._position()[0], f"entity {name!r} declared in the document type (refused)")

    def _external_entity(self, *_: object) -> int:
        return 0  # refuse: expat then reports an error
