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
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from factlint.sources.html import POWER_BASE, SUPERSCRIPTS
from factlint.sources.htmltext import AnchoredText, TextGatherer
from factlint.sources.htmltree import TextRun
from factlint.sources.packaged import PackagedFile, packaged_file
from factlint.sources.placedtext import PlacedText, add_plain
from factlint.sources.rstlines import SourceLine

# An emphasis marker opens after the start, whitespace or one of _PRE, before a non-space; it
# closes after a non-space, before the end, whitespace or one of _POST. Its contents hold no
# blank line and at most MAX_EMPHASIS characters besides their first and last.
_MARKERS = re.compile(r"[*/_=~+]")
_PRE = "-({'\""
_POST = "-.,;:!?')}\"\\["
_BLANK_LINE = re.compile(r"\n(?=[ \t]*\n)")
MAX_EMPHASIS = 300
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
    r"|(?P<entity>\\(?P<entity_name>[A-Za-z]+)(?:\{\}|(?![A-Za-z])))",
)
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
MAX_NESTING = 8


def org_knowledge() -> PackagedFile:
    """Return what ``org.yaml`` says about Org-mode keywords, blocks and entities."""
    return packaged_file("factlint.sources", "org.yaml")


@cache
def _entities() -> dict[str, str]:
    return org_knowledge().word_map("entities")


@dataclass(frozen=True)
class _Emphasis:
    """Where one emphasis span is in a paragraph's text: its marker and its contents."""

    mark: str
    body_start: int
    body_end: int

    def start(self) -> int:
        return self.body_start - 1

    def end(self) -> int:
        return self.body_end + 1


@dataclass(frozen=True)
class _Markers:
    """Where emphasis markers can open and close in a paragraph's text, and where its blank
    lines are: an opener's closer is found without a scan, so any text reads in linear time."""

    openers: list[int]
    closers: dict[str, list[int]]
    blanks: list[int]

    @classmethod
    def of(cls, text: str) -> _Markers:
        """Return the markers of ``text``."""
        openers: list[int] = []
        closers: dict[str, list[int]] = {}
        for found in _MARKERS.finditer(text):
            at = found.start()
            if (at == 0 or text[at - 1].isspace() or text[at - 1] in _PRE) and text[at + 1 : at + 2].strip():
                openers.append(at)
            after = text[at + 1 : at + 2]
            if at and not text[at - 1].isspace() and (not after.strip() or after in _POST):
                closers.setdefault(found.group(0), []).append(at)
        return cls(openers, closers, [found.start() for found in _BLANK_LINE.finditer(text)])


@dataclass(frozen=True)
class _Inline(PlacedText):
    """One paragraph's joined text, where each character is in the file, and its emphasis markers."""

    markers: _Markers


def add_org_inline(
    gatherer: TextGatherer, lines: Sequence[SourceLine], bold: list[tuple[int, int]] | None = None
) -> None:
    """Add the printed text of ``lines`` (one paragraph, cell or title) to ``gatherer``; note the
    gatherer offsets of bold text in ``bold``."""
    starts, offset = [], 0
    for line in lines:
        starts.append(offset)
        offset += len(line.text) + 1
    text = "\n".join(line.text for line in lines)
    inline = _Inline(text, starts, lines, _Markers.of(text))
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
    for found in _found(inline, start, end):
        add_plain(gatherer, inline, position, found.start())
        position = found.end()
        if isinstance(found, _Emphasis):
            _emphasis(gatherer, inline, found, bold, depth)
        else:
            _markup(gatherer, inline, found, bold, depth)
    add_plain(gatherer, inline, position, end)


def _found(inline: _Inline, start: int, end: int) -> Iterator[re.Match[str] | _Emphasis]:
    """Yield the markup of ``inline.text[start:end]`` in turn: at one place, any other markup
    before an emphasis span."""
    # Once a search finds nothing up to ``end``, no later one can: searching again after each
    # emphasis span would read the rest of the text once per span.
    position, match, exhausted = start, None, False
    while position < end:
        if not exhausted and (match is None or match.start() < position):
            match = _INLINE.search(inline.text, position, end)
            exhausted = match is None
        limit = match.start() if match is not None else end
        found = _first_emphasis(inline, position, limit, end) or match
        if found is None:
            return
        yield found
        position = found.end()


def _first_emphasis(inline: _Inline, start: int, limit: int, end: int) -> _Emphasis | None:
    """Return the first emphasis span that opens in ``[start, limit)`` and closes before ``end``."""
    openers = inline.markers.openers
    for index in range(bisect.bisect_left(openers, start), len(openers)):
        opener = openers[index]
        if opener >= limit:
            return None
        closer = _closer(inline, opener, end)
        if closer is not None:
            return _Emphasis(inline.text[opener], opener + 1, closer)
    return None


def _closer(inline: _Inline, opener: int, end: int) -> int | None:
    """Return where the emphasis opened at ``opener`` closes before ``end``: its first closer,
    if no blank line and no more than MAX_EMPHASIS characters come between; else None."""
    text, mark = inline.text, inline.text[opener]
    if opener + 1 >= end:
        return None
    closers = inline.markers.closers.get(mark, [])
    index = bisect.bisect_left(closers, opener + 2)
    closer = closers[index] if index < len(closers) and closers[index] < end - 1 else None
    if closer is None and end - 1 >= opener + 2 and text[end - 1] == mark and not text[end - 2].isspace():
        closer = end - 1  # the end of the text closes it, as the end of the line does
    if closer is None or closer - opener - 1 > MAX_EMPHASIS + 2:
        return None
    blanks = inline.markers.blanks
    blank = bisect.bisect_right(blanks, opener)
    if blank < len(blanks) and blanks[blank] < closer:
        return None
    return closer


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
        add_plain(gatherer, inline, match.start("radio_text"), match.end("radio_text"))
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
            add_plain(gatherer, inline, match.start(), match.end())
        elif printed.isspace():
            gatherer.add(TextRun(" ", line, column))
        else:
            gatherer.add(TextRun(printed, line, column))
    # a footnote reference, a statistics cookie, a dedicated target or an export snippet prints nothing


def _emphasis(
    gatherer: TextGatherer,
    inline: _Inline,
    span: _Emphasis,
    bold: list[tuple[int, int]] | None,
    depth: int,
) -> None:
    mark, body_start, body_end = span.mark, span.body_start, span.body_end
    if mark == "+":
        gatherer.boundary()  # struck-through text is withdrawn: it prints nothing
    elif mark in "=~" or depth >= MAX_NESTING:
        add_plain(gatherer, inline, body_start, body_end)
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
    add_plain(gatherer, inline, begin, match.end("target"))


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
