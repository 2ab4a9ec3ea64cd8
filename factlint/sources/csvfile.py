"""A ``.csv`` or ``.tsv`` file as a document: its header, its rows, a title and comments around them.

Lines before the header that hold a single field are the file's title (a heading);
``# ...`` lines are comments, read as paragraphs; every other line is a row of the
header's width, with trailing empty fields beyond it trimmed. A spreadsheet exported
with all its tabs holds several tables: after a comment or blank line (a row of empty
fields ",,,," is blank too; so are its trailing empty fields), a line of
another width that names columns (no figure) starts a new table with its own header.
Any other row of another width is a problem naming its line, and the rest of the file is
still read (as a bad line of a JSON-lines file is). See decisions 0075 and 0080.

A European-locale spreadsheet's sheet (decision 0153, ``sheetrows.py``): a ``sep=;`` line names the
delimiter, "Key:;value" lines above the first table are paragraphs, a row of one field is a section
title heading the rows under it (a row of names after it opens the next table), and a note row (a
label and one field of prose) is a paragraph.

A quoted field may run over several lines (a shop export's HTML description): its row is
one record from the line it starts on to the line its closing quote is on, as RFC 4180
reads it, and its block spans those lines. Such a field is prose (a tracker's description): its
sentences are the row's (``cellsentences.py``, decision 0215).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from factlint.models import Block, BlockKind, Cell
from factlint.sources.blocks import make_block
from factlint.sources.cellsentences import with_field_sentences
from factlint.sources.delimited import (
    COMMENT,
    DELIMITERS,
    is_header,
    row_block,
    split_fields,
    table_rows,
)
from factlint.sources.sheetrows import (
    is_key_value,
    is_names_row,
    is_section_title,
    key_value_block,
    note_block,
    note_field,
    outer_headings,
    separator_directive,
    title_block,
)

CSV_SUFFIXES = (".csv", ".tsv")
MAX_RECORD_LINES = 200  # a quoted field open longer than this is a stray quote
_BLANK_MARKS = re.compile(r'[\s,;"]+')


_SNIFF_LINES = 20  # lines read to guess a .csv file's delimiter before its records are joined


@dataclass(frozen=True)
class DelimitedFile:
    """The blocks and title read from a delimited file, and the rows that could not be read."""

    blocks: tuple[Block, ...]
    title: str | None
    problems: tuple[str, ...] = ()  # "line N: K fields where the header has M", one per ragged row


def parse_delimited_file(lines: Sequence[str], body_line: int, suffix: str) -> DelimitedFile:
    """Return the blocks, title and ragged rows ("line N: ...") of a delimited file."""
    first = body_line - 1
    directive = separator_directive(lines[first]) if first < len(lines) else None
    if directive is not None:
        first += 1  # Excel's "sep=;" names the delimiter; it is no title
    delimiter = directive or (
        "\t" if suffix.lower() == ".tsv" else _likely_delimiter(lines[first : first + _SNIFF_LINES])
    )
    lines, continued = join_records(lines, first, delimiter)
    header_index = None
    titles: list[int] = []
    comments: list[int] = []
    pairs: list[int] = []  # "Key:;value" lines above the first table
    content = [
        index for index in range(first, len(lines)) if index not in continued and not _is_blank(lines[index])
    ]
    ahead = 0  # the next content line that is no comment, found once for all the lines before it
    for position, index in enumerate(content):
        line = lines[index]
        if COMMENT.match(line):
            comments.append(index)
            continue
        if suffix.lower() != ".tsv" and directive is None:
            delimiter = max(DELIMITERS, key=lambda mark: len(split_fields(line, mark)) if mark in line else 0)
        width = len(_trimmed(split_fields(line, delimiter))) if delimiter in line else 0
        if width >= 2 and is_key_value(split_fields(line, delimiter)):
            pairs.append(index)
            continue
        ahead = max(ahead, position + 1)
        while ahead < len(content) and COMMENT.match(lines[content[ahead]]):
            ahead += 1
        following = content[ahead] if ahead < len(content) else None
        # A title may hold the delimiter ("Shortlist, Q3"): the header is as wide as the line under it.
        if width >= 2 and (following is None or _fits(split_fields(lines[following], delimiter), width)):
            header_index = index
            break
        titles.append(index)
    title = _title_text(lines, titles[0], delimiter) if titles else None
    blocks = [
        _heading(lines, index, delimiter, outer_headings(title, None) if place else ())
        for place, index in enumerate(titles)
    ]
    # the last title over the first table, after the file's own, is that table's section
    section = _title_text(lines, titles[-1], delimiter) if len(titles) > 1 else None
    blocks.extend(
        key_value_block(lines[index], index, delimiter, outer_headings(title, None)) for index in pairs
    )
    if header_index is None:
        comment_blocks = _comments(lines, comments, ())
        return DelimitedFile(tuple(blocks + comment_blocks), title)
    header = _trimmed(split_fields(lines[header_index], delimiter))
    tables: list[tuple[int, tuple[Cell, ...], list[tuple[int, tuple[Cell, ...]]], str | None]] = []
    body: list[tuple[int, tuple[Cell, ...]]] = []
    problems: list[str] = []
    separated = titled = False
    for index in range(header_index + 1, len(lines)):
        if index in continued:
            continue
        line = lines[index]
        if _is_blank(line) or COMMENT.match(line):
            separated = True
            if line.strip():
                comments.append(index)
            continue
        fields = split_fields(line, delimiter)
        if len(header) >= 2 and is_section_title(fields):
            # a sheet's next block: its title heads the rows under it, and names may open a table
            tables.append((header_index, header, body, section))
            header_index, body, section = index, [], fields[0].text
            blocks.append(title_block(fields, index, outer_headings(title, None)))
            separated = titled = True
            continue
        # after a break, a row of names of another width heads the next table ("Nr.;Anmerkung;;;;" in a
        # sheet whose rows are all padded to one width fits the wider header, yet names other columns)
        renamed = separated and len(_trimmed(fields)) != len(header) and is_names_row(fields)
        if titled and separated and is_names_row(fields):
            header_index, header, body = index, _trimmed(fields), []
        elif renamed or not _fits(fields, len(header)):
            if not (renamed or (separated and _starts_table(fields, len(header)))):
                problems.append(f"line {index + 1}: {len(fields)} fields where the header has {len(header)}")
                separated = titled = False
                continue
            tables.append((header_index, header, body, section))
            header_index, header, body = index, _trimmed(fields), []
        else:
            body.append((index, fields[: len(header)]))
        separated = titled = False
    tables.append((header_index, header, body, section))
    headings = (title,) if title else ()
    blocks.extend(_comments(lines, comments, headings))
    for start, names, rows, part in tables:
        if not rows:
            continue
        table = table_rows(start, names, rows, 0)
        within = outer_headings(title, part)
        for index, row in table.items():
            if row.is_header:
                continue
            note = note_field(row.cells)
            blocks.append(
                note_block(lines, index, note, within)
                if note
                else with_field_sentences(row_block(lines, index, row, within))
            )
    blocks.sort(key=lambda block: block.line)
    return DelimitedFile(tuple(blocks), title, tuple(problems))


def _likely_delimiter(sample: Sequence[str]) -> str:
    """Return the delimiter written most often in ``sample``, the file's first lines."""
    return max(DELIMITERS, key=lambda mark: sum(line.count(mark) for line in sample))


def join_records(lines: Sequence[str], first: int, delimiter: str) -> tuple[list[str], frozenset[int]]:
    """Return the file's lines with each record that runs over several lines joined on its first
    line (newlines kept), and the 0-based indexes of the lines it took in after that one.

    Only ``delimiter`` opens a field: a quote after another mark ("Size 3; \"big") is text.
    Each line is read once: the quote state carries over from one line of a record to the next."""
    joined = list(lines)
    continued: set[int] = set()
    index = first
    while index < len(lines):
        end = index
        state = _quote_state(lines[index], delimiter, _OUTSIDE)
        while state.quoted and end + 1 < len(lines) and end - index < MAX_RECORD_LINES:
            end += 1
            state = _quote_state("\n" + lines[end], delimiter, state)
        if end > index and not state.quoted:
            joined[index] = "\n".join(lines[index : end + 1])
            continued.update(range(index + 1, end + 1))
        else:
            end = index  # no closing quote: a stray mark, not a field over lines
        index = end + 1
    return joined, frozenset(continued)


@dataclass(frozen=True)
class _QuoteState:
    """Where a scan of a delimited text stopped: inside a quoted field, and at a field's start."""

    quoted: bool
    start: bool


_OUTSIDE = _QuoteState(quoted=False, start=True)


def _quote_state(text: str, delimiter: str, state: _QuoteState) -> _QuoteState:
    """Return the state after reading ``text`` from ``state``: a quote opens a field only at the
    field's start (a quote elsewhere is a mark: 12" rack), and "" is a quote inside one.

    A quote that ends ``text`` closes its field: what follows a line is a line break, no quote."""
    quoted, start = state.quoted, state.start
    position = 0
    while position < len(text):
        char = text[position]
        if quoted:
            if char == '"':
                if text.startswith('"', position + 1):
                    position += 1
                else:
                    quoted = False
        elif char == '"' and start:
            quoted = True
        elif char in (delimiter, "\n"):
            start = True
            position += 1
            continue
        elif char != " ":
            start = False
        position += 1
    return _QuoteState(quoted, start)


def _is_blank(line: str) -> bool:
    """Return True for a line with no text, or only empty fields (",,,,": a spreadsheet's blank row)."""
    return not _BLANK_MARKS.sub("", line)


def _fits(fields: tuple[Cell, ...], width: int) -> bool:
    """Return True when ``fields`` are ``width`` fields, maybe followed by empty ones."""
    return len(fields) >= width and not any(cell.text for cell in fields[width:])


def _starts_table(fields: tuple[Cell, ...], width: int) -> bool:
    """Return True for a line that heads another table: two or more column names, another width."""
    names = _trimmed(fields)
    return len(names) >= 2 and len(names) != width and is_header(names)


def _trimmed(fields: tuple[Cell, ...]) -> tuple[Cell, ...]:
    """Return ``fields`` without the empty fields that trail them."""
    end = len(fields)
    while end and not fields[end - 1].text:
        end -= 1
    return fields[:end]


# A new note under a comment: "2. ...", "- ...", "* ...", "(b) ...".
_NOTE_MARK = re.compile(r"(?:\d{1,2}[.)]|[-*•]|\([a-z0-9]{1,2}\))\s")


def _title_text(lines: Sequence[str], index: int, delimiter: str) -> str:
    """Return a title line's text: the line, or its first field when the rest are empty (";;;;")."""
    fields = _trimmed(split_fields(lines[index], delimiter)) if delimiter in lines[index] else ()
    return fields[0].text if len(fields) == 1 else lines[index].strip()


def _heading(lines: Sequence[str], index: int, delimiter: str, headings: tuple[str, ...]) -> Block:
    """Return a title line above the header as a heading: its first field when the rest are empty
    (a spreadsheet's title row "Quote 2026;;;;"), else the whole line ("Shortlist, Q3")."""
    line = lines[index]
    fields = _trimmed(split_fields(line, delimiter)) if delimiter in line else ()
    if len(fields) == 1:
        return title_block(fields, index, headings)
    return make_block(
        BlockKind.HEADING, line.strip(), index + 1, len(line) - len(line.lstrip()) + 1, headings
    )


def _comments(lines: Sequence[str], indexes: Sequence[int], headings: tuple[str, ...]) -> list[Block]:
    """Return the ``# ...`` comment lines as paragraphs, a note wrapped over several lines as one.

    "# 3. The WSE-3 is built on a" and "#    5 nm process ..." under it are one sentence: a
    comment line continues the one above when it is indented further, or when the line above
    ends without a full stop and it opens in lower case.
    """
    groups: list[list[int]] = []
    for index in sorted(indexes):
        if not lines[index].strip(" \t#"):
            continue
        if (
            groups
            and groups[-1][-1] == index - 1
            and _continues(lines[groups[-1][0]], lines[index - 1], lines[index])
        ):
            groups[-1].append(index)
        else:
            groups.append([index])
    return [_comment(lines, group, headings) for group in groups]


def _continues(first: str, previous: str, line: str) -> bool:
    """Return True when comment ``line`` carries on the note that ``first`` opened."""
    text = line.lstrip(" \t#")
    if _NOTE_MARK.match(text):
        return False
    indent = len(line) - len(text)
    if indent > len(first) - len(first.lstrip(" \t#")):
        return True
    return text[:1].islower() and not previous.rstrip().endswith((".", "!", "?", ":"))


def _comment(lines: Sequence[str], group: Sequence[int], headings: tuple[str, ...]) -> Block:
    """Return comment lines as a paragraph of their words; the marks of lines after the first
    become spaces, so each word keeps its place in the file."""
    first = lines[group[0]]
    start = len(first) - len(first.lstrip(" \t#"))
    text = "\n".join([first[start:].rstrip()] + [_unmarked(lines[index]) for index in group[1:]])
    return make_block(BlockKind.PARAGRAPH, text, group[0] + 1, start + 1, headings)


def _unmarked(line: str) -> str:
    """Return a comment line with its leading marks blanked: "#    5 nm" -> "     5 nm"."""
    text = line.lstrip(" \t#")
    return " " * (len(line) - len(text)) + text.rstrip()
