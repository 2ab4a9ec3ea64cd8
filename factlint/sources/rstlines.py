"""The lines of a reStructuredText document as its block parser sees them: indentation, indented
blocks and list item bodies, each line keeping its place in the file."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class SourceLine:
    """The text of one file line from ``column`` on (1-based line and column); "" when blank."""

    number: int
    column: int
    text: str

    def after(self, count: int) -> SourceLine:
        """Return this line without its first ``count`` characters."""
        return SourceLine(self.number, self.column + count, self.text[count:])


def file_lines(lines: Sequence[str], body_line: int) -> list[SourceLine]:
    """Return the lines of a file from ``body_line`` on, tabs expanded (to 8, as docutils does)
    only where they indent, trailing whitespace dropped."""
    found = []
    for number, text in enumerate(lines[body_line - 1 :], start=body_line):
        if "\t" in text:
            stripped = text.lstrip(" \t")
            text = text[: len(text) - len(stripped)].expandtabs(8) + stripped
        found.append(SourceLine(number, 1, text.rstrip()))
    return found


def indent_of(line: SourceLine) -> int:
    """Return how many spaces open ``line`` (0 for a blank line)."""
    return len(line.text) - len(line.text.lstrip(" "))


def blank(line: SourceLine) -> bool:
    """Return True if ``line`` holds nothing but whitespace."""
    return not line.text.strip()


def dedent(lines: Sequence[SourceLine]) -> list[SourceLine]:
    """Return ``lines`` without the indentation their non-blank lines share."""
    shared = min((indent_of(line) for line in lines if not blank(line)), default=0)
    return [line.after(min(shared, len(line.text))) for line in lines]


def trim_blank(lines: Sequence[SourceLine]) -> list[SourceLine]:
    """Return ``lines`` without the blank lines at their start and end."""
    start, end = 0, len(lines)
    while start < end and blank(lines[start]):
        start += 1
    while end > start and blank(lines[end - 1]):
        end -= 1
    return list(lines[start:end])


def indented_end(lines: Sequence[SourceLine], start: int, minimum: int = 1) -> int:
    """Return the index after the block of lines from ``start`` on that are blank or indented by
    at least ``minimum`` spaces (trailing blank lines left out)."""
    end = index = start
    while index < len(lines) and (blank(lines[index]) or indent_of(lines[index]) >= minimum):
        index += 1
        if not blank(lines[index - 1]):
            end = index
    return end


def item_body(lines: Sequence[SourceLine], start: int, marker: int) -> tuple[list[SourceLine], int]:
    """Return the body of the item whose marker takes the first ``marker`` characters of line
    ``start`` (first line without it, the lines indented under it, dedented) and the index after it."""
    first = lines[start].after(marker)
    first = first.after(indent_of(first))
    following = [line for line in lines[start + 1 : indented_end(lines, start + 1)]]
    end = start + 1 + len(following)
    return [first, *dedent(following)] if first.text else dedent(following), end


def items(lines: Sequence[SourceLine], marker: re.Pattern[str]) -> list[list[SourceLine]]:
    """Return the bodies of the items that ``marker`` opens at the start of unindented lines
    (text before the first item and between items that opens none is left out)."""
    found = []
    index = 0
    while index < len(lines):
        match = marker.match(lines[index].text) if not blank(lines[index]) else None
        if match is None or indent_of(lines[index]):
            index += 1
            continue
        body, index = item_body(lines, index, match.end())
        found.append(body)
    return found
