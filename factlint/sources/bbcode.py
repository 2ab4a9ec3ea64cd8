"""Segment a forum thread written in BBCode into blocks: title, paragraphs, list items, table rows.

A forum renders each line break, so every line of a post is a paragraph of its own; lists
(``[list][*]``) give list items introduced by the paragraph before them; tables
(``[table][tr][td]``, one row per line or spread over lines) give table rows under their
header row (``[th]`` cells, or a first row of wholly bold cells). Struck text (``[s]``) is a
withdrawn figure and shows nothing; ``[url]address[/url]``, images, attachments and
``[code]`` show nothing; a ``[quote]`` of words the thread already holds is a repeat and
shows nothing, one of words it does not hold (a quote from elsewhere) is read. Forum
furniture on a line of its own (post headers, "Re:" titles, edit notes, post numbers) and
signatures (after a ``--`` or ``____`` line, or a post's last line in small print) are not
read; each post header starts a new post. The tree comes from bbcodetree.py. See decision 0137.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from factlint.models import Block, BlockKind
from factlint.sources.bbcodetree import BBCodeKnowledge, Element, bbcode_knowledge, parse_tree
from factlint.sources.blocks import anchored_block
from factlint.sources.htmltable import SourceCell, SourceRow, lay_out, row_blocks
from factlint.sources.htmltext import AnchoredText, TextGatherer
from factlint.sources.htmltree import TextRun

_STRUCK_TAG = re.compile(r"\[(/?)(s|strike|del)\]", re.IGNORECASE)
_SIZE = re.compile(r"\A\[size=[\"']?([^\]\"']+)[\"']?\](?P<body>.*)\[/size\]\Z", re.IGNORECASE)
# Any tag, its name in group 1: "[b]", "[/quote]", "[url=...]", "[*]".
_TAG = re.compile(r"\[/?(\*|[A-Za-z][A-Za-z0-9]{0,15})(?:[ =][^\[\]\n]{0,300})?\]")
_SENTENCE_END = re.compile(r"[.!?:]\s*$")
_WORDS = re.compile(r"[^\W_]+(?:[.,'’-][^\W_]+)*")
_ELLIPSIS = re.compile(r"\.{3,}|…|\[\s*\.\.\.\s*\]")
# Elements whose words a table cell shows inline, as one line.
_CELL_TEXT_KINDS = ("lists", "list_item", "table", "table_row", "table_cells", "quote", "rules")


@dataclass(frozen=True)
class LineRoles:
    """What each file line is: the thread title's line, and the lines not read (furniture)."""

    title_line: int | None
    skipped: frozenset[int]
    posts: tuple[int, ...]  # the file lines where a post header stands


def parse_bbcode(lines: Sequence[str], body_line: int = 1) -> tuple[list[Block], str | None]:
    """Return the blocks of a BBCode forum thread and its title (a wholly formatted first line)."""
    knowledge = bbcode_knowledge()
    body = list(lines[body_line - 1 :])
    roles = line_roles(body, body_line, knowledge)
    reader = _Reader(roles)
    reader.walk(parse_tree("\n".join(body), body_line), top=True)
    reader.flush()
    return reader.blocks, reader.title


def line_roles(lines: Sequence[str], first_line: int, knowledge: BBCodeKnowledge) -> LineRoles:
    """Return the roles of ``lines`` (file line ``first_line`` first): title, furniture, posts."""
    shown = [_shown(line) for line in lines]
    skipped: set[int] = set()
    posts: list[int] = []
    title_line = None
    looking = True  # no line of words read yet: the next one may be the title
    for index, text in enumerate(shown):
        if not text:
            continue
        number = first_line + index
        if knowledge.post_headers.fullmatch(text):
            posts.append(number)
            skipped.add(number)
            looking = False
        elif knowledge.furniture.fullmatch(text):
            skipped.add(number)
        elif looking:
            looking = False
            title_line = number if _wholly_formatted(lines[index], knowledge) else None
    ends = [*(number - first_line for number in posts), len(lines)]
    starts = [0, *(number - first_line + 1 for number in posts)]
    for start, end in zip(starts, ends, strict=True):
        skipped.update(first_line + index for index in _signature(lines, shown, start, end, knowledge))
    if title_line is not None and title_line in skipped:
        title_line = None
    return LineRoles(title_line, frozenset(skipped), tuple(posts))


def _shown(line: str) -> str:
    """Return the words a line shows, roughly: struck text and tags dropped, spaces collapsed."""
    text = _TAG.sub("", _without_struck(line)) if "[" in line else line
    return " ".join(text.split())


def _without_struck(line: str) -> str:
    """Return ``line`` without each ``[s]...[/s]`` (the first closing of its name), in one pass."""
    tags = list(_STRUCK_TAG.finditer(line))
    closings: dict[str, list[int]] = {}
    for index, tag in enumerate(tags):
        if tag.group(1):
            closings.setdefault(tag.group(2).lower(), []).append(index)
    kept: list[str] = []
    position = 0
    for index, tag in enumerate(tags):
        if tag.group(1) or tag.start() < position:
            continue
        ends = closings.get(tag.group(2).lower(), [])
        after = bisect.bisect_right(ends, index)
        if after == len(ends):
            continue
        kept.append(line[position : tag.start()])
        position = tags[ends[after]].end()
    kept.append(line[position:])
    return "".join(kept)


def _wholly_formatted(line: str, knowledge: BBCodeKnowledge) -> bool:
    """Return True for a line that is all inside formatting tags: "[size=150][b]Title[/b][/size]"
    (not a quote, list or table, whose words are a post's)."""
    stripped = line.strip()
    if not (stripped.startswith("[") and stripped.endswith("]")) or _SENTENCE_END.search(_shown(line)):
        return False
    names = (match.group(1).lower() for match in _TAG.finditer(stripped))
    return all(knowledge.kinds.get(name, "formatting") == "formatting" for name in names)


def _signature(
    lines: Sequence[str], shown: list[str], start: int, end: int, knowledge: BBCodeKnowledge
) -> range:
    """Return the indexes of a post's signature: after a ``--`` line, or its last line in small print."""
    for index in range(start, end):
        if knowledge.signature_rules.fullmatch(lines[index].strip()):
            return range(index, end)
    last = next((index for index in range(end - 1, start - 1, -1) if shown[index]), None)
    if last is not None and last > start and _small_print(lines[last].strip(), knowledge):
        return range(last, last + 1)
    return range(0)


def _small_print(line: str, knowledge: BBCodeKnowledge) -> bool:
    """Return True for a line wholly inside a ``[size]`` below the forum's normal size."""
    match = _SIZE.match(line)
    if match is None or "[/size]" in match.group("body").lower():
        return False
    size = match.group(1).strip().lower()
    if size in knowledge.small_words:
        return True
    number = re.fullmatch(r"(\d+(?:\.\d+)?)\s*(pt|px|%)?", size)
    if number is None:
        return False
    value, unit = float(number.group(1)), number.group(2)
    if unit in ("pt", "px"):
        return value < knowledge.small_points
    if unit == "%" or value > 7:
        return value < knowledge.small_percent
    return value < knowledge.small_level


@dataclass
class _Reader:
    """The blocks read so far, the paragraph being gathered and the text the thread has shown."""

    roles: LineRoles
    blocks: list[Block] = field(default_factory=list)
    title: str | None = None
    paragraph: list[TextRun] = field(default_factory=list)
    intro: str | None = None  # the paragraph before a list
    shown: _Said = field(default_factory=lambda: _Said())  # every block's words, for telling repeats
    answering: str | None = None  # the words of the quote a reply answers: its label
    inline: bool = False  # a table cell: lists, quotes and tables inside are read as its words

    def headings(self) -> tuple[str, ...]:
        """Return the heading path of the next block: the thread title, if any."""
        return (self.title,) if self.title else ()

    def flush(self) -> None:
        """Add the paragraph gathered so far, if it shows anything, as a block."""
        runs, self.paragraph = self.paragraph, []
        text = _gather(runs, one_line=True)
        if text is None:
            return
        if self.title is None and text.anchors[0][1] == self.roles.title_line:
            self.title = text.text
            self.blocks.append(anchored_block(BlockKind.HEADING, text, ()))
        else:
            self.blocks.append(
                anchored_block(BlockKind.PARAGRAPH, text, self.headings(), label=self.answering)
            )
            self.intro = text.text
        self.shown.append(_words(text.text))

    def walk(self, element: Element, top: bool = False) -> None:
        """Add the runs and blocks of ``element``'s children; ``top``: line breaks end paragraphs."""
        for child in element.children:
            if isinstance(child, TextRun):
                self.text_run(child, top)
            elif child.kind in ("formatting", "literal") or (child.kind == "links" and child.argument):
                self.walk(child, top)
            elif self.inline and child.kind in _CELL_TEXT_KINDS:
                self.paragraph.append(TextRun(" ", child.line, child.column))  # its words read as the cell's
                self.walk(child, top)
            elif child.kind == "rules":
                self.flush()
                self.answering = None
            elif child.kind == "lists":
                self.flush()
                self.list_items(child)
            elif child.kind == "table":
                self.flush()
                self.table(child)
            elif child.kind == "quote":
                self.flush()
                self.quote(child)
            elif child.kind in ("list_item", "table_row", "table_cells"):
                self.walk(child, top)  # an item or cell outside its list or table: plain text
            # struck text, bare addresses, media and code show nothing

    def text_run(self, run: TextRun, top: bool) -> None:
        """Add one run; at the top level, its line break ends the paragraph."""
        if run.line in self.roles.posts:
            self.flush()
            self.answering = self.intro = None  # a new post answers nothing yet
        if run.line in self.roles.skipped:
            return
        if self.paragraph and self.paragraph[-1].line < run.line and top:
            self.flush()
        self.paragraph.append(run)
        if top and run.text.endswith("\n"):
            self.flush()

    def list_items(self, element: Element) -> None:
        """Add each ``[*]`` of a list as a list item introduced by the paragraph before the list."""
        intro = self.intro
        for child in element.children:
            if isinstance(child, Element) and child.kind == "list_item":
                self.item(child, intro)

    def item(self, element: Element, intro: str | None) -> None:
        """Add one list item (a list inside it is introduced by the item's own words)."""
        own = _Reader(self.roles, title=self.title)
        nested: list[Element] = []
        for child in element.children:
            if isinstance(child, Element) and child.kind == "lists":
                nested.append(child)
            elif isinstance(child, TextRun):
                if child.line not in self.roles.skipped:
                    own.paragraph.append(child)
            else:
                own.walk(Element("", "", "", child.line, child.column, [child]))
        text = _gather(own.paragraph, one_line=True)
        if text is not None:
            self.blocks.append(anchored_block(BlockKind.LIST_ITEM, text, self.headings(), list_intro=intro))
            self.shown.append(_words(text.text))
        self.blocks.extend(own.blocks)
        for inner in nested:
            self.intro = text.text if text is not None else intro
            self.list_items(inner)

    def table(self, element: Element) -> None:
        """Add the rows of a table as table-row blocks under its header row."""
        rows: list[SourceRow] = []
        for row in element.children:
            if not isinstance(row, Element) or row.kind != "table_row":
                continue
            cells = [
                cell for cell in row.children if isinstance(cell, Element) and cell.kind == "table_cells"
            ]
            texts = [self.cell_text(cell) for cell in cells]
            header = not rows and bool(cells) and all(_bold_only(cell) for cell in cells)
            rows.append(
                SourceRow(
                    tuple(
                        SourceCell(text, header or cell.name == "th")
                        for cell, text in zip(cells, texts, strict=True)
                    ),
                    False,
                    row.line,
                    row.column,
                )
            )
        if not rows:
            return
        headers, body = lay_out(rows)
        blocks = row_blocks(headers, body, self.headings())
        self.blocks.extend(blocks)
        self.shown.extend(_words(block.text) for block in blocks)

    def cell_text(self, cell: Element) -> AnchoredText | None:
        """Return the words a table cell shows, on one line."""
        inner = _Reader(self.roles, title=self.title, inline=True)
        inner.walk(cell)
        return _gather(inner.paragraph, one_line=True)

    def quote(self, element: Element) -> None:
        """Add a quoted post's words as paragraphs, unless the thread already holds them (a repeat)."""
        inner = _Reader(self.roles, title=self.title)
        for child in element.children:
            if isinstance(child, Element) and child.kind == "quote":
                continue  # a quote inside a quote repeats an older post
            if isinstance(child, TextRun):
                inner.text_run(child, top=True)
            else:
                inner.walk(Element("", "", "", child.line, child.column, [child]), top=True)
        inner.flush()
        words = " ".join(block.text for block in inner.blocks)
        self.answering = words or None
        if all(_repeats(block.text, self.shown) for block in inner.blocks):
            return
        self.blocks.extend(inner.blocks)
        self.shown.extend(_words(block.text) for block in inner.blocks)


def _bold_only(cell: Element) -> bool:
    """Return True for a cell whose words are all inside one bold (or heading) tag."""
    shown = [child for child in cell.children if not (isinstance(child, TextRun) and not child.text.strip())]
    return (
        len(shown) == 1
        and isinstance(shown[0], Element)
        and shown[0].name in ("b", "strong", "th", "h", "heading")
        and any(isinstance(child, TextRun) and child.text.strip() for child in shown[0].children)
    )


def _gather(runs: list[TextRun], *, one_line: bool) -> AnchoredText | None:
    gatherer = TextGatherer(one_line=one_line)
    for run in runs:
        gatherer.add(run)
    return gatherer.text()


def _words(text: str) -> str:
    """Return ``text``'s words in lower case, one space apart (for telling a repeat)."""
    return " ".join(match.group(0) for match in _WORDS.finditer(text.lower()))


def _repeats(text: str, said: _Said) -> bool:
    """Return True if every part of ``text`` between ellipses is words the thread already holds."""
    parts = [_words(part).split() for part in _ELLIPSIS.split(text)]
    parts = [part for part in parts if part]
    return bool(parts) and all(said.holds(part) for part in parts)


@dataclass
class _Said:
    """The words the thread has shown, in order, indexed by word (a repeat is found without rescanning)."""

    words: list[str] = field(default_factory=list)
    places: dict[str, list[int]] = field(default_factory=dict)

    def append(self, words: str) -> None:
        """Add the words of one block (from ``_words``)."""
        for word in words.split():
            self.places.setdefault(word, []).append(len(self.words))
            self.words.append(word)

    def extend(self, texts: Iterable[str]) -> None:
        """Add the words of several blocks."""
        for words in texts:
            self.append(words)

    def holds(self, part: list[str]) -> bool:
        """Return True if ``part`` (words) stands in the words shown, one after another."""
        if not part:
            return False
        rarest = min(range(len(part)), key=lambda index: len(self.places.get(part[index], ())))
        size = len(part)
        for place in self.places.get(part[rarest], ()):
            start = place - rarest
            if start >= 0 and self.words[start : start + size] == part:
                return True
        return False
