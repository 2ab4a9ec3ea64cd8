"""Decode a MIME part's body into text that knows the raw file line and column of every character."""

from __future__ import annotations

import binascii
import bisect
import codecs
import dataclasses
import quopri
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from email.message import Message

from factlint.models import Block, Cell
from factlint.sources.reader import plain_symbols

# A charset label that promises less than UTF-8 is a promise mail clients break: 8-bit bytes
# under "us-ascii" are nearly always UTF-8.
_ASCII_LABELS = frozenset(("us-ascii", "ascii", "ansi_x3.4-1968", "646"))
_HEX = frozenset(b"0123456789ABCDEFabcdef")
_TRANSFER_ENCODINGS = frozenset(("quoted-printable", "base64", "x-uuencode", "uuencode", "x-uue", "uue"))
# Decodes one raw line (with its line end): its bytes and the offset in the line of each, or
# None when the line cannot be decoded on its own.
_LineDecoder = Callable[[bytes], tuple[bytes, list[int]] | None]


@dataclass(frozen=True)
class RawFile:
    """The bytes of an e-mail file and where each of its lines starts, to place byte offsets."""

    data: bytes
    lines: tuple[str, ...]  # the file's decoded lines, as every other reader counts them
    starts: tuple[int, ...]  # byte offset of each line's first byte in ``data``
    # 0-based line -> the column of each byte of a non-ASCII line (None: ASCII), built on first use
    _columns: dict[int, list[int] | None] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def of(cls, lines: Sequence[str]) -> RawFile:
        """Return the RawFile of a file's lines (``\\n`` line ends, undecodable bytes kept as surrogates)."""
        encoded = [line.encode("utf-8", "surrogateescape") for line in lines]
        starts, offset = [], 0
        for line in encoded:
            starts.append(offset)
            offset += len(line) + 1
        return cls(b"\n".join(encoded), tuple(lines), tuple(starts))

    def position(self, offset: int) -> tuple[int, int]:
        """Return the 1-based (line, column) of the byte at ``offset`` (columns count characters)."""
        index = max(bisect.bisect_right(self.starts, offset) - 1, 0)
        start = self.starts[index]
        end = self.starts[index + 1] if index + 1 < len(self.starts) else len(self.data)
        if index not in self._columns:
            line = self.data[start:end]
            self._columns[index] = None if line.isascii() else _byte_columns(line)
        columns = self._columns[index]
        if columns is None or offset - start >= len(columns):
            return index + 1, offset - start + 1 if columns is None else len(self.lines[index]) + 1
        return index + 1, columns[offset - start]


def _byte_columns(line: bytes) -> list[int]:
    """Return the 1-based character column of each byte of ``line`` (UTF-8, bad bytes one each)."""
    columns: list[int] = []
    column = 1
    for char in line.decode("utf-8", "surrogateescape"):
        size = len(char.encode("utf-8", "surrogateescape"))
        columns += [column] * size
        column += 1
    return columns


@dataclass(frozen=True)
class MappedText:
    """Decoded text split into lines, with the raw file position of each character of each line.

    ``places[i][j]`` is the (line, column) in the file of ``lines[i][j]``; each line has one
    more place than characters: where its line break (or the end of the text) stands.
    """

    lines: tuple[str, ...]
    places: tuple[tuple[tuple[int, int], ...], ...]

    def place(self, line: int, column: int) -> tuple[int, int]:
        """Return the file (line, column) of the 1-based decoded (``line``, ``column``)."""
        row = self.places[min(max(line, 1), len(self.places)) - 1]
        return row[min(max(column, 1), len(row)) - 1]


def relocated(block: Block, mapped: MappedText) -> Block:
    """Return ``block`` (placed in the decoded text) placed in the raw file, with anchors."""
    anchors: list[tuple[int, int, int]] = []
    previous = (0, 0)
    for offset, place in enumerate(block_positions(block)):
        line, column = mapped.place(*place)
        if not anchors or (line, column) != (previous[0], previous[1] + 1):
            anchors.append((offset, line, column))
        previous = (line, column)
    _, line, column = anchors[0]
    cells = tuple(Cell(cell.text, column + cell.column - block.column) for cell in block.cells)
    return dataclasses.replace(block, line=line, column=column, anchors=tuple(anchors), cells=cells)


def block_positions(block: Block) -> Iterator[tuple[int, int]]:
    """Yield ``block.position(offset)`` for each offset of its text (at least one), in one pass."""
    anchors = block.anchors
    next_anchor = 1
    line, column = block.line, block.column  # place of offset 0 without anchors
    for offset in range(max(len(block.text), 1)):
        if anchors:
            while next_anchor < len(anchors) and anchors[next_anchor][0] <= offset:
                next_anchor += 1
            start, anchor_line, anchor_column = anchors[next_anchor - 1]
            yield anchor_line, anchor_column + offset - start
            continue
        yield line, column
        if block.text[offset : offset + 1] == "\n":
            line, column = line + 1, 1
        else:
            column += 1


def decode_part(part: Message, raw: RawFile, start: int) -> MappedText:
    """Return the text of the leaf ``part`` whose undecoded body starts at byte ``start`` of ``raw``.

    The email package decodes the body; each raw line is decoded on its own as well, with the
    same decoders, only to learn where each byte comes from. When the two disagree (a body
    that breaks the standards in ways the line-by-line reading cannot follow), every
    character is placed at the body's first line.
    """
    body = _payload_bytes(part)
    decoded = part.get_payload(decode=True)
    if not isinstance(decoded, bytes):
        decoded = b""
    origins = _origins(body, _encoding(part), decoded)
    if origins is None:
        origins = [0] * len(decoded)
    chars, places = _decode_chars(decoded, [start + origin for origin in origins], _charset(part), raw)
    text = _split_lines(chars, places, raw.position(start + len(body)))
    if str(part.get_param("format", "")).lower() == "flowed":
        return _unflowed(text, delete_space=str(part.get_param("delsp", "")).lower() == "yes")
    return text


def _unflowed(text: MappedText, delete_space: bool) -> MappedText:
    """Return ``format=flowed`` text (RFC 3676) with its soft line breaks joined.

    A line that ends in a space, other than the signature separator ``-- ``, flows into the
    next line of the same quote depth; the next line's quote marks and a stuffed space are
    dropped, and with ``DelSp=yes`` the trailing space as well. Each character keeps its place.
    """
    lines: list[list[str]] = []
    rows: list[list[tuple[int, int]]] = []
    flowing = False
    depth = 0
    for line, row in zip(text.lines, text.places, strict=True):
        quote = len(line) - len(line.lstrip(">"))
        skip = quote + (1 if line[quote : quote + 1] == " " else 0)  # quote marks, stuffed space
        if flowing and quote == depth:
            lines[-1] += line[skip:]
            rows[-1].pop()  # the joined line's end
            rows[-1] += row[skip:]
        else:
            lines.append([*line[:quote], *line[skip:]])
            rows.append([*row[:quote], *row[skip:]])
        depth = quote
        flowing = line.endswith(" ") and line[skip:] != "-- "
        if flowing and delete_space and lines[-1]:
            lines[-1].pop()
            del rows[-1][-2]
    return MappedText(tuple("".join(chars) for chars in lines), tuple(tuple(row) for row in rows))


def payload_start(part: Message, raw: RawFile, cursor: int) -> int | None:
    """Return the byte offset of ``part``'s undecoded body in ``raw`` at or after ``cursor``, or None."""
    body = _payload_bytes(part)
    if not body:
        return None
    found = raw.data.find(body, cursor)
    return found if found >= 0 else None


def payload_length(part: Message) -> int:
    """Return how many bytes of the file ``part``'s undecoded body takes."""
    return len(_payload_bytes(part))


def _payload_bytes(part: Message) -> bytes:
    """Return ``part``'s body as the file has it (before transfer decoding)."""
    payload = part.get_payload(decode=False)
    if not isinstance(payload, str):
        return b""
    if payload.isascii():
        return payload.encode("ascii")
    # 8-bit bytes: the email package gives them decoded by the part's charset.
    if _encoding(part) not in _TRANSFER_ENCODINGS:
        raw = part.get_payload(decode=True)  # no transfer encoding: the bytes themselves
        return raw if isinstance(raw, bytes) else b""
    return payload.encode(_charset(part), "replace")


def _encoding(part: Message) -> str:
    return str(part.get("content-transfer-encoding", "7bit")).strip().lower()


def _origins(body: bytes, encoding: str, decoded: bytes) -> list[int] | None:
    """Return, for each decoded byte, its offset in ``body``; None if the line-by-line reading differs."""
    if encoding == "quoted-printable":
        origins, pieces = _line_origins(body, _quoted_printable_line)
    elif encoding == "base64":
        origins, pieces = _line_origins(body, _base64_line)
    else:
        return list(range(len(decoded))) if body == decoded else None
    return origins if b"".join(pieces) == decoded else None


def _line_origins(body: bytes, decode_line: _LineDecoder) -> tuple[list[int], list[bytes]]:
    origins: list[int] = []
    pieces: list[bytes] = []
    offset = 0
    for line in body.splitlines(keepends=True):
        decoded = decode_line(line)
        if decoded is None:
            return [], [b"\x00"]  # cannot match the email package's decoding
        piece, line_origins = decoded
        pieces.append(piece)
        origins += [offset + origin for origin in line_origins]
        offset += len(line)
    return origins, pieces


def _quoted_printable_line(line: bytes) -> tuple[bytes, list[int]] | None:
    """Return the quoted-printable decoding of one line and where in the line each byte stands.

    A soft line break (a final ``=``) decodes to nothing, so the next line's bytes follow on:
    a figure split by one reads as one figure, placed where it starts.
    """
    piece = quopri.decodestring(line)
    origins: list[int] = []
    index = 0
    for byte in piece:
        escape = line[index + 1 : index + 3]
        if (
            line[index : index + 1] == b"="
            and len(escape) == 2
            and _HEX.issuperset(escape)
            and int(escape, 16) == byte
        ):
            origins.append(index)
            index += 3
            continue
        origins.append(min(index, max(len(line) - 1, 0)))
        if index < len(line) and line[index] == byte:
            index += 1
    return piece, origins


def _base64_line(line: bytes) -> tuple[bytes, list[int]] | None:
    """Return the base64 decoding of one line, each byte placed at the characters that encode it.

    None for a line that is not whole four-character groups: its bytes run on into the next.
    """
    stripped = line.rstrip()
    if len(stripped) % 4:
        return None
    try:
        piece = binascii.a2b_base64(stripped)
    except binascii.Error:
        return None
    return piece, [index * 4 // 3 for index in range(len(piece))]


def _charset(part: Message) -> str:
    label = str(part.get_content_charset() or "utf-8").lower()
    if label in _ASCII_LABELS:
        return "utf-8"
    try:
        info = codecs.lookup(label)
    except LookupError:
        return "utf-8"
    # Codecs such as rot13 or hex map str to str or bytes to bytes: not a charset.
    return info.name if getattr(info, "_is_text_encoding", True) else "utf-8"


def _decode_chars(
    decoded: bytes, origins: list[int], charset: str, raw: RawFile
) -> tuple[list[str], list[tuple[int, int]]]:
    """Return the characters of ``decoded`` in ``charset``, each with the file place of its first byte."""
    if decoded.isascii():
        return list(decoded.decode("ascii")), [raw.position(origin) for origin in origins]
    decoder = codecs.getincrementaldecoder(charset)(errors="replace")
    chars: list[str] = []
    places: list[tuple[int, int]] = []
    first = 0
    for index in range(len(decoded)):
        out = decoder.decode(decoded[index : index + 1])
        if out:
            place = raw.position(origins[first])
            chars += out
            places += [place] * len(out)
            first = index + 1
    out = decoder.decode(b"", final=True)
    if out:
        place = raw.position(origins[first]) if first < len(origins) else raw.position(origins[-1])
        chars += out
        places += [place] * len(out)
    return chars, places


def _split_lines(chars: list[str], places: list[tuple[int, int]], end: tuple[int, int]) -> MappedText:
    """Return the characters as lines (CRLF and CR read as LF, symbols as the file reader reads them)."""
    lines: list[str] = []
    rows: list[tuple[tuple[int, int], ...]] = []
    current: list[str] = []
    row: list[tuple[int, int]] = []
    index = 0
    while index < len(chars):
        char = chars[index]
        if char in "\r\n":
            lines.append(plain_symbols("".join(current)))
            rows.append((*row, places[index]))
            current, row = [], []
            index += 2 if char == "\r" and index + 1 < len(chars) and chars[index + 1] == "\n" else 1
            continue
        current.append(char)
        row.append(places[index])
        index += 1
    lines.append(plain_symbols("".join(current)))
    rows.append((*row, end))
    return MappedText(tuple(lines), tuple(rows))
