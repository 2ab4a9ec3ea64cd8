"""Segment an HTML page into blocks: headings, paragraphs, list items, table rows and definitions."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from factlint.models import Block, BlockKind
from factlint.sources.blocks import anchored_block, is_boilerplate
from factlint.sources.htmlboldcells import is_bold_cell, styled_weight
from factlint.sources.htmlchrome import is_skipped
from factlint.sources.htmlpairs import value_after_label
from factlint.sources.htmltable import (
    MAX_COLSPAN,
    MAX_ROWSPAN,
    SourceCell,
    SourceRow,
    lay_out,
    row_blocks,
    span,
)
from factlint.sources.htmltext import AnchoredText, TextGatherer, join
from factlint.sources.htmltree import HEADINGS, Element, TextRun, parse_tree

# Elements that start and end a block of text; any other element is inline.
BLOCK_LEVEL = frozenset((
    "address", "article", "aside", "blockquote", "body", "caption", "center", "details", "dialog",
    "dir", "div", "dl", "dd", "dt", "fieldset", "figcaption", "figure", "footer", "form", "header",
    "hgroup", "hr", "html", "legend", "li", "main", "menu", "nav", "ol", "p", "search", "section",
    "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul"
)) | HEADINGS  # fmt: skip
LISTS = frozenset(("ul", "ol", "menu", "dir"))
BOLD = frozenset(("b", "strong"))
# A table is read as page layout, not data, when a cell holds one of these or several blocks.
_LAYOUT_INSIDE = HEADINGS | {"table"}
_CELL_BLOCKS = frozenset(["p", "div", "ul", "ol", "dl", "blockquote", "section", "article"])
LAYOUT_CELL_CHARS = 500  # a data cell is a value or a short note; longer ones are page columns
MAX_LABEL_CHARS = 80
# Footnote marks: "1", "2,3", "[4]", "*", "†", "a".
FOOTNOTE_MARK = re.compile(r"[\[(]?(?:\d{1,3}|[*†‡§¶#]{1,3}|[a-z])(?:\s*[,–-]\s*\d{1,3})*[\])]?")
# What a superscript number raises to a power: "10" (10¹⁸), a length unit (mm², m³).
POWER_BASE = re.compile(r"(?<![\d.,])10$|(?<![A-Za-z])(?:[kcmµu]?m|in|ft)$")
SUPERSCRIPTS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
# A box whose headings end with it (a converted reader's panel under its own title): no page's
# tag, as tag names start with a letter.
SCOPE = "#scope"


def parse_html(lines: Sequence[str], body_line: int = 1) -> tuple[list[Block], str | None]:
    """Return the blocks of an HTML page and its title (``<title>``, else the first ``<h1>``).

    ``lines`` are all lines of the file; reading starts at ``body_line`` (after front matter).
    Block positions are where the text stands in the file; block text is the text a reader
    sees (no tags, entities decoded, whitespace collapsed) with ``Block.anchors`` mapping it back.
    """
    return read_tree(parse_tree("\n".join(lines[body_line - 1 :]), body_line))


def read_tree(root: Element) -> tuple[list[Block], str | None]:
    """Return the blocks and title of an element tree built by ``parse_tree`` or alike (the XML reader's)."""
    reader = _PageReader()
    reader.walk(root)
    reader.flush()
    return reader.blocks, reader.title or reader.first_heading


@dataclass
class _ListContext:
    intro: str | None
    label: str | None


@dataclass
class _Item:
    """An open list item (``<li>``, ``<dd>``): text gathered in it becomes LIST_ITEM blocks."""

    context: _ListContext
    term: AnchoredText | None = None  # the <dt> a <dd> defines


@dataclass
class _PageReader:
    """Walks the element tree once, gathering inline text and emitting blocks at block boundaries."""

    blocks: list[Block] = field(default_factory=list)
    headings: list[tuple[int, str]] = field(default_factory=list)
    lists: list[_ListContext] = field(default_factory=list)
    items: list[_Item] = field(default_factory=list)  # the list items open around the text
    gatherer: TextGatherer = field(default_factory=TextGatherer)
    bold: list[tuple[int, int]] = field(default_factory=list)  # (start, end) of bold text in the gatherer
    flushes: int = 0  # blocks flushed so far: a bold span broken by a block is no label
    flatten: int = 0  # > 0 while gathering the text of one cell, heading or term
    previous_paragraph: tuple[str, str | None] | None = None  # (text, label)
    pair_context: _ListContext | None = None  # the list context of a run of label/value divs
    pair_end: int = -1  # len(blocks) after the last label/value pair
    title: str | None = None
    first_heading: str | None = None

    def path(self) -> tuple[str, ...]:
        return tuple(text for _, text in self.headings)

    # -- walking ---------------------------------------------------------------------

    def walk(self, element: Element) -> None:
        children = element.children
        index = 0
        while index < len(children):
            child = children[index]
            if isinstance(child, TextRun):
                self.gatherer.add(child)
            elif not self.flatten and (value := value_after_label(children, index, BLOCK_LEVEL)) is not None:
                self._label_pair(child, children[value])
                index = value
            else:
                self.visit(child)
            index += 1

    def visit(self, element: Element) -> None:
        tag = element.tag
        if tag == "br":
            self.gatherer.line_break()
        elif tag in ("title", "head"):
            self._title(element)
        elif is_skipped(element):
            if tag in BLOCK_LEVEL and not self.flatten:
                self.flush()
        elif tag == "sup" and self._superscript(element):
            pass
        elif self.flatten:
            if tag in BLOCK_LEVEL:
                self.gatherer.boundary()
                self.walk(element)
                self.gatherer.boundary()
            else:
                self.walk(element)
        elif tag in HEADINGS:
            self._heading(element)
        elif tag in LISTS:
            self._list(element)
        elif tag == "li":
            self._item(element, _Item(self.lists[-1] if self.lists else _ListContext(None, None)))
        elif tag == "dl":
            self._definitions(element)
        elif tag == "table" and not _is_layout(element):
            self._table(element)
        elif tag == SCOPE:
            self._scoped(element)
        elif tag in BOLD:
            self._bold(element)
        elif tag in BLOCK_LEVEL:
            self.flush()
            self.walk(element)
            self.flush()
        else:
            self.walk(element)

    def collect(self, element: Element, *, one_line: bool) -> AnchoredText | None:
        """Return the text of ``element`` as one piece, its inner blocks flattened."""
        saved = self.gatherer, self.bold
        self.gatherer, self.bold = TextGatherer(one_line=one_line), []
        self.flatten += 1
        self.walk(element)
        self.flatten -= 1
        text = self.gatherer.text()
        self.gatherer, self.bold = saved
        return text

    # -- elements --------------------------------------------------------------------

    def _superscript(self, element: Element) -> bool:
        """Read a ``<sup>`` of digits: drop a footnote mark, write a power as "10¹⁸", "mm²".

        Return False to read it as ordinary inline text.
        """
        text = "".join(run.text for run in element.runs()).strip()
        if not FOOTNOTE_MARK.fullmatch(text):
            return False
        if text.isdigit() and POWER_BASE.search(self.gatherer.last_token()):
            for run in element.runs():
                self.gatherer.add(TextRun(run.text.translate(SUPERSCRIPTS), run.line, run.column))
        # else: "141 GB<sup>2</sup>" states 141 GB, not "GB2"
        return True

    def _title(self, element: Element) -> None:
        titles = (
            [element] if element.tag == "title" else [e for e in element.descendants() if e.tag == "title"]
        )
        for title in titles:
            text = " ".join("".join(run.text for run in title.runs()).split())
            if text and self.title is None:
                self.title = text

    def _heading(self, element: Element) -> None:
        self.flush()
        level = int(element.tag[1])
        while self.headings and self.headings[-1][0] >= level:
            self.headings.pop()
        self.previous_paragraph = None
        text = self.collect(element, one_line=False)
        if text is None:
            return
        self.blocks.append(anchored_block(BlockKind.HEADING, text, self.path()))
        heading = " ".join(text.text.split())
        self.headings.append((level, heading))
        if level == 1 and self.first_heading is None:
            self.first_heading = heading

    def _scoped(self, element: Element) -> None:
        """Read a box whose headings (a panel's title) do not reach past it."""
        self.flush()
        headings = list(self.headings)
        self.walk(element)
        self.flush()
        self.headings = headings
        self.previous_paragraph = None

    def _bold(self, element: Element) -> None:
        start, flushes = len(self.gatherer), self.flushes
        self.walk(element)
        if self.flushes == flushes and len(self.gatherer) > start:
            self.bold.append((start, len(self.gatherer)))

    def _list(self, element: Element) -> None:
        self.flush()
        self.lists.append(self._list_context())
        self._item(element, _Item(self.lists[-1]))  # text straight in <ul> reads as an item
        self.lists.pop()
        self.previous_paragraph = None

    def _list_context(self) -> _ListContext:
        previous = self.previous_paragraph
        if previous is not None:
            return _ListContext(previous[0], previous[1])
        return _ListContext(None, self.lists[-1].label if self.lists else None)

    def _item(self, element: Element, item: _Item) -> None:
        self.flush()
        self.items.append(item)
        self.walk(element)
        self.flush()
        self.items.pop()

    def _definitions(self, element: Element) -> None:
        """Read ``<dt>term<dd>value`` pairs as list items "term: value" labelled with the term."""
        self.flush()
        context = self._list_context()
        self.lists.append(context)
        terms: list[AnchoredText] = []
        defined = False  # the terms in hand have had a <dd>
        for child in _definition_children(element):
            if isinstance(child, Element) and child.tag == "dt" and not is_skipped(child):
                if defined:
                    terms, defined = [], False
                term = self.collect(child, one_line=True)
                if term is not None:
                    terms.append(term)
            elif isinstance(child, Element) and child.tag == "dd":
                term = _joined(terms, ", ") if terms else None
                if not is_skipped(child):
                    self._item(child, _Item(context, term))
                defined = True
            elif isinstance(child, TextRun):
                if child.text.strip():
                    self.items.append(_Item(context))
                    self.gatherer.add(child)
                    self.flush()
                    self.items.pop()
            elif child.tag not in ("dt", "dd"):
                self._item(child, _Item(context))
        if terms and not defined:  # a term with no definition still says what it says
            self._emit_item(_joined(terms, ", "), _Item(context), [])
        self.lists.pop()
        self.previous_paragraph = None

    def _label_pair(self, label: Element | TextRun, value: Element | TextRun) -> None:
        """Read ``<div>GPU Memory</div><div>80GB</div>`` as ``<dt>``/``<dd>``: one item "label: value"."""
        assert isinstance(label, Element) and isinstance(value, Element)
        self.flush()
        # Consecutive pairs are one list: they share the context of the first.
        if self.pair_context is None or self.pair_end != len(self.blocks):
            self.pair_context = self._list_context()
        term = self.collect(label, one_line=True)
        self.lists.append(self.pair_context)
        self._item(value, _Item(self.pair_context, term))
        self.lists.pop()
        self.pair_end = len(self.blocks)

    def _table(self, element: Element) -> None:
        self.flush()
        previous = self.previous_paragraph
        label = previous[1] if previous else (self.lists[-1].label if self.lists else None)
        rows: list[SourceRow] = []
        captions: list[AnchoredText] = []
        self._rows(element, rows, captions, in_head=False)
        for caption in captions:
            self._emit_paragraphs(caption, [])
        headers, body = lay_out(rows)
        self.blocks.extend(row_blocks(headers, body, self.path(), label))
        self.previous_paragraph = None

    def _rows(
        self, element: Element, rows: list[SourceRow], captions: list[AnchoredText], in_head: bool
    ) -> None:
        """Collect the rows of a table section (cells straight in it form one row)."""
        loose: list[Element] = []
        for child in element.children:
            if not isinstance(child, Element) or is_skipped(child):
                continue
            if child.tag in ("td", "th"):
                loose.append(child)
                continue
            if loose:
                rows.append(self._row(loose, in_head, loose[0]))
                loose = []
            if child.tag == "tr":
                cells = [
                    cell for cell in child.children if isinstance(cell, Element) and cell.tag in ("td", "th")
                ]
                rows.append(self._row([cell for cell in cells if not is_skipped(cell)], in_head, child))
            elif child.tag == "caption":
                caption = self.collect(child, one_line=False)
                if caption is not None:
                    captions.append(caption)
            elif child.tag not in ("colgroup", "col"):
                self._rows(child, rows, captions, in_head or child.tag == "thead")
        if loose:
            rows.append(self._row(loose, in_head, loose[0]))

    def _row(self, cells: list[Element], in_head: bool, start: Element) -> SourceRow:
        row_bold = start.tag == "tr" and styled_weight(start) is True
        return SourceRow(
            tuple(
                SourceCell(
                    self.collect(cell, one_line=True),
                    cell.tag == "th",
                    span(cell.attrs.get("colspan"), MAX_COLSPAN),
                    span(cell.attrs.get("rowspan"), MAX_ROWSPAN),
                    cell.tag == "td" and is_bold_cell(cell, row_bold),
                )
                for cell in cells
            ),
            in_head,
            start.line,
            start.column,
        )

    # -- emitting --------------------------------------------------------------------

    def flush(self) -> None:
        """Turn the text gathered so far into blocks."""
        text, bold = self.gatherer.text(), self.bold
        self.gatherer.reset()
        self.bold = []
        self.flushes += 1
        if text is None:
            return
        if self.items:
            self._emit_item(text, self.items[-1], bold)
        else:
            self._emit_paragraphs(text, bold)

    def _emit_item(self, text: AnchoredText, item: _Item, bold: list[tuple[int, int]]) -> None:
        """Emit a list item; a <dd> item reads "term: text" and is labelled with its term."""
        if item.term is not None:
            label: str | None = " ".join(item.term.text.split())
            text = _joined([item.term, text], ": ")
        else:
            label = bold_labels(text.text, bold)[0][1] or item.context.label
        if "\n" not in text.text and is_boilerplate(text.text):
            return
        block = anchored_block(
            BlockKind.LIST_ITEM, text, self.path(), label=label, list_intro=item.context.intro
        )
        self.blocks.append(block)
        self.previous_paragraph = (text.text, label)

    def _emit_paragraphs(self, text: AnchoredText, bold: list[tuple[int, int]]) -> None:
        """Emit a paragraph, split before each line that opens with a bold label ("<b>B:</b> 2 GB")."""
        for part, label in labelled_parts(text, bold):
            if "\n" not in part.text and is_boilerplate(part.text):
                self.previous_paragraph = None
                continue
            self.blocks.append(anchored_block(BlockKind.PARAGRAPH, part, self.path(), label=label))
            self.previous_paragraph = (part.text, label)


def labelled_parts(text: AnchoredText, bold: list[tuple[int, int]]) -> list[tuple[AnchoredText, str | None]]:
    """Return ``text`` cut before each line that opens with a bold label, each part with its label
    (None for an unlabelled first part) and without the white space that ended it."""
    labels = bold_labels(text.text, bold)
    bounds = [start for start, _ in labels[1:]] + [len(text.text)]
    return [
        (text.slice(start, len(text.text[:end].rstrip())), label)
        for (start, label), end in zip(labels, bounds, strict=True)
    ]


def bold_labels(text: str, bold: list[tuple[int, int]]) -> list[tuple[int, str | None]]:
    """Return (start, label) of the parts of ``text``: the first part, then one per labelled line."""
    parts: list[tuple[int, str | None]] = [(0, None)]
    for start, end in bold:
        while start < end and text[start] in " \n":
            start += 1
        if start and text[start - 1] != "\n":
            continue
        strong = text[start:end].strip()
        after = text[end:].lstrip(" ")
        if strong.endswith(":"):
            label = strong[:-1].strip()
        elif after.startswith(":"):
            label = strong
        else:
            continue
        if not label or "\n" in label or len(label) > MAX_LABEL_CHARS:
            continue
        if start == 0:
            parts[0] = (0, label)
        elif start > parts[-1][0]:
            parts.append((start, label))
    return parts


def _joined(parts: list[AnchoredText], separator: str) -> AnchoredText:
    text, anchors, _ = join(parts, separator)
    return AnchoredText(text, tuple(anchors))


def _definition_children(element: Element) -> list[Element | TextRun]:
    """Return the children of a ``<dl>``, with ``<div>`` wrappers of dt/dd groups opened."""
    children: list[Element | TextRun] = []
    for child in element.children:
        if isinstance(child, Element) and child.tag == "div" and not is_skipped(child):
            children.extend(_definition_children(child))
        else:
            children.append(child)
    return children


def _is_layout(table: Element) -> bool:
    """Return True for a table that lays out the page (headings, nested tables, long cells)."""
    if table.attrs.get("role", "").strip().lower() in ("presentation", "none"):
        return True
    for inner in table.descendants():
        if inner.tag in _LAYOUT_INSIDE:
            return True
        if inner.tag in ("td", "th"):
            blocks = sum(
                1 for child in inner.children if isinstance(child, Element) and child.tag in _CELL_BLOCKS
            )
            if blocks > 1 or sum(len(run.text.strip()) for run in inner.runs()) > LAYOUT_CELL_CHARS:
                return True
    return False
