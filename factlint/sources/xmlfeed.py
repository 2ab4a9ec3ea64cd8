"""Read an XML export (an RSS or Atom feed, an issue tracker's export) into blocks.

Only the elements ``xmlkeys.yaml`` names yield text: titles become headings of what follows,
text elements paragraphs, and escaped HTML inside one (``&lt;p&gt;...``) is read as HTML; a
record of a name and its values reads "name: value"; a change record (a field with old and
new values) reads "field: new (was old)" unless a later record changes the field again. Ids,
keys, links, dates, authors and every attribute are metadata and yield nothing. The XML is
turned into the HTML reader's element tree, so both readers segment text alike. See decision 0129.
"""

from __future__ import annotations

import bisect
import dataclasses
import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from factlint.sources.htmltree import Element, TextRun, parse_tree
from factlint.sources.packaged import packaged_file
from factlint.sources.xmlpage import read_xml_page
from factlint.sources.xmltree import XmlDocument, XmlElement

# Decoded text that holds markup: a start or end tag, a comment, a character reference.
_MARKUP = re.compile(r"</?[A-Za-z][\w:-]*(?:\s[^<>]*)?/?>|<!--")
_BLANK_LINE = re.compile(r"\n[ \t]*\n\s*")
_RECORDS = "xml-records"  # the class of a table built from records


@dataclass(frozen=True)
class XmlKeys:
    """The element and attribute names of ``xmlkeys.yaml``, lower case."""

    titles: frozenset[str]
    text: frozenset[str]
    messages: frozenset[str]
    field_names: frozenset[str]
    field_values: frozenset[str]
    change_field: tuple[str, ...]
    change_old: tuple[str, ...]
    change_new: tuple[str, ...]
    markup_types: frozenset[str]
    item_keys: frozenset[str]


@cache
def xml_keys() -> XmlKeys:
    """Return the packaged element names of XML exports."""
    known = packaged_file("factlint.sources", "xmlkeys.yaml")
    names = {key: [name.lower() for name in known.words(key)] for key in known.data}
    return XmlKeys(
        titles=frozenset(names["titles"]),
        text=frozenset(names["text"]),
        messages=frozenset(names["messages"]),
        field_names=frozenset(names["field_names"]),
        field_values=frozenset(names["field_values"]),
        change_field=tuple(names["change_field"]),
        change_old=tuple(names["change_old"]),
        change_new=tuple(names["change_new"]),
        markup_types=frozenset(names["markup_types"]),
        item_keys=frozenset(names["item_keys"]),
    )


def parse_xml(lines: Sequence[str], body_line: int = 1) -> XmlDocument:
    """Return the blocks and title of an XML export, or an error naming the line where it is malformed."""
    spans: list[tuple[tuple[int, int], tuple[int, int]]] = []

    def build(root: XmlElement, page: Element) -> None:
        converter = _Converter(xml_keys(), _superseded_changes(root, xml_keys()))
        converter.walk(root, page)
        spans.extend(converter.message_spans)

    document = read_xml_page("\n".join(lines[body_line - 1 :]), body_line, build)
    marked = tuple(
        dataclasses.replace(block, message=True)
        if any(start <= (block.line, block.column) <= end for start, end in spans)
        else block
        for block in document.blocks
    )
    return dataclasses.replace(document, blocks=marked)


# A value: its decoded text as runs placed in the file (a reference or a line break is a run alone).
_Runs = tuple[TextRun, ...]


@dataclass(frozen=True)
class _Change:
    """A change record's field, old value (None if there was none) and new value, each where it stands."""

    field: _Runs
    old: _Runs | None
    new: _Runs | None  # None: the field was emptied


def _change(element: XmlElement, keys: XmlKeys) -> _Change | None:
    """Return the change an element records (attributes or childless children), or None."""
    names = {child.tag for child in element.elements()} | set(element.attrs)
    if not any(name in names for name in keys.change_field):
        return None
    values: dict[str, _Runs] = {}
    for child in element.elements():
        runs = child.runs()
        if not child.elements() and runs:
            values[child.tag] = _stripped(runs)
    for name, value in element.attrs.items():
        runs = element.places.get(name) or [TextRun(value, element.line, element.column)]
        values[name] = _stripped(runs)
    field = next((values[name] for name in keys.change_field if values.get(name)), None)
    if field is None or not any(name in values for name in keys.change_new):
        return None
    old = next((values[name] for name in keys.change_old if values.get(name)), None)
    new = next((values[name] for name in keys.change_new if values.get(name)), None)
    return _Change(field, old, new)


def _stripped(runs: Sequence[TextRun]) -> _Runs:
    """Return ``runs`` without the white space their joined text starts and ends with (no run left empty)."""
    text = "".join(run.text for run in runs)
    start = len(text) - len(text.lstrip())
    end = len(text.rstrip())
    kept: list[TextRun] = []
    offset = 0
    for run in runs:
        low, high = max(start - offset, 0), min(end - offset, len(run.text))
        if low < high:
            kept.append(TextRun(run.text[low:high], *_advance(run, low)))
        offset += len(run.text)
    return tuple(kept)


def _joined(runs: _Runs) -> str:
    return "".join(run.text for run in runs)


def _superseded_changes(root: XmlElement, keys: XmlKeys) -> set[int]:
    """Return the ids of change records whose field a later record of the same item changes again.

    An item is the nearest element above the record with a title or a key of its own (an RSS
    item, a Jira issue, an Atom entry); records outside any item share the file.
    """
    last: dict[tuple[int, str], int] = {}
    order: list[tuple[XmlElement, int, _Change]] = []
    pending: list[tuple[XmlElement, int]] = [(root, id(root))]
    while pending:
        element, item = pending.pop()
        change = _change(element, keys)
        if change is not None:
            order.append((element, item, change))
        children = element.elements()
        if any(child.tag in keys.titles or child.tag in keys.item_keys for child in children):
            item = id(element)
        pending.extend((child, item) for child in reversed(children))
    for element, item, change in order:
        last[item, _joined(change.field).lower()] = id(element)
    return {
        id(element)
        for element, item, change in order
        if last[item, _joined(change.field).lower()] != id(element)
    }


@dataclass
class _Converter:
    """Builds the HTML reader's element tree from an XML tree."""

    keys: XmlKeys
    superseded: set[int]
    headings: int = 0
    # where each message element starts and ends: ((line, column), (line, column))
    message_spans: list[tuple[tuple[int, int], tuple[int, int]]] = dataclasses.field(default_factory=list)

    def walk(self, element: XmlElement, out: Element) -> None:
        """Append what ``element``'s children say to ``out``."""
        for child in element.elements():
            change = _change(child, self.keys)
            if change is not None:
                if id(child) not in self.superseded and change.new is not None:
                    self._change_row(child, change, out)
            elif child.tag in self.keys.titles:
                self.headings += 1
                heading = Element("h1" if self.headings == 1 else "h2", {}, child.line, child.column)
                heading.children.extend(_without_key(child.runs(), element, self.keys))
                out.children.append(heading)
            elif child.tag in self.keys.text:
                out.children.append(self._text(child))
                if child.tag in self.keys.messages:
                    end = (child.end_line, child.end_column) if child.end_line else (child.line, child.column)
                    self.message_spans.append(((child.line, child.column), end))
            elif not self._record(child, out):
                self.walk(child, out)

    def _record(self, element: XmlElement, out: Element) -> bool:
        """Add the row "name | value" of an element holding a name and a values child; False if it is none."""
        children = element.elements()
        name = next((child for child in children if child.tag in self.keys.field_names), None)
        values = next((child for child in children if child.tag in self.keys.field_values), None)
        if name is None or values is None or not name.text().strip():
            return False
        leaves = [leaf for leaf in _leaves(values) if leaf.text().strip()] or [values]
        value_runs: list[Element | TextRun] = []
        for index, leaf in enumerate(leaves):
            if index:
                value_runs.append(TextRun(", ", leaf.line, leaf.column))
            value_runs.extend(leaf.runs())
        _add_row(out, name.runs(), value_runs, element)
        return True

    def _change_row(self, element: XmlElement, change: _Change, out: Element) -> None:
        """Add the row "field | new (was old)", each value placed where the record writes it."""
        new, old = change.new, change.old
        assert new is not None
        value: list[Element | TextRun] = list(new)
        if old is not None:
            # the words between have no place of their own: they stand where the new value ends
            value += [TextRun(" (was ", *_end(new)), *old]
            value.append(TextRun(")", *_end(old)))
        _add_row(out, list(change.field), value, element)

    def _text(self, element: XmlElement) -> Element:
        """Return a text element's content: its HTML (inline XHTML or escaped), else its paragraphs."""
        box = Element("div", {}, element.line, element.column)
        if element.elements():  # inline XHTML: the elements are the page's
            box.children.extend(_as_html(child) for child in element.children)
            return box
        runs = element.runs()
        text = "".join(run.text for run in runs)
        if not text:
            return box
        if element.attrs.get("type", "").lower() in self.keys.markup_types or _MARKUP.search(text):
            box.children.extend(_placed(parse_tree(text, 1), runs, text).children)
            return box
        for paragraph in _paragraphs(runs):
            part = Element("p", {}, paragraph[0].line, paragraph[0].column)
            part.children.extend(paragraph)
            box.children.append(part)
        return box


def _add_row(
    out: Element, name: Sequence[Element | TextRun], value: Sequence[Element | TextRun], at: XmlElement
) -> None:
    """Append the row ``name | value`` to ``out``: to the table of records it ends with, else to a new one.

    A run of records is a two-column table, so a unit in a field's name ("Power (kW)") reads as a header's.
    """
    last = out.children[-1] if out.children else None
    if not (isinstance(last, Element) and last.tag == "table" and last.attrs.get("class") == _RECORDS):
        last = Element("table", {"class": _RECORDS}, at.line, at.column)
        out.children.append(last)
    row = Element("tr", {}, at.line, at.column)
    row.children.append(Element("td", {}, at.line, at.column, list(name)))
    row.children.append(Element("td", {}, at.line, at.column, list(value)))
    last.children.append(row)


def _without_key(runs: list[TextRun], item: XmlElement, keys: XmlKeys) -> list[TextRun]:
    """Return a title's runs without the item's own key in brackets before it ("[HW-88] Order ...")."""
    names = {child.text().strip() for child in item.elements() if child.tag in keys.item_keys}
    text = "".join(run.text for run in runs)
    stripped = text.lstrip()
    key = next((name for name in names if name and stripped.startswith(f"[{name}]")), None)
    if key is None:
        return runs
    cut = len(text) - len(stripped) + len(key) + 2
    kept: list[TextRun] = []
    start = 0
    for run in runs:
        end = start + len(run.text)
        if end > cut:
            skip = max(cut - start, 0)
            kept.append(TextRun(run.text[skip:], *_advance(run, skip)))
        start = end
    return kept


def _leaves(element: XmlElement) -> list[XmlElement]:
    """Return the elements below ``element`` that hold no element."""
    children = element.elements()
    if not children:
        return [element]
    return [leaf for child in children for leaf in _leaves(child)]


def _as_html(node: XmlElement | TextRun) -> Element | TextRun:
    """Return an XHTML node as the HTML reader's element."""
    if isinstance(node, TextRun):
        return node
    return Element(
        node.tag, dict(node.attrs), node.line, node.column, [_as_html(child) for child in node.children]
    )


def _advance(run: TextRun, offset: int) -> tuple[int, int]:
    """Return the file (line, column) of ``run.text[offset]``: the run's characters are the file's."""
    newlines = run.text.count("\n", 0, offset)
    if not newlines:
        return run.line, run.column + offset
    return run.line + newlines, offset - run.text.rfind("\n", 0, offset)


def _end(runs: _Runs) -> tuple[int, int]:
    """Return the file (line, column) just after a value's last run."""
    return _advance(runs[-1], len(runs[-1].text))


def _paragraphs(runs: Sequence[TextRun]) -> list[list[TextRun]]:
    """Return the runs split at blank lines, one list per paragraph (a line break may be a run alone)."""
    text = "".join(run.text for run in runs)
    gaps = [(gap.start(), gap.end()) for gap in _BLANK_LINE.finditer(text)]
    paragraphs: list[list[TextRun]] = [[]]
    start = 0
    for run in runs:
        end = start + len(run.text)
        cut = start
        for gap_start, gap_end in gaps:
            if gap_end <= cut or gap_start >= end:
                continue
            if gap_start > cut:
                piece = run.text[cut - start : gap_start - start]
                paragraphs[-1].append(TextRun(piece, *_advance(run, cut - start)))
            if gap_start >= cut:
                paragraphs.append([])
            cut = min(gap_end, end)
        if cut < end:
            paragraphs[-1].append(TextRun(run.text[cut - start :], *_advance(run, cut - start)))
        start = end
    return [paragraph for paragraph in paragraphs if "".join(run.text for run in paragraph).strip()]


def _placed(root: Element, runs: Sequence[TextRun], text: str) -> Element:
    """Return the tree of HTML parsed from the decoded ``text`` with positions moved back into the file.

    ``runs`` are the stretches ``text`` was decoded from; expat hands each entity reference
    over as a stretch of its own, so a position inside any other stretch is the file's. A text
    run of the HTML that spans a reference is split there, so each of its characters is placed.
    """
    runs = _contiguous(runs)
    starts = [0, *itertools.accumulate(len(run.text) for run in runs)]
    line_starts = [0, *itertools.accumulate(len(line) + 1 for line in text.split("\n"))]

    def offset_of(line: int, column: int) -> int:
        return min(line_starts[line - 1] + column - 1, max(len(text) - 1, 0))

    def place(offset: int) -> tuple[int, int]:
        index = max(bisect.bisect_right(starts, offset, hi=len(runs)) - 1, 0)
        return _advance(runs[index], offset - starts[index])

    def pieces(run: TextRun) -> list[TextRun]:
        start = offset_of(run.line, run.column)
        cuts = [
            start,
            *starts[bisect.bisect_right(starts, start) : bisect.bisect_left(starts, start + len(run.text))],
        ]
        ends = [*cuts[1:], start + len(run.text)]
        return [
            TextRun(run.text[cut - start : end - start], *place(cut))
            for cut, end in zip(cuts, ends, strict=True)
        ]

    def move(element: Element) -> Element:
        children: list[Element | TextRun] = []
        for child in element.children:
            if isinstance(child, TextRun):
                children.extend(
                    pieces(child)
                    if child.text
                    else [TextRun("", *place(offset_of(child.line, child.column)))]
                )
            else:
                children.append(move(child))
        return Element(element.tag, element.attrs, *place(offset_of(element.line, element.column)), children)

    return move(root)


def _contiguous(runs: Sequence[TextRun]) -> list[TextRun]:
    """Return ``runs`` with each run that goes on where the one before ends in the file joined to it."""
    groups: list[list[TextRun]] = []
    for run in runs:
        last = groups[-1][-1] if groups else None
        if last is not None and _advance(last, len(last.text)) == (run.line, run.column):
            groups[-1].append(run)
        else:
            groups.append([run])
    return [TextRun("".join(run.text for run in group), group[0].line, group[0].column) for group in groups]
