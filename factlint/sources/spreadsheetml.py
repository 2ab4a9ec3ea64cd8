"""Read an Excel 2003 XML Spreadsheet (a SpreadsheetML ``Workbook``) as the sheets Excel shows.

The XML is parsed by the safe expat tree builder, which keeps every text run at its file place, and
turned into plain HTML elements that the HTML reader segments as it segments any page (the route of
the OpenDocument and Word readers, decisions 0164 and 0170): each ``Worksheet`` is a section headed by
its name, each ``Table`` a table whose ``Row``/``Cell`` elements are its rows and cells, ``ss:Index``
honoured so a cell lands under its column's header and ``ss:MergeAcross``/``ss:MergeDown`` read as
spans. A first row of text cells heads its table when a style makes it bold or a row below holds a
number; a lone cell above it (a title row) is a paragraph before the table. A cell is read by its
``Data`` text (numbers as written; a date-time at midnight as its date); rich text struck through
(``<S>``) is HTML's ``<s>``. A cell's ``Comment`` is read as a paragraph after its table; the document
properties' ``Title`` is the document's title. Styles, settings, column declarations and sheet options
are no text. See decision 0178.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from factlint.sources.htmltree import Element, TextRun
from factlint.sources.packaged import packaged_file
from factlint.sources.xmlpage import read_xml_page
from factlint.sources.xmltree import XmlDocument, XmlElement

# The root start tag after the XML declaration, processing instructions and comments.
_ROOT = re.compile(r"\A\ufeff?\s*(?:(?:<\?.*?\?>|<!--.*?-->)\s*)*<(?:[\w.-]+:)?Workbook\b", re.DOTALL)
_MIDNIGHT = re.compile(r"(\d{4}-\d\d-\d\d)T00:00(?::00(?:\.0+)?)?Z?")
_HEAD_CHARS = 4096


@dataclass(frozen=True)
class SpreadsheetKeys:
    """The names of ``spreadsheetml.yaml``."""

    namespace: str
    program_id: str
    skipped: frozenset[str]
    properties: str
    title: str
    rich_text: dict[str, str]
    numeric_types: frozenset[str]
    date_type: str
    bold_attribute: str
    max_columns: int


@cache
def spreadsheet_keys() -> SpreadsheetKeys:
    """Return the packaged names of the SpreadsheetML format."""
    known = packaged_file("factlint.sources", "spreadsheetml.yaml")
    return SpreadsheetKeys(
        namespace=str(known.value("namespace")),
        program_id=str(known.value("program_id")),
        skipped=frozenset(known.words("skipped")),
        properties=str(known.value("properties")),
        title=str(known.value("title")),
        rich_text=known.word_map("rich_text"),
        numeric_types=frozenset(known.words("numeric_types")),
        date_type=str(known.value("date_type")),
        bold_attribute=str(known.value("bold_attribute")),
        max_columns=known.whole_number("max_columns"),
    )


def is_spreadsheetml(text: str) -> bool:
    """Return True for a file whose root is a ``Workbook`` naming the spreadsheet namespace or program.

    The suffix does not matter: Excel saves ``.xml``, exporters often write ``.xls``.
    """
    if "Workbook" not in text[:_HEAD_CHARS]:
        return False
    head = text[:_HEAD_CHARS]
    keys = spreadsheet_keys()
    return (keys.namespace in head or keys.program_id in head) and _ROOT.match(head) is not None


def read_spreadsheetml(text: str, first_line: int = 1) -> XmlDocument:
    """Return the blocks and title of a SpreadsheetML text, or an error naming the malformed line."""
    keys = spreadsheet_keys()

    def build(root: XmlElement, page: Element) -> str | None:
        converter = _Converter(keys, _bold_styles(root, keys))
        converter.convert(root, page)
        return converter.title

    return read_xml_page(text, first_line, build)


def _bold_styles(root: XmlElement, keys: SpreadsheetKeys) -> frozenset[str]:
    """Return the ids of the styles whose font is bold (a header row's mark)."""
    bold = set()
    for workbook in root.elements():
        for styles in (child for child in workbook.elements() if child.tag == "styles"):
            for style in styles.elements():
                fonts = (font for font in style.elements() if font.tag == "font")
                if any(font.attrs.get(keys.bold_attribute, "0").strip() == "1" for font in fonts):
                    bold.add(style.attrs.get("id", ""))
    return frozenset(bold)


@dataclass
class _Cell:
    """A cell placed in its row: its column (1-based), element (None for padding) and spans."""

    column: int
    element: XmlElement | None
    across: int = 1
    down: int = 1


@dataclass
class _Converter:
    """Turns the SpreadsheetML tree into plain HTML elements the HTML reader understands."""

    keys: SpreadsheetKeys
    bold: frozenset[str]
    title: str | None = None
    comments: list[XmlElement] = field(default_factory=list)  # cell comments waiting for their table's end

    def convert(self, element: XmlElement, parent: Element) -> None:
        """Append the HTML of ``element``'s sheets and tables to ``parent`` (white space between is none)."""
        for child in element.elements():
            if child.tag in self.keys.skipped:
                continue
            if child.tag == self.keys.properties:
                self._title(child)
            elif child.tag == "worksheet":
                if name := child.places.get("name"):
                    parent.children.append(Element("h2", {}, child.line, child.column, list(name)))
                self.convert(child, parent)
            elif child.tag == "table":
                self._table(child, parent)
                for comment in self.comments:
                    note = Element("p", {}, comment.line, comment.column)
                    parent.children.append(note)
                    self._rich(comment, note)
                self.comments.clear()
            else:  # the workbook, or a wrapper this reader does not know: its sheets read on
                self.convert(child, parent)

    def _title(self, properties: XmlElement) -> None:
        for inner in properties.elements():
            text = " ".join(inner.text().split())
            if inner.tag == self.keys.title and text and self.title is None:
                self.title = text

    def _table(self, element: XmlElement, parent: Element) -> None:
        """Append a table: cells placed by ``ss:Index``, merges as spans, a header row as ``<thead>``."""
        rows = [row for row in element.elements() if row.tag == "row" and not _hidden(row)]
        placed = _placed_rows(rows, self.keys.max_columns)
        shown = [(row, cells) for row, cells in zip(rows, placed, strict=True) if _has_text(cells)]
        while len(shown) > 1 and _filled(shown[0][1]) == 1 < _filled(shown[1][1]):
            # a title row over the table ("Q3 quotes" merged across it): a paragraph, not the header
            row, cells = shown.pop(0)
            title = Element("p", {}, row.line, row.column)
            parent.children.append(title)
            for cell in cells:
                if cell.element is not None:
                    self._cell(cell.element, title)
        table = Element("table", {}, element.line, element.column)
        parent.children.append(table)
        for index, (row, cells) in enumerate(shown):
            header = index == 0 and self._header_row(row, cells, shown[1:])
            out = Element("tr", {}, row.line, row.column)
            for cell in cells:
                attrs = {}
                if cell.across > 1:
                    attrs["colspan"] = str(cell.across)
                if cell.down > 1:
                    attrs["rowspan"] = str(cell.down)
                line, column = (
                    (row.line, row.column)
                    if cell.element is None
                    else (cell.element.line, cell.element.column)
                )
                copy = Element("th" if header else "td", attrs, line, column)
                if cell.element is not None:
                    self._cell(cell.element, copy)
                out.children.append(copy)
            table.children.append(Element("thead" if header else "tbody", {}, row.line, row.column, [out]))

    def _header_row(
        self, row: XmlElement, cells: list[_Cell], rest: list[tuple[XmlElement, list[_Cell]]]
    ) -> bool:
        """Return True for a first row of text cells that is bold or stands over rows holding numbers."""
        filled = [cell.element for cell in cells if cell.element is not None and cell.element.text().strip()]
        if any(self._type(cell) in self.keys.numeric_types for cell in filled):
            return False
        if row.attrs.get("styleid") in self.bold or all(
            cell.attrs.get("styleid") in self.bold for cell in filled
        ):
            return True
        return any(
            cell.element is not None and self._type(cell.element) in self.keys.numeric_types
            for _, other in rest
            for cell in other
        )

    def _type(self, cell: XmlElement) -> str:
        data = next((inner for inner in cell.elements() if inner.tag == "data"), None)
        return data.attrs.get("type", "").strip().lower() if data is not None else ""

    def _cell(self, cell: XmlElement, out: Element) -> None:
        """Append a cell's value (its ``Data``) to ``out``; keep its comment for after the table."""
        for inner in cell.elements():
            if inner.tag == "comment":
                self.comments.append(inner)
            elif inner.tag == "data":
                if inner.attrs.get("type", "").strip().lower() == self.keys.date_type:
                    out.children.extend(_date_runs(inner))
                else:
                    self._rich(inner, out)

    def _rich(self, element: XmlElement, parent: Element) -> None:
        """Append rich text: character data as it is, HTML 4 formatting elements as their HTML."""
        for child in element.children:
            if isinstance(child, TextRun):
                parent.children.append(child)
            elif (tag := self.keys.rich_text.get(child.tag)) is not None:
                wrapper = Element(tag, {}, child.line, child.column)
                parent.children.append(wrapper)
                self._rich(child, wrapper)
            else:  # a comment's ss:Data, or markup this reader does not know: its text reads on
                self._rich(child, parent)


def _placed_rows(rows: list[XmlElement], max_columns: int) -> list[list[_Cell]]:
    """Return each row's cells at their columns: ``ss:Index`` jumps, columns merged down from above skipped.

    A gap before a cell is filled with empty cells (so the cell stays under its header); trailing empty
    cells are dropped.
    """
    covered: dict[int, int] = {}  # column -> rows still covered by a cell merged down from above
    placed: list[list[_Cell]] = []
    for row in rows:
        cells: list[_Cell] = []
        column = 1
        for cell in (child for child in row.elements() if child.tag == "cell"):
            index = _number(cell.attrs.get("index"))
            target = index if index is not None and index > column else column
            while covered.get(target, 0) > 0 and index is None:
                target += 1
            if target > max_columns:
                break
            cells.extend(_Cell(gap, None) for gap in range(column, target) if covered.get(gap, 0) == 0)
            across = min((_number(cell.attrs.get("mergeacross")) or 0) + 1, max_columns)
            down = (_number(cell.attrs.get("mergedown")) or 0) + 1
            cells.append(_Cell(target, cell, across, down))
            if down > 1:
                for spanned in range(target, target + across):
                    covered[spanned] = down  # this row counts too: decremented below
            column = target + across
        for spanned in list(covered):
            covered[spanned] -= 1
            if covered[spanned] <= 0:
                del covered[spanned]
        while cells and (cells[-1].element is None or not cells[-1].element.text().strip()):
            cells.pop()
        placed.append(cells)
    return placed


def _has_text(cells: list[_Cell]) -> bool:
    return _filled(cells) > 0


def _filled(cells: list[_Cell]) -> int:
    """Return how many of a row's cells hold text."""
    return sum(1 for cell in cells if cell.element is not None and cell.element.text().strip())


def _hidden(row: XmlElement) -> bool:
    return row.attrs.get("hidden", "0").strip() == "1"


def _date_runs(data: XmlElement) -> list[TextRun]:
    """Return a date-time's runs; one at midnight reads as its date alone, at the same place."""
    runs = data.runs()
    text = "".join(run.text for run in runs).strip()
    if runs and (match := _MIDNIGHT.fullmatch(text)):
        first = runs[0]
        offset = len(first.text) - len(first.text.lstrip())
        return [TextRun(match.group(1), first.line, first.column + offset)]
    return runs


def _number(value: str | None) -> int | None:
    """Return an index or count attribute's whole number, None when absent or not a number."""
    if value is None or not value.strip().isdigit():
        return None
    return int(value.strip()[:9])
