"""Read Org-mode inline markup into text runs placed in the file: emphasis, links, targets,
timestamps, footnote references, cookies, entities, sub- and superscripts and line breaks.

Recognition follows the "Org Syntax" document: an emphasis marker (``* / _ = ~ +``) opens after
the start of the line, whitespace or ``-({'"`` and before a non-space; it closes after a
non-space and before the end, whitespace or ``-.,;:!?')}"\\[``. Markers print nothing;
struck-through text (``+old+``) is a withdrawn figure and prints nothing at all, as the HTML
reader drops ``<s>``. A footnote reference, a statistics cookie or a dedicated target prints
nothing, so no digit of it joins a figure; a timestamp prints its date.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

import yaml

from factlint.sources.html import POWER_BASE, SUPERSCRIPTS
from factlint.sources.htmltext import AnchoredText, TextGatherer
from factlint.sources.htmltree import TextRun
from factlint.sources.rstlines import SourceLine

_PRE = r"(?<![^\s\-({'\"])"
_POST = r"(?=$|[\s\-.,;:!?')}\"\\\[])"
# One emphasis span: its contents start and end with a non-space and hold no blank line; they are
# bounded, so that a line of markers nothing closes is read in linear time.
MAX_EMPHASIS = 300
_EMPHASIS = (
    rf"(?P<mark>[*/_=~+])(?P<body>[^\s](?:(?:[^\n]|\n(?![ \t]*\n)){{0,{MAX_EMPHASIS}}}?[^\s])??)(?P=mark)"
)
# A timestamp is short: its day name, time and repeater are bounded, so that a line of
# timestamps nothing closes is read in linear time.
MAX_STAMP = 40
TIMESTAMP = (
    rf"[<\[]\d{{4}}-\d{{2}}-\d{{2}}(?:[ \t]+[^\]>\n\d][^\]>\n]{{0,{MAX_STAMP}}}?)?"
    rf"(?:[ \t]+\d{{1,2}}:\d{{2}}[^\]>\n]{{0,{MAX_STAMP}}})?[>\]]"
    rf"(?:--[<\[][^\]>\n]{{0,{2 * MAX_STAMP}}}[>\]])?"
)
# An inline footnote definition's text: no blank line, links but no other brackets, so that a
# run of unclosed definitions is read in linear time.
_FOOTNOTE_TEXT = r"(?:[^\[\]\n]|\n(?![ \t]*\n)|\[\[[^\[\]\n]*\](?:\[[^\[\]\n]*\])?\])*"
_INLINE = re.compile(
    r"(?P<link>\[\[(?P<target>(?:[^\[\]\\]|\\.)+)\](?:\[(?P<description>[^\[\]]*(?:\[[^\[\]]*\][^\[\]]*)*)\])?\])"
    r"|(?P<radio><<<(?P<radio_text>[^<>\n]+)>>>)"
    r"|(?P<anchor><<[^<>\n]+>>)"
    r"|(?P<snippet>@@[\w-]+:[^@\n]*@@)"
    rf"|(?P<footnote>[ \t]?\[fn:[\w-]*(?::{_FOOTNOTE_TEXT})?\])"
    r"|(?P<cookie>[ \t]?\[(?:\d*%|\d*/\d*)\])"
    rf"|(?P<timestamp>{TIMESTAMP})"
    r"|(?P<break>\\\\[ \t]*(?=\n|$))"
    r"|(?P<script>(?<=\S)(?P<sign>[_^])\{(?P<script_text>[^{}\n]*)\})"
    r"|(?P<entity>\\(?P<entity_name>[A-Za-z]+)(?:\{\}|(?![A-Za-z])))"
    rf"|{_PRE}{_EMPHASIS}{_POST}",
)
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
MAX_NESTING = 8


@cache
def org_knowledge() -> dict[str, object]:
    """Return what ``org.yaml`` says about Org-mode keywords, blocks and entities."""
    source = resources.files("factlint.sources").joinpath("org.yaml").read_text(encoding="utf-8")
    loaded: dict[str, object] = yaml.safe_load(source)
    return loaded


def _entities() -> dict[str, str]:
    entities = org_knowledge()["entities"]
    assert isinstance(entities, dict)
    return entities


@dataclass(frozen=True)
class _Inline:
    """One paragraph's joined text and where each of its characters is in the file."""

    text: str
    starts: list[int]  # offset in ``text`` where each line starts
    lines: Sequence[SourceLine]

    def position(self, offset: int) -> tuple[int, int]:
        index = bisect.bisect_right(self.starts, offset) - 1
        line = self.lines[index]
        return line.number, line.column + offset - self.starts[index]


def add_org_inline(
    gatherer: TextGatherer, lines: Sequence[SourceLine], bold: list[tuple[int, int]] | None = None
) -> None:
    """Add the printed text of ``lines`` (one paragraph, cell or title) to ``gatherer``; note the
    gatherer offsets of bold text in ``bold``."""
    starts, offset = [], 0
    for line in lines:
        starts.append(offset)
        offset += len(line.text) + 1
    inline = _Inline("\n".join(line.text for line in lines), starts, lines)
    _add(gatherer, inline, 0, len(inline.text), bold, 0)


def org_inline_text(lines: Sequence[SourceLine], *, one_line: bool = True) -> AnchoredText | None:
    """Return the printed text of ``lines`` with its anchors, or None if nothing prints."""
    gatherer = TextGatherer(one_line=one_line)
    add_org_inline(gatherer, lines)
    return gatherer.text()


def _add(
    gatherer: TextGatherer,
    inline: _Inline,
    start: int,
    end: int,
    bold: list[tuple[int, int]] | None,
    depth: int,
) -> None:
    position = start
    for match in _INLINE.finditer(inline.text, start, end):
        if match.start() < position:
            continue
        _plain(gatherer, inline, position, match.start())
        position = match.end()
        _markup(gatherer, inline, match, bold, depth)
    _plain(gatherer, inline, position, end)


def _markup(
    gatherer: TextGatherer,
    inline: _Inline,
    match: re.Match[str],
    bold: list[tuple[int, int]] | None,
    depth: int,
) -> None:
    kind = match.lastgroup
    if kind == "link":
        shown = "description" if match.group("description") is not None else "target"
        if shown == "target":
            _link_target(gatherer, inline, match)
        else:
            _add(gatherer, inline, match.start(shown), match.end(shown), None, depth + 1)
    elif kind == "radio":
        _plain(gatherer, inline, match.start("radio_text"), match.end("radio_text"))
    elif kind == "timestamp":
        date = _DATE.search(match.group(0))
        if date is not None:
            line, column = inline.position(match.start() + date.start())
            gatherer.add(TextRun(date.group(0), line, column))
    elif kind == "break":
        gatherer.line_break()
    elif kind == "script":
        _script(gatherer, inline, match)
    elif kind == "entity":
        printed = _entities().get(match.group("entity_name"))
        line, column = inline.position(match.start())
        if printed is None:
            _plain(gatherer, inline, match.start(), match.end())
        elif printed.isspace():
            gatherer.add(TextRun(" ", line, column))
        else:
            gatherer.add(TextRun(printed, line, column))
    elif match.group("mark") is not None:
        _emphasis(gatherer, inline, match, bold, depth)
    # a footnote reference, a statistics cookie, a dedicated target or an export snippet prints nothing


def _emphasis(
    gatherer: TextGatherer,
    inline: _Inline,
    match: re.Match[str],
    bold: list[tuple[int, int]] | None,
    depth: int,
) -> None:
    mark = match.group("mark")
    body_start, body_end = match.start("body"), match.end("body")
    if mark == "+":
        gatherer.boundary()  # struck-through text is withdrawn: it prints nothing
    elif mark in "=~" or depth >= MAX_NESTING:
        _plain(gatherer, inline, body_start, body_end)
    else:
        start = len(gatherer)
        _add(gatherer, inline, body_start, body_end, None, depth + 1)
        if mark == "*" and bold is not None:
            bold.append((start, len(gatherer)))


def _link_target(gatherer: TextGatherer, inline: _Inline, match: re.Match[str]) -> None:
    """Add a link without a description: its target, less a ``file:``-like type or ``*``/``#``."""
    target = match.group("target")
    skip = len(target) - len(target.lstrip("*#"))
    kind = re.match(r"[a-z][a-z0-9+-]*:(?://)?", target[skip:])
    if kind is not None and kind.group(0).endswith(":") and not kind.group(0).endswith("://"):
        skip += kind.end()
    begin = match.start("target") + skip
    _plain(gatherer, inline, begin, match.end("target"))


def _script(gatherer: TextGatherer, inline: _Inline, match: re.Match[str]) -> None:
    """Add a sub- or superscript: a superscript of digits after a power base (``10^{9}``) as
    superscript digits, anything else as its text."""
    written = match.group("script_text").strip()
    if not written:
        return
    line, column = inline.position(match.start("script_text"))
    if match.group("sign") == "^" and written.isdigit() and POWER_BASE.search(gatherer.last_token()):
        gatherer.add(TextRun(written.translate(SUPERSCRIPTS), line, column))
    else:
        gatherer.add(TextRun(written, line, column))


def _plain(gatherer: TextGatherer, inline: _Inline, start: int, end: int) -> None:
    """Add ``text[start:end]`` as written, one run per line."""
    while start < end:
        line_end = inline.text.find("\n", start, end)
        stop = end if line_end < 0 else line_end
        if stop > start:
            line, column = inline.position(start)
            gatherer.add(TextRun(inline.text[start:stop], line, column))
        if line_end < 0:
            break
        line, column = inline.position(line_end)
        gatherer.add(TextRun("\n", line, column))
        start = line_end + 1
