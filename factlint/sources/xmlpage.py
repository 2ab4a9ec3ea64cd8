"""Read an XML file as the page it shows: one route for every XML format read through HTML.

A format's converter turns the parsed XML tree into an HTML-like page (headings, paragraphs, lists,
tables), and the HTML reader turns that page into blocks, so office documents, workbooks and feeds
share the HTML reader's tables, lists and positions (decisions 0129, 0164, 0170, 0178).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable

from factlint.sources.html import read_tree
from factlint.sources.htmltree import Element
from factlint.sources.xmltree import XmlDocument, XmlElement, XmlSyntaxError, depth_problems, parse_xml_tree

# Fills the empty page from the parsed document root and returns the title it found (None: none).
PageBuilder = Callable[[XmlElement, Element], "str | None"]


def read_xml_page(text: str, first_line: int, build: PageBuilder) -> XmlDocument:
    """Return the blocks and title of the page ``build`` makes of the XML ``text``, or an error naming
    the malformed line; the converter's title wins over one the page itself shows."""
    try:
        root = parse_xml_tree(text, first_line)
    except XmlSyntaxError as error:
        return XmlDocument(error=str(error))
    page = Element("#document", {}, first_line, 1)
    title = build(root, page)
    blocks, page_title = read_tree(page)
    return XmlDocument(tuple(blocks), title or page_title, problems=depth_problems(root))


def parse_parts(parts: Iterable[str]) -> list[XmlElement]:
    """Return the roots of the package parts (styles, notes) that are well-formed XML; a broken part is
    left out so the body it serves still reads."""
    roots = []
    for part in parts:
        with contextlib.suppress(XmlSyntaxError):
            roots.append(parse_xml_tree(part))
    return roots
