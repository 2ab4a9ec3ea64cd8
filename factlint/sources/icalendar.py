"""Read an iCalendar (RFC 5545) or vCard (RFC 6350) export: each event or card is a section of its text.

Content lines are unfolded (a line starting with a space or tab continues the one before, and the fold
may fall inside a number or a unit), split into name, parameters and value, and text values are
unescaped (``\\,`` ``\\;`` ``\\\\`` and ``\\n`` line breaks); a vCard 2.1 quoted-printable value is
decoded, its soft line breaks (a line ending in ``=``) joined. Every character keeps its place in the file,
so a figure split by a fold is placed where it starts. Which properties are prose is in
``icalendar.yaml``; all others (UID, DTSTAMP, DTSTART, ATTENDEE ...) are metadata and not read.
"""

from __future__ import annotations

import codecs
import dataclasses
import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from factlint.models import Block, BlockKind
from factlint.sources.blocks import anchored_block
from factlint.sources.html import parse_html
from factlint.sources.htmltext import AnchoredText
from factlint.sources.packaged import packaged_file

CALENDAR_SUFFIXES = (".ics", ".ical", ".icalendar", ".ifb", ".vcf", ".vcard")
# Suffixes of a file told by its content; any other suffix names its own format.
CALENDAR_TEXT_SUFFIXES = (".txt", "")
# An export, whatever its name: its first content line opens a calendar or a card.
_EXPORT_START = re.compile(r"\A\ufeff?\s*BEGIN:(?:VCALENDAR|VCARD)[ \t]*$", re.IGNORECASE | re.MULTILINE)
_NAME = re.compile(r"[A-Za-z0-9-]+")
# A property name, after a vCard group if any: "item1.NOTE" names NOTE.
_PROPERTY = re.compile(r"(?:[A-Za-z0-9-]+\.)?([A-Za-z0-9-]+)")
# A vCard 2.1 line whose value is quoted-printable: its lines may end in "=" (a soft break).
_QP_HEAD = re.compile(r"[^:]*;(?:ENCODING=)?QUOTED-PRINTABLE[;:]", re.IGNORECASE)
_QP_BYTE = re.compile(r"=([0-9A-Fa-f]{2})")
# A list mark opening a line of a description: "- ", "* ", "• ", "1. ", "2) ".
_LIST_MARK = re.compile(r"[ \t]*(?:[-*\u2022]|\d{1,3}[.)])[ \t]+\S")
# RFC 5545 and 6350 fold content lines at 75 octets; a writer counting characters may reach 76. A file
# with a longer line was not folded by width but broken at word gaps (see ``unfold``).
_FOLD_WIDTH = 76

Place = tuple[int, int]  # 1-based (line, column) in the file


@dataclass(frozen=True)
class CalendarKeys:
    """Which components are sections and which properties are prose (from ``icalendar.yaml``)."""

    sections: dict[str, str]  # component -> property of its heading
    text: frozenset[str]
    html: frozenset[str]
    title: frozenset[str]
    organisation: frozenset[str]


@functools.cache
def calendar_keys() -> CalendarKeys:
    """Return the component and property names of ``icalendar.yaml``, upper-cased."""
    known = packaged_file("factlint.sources", "icalendar.yaml")
    return CalendarKeys(
        sections={name.upper(): prop.upper() for name, prop in known.word_map("sections").items()},
        text=frozenset(name.upper() for name in known.words("text_properties")),
        html=frozenset(name.upper() for name in known.words("html_properties")),
        title=frozenset(name.upper() for name in known.words("title_properties")),
        organisation=frozenset(name.upper() for name in known.words("organisation_properties")),
    )


def is_calendar(text: str, suffix: str) -> bool:
    """Return True if the document is an iCalendar or vCard export: by suffix, or for a ``.txt`` file
    (or one without a suffix) by its first line."""
    lowered = suffix.lower()
    if lowered in CALENDAR_SUFFIXES:
        return True
    return lowered in CALENDAR_TEXT_SUFFIXES and _EXPORT_START.match(text[:4096]) is not None


@dataclass(frozen=True)
class PlacedValue:
    """A string and the file place of each of its characters."""

    text: str
    places: tuple[Place, ...]

    def anchored(self, start: int = 0, end: int | None = None) -> AnchoredText:
        """Return ``text[start:end]``, anchored wherever its characters stop being contiguous in the file."""
        stop = len(self.text) if end is None else end
        anchors: list[tuple[int, int, int]] = []
        previous: Place | None = None
        for index in range(start, stop):
            line, column = self.places[index]
            if previous is None or previous != (line, column - 1):
                anchors.append((index - start, line, column))
            previous = (line, column)
        return AnchoredText(self.text[start:stop], tuple(anchors))


@dataclass(frozen=True)
class ContentLine:
    """One unfolded content line: ``NAME;PARAM=value:value``."""

    name: str  # upper-cased
    parameters: tuple[tuple[str, str], ...]  # (upper-cased name, value without quotes)
    value: PlacedValue  # raw, escapes kept

    def parameter(self, name: str) -> str | None:
        """Return the value of parameter ``name`` (upper-case), or None."""
        return next((value for key, value in self.parameters if key == name), None)


def unfold(lines: Sequence[str], first: int = 0) -> list[PlacedValue]:
    """Return the logical lines of ``lines[first:]``: each continuation line (one leading space or tab
    dropped) joined to the line before it, every character placed in the file.

    A writer that folds by width may split a word or a number anywhere, so its fold leaves no trace.
    A file with lines longer than the folding width was broken by hand or by a writer that wraps at word
    gaps instead: there a fold between two words stands for the space it replaced, and its space or tab
    is kept ("32 TFLOPS" / " FP16" is "32 TFLOPS FP16", not "TFLOPSFP16").
    """
    logical: list[tuple[list[str], list[Place]]] = []
    soft = False  # the line before ended a quoted-printable value with "=": this one continues it
    worded = any(len(line.rstrip("\r\n")) > _FOLD_WIDTH for line in lines[first:])
    for index in range(first, len(lines)):
        line = lines[index].rstrip("\r\n")
        skip = 0 if soft or (worded and _word_gap(lines[index - 1], line)) else 1
        if (soft or line[:1] in (" ", "\t")) and logical:
            chars, places = logical[-1]
            chars.append(line[skip:])
            places += [(index + 1, column) for column in range(skip + 1, len(line) + 1)]
        elif line.strip():
            chars, places = [line], [(index + 1, column) for column in range(1, len(line) + 1)]
            logical.append((chars, places))
        else:
            continue
        soft = line.endswith("=") and _QP_HEAD.match(chars[0]) is not None
        if soft:
            chars[-1] = chars[-1][:-1]
            places.pop()
    return [PlacedValue("".join(chars), tuple(places)) for chars, places in logical]


def _word_gap(before: str, line: str) -> bool:
    """Return True when continuation ``line`` starts a word right after the last word of ``before``."""
    before = before.rstrip("\r\n")
    return bool(before) and not before[-1].isspace() and len(line) > 1 and not line[1].isspace()


def parse_content_line(line: PlacedValue) -> ContentLine | None:
    """Return the name, parameters and value of a logical line, or None if it is not a content line."""
    text = line.text
    name = _PROPERTY.match(text)
    if name is None:
        return None
    position = name.end()
    parameters: list[tuple[str, str]] = []
    while position < len(text) and text[position] == ";":
        key = _NAME.match(text, position + 1)
        if key is None:
            return None
        if not text.startswith("=", key.end()):  # a vCard 2.1 bare parameter: ";QUOTED-PRINTABLE"
            parameters.append(_bare_parameter(key.group().upper()))
            position = key.end()
            continue
        position = key.end() + 1
        values: list[str] = []
        while True:
            if text.startswith('"', position):
                close = text.find('"', position + 1)
                if close < 0:
                    return None
                values.append(text[position + 1 : close])
                position = close + 1
            else:
                stop = position
                while stop < len(text) and text[stop] not in ';:,"':
                    stop += 1
                values.append(text[position:stop])
                position = stop
            if not text.startswith(",", position):
                break
            position += 1
        parameters.append((key.group().upper(), ",".join(values)))
    if not text.startswith(":", position):
        return None
    value = PlacedValue(text[position + 1 :], line.places[position + 1 :])
    return ContentLine(name.group(1).upper(), tuple(parameters), value)


def _bare_parameter(name: str) -> tuple[str, str]:
    """Return a vCard 2.1 bare parameter as a named one: an encoding, or a type."""
    if name in ("QUOTED-PRINTABLE", "BASE64", "8BIT", "7BIT"):
        return "ENCODING", name
    return "TYPE", name


def text_value(prop: ContentLine) -> PlacedValue:
    """Return a property's TEXT value: quoted-printable decoded if so encoded, escapes resolved."""
    if (prop.parameter("ENCODING") or "").upper() != "QUOTED-PRINTABLE":
        return unescape_text(prop.value)
    return unescape_text(decode_quoted_printable(prop.value, prop.parameter("CHARSET") or "utf-8"))


def decode_quoted_printable(value: PlacedValue, charset: str) -> PlacedValue:
    """Return a quoted-printable value decoded ("=0D=0A" a line break), each character placed at the
    first byte written for it."""
    try:
        decoder = codecs.getincrementaldecoder(charset)(errors="replace")
    except LookupError:
        decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    chars: list[str] = []
    places: list[Place] = []
    pending: Place | None = None
    index = 0
    while index < len(value.text):
        byte = _QP_BYTE.match(value.text, index) if value.text[index] == "=" else None
        data = bytes([int(byte.group(1), 16)]) if byte else value.text[index].encode("utf-8")
        pending = pending or value.places[index]
        index = byte.end() if byte else index + 1
        decoded = decoder.decode(data)
        if decoded:
            chars.append(decoded.replace("\r\n", "\n").replace("\r", "\n"))
            places += [pending] * len(chars[-1])
            pending = None
    return PlacedValue("".join(chars), tuple(places))


def unescape_text(value: PlacedValue) -> PlacedValue:
    """Return a TEXT value with its escapes resolved (``\\n``/``\\N`` a line break), each character
    placed where its escape starts. A backslash before any other character is kept as written."""
    chars: list[str] = []
    places: list[Place] = []
    text = value.text
    index = 0
    while index < len(text):
        char = text[index]
        if char == "\\" and index + 1 < len(text) and text[index + 1] in ",;\\:nN":
            following = text[index + 1]
            chars.append("\n" if following in "nN" else following)
            places.append(value.places[index])
            index += 2
            continue
        chars.append(char)
        places.append(value.places[index])
        index += 1
    return PlacedValue("".join(chars), tuple(places))


@dataclass
class _Component:
    """The properties of one open component, gathered until its END line."""

    name: str
    properties: list[ContentLine] = dataclasses.field(default_factory=list)


@dataclass(frozen=True)
class CalendarDocument:
    """The blocks of an export, its title, its format ("icalendar" or "vcard") and the organisations its
    cards name (``ORG``, each component a name: "Acme Corp.", "Sales")."""

    blocks: tuple[Block, ...]
    title: str | None
    format: str
    organisations: tuple[str, ...] = ()


def parse_calendar(lines: Sequence[str], body_line: int = 1) -> CalendarDocument:
    """Return the blocks of an iCalendar or vCard export and its title (the calendar's name).

    Each event, to-do, journal entry or card is a section: its heading property (SUMMARY, FN) a
    heading, then its text properties in file order, one block per line of their text. A component
    nested in another (an alarm in an event) adds nothing of its own.
    """
    keys = calendar_keys()
    blocks: list[Block] = []
    title: str | None = None
    stack: list[_Component] = []
    organisations: dict[str, None] = {}  # in file order, once each
    file_format = "icalendar"
    for logical in unfold(lines, body_line - 1):
        content = parse_content_line(logical)
        if content is None:
            continue
        if content.name == "BEGIN":
            opened = content.value.text.strip().upper()
            if not stack and opened == "VCARD":
                file_format = "vcard"
            stack.append(_Component(opened))
        elif content.name == "END":
            blocks += _closed_blocks(stack, content.value.text.strip().upper(), keys)
        elif stack:
            stack[-1].properties.append(content)
            if title is None and len(stack) == 1 and content.name in keys.title:
                title = text_value(content).text.strip() or None
            if content.name in keys.organisation:
                organisations.update(dict.fromkeys(organisation_names(content)))
    while stack:  # a file cut off before its END lines: what it holds is read all the same
        blocks += _closed_blocks(stack, stack[-1].name, keys)
    return CalendarDocument(tuple(blocks), title, file_format, tuple(organisations))


def organisation_names(prop: ContentLine) -> list[str]:
    """Return the names of an ``ORG`` value: the organisation, then its units (RFC 6350 separates them
    with semicolons; an escaped one belongs to a name)."""
    value = prop.value
    spans: list[tuple[int, int]] = []
    start = index = 0
    while index < len(value.text):
        if value.text[index] == "\\":
            index += 2
            continue
        if value.text[index] == ";":
            spans.append((start, index))
            start = index + 1
        index += 1
    spans.append((start, len(value.text)))
    names = (unescape_text(PlacedValue(value.text[a:b], value.places[a:b])).text.strip() for a, b in spans)
    return [name for name in names if name]


def _closed_blocks(stack: list[_Component], name: str, keys: CalendarKeys) -> list[Block]:
    """Close the innermost open component ``name`` (and any left open inside it: an alarm with no END)
    and return its section's blocks; an END of no open component closes nothing."""
    depth = next((depth for depth in range(len(stack) - 1, -1, -1) if stack[depth].name == name), None)
    if depth is None:
        return []
    closed = stack[depth]
    del stack[depth:]
    if closed.name not in keys.sections:
        return []
    return section_blocks(closed.properties, keys.sections[closed.name], keys)


def section_blocks(properties: Sequence[ContentLine], heading_name: str, keys: CalendarKeys) -> list[Block]:
    """Return a component's blocks: its heading, then one block per line of each text property."""
    heading_line = next((prop for prop in properties if prop.name == heading_name), None)
    blocks: list[Block] = []
    headings: tuple[str, ...] = ()
    if heading_line is not None:
        heading = _trimmed(text_value(heading_line).anchored())
        if heading is not None:
            blocks.append(anchored_block(BlockKind.HEADING, heading, ()))
            headings = (" ".join(heading.text.split()),)
    has_plain = any(prop.name == "DESCRIPTION" and prop.value.text.strip() for prop in properties)
    for prop in properties:
        if prop.name in keys.text:
            blocks += _text_blocks(text_value(prop), headings)
        elif prop.name in keys.html and not has_plain and _is_html(prop):
            blocks += _html_blocks(text_value(prop), headings)
    return blocks


def _text_blocks(value: PlacedValue, headings: tuple[str, ...]) -> list[Block]:
    """Return one paragraph per non-blank line of a text value; a line opening with a list mark is a
    list item introduced by the paragraph before it."""
    blocks: list[Block] = []
    intro: str | None = None
    start = 0
    while start <= len(value.text):
        end = value.text.find("\n", start)
        end = len(value.text) if end < 0 else end
        piece = _trimmed(value.anchored(start, end))
        start = end + 1
        if piece is None:
            intro = None
            continue
        if _LIST_MARK.match(piece.text):
            blocks.append(anchored_block(BlockKind.LIST_ITEM, piece, headings, list_intro=intro))
        else:
            blocks.append(anchored_block(BlockKind.PARAGRAPH, piece, headings))
            intro = piece.text
    return blocks


def _trimmed(text: AnchoredText) -> AnchoredText | None:
    """Return ``text`` without surrounding whitespace, or None if nothing is left."""
    stripped = text.text.strip()
    if not stripped:
        return None
    start = len(text.text) - len(text.text.lstrip())
    return text.slice(start, start + len(stripped))


def _is_html(prop: ContentLine) -> bool:
    return (prop.parameter("FMTTYPE") or "text/html").lower().startswith("text/html")


def _html_blocks(value: PlacedValue, headings: tuple[str, ...]) -> list[Block]:
    """Return the blocks of an HTML value read as a page, placed back in the calendar file."""
    value_lines = value.text.split("\n")
    starts = [0]
    for value_line in value_lines[:-1]:
        starts.append(starts[-1] + len(value_line) + 1)
    page, _ = parse_html(value_lines, 1)

    def place(line: int, column: int) -> Place:
        index = min(starts[line - 1] + column - 1, len(value.places) - 1)
        return value.places[max(index, 0)]

    blocks: list[Block] = []
    for block in page:
        anchors = block.anchors or ((0, block.line, block.column),)
        moved: list[tuple[int, int, int]] = []
        for number, (offset, line, column) in enumerate(anchors):
            stop = anchors[number + 1][0] if number + 1 < len(anchors) else len(block.text)
            previous: Place | None = None
            for step in range(offset, max(stop, offset + 1)):
                where = place(line, column + step - offset)
                jumped = previous is None or where != (previous[0], previous[1] + 1)
                if jumped and (not moved or moved[-1][0] < step):
                    moved.append((step, *where))
                previous = where
        moved = [anchor for anchor in moved if anchor[0] <= len(block.text)] or [(0, *place(1, 1))]
        first = moved[0]
        blocks.append(
            dataclasses.replace(
                block,
                line=first[1],
                column=first[2],
                headings=headings + block.headings,
                anchors=((0, first[1], first[2]), *moved[1:]),
            )
        )
    return blocks
