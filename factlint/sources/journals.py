"""System logs (systemd journals, syslog files) read as the messages their lines carry.

Every line of a journal opens with a stamp, the host that wrote it and the program
(``2026-11-19T08:14:02+0200 node7 gpu-agent[2211]: ...``). The prefix is taken off and each message
is read on its own: one program's line says nothing about the next one's, so no sentence runs on
from one line into another. A line whose message starts with blanks goes on with the message above
it (a program writing one record over several lines). The host is a machine: it heads the host's
messages as a section title would, so that a message naming no product speaks of that machine, never
of an accelerator named lines before. journalctl's own markers (``-- Logs begin at ... --``) print
nothing. The patterns are in ``journals.yaml``. See decision 0203.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from factlint.models import Block, BlockKind
from factlint.sources.blocks import make_block
from factlint.sources.datablocks import key_words, record_block
from factlint.sources.packaged import PackagedFile, packaged_file
from factlint.sources.plaintext import parse_plain_text

JOURNAL_SUFFIXES = (".log", ".txt", "")
_SAMPLE_LINES = 400  # detection looks at the log's first lines


@dataclass(frozen=True)
class Message:
    """One message of a log: its host, and where each of its file lines' text starts."""

    host: str
    lines: tuple[tuple[int, int], ...]  # (0-based file line, 0-based column where the text starts)


@cache
def _knowledge() -> PackagedFile:
    return packaged_file("factlint.sources", "journals.yaml")


@cache
def _prefixes() -> tuple[re.Pattern[str], ...]:
    return _knowledge().patterns("prefixes")


@cache
def _record_pair() -> re.Pattern[str]:
    pattern = _knowledge().value("record_pair")
    assert isinstance(pattern, str)
    return re.compile(pattern)


@cache
def _field_gap() -> re.Pattern[str]:
    return _knowledge().alternation("field_gap")


@cache
def _colon_field() -> re.Pattern[str]:
    return _knowledge().alternation("colon_field")


@cache
def _silent() -> re.Pattern[str]:
    return _knowledge().alternation("silent_lines")


def _prefix(line: str) -> re.Match[str] | None:
    """Return the match of a log line's stamp, host and program, or None."""
    if not line[:1].isalnum():  # every prefix opens with a digit or a month's or day's name
        return None
    for pattern in _prefixes():
        found = pattern.match(line)
        if found is not None:
            return found
    return None


def is_journal(lines: Sequence[str], suffix: str) -> bool:
    """Return True if the document is a system log: most of its first lines carry a journal's or
    syslog's prefix, and some of them a process id."""
    if suffix.lower() not in JOURNAL_SUFFIXES:
        return False
    sample = [line for line in lines[: 2 * _SAMPLE_LINES] if line.strip()][:_SAMPLE_LINES]
    if not sample:
        return False
    prefixed = 0
    with_pid = 0
    for line in sample:
        found = _prefix(line)
        if found is not None:
            prefixed += 1
            with_pid += found.group("pid") is not None
    return (
        prefixed >= _knowledge().whole_number("min_lines")
        and prefixed >= _knowledge().number("stamped_share") * len(sample)
        and with_pid >= _knowledge().whole_number("min_pid_lines")
    )


def journal_messages(lines: Sequence[str], body_line: int = 1) -> tuple[list[Message], list[int]]:
    """Return a log's messages in file order, and the 0-based lines that carry no prefix (read as
    plain text: a comment or a note around the log)."""
    messages: list[Message] = []
    unprefixed: list[int] = []
    last_unit: tuple[str, str] | None = None
    for index in range(body_line - 1, len(lines)):
        line = lines[index]
        found = _prefix(line)
        if found is None:
            last_unit = None
            if line.strip() and not _silent().match(line):
                unprefixed.append(index)
            continue
        start = found.end()
        rest = line[start:]
        text = rest.lstrip()
        if not text:
            continue
        unit = (found.group("host"), found.group("unit"))
        start += len(rest) - len(text)
        if rest[:1].isspace() and last_unit == unit and messages:
            previous = messages[-1]
            messages[-1] = Message(previous.host, (*previous.lines, (index, start)))
        else:
            messages.append(Message(found.group("host"), ((index, start),)))
        last_unit = unit
    return messages, unprefixed


def parse_journal(lines: Sequence[str], body_line: int = 1) -> list[Block]:
    """Return the blocks of a system log: one paragraph per message, headed by its host; lines
    without a prefix read as plain text."""
    messages, unprefixed = journal_messages(lines, body_line)
    blocks = [
        _record(lines, message) or _colon_record(lines, message) or _message_block(lines, message)
        for message in messages
    ]
    if unprefixed:
        kept = set(unprefixed)
        others = [line if index in kept else "" for index, line in enumerate(lines)]
        blocks.extend(parse_plain_text(others, body_line))
    blocks.sort(key=lambda block: (block.line, block.column))
    return blocks


def _message_block(lines: Sequence[str], message: Message) -> Block:
    """Return one message as a paragraph under its host, each line anchored at its place in the file."""
    first, column = message.lines[0]
    if len(message.lines) == 1:
        return make_block(
            BlockKind.PARAGRAPH, lines[first][column:].rstrip(), first + 1, column + 1, (message.host,)
        )
    parts: list[str] = []
    anchors: list[tuple[int, int, int]] = []
    offset = 0
    for index, start in message.lines:
        text = lines[index][start:].rstrip()
        anchors.append((offset, index + 1, start + 1))
        parts.append(text)
        offset += len(text) + 1
    return make_block(
        BlockKind.PARAGRAPH, "\n".join(parts), first + 1, column + 1, (message.host,), anchors=tuple(anchors)
    )


def _record(lines: Sequence[str], message: Message) -> Block | None:
    """Return a message of ``key=value`` fields (logfmt) as a record under its host, or None."""
    pairs: list[tuple[str, str, int, int]] = []  # key, value, 0-based line, 0-based column of the value
    lead = ""
    for index, start in message.lines:
        text = lines[index]
        if "=" not in text[start:]:
            return None
        position = start
        for found in _record_pair().finditer(text, start):
            between = text[position : found.start()]
            if between.strip():
                if pairs or lead:
                    return None  # words between the fields: prose, not a record
                lead = between.strip()
            value = found.group("value")
            column = found.start("value")
            if value.startswith('"'):
                value, column = value[1:-1], column + 1
            pairs.append((found.group("key"), value, index, column))
            position = found.end()
        if text[position:].strip():
            return None
    if len(pairs) < _knowledge().whole_number("record_min_pairs"):
        return None
    if len(lead.split()) > _knowledge().whole_number("record_lead_words"):
        return None
    headers = [key_words(key) for key, _, _, _ in pairs]  # "usd_per_hour" reads as a JSON key does
    cells = [(value, index + 1, column + 1) for _, value, index, column in pairs]
    return record_block(headers, cells, (), lead.rstrip(":") or None)


def _colon_record(lines: Sequence[str], message: Message) -> Block | None:
    """Return a one-line message of ``Key : value`` fields set apart by wide gaps as a record, or None."""
    if len(message.lines) != 1:
        return None
    index, start = message.lines[0]
    text = lines[index].rstrip()
    if " : " not in text[start:]:
        return None
    fields: list[tuple[str, str, int]] = []  # key, value, 0-based column of the value
    lead = ""
    position = start
    for gap in [*_field_gap().finditer(text, start), None]:
        end = gap.start() if gap else len(text)
        field = _colon_field().fullmatch(text, position, end)
        if field is not None:
            fields.append((field.group("key"), field.group("value"), field.start("value")))
        elif fields or lead:
            return None  # a stretch of words among the fields: prose
        else:
            lead = text[position:end]
        position = gap.end() if gap else end
    if len(fields) < _knowledge().whole_number("record_min_pairs"):
        return None
    if len(lead.split()) > _knowledge().whole_number("record_lead_words"):
        return None
    headers = [key for key, _, _ in fields]
    cells = [(value, index + 1, column + 1) for _, value, column in fields]
    return record_block(headers, cells, (message.host,), lead or None)
