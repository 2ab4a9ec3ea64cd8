"""Read reStructuredText inline markup into text runs placed in the file: roles, emphasis,
literals, references, substitutions, footnote marks and escapes.

Recognition follows docutils' inline markup rules: a start-string follows the start of the
text, whitespace or opening punctuation and is followed by a non-space; an end-string follows
a non-space and is followed by the end, whitespace or closing punctuation. Markup characters
print nothing; substituted text is placed where its ``|name|`` is written.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from factlint.sources.html import FOOTNOTE_MARK, POWER_BASE, SUPERSCRIPTS
from factlint.sources.htmltext import AnchoredText, TextGatherer
from factlint.sources.htmltree import TextRun
from factlint.sources.packaged import packaged_file
from factlint.sources.placedtext import PlacedText, add_plain
from factlint.sources.rstlines import SourceLine

_START = r"(?<![^\s\-:/'\"<(\[{])"  # start of text, whitespace or opening punctuation before
_END = r"(?=$|[\s\-.,:;!?\\/'\")\]}>])"  # end of text, whitespace or closing punctuation after
_INLINE = re.compile(
    r"(?P<escape>\\(?P<escaped>.))"
    rf"|{_START}``(?P<literal>\S(?:.*?\S)??)``{_END}"
    rf"|{_START}:(?P<role>[A-Za-z0-9][\w.+:-]*?):`(?P<role_text>(?:[^`\\]|\\.)+?)`{_END}"
    rf"|{_START}`(?P<interpreted>(?:[^`\\]|\\.)+?)`(?::(?P<suffix_role>[A-Za-z0-9][\w.+:-]*?):|(?P<link>__?))?{_END}"
    rf"|{_START}_`(?P<target>[^`]+)`{_END}"
    rf"|{_START}\*\*(?P<strong>\S(?:.*?\S)??)\*\*{_END}"
    rf"|{_START}\*(?P<emphasis>[^\s*](?:.*?[^\s\\])??)\*{_END}"
    rf"|{_START}\|(?P<substitution>\S(?:[^|]*?\S)??)\|(?:__?)?{_END}"
    r"|[ \t]?\[(?P<note>\d+|\#[\w.-]*|[*\x00]|[A-Za-z][\w.-]*)\]_(?![\w`])"
    r"|(?<![\w`\x00])(?P<reference>\w+(?:[-.+:]\w+)*)__?(?=$|[\s\-.,:;!?\\/'\")\]}>])",
    re.DOTALL,
)
# Openers that scan to the end of the paragraph when nothing closes them: each is neutralised
# (one character masked) past the last place that could close it, so reading stays linear.
# (closer, opener, offset of the character masked)
_MASK = "\x00"
_UNCLOSED = (
    (re.compile(rf"(?<=\S)``{_END}"), re.compile(rf"{_START}``(?=\S)"), 1),
    (re.compile(rf"(?<=\S)\*\*{_END}"), re.compile(rf"{_START}\*\*(?=\S)"), 0),
    (re.compile(rf"(?:(?<=[^\s\\])|(?<=\*\\))\*{_END}"), re.compile(rf"{_START}\*(?=[^\s*])"), 0),
)
_TITLE_TARGET = re.compile(r"(.*?\S)\s*<[^<>]+>\s*$", re.DOTALL)
_ABBREVIATION = re.compile(r"(.*?\S)\s*\(.*\)\s*$", re.DOTALL)
MAX_SUBSTITUTION_DEPTH = 8


@dataclass(frozen=True)
class RoleKnowledge:
    """What ``rst.yaml`` says about roles."""

    superscripts: frozenset[str]
    references: frozenset[str]
    abbreviations: frozenset[str]


@cache
def rst_words(key: str) -> frozenset[str]:
    """Return the list ``key`` of ``rst.yaml`` as a set."""
    return frozenset(packaged_file("factlint.sources", "rst.yaml").words(key))


@cache
def _roles() -> RoleKnowledge:
    return RoleKnowledge(
        rst_words("superscript_roles"),
        rst_words("reference_roles"),
        rst_words("abbreviation_roles"),
    )


@dataclass
class Substitutions:
    """The ``.. |name| replace::`` (and ``unicode::``) definitions of a document, read on demand."""

    definitions: dict[str, list[SourceLine]] = field(default_factory=dict)  # normalised name -> text
    read: dict[str, str | None] = field(default_factory=dict)  # complete expansions; None if circular
    reading: list[str] = field(default_factory=list)  # names being expanded, outermost first
    too_deep: dict[tuple[str, int], None] = field(default_factory=dict)  # this expansion only
    circular: bool = False  # the expansion under way met a name being expanded
    deep: bool = False  # the expansion under way met the depth limit

    def text(self, name: str) -> str | None:
        """Return what ``|name|`` prints, or None if the document does not define it or its
        expansion is circular or deeper than ``MAX_SUBSTITUTION_DEPTH`` (printed as written).

        Only complete expansions are kept for later uses: one cut by the depth limit depends on
        where it was met, so the result never depends on which name a document uses first."""
        key = normalised(name)
        if key in self.read:
            self.circular = self.circular or self.read[key] is None
            return self.read[key]
        if key not in self.definitions:
            return None
        if key in self.reading:
            self.circular = True
            return None
        if len(self.reading) >= MAX_SUBSTITUTION_DEPTH or (key, len(self.reading)) in self.too_deep:
            self.deep = True
            return None
        return self._expand(key)

    def _expand(self, key: str) -> str | None:
        outer = (self.circular, self.deep)
        self.circular = self.deep = False
        self.reading.append(key)
        gatherer = TextGatherer(one_line=True)
        add_inline(gatherer, self.definitions[key], self)
        self.reading.pop()
        gathered = gatherer.text()
        result = None if self.circular or self.deep else (gathered.text if gathered else "")
        if self.circular:
            self.read[key] = None
        elif self.deep:
            self.too_deep[(key, len(self.reading))] = None
        else:
            self.read[key] = result
        self.circular, self.deep = outer[0] or self.circular, outer[1] or self.deep
        if not self.reading:
            self.too_deep.clear()
            self.circular = self.deep = False
        return result


def normalised(name: str) -> str:
    """Return a reference name as docutils compares them: whitespace collapsed, case folded."""
    return " ".join(name.split()).casefold()


_Inline = PlacedText


def add_inline(
    gatherer: TextGatherer,
    lines: Sequence[SourceLine],
    substitutions: Substitutions,
    bold: list[tuple[int, int]] | None = None,
) -> None:
    """Add the printed text of ``lines`` (one paragraph, cell or title) to ``gatherer``; note the
    gatherer offsets of strong text in ``bold``."""
    starts, offset = [], 0
    for line in lines:
        starts.append(offset)
        offset += len(line.text) + 1
    inline = _Inline("\n".join(line.text for line in lines), starts, lines)
    position = 0
    for match in _INLINE.finditer(_masked(inline.text)):
        add_plain(gatherer, inline, position, match.start())
        position = match.end()
        _markup(gatherer, inline, match, substitutions, bold)
    add_plain(gatherer, inline, position, len(inline.text))


def _masked(text: str) -> str:
    """Return ``text`` with the openers of literals, strong and emphasis that nothing after them
    closes masked: matching them would search to the end of the paragraph from each."""
    if "`" not in text and "*" not in text:
        return text
    chars = list(text)
    for closer, opener, offset in _UNCLOSED:
        last = -1
        for found in closer.finditer(text):
            last = found.start()
        for found in opener.finditer(text, last + 1):
            chars[found.start() + offset] = _MASK
    return "".join(chars)


def inline_text(
    lines: Sequence[SourceLine], substitutions: Substitutions, *, one_line: bool = True
) -> AnchoredText | None:
    """Return the printed text of ``lines`` with its anchors, or None if nothing prints."""
    gatherer = TextGatherer(one_line=one_line)
    add_inline(gatherer, lines, substitutions)
    return gatherer.text()


def _markup(
    gatherer: TextGatherer,
    inline: _Inline,
    match: re.Match[str],
    substitutions: Substitutions,
    bold: list[tuple[int, int]] | None,
) -> None:
    kind = match.lastgroup
    if kind == "escape":
        escaped = inline.text[match.start("escaped") : match.end("escaped")]
        if not escaped.isspace():  # "\ " joins without a space
            line, column = inline.position(match.start("escaped"))
            gatherer.add(TextRun(escaped, line, column))
    elif kind == "literal" or kind == "emphasis" or kind == "target":
        add_plain(gatherer, inline, match.start(kind), match.end(kind))
    elif kind == "strong":
        start = len(gatherer)
        add_plain(gatherer, inline, match.start(kind), match.end(kind))
        if bold is not None:
            bold.append((start, len(gatherer)))
    elif kind == "role_text":
        _role(gatherer, inline, match.group("role"), match.start(kind), match.end(kind))
    elif kind in ("interpreted", "suffix_role", "link"):
        role = match.group("suffix_role") or ("ref" if match.group("link") else "")
        _role(gatherer, inline, role, match.start("interpreted"), match.end("interpreted"))
    elif kind == "substitution":
        printed = substitutions.text(inline.text[match.start(kind) : match.end(kind)])
        line, column = inline.position(match.start())
        if printed is None:
            add_plain(gatherer, inline, match.start(kind), match.end(kind))
        elif printed:
            gatherer.add(TextRun(printed, line, column))
    # a footnote mark ("96 GB [1]_") prints nothing, the space before it neither: never a digit
    elif kind == "reference":
        add_plain(gatherer, inline, match.start(kind), match.end(kind))


def _role(gatherer: TextGatherer, inline: _Inline, role: str, start: int, end: int) -> None:
    """Add the printed text of interpreted text ``text[start:end]`` in ``role``."""
    name = role.rsplit(":", 1)[-1].lower()
    written = inline.text[start:end]
    roles = _roles()
    if name in roles.superscripts and FOOTNOTE_MARK.fullmatch(written.strip()):
        if written.strip().isdigit() and POWER_BASE.search(gatherer.last_token()):
            line, column = inline.position(start)
            gatherer.add(TextRun(written.strip().translate(SUPERSCRIPTS), line, column))
        return  # "64 GB :sup:`[1]`" states 64 GB; the mark prints no digit of it
    shown = written
    if name in roles.references or not name or role.endswith("ref"):
        titled = _TITLE_TARGET.match(written)
        shown = titled.group(1) if titled else written.lstrip("~!")
        if not titled and written.startswith("~"):
            shown = shown.rsplit(".", 1)[-1]
    elif name in roles.abbreviations:
        abbreviation = _ABBREVIATION.match(written)
        shown = abbreviation.group(1) if abbreviation else written
    shown = re.sub(r"\\(.)", r"\1", shown)
    if shown == inline.text[start : start + len(shown)]:
        add_plain(gatherer, inline, start, start + len(shown))
    else:
        line, column = inline.position(start)
        gatherer.add(TextRun(" ".join(shown.split()), line, column))
