"""Parse a Markdown document section by section, so one construct outside the fast subset costs one section.

After a blank line, a line starting in column 0 with an ASCII letter, "#", "|", "**" or
"__" (never a list marker) begins a new top-level block whatever came before: paragraphs,
tables, quotes and HTML blocks of kinds 6-7 end at the blank line, and lists and indented
code end at an unindented line that is not a list marker. Only a top-level fenced code
block, or an HTML block of kinds 1-5
(``<script>``, ``<!-- ...``), can run across such a line. So the document is cut there into
sections; each is scanned by ``fastscan`` or, if it leaves the subset, parsed alone by
markdown-it-py, and its line maps are shifted to the file. A section that ends with a fence
or HTML block possibly still open is parsed together with the rest of the document instead.
A hypothesis test checks the result equals markdown-it-py on the whole document.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from factlint.sources.fastscan import ScanToken, scan

_SECTION_START = re.compile(r"^ *\n(?=[A-Za-z#|]|\*\*|__)", re.MULTILINE)
# Sections are first scanned in groups of about this many lines (fewer calls); a group that
# leaves the subset is retried section by section.
GROUP_LINES = 10

Parse = Callable[[str], Sequence[Any]]


def pieced_tokens(lines: Sequence[str], first: int, body: str, parse: Parse) -> list[Any] | None:
    """Return block tokens for ``lines[first:]`` built section by section, or None if there is one section.

    ``body`` is ``lines[first:]`` joined; ``parse`` is markdown-it-py's ``parse`` for the
    sections the fast scanner declines.
    """
    bounds = [first, *_section_starts(body, first), len(lines)]
    if len(bounds) < 3:
        return None
    tokens: list[Any] = []
    group = 0
    last = len(bounds) - 1
    while group < last:
        group_end = group + 1
        while group_end < last and bounds[group_end] - bounds[group] < GROUP_LINES:
            group_end += 1
        found = _fast_section(lines, bounds[group], bounds[group_end])
        if found is not None:
            tokens += found
            group = group_end
            continue
        for section in range(group, group_end):
            start, end = bounds[section], bounds[section + 1]
            found = _fast_section(lines, start, end) if group_end - group > 1 else None
            if found is None:
                found = _slow_section(lines, start, end, parse)
            if found is None:  # a fence or HTML block may run on: parse all the rest together
                tokens += _slow_section(lines, start, len(lines), parse) or []
                return tokens
            tokens += found
        group = group_end
    return tokens


def _section_starts(body: str, first: int) -> list[int]:
    """Return the line indices (in the file) of lines that begin a section."""
    starts = []
    line = first
    counted = 0
    for match in _SECTION_START.finditer(body):
        line += body.count("\n", counted, match.end())
        counted = match.end()
        starts.append(line)
    return starts


def _fast_section(lines: Sequence[str], start: int, end: int) -> list[ScanToken] | None:
    section = lines[start:end]
    tokens = scan(section, 0, "\n".join(section))
    if tokens is None or (end < len(lines) and not _ends_closed(tokens, section)):
        return None
    return _shifted(tokens, start)


def _slow_section(lines: Sequence[str], start: int, end: int, parse: Parse) -> list[Any] | None:
    section = lines[start:end]
    if end == len(lines):
        return _shifted(parse("\n".join(section)), start)
    # The final "\n" keeps the section's last (blank) line a line, as in the whole file,
    # so lists end on the same line (their maps run over trailing blank lines).
    tokens = parse("\n".join(section) + "\n")
    if not _ends_closed(tokens, section):
        return None
    return _shifted(tokens, start)


def _ends_closed(tokens: Sequence[Any], section: Sequence[str]) -> bool:
    """Return True unless a fence or HTML block of ``section`` might still be open at its end."""
    for token in tokens:
        if token.type == "fence":
            start, end = token.map
            if end - 1 <= start or not _closes_fence(section[end - 1], token.markup):
                return False
        elif token.type == "html_block" and token.map[1] >= len(section) - 1:
            return False  # kinds 1-5 run until their end marker: do not guess
    return True


def _closes_fence(line: str, opening: str) -> bool:
    """Return True if ``line`` certainly closes a top-level fence opened by ``opening``.

    Stricter than CommonMark (spaces only), so a True here is a close for markdown-it too.
    """
    stripped = line.lstrip(" ")
    if len(line) - len(stripped) > 3:
        return False
    run = stripped.rstrip(" ")
    return len(run) >= len(opening) and not run.strip(opening[0])


def _shifted(tokens: Sequence[Any], offset: int) -> list[Any]:
    """Return ``tokens`` with their line maps moved down by ``offset`` lines."""
    if offset:
        for token in tokens:
            if token.map:
                token.map = [token.map[0] + offset, token.map[1] + offset]
    return list(tokens)
