"""Split Graphviz DOT source into tokens and comments, and a quoted label into its drawn lines."""

from __future__ import annotations

import re
from dataclasses import dataclass

from factlint.sources.htmltext import AnchoredText
from factlint.sources.linestarts import LineStarts

_TOKEN = re.compile(
    r"""
    (?P<space>\s+)
    |(?P<comment>//[^\n]*|/\*.*?(?:\*/|\Z))
    |(?P<string>"(?:[^"\\]|\\.)*(?:"|\Z))
    |(?P<edge>->|--)
    |(?P<id>[A-Za-z_\x80-\U0010ffff][\w\x80-\U0010ffff]*|-?(?:\.\d+|\d+(?:\.\d*)?))
    |(?P<other>.)
    """,
    re.S | re.X,
)


@dataclass(frozen=True)
class Token:
    """One token: its kind (``id``, ``string``, ``html``, ``edge`` or a punctuation character) and
    the span of its value in the source (a string's or an HTML label's without the delimiters)."""

    kind: str
    start: int
    end: int


@dataclass(frozen=True)
class Comment:
    """One comment's text span (markers excluded) in the source."""

    start: int
    end: int


class Placer:
    """Turns offsets into the source text into 1-based (line, column) positions."""

    def __init__(self, text: str, first_line: int = 1) -> None:
        self.lines = LineStarts.of(text, first_line)

    def position(self, offset: int) -> tuple[int, int]:
        """Return the (line, column) of ``offset``."""
        return self.lines.position(offset)

    def anchored(self, pieces: list[tuple[str, int]]) -> AnchoredText:
        """Return the text of ``pieces`` (text, source offset where it stands) with anchors."""
        text: list[str] = []
        anchors: list[tuple[int, int, int]] = []
        length = 0
        for piece, offset in pieces:
            if not piece:
                continue
            line, column = self.position(offset)
            if not anchors or anchors[-1][0] < length:
                anchors.append((length, line, column))
            text.append(piece)
            length += len(piece)
        return AnchoredText("".join(text), tuple(anchors))


def tokens(text: str) -> tuple[list[Token], list[Comment]]:
    """Return the tokens and the comments of DOT source ``text``.

    ``#`` opens a comment only at the start of a line (Graphviz drops such preprocessor lines);
    an HTML label ``<...>`` is one token spanning its nested angle brackets.
    """
    found: list[Token] = []
    comments: list[Comment] = []
    offset = 0
    while offset < len(text):
        match = _TOKEN.match(text, offset)
        assert match is not None  # "other" matches any character
        kind = match.lastgroup or "other"
        end = match.end()
        if kind == "comment":
            inner_end = end - 2 if text.startswith("*/", end - 2) and text[offset + 1] == "*" else end
            comments.append(Comment(offset + 2, inner_end))
        elif kind == "string":
            closed = end - 1 if end - offset > 1 and text[end - 1] == '"' else end
            found.append(Token("string", offset + 1, closed))
        elif kind in ("edge", "id"):
            found.append(Token(kind, offset, end))
        elif kind == "other":
            char = text[offset]
            if char == "#" and _line_start(text, offset):
                line_end = text.find("\n", offset)
                end = len(text) if line_end < 0 else line_end
                comments.append(Comment(offset + 1, end))
            elif char == "<":
                end = _html_end(text, offset)
                found.append(Token("html", offset + 1, end - 1))
            else:
                found.append(Token(char, offset, end))
        offset = end
    return found, comments


def _line_start(text: str, offset: int) -> bool:
    before = text.rfind("\n", 0, offset) + 1
    return not text[before:offset].strip()


def _html_end(text: str, opening: int) -> int:
    """Return the offset after the ``>`` closing the HTML label opened at ``opening``."""
    depth = 0
    for index in range(opening, len(text)):
        char = text[index]
        if char == "<":
            depth += 1
        elif char == ">":
            depth -= 1
            if depth == 0:
                return index + 1
    return len(text)


def label_lines(
    text: str, spans: list[tuple[int, int]], breaks: frozenset[str], node_id: str, place: Placer
) -> list[AnchoredText]:
    """Return the drawn lines of a quoted label made of the string ``spans`` (joined by ``+``).

    ``\\n``, ``\\l`` and ``\\r`` (``breaks``) and real line ends split lines; ``\\"`` is a quote,
    ``\\N`` the node's id; a backslash before a line end continues the line. Lines with only
    spaces are dropped; each line keeps its source positions.
    """
    lines: list[list[tuple[str, int]]] = [[]]
    for start, end in spans:
        index = start
        run = start
        while index < end:
            char = text[index]
            if char == "\\" and index + 1 < end:
                lines[-1].append((text[run:index], run))
                escaped = text[index + 1]
                if escaped in breaks:
                    lines.append([])
                elif escaped == "N":
                    lines[-1].append((node_id, index))
                elif escaped != "\n":
                    lines[-1].append((escaped, index + 1))
                index += 2
                run = index
            elif char == "\n":
                lines[-1].append((text[run:index], run))
                lines.append([])
                index += 1
                run = index
            else:
                index += 1
        lines[-1].append((text[run:end], run))
    return drawn_lines(lines, place)


def drawn_lines(lines: list[list[tuple[str, int]]], place: Placer) -> list[AnchoredText]:
    """Return each line of (piece, offset) runs as anchored text trimmed of its outer spaces; a line
    of only spaces is dropped."""
    drawn = []
    for pieces in lines:
        line = place.anchored(pieces)
        stripped = line.text.strip()
        if stripped:
            first = line.text.index(stripped[0])
            drawn.append(line.slice(first, first + len(stripped)))
    return drawn
