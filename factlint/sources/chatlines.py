"""Line-based chat exports (WhatsApp, Telegram and Signal copies, IRC logs) read as conversations.

A chat export is recognised by its shape: most of its lines open with a message header (a stamp
and an author: ``[03.03.26, 09:14:02] Kevin Lau: ...``, ``03/03/2026, 09:14 - Kevin Lau: ...``,
``[09:14] <kevin> ...``). Each message is read on its own: its lines of text are a message
paragraph, its ``- `` lines list items under it, its ``> `` lines (and what a forwarded message
holds) quoted paragraphs. Stamps and authors are metadata; the chat's own lines ("X added you"),
placeholders ("<Media omitted>", "This message was deleted") and marks ("<This message was
edited>") yield nothing. WhatsApp's ``*bold*`` and ``_italic_`` marks are dropped and its
``~struck~`` text with them: a withdrawn figure. A message that is only a sed-style substitution
(``s/96/48/``) rewrites its author's earlier message (sources/sededits.py, decision 0160). The
patterns live in ``chatlines.yaml``. See decision 0128.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from factlint.models import Block, BlockKind
from factlint.sources.blocks import anchored_block, distinct_anchors
from factlint.sources.htmltext import AnchoredText, join
from factlint.sources.packaged import packaged_file
from factlint.sources.plaintext import parse_plain_text
from factlint.sources.sededits import apply_sed_edit
from factlint.sources.speakers import is_log_source

CHAT_SUFFIXES = (".txt", ".log", "")
_BULLET = re.compile(r"[ \t]*(?:[-*+•·–]|\d{1,3}[.)])[ \t]+(?=\S)")
_QUOTE = re.compile(r"[ \t]*(?:>[ \t]?)+")
# WhatsApp's inline marks around a run of words: *bold*, _italic_, ~struck~, never inside a word.
# A mark opens before a word and closes after one; each pairs with the first closing mark of its
# kind after it on its line (found with one pass over the marks, so a line of unclosed marks is
# read in linear time).
_OPENING = re.compile(r"(?<![\w*_~])[*_~](?=[^\s*_~])")
_CLOSING = re.compile(r"(?<=[^\s*_~])[*_~](?![\w*_~])")


@dataclass(frozen=True)
class ChatLayout:
    """The header patterns of a chat export and the phrases of its lines that say nothing."""

    headers: tuple[re.Pattern[str], ...]
    system_authors: re.Pattern[str]
    empty_messages: re.Pattern[str]
    dropped_marks: re.Pattern[str]
    forward_marks: re.Pattern[str]
    other_shapes: re.Pattern[str]
    min_headers: int
    min_share: float
    first_header_within: int


@dataclass(frozen=True)
class ChatLine:
    """One line of a message's text: its 0-based line index, the column it starts at, and whether
    it forwards or quotes someone else's words."""

    index: int
    column: int
    text: str
    quoted: bool


@cache
def chat_layout() -> ChatLayout:
    """Return the chat-export patterns of ``chatlines.yaml``."""
    known = packaged_file("factlint.sources", "chatlines.yaml")
    return ChatLayout(
        headers=known.patterns("headers"),
        system_authors=known.alternation("system_authors", re.IGNORECASE),
        empty_messages=known.alternation("empty_messages", re.IGNORECASE),
        dropped_marks=known.alternation("dropped_marks", re.IGNORECASE),
        forward_marks=known.alternation("forward_marks", re.IGNORECASE),
        other_shapes=known.alternation("other_shapes"),
        min_headers=known.whole_number("min_headers"),
        min_share=known.number("min_share"),
        first_header_within=known.whole_number("first_header_within"),
    )


def chat_header(lines: Sequence[str], suffix: str) -> tuple[re.Pattern[str], ...] | None:
    """Return the header patterns of a line-based chat export, the one that opens the most
    messages first, or None when the document is not one.

    That pattern must open at least ``min_headers`` messages and one of the first
    ``first_header_within`` non-blank lines, and the messages' lines must be ``min_share`` of the
    non-blank lines: a note that quotes a few chat lines stays a note, and a log no chat.
    """
    if suffix.lower() not in CHAT_SUFFIXES:
        return None
    layout = chat_layout()
    filled = [line for line in lines if line.strip()]
    counts = {header: _authored(header, filled) for header in layout.headers}
    found = tuple(sorted((header for header in layout.headers if counts[header]), key=lambda h: -counts[h]))
    if not found or counts[found[0]] < layout.min_headers:
        return None
    if _message_lines(lines, found) < layout.min_share * len(filled):
        return None
    opening = filled[: layout.first_header_within]
    return found if any(found[0].match(line) for line in opening) else None


def _authored(header: re.Pattern[str], lines: Sequence[str]) -> int:
    """Return how many of ``lines`` open with ``header`` naming an author (a dated row names none)."""
    return sum(1 for line in lines if (match := header.match(line)) and _author(match))


def _author(match: re.Match[str]) -> str | None:
    """Return the author a header names, or None when it names none or a log's level or source."""
    author = match.groupdict().get("author")
    return None if author is None or is_log_source(author) else author


def _header(headers: Sequence[re.Pattern[str]], line: str) -> re.Match[str] | None:
    """Return the match of the first of ``headers`` that opens ``line`` naming an author, else the
    first one's match without an author (a line of the chat's own), else None."""
    for header in headers:
        if (match := header.match(line)) and _author(match):
            return match
    return headers[0].match(line)


def _message_lines(lines: Sequence[str], headers: Sequence[re.Pattern[str]]) -> int:
    """Return how many of ``lines`` are messages': a header naming an author and the lines right
    below it, up to a blank line, a line of the chat's own or a line with a shape of its own."""
    count = 0
    within = False
    for line in lines:
        match = _header(headers, line)
        if match is not None or not line.strip() or chat_layout().other_shapes.match(line):
            within = match is not None and _author(match) is not None
        count += within
    return count


def parse_chat_lines(
    lines: Sequence[str], headers: Sequence[re.Pattern[str]], body_line: int = 1
) -> list[Block]:
    """Return the blocks of a line-based chat export whose messages open with one of ``headers``
    (an export may mix formats): what stands before its first message (an export's title lines)
    is read as plain text."""
    first = next(
        (index for index in range(body_line - 1, len(lines)) if _header(headers, lines[index])), len(lines)
    )
    blocks = parse_plain_text(lines[:first], body_line) if first > body_line - 1 else []
    messages: list[tuple[str, list[Block]]] = []
    message: list[ChatLine] | None = None
    author = ""
    forwarded = False
    for index in range(first, len(lines)):
        line = lines[index]
        match = _header(headers, line)
        if match is None:
            if message is not None:
                # A forward's first line says where it comes from; its next lines are its words.
                message.append(ChatLine(index, 0, line, forwarded))
            continue
        if message:
            _add_message(messages, author, message)
        message = _opened(match, line, index)
        author = _author(match) or ""
        forwarded = (
            message is not None
            and chat_layout().forward_marks.match(line[match.end() :].lstrip()) is not None
        )
    if message:
        _add_message(messages, author, message)
    return blocks + [block for _, message_blocks in messages for block in message_blocks]


def _add_message(messages: list[tuple[str, list[Block]]], author: str, message: list[ChatLine]) -> None:
    """Append a message's blocks to ``messages``, unless it is one line of a sed-style correction
    ("s/96/48/") that rewrites one of the author's earlier messages instead."""
    if len(message) == 1 and "s/" in message[0].text:
        line = message[0]
        edit = _clean(line.text, line.index + 1, line.column + 1)
        if apply_sed_edit(messages, author, edit):
            return
    messages.append((author, _message_blocks(message)))


def _opened(match: re.Match[str], line: str, index: int) -> list[ChatLine] | None:
    """Return the first line of the message a header opens, or None for a line of the chat's own
    (no author, or a system phrase where the author stands) or a placeholder ("<Media omitted>")."""
    layout = chat_layout()
    author = _author(match)
    if author is None or layout.system_authors.search(author):
        return None
    text = line[match.end() :]
    if layout.empty_messages.fullmatch(layout.dropped_marks.sub("", text).strip()):
        return None
    return [ChatLine(index, match.end(), text, False)]


def _message_blocks(message: list[ChatLine]) -> list[Block]:
    """Return a message's paragraphs, list items and quoted paragraphs, in order."""
    blocks: list[Block] = []
    run: list[AnchoredText] = []
    run_quoted = False
    intro: str | None = None

    def flush() -> None:
        nonlocal run, intro
        if run:
            text, anchors, _ = join(run, "\n")
            block = anchored_block(
                BlockKind.PARAGRAPH,
                AnchoredText(text, distinct_anchors(anchors)),
                (),
                message=not run_quoted,
            )
            blocks.append(block)
            intro = intro if intro is not None or run_quoted else text
        run = []

    for line in message:
        quote = _QUOTE.match(line.text)
        quoted = line.quoted or quote is not None
        start = quote.end() if quote is not None else 0
        bullet = None if quote is not None else _BULLET.match(line.text)
        if bullet is not None:
            start = bullet.end()
        text = _clean(line.text[start:], line.index + 1, line.column + start + 1)
        if not text.text.strip():
            flush()
            continue
        if bullet is not None:
            flush()
            blocks.append(anchored_block(BlockKind.LIST_ITEM, text, (), list_intro=intro))
            continue
        if run and quoted != run_quoted:
            flush()
        run_quoted = quoted
        run.append(text)
    flush()
    return blocks


def _clean(text: str, line: int, column: int) -> AnchoredText:
    """Return one line's words without the chat's marks, markup and struck text, anchored at
    ``line`` and ``column`` (1-based) where ``text`` starts."""
    layout = chat_layout()
    dropped: list[tuple[int, int]] = [match.span() for match in layout.dropped_marks.finditer(text)]
    for begin, end in marked_spans(text):
        if text[begin] == "~":
            dropped.append((begin, end))  # struck text is withdrawn
        else:
            dropped += [(begin, begin + 1), (end - 1, end)]
    pieces: list[AnchoredText] = []
    start = 0
    for begin, end in sorted(dropped):
        if begin > start:
            pieces.append(AnchoredText(text[start:begin], ((0, line, column + start),)))
        start = max(start, end)
    if start < len(text):
        pieces.append(AnchoredText(text[start:], ((0, line, column + start),)))
    if not pieces:
        return AnchoredText("", ((0, line, column),))
    joined, anchors, _ = join(pieces, "")
    stripped = joined.strip()
    lead = len(joined) - len(joined.lstrip())
    return AnchoredText(joined, tuple(anchors)).slice(lead, lead + len(stripped))


def marked_spans(text: str) -> list[tuple[int, int]]:
    """Return the spans of ``text`` that WhatsApp's marks enclose (``*bold*``, ``_italic_``,
    ``~struck~``), marks included, left to right and never overlapping."""
    closings: dict[str, list[int]] = {"*": [], "_": [], "~": []}
    for match in _CLOSING.finditer(text):
        closings[match.group()].append(match.start())
    breaks = [match.start() for match in re.finditer("\n", text)] + [len(text)]
    following = {mark: 0 for mark in closings}
    line_end = 0
    spans: list[tuple[int, int]] = []
    for match in _OPENING.finditer(text):
        begin = match.start()
        if spans and begin < spans[-1][1]:
            continue
        while breaks[line_end] < begin:
            line_end += 1
        end = _next_closing(closings[match.group()], following, match.group(), begin + 2)
        if end is not None and end < breaks[line_end]:
            spans.append((begin, end + 1))
    return spans


def _next_closing(closings: list[int], following: dict[str, int], mark: str, start: int) -> int | None:
    """Return the first of ``closings`` at or after ``start``, moving ``following[mark]`` (where
    the search of this mark resumes: openings come left to right) up to it."""
    index = following[mark]
    while index < len(closings) and closings[index] < start:
        index += 1
    following[mark] = index
    return closings[index] if index < len(closings) else None
