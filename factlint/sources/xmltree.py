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
import re
from dataclasses import dataclass, field
from xml.parsers import expat

from factlint.sources.htmltree import TextRun

# Deeper elements are not nested further (their text joins the element open at this depth).
MAX_DEPTH = 160
# One attribute of a start tag: its name and its quoted value (the value in group 2 or 3).
_ATTRIBUTE = re.compile(r"""\s+([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')""")
_TAG_NAME = re.compile(r"<[^\s/>]+")


@dataclass
class XmlElement:
    """An element: its local name (lower case, no prefix), attributes, start position and children."""

    tag: str
    attrs: dict[str, str]
    line: int
    column: int
    children: list[XmlElement | TextRun] = field(default_factory=list)
    end_line: int = 0  # the line of its end tag
    # where each attribute's value starts in the file (1-based line and column), by local name
    places: dict[str, tuple[int, int]] = field(default_factory=dict)

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
        self.char_starts = [0, *itertools.accumulate(len(line) + 1 for line in text.split("\n"))]
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
            local,
            {key.rsplit(":", 1)[-1].lower(): value for key, value in attrs.items()},
            line,
            column,
            places=self._attribute_places(line, column) if attrs else {},
        )
        self.stack[-1].children.append(element)
        self.stack.append(element)

    def _attribute_places(self, line: int, column: int) -> dict[str, tuple[int, int]]:
        """Return where each attribute value of the start tag at (line, column) starts in the file."""
        offset = self.char_starts[line - self.first_line] + column - 1
        name = _TAG_NAME.match(self.text, offset)
        places: dict[str, tuple[int, int]] = {}
        position = name.end() if name else offset
        while (match := _ATTRIBUTE.match(self.text, position)) is not None:
            start = match.start(2) if match.group(2) is not None else match.start(3)
            row = bisect.bisect_right(self.char_starts, start) - 1
            key = match.group(1).rsplit(":", 1)[-1].lower()
            places[key] = (row + self.first_line, start - self.char_starts[row] + 1)
            position = match.end()
        return places

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
