"""Tell a table cell whose whole text is bold: a header written as a styled ``<td>``.

EDGAR filings, e-mail HTML and Word's HTML export rarely use ``<th>``: their header rows are
``<td style="font-weight:bold">``, ``<td><b>...</b></td>`` or a bold ``<tr>``.
"""

from __future__ import annotations

import re

from factlint.sources.htmltree import Element, TextRun

BOLD_TAGS = frozenset(("b", "strong"))
# The last font-weight of a style wins, as in CSS; 600 and above is bold.
_FONT_WEIGHT = re.compile(r"font-weight\s*:\s*([a-z0-9]+)", re.IGNORECASE)
_BOLD_WEIGHTS = frozenset(("bold", "bolder", "600", "700", "800", "900"))


def styled_weight(element: Element) -> bool | None:
    """Return True for a bold element (``<b>``, ``<strong>``, a bold font-weight), False for a
    font-weight that is not bold, None when the element says nothing about weight."""
    weights = _FONT_WEIGHT.findall(element.attrs.get("style", ""))
    if weights:
        return weights[-1].lower() in _BOLD_WEIGHTS
    return True if element.tag in BOLD_TAGS else None


def is_bold_cell(cell: Element, row_bold: bool) -> bool:
    """Return True when the cell holds text and every character of it is bold (by the cell's own
    style, the row's, or bold markup inside the cell)."""
    own = styled_weight(cell)
    return _all_bold(cell, row_bold if own is None else own) is True


def _all_bold(element: Element, bold: bool) -> bool | None:
    """Return True when all text below is bold, False when some is not, None when there is none."""
    seen = None
    for child in element.children:
        if isinstance(child, TextRun):
            if not child.text.strip():
                continue
            if not bold:
                return False
            seen = True
        else:
            weight = styled_weight(child)
            inner = _all_bold(child, bold if weight is None else weight)
            if inner is False:
                return False
            seen = seen or inner
    return seen
