"""HTTP protocol traces pasted in text: header lines are no claims, JSON bodies are data records.

A terminal capture of ``curl -v`` (``*`` connection notes, ``>`` request and ``<`` response
lines), ``httpie --verbose`` (a request line and a status line, each with ``Name: value`` headers)
or ``wget -d`` (``---request begin---`` frames) holds dates, content lengths, rate limits and
ports that state nothing about a product. The JSON an API answers with, pretty-printed or one
object per line (``jq -c``), is the data: each body is read as a fenced JSON block is
(``datablocks.data_rows``), its cells placed at their lines in the capture. A trace opens at a
prompt running an HTTP client or at a block of header lines holding a status or request line, and
runs on over header lines, bodies, blank lines and further client prompts. The patterns are in
``protocoltraces.yaml``. See decision 0179.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from factlint.models import Block
from factlint.sources.datablocks import data_rows
from factlint.sources.packaged import PackagedFile, packaged_file

_CHEAP_GUARD = "HTTP/"  # every trace writes a status or request line; a client's prompt runs it
_CLIENT_GUARD = ("curl", "http", "wget", "xh")
# a line that may open a trace: a status or request line, a client's prompt, a wget frame
_CANDIDATE = re.compile(r"HTTP/|curl|http|wget|xh|---")
_OPENERS = "{["
_CLOSERS = {"{": "}", "[": "]"}


@cache
def _knowledge() -> PackagedFile:
    """Return ``protocoltraces.yaml``."""
    return packaged_file("factlint.sources", "protocoltraces.yaml")


def _matches(key: str, line: str) -> bool:
    """Return True when the stripped ``line`` is one of the lines ``key`` describes."""
    return _knowledge().alternation(key).fullmatch(line.strip()) is not None


def _is_command(line: str) -> bool:
    """Return True for a prompt's line that runs an HTTP client ("$ curl -v ...")."""
    return (
        any(word in line for word in _CLIENT_GUARD)
        and _knowledge().alternation("commands").match(line.strip()) is not None
    )


def _is_verbose(line: str) -> bool:
    """Return True for a line curl -v marks with ``*``, ``>`` or ``<``."""
    return line[:1] in "*<>" and _matches("verbose_lines", line)


def _is_message(line: str) -> bool:
    """Return True for an HTTP status or request line, marked or not."""
    return _CHEAP_GUARD in line and _matches("message_lines", line)


def trace_spans(lines: Sequence[str], first: int, last: int) -> list[tuple[int, int]]:
    """Return the 0-based (start, end) spans of protocol traces between lines ``first`` and ``last``."""
    if not any(_CHEAP_GUARD in lines[index] for index in range(first, last)):
        return []
    spans: list[tuple[int, int]] = []
    end = first
    for index in range(first, last):
        if index < end or _CANDIDATE.search(lines[index]) is None:
            continue
        start = _trace_start(lines, index, first, end)
        if start is None:
            continue
        end = _trace_end(lines, start, last)
        if any(_is_message(lines[row]) or _body_end(lines, row, end) for row in range(start + 1, end)):
            spans.append((start, end))
    return spans


def _trace_start(lines: Sequence[str], index: int, first: int, taken: int) -> int | None:
    """Return the line a trace holding line ``index`` opens at: a client's prompt or a wget frame
    there, or for a status or request line the first of curl's marked lines right above it (not
    before ``taken``, the end of the trace before); None when line ``index`` opens none."""
    line = lines[index]
    if _is_command(line) or ("---" in line and _matches("frame_lines", line)):
        return index
    if not _is_message(line):
        return None
    start = index
    floor = max(first, taken)
    while start > floor and lines[start - 1].strip() and _is_verbose(lines[start - 1]):
        start -= 1
    return start


def _trace_end(lines: Sequence[str], start: int, last: int) -> int:
    """Return the 0-based line after the trace opening at ``start``: the lines it runs on over are
    trace lines, bodies and blank lines, and after a client's prompt anything the client logs
    (wget's "Resolving ...", "Saving to: ...") up to another program's prompt; after a blank line
    only a trace line or a body goes on. Trailing blank lines are left out."""
    index = start
    end = start + 1
    in_headers = False  # after a status or request line, up to a blank line: "Name: value" lines
    client_log = False  # after a client's prompt, up to another program's prompt
    after_blank = False  # after a blank line only trace lines go on: prose there ends the trace
    while index < last:
        line = lines[index]
        if not line.strip():
            in_headers = False
            after_blank = True
            index += 1
            continue
        body_end = _body_end(lines, index, last)
        if body_end:
            index = end = body_end
            in_headers = after_blank = False
            continue
        if _is_message(line):
            in_headers = True
        elif _is_command(line):
            client_log = True
        elif not (
            _is_verbose(line)
            or ("---" in line and _matches("frame_lines", line))
            or (in_headers and _matches("header_lines", line))
            or (client_log and not after_blank and not _matches("prompts", line))
        ):
            break
        after_blank = False
        index += 1
        end = index
    return end


def _body_end(lines: Sequence[str], index: int, last: int) -> int:
    """Return the 0-based line after a JSON body opening at line ``index`` (a line starting with
    ``{`` or ``[`` whose brackets close by ``last``), else 0."""
    stripped = lines[index].lstrip()
    if not stripped or stripped[0] not in _OPENERS:
        return 0
    depth: list[str] = []
    quoted = False
    for row in range(index, last):
        escaped = False
        for character in lines[row]:
            if quoted:
                if escaped:
                    escaped = False
                elif character == "\\":
                    escaped = True
                elif character == '"':
                    quoted = False
            elif character == '"':
                quoted = True
            elif character in _OPENERS:
                depth.append(_CLOSERS[character])
            elif depth and character == depth[-1]:
                depth.pop()
                if not depth:
                    return row + 1
            elif character in "}]":
                return 0  # a bracket that closes nothing opened: no JSON
        if not depth:
            return 0
    return 0


def trace_blocks(lines: Sequence[str], start: int, end: int, headings: tuple[str, ...]) -> list[Block]:
    """Return the record and prose blocks of the JSON bodies in the trace at 0-based lines
    ``start``..``end``; its other lines yield nothing."""
    blocks: list[Block] = []
    index = start
    while index < end:
        body_end = _body_end(lines, index, end)
        if body_end:
            blocks.extend(data_rows(lines, index, body_end, headings, None))
            index = body_end
        else:
            index += 1
    return sorted(blocks, key=lambda block: (block.line, block.column))
