"""EDI interchanges (ANSI X12, UN/EDIFACT): line items as table rows, free-text segments as prose.

An interchange writes one segment per record, a tag and then elements split by a separator::

    PO1*3*8*EA*15990.00*PE*VP*ZX-200*BP*KS-ZX~
    CTP**MSR*16990.00~
    PID*F****ZX-200 ACCELERATOR CARD, 64GB HBM3, 350W TDP~
    NTE*GEN*VENDOR SAYS ZX-200 SHIPS IN Q3.~

Prices and identifiers stand at fixed element positions, and descriptions and notes are free
prose in one element. The words of ``edi.yaml`` say which segment is which: a line item segment
becomes a table row (number, unit price, product identifiers), a price segment of a named kind a
one-column row (``List price (USD)``), a run of free-text segments of one tag a paragraph. The
item's first description heads all blocks of its item, so a row whose identifier is a buyer's or
vendor's code still has the product the description names. Envelopes, parties, dates, weights,
references, allowances and totals give no block.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from factlint.models import Block, BlockKind, Cell
from factlint.sources.blocks import anchored_block
from factlint.sources.htmltext import AnchoredText, join
from factlint.sources.packaged import PackagedFile, packaged_file

_X12_HEAD = re.compile(r"\A\ufeff?\s*ISA([^\w\s])")
_EDIFACT_HEAD = re.compile(r"\A\ufeff?\s*(?:UNA(.)(.)(.)(.).(.)|UNB\+)", re.DOTALL)
_DECIMAL = re.compile(r"-?\d*\.?\d+")


@dataclass(frozen=True)
class Syntax:
    """The separators of one interchange: elements, components, segment end, release (escape)."""

    element: str
    component: str
    terminator: str
    release: str = ""


@dataclass(frozen=True)
class _Element:
    """One element (or component) of a segment: its text and 1-based (line, column) in the file."""

    text: str
    line: int
    column: int


@dataclass(frozen=True)
class _Segment:
    """One segment: its tag and its elements, each a tuple of components."""

    tag: str
    elements: tuple[tuple[_Element, ...], ...]
    whole: tuple[_Element, ...]  # each element uncut: an X12 simple element may hold the component mark
    raw: str
    line: int
    column: int

    def at(self, position: str) -> _Element | None:
        """Return the element or component at ``position`` ("5", "3.4"), or None if absent or empty."""
        if not position:
            return None
        element, _, component = position.partition(".")
        index, part = int(element) - 1, int(component or "1") - 1
        if index >= len(self.elements) or part >= len(self.elements[index]):
            return None
        found = self.elements[index][part] if component else self.whole[index]
        return found if found.text.strip() else None


@dataclass(frozen=True)
class _Words:
    """The words of ``edi.yaml``."""

    free_text: dict[str, str]
    item_lines: dict[str, dict[str, str]]
    item_prices: dict[str, dict[str, str]]
    price_kinds: dict[str, str]
    currency: dict[str, str]
    number_header: str
    price_header: str
    identifier_header: str


@cache
def _words() -> _Words:
    words = packaged_file("factlint.sources", "edi.yaml")
    lines, prices = words.section("item_lines"), words.section("item_prices")
    return _Words(
        free_text=words.word_map("free_text"),
        item_lines={tag: _places(lines.section(tag)) for tag in lines.data},
        item_prices={tag: _places(prices.section(tag)) for tag in prices.data},
        price_kinds={code.upper(): name for code, name in words.word_map("price_kinds").items()},
        currency=words.word_map("currency"),
        number_header=str(words.value("item_number_header")),
        price_header=str(words.value("unit_price_header")),
        identifier_header=str(words.value("identifier_header")),
    )


def _places(section: PackagedFile) -> dict[str, str]:
    """Return a segment's named positions ("price" -> "4"); an empty position is left out."""
    return {str(name): str(place) for name, place in section.data.items() if place not in ("", None)}


def edi_syntax(text: str) -> Syntax | None:
    """Return the separators of an X12 or EDIFACT interchange ``text`` opens with, else None."""
    head = text[:512]
    x12 = _X12_HEAD.match(head)
    if x12 is not None:
        start = x12.start(1) - 3
        isa = head[start:]
        # ISA is fixed-width: 106 characters, the component separator at 104, the terminator after it
        if len(isa) < 106 or isa[3:106].count(x12.group(1)) != 16:
            return None
        return Syntax(element=x12.group(1), component=isa[104], terminator=isa[105])
    edifact = _EDIFACT_HEAD.match(head)
    if edifact is None:
        return None
    if edifact.group(1) is None:
        return Syntax(element="+", component=":", terminator="'", release="?")
    component, element, _, release, terminator = edifact.groups()
    return Syntax(element=element, component=component, terminator=terminator, release=release.strip())


def is_edi(text: str) -> bool:
    """Return True if ``text`` is an EDI interchange (X12 or EDIFACT), whatever the file's name."""
    return edi_syntax(text) is not None


def parse_edi(lines: Sequence[str], body_line: int = 1) -> list[Block]:
    """Return the blocks of an EDI interchange: item rows, price rows and free-text paragraphs."""
    syntax = edi_syntax("\n".join(lines[body_line - 1 : body_line + 8]))
    if syntax is None:
        return []
    words = _words()
    segments = list(_segments(lines, body_line, syntax))
    currency = _currency(segments, words)
    blocks: list[Block] = []
    heading: tuple[str, ...] = ()
    index = 0
    while index < len(segments):
        segment = segments[index]
        if segment.tag in words.item_lines:
            heading = _item_heading(segments, index + 1, words)
            row = _item_row(segment, words.item_lines[segment.tag], words, currency, heading)
            if row is not None:
                blocks.append(row)
        elif segment.tag in words.item_prices:
            row = _price_row(segment, words.item_prices[segment.tag], words, currency, heading)
            if row is not None:
                blocks.append(row)
        elif segment.tag in words.free_text:
            end = index + 1
            while end < len(segments) and segments[end].tag == segment.tag:
                end += 1
            # the description that heads its item is not headed by itself
            own = heading if heading and not _opens_with(segments[index], words, heading[0]) else ()
            paragraph = _paragraph(segments[index:end], words.free_text[segment.tag], own)
            if paragraph is not None:
                blocks.append(paragraph)
            index = end
            continue
        index += 1
    return blocks


def _currency(segments: Sequence[_Segment], words: _Words) -> str:
    """Return the code of the first currency segment ("USD"), or "" when none names one."""
    for segment in segments:
        if segment.tag in words.currency:
            found = segment.at(words.currency[segment.tag])
            if found is not None:
                return found.text.strip()
    return ""


def _segments(lines: Sequence[str], body_line: int, syntax: Syntax) -> list[_Segment]:
    """Return the segments of the interchange; a segment ends at its terminator or at its line's end."""
    segments = []
    for number in range(body_line - 1, len(lines)):
        line = lines[number]
        start = 0
        for end in _split(line, syntax.terminator, syntax.release, 0, len(line)):
            raw = line[start:end]
            skipped = len(raw) - len(raw.lstrip())
            if raw.strip():
                segments.append(_segment(line, number + 1, start + skipped, end, syntax))
            start = end + 1
    return segments


def _split(text: str, separator: str, release: str, start: int, end: int) -> list[int]:
    """Return the offsets in ``text[start:end]`` where pieces end (each separator not released, then end)."""
    if separator not in text[start:end]:
        return [end]
    ends = []
    offset = start
    while offset < end:
        char = text[offset]
        if release and char == release:
            offset += 2
            continue
        if char == separator:
            ends.append(offset)
        offset += 1
    if not ends or ends[-1] != end:
        ends.append(end)
    return ends


def _segment(line: str, number: int, start: int, end: int, syntax: Syntax) -> _Segment:
    """Return the segment of ``line[start:end]``: its tag and its elements cut into components."""
    pieces = []
    piece_start = start
    for piece_end in _split(line, syntax.element, syntax.release, start, end):
        pieces.append((piece_start, piece_end))
        piece_start = piece_end + 1
    tag = line[pieces[0][0] : pieces[0][1]].strip().upper()
    elements = []
    whole = []
    for element_start, element_end in pieces[1:]:
        whole.append(_Element(_released(line[element_start:element_end], syntax), number, element_start + 1))
        components = []
        component_start = element_start
        for component_end in _split(line, syntax.component, syntax.release, element_start, element_end):
            text = _released(line[component_start:component_end], syntax)
            components.append(_Element(text, number, component_start + 1))
            component_start = component_end + 1
        elements.append(tuple(components))
    return _Segment(tag, tuple(elements), tuple(whole), line[start:end], number, start + 1)


def _released(text: str, syntax: Syntax) -> str:
    """Return ``text`` with each released (escaped) character in place of its escape."""
    if not syntax.release or syntax.release not in text:
        return text
    return re.sub(re.escape(syntax.release) + "(.)", r"\1", text)


def _item_heading(segments: Sequence[_Segment], start: int, words: _Words) -> tuple[str, ...]:
    """Return the item's first description (the first free text before the next item), as a heading path."""
    for segment in segments[start:]:
        if segment.tag in words.item_lines:
            return ()
        position = words.free_text.get(segment.tag)
        found = segment.at(position) if position else None
        if found is not None:
            return (found.text.strip(),)
    return ()


def _opens_with(segment: _Segment, words: _Words, text: str) -> bool:
    """Return True if the free text of ``segment`` is ``text`` (the item's heading)."""
    found = segment.at(words.free_text[segment.tag])
    return found is not None and found.text.strip() == text


def _price_header(name: str, currency: str) -> str:
    """Return a price column's name: "Unit price (USD)", or the name alone when no currency is known."""
    name = name[:1].upper() + name[1:]
    return f"{name} ({currency})" if currency else name


def _row(segment: _Segment, named: list[tuple[str, _Element]], headings: tuple[str, ...]) -> Block:
    """Return a table row of ``segment`` holding the ``named`` elements as cells under their names."""
    return Block(
        BlockKind.TABLE_ROW,
        segment.raw,
        segment.line,
        segment.column,
        headings,
        table_headers=tuple(name for name, _ in named),
        cells=tuple(Cell(element.text, element.column) for _, element in named),
    )


def _item_row(
    segment: _Segment, places: dict[str, str], words: _Words, currency: str, headings: tuple[str, ...]
) -> Block | None:
    """Return the row of a line-item segment: its number, unit price and product identifiers."""
    named: list[tuple[str, _Element]] = []
    number = segment.at(places.get("number", ""))
    if number is not None:
        named.append((words.number_header, number))
    price = segment.at(places.get("price", ""))
    if price is not None and _DECIMAL.fullmatch(price.text.strip()):
        named.append((_price_header(words.price_header, currency), price))
    first = places.get("identifiers", "")
    if "." in first:  # EDIFACT: one identifier, its kind in the components after it
        identifier = segment.at(first)
        if identifier is not None:
            named.append((words.identifier_header, identifier))
    elif first:  # X12: pairs of kind and identifier from ``first`` on
        index = int(first)
        while (identifier := segment.at(str(index + 1))) is not None:
            named.append((words.identifier_header, identifier))
            index += 2
    if len(named) < 2:
        return None
    return _row(segment, named, headings)


def _price_row(
    segment: _Segment, places: dict[str, str], words: _Words, currency: str, headings: tuple[str, ...]
) -> Block | None:
    """Return a one-cell row of a price segment whose kind code names a price, else None."""
    kind = segment.at(places.get("kind", ""))
    amount = segment.at(places.get("amount", ""))
    if kind is None or amount is None or not _DECIMAL.fullmatch(amount.text.strip()):
        return None
    name = words.price_kinds.get(kind.text.strip().upper())
    if name is None:
        return None
    return _row(segment, [(_price_header(name, currency), amount)], headings)


def _paragraph(segments: Sequence[_Segment], position: str, headings: tuple[str, ...]) -> Block | None:
    """Return one paragraph of the free text of consecutive segments, one line per segment."""
    pieces = [found for segment in segments if (found := segment.at(position)) is not None]
    if not pieces:
        return None
    lines = [AnchoredText(piece.text.rstrip(), ((0, piece.line, piece.column),)) for piece in pieces]
    text, anchors, _ = join(lines, "\n")
    return anchored_block(BlockKind.PARAGRAPH, AnchoredText(text, tuple(anchors)), headings)
