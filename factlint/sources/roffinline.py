"""Print one line of troff text: escapes decoded, comments and font changes dropped, each run placed."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from factlint.sources.htmltree import TextRun
from factlint.sources.packaged import PackagedFile, packaged_file

# Escapes that take one delimited argument and print nothing the reader needs
# (\h'1m' motion, \w'x' width, \X'..' device control, \o'..' overstrike, \v, \l, \L, \D, \b, \Z, \A, \B).
_DELIMITED = frozenset("hvwXoLlDbZABRxSN")
# Escapes that take a one-character, "(xx" or "[name]" argument and print nothing
# (\n register, \g format, \k mark, \F family, \m and \M colours, \V environment, \Y, \$ argument).
_NAMED_ARGUMENT = frozenset("ngkFmMVY$")
# One-character escapes that print nothing: \& \| \^ \, \/ \% \) \: \d \u \r \t \a \p \{ \}.
_SILENT = frozenset("&|^,/%):durtap{}E")
# \s size changes (groff): \sN and \s±N take one digit, unsigned \s10 to \s39 two; more digits
# come only via \s(nn, \s±(nn, \s[n] or \s'n'.
_SIZE = re.compile(r"s(?:[1-3]\d|[-+]?\d|[-+]?\(\d\d|[-+]?\[[^\]\n]*\]|'[^'\n]*')")


def roff_knowledge() -> PackagedFile:
    """Return what ``roff.yaml`` says about escapes, strings and macros."""
    return packaged_file("factlint.sources", "roff.yaml")


@cache
def _table(key: str) -> dict[str, str]:
    return roff_knowledge().word_map(key)


@cache
def words(key: str) -> frozenset[str]:
    """Return the list ``key`` of ``roff.yaml`` as a set."""
    return frozenset(roff_knowledge().words(key))


@dataclass(frozen=True)
class PrintedLine:
    """What one source line prints: its runs, and whether it joins the next line with no space."""

    runs: tuple[TextRun, ...]
    joined: bool = False  # "\c" or a trailing backslash: the next line continues this word

    def text(self) -> str:
        """Return the printed characters."""
        return "".join(run.text for run in self.runs)


def printed(text: str, line: int, column: int) -> PrintedLine:
    """Return what ``text`` (from 1-based ``line`` and ``column``) prints in filled text."""
    characters, strings = _table("characters"), _table("strings")
    runs: list[TextRun] = []
    start = 0  # start of the plain stretch not yet added
    index = 0
    joined = False

    def flush(end: int) -> None:
        if end > start:
            runs.append(TextRun(text[start:end], line, column + start))

    while index < len(text):
        if text[index] != "\\":
            index += 1
            continue
        flush(index)
        escape = index
        kind = text[index + 1 : index + 2]
        index += 2
        shown: str | None = None
        if kind in ('"', "#"):  # a comment runs to the end of the line
            start = len(text)
            break
        if kind == "":  # a backslash ending the line: the next line continues this one
            joined = True
            start = len(text)
            break
        if kind in ("e", "\\"):
            shown = "\\"
        elif kind in ("-", "'", "`", ".", "!"):
            shown = {"-": "-", "'": "\u00b4", "`": "`", ".": ".", "!": ""}[kind]
        elif kind in (" ", "~", "0"):
            shown = " "
        elif kind == "c":
            joined = True
            shown = ""
        elif kind in _SILENT:
            shown = ""
        elif kind == "(":
            shown = characters.get(text[index : index + 2], "")
            index += 2
        elif kind == "[":
            close = text.find("]", index)
            end = len(text) if close < 0 else close
            shown = characters.get(text[index:end], "")
            index = end + 1
        elif kind == "*":
            name, index = _name(text, index)
            shown = strings.get(name, "")
        elif kind == "f":
            _, index = _name(text, index)
            shown = ""
        elif kind == "s" and (size := _SIZE.match(text, index - 1)) is not None:
            index = size.end()
            shown = ""
        elif kind in _NAMED_ARGUMENT:
            _, index = _name(text, index)
            shown = ""
        elif kind in _DELIMITED:
            delimiter = text[index : index + 1]
            close = text.find(delimiter, index + 1) if delimiter else -1
            index = len(text) if close < 0 else close + 1
            shown = ""
        else:
            shown = kind  # an unknown escape prints its character, as troff does
        if shown:
            runs.append(TextRun(shown, line, column + escape))
        start = index
    flush(len(text))
    return PrintedLine(tuple(runs), joined)


def _name(text: str, index: int) -> tuple[str, int]:
    """Return the name of an escape's argument at ``index`` (``x``, ``(xx`` or ``[name]``) and where
    it ends."""
    if text[index : index + 1] == "(":
        return text[index + 1 : index + 3], index + 3
    if text[index : index + 1] == "[":
        close = text.find("]", index)
        end = len(text) if close < 0 else close
        return text[index + 1 : end], end + 1
    return text[index : index + 1], index + 1


@dataclass(frozen=True)
class Argument:
    """One argument of a request line: its text as written and its 0-based offset in the line."""

    text: str
    offset: int


_ARGUMENT = re.compile(r'"((?:[^"]|"")*)"?|((?:\\.|[^\s\\]|\\$)+)')


def arguments(text: str, offset: int) -> list[Argument]:
    """Return the arguments of a request line from ``offset`` on: quoted ones (``""`` is a quote)
    or words; a comment (``\\"``) ends them."""
    found = []
    index = offset
    while index < len(text):
        while index < len(text) and text[index] in " \t":
            index += 1
        if index >= len(text) or text.startswith('\\"', index) or text.startswith("\\#", index):
            break
        match = _ARGUMENT.match(text, index)
        if match is None:
            break
        if match.group(1) is not None:
            found.append(Argument(match.group(1).replace('""', '"'), index + 1))
        else:
            found.append(Argument(match.group(2), index))
        index = max(match.end(), index + 1)
    return found
