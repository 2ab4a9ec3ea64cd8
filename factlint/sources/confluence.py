"""Read a Confluence page in storage format (XHTML with ``ac:`` and ``ri:`` elements) into blocks.

The page is parsed by the lenient HTML tree builder (storage format is a fragment: no single
root, HTML entities, no namespace declarations) and turned into plain HTML that the HTML reader
segments as it segments any page, so tables keep their header cells and every block its file
positions. Macros are read by what they show: a rich-text body is prose under its ``title``
parameter (a heading that ends with the macro); the plain-text body of a ``code`` or
``noformat`` macro is preformatted text, read line by line; a macro without a body (``toc``,
``status``, ``jira``, ``anchor``...) shows generated content and yields nothing, and parameters
are never text. User mentions and resource identifiers are links, not text. See decision 0152.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from factlint.models import Block, BlockKind
from factlint.sources.blocks import make_block
from factlint.sources.html import SCOPE, read_tree
from factlint.sources.htmltree import Element, TextRun, parse_tree
from factlint.sources.linestarts import LineStarts
from factlint.sources.packaged import packaged_file

CONFLUENCE_SUFFIXES = (".xml", ".html", ".htm", ".xhtml")
# The body of a plain-text element and the CDATA sections in it.
_PLAIN_BODY = re.compile(
    r"<ac:(plain-text-body|plain-text-link-body)\b[^>]*>(.*?)</ac:\1\s*>", re.IGNORECASE | re.DOTALL
)
_CDATA = re.compile(r"<!\[CDATA\[(.*?)\]\]>", re.DOTALL)
# Attributes a table keeps from storage format: the spans (ids, widths, layout hints are markup).
_TABLE_ATTRIBUTES = ("colspan", "rowspan")


@dataclass(frozen=True)
class ConfluenceKeys:
    """The element, macro and parameter names of ``confluence.yaml``, lower case without prefix."""

    signs: re.Pattern[str]
    preformatted: frozenset[str]
    titles: tuple[str, ...]
    containers: frozenset[str]
    markup: frozenset[str]


@cache
def confluence_keys() -> ConfluenceKeys:
    """Return the packaged names of Confluence storage format."""
    known = packaged_file("factlint.sources", "confluence.yaml")
    signs = "|".join(re.escape(name) for name in known.words("signs"))
    return ConfluenceKeys(
        signs=re.compile(rf"<(?:{signs})[\s/>]", re.IGNORECASE),
        preformatted=known.folded_words("preformatted_macros"),
        titles=tuple(name.lower() for name in known.words("title_parameters")),
        containers=known.folded_words("containers"),
        markup=known.folded_words("markup"),
    )


def is_confluence(text: str, suffix: str) -> bool:
    """Return True for an ``.xml`` or ``.html`` file whose markup has Confluence storage elements."""
    if suffix.lower() not in CONFLUENCE_SUFFIXES or ("<ac:" not in text and "<ri:" not in text):
        return False
    return confluence_keys().signs.search(text) is not None


def parse_confluence(lines: Sequence[str], body_line: int = 1) -> tuple[list[Block], str | None]:
    """Return the blocks of a page in storage format and its title (its first ``<h1>``, if any)."""
    text = "\n".join(lines[body_line - 1 :])
    starts = LineStarts.of(text, body_line)
    converter = _Converter(confluence_keys(), _plain_bodies(text, starts), starts)
    page = Element("#document", {}, body_line, 1)
    converter.convert(parse_tree(text, body_line), page)
    blocks, title = read_tree(page)
    return _preformatted_lines(blocks, converter.preformatted), title


def _plain_bodies(text: str, starts: LineStarts) -> dict[int, list[TextRun]]:
    """Return the text of each plain-text body (its CDATA sections) as runs placed in the file,
    keyed by the offset of the body's start tag."""
    bodies: dict[int, list[TextRun]] = {}
    for body in _PLAIN_BODY.finditer(text):
        runs: list[TextRun] = []
        for section in _CDATA.finditer(text, body.start(2), body.end(2)):
            position = section.start(1)
            for index, piece in enumerate(section.group(1).split("\n")):
                if index:
                    runs.append(TextRun("\n", *starts.position(position - 1)))
                if piece.rstrip("\r"):
                    runs.append(TextRun(piece.rstrip("\r"), *starts.position(position)))
                position += len(piece) + 1
        bodies[body.start()] = runs
    return bodies


@dataclass
class _Converter:
    """Turns the storage-format tree into plain HTML elements the HTML reader understands."""

    keys: ConfluenceKeys
    plain_bodies: dict[int, list[TextRun]]
    line_starts: LineStarts
    preformatted: list[tuple[int, int]] = dataclasses.field(default_factory=list)  # first (line, column)

    def convert(self, element: Element, parent: Element) -> None:
        """Append the plain HTML of ``element``'s children to ``parent``."""
        for child in element.children:
            if isinstance(child, TextRun):
                parent.children.append(child)
                continue
            prefix, _, name = child.tag.rpartition(":")
            if prefix == "ri" or (prefix == "ac" and name in self.keys.markup):
                continue
            if prefix != "ac":
                kept = {key: value for key, value in child.attrs.items() if ":" not in key}
                if child.tag in ("table", "tr", "td", "th", "tbody", "thead", "tfoot"):
                    kept = {key: value for key, value in kept.items() if key in _TABLE_ATTRIBUTES}
                copy = Element(child.tag, kept, child.line, child.column)
                parent.children.append(copy)
                self.convert(child, copy)
            elif name in ("structured-macro", "macro"):
                self._macro(child, parent)
            elif name == "link":
                self._link(child, parent)
            elif name == "task-list":
                self._wrapped(child, parent, "ul")
            elif name == "task":
                self._wrapped(child, parent, "li")
            elif name in self.keys.containers:
                self._wrapped(child, parent, "div")
            else:  # inline markup such as an inline comment's marker: its text reads on
                self.convert(child, parent)

    def _wrapped(self, element: Element, parent: Element, tag: str) -> None:
        wrapper = Element(tag, {}, element.line, element.column)
        parent.children.append(wrapper)
        self.convert(element, wrapper)

    def _macro(self, element: Element, parent: Element) -> None:
        """Append a macro's body: prose under its title, or preformatted lines; nothing if bodiless."""
        name = element.attrs.get("ac:name", "").strip().lower()
        children = [child for child in element.children if isinstance(child, Element)]
        rich = next((child for child in children if child.tag == "ac:rich-text-body"), None)
        plain = next((child for child in children if child.tag == "ac:plain-text-body"), None)
        if rich is None and (plain is None or name not in self.keys.preformatted):
            return
        scope = Element(SCOPE, {}, element.line, element.column)
        title = self._title(children)
        if title is not None:
            scope.children.append(title)
        if rich is not None:
            self._wrapped(rich, scope, "div")
        elif plain is not None:
            runs = self._plain_runs(plain)
            first = next((run for run in runs if run.text.strip()), None)
            if first is None:
                return
            lead = len(first.text) - len(first.text.lstrip())
            self.preformatted.append((first.line, first.column + lead))
            scope.children.append(Element("div", {}, plain.line, plain.column, list(runs)))
        parent.children.append(scope)

    def _title(self, children: list[Element]) -> Element | None:
        """Return the heading a macro's title parameter shows, if it has one."""
        for key in self.keys.titles:
            for child in children:
                if child.tag == "ac:parameter" and child.attrs.get("ac:name", "").strip().lower() == key:
                    runs = list(child.runs())
                    if any(run.text.strip() for run in runs):
                        return Element("h6", {}, child.line, child.column, list(runs))
        return None

    def _plain_runs(self, element: Element) -> list[TextRun]:
        offset = self.line_starts.offset(element.line, element.column)
        return self.plain_bodies.get(offset, [])

    def _link(self, element: Element, parent: Element) -> None:
        """Append a link's text: its body; a mention or a bare link to a page or file shows no text here."""
        for child in element.children:
            if isinstance(child, Element) and child.tag == "ac:link-body":
                self.convert(child, parent)
            elif isinstance(child, Element) and child.tag == "ac:plain-text-link-body":
                parent.children.extend(self._plain_runs(child))


def _preformatted_lines(blocks: list[Block], starts: list[tuple[int, int]]) -> list[Block]:
    """Return ``blocks`` with each preformatted body's paragraph cut into one paragraph per line."""
    if not starts:
        return blocks
    wanted = set(starts)
    result: list[Block] = []
    for block in blocks:
        if block.kind is not BlockKind.PARAGRAPH or (block.line, block.column) not in wanted:
            result.append(block)
            continue
        result.extend(_split_lines(block))
    return result


def _split_lines(block: Block) -> list[Block]:
    """Return one paragraph per text line of ``block``, each with its own anchors."""
    parts: list[Block] = []
    start = 0
    for line_text in block.text.split("\n"):
        end = start + len(line_text)
        stripped = line_text.strip()
        if stripped:
            lead = len(line_text) - len(line_text.lstrip())
            first = start + lead
            last = first + len(stripped)
            line, column = block.position(first)
            anchors = [(0, line, column)]
            anchors += [
                (offset - first, ln, col) for offset, ln, col in block.anchors if first < offset < last
            ]
            parts.append(
                make_block(
                    BlockKind.PARAGRAPH,
                    stripped,
                    line,
                    column,
                    block.headings,
                    label=block.label,
                    anchors=tuple(anchors),
                )
            )
        start = end + 1
    return parts
