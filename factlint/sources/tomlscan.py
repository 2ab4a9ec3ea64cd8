"""Where each value, key, table header and comment of a TOML file is written.

``tomllib`` reads a TOML file's values but keeps no places; this scanner walks the same text
once and notes, for every value, the path ``tomllib`` gives it (table names, keys and array
indexes: ``("devices", 2, "mem_gb")``) with the 1-based line and column of its first character.
It follows the TOML 1.0 grammar (toml.io/en/v1.0.0): bare, quoted and dotted keys, ``[table]``
and ``[[array.of.tables]]`` headers, basic and literal strings on one line or several, arrays
over several lines with comments inside, inline tables. The scanner is run on text ``tomllib``
has accepted, so it reads valid TOML; on anything else it skips to the end of the line and
never fails (see decision 0150).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field

from factlint.sources.linecomments import Comment
from factlint.sources.linestarts import LineStarts

TomlPath = tuple[str | int, ...]

_BARE_KEY = re.compile(r"[A-Za-z0-9_\-]+")
# an unquoted value: a local date-time with a space ("1979-05-27 07:32:00"), else a run of
# characters up to a separator: a number, a date, a boolean, inf or nan
_SCALAR = re.compile(r"\d{4}-\d\d-\d\d[ Tt]\d\d:[^\s,\]}#]*|[^\s,\]}#]+")
_BLANKS = " \t"


@dataclass(frozen=True)
class Place:
    """Where a value is written: its first character (past any opening quotes), its source text
    (a string's text between its quotes) and its quoting ("", '"', "'", '\"\"\"', "'''")."""

    line: int
    column: int
    raw: str
    quote: str = ""


@dataclass(frozen=True)
class Header:
    """A ``[table]`` or ``[[array-of-tables]]`` header: the path of the table it opens and where
    its name is written."""

    path: TomlPath
    line: int
    column: int
    array: bool


@dataclass(frozen=True)
class TomlLayout:
    """The places of a TOML file's values and keys, its headers and its comments, in file order."""

    values: Mapping[TomlPath, Place]
    keys: Mapping[TomlPath, tuple[int, int]]  # the (line, column) of each key's last part
    headers: tuple[Header, ...]
    comments: tuple[Comment, ...]
    lines: int = 0


@dataclass
class _Scanner:
    text: str
    starts: LineStarts
    at: int = 0
    table: TomlPath = ()
    arrays: dict[TomlPath, int] = field(default_factory=dict)  # array of tables -> entries so far
    values: dict[TomlPath, Place] = field(default_factory=dict)
    keys: dict[TomlPath, tuple[int, int]] = field(default_factory=dict)
    headers: list[Header] = field(default_factory=list)
    comments: list[Comment] = field(default_factory=list)

    def run(self) -> None:
        while self.at < len(self.text):
            self._skip(_BLANKS + "\r\n")
            if self.at >= len(self.text):
                break
            start = self.at
            character = self.text[self.at]
            if character == "#":
                self._comment()
            elif character == "[":
                self._header()
            else:
                self._pair(self.table)
            self._line_end(start)

    def _skip(self, characters: str) -> None:
        while self.at < len(self.text) and self.text[self.at] in characters:
            self.at += 1

    def _line_end(self, start: int) -> None:
        """Pass the rest of a line: blanks, a trailing comment, anything unread, the line break."""
        self._skip(_BLANKS)
        if self.at < len(self.text) and self.text[self.at] == "#":
            self._comment()
        end = self.text.find("\n", self.at)
        self.at = len(self.text) if end < 0 else end + 1
        if self.at <= start:  # never stand still
            self.at = start + 1

    def _comment(self) -> None:
        """Note the comment at ``self.at`` and pass it (up to its line break)."""
        line_start = self.text.rfind("\n", 0, self.at) + 1
        trailing = self.text[line_start : self.at].strip(_BLANKS + "\r") != ""
        end = self.text.find("\n", self.at)
        end = len(self.text) if end < 0 else end
        body = self.at + 1
        while body < end and self.text[body] in _BLANKS:
            body += 1
        text = self.text[body:end].rstrip()
        line, column = self.starts.position(body)
        self.comments.append(Comment(text, line, column, trailing))
        self.at = end

    def _header(self) -> None:
        array = self.text.startswith("[[", self.at)
        self.at += 2 if array else 1
        self._skip(_BLANKS)
        placed = self._key()
        parts = [part for part, _ in placed]
        if not parts:
            return
        line, column = self.starts.position(placed[-1][1])
        parent = self._resolved(parts[:-1])
        self._place_tables(self._resolved([]), placed[:-1])
        if array:
            concrete = (*parent, parts[-1])
            index = self.arrays.get(concrete, 0)
            self.arrays[concrete] = index + 1
            self.table = (*concrete, index)
        else:
            self.table = self._resolved(parts)
        self.keys.setdefault((*parent, parts[-1]), (line, column))
        self.headers.append(Header(self.table, line, column, array))
        self._skip(_BLANKS)
        self.at += min(2 if array else 1, len(self.text) - self.at)

    def _resolved(self, parts: list[str]) -> TomlPath:
        """Return the path of a header's tables, each array of tables standing for its last entry."""
        path: TomlPath = ()
        for part in parts:
            path = (*path, part)
            if path in self.arrays:
                path = (*path, self.arrays[path] - 1)
        return path

    def _key(self) -> list[tuple[str, int]]:
        """Return the parts of a (dotted) key at ``self.at`` with the offset of each."""
        parts: list[tuple[str, int]] = []
        while self.at < len(self.text):
            self._skip(_BLANKS)
            start = self.at
            character = self.text[self.at : self.at + 1]
            if character in ('"', "'"):
                end = self._string_end(character)
                try:
                    part = str(tomllib.loads(f"k = {self.text[start:end]}")["k"])
                except tomllib.TOMLDecodeError:
                    part = self.text[start + 1 : end - 1]
                self.at = end
            else:
                bare = _BARE_KEY.match(self.text, self.at)
                if bare is None:
                    return parts
                part, self.at = bare.group(), bare.end()
            parts.append((part, start))
            self._skip(_BLANKS)
            if not self.text.startswith(".", self.at):
                return parts
            self.at += 1
        return parts

    def _pair(self, prefix: TomlPath) -> None:
        """Read ``key = value`` at ``self.at``, its key's parts below the table ``prefix``."""
        parts = self._key()
        self._skip(_BLANKS)
        if not parts or not self.text.startswith("=", self.at):
            return
        self.at += 1
        self._skip(_BLANKS)
        path = (*prefix, *(part for part, _ in parts))
        self._place_tables(prefix, parts[:-1])
        self.keys[path] = self.starts.position(parts[-1][1])
        self._value(path)

    def _place_tables(self, prefix: TomlPath, parts: list[tuple[str, int]]) -> None:
        """Note where the tables a dotted key or header opens implicitly are first named: ``a`` and
        ``b`` of ``a.b.c = 1`` or ``[a.b.c]``."""
        path = prefix
        for part, offset in parts:
            path = (*path, part)
            self.keys.setdefault(path, self.starts.position(offset))
            if path in self.arrays:
                path = (*path, self.arrays[path] - 1)

    def _string_end(self, quote: str) -> int:
        """Return the offset just past the one-line string opened by ``quote`` at ``self.at``."""
        position = self.at + 1
        while position < len(self.text) and self.text[position] not in (quote, "\n"):
            position += 2 if quote == '"' and self.text[position] == "\\" else 1
        return min(position + 1, len(self.text))

    def _value(self, path: TomlPath) -> None:
        text = self.text
        if text.startswith(('"""', "'''"), self.at):
            self._long_string(path, text[self.at : self.at + 3])
        elif text[self.at : self.at + 1] in ('"', "'"):
            quote = text[self.at]
            end = self._string_end(quote)
            self._place(path, self.at + 1, text[self.at + 1 : end - 1], quote)
            self.at = end
        elif text.startswith("[", self.at):
            self._array(path)
        elif text.startswith("{", self.at):
            self._inline_table(path)
        else:
            scalar = _SCALAR.match(text, self.at)
            if scalar is not None:
                self._place(path, self.at, scalar.group().rstrip(), "")
                self.at = scalar.end()

    def _place(self, path: TomlPath, offset: int, raw: str, quote: str) -> None:
        line, column = self.starts.position(offset)
        self.values[path] = Place(line, column, raw, quote)

    def _long_string(self, path: TomlPath, delimiter: str) -> None:
        """Read a multi-line string; a line break right after its opening delimiter is no content."""
        start = self.at + 3
        if self.text.startswith("\r\n", start):
            start += 2
        elif self.text.startswith("\n", start):
            start += 1
        position = start
        while position < len(self.text):
            if delimiter == '"""' and self.text[position] == "\\":
                position += 2
                continue
            if self.text.startswith(delimiter, position):
                run = position + 3
                while run < len(self.text) and run - position < 5 and self.text[run] == delimiter[0]:
                    run += 1  # up to two quotes right before the delimiter are content
                self._place(path, start, self.text[start : run - 3], delimiter)
                self.at = run
                return
            position += 1
        self._place(path, start, self.text[start:], delimiter)
        self.at = len(self.text)

    def _array(self, path: TomlPath) -> None:
        self.at += 1
        index = 0
        while self.at < len(self.text):
            self._gap()
            if self.at >= len(self.text) or self.text[self.at] == "]":
                break
            before = self.at
            self._value((*path, index))
            index += 1
            self._gap()
            if self.text.startswith(",", self.at):
                self.at += 1
            elif self.at == before:  # nothing readable: leave the array
                break
        self.at = min(self.at + 1, len(self.text))

    def _inline_table(self, path: TomlPath) -> None:
        self.at += 1
        while self.at < len(self.text):
            self._gap()
            if self.at >= len(self.text) or self.text[self.at] == "}":
                break
            before = self.at
            self._pair(path)
            self._gap()
            if self.text.startswith(",", self.at):
                self.at += 1
            elif self.at == before:
                break
        self.at = min(self.at + 1, len(self.text))

    def _gap(self) -> None:
        """Pass blanks, line breaks and comments between the items of an array or inline table."""
        while self.at < len(self.text):
            self._skip(_BLANKS + "\r\n")
            if not self.text.startswith("#", self.at):
                return
            self._comment()


def scan_toml(text: str) -> TomlLayout:
    """Return where each value, key, header and comment of the TOML ``text`` is written."""
    scanner = _Scanner(text, LineStarts.of(text))
    scanner.run()
    return TomlLayout(
        scanner.values,
        scanner.keys,
        tuple(scanner.headers),
        tuple(scanner.comments),
        len(scanner.starts.starts),
    )
