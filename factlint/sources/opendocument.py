"""Read an OpenDocument file (flat ``.fodt``/``.fods``/``.fodp`` XML, or a zipped package's ``content.xml``).

The XML is parsed by the safe expat tree builder, which keeps every text run at its file place,
and turned into plain HTML elements that the HTML reader segments as it segments any page: a
``text:h`` is a heading of its outline level, ``text:p`` a paragraph, ``text:list`` a list,
``table:table`` a table whose ``table-header-rows`` are its header (else a first row of text
over rows holding numbers, or of header-styled paragraphs). A cell is read by its text, never by
its ``office:value`` attribute, so ``1,536`` and ``192*`` read as written. Document information,
settings, style and font declarations, tracked deletions, comments and generated indexes are no
text. Text whose style (or a style it inherits from) draws a line through it is struck, as HTML's
``<del>`` is. Footnote bodies are read after their paragraph. See decision 0164.
"""

from __future__ import annotations

import pathlib
import re
from dataclasses import dataclass, field
from functools import cache

from factlint.sources.htmltree import Element, TextRun
from factlint.sources.packaged import packaged_file
from factlint.sources.xmlpage import parse_parts, read_xml_page
from factlint.sources.xmltree import XmlDocument, XmlElement
from factlint.sources.zipparts import PackageParts, read_parts

# Copies made of a cell repeated across columns, and the most bytes read from a package's content.
_MAX_REPEATED = 32
_MAX_CONTENT_BYTES = 64 * 1024 * 1024
_SPACE_COUNT = 64  # at most this many spaces for one text:s


@dataclass(frozen=True)
class OpenDocumentKeys:
    """The names of ``opendocument.yaml``."""

    flat_suffixes: frozenset[str]
    zipped_suffixes: frozenset[str]
    content_member: str
    styles_member: str
    office_namespace: str
    skipped: frozenset[str]
    elements: dict[str, str]
    numeric_types: frozenset[str]
    header_styles: frozenset[str]
    struck_property: str


@cache
def opendocument_keys() -> OpenDocumentKeys:
    """Return the packaged names of the OpenDocument format."""
    known = packaged_file("factlint.sources", "opendocument.yaml")
    return OpenDocumentKeys(
        flat_suffixes=frozenset(known.words("flat_suffixes")),
        zipped_suffixes=frozenset(known.words("zipped_suffixes")),
        content_member=str(known.value("content_member")),
        styles_member=str(known.value("styles_member")),
        office_namespace=str(known.value("office_namespace")),
        skipped=frozenset(known.words("skipped")),
        elements=known.word_map("elements"),
        numeric_types=frozenset(known.words("numeric_types")),
        header_styles=frozenset(known.words("header_styles")),
        struck_property=str(known.value("struck_property")),
    )


_ROOT = re.compile(r"<([\w.-]+:)?(?:document|document-content)\b")


def is_opendocument(text: str, suffix: str) -> bool:
    """Return True for a flat OpenDocument file: by suffix, or an ``.xml`` whose root is an office one."""
    keys = opendocument_keys()
    if suffix.lower() in keys.flat_suffixes:
        return True
    head = text[:4096]
    return suffix.lower() == ".xml" and keys.office_namespace in head and _ROOT.search(head) is not None


def is_zipped_opendocument(suffix: str) -> bool:
    """Return True for the suffix of a zipped OpenDocument package (``.odt``, ``.ods``, ``.odp``)."""
    return suffix.lower() in opendocument_keys().zipped_suffixes


def read_package_content(path: pathlib.Path) -> PackageParts:
    """Return the content.xml of the zipped OpenDocument package at ``path`` (decoded UTF-8), with its
    styles.xml as the one other part when the package has it."""
    keys = opendocument_keys()
    too_large = f"{keys.content_member} is larger than {_MAX_CONTENT_BYTES} bytes"
    return read_parts(
        path,
        keys.content_member,
        (keys.styles_member,),
        kind="OpenDocument",
        max_bytes=_MAX_CONTENT_BYTES,
        too_large=too_large,
    )


def read_opendocument(text: str, first_line: int = 1, styles: str = "") -> XmlDocument:
    """Return the blocks and title of an OpenDocument XML text, or an error naming the malformed line.

    ``styles`` is a package's styles.xml: the named styles that ``text`` (its content.xml) uses.
    """
    keys = opendocument_keys()

    def build(root: XmlElement, page: Element) -> str | None:
        converter = _Converter(keys, _struck_styles([root, *parse_parts([styles] if styles else [])], keys))
        converter.convert(root, page)
        return converter.title

    return read_xml_page(text, first_line, build)


def _struck_styles(roots: list[XmlElement], keys: OpenDocumentKeys) -> frozenset[str]:
    """Return the names of the styles whose text is struck through, directly or by inheritance."""
    parents: dict[str, str] = {}
    own: dict[str, bool] = {}
    for holder in (element for root in roots for element in root.elements()):
        for section in holder.elements():
            if section.tag not in ("styles", "automatic-styles"):
                continue
            for style in section.elements():
                name = style.attrs.get("name")
                if style.tag != "style" or not name:
                    continue
                parents[name] = style.attrs.get("parent-style-name", "")
                for properties in style.elements():
                    value = properties.attrs.get(keys.struck_property)
                    if properties.tag == "text-properties" and value is not None:
                        own[name] = value.strip().lower() != "none"
    struck = set()
    for name in parents:
        seen, current = set(), name
        while current and current not in own and current not in seen:
            seen.add(current)
            current = parents.get(current, "")
        if own.get(current, False):
            struck.add(name)
    return frozenset(struck)


@dataclass
class _Converter:
    """Turns the OpenDocument tree into plain HTML elements the HTML reader understands."""

    keys: OpenDocumentKeys
    struck: frozenset[str]
    title: str | None = None
    notes: list[XmlElement] = field(default_factory=list)  # footnote bodies waiting for their paragraph's end
    in_sheets: bool = False

    def convert(self, element: XmlElement, parent: Element) -> None:
        """Append the HTML of ``element``'s children to ``parent``."""
        for child in element.children:
            if isinstance(child, TextRun):
                parent.children.append(child)
            elif child.tag == "meta":
                self._meta_title(child)
            elif child.tag in self.keys.skipped:
                continue
            elif child.tag == "note":
                self.notes.extend(inner for inner in child.elements() if inner.tag == "note-body")
            elif child.tag in ("s", "tab"):
                count = min(_count(child.attrs.get("c")), _SPACE_COUNT) if child.tag == "s" else 1
                parent.children.append(TextRun(" " * count, child.line, child.column))
            elif child.tag == "h":
                level = min(max(_count(child.attrs.get("outline-level")), 1), 6)
                self._block(child, parent, f"h{level}")
            elif child.tag == "table":
                self._table(child, parent)
            elif child.tag == "spreadsheet":
                self.in_sheets = True
                self.convert(child, parent)
            else:
                tag = self.keys.elements.get(child.tag)
                if tag == "p":
                    self._block(child, parent, "p")
                elif tag is not None:
                    self._wrapped(child, parent, tag)
                else:  # a span, a link, a field or the office body: its text reads on
                    self._styled(child, parent)

    def _meta_title(self, meta: XmlElement) -> None:
        for inner in meta.elements():
            text = " ".join(inner.text().split())
            if inner.tag == "title" and text and self.title is None:
                self.title = text

    def _wrapped(self, element: XmlElement, parent: Element, tag: str) -> Element:
        wrapper = Element(tag, {}, element.line, element.column)
        parent.children.append(wrapper)
        self._styled(element, wrapper)
        return wrapper

    def _styled(self, element: XmlElement, parent: Element) -> None:
        """Append ``element``'s content, inside a ``<del>`` when its style strikes it through."""
        if element.attrs.get("style-name") in self.struck:
            struck = Element("del", {}, element.line, element.column)
            parent.children.append(struck)
            parent = struck
        self.convert(element, parent)

    def _block(self, element: XmlElement, parent: Element, tag: str) -> None:
        """Append a paragraph or heading, then the footnote bodies it cites, each a paragraph of its own."""
        outer = not self.notes
        self._wrapped(element, parent, tag)
        if outer:
            while self.notes:
                self._wrapped(self.notes.pop(0), parent, "div")

    def _table(self, element: XmlElement, parent: Element) -> None:
        """Append a table: header rows as ``<thead>``, repeated cells copied, empty rows and cells dropped."""
        if self.in_sheets and (name := element.places.get("name")):
            parent.children.append(Element("h2", {}, element.line, element.column, list(name)))
        table = Element("table", {}, element.line, element.column)
        parent.children.append(table)
        rows = list(_rows(element, in_head=False))
        header_given = any(in_head for _, in_head in rows)
        for index, (row, in_head) in enumerate(rows):
            header = in_head or (not header_given and index == 0 and self._header_row(row, rows[1:]))
            out = Element("tr", {}, row.line, row.column)
            for cell in _cells(row):
                copy = Element("th" if header else "td", _spans(cell), cell.line, cell.column)
                self._styled(cell, copy)
                out.children.append(copy)
            if out.children:
                section = Element("thead" if header else "tbody", {}, row.line, row.column, [out])
                table.children.append(section)

    def _header_row(self, row: XmlElement, rest: list[tuple[XmlElement, bool]]) -> bool:
        """Return True for a first row of text cells over rows holding numbers, or of header-styled text."""
        cells = [cell for cell in _cells(row) if cell.text().strip()]
        if not cells or any(_value_type(cell) in self.keys.numeric_types for cell in cells):
            return False
        paragraphs = [inner for cell in cells for inner in cell.elements() if inner.tag == "p"]
        if paragraphs and all(p.attrs.get("style-name") in self.keys.header_styles for p in paragraphs):
            return True
        return any(
            _value_type(cell) in self.keys.numeric_types for other, _ in rest for cell in _cells(other)
        )


def _rows(element: XmlElement, in_head: bool) -> list[tuple[XmlElement, bool]]:
    """Return the table's rows that hold text, each with whether it is a header row, in order."""
    found: list[tuple[XmlElement, bool]] = []
    for child in element.elements():
        if child.tag == "table-row":
            if any(cell.text().strip() for cell in child.elements()):
                found.append((child, in_head))
        elif child.tag in ("table-header-rows", "table-rows", "table-row-group"):
            found.extend(_rows(child, in_head or child.tag == "table-header-rows"))
    return found


def _cells(row: XmlElement) -> list[XmlElement]:
    """Return the row's cells, a repeated cell copied (up to a bound), trailing empty cells dropped."""
    cells: list[XmlElement] = []
    for cell in row.elements():
        if cell.tag != "table-cell":
            continue
        cells.extend([cell] * min(_count(cell.attrs.get("number-columns-repeated")), _MAX_REPEATED))
    while cells and not cells[-1].text().strip():
        cells.pop()
    return cells


def _spans(cell: XmlElement) -> dict[str, str]:
    spans = {}
    for name, html_name in (("number-columns-spanned", "colspan"), ("number-rows-spanned", "rowspan")):
        if _count(cell.attrs.get(name)) > 1:
            spans[html_name] = cell.attrs[name]
    return spans


def _value_type(cell: XmlElement) -> str:
    return cell.attrs.get("value-type", "").strip().lower()


def _count(value: str | None) -> int:
    """Return a count attribute's whole number (1 when absent or not a number), at most a bound."""
    if value is None or not value.strip().isdigit():
        return 1
    return int(value[:9])
