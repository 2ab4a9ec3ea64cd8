"""Parse forum markup (BBCode) into a tree of tags and text runs, and tell a BBCode file by its content.

The tag names come from ``bbcode.yaml`` (phpBB, vBulletin, SMF and XenForo conventions);
any other ``[name]`` is text as written. Tags close leniently, as forum software renders
them: a closing tag closes the open tags inside its opening one, a closing tag with no
opening one is dropped, ``[*]`` and ``[td]`` close the item or cell before them, and the
end of the text closes what is still open. The contents of ``[code]`` and ``[noparse]`` are
never read for tags. Tags nested deeper than ``_MAX_DEPTH`` are read as if not written, and
character references of forum exports (``&amp;``) are decoded where they stand. See decision 0137.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from functools import cache

from factlint.sources.htmltree import TextRun
from factlint.sources.linestarts import LineStarts
from factlint.sources.packaged import packaged_file

# Not ".bb": that is the suffix of BitBake (Yocto) recipes.
BBCODE_SUFFIXES = (".bbcode",)
BBCODE_TEXT_SUFFIXES = (".txt", "")

# "[name]", "[/name]", "[name=argument]", "[name attribute=value ...]", "[*]"
_TAG = re.compile(
    r"\[(?P<close>/?)(?P<name>\*|[A-Za-z][A-Za-z0-9]{0,15})(?P<rest>(?:[ =][^\[\]\n]{0,300})?)\]"
)
# A character reference of a forum export: "&amp;", "&#8212;", "&#x2014;".
_ENTITY = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
# Markdown code, whose brackets are no BBCode evidence: a fenced block, or a span in backticks.
_FENCE = re.compile(r"^[ ]{0,3}(`{3,}|~{3,})")
_CODE_SPAN = re.compile(r"`[^`\n]*`")
# Tags nested deeper than this are read as if not written (the reader walks the tree recursively).
_MAX_DEPTH = 64


@dataclass(frozen=True)
class BBCodeKnowledge:
    """The tag names of each kind and the forum furniture patterns of ``bbcode.yaml``."""

    kinds: dict[str, str]  # tag name -> kind ("formatting", "struck", "quote", ...)
    structure_signs: frozenset[str]
    min_pairs: int
    small_percent: int
    small_level: int
    small_points: int
    small_words: frozenset[str]
    post_headers: re.Pattern[str]
    furniture: re.Pattern[str]
    signature_rules: re.Pattern[str]


_KINDS = (
    "formatting",
    "struck",
    "links",
    "media",
    "code",
    "literal",
    "quote",
    "lists",
    "list_item",
    "table",
    "table_row",
    "table_cells",
    "rules",
)


@cache
def bbcode_knowledge() -> BBCodeKnowledge:
    """Return the forum-markup knowledge shipped in ``bbcode.yaml``."""
    known = packaged_file("factlint.sources", "bbcode.yaml")
    kinds = {name.lower(): kind for kind in _KINDS for name in known.words(kind)}
    return BBCodeKnowledge(
        kinds=kinds,
        structure_signs=known.folded_words("structure_signs"),
        min_pairs=known.whole_number("min_balanced_pairs"),
        small_percent=known.whole_number("small_percent"),
        small_level=known.whole_number("small_level"),
        small_points=known.whole_number("small_points"),
        small_words=known.folded_words("small_words"),
        post_headers=known.alternation("post_headers", re.IGNORECASE),
        furniture=known.alternation("furniture", re.IGNORECASE),
        signature_rules=known.alternation("signature_rules", re.IGNORECASE),
    )


def is_bbcode(text: str, suffix: str) -> bool:
    """Return True if the document is forum markup: by suffix, or for a ``.txt`` file (or one
    without a suffix) by at least three balanced pairs of known tags, one of them structural
    (``[quote]``, ``[url=]``, ``[list]``, ``[table]``, ``[code]``...)."""
    lowered = suffix.lower()
    if lowered in BBCODE_SUFFIXES:
        return True
    if lowered not in BBCODE_TEXT_SUFFIXES or "[/" not in text:
        return False
    text = _without_markdown_code(text)
    knowledge = bbcode_knowledge()
    opened: dict[str, int] = {}
    pairs = 0
    signs = False
    for match in _TAG.finditer(text):
        name = match.group("name").lower()
        if name not in knowledge.kinds:
            continue
        if not match.group("close"):
            opened[name] = opened.get(name, 0) + 1
        elif opened.get(name, 0) > 0:
            opened[name] -= 1
            pairs += 1
            signs = signs or name in knowledge.structure_signs
    return pairs >= knowledge.min_pairs and signs


def _without_markdown_code(text: str) -> str:
    """Return ``text`` without Markdown fenced code blocks and backtick code spans."""
    if "`" not in text and "~~~" not in text:
        return text
    kept: list[str] = []
    fence: str | None = None
    for line in text.split("\n"):
        opening = _FENCE.match(line)
        if fence is None and opening is not None:
            fence = opening.group(1)
        elif fence is not None:
            if line.strip().startswith(fence[0] * len(fence)) and not line.strip().strip(fence[0]):
                fence = None
        else:
            kept.append(_CODE_SPAN.sub("", line))
    return "\n".join(kept)


@dataclass
class Element:
    """A tag as written, its argument (``[url=X]``: X, quotes removed), position and children."""

    name: str  # lower case; "" for the root
    kind: str
    argument: str
    line: int
    column: int
    children: list[Element | TextRun] = field(default_factory=list)


class _Positions:
    """Map offsets of a text to 1-based (line, column) positions in the file."""

    def __init__(self, text: str, first_line: int) -> None:
        self.lines = LineStarts.of(text, first_line)

    def at(self, offset: int) -> tuple[int, int]:
        return self.lines.position(offset)

    def runs(self, text: str, start: int, end: int) -> list[TextRun]:
        """Return ``text[start:end]`` as runs of one line each, newlines kept at their ends."""
        runs = []
        while start < end:
            newline = text.find("\n", start, end)
            stop = end if newline < 0 else newline + 1
            runs += self._decoded(text, start, stop)
            start = stop
        return runs

    def _decoded(self, text: str, start: int, stop: int) -> list[TextRun]:
        """Return ``text[start:stop]`` (one line) as runs, each character reference decoded in a run
        of its own placed where it is written."""
        runs: list[TextRun] = []
        position = start
        for match in _ENTITY.finditer(text, start, stop) if "&" in text[start:stop] else ():
            decoded = html.unescape(match.group(0))
            if decoded == match.group(0):
                continue
            if position < match.start():
                runs.append(TextRun(text[position : match.start()], *self.at(position)))
            runs.append(TextRun(decoded, *self.at(match.start())))
            position = match.end()
        if position < stop:
            runs.append(TextRun(text[position:stop], *self.at(position)))
        return runs


# Tags that an opening tag of the same name closes ("[*] one [*] two", "[td]a[td]b").
_SELF_CLOSING_KINDS = ("list_item", "table_cells", "table_row")


def parse_tree(text: str, first_line: int = 1) -> Element:
    """Return the root element of ``text`` (whose first line is file line ``first_line``)."""
    knowledge = bbcode_knowledge()
    positions = _Positions(text, first_line)
    root = Element("", "", "", first_line, 1)
    stack = [root]
    offset = 0
    scan = 0
    while True:
        match = _TAG.search(text, scan)
        if match is None:
            break
        name = match.group("name").lower()
        kind = knowledge.kinds.get(name)
        if kind is None:
            scan = match.start() + 1
            continue
        stack[-1].children.extend(positions.runs(text, offset, match.start()))
        offset = scan = match.end()
        if match.group("close"):
            _close(stack, name)
            continue
        if len(stack) > _MAX_DEPTH and kind not in ("code", "literal", "rules"):
            continue
        if kind in _SELF_CLOSING_KINDS:
            _close_sibling(stack, kind)
        line, column = positions.at(match.start())
        element = Element(name, kind, _argument(match.group("rest")), line, column)
        stack[-1].children.append(element)
        if kind in ("code", "literal"):
            end = re.compile(rf"\[/{re.escape(name)}\]", re.IGNORECASE).search(text, offset)
            stop = len(text) if end is None else end.start()
            element.children.extend(positions.runs(text, offset, stop))
            offset = scan = len(text) if end is None else end.end()
        elif kind != "rules":
            stack.append(element)
    stack[-1].children.extend(positions.runs(text, offset, len(text)))
    return root


def _close(stack: list[Element], name: str) -> None:
    """Close the innermost open ``name`` and everything opened inside it; a stray closing is dropped."""
    for depth in range(len(stack) - 1, 0, -1):
        if stack[depth].name == name:
            del stack[depth:]
            return
    if name == "*":
        _close_sibling(stack, "list_item")


def _close_sibling(stack: list[Element], kind: str) -> None:
    """Close an open element of ``kind`` (with what is inside it) inside the nearest container."""
    containers = {"list_item": ("lists",), "table_cells": ("table_row", "table"), "table_row": ("table",)}
    for depth in range(len(stack) - 1, 0, -1):
        if stack[depth].kind in containers[kind]:
            return
        if stack[depth].kind == kind:
            del stack[depth:]
            return


def _argument(rest: str) -> str:
    """Return a tag's argument: ``="kestrel"`` -> kestrel, `` author=x`` -> author=x."""
    value = rest.strip()
    if value.startswith("="):
        value = value[1:].strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        value = value[1:-1]
    return value.strip()
