"""Review comments after a patch ("file.yaml:42  text", as Gerrit and GitHub quote them) as prose about
the record the named line is in.

A reviewer writes "export-variants.yaml:17  OK: in March 2023 it was already in use" of the line
of a record without naming the record. The hunks say which record each line of the changed file
belongs to (its ``name:`` or ``model:`` field), so the comment is read as a paragraph under that
record's name, as a section's text is read under its heading. See decision 0134.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from factlint.models import Block, BlockKind
from factlint.sources.blocks import anchored_block
from factlint.sources.datablocks import data_keys
from factlint.sources.htmltext import AnchoredText

# "  apu.yaml:9  Fine; ..." or "data/specs/apu.yaml:9: ..." at the start of a line
_REFERENCE = re.compile(r"([ \t]*)([\w./-]+\.[A-Za-z]\w*):(\d+)(?::|[ \t])[ \t]*(?=\S)")
# a record's naming field in a data file's line: "  - name: H800", "model: 'MI300A'"
_NAME_FIELD = re.compile(r"[ \t]*(?:-[ \t]+)?([\w-]+)[ \t]*:[ \t]*([\"']?)([^\"'#\n]*?)\2[ \t]*(?:#.*)?$")


@dataclass(frozen=True)
class NamedLine:
    """A line of a changed file (after the change) where a record names itself."""

    file_name: str
    first_line: int  # the hunk's first line in the changed file (1-based)
    line: int  # the record's naming line in the changed file (1-based)
    name: str


def named_lines(
    lines: Sequence[str], file_name: str, header: int, new_start: int, kinds: Sequence[str]
) -> list[NamedLine]:
    """Return the naming lines of a hunk's records, numbered as in the changed file.

    ``header`` is the 0-based patch line of the hunk's ``@@`` header, ``new_start`` the first line
    number it gives the changed file and ``kinds`` the kind of each body line.
    """
    found: list[NamedLine] = []
    number = new_start
    for offset, kind in enumerate(kinds):
        if kind not in " +":
            continue
        field = _NAME_FIELD.match(lines[header + 1 + offset][1:])
        if field is not None and field.group(1).lower() in data_keys("name_keys") and field.group(3).strip():
            found.append(NamedLine(file_name, new_start, number, field.group(3).strip()))
        number += 1
    return found


def review_blocks(
    lines: Sequence[str], first: int, records: Iterable[NamedLine]
) -> tuple[list[Block], set[int]]:
    """Return a paragraph for each review comment from 0-based line ``first`` on that names a line of
    a changed file holding a record, under that record's name, and the 0-based lines they take."""
    index_of = _RecordIndex(records)
    blocks: list[Block] = []
    taken: set[int] = set()
    index = first
    while index < len(lines):
        reference = _REFERENCE.match(lines[index])
        name = index_of.record_at(reference.group(2), int(reference.group(3))) if reference else None
        if reference is None or name is None:
            index += 1
            continue
        indent = len(reference.group(1).expandtabs())
        end = index + 1
        while end < len(lines) and _continues(lines[end], indent):
            end += 1
        anchors = [(0, index + 1, reference.end() + 1)]
        text = lines[index][reference.end() :].rstrip()
        for following in range(index + 1, end):
            anchors.append((len(text) + 1, following + 1, 1))
            text += "\n" + lines[following].rstrip()
        blocks.append(anchored_block(BlockKind.PARAGRAPH, AnchoredText(text, tuple(anchors)), (name,)))
        taken.update(range(index, end))
        index = end
    return blocks, taken


def _continues(line: str, indent: int) -> bool:
    """Return True if ``line`` goes on with the comment above it: indented as far, no new reference."""
    return (
        bool(line.strip())
        and len(line) - len(line.lstrip()) >= indent
        and indent > 0
        and _REFERENCE.match(line) is None
    )


class _RecordIndex:
    """The naming lines of the hunks by every name a reviewer may give their file, in line order."""

    def __init__(self, records: Iterable[NamedLine]) -> None:
        self._by_name: dict[str, list[NamedLine]] = {}
        for record in records:
            for written in _written_names(record.file_name):
                self._by_name.setdefault(written, []).append(record)
        for named in self._by_name.values():
            named.sort(key=lambda record: record.line)  # stable: the first of a line stays first
        self._lines = {written: [record.line for record in named] for written, named in self._by_name.items()}

    def record_at(self, file_name: str, number: int) -> str | None:
        """Return the name of the record holding line ``number`` of ``file_name``, if a hunk shows it."""
        lines = self._lines.get(file_name, [])
        end = bisect.bisect_right(lines, number)
        if end == 0:
            return None
        return self._by_name[file_name][bisect.bisect_left(lines, lines[end - 1])].name


def _written_names(path: str) -> list[str]:
    """Return the names a reviewer may write for ``path``: the path and each of its last parts."""
    return [path, *(path[index + 1 :] for index, char in enumerate(path) if char == "/")]
