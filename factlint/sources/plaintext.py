"""Segment plain or scraped text into headings, paragraphs and list items by line shape."""

from __future__ import annotations

import heapq
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from factlint.models import Block, BlockKind
from factlint.sources.blocks import is_boilerplate, label_of, make_block
from factlint.sources.boxtables import BORDER_LINE, find_box_tables
from factlint.sources.clientsessions import apply_session, find_client_session
from factlint.sources.columns import TextRow, find_text_tables
from factlint.sources.delimited import find_delimited_tables, row_block
from factlint.sources.kubectl import kubectl_blocks, kubectl_spans
from factlint.sources.listmarks import LIST_MARKER, NOTE_MARK, continues_enumeration
from factlint.sources.mailheaders import HeaderLine, find_mail_headers
from factlint.sources.printedreports import PrintedReport, find_printed_reports
from factlint.sources.protocoltraces import trace_blocks, trace_spans
from factlint.sources.ruledtables import find_ruled_tables, is_rule
from factlint.sources.sectiontitles import SectionTitle, section_title
from factlint.sources.sentences import LEADER_RECORD
from factlint.sources.speakers import speaker
from factlint.sources.tooldumps import dump_blocks, tool_output_spans
from factlint.sources.wrapwidth import dangles, fills_line, near_margin, wrap_width

HEADING_MAX_CHARS = 80
RECORD_MAX_CHARS = 60  # a "label value" record line is short; wrapped prose lines run longer
HEADING_MAX_WORDS = 12

_BULLET = re.compile(rf"[ \t]*(?:{LIST_MARKER})[ \t]+(?=\S)")
# A line ends a sentence if its last character before closing quotes or brackets is one of these.
_END_PUNCTUATION = frozenset(".!?;:,…")
# A line ending in one of these closes its statement; after a comma or semicolon the sentence runs on.
_STOP_PUNCTUATION = frozenset(".!?:…")
_CLOSERS = "\"'”’)]"
_ASCII_LETTER = re.compile(r"[A-Za-z]")
_FIELD = re.compile(r"[ \t]*[A-Z][\w ()/.+-]{0,40}:[ \t]+\S")  # "Memory per chip: 24 GB"
_LEADER_RECORD = re.compile(r"[ \t]*" + LEADER_RECORD)  # "MI300X ........ $15,000"
_MONEY = re.compile(r"[$€£]\s?\d")
_QUOTE = re.compile(r"[ \t]*(?:>[ \t]*)+(?=\S)")  # "> Small correction to issue #86: ...", ">> nested"
_QUOTE_BLANK = re.compile(r"[ \t]*(?:>[ \t]*)+")  # ">>" alone: a blank line inside a quote
# A chat or log line: "[2025-03-06 09:14] dana.k: ...", "09:14 <dana> ...", "<dana> ...",
# "2026-03-02 17:44:09 INFO ...". Each is its own paragraph, without the stamp and speaker, however
# the lines run on; it is a chat message only when a speaker follows the stamp (see speakers.py).
_MESSAGE_START = re.compile(
    r"[ \t]*(?:(?P<stamp>\[[^\]\n]{0,40}?\d{1,2}:\d{2}[^\]\n]{0,20}\]"
    r"|(?:\d{4}-\d{2}-\d{2}[ T])?\d{1,2}:\d{2}(?::\d{2})?(?:[ \t]?[AaPp][Mm])?(?=[ \t]+\S))"
    r"|<[\w.@-]{1,32}>)"
    r"(?:[ \t]+(?:<[\w.@-]{1,32}>|@?[\w.-]{1,32}:)(?=[ \t]))?[ \t]*"
)
# A video's chapter list starts at 0:00 and stamps each title with its start: "07:05 Memory".
_CHAPTER = re.compile(r"[ \t]*(?:\d{1,2}:)?\d{1,2}:\d{2}[ \t]+(?:[-\u2013\u2014][ \t]+)?(?=\S)")
_FIRST_CHAPTER = re.compile(r"[ \t]*(?:0{1,2}:)?0{1,2}:00[ \t]+\S")
# A comment's byline in a scraped thread: "throwaway42 4 hours ago", "jdoe 2 days ago | parent".
_BYLINE = re.compile(
    r"[ \t]*[\w.@-]{1,40}[ \t]+(?:\d{1,3}|an?|one)[ \t]+(?:second|minute|hour|day|week|month|year)s?"
    r"[ \t]+ago\b[^.!?]{0,60}",
    re.I,
)
_UNDERLINE = re.compile(r"-+|=+")  # a setext underline: one character repeated
_RULE_LINE = re.compile(r"[\s=\-*_~#.·•]+")  # a drawn separator such as "=====" or "* * *"
_RECORD_END = re.compile(r"\d[\d.,]*[ \t]?(?:%|[A-Za-z/$€£]+)?[)\]]?$")  # a line ending in a figure
_MID_SENTENCE_END = re.compile(r"[.!?;][ \t]+[A-Z]")  # "... in total. Peak is 638"
_QUANTITY = re.compile(r"(?<![\w.-])\d[\d.,]*[ \t]?(?:%|[A-Za-z/$€£]+)")


@dataclass
class _Pending:
    """Lines gathered for the block being built."""

    kind: BlockKind
    line: int  # 0-based
    column: int  # 0-based
    parts: list[str]
    quoted: int = 0  # the quote depth of an e-mail quote's lines (">> ..." is 2): only those continue it
    message: bool = False  # a chat message: "[09:14] dana: ..."


@dataclass
class _Segmenter:
    lines: Sequence[str]
    blocks: list[Block] = field(default_factory=list)
    section: str | None = None
    pending: _Pending | None = None
    previous_paragraph: tuple[str, str | None] | None = None
    list_context: tuple[str | None, str | None] | None = None  # (intro, label) of the open list
    table_rows: dict[int, TextRow] = field(default_factory=dict)  # line index -> row of a text table
    mail_headers: dict[int, HeaderLine] = field(default_factory=dict)  # a forwarded message's header lines
    report: PrintedReport = field(default_factory=PrintedReport)  # a fixed-width report's furniture and memos
    after_byline: bool = False  # the previous line was a comment's byline: a message starts
    in_thread: bool = False  # a comment's byline was seen: every paragraph from here is a message
    in_chapters: bool = False  # inside a video's chapter list ("00:00 Intro", "01:12 ...")
    # The latest flush-left line: the title of the indented lines below it (a listing's title
    # over its specs, price and seller lines), which it governs until the next flush-left line.
    hanging_title: str | None = None
    width: int | None = None  # the column the document's prose is hard-wrapped at, if it is
    # The numbered section titles above the current line, outermost first ("2. Specs", "2.1 MI350X").
    outline: list[SectionTitle] = field(default_factory=list)
    body_start: int = 0  # 0-based index of the first body line

    def headings(self) -> tuple[str, ...]:
        # Numbered titles nest by their numbers ("2.1" under "2."); any other title-like line
        # has no level: the latest one is the whole path.
        if self.outline and self.outline[-1].text == self.section:
            return tuple(title.text for title in self.outline)
        return (self.section,) if self.section else ()


def parse_plain_text(
    lines: Sequence[str], body_line: int = 1, page_gaps: frozenset[int] = frozenset()
) -> list[Block]:
    """Return the blocks of a plain-text document (``lines`` from ``body_line`` on).

    ``page_gaps`` are 0-based indices of lines read as absent: a page break inside a paragraph.
    """
    dumps = tool_output_spans(lines, body_line - 1, len(lines))
    readings = [block for start, end in dumps for block in dump_blocks(lines, start, end, ())]
    if not dumps:  # pasted kubectl output: each node's labels, annotations and events (decision 0171)
        dumps = kubectl_spans(lines, body_line - 1, len(lines))
        readings = [block for start, end in dumps for block in kubectl_blocks(lines, start, end, ())]
    if not dumps:  # a pasted HTTP trace: its JSON bodies as data, its header lines not at all (decision 0179)
        dumps = trace_spans(lines, body_line - 1, len(lines))
        readings = [block for start, end in dumps for block in trace_blocks(lines, start, end, ())]
    if dumps:  # pasted device-query output is read for its readings only (decision 0157)
        lines = list(lines)
        for start, end in dumps:
            lines[start:end] = [""] * (end - start)
    session = find_client_session(lines, body_line - 1)
    if session is not None:  # an SQL client's statements and reports are no prose (decision 0251)
        lines = list(lines)
        for index in session.machinery:
            lines[index] = ""
    table_rows = find_text_tables(lines, body_line - 1)
    table_rows.update(find_delimited_tables(lines, body_line - 1))
    table_rows.update(find_box_tables(lines, body_line - 1))
    table_rows.update(find_ruled_tables(lines, body_line - 1))
    if session is not None:
        updates = apply_session(session, lines, table_rows)
        readings = sorted([*readings, *updates], key=lambda block: block.line)
    report = find_printed_reports(lines, body_line - 1)
    table_rows.update(report.rows)
    segmenter = _Segmenter(
        lines,
        table_rows=table_rows,
        report=report,
        mail_headers=find_mail_headers(lines, body_line - 1),
        width=wrap_width(lines[body_line - 1 :]),
        body_start=body_line - 1,
    )
    previous = ""
    last = len(lines) - 1
    for index in range(body_line - 1, len(lines)):
        if index in page_gaps:
            if segmenter.pending is not None:
                segmenter.pending.parts.append(" ")  # keeps the block's text one line per file line
            continue
        line = lines[index]
        following = lines[index + 1] if index < last else ""
        previous = line if _take_line(segmenter, index, line, previous, following) else ""
        if previous and not line[:1].isspace() and index not in table_rows:
            segmenter.hanging_title = _title_of(line)
    _flush(segmenter)
    blocks = _demote_trailing_headings(segmenter.blocks)
    if readings:
        blocks = list(heapq.merge(blocks, readings, key=lambda block: block.line))
    return blocks


def _title_of(line: str) -> str | None:
    """Return the title a flush-left line gives the indented lines below it, if any.

    A flush-left item of an outline that only names something ("2) Groq", "- Option B: TPU")
    heads its indented sub-items like a title; an item carrying figures of its own does not.
    """
    bullet = _BULLET.match(line)
    if bullet is None:
        return line.strip()
    rest = line[bullet.end() :].strip()
    return rest if _is_heading(rest) else None


def _demote_trailing_headings(blocks: list[Block]) -> list[Block]:
    """Return ``blocks`` with title-like lines that head nothing (at the very end) read as paragraphs."""
    end = len(blocks)
    while end and blocks[end - 1].kind is BlockKind.HEADING:
        end -= 1
    demoted = [
        make_block(
            BlockKind.PARAGRAPH, block.text, block.line, block.column, blocks[end - 1].headings if end else ()
        )
        for block in blocks[end:]
    ]
    return blocks[:end] + demoted


def _take_line(seg: _Segmenter, index: int, line: str, previous: str, following: str) -> bool:
    """Add one line to the blocks being built; return False if it was blank or boilerplate."""
    stripped = line.strip()
    if not stripped:
        _flush(seg)
        seg.in_chapters = False
        return False
    if is_boilerplate(stripped):
        _flush(seg)
        seg.previous_paragraph = None
        return False
    if seg.report.furniture or seg.report.memos:
        taken = _take_report_line(seg, index, line)
        if taken is not None:
            return taken
    header = seg.mail_headers.get(index)
    if header is not None:
        # A forwarded or quoted message's header: its subject titles what follows; the rest is no prose.
        _flush(seg)
        seg.list_context = seg.previous_paragraph = seg.hanging_title = None
        if header.subject:
            seg.blocks.append(make_block(BlockKind.HEADING, header.subject, index + 1, header.column + 1))
            seg.section = header.subject
        return False
    if _RULE_LINE.fullmatch(stripped) or BORDER_LINE.fullmatch(stripped) or is_rule(stripped):
        _flush(seg)
        seg.hanging_title = None
        return False
    if _BYLINE.fullmatch(line):
        _flush(seg)
        seg.after_byline, seg.previous_paragraph, seg.list_context = True, None, None
        seg.in_thread = True
        return False
    after_byline, seg.after_byline = seg.after_byline, False
    table_row = seg.table_rows.get(index)
    if table_row is not None:
        _flush(seg)
        seg.list_context = seg.previous_paragraph = None
        if table_row.is_header:
            return True
        seg.blocks.append(row_block(seg.lines, index, table_row, seg.headings()))
        return True
    title = section_title(seg.lines, index, seg.body_start, seg.width)
    if title is not None:
        _flush(seg)
        seg.list_context = seg.previous_paragraph = None
        column = len(line) - len(line.lstrip())
        seg.outline = [*(outer for outer in seg.outline if outer.depth < title.depth), title]
        seg.section = stripped
        seg.blocks.append(make_block(BlockKind.HEADING, stripped, index + 1, column + 1, seg.headings()[:-1]))
        return True
    chapter = _CHAPTER.match(line)
    if chapter is not None and (seg.in_chapters or _FIRST_CHAPTER.match(line)):
        # A video's chapter list: items of the list, not chat messages stamped with a time.
        _flush(seg)
        if not seg.in_chapters:
            seg.list_context = seg.previous_paragraph or (None, None)
        seg.in_chapters = True
        seg.pending = _Pending(BlockKind.LIST_ITEM, index, chapter.end(), [line[chapter.end() :]])
        return True
    seg.in_chapters = False
    bullet = _BULLET.match(line)
    if (
        bullet
        and seg.pending is not None
        and seg.pending.kind is BlockKind.PARAGRAPH
        and _continues(previous)
        and continues_enumeration(previous, line)
    ):
        bullet = None  # "... (a) peak performance,\n(b) power draw": the sentence goes on
    if bullet and bullet.group(0).strip() == NOTE_MARK:
        # "※ ...": a note of its own, not an item of the list above it
        _flush(seg)
        seg.list_context = None
        seg.pending = _Pending(BlockKind.PARAGRAPH, index, bullet.end(), [line[bullet.end() :]])
        return True
    if bullet:
        _flush(seg)
        if seg.list_context is None:
            previous_paragraph = seg.previous_paragraph
            seg.list_context = previous_paragraph if previous_paragraph else (None, None)
        seg.pending = _Pending(BlockKind.LIST_ITEM, index, bullet.end(), [line[bullet.end() :]])
        return True
    pending = seg.pending
    if _QUOTE_BLANK.fullmatch(line):
        _flush(seg)  # a quoted blank line ends the quoted paragraph
        return True
    quote = _QUOTE.match(line)
    if quote:
        depth = quote.group(0).count(">")
        if pending is not None and pending.quoted == depth and _continues(previous):
            pending.parts.append(line)
            return True
        _flush(seg)
        seg.list_context = None
        seg.pending = _Pending(BlockKind.PARAGRAPH, index, quote.end(), [line[quote.end() :]], quoted=depth)
        return True
    if (
        pending is not None
        and pending.kind is BlockKind.LIST_ITEM
        and not _MESSAGE_START.match(line)
        and (
            line[:1] in (" ", "\t")
            or (
                _continues(previous)
                and (
                    line.lstrip()[:1].islower() or fills_line(previous, line, seg.width) or dangles(previous)
                )
            )
        )
    ):
        pending.parts.append(line)
        return True
    if (
        pending is not None
        and pending.kind is BlockKind.PARAGRAPH
        and not pending.quoted
        and (_continues(previous) or _wraps_sentence_end(seg, previous, line))
        and not _MESSAGE_START.match(line)
        and not _FIELD.match(line)
        and not _LEADER_RECORD.match(line)
        and not _LEADER_RECORD.match(previous)
        and not (_ends_record(previous, line) and not _mid_prose(pending, previous))
    ):
        pending.parts.append(line)
        return True
    _flush(seg)
    seg.list_context = None
    message = _MESSAGE_START.match(line)
    if message is not None and message.end() < len(line.rstrip()):
        seg.previous_paragraph = None
        seg.pending = _Pending(
            BlockKind.PARAGRAPH, index, message.end(), [line[message.end() :]], message=_spoken(line, message)
        )
        return True
    if _underlines(following, stripped) or (
        _is_heading(stripped) and (index + 1 in seg.table_rows or not _wraps_into(following))
    ):
        seg.previous_paragraph = None
        column = len(line) - len(line.lstrip())
        seg.blocks.append(make_block(BlockKind.HEADING, stripped, index + 1, column + 1))
        seg.section = stripped
        return True
    column = len(line) - len(line.lstrip())
    seg.pending = _Pending(BlockKind.PARAGRAPH, index, column, [line[column:]], message=after_byline)
    return True


def _take_report_line(seg: _Segmenter, index: int, line: str) -> bool | None:
    """Take a printed report's furniture or memo line; return None for any other line.

    Furniture (page headers, sums) makes no block; a memo under a detail row is a paragraph
    of its own whose label is the row's item.
    """
    if index in seg.report.furniture:
        _flush(seg)
        seg.list_context = seg.previous_paragraph = seg.hanging_title = None
        return False
    memo = seg.report.memos.get(index)
    if memo is None:
        return None
    _flush(seg)
    seg.list_context = seg.previous_paragraph = None
    column, item = memo
    seg.blocks.append(
        make_block(
            BlockKind.PARAGRAPH, line[column:].rstrip(), index + 1, column + 1, seg.headings(), label=item
        )
    )
    return True


def _underlines(following: str, stripped: str) -> bool:
    """Return True if ``following`` underlines the line ("4.3 GPU reference" over "-------").

    A title underlined with "-" or "=" about as long as itself is a heading, whatever it holds.
    """
    rule = following.strip()
    return (
        len(rule) >= 3
        and _UNDERLINE.fullmatch(rule) is not None
        and abs(len(rule) - len(stripped)) <= max(3, len(stripped) // 3)
        and len(stripped) <= HEADING_MAX_CHARS
    )


def _wraps_into(following: str) -> bool:
    """Return True if the next line reads as the continuation of a wrapped sentence."""
    stripped = following.lstrip()
    return bool(stripped) and stripped[0].islower() and not _BULLET.match(following)


def _continues(previous: str) -> bool:
    """Return True if the line after ``previous`` continues the same hard-wrapped paragraph."""
    trimmed = previous.rstrip()
    return bool(trimmed) and trimmed.rstrip(_CLOSERS)[-1:] not in _STOP_PUNCTUATION


def _wraps_sentence_end(seg: _Segmenter, previous: str, line: str) -> bool:
    """Return True if a sentence ends near the margin of a wrapped paragraph that runs on below.

    Hard-wrapped prose marks a new paragraph with a blank line, a short last line or another
    indent; a sentence that ends close to the wrap width, in a paragraph that has wrapped
    before, at the same indent as the next line, leaves the paragraph open.
    """
    pending = seg.pending
    if pending is None or len(pending.parts) < 2 or previous.rstrip().rstrip(_CLOSERS)[-1:] not in ".!?":
        return False
    indent = len(line) - len(line.lstrip())
    return indent == len(previous) - len(previous.lstrip()) and near_margin(previous, seg.width)


def _ends_record(previous: str, line: str) -> bool:
    """Return True if ``previous`` is a short "label value" record that ``line`` does not continue.

    Scraped spec lists put one "label value" per line ("HBM bandwidth per chip819 GBps"); a
    hard-wrapped sentence rarely breaks after a figure on a short line before a capital.
    """
    trimmed = previous.rstrip()
    return (
        len(trimmed) <= RECORD_MAX_CHARS
        and line.lstrip()[:1].isupper()
        and _RECORD_END.search(trimmed) is not None
    )


def _mid_prose(pending: _Pending, previous: str) -> bool:
    """Return True if ``previous`` is a wrapped line inside running prose, not a "label value" record.

    A line that goes on with a sentence (it starts in lower case) or holds the end of one
    ("... in total. Peak is 638") inside a paragraph that already wrapped is prose, even
    when it breaks after a figure: the figure's unit or noun starts the next line.
    """
    stripped = previous.strip()
    return len(pending.parts) >= 2 and (
        stripped[:1].islower() or _MID_SENTENCE_END.search(stripped) is not None
    )


def _ends_sentence(stripped: str) -> bool:
    """Return True if ``stripped`` (no trailing whitespace) ends with sentence punctuation."""
    return stripped.rstrip(_CLOSERS)[-1:] in _END_PUNCTUATION


def _is_heading(stripped: str) -> bool:
    """Return True for a short title-like line: no sentence punctuation and no quantity."""
    if len(stripped) > HEADING_MAX_CHARS or len(stripped.split()) > HEADING_MAX_WORDS:
        return False
    if _ASCII_LETTER.search(stripped) is None and not any(char.isalpha() for char in stripped):
        return False
    if stripped.endswith("?"):
        return True
    if _MONEY.search(stripped) or _LEADER_RECORD.match(stripped):
        return False  # "List price: $12,500", "Memory ........ 192 GB" are records
    return not _ends_sentence(stripped) and not _QUANTITY.search(stripped) and not dangles(stripped)


def _spoken(line: str, match: re.Match[str]) -> bool:
    """Return True when a speaker follows the stamp of a stamped line (a chat message); a log line
    names none ("[12:01:33] WARN ...", "2026-03-02 17:44:09 kernel: ...")."""
    after_stamp = match.end("stamp") if match.group("stamp") is not None else 0
    return speaker(line[after_stamp:]) is not None


def _flush(seg: _Segmenter) -> None:
    """Turn the pending lines into a block."""
    pending = seg.pending
    if pending is None:
        return
    seg.pending = None
    text = "\n".join(pending.parts).rstrip()
    line, column = pending.line + 1, pending.column + 1
    own_label = label_of(text)
    if pending.kind is BlockKind.LIST_ITEM:
        intro, inherited = seg.list_context or (None, None)
        label = own_label or inherited or _hanging_label(seg, pending)
        block = make_block(
            BlockKind.LIST_ITEM, text, line, column, seg.headings(), label=label, list_intro=intro
        )
    else:
        label = own_label or _hanging_label(seg, pending)
        # A comment's later paragraphs (after a quote of its parent, or a blank line) are
        # part of the same message; the quote itself restates the parent's words, not a reply.
        message = pending.message or (seg.in_thread and not pending.quoted)
        block = make_block(
            BlockKind.PARAGRAPH, text, line, column, seg.headings(), label=label, message=message
        )
        seg.previous_paragraph = (text, label)
    seg.blocks.append(block)


def _hanging_label(seg: _Segmenter, pending: _Pending) -> str | None:
    """Return the flush-left title over a block whose first line is indented, if any."""
    first = seg.lines[pending.line]
    return seg.hanging_title if first[:1].isspace() else None
