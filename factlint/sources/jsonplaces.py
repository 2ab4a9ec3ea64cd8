"""JSON text parsed into values whose strings keep the file place of each character.

A reader that shows the strings of a JSON file as text (a Jupyter notebook's cells) needs to say
where each character stands in the file: ``"a \\"b\\"\\n"`` is five characters of text written in
nine of the file. :func:`parse_placed_json` returns the document as dicts, lists and
:class:`PlacedString`; an escape's character is placed at its backslash.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from factlint.sources.linestarts import LineStarts

_WHITESPACE = re.compile(r"[ \t\n\r]*")
# Python's json also accepts NaN, Infinity and -Infinity, so a file it validated may hold them.
_SCALAR = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?|-?Infinity|NaN|true|false|null")
_PLAIN_RUN = re.compile(r'[^"\\]+')
_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


@dataclass(frozen=True)
class PlacedString:
    """A JSON string's value and the file offset of each of its characters."""

    text: str
    offsets: tuple[int, ...]  # offsets[i]: where text[i] (or its escape) stands in the file's text
    end: int  # the offset of its closing quote
    starts: LineStarts

    def place(self, index: int) -> tuple[int, int]:
        """Return the 1-based file (line, column) of ``text[index]`` (its closing quote past the end)."""
        return self.starts.position(self.offsets[index] if index < len(self.offsets) else self.end)


class JsonSyntaxError(ValueError):
    """The text is not valid JSON; ``line`` is the 1-based line of the problem."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: not valid JSON: {reason}")
        self.line = line


def parse_placed_json(text: str) -> object:
    """Return the JSON document of ``text`` with every string a PlacedString (object keys stay str).

    Raises JsonSyntaxError, naming the line, when ``text`` is not valid JSON.
    """
    try:
        json.loads(text)
    except json.JSONDecodeError as error:
        raise JsonSyntaxError(error.lineno, error.msg) from None
    except RecursionError:
        raise JsonSyntaxError(1, "nested too deeply to read") from None
    return _Parser(text).value()


class _Parser:
    """A recursive-descent reader of text already known to be valid JSON."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0
        self.starts = LineStarts.of(text)

    def value(self) -> object:
        self._skip()
        head = self.text[self.at]
        if head == "{":
            return self._object()
        if head == "[":
            return self._array()
        if head == '"':
            return self._string()
        match = _SCALAR.match(self.text, self.at)
        assert match is not None  # the text is valid JSON
        self.at = match.end()
        return json.loads(match.group())

    def _skip(self) -> None:
        self.at = _WHITESPACE.match(self.text, self.at).end()  # type: ignore[union-attr]

    def _object(self) -> dict[str, object]:
        found: dict[str, object] = {}
        self.at += 1
        self._skip()
        while self.text[self.at] != "}":
            key = self._string().text
            self._skip()
            self.at += 1  # ":"
            found[key] = self.value()
            self._skip()
            if self.text[self.at] == ",":
                self.at += 1
                self._skip()
        self.at += 1
        return found

    def _array(self) -> list[object]:
        items: list[object] = []
        self.at += 1
        self._skip()
        while self.text[self.at] != "]":
            items.append(self.value())
            self._skip()
            if self.text[self.at] == ",":
                self.at += 1
                self._skip()
        self.at += 1
        return items

    def _string(self) -> PlacedString:
        text = self.text
        self.at += 1
        characters: list[str] = []
        offsets: list[int] = []
        while text[self.at] != '"':
            run = _PLAIN_RUN.match(text, self.at)
            if run is not None:
                characters.append(run.group())
                offsets.extend(range(run.start(), run.end()))
                self.at = run.end()
                continue
            start = self.at
            code = text[start + 1]
            if code != "u":
                characters.append(_ESCAPES[code])
                self.at = start + 2
            else:
                value = int(text[start + 2 : start + 6], 16)
                self.at = start + 6
                low = text[self.at : self.at + 6]
                if 0xD800 <= value < 0xDC00 and low.startswith("\\u") and 0xDC00 <= int(low[2:], 16) < 0xE000:
                    value = 0x10000 + ((value - 0xD800) << 10) + int(low[2:], 16) - 0xDC00
                    self.at += 6
                elif 0xD800 <= value < 0xE000:
                    value = 0xFFFD  # a lone surrogate cannot be written out as UTF-8
                characters.append(chr(value))
            offsets.append(start)
        end = self.at
        self.at += 1
        return PlacedString("".join(characters), tuple(offsets), end, self.starts)
