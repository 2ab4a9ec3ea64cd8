"""Parse HTML into a light element tree whose text runs keep their file positions.

The tokenizer is the standard library's ``html.parser`` (the one BeautifulSoup's
"html.parser" builder wraps): lenient, and it reports the line and column of every run of
text and every character reference, which tree builders throw away. On top of it this
module applies the parts of HTML's tree construction that decide where blocks end: void
elements, optional end tags (``<p>``, ``<li>``, ``<dt>``/``<dd>``, ``<tr>``, ``<td>``...),
end tags that match nothing, and an unclosed ``<head>``. Misnested inline tags need no
repair: inline markup does not change which block a text run belongs to.
"""

from __future__ import annotations

import html
import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.entities import html5 as ENTITIES
from html.parser import HTMLParser

# Deeper start tags (thousands of unclosed <font> tags in old pages) are not nested
# further: their text joins the element open at this depth, and walking stays shallow.
MAX_DEPTH = 160

VOID = frozenset((
    "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img", "input",
    "keygen", "link", "meta", "param", "source", "track", "wbr"
))  # fmt: skip
HEADINGS = frozenset(("h1", "h2", "h3", "h4", "h5", "h6"))
# Elements an open <p> cannot contain: their start tag closes it.
_CLOSES_P = frozenset((
    "address", "article", "aside", "blockquote", "center", "details", "dialog", "dir", "div", "dl",
    "dd", "dt", "fieldset", "figcaption", "figure", "footer", "form", "header", "hgroup", "hr", "li",
    "listing", "main", "menu", "nav", "ol", "p", "plaintext", "pre", "search", "section", "summary",
    "table", "ul", "xmp"
)) | HEADINGS  # fmt: skip
# Elements an end tag or an implied end does not reach across (HTML's "scope").
_SCOPE = frozenset((
    "applet", "button", "caption", "html", "marquee", "math", "object", "svg", "table", "td",
    "template", "th"
))  # fmt: skip
_LIST_SCOPE = _SCOPE | {"ol", "ul", "menu", "dir"}
_TABLE_SCOPE = frozenset(("table", "template", "html"))
# A start tag closes the nearest open element named in the first set unless a boundary
# element of the second set is open above it.
_IMPLIED_END = {
    "li": (frozenset(("li",)), _LIST_SCOPE),
    "dt": (frozenset(("dt", "dd")), _SCOPE | {"dl"}),
    "dd": (frozenset(("dt", "dd")), _SCOPE | {"dl"}),
    "tr": (frozenset(("tr",)), _TABLE_SCOPE | {"thead", "tbody", "tfoot"}),
    "td": (frozenset(("td", "th")), _TABLE_SCOPE | {"tr"}),
    "th": (frozenset(("td", "th")), _TABLE_SCOPE | {"tr"}),
    "thead": (frozenset(("thead", "tbody", "tfoot", "caption")), _TABLE_SCOPE),
    "tbody": (frozenset(("thead", "tbody", "tfoot", "caption")), _TABLE_SCOPE),
    "tfoot": (frozenset(("thead", "tbody", "tfoot", "caption")), _TABLE_SCOPE),
    "option": (frozenset(("option",)), frozenset(("select", "datalist", "optgroup"))),
    "optgroup": (frozenset(("option", "optgroup")), frozenset(("select",))),
}
_END_SCOPE = {
    "td": _TABLE_SCOPE,
    "th": _TABLE_SCOPE,
    "tr": _TABLE_SCOPE,
    "thead": _TABLE_SCOPE,
    "tbody": _TABLE_SCOPE,
    "tfoot": _TABLE_SCOPE,
    "caption": _TABLE_SCOPE,
    "table": frozenset(("template", "html")),
    "li": _LIST_SCOPE,
}
# What may stand in <head>; any other start tag ends a <head> left open.
_HEAD_CONTENT = frozenset(
    ["base", "basefont", "bgsound", "link", "meta", "noscript", "script", "style", "template", "title"]
)
# End tags that would end the document early in broken pages: text after them still counts.
_IGNORED_END = frozenset(("html", "body"))


@dataclass(frozen=True)
class TextRun:
    """Characters of the page as written at one place: decoded text and its 1-based position."""

    text: str
    line: int
    column: int


@dataclass
class Element:
    """An element with its attributes, the position of its start tag and its children."""

    tag: str
    attrs: dict[str, str]
    line: int
    column: int
    children: list[Element | TextRun] = field(default_factory=list)

    def runs(self) -> Iterator[TextRun]:
        """Yield every text run below this element, in document order."""
        pending: list[Element | TextRun] = list(reversed(self.children))
        while pending:
            node = pending.pop()
            if isinstance(node, TextRun):
                yield node
            else:
                pending.extend(reversed(node.children))

    def descendants(self) -> Iterator[Element]:
        """Yield every element below this one, in document order."""
        pending = [child for child in reversed(self.children) if isinstance(child, Element)]
        while pending:
            node = pending.pop()
            yield node
            pending.extend(child for child in reversed(node.children) if isinstance(child, Element))


def parse_tree(text: str, first_line: int = 1) -> Element:
    """Return the root element (tag ``#document``) of the HTML ``text``, whose first line is ``first_line``.

    Never raises on malformed markup: what cannot be a tag is text.
    """
    builder = _TreeBuilder(text, first_line)
    builder.feed(text)
    builder.close()
    return builder.root


class _TreeBuilder(HTMLParser):
    def __init__(self, text: str, first_line: int) -> None:
        super().__init__(convert_charrefs=False)  # each reference reported where it stands
        self.text = text
        self.line_starts = [0, *itertools.accumulate(len(line) + 1 for line in text.split("\n"))]
        self.line_offset = first_line - 1
        self.root = Element("#document", {}, first_line, 1)
        self.stack = [self.root]

    def _position(self) -> tuple[int, int]:
        line, offset = self.getpos()
        return line + self.line_offset, offset + 1

    # -- tokens ----------------------------------------------------------------------

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._start(tag, attrs, empty=False)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        # "<div/>": XHTML's empty element, which keeps a stray slash from swallowing the page.
        self._start(tag, attrs, empty=True)

    def handle_endtag(self, tag: str) -> None:
        if tag == "br":  # "</br>" is a line break in every browser
            self._start("br", [], empty=True)
            return
        if tag in _IGNORED_END:
            return
        boundary = _END_SCOPE.get(tag, _SCOPE)
        for index in range(len(self.stack) - 1, 0, -1):
            name = self.stack[index].tag
            if name == tag:
                del self.stack[index:]
                return
            if name in boundary:
                return

    def handle_data(self, data: str) -> None:
        self._text(data)

    def handle_charref(self, name: str) -> None:
        self._text(html.unescape(f"&#{name};"))  # also maps &#150; and invalid numbers as browsers do

    def handle_entityref(self, name: str) -> None:
        line, offset = self.getpos()
        if self.text.startswith(";", self.line_starts[line - 1] + offset + 1 + len(name)):
            self._text(ENTITIES.get(f"{name};", f"&{name};"))  # an unknown name stays as written
            return
        # No ";": the longest legacy name it starts with, as browsers read "&copy2025", "&ampx".
        for cut in range(len(name), 0, -1):
            if name[:cut] in ENTITIES:
                self._text(ENTITIES[name[:cut]])
                self._text(name[cut:], shift=1 + cut)
                return
        self._text(f"&{name}")

    def parse_html_declaration(self, i: int) -> int:
        position = self.lineno, self.offset
        try:
            return super().parse_html_declaration(i)
        except AssertionError:  # "<![ junk": _markupbase gives up; browsers read a bogus comment
            self.lineno, self.offset = position  # it moved them on before raising
            return self.parse_bogus_comment(i)

    # -- tree ------------------------------------------------------------------------

    def _text(self, data: str, shift: int = 0) -> None:
        if data:
            line, column = self._position()
            self.stack[-1].children.append(TextRun(data, line, column + shift))

    def _start(self, tag: str, attrs: list[tuple[str, str | None]], *, empty: bool) -> None:
        line, column = self._position()
        self._close_implied(tag)
        values: dict[str, str] = {}
        for name, value in attrs:
            values.setdefault(name, value or "")
        element = Element(tag, values, line, column)
        self.stack[-1].children.append(element)
        if not empty and tag not in VOID and len(self.stack) < MAX_DEPTH:
            self.stack.append(element)

    def _close_implied(self, tag: str) -> None:
        """Pop the elements that the start tag ``tag`` ends by HTML's optional end tag rules."""
        # An open <head> sits just below the root or <html>.
        if tag not in _HEAD_CONTENT and any(element.tag == "head" for element in self.stack[1:3]):
            self._pop_to(frozenset(("head",)), frozenset())
        if tag in _CLOSES_P:
            self._pop_to(frozenset(("p",)), _SCOPE)
        if tag in HEADINGS and self.stack[-1].tag in HEADINGS:
            self.stack.pop()
        implied = _IMPLIED_END.get(tag)
        if implied is not None:
            self._pop_to(*implied)

    def _pop_to(self, names: frozenset[str], boundary: frozenset[str]) -> None:
        """Pop up to and including the nearest open element in ``names``, unless a boundary comes first."""
        for index in range(len(self.stack) - 1, 0, -1):
            name = self.stack[index].tag
            if name in names:
                del self.stack[index:]
                return
            if name in boundary:
                return
