"""Segment MediaWiki wikitext into blocks: headings, paragraphs, list items, table rows and notes.

Help:Formatting gives the line structure: ``== Heading ==`` lines, ``*``/``#``/``;``/``:``
list lines, ``{| ... |}`` tables (wikitables.py), blank lines between paragraphs. A template
standing alone on its lines is a block of its own: an infobox (``| memory = 64 GB``) is one
record row whose headers are its keys, as a data file's record is; page metadata and
navigation templates show nothing. Inline markup is rendered by wikimarkup.py; every block's
``anchors`` map its text back to the file. A ``<ref>`` body is a note "[^n]: ..." after its
block; ``<!-- comments -->`` are never read. See decision 0114.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from factlint.models import Block, BlockKind, Cell
from factlint.sources.blocks import anchored_block, make_block, note_block
from factlint.sources.htmltext import AnchoredText, join
from factlint.sources.htmltree import TextRun
from factlint.sources.wikimarkup import (
    Renderer,
    Template,
    WikiSource,
    gather,
    is_record,
    knowledge,
    parse_template,
    template_name,
)
from factlint.sources.wikitables import read_table, table_end

_HEADING = re.compile(r"^(={1,6})(.+?)\1[ \t\x00]*$")
_LIST = re.compile(r"^[*#:;]+")
_RULE = re.compile(r"^-{4,}")
_OPENERS = re.compile(r"\{\{|\[\[|<ref\b[^>]*?(/?)>", re.IGNORECASE)


@dataclass
class _Blocks:
    """The blocks read so far and the headings above the next one."""

    renderer: Renderer
    blocks: list[Block] = field(default_factory=list)
    headings: list[tuple[int, str]] = field(default_factory=list)
    intro: str | None = None  # the paragraph before a list
    term: str | None = None  # the ";term" that labels the ":" definition lines after it
    note_count: int = 0

    def path(self) -> tuple[str, ...]:
        """Return the headings above the next block, outermost first."""
        return tuple(text for _, text in self.headings)

    def text_block(
        self, kind: BlockKind, start: int, end: int, list_intro: str | None = None, label: str | None = None
    ) -> str | None:
        """Add the rendered span as a block of ``kind`` and its notes after it; return its text."""
        before = len(self.renderer.notes)
        text = gather(self.renderer.render(start, end))
        if text is not None:
            self.blocks.append(anchored_block(kind, text, self.path(), label=label, list_intro=list_intro))
        self.notes(before)
        return text.text if text is not None else None

    def notes(self, before: int) -> None:
        """Add the notes rendered since ``before`` as paragraphs "[^n]: ...", in order."""
        for runs in self.renderer.notes[before:]:
            self.note(runs)
        del self.renderer.notes[before:]

    def note(self, runs: list[TextRun]) -> None:
        """Add one note's runs as the paragraph "[^n]: ...", numbered after the notes before it."""
        body = gather(runs)
        if body is None:
            return
        self.note_count += 1
        self.blocks.append(note_block(str(self.note_count), body, self.path()))


def parse_wikitext(lines: Sequence[str], body_line: int = 1) -> tuple[list[Block], str | None]:
    """Return the blocks of a wikitext file and its title (the ``name`` of its first infobox, if any)."""
    source = WikiSource.of("\n".join(lines[body_line - 1 :]), body_line)
    text = source.text
    rows = text.split("\n")
    offsets = [0]
    for row in rows[:-1]:
        offsets.append(offsets[-1] + len(row) + 1)
    reader = _Blocks(Renderer(source))
    title: str | None = None
    index = 0
    paragraph_start: int | None = None
    paragraph_end = 0

    def flush() -> None:
        """Add the paragraph read so far, if any, as a block."""
        nonlocal paragraph_start
        if paragraph_start is not None:
            reader.intro = reader.text_block(BlockKind.PARAGRAPH, paragraph_start, paragraph_end)
            reader.term = None
            paragraph_start = None

    while index < len(rows):
        row = rows[index]
        start, end = offsets[index], offsets[index] + len(row)
        stripped = row.strip()
        if not stripped.replace("\x00", ""):
            if stripped == "":
                flush()
            index += 1
            continue
        heading = _HEADING.match(row)
        if heading is not None:
            flush()
            _heading(reader, len(heading.group(1)), start + heading.start(2), start + heading.end(2))
            index += 1
            continue
        if stripped.startswith("{|"):
            flush()
            last = table_end(rows, index)
            table = read_table(reader.renderer, offsets, rows, index, last, reader.path())
            for loose_start, loose_end in table.loose:
                reader.text_block(BlockKind.PARAGRAPH, loose_start, loose_end)
            if table.caption is not None:
                _, line, column = table.caption.anchors[0]
                reader.blocks.append(
                    make_block(
                        BlockKind.PARAGRAPH,
                        table.caption.text,
                        line,
                        column,
                        reader.path(),
                        anchors=table.caption.anchors,
                    )
                )
            reader.blocks += table.rows
            for note in table.notes:
                reader.note(note)
            reader.intro = None
            index = last + 1
            continue
        if row.startswith("{{"):
            after = source.matching_end(start, "{{", "}}")
            if after > 0 and not text[after : _line_end(text, after)].replace("\x00", "").strip():
                template = parse_template(text, start, after)
                flush()
                name = _block_template(reader, template)
                title = title or name
                index = _line_index(offsets, after) + 1
                continue
        if _RULE.match(row):
            flush()
            index += 1
            continue
        marks = _LIST.match(row)
        if marks is not None:
            flush()
            last_end = _construct_end(source, start, end)
            _list_item(reader, row, start + marks.end(), last_end)
            index = _line_index(offsets, last_end) + 1
            continue
        if paragraph_start is None:
            paragraph_start = start
        paragraph_end = _construct_end(source, start, end)
        index = _line_index(offsets, paragraph_end) + 1
    flush()
    return reader.blocks, title


def _heading(reader: _Blocks, level: int, start: int, end: int) -> None:
    while reader.headings and reader.headings[-1][0] >= level:
        reader.headings.pop()
    reader.term = None
    shown = reader.text_block(BlockKind.HEADING, start, end)
    if shown is not None:
        reader.headings.append((level, " ".join(shown.split())))
    reader.intro = None


def _list_item(reader: _Blocks, row: str, start: int, end: int) -> None:
    """Add a list line. A definition (``;term : definition``, or ``:`` lines after a ``;term``
    line) is labelled by its term."""
    text = reader.renderer.source.text
    label = reader.term if row.startswith(":") else None
    if row.startswith(";"):
        colon = text.find(":", start, end)
        if colon > 0 and "[[" not in text[start:colon] and "{{" not in text[start:colon]:
            term = gather(reader.renderer.render(start, colon))
            label = term.text if term is not None else None
            start = colon + 1
    intro = reader.intro
    shown = reader.text_block(BlockKind.LIST_ITEM, start, end, list_intro=intro, label=label)
    if row.startswith(";"):
        reader.term = label or shown
    elif not row.startswith(":"):
        reader.term = None
    reader.intro = intro


def _block_template(reader: _Blocks, template: Template) -> str | None:
    """Add a template standing on its own lines; return an infobox's ``name``, if it is one."""
    source = reader.renderer.source
    if not is_record(template, source.text):
        reader.text_block(BlockKind.PARAGRAPH, template.start, template.end)
        return None
    facts = knowledge()
    headers: list[str] = []
    parts: list[AnchoredText] = []
    before = len(reader.renderer.notes)
    name = None
    for key, (start, end) in template.named.items():
        if (
            key in facts.record_hidden_keys
            or template_name(key.replace("-", " ")) in facts.record_hidden_keys
        ):
            continue
        value = gather(reader.renderer.render(start, end), one_line=True)
        if value is None:
            continue
        headers.append(key)
        parts.append(value)
        if key == "name" and name is None:
            name = value.text
    if parts:
        text, anchors, starts = join(parts, " | ")
        _, line, column = anchors[0]
        cells = tuple(Cell(part.text, column + offset) for part, offset in zip(parts, starts, strict=True))
        reader.blocks.append(
            make_block(
                BlockKind.TABLE_ROW,
                text,
                line,
                column,
                (*reader.path(), _written_name(source.text, template)),
                table_headers=tuple(headers),
                cells=cells,
                anchors=tuple(anchors),
            )
        )
    reader.notes(before)
    reader.intro = None
    return name


def _written_name(text: str, template: Template) -> str:
    """Return a template's name as written ("Infobox GPU"), spaces collapsed."""
    name_end = text.find("|", template.start, template.end - 2)
    written = text[template.start + 2 : name_end if name_end > 0 else template.end - 2]
    return " ".join(written.replace("\x00", "").split())


def _construct_end(source: WikiSource, start: int, end: int) -> int:
    """Return where the line ``text[start:end]`` ends once the templates, links and ``<ref>``
    bodies opened on it are closed (they may run over the lines after it)."""
    text = source.text
    index = start
    while True:
        opener = _OPENERS.search(text, index, end)
        if opener is None:
            return end
        token = opener.group(0)
        if token == "{{":
            after = source.matching_end(opener.start(), "{{", "}}")
        elif token == "[[":
            after = source.matching_end(opener.start(), "[[", "]]")
        elif opener.group(1):
            after = opener.end()
        else:
            close = source.closing_tag("ref", opener.end(), len(text))
            after = close[1] if close is not None else -1
        if after < 0:
            index = opener.end()
            continue
        if after > end:
            end = _line_end(text, after)
        index = after


def _line_end(text: str, offset: int) -> int:
    newline = text.find("\n", offset)
    return len(text) if newline < 0 else newline


def _line_index(offsets: list[int], offset: int) -> int:
    """Return the 0-based index of the line holding ``offset``."""
    return max(bisect.bisect_right(offsets, offset) - 1, 0)
