"""LDIF directory exports (RFC 2849) read as records, as configuration files are (decision 0214).

An LDAP export lists entries: a ``dn:`` line, then ``attribute: value`` lines, an entry ending at a
blank line. A long value folds onto continuation lines that start with one space; a ``attr::`` value
is base64 (encoded: nothing readable is claimed) and ``attr:<`` a URL. Each entry becomes one
TABLE_ROW whose first cell is the entry's name (the value of its first RDN, ``cn=MI250X,...`` ->
MI250X) and whose headers are the attribute names as words (``hwMemoryGB`` -> "hw Memory GB"), so
that only names stating an attribute of the vocabulary give claims, as in data and configuration
files. Free text (a value under a prose key, ``description``, ``hwNote``) is a paragraph under the
entry's name. ``#`` comment lines are prose.

Change records (``changetype: modify``) supersede the entry they name: ``replace:`` and ``delete:``
take the attribute's earlier values out of that entry's row, and the values a change record adds
or replaces make a row of their own at their lines.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from factlint.models import Block, BlockKind
from factlint.sources.blocks import anchored_block
from factlint.sources.datablocks import data_keys, key_words, record_block
from factlint.sources.htmltext import AnchoredText, join

LDIF_SUFFIXES = frozenset({".ldif"})

_ATTRIBUTE = re.compile(r"([A-Za-z][\w\-]*(?:;[\w\-]+)*)(::?|:<)[ \t]*")
_VERSION = re.compile(r"version:[ \t]*\d+[ \t]*$")
_DN = re.compile(r"dn::?[ \t]*\S")
_FIRST_RDN = re.compile(r"[ \t]*[A-Za-z][\w\-]*=((?:\\.|[^,+\\])+)")
_NUMBER = re.compile(r"[~$<>+\-]?\d")
_CHANGE_OPS = frozenset({"add", "replace", "delete"})
_STRUCTURE_KEYS = frozenset({"dn", "objectclass", "changetype", "control", "member", "uniquemember"})
_DETECT_MIN_ENTRIES = 2


@dataclass
class _Value:
    """One attribute value: the attribute's name, its unfolded text, and where each stretch is."""

    name: str
    text: AnchoredText
    encoded: bool


@dataclass
class _Record:
    """One LDIF record: its entry's name, its values, and for a change record its operations."""

    name: tuple[str, int, int] | None  # the first RDN's value and its 1-based place
    dn: str
    values: list[_Value] = field(default_factory=list)
    change: str | None = None
    operations: list[tuple[str, str, int]] = field(default_factory=list)  # (op, attribute, line)


def is_ldif(lines: Sequence[str], suffix: str) -> bool:
    """Return True if the document is an LDIF export: by suffix, or (a ``.txt`` file or one without a
    suffix) when its first line that is no comment is ``version: 1`` or a ``dn:`` line and it holds at
    least two ``dn:`` lines."""
    lowered = suffix.lower()
    if lowered in LDIF_SUFFIXES:
        return True
    if lowered not in (".txt", ""):
        return False
    first = next((line for line in lines if line.strip() and not line.startswith("#")), "")
    if _VERSION.match(first) is None and _DN.match(first) is None:
        return False
    return sum(1 for line in lines if line.startswith("dn:")) >= _DETECT_MIN_ENTRIES


def parse_ldif(lines: Sequence[str], body_line: int) -> list[Block]:
    """Return the blocks of an LDIF export: a TABLE_ROW per entry and per change record that states
    a figure, a paragraph per free-text value and per run of comment lines."""
    blocks: list[Block] = []
    records = list(_records(lines, body_line, blocks))
    superseded: dict[str, set[str]] = {}
    for record in reversed(records):
        if record.change is not None:
            if record.change == "modify":
                gone = superseded.setdefault(record.dn, set())
                gone.update(attribute.lower() for op, attribute, _ in record.operations if op != "add")
            continue
        gone = superseded.get(record.dn, set())
        record.values = [value for value in record.values if value.name.lower() not in gone]
    for record in records:
        if record.change not in (None, "add", "modify"):
            continue
        if record.change == "modify":
            # a deleted value is listed under "delete:" only to name it: it states nothing
            kept = {attribute.lower() for op, attribute, _ in record.operations if op != "delete"}
            record.values = [value for value in record.values if value.name.lower() in kept]
        blocks.extend(_record_blocks(record))
    return sorted(blocks, key=lambda block: (block.line, block.column))


def _records(lines: Sequence[str], body_line: int, blocks: list[Block]) -> list[_Record]:
    """Return the records of the export in order; comment paragraphs are added to ``blocks``."""
    records: list[_Record] = []
    record: _Record | None = None
    comment: list[AnchoredText] = []
    logical: list[AnchoredText] = []  # the pieces of the line being unfolded

    def end_comment() -> None:
        if comment:
            text, anchors, _ = join(comment, "\n")
            blocks.append(anchored_block(BlockKind.PARAGRAPH, AnchoredText(text, tuple(anchors)), ()))
            comment.clear()

    def end_line() -> None:
        nonlocal record
        if not logical:
            return
        text, anchors, _ = join(logical, "")
        logical.clear()
        record = _add_line(record, AnchoredText(text, tuple(anchors)), records)

    for index, raw in enumerate(lines[body_line - 1 :]):
        number = body_line + index
        line = raw.rstrip("\r\n")
        if line.startswith(" ") and logical:  # a folded line goes on: its first space is no text
            logical.append(AnchoredText(line[1:], ((0, number, 2),)))
            continue
        end_line()
        if line.startswith("#"):
            body = line.lstrip("#")
            if body.strip():
                column = len(line) - len(body) + 1 + (len(body) - len(body.lstrip()))
                comment.append(AnchoredText(body.strip(), ((0, number, column),)))
            else:
                end_comment()
            continue
        end_comment()
        if not line.strip():
            record = None
            continue
        logical.append(AnchoredText(line, ((0, number, 1),)))
    end_line()
    end_comment()
    return records


def _add_line(record: _Record | None, line: AnchoredText, records: list[_Record]) -> _Record | None:
    """Return the record after reading one unfolded line into it (a ``dn:`` line opens a new one)."""
    text = line.text
    if text.strip() == "-":
        return record
    attribute = _ATTRIBUTE.match(text)
    if attribute is None:
        return record
    name, kind = attribute.group(1), attribute.group(2)
    value = AnchoredText(text[attribute.end() :].rstrip(), _shifted(line, attribute.end()))
    lowered = name.lower()
    if lowered == "dn":
        opened = _Record(name=_entry_name(value), dn=value.text.strip().lower())
        records.append(opened)
        return opened
    if record is None:  # "version: 1" and anything else outside an entry
        return record
    if lowered == "changetype":
        record.change = value.text.strip().lower()
    elif lowered in _CHANGE_OPS and record.change == "modify":
        record.operations.append((lowered, value.text.strip(), value.anchors[0][1]))
    elif lowered not in _STRUCTURE_KEYS:
        record.values.append(_Value(name, value, encoded=kind != ":"))
    return record


def _shifted(line: AnchoredText, start: int) -> tuple[tuple[int, int, int], ...]:
    """Return the anchors of ``line.text[start:]``, offsets counted from ``start``."""
    anchors: list[tuple[int, int, int]] = []
    for offset, number, column in line.anchors:
        if offset <= start:
            anchors = [(0, number, column + start - offset)]
        else:
            anchors.append((offset - start, number, column))
    return tuple(anchors)


def _entry_name(dn: AnchoredText) -> tuple[str, int, int] | None:
    """Return the value of a DN's first RDN (``cn=MI250X,ou=...`` -> MI250X) and its place."""
    rdn = _FIRST_RDN.match(dn.text)
    if rdn is None:
        return None
    line, column = dn.position(rdn.start(1))
    return rdn.group(1).replace("\\", ""), line, column


def _record_blocks(record: _Record) -> list[Block]:
    """Return the row of a record's figures and a paragraph for each of its free-text values."""
    headings = (record.name[0],) if record.name is not None else ()
    blocks: list[Block] = []
    headers: list[str] = []
    cells: list[tuple[str, int, int]] = []
    for value in record.values:
        if value.encoded or not value.text.text.strip():
            continue
        words = key_words(value.name)
        if _free_text(words, value.text.text):
            blocks.append(anchored_block(BlockKind.PARAGRAPH, value.text, headings))
        elif _NUMBER.match(value.text.text):
            _, line, column = value.text.anchors[0]
            headers.append(words)
            cells.append((value.text.text, line, column))
    if cells:
        name = record.name if record.name is not None else ("", cells[0][1], cells[0][2])
        blocks.append(record_block(["", *headers], [name, *cells], headings, None))
    return blocks


def _free_text(words: str, value: str) -> bool:
    """Return True for a value that is prose: under a prose key (its last word: "hw Note") and with
    a space in it."""
    last = words.split()[-1].lower() if words.split() else ""
    return " " in value.strip() and last in data_keys("prose_keys")
