"""Read a Word document's WordprocessingML as the page Word shows.

The text is a ``.docx`` package's ``word/document.xml``, a bare ``document.xml``, or a flat
``pkg:package`` XML file saved by Word.

The XML is parsed by the safe expat tree builder, which keeps every text run at its file place, and
turned into plain HTML elements that the HTML reader segments as it segments any page (the route of
the OpenDocument reader, decision 0164): a ``w:p`` is a paragraph, a heading when its style (or its
outline level) says so, a list item when it is numbered (``w:numPr``) or in a list style; text comes
only from ``w:t`` runs, joined without spaces; ``w:tab`` and ``w:br`` are a space and a line break;
a ``w:tbl`` is a table whose repeated header rows (``w:tblHeader``), or else a first row of text over
rows holding numbers, head its columns. Tracked deletions and moved-away text (``w:del``,
``w:moveFrom``) and struck runs (``w:strike``) are read as HTML's ``<del>`` (struck, not read); tracked
insertions read as current text; hidden runs, field instructions and properties are no text. Footnote
and endnote bodies are read after the paragraph citing them. See decision 0170.
"""

from __future__ import annotations

import pathlib
import re
from dataclasses import dataclass, field

from factlint.sources.htmltree import Element, TextRun
from factlint.sources.wordkeys import WordKeys, child_element, property_on, word_keys
from factlint.sources.wordstyles import WordStyles
from factlint.sources.wordtables import grid_span, header_row_count, vertical_spans
from factlint.sources.xmlpage import parse_parts, read_xml_page
from factlint.sources.xmltree import XmlDocument, XmlElement, held_elements
from factlint.sources.zipparts import PackageParts, read_parts

_MAX_CONTENT_BYTES = 64 * 1024 * 1024  # the most bytes read from a package's parts
_ROOT = re.compile(r"<([\w.-]+:)?(?:document|package)\b")


def is_wordml(text: str, suffix: str) -> bool:
    """Return True for an ``.xml`` file whose root is a Word document or a flat Word package."""
    head = text[:4096]
    return (
        suffix.lower() == ".xml" and word_keys().namespace in text[:65536] and _ROOT.search(head) is not None
    )


def is_zipped_wordml(suffix: str) -> bool:
    """Return True for the suffix of a zipped Word package (``.docx``, ``.docm``, ``.dotx``, ``.dotm``)."""
    return suffix.lower() in word_keys().zipped_suffixes


def read_word_package(path: pathlib.Path) -> PackageParts:
    """Return the document part of the Word package at ``path``, with its styles and note parts."""
    keys = word_keys()
    return read_parts(
        path,
        keys.document_member,
        (keys.styles_member, *keys.note_members),
        kind="Word",
        max_bytes=_MAX_CONTENT_BYTES,
        too_large=f"the package's parts are larger than {_MAX_CONTENT_BYTES} bytes",
    )


def read_wordml(text: str, first_line: int = 1, others: tuple[str, ...] = ()) -> XmlDocument:
    """Return the blocks and title of a WordprocessingML text, or an error naming the malformed line.

    ``others`` are a package's styles, footnotes and endnotes parts, which ``text`` refers to.
    """
    keys = word_keys()

    def build(root: XmlElement, page: Element) -> str | None:
        roots = [root, *parse_parts(others)]
        converter = _Converter(keys, WordStyles.of(roots, keys), _note_bodies(roots))
        converter.convert(_body_root(root, keys), page)
        return converter.title

    return read_xml_page(text, first_line, build)


def _body_root(root: XmlElement, keys: WordKeys) -> XmlElement:
    """Return the element holding the body: the document, or a flat package's document part."""
    for part in root.elements():
        if part.tag != "package":
            continue
        for inner in part.elements():
            if inner.tag == "part" and inner.attrs.get("name", "").endswith(keys.document_part):
                return inner
        return XmlElement("#document", {}, root.line, root.column)
    return root


_NOTE_CONTAINERS = frozenset(("package", "part", "xmldata", "footnotes", "endnotes"))


def _note_bodies(roots: list[XmlElement]) -> dict[tuple[str, str], XmlElement]:
    """Return every footnote and endnote body by (kind, id), from any part or package part."""
    return {
        (child.tag, child.attrs["id"]): child
        for child in held_elements(roots, _NOTE_CONTAINERS)
        if child.tag in ("footnote", "endnote") and "id" in child.attrs
    }


@dataclass
class _Converter:
    """Turns the WordprocessingML tree into plain HTML elements the HTML reader understands."""

    keys: WordKeys
    styles: WordStyles
    note_bodies: dict[tuple[str, str], XmlElement]
    title: str | None = None
    notes: list[XmlElement] = field(default_factory=list)  # note bodies waiting for their paragraph's end
    # ids of the note bodies already cited: each is read once, so a note citing itself (or a cycle
    # of notes) cannot recurse
    cited: set[int] = field(default_factory=set)
    in_notes: bool = False  # reading note bodies: the notes they cite join the same queue
    in_text: bool = False  # inside a w:t: its character data is text
    list_parent: Element | None = None  # the open list of consecutive list paragraphs, and its parent
    list_element: Element | None = None

    def convert(self, element: XmlElement, parent: Element) -> None:
        """Append the HTML of ``element``'s children to ``parent``."""
        for child in element.children:
            if isinstance(child, TextRun):
                if self.in_text:
                    parent.children.append(child)
                continue
            tag = child.tag
            if tag in self.keys.skipped:
                continue
            if tag != "p" and parent is self.list_parent:
                self.list_element = None  # something else between list paragraphs ends the list
            if tag == "p":
                self._paragraph(child, parent)
            elif tag == "t":
                self.in_text, was = True, self.in_text
                self.convert(child, parent)
                self.in_text = was
            elif tag in self.keys.characters:
                parent.children.append(TextRun(self.keys.characters[tag], child.line, child.column))
            elif tag in self.keys.note_references:
                body = self.note_bodies.get((tag.removesuffix("reference"), child.attrs.get("id", "")))
                if body is not None and id(body) not in self.cited:
                    self.cited.add(id(body))
                    self.notes.append(body)
            elif tag in self.keys.struck:
                self._wrapped(child, parent, "del")
            elif tag == "r":
                self._run(child, parent)
            elif tag == "tbl":
                self._table(child, parent)
            elif (html_tag := self.keys.elements.get(tag)) is not None:
                self._wrapped(child, parent, html_tag)
            else:  # a hyperlink, a field, a smart tag, a content control, an insertion: text reads on
                self.convert(child, parent)

    def _wrapped(self, element: XmlElement, parent: Element, tag: str) -> Element:
        wrapper = Element(tag, {}, element.line, element.column)
        parent.children.append(wrapper)
        self.convert(element, wrapper)
        return wrapper

    def _run(self, run: XmlElement, parent: Element) -> None:
        """Append a run's text; a hidden run is none, a struck one (directly or by style) is ``<del>``."""
        properties = child_element(run, "rpr")
        if property_on(properties, self.keys.hidden_properties, self.keys):
            return
        struck = property_on(properties, self.keys.struck_properties, self.keys)
        style = child_element(properties, "rstyle")
        if not struck and style is not None:
            struck = self.styles.strikes(style.attrs.get("val", ""))
        if struck:
            self._wrapped(run, parent, "del")
        else:
            self.convert(run, parent)

    def _paragraph(self, paragraph: XmlElement, parent: Element) -> None:
        """Append a paragraph, heading or list item, then the note bodies it cites, each a paragraph."""
        outer = not self.notes and not self.in_notes
        properties = child_element(paragraph, "ppr")
        style_ref = child_element(properties, "pstyle")
        style = style_ref.attrs.get("val", "") if style_ref is not None else ""
        level = self._outline(properties)
        if level is None and style:
            level = self.styles.heading_level(style)
        numbered = _numbered(child_element(properties, "numpr"))
        if level is not None:
            self.list_element = None
            self._wrapped(paragraph, parent, f"h{min(level, 6)}")
        elif numbered or (style and self.styles.is_in(style, self.keys.list_styles)):
            if self.list_element is None or self.list_parent is not parent:
                self.list_element = Element("ul", {}, paragraph.line, paragraph.column)
                self.list_parent = parent
                parent.children.append(self.list_element)
            self._wrapped(paragraph, self.list_element, "li")
        else:
            self.list_element = None
            written = self._wrapped(paragraph, parent, "p")
            if style and self.title is None and self.styles.is_in(style, self.keys.title_styles):
                self.title = " ".join("".join(run.text for run in written.runs()).split()) or None
        if outer:
            self.in_notes = True
            while self.notes:
                self._wrapped(self.notes.pop(0), parent, "div")
            self.in_notes = False

    def _outline(self, properties: XmlElement | None) -> int | None:
        outline = child_element(properties, "outlinelvl")
        value = outline.attrs.get("val", "") if outline is not None else ""
        return int(value) + 1 if value.isdigit() and int(value) < 9 else None

    def _table(self, element: XmlElement, parent: Element) -> None:
        """Append a table: header rows as ``<thead>``, merged cells as spans."""
        self.list_element = None
        table = Element("table", {}, element.line, element.column)
        parent.children.append(table)
        rows = [row for row in element.elements() if row.tag == "tr"]
        merged = vertical_spans(rows)
        header_count = header_row_count(rows, self.styles, self.keys)
        for index, row in enumerate(rows):
            header = index < header_count
            out = Element("tr", {}, row.line, row.column)
            for cell in (cell for cell in row.elements() if cell.tag == "tc"):
                rowspan = merged.get(id(cell), 1)
                if rowspan == 0:
                    continue  # the continuation of a cell merged down: the cell above spans it
                attrs = {"rowspan": str(rowspan)} if rowspan > 1 else {}
                if (columns := grid_span(cell)) > 1:
                    attrs["colspan"] = str(columns)
                copy = Element("th" if header else "td", attrs, cell.line, cell.column)
                self.convert(cell, copy)
                self.list_element = None
                out.children.append(copy)
            if out.children:
                section = Element("thead" if header else "tbody", {}, row.line, row.column, [out])
                table.children.append(section)


def _numbered(numbering: XmlElement | None) -> bool:
    """Return True for a paragraph's ``w:numPr`` that numbers it (``w:numId`` 0 removes numbering)."""
    if numbering is None:
        return False
    number = child_element(numbering, "numid")
    return number is None or number.attrs.get("val", "").strip() != "0"
