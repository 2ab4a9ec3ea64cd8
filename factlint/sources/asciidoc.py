"""Segment an AsciiDoc document into blocks: headings, paragraphs, list items, table rows and notes.

Built from the AsciiDoc Language documentation. The header (``= Title``, an author line, a
revision line such as ``v1.3, 2026-02-10`` and ``:name: value`` attribute entries) prints its
title only: the revision is the document's version and date, not a claim. Section titles
(``==`` to ``======``) make the heading path. Blocks are separated by blank lines: paragraphs
(an ``NOTE:`` admonition loses its label), list items (``*``, ``-``, ``.``, ``1.``, callout
``<1>`` items), description lists (``term:: text``, or the term alone over its body: the term
is the label that governs the body, as a bold label does), tables (asciidoctable.py). A block
title (``.Title``) is a caption paragraph. Listing, literal, passthrough and comment blocks
(``----``, ``....``, ``++++``, ``////``) and ``//`` lines are not read (code shows as
``<pre>`` does in the HTML reader: not as prose); example, sidebar, quote and open blocks
(``====``, ``****``, ``____``, ``--``) are read as the blocks they hold. Block macros
(``image::``, ``include::``, ``toc::``) print nothing. Inline markup: asciidocinline.py;
footnotes become notes "[^n]: ..." after their block, as in the wikitext reader.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from factlint.models import Block, BlockKind
from factlint.sources.asciidocinline import Attributes, Rendered, render
from factlint.sources.asciidoctable import read_table, table_spec
from factlint.sources.blocks import anchored_block, note_block
from factlint.sources.htmltree import TextRun
from factlint.sources.wikimarkup import gather

_TITLE = re.compile(r"^(={1,6}|#{1,6})[ \t]+(\S.*?)(?:[ \t]+[=#]+)?[ \t]*$")  # "#" titles: Markdown style
_ATTRIBUTE_ENTRY = re.compile(
    r"^:(?P<unset>!)?(?P<name>\w[\w-]*)(?P<unset2>!)?:(?:[ \t]+(?P<value>.*?))?[ \t]*$"
)
_BLOCK_ATTRIBUTES = re.compile(r"^\[(?P<body>[^\[\]].*|)\][ \t]*$")
_BLOCK_ANCHOR = re.compile(r"^\[\[[^\]]*\]\][ \t]*$")
_BLOCK_TITLE = re.compile(r"^\.(?P<title>[^.\s].*)$")
_LIST_ITEM = re.compile(
    r"^[ \t]*(?:\*{1,5}|-|\.{1,5}|\d{1,3}\.|[a-zA-Z]\.|[ivxIVX]{1,5}\))[ \t]+(?:\[[ xX*]\][ \t]+)?(?=\S)"
)
_CALLOUT_ITEM = re.compile(r"^<(?:\d{1,3}|\.)>[ \t]+(?=\S)")
_DESCRIPTION = re.compile(r"^[ \t]*(?P<term>\S.*?)(?::{2,4}|;;)(?:[ \t]+(?P<text>\S.*))?$")
_ADMONITION = re.compile(r"^(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION):[ \t]+(?=\S)")
_VERBATIM = re.compile(r"^(?:-{4,}|\.{4,}|\+{4,}|/{4,}|```.*)[ \t]*$")  # not read as prose
_COMPOUND = re.compile(r"^(?:={4,}|\*{4,}|_{4,}|--)[ \t]*$")  # read as the blocks inside
_TABLE = re.compile(r"^(?P<delimiter>[|,:!]={3,})[ \t]*$")
_BLOCK_MACRO = re.compile(r"^[a-z][\w-]*::\S*\[.*\][ \t]*$")
_CONDITIONAL = re.compile(
    r"^(?P<kind>ifdef|ifndef|ifeval|endif)::(?P<names>[^\[]*)\[(?P<content>.*)\][ \t]*$"
)
_BREAK = re.compile(r"^(?:'{3,}|<{3,}|-{3}|\*{3})[ \t]*$")
_REVISION = re.compile(r"^v?\d[\w.-]*(?:,|[ \t]*$|:)")
_NAMED = re.compile(r"(\w[\w-]*)[ \t]*=[ \t]*(?:\"([^\"]*)\"|'([^']*)'|([^,]*))")
_HIDDEN_STYLES = frozenset(
    ("source", "listing", "literal", "comment", "pass", "stem", "latexmath", "asciimath")
)
_ADMONITION_STYLES = frozenset(("NOTE", "TIP", "IMPORTANT", "WARNING", "CAUTION"))


@dataclass
class _BlockAttributes:
    """The block attribute lines above the next block: its style, named attributes and options."""

    style: str = ""
    named: dict[str, str] = field(default_factory=dict)
    options: set[str] = field(default_factory=set)


@dataclass
class _Reader:
    lines: Sequence[str]
    attributes: Attributes = field(default_factory=Attributes)
    blocks: list[Block] = field(default_factory=list)
    headings: list[tuple[int, str]] = field(default_factory=list)
    pending: _BlockAttributes = field(default_factory=_BlockAttributes)
    intro: str | None = None  # the paragraph before a list
    term: str | None = None  # a description term over its body
    note_count: int = 0
    conditions: list[bool] = field(default_factory=list)

    def path(self) -> tuple[str, ...]:
        """Return the headings above the next block, outermost first."""
        return tuple(text for _, text in self.headings)

    def emit(
        self,
        kind: BlockKind,
        segments: list[tuple[int, int, str]],
        label: str | None = None,
        list_intro: str | None = None,
    ) -> str | None:
        """Add the rendered segments ``(line, column, text)`` as one block and its notes; return its text."""
        rendered = Rendered()
        runs: list[TextRun] = []
        for line, column, text in segments:
            if text.endswith(" +"):
                text = text[:-2]  # a hard line break
            runs += render(text, line, column, self.attributes, rendered)
            runs.append(TextRun("\n", line, column + len(text)))
        shown = gather(runs)
        if shown is not None:
            self.blocks.append(anchored_block(kind, shown, self.path(), label=label, list_intro=list_intro))
        for note in rendered.notes:
            self.note(note)
        return shown.text if shown is not None else None

    def note(self, runs: list[TextRun]) -> None:
        """Add one footnote's runs as the paragraph "[^n]: ...", numbered after the ones before it."""
        body = gather(runs)
        if body is None:
            return
        self.note_count += 1
        self.blocks.append(note_block(str(self.note_count), body, self.path()))

    def skipping(self) -> bool:
        """Return True while a false ``ifdef``/``ifndef`` holds."""
        return not all(self.conditions)


@dataclass(frozen=True)
class AsciidocFile:
    """The blocks of an AsciiDoc document, its title, and the problems met reading it."""

    blocks: list[Block]
    title: str | None
    problems: tuple[str, ...] = ()  # "line N: reason"


def read_asciidoc(lines: Sequence[str], body_line: int = 1) -> AsciidocFile:
    """Return the blocks, title (the ``= Title`` of its header) and problems of an AsciiDoc document."""
    reader = _Reader(lines)
    index, title = _header(reader, body_line - 1)
    while index < len(lines):
        index = _block(reader, index)
    return AsciidocFile(reader.blocks, title, tuple(reader.attributes.problems))


def parse_asciidoc(lines: Sequence[str], body_line: int = 1) -> tuple[list[Block], str | None]:
    """Return the blocks of an AsciiDoc document and its title (the ``= Title`` of its header)."""
    document = read_asciidoc(lines, body_line)
    return document.blocks, document.title


def _header(reader: _Reader, index: int) -> tuple[int, str | None]:
    """Read the document header from ``index``; return the index after it and the title."""
    lines = reader.lines
    while index < len(lines) and (not lines[index].strip() or _is_comment(lines[index])):
        index += 1
    title = None
    match = _TITLE.match(lines[index]) if index < len(lines) else None
    if match is not None and len(match.group(1)) == 1:
        shown = reader.emit(BlockKind.HEADING, [(index + 1, match.start(2) + 1, match.group(2))])
        if shown is not None:
            title = " ".join(shown.split())
            reader.headings.append((0, title))
        index += 1
        for _ in range(2):  # the author line, then the revision line
            if index < len(lines) and lines[index].strip() and not _is_header_entry(lines[index]):
                index += 1
    elif match is None or index >= len(lines):
        return index, None
    while index < len(lines) and lines[index].strip():
        entry = _ATTRIBUTE_ENTRY.match(lines[index])
        if entry is not None:
            index = _define(reader, entry, index)
            continue
        if _REVISION.match(lines[index]) is None and not _is_comment(lines[index]):
            break
        index += 1
    return index, title


def _is_header_entry(line: str) -> bool:
    """Return True if a header line is an attribute entry or a comment (not an author or revision line)."""
    return _ATTRIBUTE_ENTRY.match(line) is not None or _is_comment(line)


def _define(reader: _Reader, entry: re.Match[str], index: int) -> int:
    """Read the attribute entry on ``lines[index]``, its value wrapped over lines ending in " \\"
    if so; return the index after it."""
    if entry.group("unset") or entry.group("unset2"):
        reader.attributes.unset(entry.group("name"))
        return index + 1
    value = entry.group("value") or ""
    column = entry.start("value") + 1 if entry.group("value") is not None else len(reader.lines[index]) + 1
    segments = [(index + 1, column, value)]
    while value.endswith("\\") and index + 1 < len(reader.lines):
        segments[-1] = (*segments[-1][:2], value[:-1])
        index += 1
        value = reader.lines[index].strip()
        segments.append((index + 1, len(reader.lines[index]) - len(reader.lines[index].lstrip()) + 1, value))
    reader.attributes.define(entry.group("name"), segments)
    return index + 1


def _is_comment(line: str) -> bool:
    return line.startswith("//") and not line.startswith("////")


def _block(reader: _Reader, index: int) -> int:
    """Read the block starting at ``lines[index]``; return the index after it."""
    lines = reader.lines
    line = lines[index]
    stripped = line.strip()
    conditional = _CONDITIONAL.match(line)
    if conditional is not None:
        _conditional(reader, conditional)
        return index + 1
    if (
        reader.skipping()
        or not stripped
        or _is_comment(line)
        or _BLOCK_ANCHOR.match(line)
        or _BREAK.match(line)
    ):
        return index + 1
    if line.rstrip() == "+":  # a list continuation: the next block is read as it stands
        return index + 1
    entry = _ATTRIBUTE_ENTRY.match(line)
    if entry is not None:
        return _define(reader, entry, index)
    attributes = _BLOCK_ATTRIBUTES.match(line)
    if attributes is not None:
        _block_attributes(reader.pending, attributes.group("body"))
        return index + 1
    pending, reader.pending = reader.pending, _BlockAttributes()
    title = _TITLE.match(line)
    if title is not None:
        _section(reader, len(title.group(1)) - 1, index, title.start(2) + 1, title.group(2))
        return index + 1
    if _VERBATIM.match(line):
        return _closing(lines, index) + 1
    if _COMPOUND.match(line):
        if pending.style in _HIDDEN_STYLES:
            return _closing(lines, index) + 1
        return index + 1
    table = _TABLE.match(line)
    if table is not None:
        return _table(reader, index, table.group("delimiter"), pending)
    if _BLOCK_MACRO.match(line):
        return index + 1
    caption = _BLOCK_TITLE.match(line)
    if caption is not None and not _LIST_ITEM.match(line):
        reader.emit(BlockKind.PARAGRAPH, [(index + 1, 2, caption.group("title"))])
        reader.pending = pending  # the title's block keeps the attributes above the title
        return index + 1
    indented = line[:1] in (" ", "\t") and reader.term is None  # a term's body may be indented
    if pending.style in _HIDDEN_STYLES or (indented and not _LIST_ITEM.match(line)):
        return _paragraph_end(lines, index)  # a literal paragraph
    if _LIST_ITEM.match(line) or _CALLOUT_ITEM.match(line):
        return _list_item(reader, index)
    description = _DESCRIPTION.match(line)
    if description is not None:
        return _description(reader, index, description)
    return _paragraph(reader, index, pending)


def _conditional(reader: _Reader, match: re.Match[str]) -> None:
    kind = match.group("kind")
    if kind == "endif":
        if reader.conditions:
            reader.conditions.pop()
        return
    if match.group("content"):
        return  # a one-line conditional: its content is an attribute value, not a block
    names = re.split(r"[,+]", match.group("names"))
    defined = (any if "," in match.group("names") else all)(
        reader.attributes.defined(name) for name in names if name
    )
    reader.conditions.append(True if kind == "ifeval" else defined == (kind == "ifdef"))


def _block_attributes(pending: _BlockAttributes, body: str) -> None:
    """Fold one block attribute line (``[source,ini]``, ``[cols="2,3",%header]``) into ``pending``."""
    for position, part in enumerate(_attribute_parts(body)):
        named = _NAMED.fullmatch(part.strip())
        if named is not None:
            value = next(group for group in named.groups()[1:] if group is not None)
            key = named.group(1).lower()
            pending.named[key] = value
            if key in ("options", "opts"):
                pending.options |= {option.strip() for option in value.split(",")}
        elif position == 0:
            shorthand = re.split(r"(?=[#.%])", part.strip())
            pending.style = shorthand[0].lower() if shorthand[0] not in _ADMONITION_STYLES else shorthand[0]
            pending.options |= {piece[1:] for piece in shorthand[1:] if piece.startswith("%")}


def _attribute_parts(body: str) -> list[str]:
    """Return the comma-separated parts of a block attribute list; quotes protect commas."""
    parts, start, quote = [], 0, ""
    for position, character in enumerate(body):
        if character in "\"'" and (not quote or quote == character):
            quote = "" if quote else character
        elif character == "," and not quote:
            parts.append(body[start:position])
            start = position + 1
    parts.append(body[start:])
    return parts


def _closing(lines: Sequence[str], index: int) -> int:
    """Return the index of the line closing the delimited block opened on ``lines[index]``."""
    delimiter = lines[index].rstrip()
    if delimiter.startswith("```"):
        delimiter = "```"
    for end in range(index + 1, len(lines)):
        if lines[end].rstrip() == delimiter:
            return end
    return len(lines)


def _section(reader: _Reader, level: int, index: int, column: int, text: str) -> None:
    while reader.headings and reader.headings[-1][0] >= level:
        reader.headings.pop()
    reader.term = reader.intro = None
    shown = reader.emit(BlockKind.HEADING, [(index + 1, column, text)])
    if shown is not None:
        reader.headings.append((level, " ".join(shown.split())))


def _ends_text(line: str) -> bool:
    """Return True if ``line`` ends the lines of a paragraph or list item above it."""
    return (
        not line.strip()
        or line.rstrip() == "+"
        or _VERBATIM.match(line) is not None
        or _COMPOUND.match(line) is not None
        or _TABLE.match(line) is not None
        or _BLOCK_ATTRIBUTES.match(line) is not None
        or _CONDITIONAL.match(line) is not None
    )


def _segments(lines: Sequence[str], start: int, end: int, first_column: int) -> list[tuple[int, int, str]]:
    """Return ``(line, column, text)`` of lines ``start..end``, line comments left out."""
    segments = [(start + 1, first_column, lines[start][first_column - 1 :])]
    for index in range(start + 1, end):
        if not _is_comment(lines[index]):
            segments.append((index + 1, 1, lines[index]))
    return segments


def _paragraph_end(lines: Sequence[str], index: int) -> int:
    end = index + 1
    while end < len(lines) and not _ends_text(lines[end]):
        end += 1
    return end


def _paragraph(reader: _Reader, index: int, pending: _BlockAttributes) -> int:
    lines = reader.lines
    end = _paragraph_end(lines, index)
    admonition = _ADMONITION.match(lines[index])
    column = (
        admonition.end() + 1 if admonition is not None else len(lines[index]) - len(lines[index].lstrip()) + 1
    )
    label = reader.term
    shown = reader.emit(BlockKind.PARAGRAPH, _segments(lines, index, end, column), label=label)
    reader.intro = shown
    reader.term = None
    return end


def _item_end(lines: Sequence[str], index: int) -> int:
    end = index + 1
    while end < len(lines) and not _ends_text(lines[end]):
        if _LIST_ITEM.match(lines[end]) or _CALLOUT_ITEM.match(lines[end]) or _DESCRIPTION.match(lines[end]):
            break
        end += 1
    return end


def _list_item(reader: _Reader, index: int) -> int:
    lines = reader.lines
    marker = _LIST_ITEM.match(lines[index]) or _CALLOUT_ITEM.match(lines[index])
    assert marker is not None
    end = _item_end(lines, index)
    intro = reader.intro
    reader.emit(
        BlockKind.LIST_ITEM,
        _segments(lines, index, end, marker.end() + 1),
        label=reader.term,
        list_intro=intro,
    )
    reader.intro = intro
    return end


def _description(reader: _Reader, index: int, match: re.Match[str]) -> int:
    """Read a description list entry: ``term:: text`` is a list item labelled by its term; a term
    alone labels the body that follows it."""
    lines = reader.lines
    term_runs = render(match.group("term"), index + 1, match.start("term") + 1, reader.attributes)
    term = gather(term_runs, one_line=True)
    label = term.text if term is not None else None
    if match.group("text") is None:
        reader.term = label
        return index + 1
    end = _item_end(lines, index)
    reader.emit(BlockKind.LIST_ITEM, _segments(lines, index, end, match.start("text") + 1), label=label)
    return end


def _table(reader: _Reader, index: int, delimiter: str, pending: _BlockAttributes) -> int:
    lines = reader.lines
    last = next((end for end in range(index + 1, len(lines)) if lines[end].rstrip() == delimiter), len(lines))
    spec = table_spec(delimiter, pending.named, pending.options)
    rows, notes = read_table(lines, index + 1, last, index + 2, spec, reader.attributes, reader.path())
    reader.blocks += rows
    for note in notes:
        reader.note(note)
    reader.intro = reader.term = None
    return last + 1
