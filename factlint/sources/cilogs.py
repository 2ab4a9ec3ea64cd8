"""Raw CI job logs (GitHub Actions, GitLab CI, Jenkins) read as the text each line carries.

A job log stamps every line (``2026-03-09T14:02:11.1234567Z ``) and mixes the runner's markers
(``##[group]``, ``##[endgroup]``, ``##[warning]``, ``::notice::``, ``section_start:``, ``[Pipeline]``)
with what the steps printed. The stamp and the markers are taken off each line, so that the rest
is read as what it is; each step (a group's opener starts one) is read on its own: a command's
pasted device-query output for device readings (``tooldumps.py``), a ``key=value`` inventory line
as a record, a step's Markdown (a job summary) as Markdown, the rest as plain text. Every block
keeps the file line and column of its text. The words are in ``cilogs.yaml``. See decision 0157.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from factlint.models import Block, Cell
from factlint.sources.blocks import moved_down
from factlint.sources.datablocks import record_block
from factlint.sources.detect import is_markdown
from factlint.sources.markdown import parse_markdown
from factlint.sources.packaged import PackagedFile, packaged_file
from factlint.sources.plaintext import parse_plain_text
from factlint.sources.tooldumps import dump_blocks, is_tool_output

CI_LOG_SUFFIXES = (".log", ".txt", "")
_SAMPLE_LINES = 400  # detection looks at the log's first lines


@dataclass(frozen=True)
class LogLines:
    """A log's lines without their stamps and markers, and where each line's text starts."""

    texts: tuple[str, ...]  # per file line: the text after the stamp and marker ("" for a marker alone)
    widths: tuple[int, ...]  # per file line: how many characters were taken off its start
    steps: tuple[int, ...]  # 0-based lines that open a step (a group's opener), in order


@cache
def _knowledge() -> PackagedFile:
    return packaged_file("factlint.sources", "cilogs.yaml")


@cache
def _pattern(key: str) -> re.Pattern[str]:
    return _knowledge().alternation(key)


@cache
def _record_pair() -> re.Pattern[str]:
    pattern = _knowledge().value("record_pair")
    assert isinstance(pattern, str)
    return re.compile(pattern)


def is_ci_log(lines: Sequence[str], suffix: str, lone_cr: Sequence[int] = ()) -> bool:
    """Return True if the document is a CI job log: most lines stamped and a runner's marker
    among them, or (unstamped) several markers. ``lone_cr`` as for :func:`log_lines`."""
    if suffix.lower() not in CI_LOG_SUFFIXES:
        return False
    head = file_lines(lines, [index for index in lone_cr if index < 4 * _SAMPLE_LINES])
    sample = [line for line in head[:_SAMPLE_LINES] if line.strip()]
    if not sample:
        return False
    stamped = 0
    markers = 0
    for line in sample:
        stamp = _pattern("stamps").match(line)
        stamped += stamp is not None
        rest = line[stamp.end() :] if stamp else line
        markers += _is_marker(rest)
    if stamped >= _knowledge().number("stamped_share") * len(sample):
        return markers > 0
    return markers >= _knowledge().whole_number("unstamped_markers")


def _is_marker(text: str) -> bool:
    keys = ("step_openers", "silent_lines", "annotations", "colour_start")
    return any(_pattern(key).match(text) for key in keys)


def log_lines(lines: Sequence[str], lone_cr: Sequence[int] = ()) -> LogLines:
    """Return each file line's text after its stamp, marker and colour codes, how much was taken off,
    and the steps. ``lone_cr``: indices of ``lines`` that ended at a lone "\\r" (see :func:`file_lines`)."""
    texts: list[str] = []
    widths: list[int] = []
    steps: list[int] = []
    echoing = False  # right after a step's opener: coloured lines are the runner's echo of its script
    for index, line in enumerate(file_lines(lines, lone_cr)):
        stamp = _pattern("stamps").match(line)
        start = stamp.end() if stamp else 0
        opener = _pattern("step_openers").match(line, start)
        if opener is not None:
            steps.append(index)
            texts.append("")  # the step's title is its command: no prose
            widths.append(start)
            echoing = True
            continue
        if _pattern("silent_lines").match(line, start):
            texts.append("")
            widths.append(start)
            echoing = False
            continue
        annotation = _pattern("annotations").match(line, start)
        start = annotation.end() if annotation else start
        start = line.rfind("\r", start) + 1 or start  # a terminal shows what was written after the last "\r"
        colour = _pattern("colour_start").match(line, start)
        if colour is not None:
            start = colour.end()
        elif echoing:
            echoing = False
        text = line[start:]
        if "\x1b" in text or text.endswith(
            "m"
        ):  # colour codes within: blanks of their width keep the columns
            text = _pattern("colour_codes").sub(lambda code: " " * len(code.group()), text)
        texts.append("" if colour is not None and echoing else text)
        widths.append(start)
    return LogLines(tuple(texts), tuple(widths), tuple(steps))


def file_lines(lines: Sequence[str], lone_cr: Sequence[int]) -> list[str]:
    """Return ``lines`` joined back into the file's lines: a line that ended at a lone "\\r" (a
    progress bar's redraw, GitLab's ``section_start:...\\r``) goes on with the next, "\\r" kept."""
    if not lone_cr:
        return list(lines)
    joined: list[str] = []
    pending = ""
    ends = set(lone_cr)
    for index, line in enumerate(lines):
        if index in ends:
            pending += line + "\r"
        else:
            joined.append(pending + line)
            pending = ""
    if pending:
        joined.append(pending)
    return joined


def parse_ci_log(lines: Sequence[str], body_line: int = 1, lone_cr: Sequence[int] = ()) -> list[Block]:
    """Return the blocks of a CI job log: each step's tool output, records and text, in file order.

    ``lone_cr``: indices of ``lines`` that ended at a lone "\\r"; such a line stays within its file line.
    """
    log = log_lines(lines, lone_cr)
    starts = sorted({body_line - 1, *(step for step in log.steps if step >= body_line - 1)})
    blocks: list[Block] = []
    for start, end in zip(starts, [*starts[1:], len(log.texts)], strict=True):
        blocks.extend(_step_blocks(log, start, end))
    blocks.sort(key=lambda block: (block.line, block.column))
    return blocks


def _step_blocks(log: LogLines, start: int, end: int) -> list[Block]:
    """Return the blocks of one step's lines ``start``..``end`` (0-based, exclusive)."""
    texts = list(log.texts[start:end])  # the step's own lines only: a long log has many steps
    found: list[Block] = []
    index = 0
    while index < len(texts):
        text = texts[index]
        if _pattern("commands").match(text.lstrip()):
            output_end = _output_end(texts, index + 1, len(texts))
            if is_tool_output(texts, index, output_end):
                found.extend(dump_blocks(texts, index, output_end, ()))
                # an inventory line printed with the tool's output is still a record
                records = (_record(texts[line], line + 1) for line in range(index + 1, output_end))
                found.extend(record for record in records if record is not None)
                texts[index:output_end] = [""] * (output_end - index)
                index = output_end
                continue
            texts[index] = ""  # a shell trace is code
        else:
            record = _record(text, index + 1)
            if record is not None:
                found.append(record)
                texts[index] = ""
        index += 1
    if is_markdown("\n".join(texts), ".log", False):
        prose, _ = parse_markdown(texts)
    else:
        prose = parse_plain_text(texts)
    return _moved_right(moved_down([*found, *prose], start), log.widths)


def _output_end(texts: Sequence[str], first: int, end: int) -> int:
    """Return the 0-based line after a command's output: the next command, or the step's end."""
    for index in range(first, end):
        if _pattern("commands").match(texts[index].lstrip()):
            return index
    return end


def _record(text: str, number: int) -> Block | None:
    """Return a line of ``key=value`` pairs as a record (a host's inventory), or None."""
    pairs = list(_record_pair().finditer(text))
    if len(pairs) < _knowledge().whole_number("record_min_pairs"):
        return None
    if text[: pairs[0].start()].strip() or any(
        text[before.end() : after.start()].strip() for before, after in itertools.pairwise(pairs)
    ):
        return None  # prose around the pairs: not an inventory line
    headers = [pair.group("key") for pair in pairs]
    cells = [(pair.group("value"), number, pair.start("value") + 1) for pair in pairs]
    return record_block(headers, cells, (), None)


def _moved_right(blocks: Sequence[Block], widths: Sequence[int]) -> list[Block]:
    """Return ``blocks`` with their columns moved right by what was taken off each line."""
    moved = []
    for block in blocks:
        width = widths[block.line - 1]
        cells = tuple(Cell(cell.text, cell.column + width) for cell in block.cells)
        if block.anchors:
            anchors = tuple((start, line, column + widths[line - 1]) for start, line, column in block.anchors)
        elif "\n" in block.text:
            anchors = ((0, block.line, block.column + width),)
            offset = block.text.find("\n")
            line = block.line
            while offset >= 0:
                line += 1
                anchors += ((offset + 1, line, 1 + widths[line - 1]),)
                offset = block.text.find("\n", offset + 1)
        else:
            anchors = ()
        moved.append(dataclasses.replace(block, column=block.column + width, cells=cells, anchors=anchors))
    return moved
