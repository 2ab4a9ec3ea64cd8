"""Read a saved e-mail (RFC 5322 headers, MIME body) into blocks placed at the lines of the raw file."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator, Sequence
from email import policy
from email.message import EmailMessage, Message
from email.parser import BytesParser

from factlint.models import Block, BlockKind
from factlint.sources.blocks import make_block
from factlint.sources.html import parse_html
from factlint.sources.mimetext import (
    MappedText,
    RawFile,
    decode_part,
    payload_length,
    payload_start,
    relocated,
)
from factlint.sources.plaintext import parse_plain_text

# An mbox separator line ("From jdoe@example.com Tue Feb 10 09:14:22 2026") opens each message.
_MBOX_FROM = re.compile(r"From \S")
_SUBJECT = re.compile(r"subject[ \t]*:[ \t]*", re.IGNORECASE)
_SPACES = re.compile(r"\s+")
_WORD_RUN = re.compile(r"[A-Za-z0-9]+")
_READABLE = ("text/plain", "text/html")
# In a multipart read as text (its boundary never came): a boundary line, and the header
# fields of a part, which open with a Content field.
_BOUNDARY_LINE = re.compile(r"--\S+")
_PART_HEADER = re.compile(r"content-[a-z-]+[ \t]*:", re.IGNORECASE)
_HEADER_FIELD = re.compile(r"[A-Za-z][A-Za-z0-9-]*[ \t]*:|[ \t]+\S")


def parse_email(lines: Sequence[str], body_line: int = 1) -> tuple[list[Block], str | None]:
    """Return the blocks of an e-mail file and its title (the first message's subject).

    Each message gives its ``Subject`` as a heading, then the text of its readable parts:
    ``text/plain`` read as plain text, ``text/html`` as a page, the plain alternative of a
    ``multipart/alternative`` preferred, attachments skipped (a forwarded message attached
    whole is read as a message). Other headers are not prose. Every block is placed where
    its text stands in the raw file, through transfer encodings and soft line breaks.
    """
    raw = RawFile.of(lines)
    blocks: list[Block] = []
    title: str | None = None
    starts = _message_starts(lines, body_line - 1)
    # Each message ends where the next one's "From " separator line starts.
    for first, end in zip(starts, [start - 1 for start in starts[1:]] + [len(lines)], strict=True):
        data = raw.data[raw.starts[first] : raw.starts[end] - 1 if end < len(lines) else len(raw.data)]
        message = BytesParser(policy=policy.default).parsebytes(data)
        reader = _MessageReader(raw, raw.starts[first])
        reader.read(message, first)
        blocks += reader.blocks
        title = title or reader.subject
    return blocks, title


def _message_starts(lines: Sequence[str], first: int) -> list[int]:
    """Return the 0-based first line of each message: after each mbox ``From`` line, else ``first``."""
    if not _MBOX_FROM.match(lines[first] if first < len(lines) else ""):
        return [first]
    starts = [
        index + 1
        for index in range(first, len(lines) - 1)
        if _MBOX_FROM.match(lines[index]) and (index == first or not lines[index - 1].strip())
    ]
    return starts or [first]


@dataclasses.dataclass
class _MessageReader:
    """Walks one message's parts in file order, gathering the blocks of the readable ones."""

    raw: RawFile
    cursor: int  # byte offset in the raw file: where the next part's body is looked for
    blocks: list[Block] = dataclasses.field(default_factory=list)
    subject: str | None = None

    def read(self, message: Message, header_line: int) -> None:
        """Add the blocks of ``message``, whose header block starts at 0-based ``header_line``."""
        heading = self._subject_heading(message, header_line)
        if heading is not None:
            self.blocks.append(heading)
            self.subject = self.subject or heading.text
        for entity in _readable(message):
            if entity.get_content_type() == "message/rfc822":
                for inner in entity.get_payload():
                    if isinstance(inner, Message):
                        line = self.raw.position(self.cursor)[0] - 1
                        self.read(inner, line)
                continue
            start = payload_start(entity, self.raw, self.cursor)
            if start is None:
                continue
            self.cursor = start + payload_length(entity)
            mapped = decode_part(entity, self.raw, start)
            if entity.get_content_maintype() == "multipart":  # read as text: no boundary came
                mapped = _without_part_headers(mapped)
            if entity.get_content_type() == "text/html":
                found, _ = parse_html(mapped.lines, 1)
            else:
                found = parse_plain_text(mapped.lines, 1)
            self.blocks += (relocated(block, mapped) for block in found)

    def _subject_heading(self, message: Message, header_line: int) -> Block | None:
        """Return the HEADING block of the message's decoded ``Subject``, placed at its header line."""
        subject = message.get("subject")
        text = _SPACES.sub(" ", str(subject)).strip() if subject is not None else ""
        if not text:
            return None
        lines = self.raw.lines
        # The first "Subject:" line on: a message's headers come before its body.
        for index in range(header_line, len(lines)):
            match = _SUBJECT.match(lines[index])
            if match is not None:
                return _heading(text, lines, index, match.end())
        return None


def _heading(text: str, lines: Sequence[str], index: int, column: int) -> Block:
    """Return the heading of a header's decoded ``text`` whose value starts at (``index``, ``column``).

    Each run of ASCII letters and digits of the text is placed where it stands in the raw
    value, in order: a plain header's text is all there, folded lines included, and so is an
    encoded word's in Q encoding (``=?UTF-8?Q?Gaudi_3_with_128_GB?=``); what cannot be
    found (base64 words) stays after the run before it.
    """
    raw: list[str] = []
    places: list[tuple[int, int]] = []
    follow = index
    start = column
    while follow == index or (
        follow < len(lines) and lines[follow][:1] in (" ", "\t") and lines[follow].strip()
    ):
        raw += [*lines[follow][start:], "\n"]
        places += [(follow + 1, place + 1) for place in range(start, len(lines[follow]) + 1)]
        follow, start = follow + 1, 0
    folded = "".join(raw)
    anchors = [(0, index + 1, column + 1)]
    cursor = 0
    for run in _WORD_RUN.finditer(text):
        found = folded.find(run.group(0), cursor)
        if found < 0:
            continue
        cursor = found + len(run.group(0))
        anchor = (run.start(), *places[found])
        if run.start() == 0:
            anchors[0] = anchor
        else:
            anchors.append(anchor)
    _, line, first = anchors[0]
    return make_block(BlockKind.HEADING, text, line, first, anchors=tuple(anchors))


def _readable(entity: Message) -> Iterator[Message]:
    """Yield the parts of ``entity`` to read, in file order: text leaves and embedded messages."""
    kind = entity.get_content_type()
    if kind == "message/rfc822":
        yield entity
        return
    if isinstance(entity, EmailMessage) and entity.is_attachment():
        return
    if entity.is_multipart():
        children = [child for child in entity.get_payload() if isinstance(child, Message)]
        if kind == "multipart/alternative" and children:
            # Alternatives of one content: the plain text, else the richest one (listed last).
            plain = [child for child in children if child.get_content_type() == "text/plain"]
            children = plain[:1] or children[-1:]
        for child in children:
            yield from _readable(child)
    elif kind in _READABLE or kind.startswith("multipart/"):
        yield entity  # a multipart whose boundary never comes is one text (the parser notes a defect)


def _without_part_headers(mapped: MappedText) -> MappedText:
    """Return ``mapped`` with MIME boundary lines and the part headers after them blanked."""
    lines = list(mapped.lines)
    rows = list(mapped.places)
    index = 0
    while index < len(lines):
        if _BOUNDARY_LINE.fullmatch(lines[index].strip()) is None:
            index += 1
            continue
        end = index + 1
        if end < len(lines) and _PART_HEADER.match(lines[end]):
            while end < len(lines) and _HEADER_FIELD.match(lines[end]):
                end += 1
        for blank in range(index, end):
            lines[blank], rows[blank] = "", rows[blank][-1:]
        index = end
    return MappedText(tuple(lines), tuple(rows))
