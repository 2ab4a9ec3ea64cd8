"""LaTeX source as TeX scans it: comments masked, arguments and environments found, offsets put on lines.

Comments are masked, not removed, so every offset into the scanned text is an offset into
the file: a ``%`` (not ``\\%``) hides the rest of its line, its line end and the next
line's indentation, as TeX reads it, and ``\\iffalse ... \\fi`` hides what it encloses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from factlint.sources.linestarts import LineStarts
from factlint.sources.packaged import packaged_file

MASK = "\x00"  # stands for a hidden character: never shown, never a space

# A comment and what TeX drops with it: its line end and the next line's indentation,
# unless that line is blank (a blank line is still a paragraph break after a comment).
_COMMENT = re.compile(r"\\iffalse\b.*?\\fi\b|\\.|%[^\n]*(?:\n(?![ \t]*(?:\n|\Z))[ \t]*)?", re.DOTALL)
_BRACES = re.compile(r"\\.|[{}]", re.DOTALL)
_BRACKETS = re.compile(r"\\.|[{}\[\]]", re.DOTALL)
_SPACE = re.compile(r"[ \t\x00]*(?:\n[ \t\x00]*)?")
_CONTROL = re.compile(r"\\(?:[A-Za-z@]+\*?|.)", re.DOTALL)


@dataclass(frozen=True)
class Span:
    """Offsets ``start:end`` of a stretch of the scanned text."""

    start: int
    end: int


@dataclass(frozen=True)
class Argument:
    """An argument's inside and the offset just after it."""

    inside: Span
    after: int


@dataclass(frozen=True)
class Knowledge:
    """What ``latex.yaml`` says about commands, environments and units."""

    headings: dict[str, int]
    hidden: dict[str, int]
    symbols: dict[str, str]
    spaces: frozenset[str]
    silent: frozenset[str]
    table_rules: dict[str, int]
    longtable_ends: dict[str, str]
    lists: frozenset[str]
    note_lists: frozenset[str]
    definition_lists: frozenset[str]
    tables: dict[str, int]
    skipped: frozenset[str]
    math: frozenset[str]
    notes: frozenset[str]
    captions: frozenset[str]
    definitions: frozenset[str]
    unit_prefixes: dict[str, str]
    units: dict[str, str]
    unit_abbreviations: dict[str, str]


@cache
def knowledge() -> Knowledge:
    """Return the LaTeX knowledge shipped in ``latex.yaml``."""
    known = packaged_file("factlint.sources", "latex.yaml")
    environments = known.section("environments")
    return Knowledge(
        headings=known.number_map("headings"),
        hidden=known.number_map("hidden"),
        symbols=known.word_map("symbols"),
        spaces=frozenset(known.words("spaces")),
        silent=frozenset(known.words("silent")),
        table_rules=known.number_map("table_rules"),
        longtable_ends=known.word_map("longtable_ends"),
        lists=frozenset(environments.words("list")),
        note_lists=frozenset(environments.words("notes")),
        definition_lists=frozenset(environments.words("definitions")),
        tables=environments.number_map("table"),
        skipped=frozenset(environments.words("skipped")),
        math=frozenset(environments.words("math")),
        notes=frozenset(known.words("notes")),
        captions=frozenset(known.words("captions")),
        definitions=frozenset(known.words("definitions")),
        unit_prefixes=known.word_map("unit_prefixes"),
        units=known.word_map("units"),
        unit_abbreviations=known.word_map("unit_abbreviations"),
    )


def mask_comments(text: str) -> str:
    """Return ``text`` with every comment character replaced by :data:`MASK` (same length)."""
    if "%" not in text and "\\iffalse" not in text:
        return text
    pieces = []
    last = 0
    for match in _COMMENT.finditer(text):
        if match.group(0).startswith("\\") and not match.group(0).startswith("\\iffalse"):
            continue
        pieces.append(text[last : match.start()])
        pieces.append(MASK * (match.end() - match.start()))
        last = match.end()
    pieces.append(text[last:])
    return "".join(pieces)


class LatexSource:
    """The scanned text of a LaTeX file's body, with its comments masked."""

    def __init__(self, text: str, first_line: int = 1) -> None:
        self.text = mask_comments(text)
        self.first_line = first_line
        self._lines = LineStarts.of(text, first_line)

    def position(self, offset: int) -> tuple[int, int]:
        """Return the 1-based file (line, column) of ``text[offset]``."""
        return self._lines.position(offset)

    def skip_space(self, offset: int) -> int:
        """Return the offset after the spaces (at most one line end) that TeX skips before an argument."""
        match = _SPACE.match(self.text, offset)
        return match.end() if match else offset

    def control(self, offset: int) -> str | None:
        """Return the control sequence at ``offset`` ("\\\\section*", "\\\\%"), or None."""
        match = _CONTROL.match(self.text, offset)
        return match.group(0) if match else None

    def group(self, offset: int) -> Argument | None:
        """Return the ``{...}`` group opening at ``offset`` (after spaces), or None."""
        start = self.skip_space(offset)
        if not self.text.startswith("{", start):
            return None
        close = self._closing(start + 1, _BRACES, "{", "}")
        return Argument(Span(start + 1, close), min(close + 1, len(self.text)))

    def optional(self, offset: int, opening: str = "[") -> Argument | None:
        """Return the ``[...]`` argument (or ``(...)`` with ``opening="("``) at ``offset``, or None."""
        start = self.skip_space(offset)
        if not self.text.startswith(opening, start):
            return None
        if opening == "(":
            close = self.text.find(")", start)
            close = len(self.text) if close < 0 else close
        else:
            close = self._closing(start + 1, _BRACKETS, "[", "]")
        return Argument(Span(start + 1, close), min(close + 1, len(self.text)))

    def after_line_break(self, offset: int) -> int:
        """Return the offset after a line break's (``\\\\``, a table row's end) star and ``[..]`` space."""
        if self.text.startswith("*", offset):
            offset += 1
        optional = self.optional(offset)
        return optional.after if optional is not None else offset

    def argument(self, offset: int) -> Argument | None:
        """Return a mandatory argument: a group, else one control sequence or character."""
        found = self.group(offset)
        if found is not None:
            return found
        start = self.skip_space(offset)
        if start >= len(self.text) or self.text[start] in "}\n":
            return None
        control = self.control(start)
        end = start + (len(control) if control else 1)
        return Argument(Span(start, end), end)

    def options_and_arguments(self, offset: int, count: int) -> tuple[list[Span], int]:
        """Return ``count`` mandatory arguments, skipping ``[..]`` ones before and between them.

        An optional argument after the last one is left to the caller (siunitx's
        ``\\SI{3}[\\$]{}``), except for a command of none (``\\printbibliography[..]``).
        """
        found: list[Span] = []
        while True:
            if count and len(found) == count:
                return found, offset
            optional = self.optional(offset)
            if optional is not None:
                offset = optional.after
                continue
            if len(found) == count:
                return found, offset
            argument = self.argument(offset)
            if argument is None:
                return found, offset
            found.append(argument.inside)
            offset = argument.after

    def environment_end(self, name: str, offset: int) -> tuple[int, int]:
        """Return (start of ``\\end{name}``, offset after it) for ``name`` opened before ``offset``."""
        pattern = re.compile(r"\\(begin|end)[ \t]*\{" + re.escape(name) + r"\}")
        depth = 1
        for match in pattern.finditer(self.text, offset):
            depth += 1 if match.group(1) == "begin" else -1
            if depth == 0:
                return match.start(), match.end()
        return len(self.text), len(self.text)

    def _closing(self, offset: int, pattern: re.Pattern[str], opening: str, closing: str) -> int:
        """Return the offset of the ``closing`` character matching an ``opening`` just before ``offset``.

        Braces nest inside brackets: "[a={x]}]" closes at its last "]".
        """
        braces = brackets = 0
        for match in pattern.finditer(self.text, offset):
            char = match.group(0)
            if char == "{":
                braces += 1
            elif char == "}":
                if braces == 0:  # "}" closes a group; in brackets, one left open unbalanced
                    return match.start()
                braces -= 1
            elif braces == 0 and char == opening:
                brackets += 1
            elif braces == 0 and char == closing:
                if brackets == 0:
                    return match.start()
                brackets -= 1
        return len(self.text)
