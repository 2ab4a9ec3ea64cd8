"""Segment Markdown into blocks (headings, paragraphs, list items, table rows) with markdown-it-py."""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from markdown_it import MarkdownIt
from markdown_it.token import Token

from factlint.models import Block, BlockKind, Cell
from factlint.sources.blocks import is_boilerplate, label_of, label_segments, make_block, plain_text
from factlint.sources.boxtables import BORDER_LINE, find_box_tables
from factlint.sources.columns import TextRow
from factlint.sources.datablocks import DATA_LANGUAGES, data_rows
from factlint.sources.delimited import (
    DELIMITED_LANGUAGES,
    delimited_rows,
    find_delimited_tables,
    inner_comments,
    row_block,
)
from factlint.sources.exposition import exposition_rows, is_exposition
from factlint.sources.fastscan import ScanToken, scan
from factlint.sources.frames import OUTPUT_LANGUAGES, frame_rows
from factlint.sources.kubectl import kubectl_blocks, kubectl_spans
from factlint.sources.listmarks import glyph_parts
from factlint.sources.markdowngrids import grid_blocks, grid_span
from factlint.sources.mermaid import mermaid_fence_blocks
from factlint.sources.mermaidlex import mermaid_words
from factlint.sources.outputrecords import output_blocks
from factlint.sources.pandocinline import has_pandoc_inline, split_inline_notes, without_attributes
from factlint.sources.pieces import pieced_tokens
from factlint.sources.protocoltraces import trace_blocks, trace_spans
from factlint.sources.pyliterals import PYTHON_LANGUAGES, literal_rows
from factlint.sources.ruledtables import find_ruled_tables, is_rule, ruled_rows
from factlint.sources.tooldumps import dump_blocks, names_a_tool, runs_a_tool

_UNESCAPED_PIPE = re.compile(r"(?<!\\)\|")
_ROW_PREFIX = re.compile(r"[ \t>]*")
_ATX_OPENING = re.compile(r"[ \t]*#{1,6}[ \t]*")


@cache
def _parser() -> MarkdownIt:
    # Block structure only: inline parsing is most of markdown-it's time and we keep raw text.
    return MarkdownIt("commonmark").enable("table").disable(["inline", "text_join"])


@dataclass
class _ListContext:
    intro: str | None
    label: str | None


@dataclass
class _Walk:
    """Mutable state while walking the token stream of one document."""

    lines: Sequence[str]
    blocks: list[Block] = field(default_factory=list)
    headings: list[tuple[int, str]] = field(default_factory=list)
    containers: list[str] = field(default_factory=list)
    lists: list[_ListContext] = field(default_factory=list)
    previous_paragraph: tuple[str, str | None] | None = None  # (text, effective label)
    title: str | None = None

    path: tuple[str, ...] = ()  # texts of ``headings``, kept in step with it
    delimited: dict[int, TextRow] = field(default_factory=dict)  # line index -> row of a CSV-like table
    comments: set[int] = field(default_factory=set)  # "# ..." lines between its rows: not headings
    grids: bool = False  # a line opens with "+-": the document may hold grid tables

    def heading_path(self) -> tuple[str, ...]:
        return self.path


def parse_markdown(
    lines: Sequence[str], body_line: int = 1, *, fast: bool = True
) -> tuple[list[Block], str | None]:
    """Return the blocks of a Markdown document and the text of its first level-1 heading.

    ``lines`` are all lines of the file; parsing starts at ``body_line`` (after front matter).
    With ``fast``, documents in the common subset skip markdown-it-py (see ``fastscan``).
    """
    body = "\n".join(lines[body_line - 1 :])
    tokens: Sequence[Token | ScanToken] | None = scan(lines, body_line - 1, body) if fast else None
    if tokens is None and fast:
        # Only some sections leave the subset: those go to markdown-it-py, the rest stay fast.
        tokens = pieced_tokens(lines, body_line - 1, body, _parser().parse)
    if tokens is None:
        tokens = _parser().parse("\n" * (body_line - 1) + body)
    delimited = _delimited_tables(lines, tokens)
    walk = _Walk(lines, delimited=delimited, comments=inner_comments(lines, delimited))
    walk.grids = "\n+-" in body or body.startswith("+-")
    index = 0
    while index < len(tokens):
        index = _visit(walk, tokens, index)
    return walk.blocks, walk.title


def _delimited_tables(lines: Sequence[str], tokens: Sequence[Token | ScanToken]) -> dict[int, TextRow]:
    """Return the rows of CSV-like, box-drawn and ruled pipe tables written as paragraphs, outside
    lists and quotes.

    Only paragraph lines, headings (a ``# ...`` comment between rows parses as one) and
    blank lines may belong to a table: code, pipe tables and list items never do.
    """
    delimited = any("," in line or ";" in line or "\t" in line for line in lines)
    if not delimited and not any(BORDER_LINE.fullmatch(line) or is_rule(line) for line in lines):
        return {}
    open_lines = [False] * len(lines)
    depth = 0
    for token in tokens:
        if token.type in ("bullet_list_open", "ordered_list_open", "blockquote_open"):
            depth += 1
        elif token.type in ("bullet_list_close", "ordered_list_close", "blockquote_close"):
            depth -= 1
        elif token.type in ("paragraph_open", "heading_open") and token.map and not depth:
            for index in range(token.map[0], token.map[1]):
                open_lines[index] = True
    # A line that may not belong to a table is replaced by one that ends any table.
    visible = [line if open_lines[index] or not line.strip() else "\x00" for index, line in enumerate(lines)]
    rows = find_delimited_tables(visible) if delimited else {}
    rows.update(find_box_tables(visible))
    rows.update(find_ruled_tables(visible))
    return rows


def _visit(walk: _Walk, tokens: Sequence[Token | ScanToken], index: int) -> int:
    """Handle ``tokens[index]`` and return the index of the next token to visit."""
    token = tokens[index]
    kind = token.type
    if kind == "heading_open":
        if token.map and token.map[0] in walk.comments:
            _paragraph(walk, ScanToken("paragraph_open", token.map), tokens[index + 1])
        else:
            _heading(walk, token, tokens[index + 1])
        return index + 3
    if kind == "paragraph_open":
        _paragraph(walk, token, tokens[index + 1])
        return index + 3
    if kind in ("bullet_list_open", "ordered_list_open"):
        previous = walk.previous_paragraph
        inherited = walk.lists[-1].label if walk.lists else None
        walk.lists.append(
            _ListContext(previous[0] if previous else None, previous[1] if previous else inherited)
        )
        walk.containers.append("list")
    elif kind in ("bullet_list_close", "ordered_list_close"):
        walk.lists.pop()
        walk.containers.pop()
    elif kind in ("list_item_open", "blockquote_open"):
        walk.containers.append("item" if kind == "list_item_open" else "quote")
    elif kind in ("list_item_close", "blockquote_close"):
        walk.containers.pop()
    elif kind == "table_open":
        return _table(walk, tokens, index)
    elif kind == "fence" and token.map:
        _fence(walk, token.map)
    walk.previous_paragraph = None
    return index + 1


def _fence(walk: _Walk, span: Sequence[int]) -> None:
    """Emit the records of fenced data, printed tables and Python data literals (see datablocks,
    frames, pyliterals); other code yields nothing."""
    start, end = span[0], span[1]
    opening = walk.lines[start].strip()
    fence = opening[: len(opening) - len(opening.lstrip("`~"))]
    info = opening[len(fence) :].strip().split(maxsplit=1)
    language = info[0].lower() if info else ""
    reader = _FENCE_READERS.get(language)
    if end - 1 > start and walk.lines[end - 1].strip().startswith(fence):
        end -= 1  # the closing fence
    previous = walk.previous_paragraph
    if language not in DATA_LANGUAGES and is_exposition(walk.lines, start + 1, end):
        # an exporter's samples, whatever the fence calls them; the paragraph above names their machines
        lead = previous[0] if previous else None
        walk.blocks.extend(exposition_rows(walk.lines, start + 1, end, walk.heading_path(), lead))
        return
    if language not in DATA_LANGUAGES and (spans := kubectl_spans(walk.lines, start + 1, end)):
        # a console session running kubectl: each node's labels, annotations and events (decision 0171)
        for first, last in spans:
            walk.blocks.extend(kubectl_blocks(walk.lines, first, last, walk.heading_path()))
        return
    if language not in DATA_LANGUAGES and (spans := trace_spans(walk.lines, start + 1, end)):
        # an HTTP client's verbose capture: its JSON bodies as data, its headers not at all (decision 0179)
        for first, last in spans:
            walk.blocks.extend(trace_blocks(walk.lines, first, last, walk.heading_path()))
        return
    if ((reader is None or language in OUTPUT_LANGUAGES) and names_a_tool(walk.lines, start + 1, end)) or (
        language == PRINTED_OUTPUT and _printed_by_a_tool(walk.lines, start, end)
    ):
        # a device-query tool's output: per-device readings (decision 0157)
        walk.blocks.extend(dump_blocks(walk.lines, start + 1, end, walk.heading_path()))
        return
    if reader is None:
        return
    walk.blocks.extend(
        reader(walk.lines, start + 1, end, walk.heading_path(), previous[1] if previous else None)
    )


def _printed_by_a_tool(lines: Sequence[str], start: int, end: int) -> bool:
    """Return True if the printed output fenced at ``start``..``end`` (a notebook cell's output) is a
    device-query tool's: it shows the tool's name or a device header, or the code fenced right above
    it runs the tool through the shell (``!amd-smi static``)."""
    if names_a_tool(lines, start + 1, end):
        return True
    above = start - 1
    while above >= 0 and not lines[above].strip():
        above -= 1
    fence = lines[above].strip() if above >= 0 else ""
    if not fence.startswith("```") or fence.strip("`"):
        return False  # no code block closes right above
    opening = above - 1
    while opening >= 0 and not lines[opening].startswith(fence):
        opening -= 1
    return opening >= 0 and runs_a_tool(lines, opening + 1, above)


def _output_rows(
    lines: Sequence[str], first: int, last: int, headings: tuple[str, ...], label: str | None
) -> list[Block]:
    """Return the rows of CSV-like tables, SQL clients' tables and printed DataFrames in program output."""
    rows = delimited_rows(lines, first, last, headings, label)
    for reader in (ruled_rows, frame_rows):
        taken = {block.line for block in rows}
        rows += [block for block in reader(lines, first, last, headings, label) if block.line not in taken]
    return sorted(rows, key=lambda block: block.line)


# The fence a notebook's cell output is laid out in (see notebook.py): printed text that is read.
PRINTED_OUTPUT = "printed-output"


def _printed_output(
    lines: Sequence[str], first: int, last: int, headings: tuple[str, ...], label: str | None
) -> list[Block]:
    """Return the rows of the tables of printed output (as :func:`_output_rows`), and its other
    lines as printed text (records and plain lines)."""
    rows = _output_rows(lines, first, last, headings, label)
    taken = {block.line - 1 for block in rows}
    taken |= {index - 1 for index in taken if index - 1 not in taken}  # the header line above each table
    blocks = list(rows)
    start = first
    for index in range(first, last + 1):
        if index == last or index in taken:
            blocks += output_blocks(lines, start, index, headings)
            start = index + 1
    return sorted(blocks, key=lambda block: block.line)


_FENCE_READERS = {
    PRINTED_OUTPUT: _printed_output,
    **dict.fromkeys(DATA_LANGUAGES, data_rows),
    **dict.fromkeys(OUTPUT_LANGUAGES, _output_rows),
    **dict.fromkeys(DELIMITED_LANGUAGES, delimited_rows),
    **dict.fromkeys(PYTHON_LANGUAGES, literal_rows),
    **dict.fromkeys(mermaid_words().fence_languages, mermaid_fence_blocks),
}


def _heading(walk: _Walk, token: Token | ScanToken, inline: Token | ScanToken) -> None:
    level = int(token.tag[1])
    start, end = token.map or (0, 0)
    content = inline.content
    walk.previous_paragraph = None
    while walk.headings and walk.headings[-1][0] >= level:
        walk.headings.pop()
    walk.path = tuple(text for _, text in walk.headings)
    if not content.strip():
        return
    if token.markup.startswith("#"):
        line = walk.lines[start]
        opening = _ATX_OPENING.match(line)
        column = line.find(content, opening.end() if opening else 0)
        text, column = (content, column) if column >= 0 else (line.strip(), len(line) - len(line.lstrip()))
    else:  # setext: the underline is the last line of the map
        text, column = _raw_span(walk.lines, start, end - 1, content)
    text = without_attributes(text)  # "Results {#sec:results}": Pandoc's attributes print nothing
    path = walk.heading_path()
    walk.blocks.append(make_block(BlockKind.HEADING, text, start + 1, column + 1, path))
    heading = plain_text(without_attributes(content.rstrip()))
    walk.headings.append((level, heading))
    walk.path = (*walk.path, heading)
    if level == 1 and walk.title is None:
        walk.title = heading


def _paragraph(walk: _Walk, token: Token | ScanToken, inline: Token | ScanToken) -> None:
    start, end = token.map or (0, 0)
    if walk.grids and _grid_paragraph(walk, start, end):
        return
    if any(index in walk.delimited for index in range(start, end)):
        _delimited_paragraph(walk, start, end)
        return
    if spans := kubectl_spans(walk.lines, start, end):
        _kubectl_paragraph(walk, start, end, spans)
        return
    parts = glyph_parts(list(walk.lines[start:end]))
    if len(parts) == 1 and not parts[0].item:
        _prose(walk, start, end, inline.content)
        return
    # Items opening the paragraph are introduced by the paragraph just before, not by the last
    # item of an earlier list (a "※" note under a list is no item of that list).
    last = walk.blocks[-1] if walk.blocks else None
    after_prose = last is not None and last.kind is BlockKind.PARAGRAPH
    intro = walk.previous_paragraph if after_prose else None
    for part in parts:
        first, stop = start + part.start, start + part.end
        if part.item:
            _glyph_item(walk, first, stop, part.marker_end, None if part.note else intro, part.note)
        else:
            _prose(walk, first, stop, inline.content if part.start == 0 else walk.lines[first].strip())
            intro = walk.previous_paragraph


def _grid_paragraph(walk: _Walk, start: int, end: int) -> bool:
    """Emit a paragraph holding a grid table (decision 0180): the lines above it as a paragraph,
    its body rows, then the lines below it; return False if no grid table is in lines ``start:end``."""
    for first in range(start, end):
        stop = grid_span(walk.lines, first, end)
        if stop == first:
            continue
        if first > start:
            _paragraph(walk, ScanToken("paragraph_open", [start, first]), _inline(walk.lines, start, first))
        previous = walk.previous_paragraph
        label = previous[1] if previous else (walk.lists[-1].label if walk.lists else None)
        walk.blocks.extend(grid_blocks(walk.lines, first, stop, walk.heading_path(), label))
        walk.previous_paragraph = None
        if stop < end:
            _paragraph(walk, ScanToken("paragraph_open", [stop, end]), _inline(walk.lines, stop, end))
        return True
    return False


def _inline(lines: Sequence[str], start: int, end: int) -> ScanToken:
    """Return the inline token of the paragraph made of lines ``start:end``."""
    return ScanToken("inline", None, "\n".join(line.strip() for line in lines[start:end]))


def _kubectl_paragraph(walk: _Walk, start: int, end: int, spans: list[tuple[int, int]]) -> None:
    """Emit a paragraph holding pasted kubectl output: each node's labels, annotations and events
    (decision 0171), and the lines around the output as prose."""
    prose_start = start
    for first, last in [*spans, (end, end)]:
        if first > prose_start:
            lines = walk.lines[prose_start:first]
            _prose(walk, prose_start, first, "\n".join(line.strip() for line in lines))
        walk.blocks.extend(kubectl_blocks(walk.lines, first, last, walk.heading_path()))
        prose_start = last
    walk.previous_paragraph = None


def _glyph_item(
    walk: _Walk, start: int, end: int, marker_end: int, intro: tuple[str, str | None] | None, note: bool
) -> None:
    """Emit lines ``start:end``, opened by a glyph marker ("○ ...", "(2) ..."), as one list item;
    a note ("※ ...", ``note``) is a paragraph of its own."""
    text = "\n".join([walk.lines[start][marker_end:], *walk.lines[start + 1 : end]]).rstrip()
    label = label_of(text) or (intro[1] if intro else None)
    walk.blocks.append(
        make_block(
            BlockKind.PARAGRAPH if note else BlockKind.LIST_ITEM,
            text,
            start + 1,
            marker_end + 1,
            walk.heading_path(),
            label=label,
            list_intro=intro[0] if intro else None,
        )
    )
    walk.previous_paragraph = (text, label)


def _prose(walk: _Walk, start: int, end: int, content: str) -> None:
    """Emit lines ``start:end`` of a paragraph (``content`` its inline text) as a paragraph or item,
    then each Pandoc inline note in it (``^[...]``) as a paragraph of its own (decision 0180)."""
    text, column = _raw_span(walk.lines, start, end, content)
    if not has_pandoc_inline(text):
        _prose_text(walk, start, end, text, column)
        return
    text, notes = split_inline_notes(text)
    _prose_text(walk, start, end, text.rstrip(), column)
    for offset, note in notes:
        if note.strip():
            line_offset = text.count("\n", 0, offset)
            note_column = column + 1 + offset if not line_offset else offset - text.rfind("\n", 0, offset)
            walk.blocks.append(
                make_block(
                    BlockKind.PARAGRAPH, note, start + 1 + line_offset, note_column, walk.heading_path()
                )
            )


def _prose_text(walk: _Walk, start: int, end: int, text: str, column: int) -> None:
    """Emit ``text``, lines ``start:end`` of a paragraph from 0-based ``column``, as a paragraph or item."""
    if not text.strip():  # e.g. a line of no-break spaces: a paragraph to CommonMark, empty to us
        walk.previous_paragraph = None
        return
    own_label = label_of(text)
    in_item = bool(walk.containers) and walk.containers[-1] == "item"
    if in_item:
        context = walk.lists[-1]
        label = own_label or context.label
        block = make_block(
            BlockKind.LIST_ITEM,
            text,
            start + 1,
            column + 1,
            walk.heading_path(),
            label=label,
            list_intro=context.intro,
        )
        walk.blocks.append(block)
        walk.previous_paragraph = (text, label)
        return
    if start + 1 == end and is_boilerplate(text):
        walk.previous_paragraph = None
        return
    # "**A:** 1 GB" and "**B:** 2 GB" on consecutive lines are one CommonMark paragraph
    # but two labelled statements: each labelled line starts its own block.
    for part_start, part_end in label_segments(text):
        part = text[part_start:part_end]
        line_offset = text.count("\n", 0, part_start)
        part_column = column + 1 if line_offset == 0 else part_start - text.rfind("\n", 0, part_start)
        label = label_of(part)
        walk.blocks.append(
            make_block(
                BlockKind.PARAGRAPH,
                part,
                start + 1 + line_offset,
                part_column,
                walk.heading_path(),
                label=label,
            )
        )
        walk.previous_paragraph = (part, label)


def _delimited_paragraph(walk: _Walk, start: int, end: int) -> None:
    """Emit the rows of a CSV-like table in the paragraph of lines ``start:end``, and the lines
    around them (a title above the header, a note below the rows) as paragraphs."""
    index = start
    while index < end:
        row = walk.delimited.get(index)
        if row is None and _is_border(walk.lines[index]):
            index += 1  # a box's drawn border between its rows, a rule under a header
            continue
        if row is None:
            stop = index + 1
            while stop < end and stop not in walk.delimited and not _is_border(walk.lines[stop]):
                stop += 1
            line = walk.lines[index]
            token = ScanToken("paragraph_open", [index, stop])
            _paragraph(walk, token, ScanToken("inline", None, line.strip()))
            index = stop
            continue
        if not row.is_header:
            previous = walk.previous_paragraph
            label = previous[1] if previous else None
            walk.blocks.append(row_block(walk.lines, index, row, walk.heading_path(), label))
        index += 1


def _is_border(line: str) -> bool:
    """Return True for a line drawn only of a table's borders or rules ("├───┼───┤", "----+----")."""
    return bool(BORDER_LINE.fullmatch(line)) or is_rule(line)


def _raw_span(lines: Sequence[str], start: int, end: int, content: str) -> tuple[str, int]:
    """Return the raw text of lines[start:end] from where ``content`` begins, and its 0-based column."""
    first_line = lines[start]
    first_content = content.split("\n", 1)[0].rstrip()
    stripped_line = first_line.rstrip()
    if first_content and stripped_line.endswith(first_content):
        column = len(stripped_line) - len(first_content)
    else:
        column = len(first_line) - len(first_line.lstrip())
    text = "\n".join([first_line[column:], *lines[start + 1 : end]]).rstrip()
    return text, column


def _table(walk: _Walk, tokens: Sequence[Token | ScanToken], index: int) -> int:
    """Emit one TABLE_ROW per body row of the table opening at ``tokens[index]``; return the next index."""
    previous = walk.previous_paragraph
    label = previous[1] if previous else (walk.lists[-1].label if walk.lists else None)
    headers: tuple[str, ...] = ()
    in_head = False
    while index < len(tokens) and tokens[index].type != "table_close":
        token = tokens[index]
        if token.type in ("thead_open", "thead_close"):
            in_head = token.type == "thead_open"
        elif token.type == "tr_open" and token.map:
            line_index = token.map[0]
            cells = split_row(walk.lines[line_index])
            if in_head:
                headers = tuple(plain_text(cell.text) for cell in cells)
            elif cells:
                raw = walk.lines[line_index]
                column = len(raw) - len(raw.lstrip())
                walk.blocks.append(
                    make_block(
                        BlockKind.TABLE_ROW,
                        raw[column:].rstrip(),
                        line_index + 1,
                        column + 1,
                        walk.heading_path(),
                        label=label,
                        table_headers=headers,
                        cells=cells,
                    )
                )
        index += 1
    walk.previous_paragraph = None
    return index + 1


def split_row(line: str) -> tuple[Cell, ...]:
    """Return the cells of a pipe-table row line, each stripped, with its 1-based column."""
    begin = _ROW_PREFIX.match(line).end()  # type: ignore[union-attr]
    bounds = [match.start() for match in _UNESCAPED_PIPE.finditer(line, begin)]
    if not bounds or bounds[0] != begin:
        bounds.insert(0, begin - 1)
    content_end = len(line.rstrip())
    if bounds[-1] != content_end - 1:
        bounds.append(content_end)
    cells = []
    for left, right in itertools.pairwise(bounds):
        segment = line[left + 1 : right]
        text = segment.strip()
        offset = len(segment) - len(segment.lstrip())
        cells.append(Cell(text, left + 2 + offset))
    return tuple(cells)
