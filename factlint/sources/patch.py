"""Patches (git format-patch mail, ``git diff``, GNU unified diff) read as documents of their parts.

A patch states the figures of the files it changes, as they are after the change. The mail
headers and commit message are read as an e-mail (decision 0134); the diffstat and the
``diff --git``/``index``/``---``/``+++`` lines are metadata; each hunk's context and ``+`` lines
are the changed file's current text, read as that file would be (a YAML or JSON file as data
records, anything else as plain text), each line at its own line of the patch; ``-`` lines are
superseded figures and give nothing. Text after the last hunk (the ``-- `` signature, review
comments) is prose.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import yaml

from factlint.models import Block
from factlint.sources.blocks import moved_down
from factlint.sources.datablocks import comment_blocks, node_blocks
from factlint.sources.mail import parse_email
from factlint.sources.patchreviews import named_lines, review_blocks
from factlint.sources.plaintext import parse_plain_text

PATCH_SUFFIXES = (".patch", ".diff")
_DATA_SUFFIXES = (".yaml", ".yml", ".json")
# git format-patch's first line: the commit and a fixed date ("Mon Sep 17 00:00:00 2001").
_FORMAT_PATCH_FROM = re.compile(r"From [0-9a-f]{40} Mon Sep 17 00:00:00 2001\s*$")
# ``git log -p``'s first line of a commit: "commit <sha>", perhaps with its refs "(HEAD -> main)",
# over its "Author:" line (a merge's "Merge:" line first). A message line quoting a commit is no header.
_LOG_COMMIT = re.compile(r"commit (?:[0-9a-f]{40}|[0-9a-f]{64})(?: \(.*\))?\s*$")
_LOG_AUTHOR = re.compile(r"(?:Author|Merge):[ \t]")
_DIFF_GIT = re.compile(r"diff --git \S")
_HUNK = re.compile(r"@@ -\d+(?:,(\d+))? \+(\d+)(?:,(\d+))? @@ ?(.*)")
_NEW_NAME = re.compile(r"\+\+\+ (?:b/)?([^\t\n]*)")
_SIGNATURE = "-- "
_VERSION = re.compile(r"\d+(?:\.\d+)+\S*\s*$")  # git's version under the signature: "2.43.0"


@dataclass(frozen=True)
class Hunk:
    """One hunk of a file's diff: its header line, the changed file's name and its body lines."""

    header: int  # 0-based line of the "@@" header
    context: str  # the text after the second "@@" (git's enclosing line of the file)
    file_name: str  # the changed file's path after the change ("" when the diff names none)
    new_start: int  # the changed file's line number of the hunk's first line
    kinds: tuple[str, ...]  # per body line: " " context, "+" added, "-" removed, "\\" a marker


@dataclass(frozen=True)
class PatchLayout:
    """Where a patch's parts are: the message before the diffs, the hunks and the prose after them."""

    message_end: int  # 0-based end (exclusive) of the mail or preamble before the diffs
    mail: bool  # the preamble is a format-patch mail (headers, then a commit message)
    hunks: tuple[Hunk, ...]
    trailer: int  # 0-based first line of the prose after the last hunk (len(lines) if none)


def is_patch(lines: Sequence[str], suffix: str) -> bool:
    """Return True if the document is a patch: by suffix, or by a format-patch or diff start."""
    if suffix.lower() in PATCH_SUFFIXES:
        return _first_diff(lines, 0) is not None
    head = [line for line in lines[:3] if line.strip()]
    if not head:
        return False
    if _FORMAT_PATCH_FROM.match(head[0]) or _DIFF_GIT.match(head[0]):
        return _first_diff(lines, 0) is not None
    return _unified_start(lines, 0)


def parse_patch(lines: Sequence[str], body_line: int = 1) -> tuple[list[Block], str | None]:
    """Return the blocks of a patch file and its title (the first mail's subject, if any).

    A series of patches in one file (``git format-patch --stdout``, ``git log -p``) is read patch
    by patch: each ``From <commit>`` line or ``commit <commit>`` header after the first diff starts a new one.
    """
    starts = [body_line - 1, *_series_starts(lines, body_line - 1), len(lines)]
    blocks, title = _patch_blocks(lines[: starts[1]], body_line)
    for start, end in itertools.pairwise(starts[1:]):
        blocks.extend(moved_down(_patch_blocks(lines[start:end], 1)[0], start))
    return blocks, title


def _series_starts(lines: Sequence[str], first: int) -> list[int]:
    """Return the 0-based lines after the first diff where another patch of a series starts."""
    diff_start = _first_diff(lines, first)
    if diff_start is None:
        return []
    return [index for index in range(diff_start + 1, len(lines)) if _starts_patch(lines, index)]


def _starts_patch(lines: Sequence[str], index: int) -> bool:
    """Return True if a patch of a series starts at line ``index``: format-patch's ``From <sha>``
    line with its fixed date, or ``git log -p``'s ``commit <sha>`` over its ``Author:`` or ``Merge:``."""
    if _FORMAT_PATCH_FROM.match(lines[index]):
        return True
    return (
        _LOG_COMMIT.match(lines[index]) is not None
        and index + 1 < len(lines)
        and _LOG_AUTHOR.match(lines[index + 1]) is not None
    )


def _patch_blocks(lines: Sequence[str], body_line: int) -> tuple[list[Block], str | None]:
    """Return the blocks of one patch (the whole of ``lines``) and its title (the mail's subject)."""
    layout = patch_layout(lines, body_line - 1)
    blocks: list[Block] = []
    title: str | None = None
    if layout.mail:
        blocks, title = parse_email(lines[: layout.message_end], body_line)
    elif layout.message_end > body_line - 1:
        blocks = parse_plain_text(lines[: layout.message_end], body_line)
    for hunk in layout.hunks:
        blocks.extend(hunk_blocks(lines, hunk))
    if layout.trailer < len(lines):
        records = [
            named
            for hunk in layout.hunks
            for named in named_lines(lines, hunk.file_name, hunk.header, hunk.new_start, hunk.kinds)
        ]
        reviews, taken = review_blocks(lines, layout.trailer, records)
        rest = [line if index not in taken else "" for index, line in enumerate(lines)]
        blocks.extend(reviews)
        blocks.extend(parse_plain_text(rest, layout.trailer + 1))
    return sorted(blocks, key=lambda block: (block.line, block.column)), title


def patch_layout(lines: Sequence[str], first: int) -> PatchLayout:
    """Return where the message, the hunks and the trailing prose of a patch are."""
    diff_start = _first_diff(lines, first)
    if diff_start is None:
        return PatchLayout(len(lines), False, (), len(lines))
    mail = bool(_FORMAT_PATCH_FROM.match(lines[first])) if first < len(lines) else False
    message_end = diff_start
    if mail:
        # format-patch ends the message at a "---" line, before the diffstat
        separators = [index for index in range(first, diff_start) if lines[index].rstrip() == "---"]
        message_end = separators[0] if separators else diff_start
    hunks, trailer = _hunks(lines, diff_start)
    return PatchLayout(message_end, mail, tuple(hunks), trailer)


def hunk_blocks(lines: Sequence[str], hunk: Hunk) -> list[Block]:
    """Return the blocks of a hunk's current text (context and ``+`` lines), read as its file's format."""
    body = hunk.header + 1
    current = [
        " " + lines[body + offset][1:] if kind in " +" else "" for offset, kind in enumerate(hunk.kinds)
    ]
    if hunk.file_name.lower().endswith(_DATA_SUFFIXES):
        records = _data_blocks(hunk, current)
        if records is not None:
            return records
    return moved_down(parse_plain_text(current), body)


def _data_blocks(hunk: Hunk, current: list[str]) -> list[Block] | None:
    """Return the records of a data file's hunk, or None if its current text does not parse.

    The hunk header's context (the enclosing key git names, ``entries:``) stands at the header's
    line, so that a hunk starting inside a mapping parses as the nested text it is.
    """
    for header in (hunk.context, ""):
        text = "\n".join([header, *current])
        try:
            root = yaml.compose(text, Loader=yaml.SafeLoader)
        except yaml.YAMLError:
            continue
        if root is None:
            return []
        shown = [header, *current]  # read on its own, then moved down to the header's line
        blocks = node_blocks(root, 0, (), None, shown)
        blocks.extend(comment_blocks(shown, 1, len(shown), (), None))
        return moved_down(blocks, hunk.header)
    return None


def _first_diff(lines: Sequence[str], first: int) -> int | None:
    """Return the 0-based line where the first file's diff starts, if any."""
    for index in range(first, len(lines)):
        if _DIFF_GIT.match(lines[index]) or _unified_start(lines, index):
            return index
    return None


def _unified_start(lines: Sequence[str], index: int) -> bool:
    """Return True if a unified diff's ``---``/``+++``/``@@`` header starts at line ``index``."""
    return (
        index + 2 < len(lines)
        and lines[index].startswith("--- ")
        and lines[index + 1].startswith("+++ ")
        and _HUNK.match(lines[index + 2]) is not None
    )


def _hunks(lines: Sequence[str], start: int) -> tuple[list[Hunk], int]:
    """Return the hunks of the diffs from line ``start`` on and the first line after them."""
    hunks: list[Hunk] = []
    file_name = ""
    index = start
    while index < len(lines):
        line = lines[index]
        header = _HUNK.match(line)
        if header is not None:
            kinds = list(_hunk_kinds(lines, index + 1, header))
            hunk = Hunk(index, header.group(4).rstrip(), file_name, int(header.group(2)), tuple(kinds))
            hunks.append(hunk)
            index += 1 + len(kinds)
            continue
        if _DIFF_GIT.match(line):
            file_name = line.rsplit(" b/", 1)[-1].strip() if " b/" in line else ""
        elif (name := _NEW_NAME.match(line)) is not None and line.startswith("+++ "):
            if name.group(1).strip() != "/dev/null":
                file_name = name.group(1).strip()
        elif not _diff_metadata(line):
            break
        index += 1
    if _signature_at(lines, index):
        index += 2  # the signature line and git's version under it
    return hunks, min(index, len(lines))


def _hunk_kinds(lines: Sequence[str], body: int, header: re.Match[str]) -> Iterator[str]:
    """Yield the kind of each body line of the hunk whose header is ``header``, by its line counts."""
    old = int(header.group(1)) if header.group(1) is not None else 1
    new = int(header.group(3)) if header.group(3) is not None else 1
    index = body
    while index < len(lines) and (old > 0 or new > 0):
        line = lines[index]
        if _signature_at(lines, index):  # a hand-edited hunk's counts may run past its end
            return
        kind = line[:1] or " "  # an editor may strip a blank context line to nothing
        if kind == "\\":
            yield kind
        elif kind == "-" and old > 0:
            old -= 1
            yield kind
        elif kind == "+" and new > 0:
            new -= 1
            yield kind
        elif kind == " ":
            old, new = old - 1, new - 1
            yield kind
        else:
            return
        index += 1
    if index < len(lines) and lines[index].startswith("\\"):
        yield "\\"


def _signature_at(lines: Sequence[str], index: int) -> bool:
    """Return True if format-patch's signature (``-- `` over git's version) starts at line ``index``."""
    return (
        index + 1 < len(lines) and lines[index] == _SIGNATURE and _VERSION.match(lines[index + 1]) is not None
    )


# Lines of a file's diff header: what git and diff write between a file's diffs and its hunks.
_METADATA = re.compile(
    r"(?:diff |index |--- |\+\+\+ |(?:old|new|deleted) (?:file )?mode |similarity index |"
    r"dissimilarity index |rename (?:from|to) |copy (?:from|to) |Binary files |Only in )"
)


def _diff_metadata(line: str) -> bool:
    """Return True for a line of a file diff's header (``index``, ``---``, modes, renames)."""
    return _METADATA.match(line) is not None
