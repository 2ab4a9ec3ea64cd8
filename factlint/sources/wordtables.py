"""The table structure of a Word document: header rows, cells spanning columns and merged down rows."""

from __future__ import annotations

import re

from factlint.sources.wordkeys import WordKeys, child_element, property_on
from factlint.sources.wordstyles import WordStyles
from factlint.sources.xmltree import XmlElement

_MAX_SPAN = 64  # a cell spans at most this many grid columns
# A cell whose text opens with a figure (after a sign, a currency or a bound sign).
_NUMERIC_CELL = re.compile(r"[\s~≈<>+\-−$€£¥]*\d")


def header_row_count(rows: list[XmlElement], styles: WordStyles, keys: WordKeys) -> int:
    """Return how many leading rows head the table.

    Rows marked to repeat as a header (``w:tblHeader``) do; without them, a first row of text
    cells does when its paragraphs are in a table-heading style or a row below opens a cell with
    a figure.
    """
    marked = 0
    for row in rows:
        properties = child_element(row, "trpr")
        if not property_on(properties, frozenset({"tblheader"}), keys):
            break
        marked += 1
    if marked or not rows:
        return marked
    texts = [cell.text().strip() for cell in rows[0].elements() if cell.tag == "tc"]
    if not any(texts) or any(_NUMERIC_CELL.match(text) for text in texts if text):
        return 0
    named = [
        style.attrs.get("val", "")
        for paragraph in rows[0].descendants()
        if paragraph.tag == "p"
        and (style := child_element(child_element(paragraph, "ppr"), "pstyle")) is not None
    ]
    if named and all(styles.is_in(style, keys.header_styles) for style in named):
        return 1
    below = (cell.text().strip() for row in rows[1:] for cell in row.elements() if cell.tag == "tc")
    return 1 if any(_NUMERIC_CELL.match(text) for text in below) else 0


def grid_span(cell: XmlElement) -> int:
    """Return how many grid columns a cell spans (``w:gridSpan``, 1 when it sets none)."""
    properties = child_element(cell, "tcpr")
    span = child_element(properties, "gridspan")
    value = span.attrs.get("val", "") if span is not None else ""
    return min(int(value[:4]), _MAX_SPAN) if value.isdigit() and int(value[:4]) > 0 else 1


def vertical_spans(rows: list[XmlElement]) -> dict[int, int]:
    """Return, by cell identity, the rows a cell merged down spans (0 for the cells it covers)."""
    spans: dict[int, int] = {}
    open_cells: dict[int, XmlElement] = {}  # grid column -> the cell that opened a merge there
    for row in rows:
        column = 0
        for cell in (cell for cell in row.elements() if cell.tag == "tc"):
            properties = child_element(cell, "tcpr")
            merge = child_element(properties, "vmerge")
            if merge is not None and merge.attrs.get("val", "continue").strip().lower() != "restart":
                opener = open_cells.get(column)
                if opener is not None:
                    spans[id(opener)] = spans.get(id(opener), 1) + 1
                    spans[id(cell)] = 0
            elif merge is not None:
                open_cells[column] = cell
            else:
                open_cells.pop(column, None)
            column += grid_span(cell)
    return spans
