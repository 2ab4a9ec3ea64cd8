"""Device readings in pasted output of device-query tools: one record per device, a row per reading.

``xpu-smi discovery``, ``clinfo``, ``nvidia-smi -q``, ``rocm-smi --showallinfo``, ``hl-smi -q``
print a device header (``Device ID: 0``, ``GPU 00000000:3B:00.0``, ``Device #1: ...``, ``GPU[0]``)
and then ``Key: Value`` lines, ``Key    Value`` columns or ``| Key | Value |`` box rows about that
device. A key naming the device's model (``Device Name``, ``Product Name``) names the record; a key
whose words state an attribute (``Memory Physical Size``, ``Global memory size``, ``Power Draw``,
``Max Power Limit``) is a reading of it, its unit from the value or the key's brackets (MiB, bytes,
W). Output that names no device takes the device a command line asked for (``-d 0``), else the
only model the output names. Each reading is a TABLE_ROW "model | value" under the headers
"device name" and the attribute's header, placed at the value; the claims stage reads it as it
reads an exporter's sample. Column tables are read too: ``nvidia-smi --query-gpu=... --format=csv``
(a device per row) and box tables with header rows (neuron-ls), each row opened by a device index. A
device the output names only by its host (``instance-type: inf2.xlarge``) gives "per-chip" rows of
the host. Wiki pages, CI logs, plain text and Markdown fences all read their pasted output here
(``tool_output_spans`` finds it in plain text). The words are in ``tooldumps.yaml``. See decisions
0149 and 0157.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from factlint.models import Block
from factlint.sources.datablocks import record_block
from factlint.sources.packaged import PackagedFile, packaged_file

_WORD = re.compile(r"[a-z0-9]+")
_RULE = re.compile(r"[ \t]*[+|=\-─━│┃┼╋┌┐└┘├┤┬┴]*[ \t]*$")
# "key: value", "key : value" or "key    value" (two spaces or a tab); a key of words
_KEY_VALUE = re.compile(
    r"(?P<key>[A-Za-z][\w .()/#%+\-\[\]]*?)\s*(?::[ \t]*|[ \t]{2,}|\t+)(?P<value>\S.*?)[ \t]*$"
)
_SECTION = re.compile(r"(?P<key>[A-Za-z][\w .()/#%+\-]*?)[ \t]*:?[ \t]*$")
_NUMBER = re.compile(r"(?P<number>\d[\d,]*(?:\.\d+)?)[ \t]*(?P<unit>[A-Za-z]+)?")
_BRACKET_UNIT = re.compile(r"\(([A-Za-z]+)\)")
_UNIT_WORDS = {"B": "bytes", "kB": "kilobytes"}
_BRACKET_UNIT_SQUARE = re.compile(r"\[([A-Za-z]+)\]")  # nvidia-smi's CSV header: "memory.total [MiB]"
_UNIT_KINDS = {
    "bytes": ("B", "KiB", "MiB", "GiB", "kB", "MB", "GB"),
    "power": ("W", "mW", "kW"),
    "count": ("",),
}
# A CSV header cell of a query tool: a field name, its unit in brackets ("power.limit [W]", "name")
_CSV_KEY = re.compile(r"[A-Za-z][\w.]*(?:[ \t]*\[[A-Za-z%/]+\])?")
_ID_CELL = re.compile(r"\d{1,3}")
_MIN_COLUMNS = 3  # a box row of three or more word cells is a header row
_MIN_CSV_COLUMNS = 2


@dataclass(frozen=True)
class DumpAttribute:
    """An attribute a tool's key can state: the words it needs and refuses, its row header and unit kind."""

    all_of: tuple[frozenset[str], ...]
    none_of: frozenset[str]
    header: str
    unit: str


# A device's key in a dump: the id the tool prints ("0", "00000000:3B:00.0"), or, for a device the
# output gives no id (a CSV row, clinfo's next record), the line that opened it: never a name.
DeviceKey = str | tuple[str, int]


@dataclass(frozen=True)
class Reading:
    """One reading of a device: its attribute's header, its value with a unit word, and its place."""

    device: DeviceKey | None
    header: str
    text: str
    line: int  # 1-based
    column: int  # 1-based


@dataclass
class _Dump:
    """What the output has said so far: the device each id names, the device the next lines are
    about, the open section's words, and the readings."""

    names: dict[DeviceKey, tuple[str, int, int]] = field(default_factory=dict)  # id -> (model, line, column)
    ranks: dict[DeviceKey, int] = field(default_factory=dict)  # id -> rank of the key that named it
    recorded: set[DeviceKey] = field(default_factory=set)  # ids a record key (clinfo's "Device Name") named
    device: DeviceKey | None = None
    sections: list[tuple[int, frozenset[str]]] = field(default_factory=list)  # (indent, words)
    readings: list[Reading] = field(default_factory=list)
    host: tuple[str, int, int] | None = None  # the host a host key names: (name, line, column)
    columns: tuple[str, ...] = ()  # the column headers of the device table being read (box or CSV)
    heading_row: bool = False  # the last row read was a box table's header row (the next one continues it)
    separator: str | None = None  # "," while a CSV table's rows are read


@cache
def _knowledge() -> PackagedFile:
    return packaged_file("factlint.sources", "tooldumps.yaml")


@cache
def _attributes() -> tuple[DumpAttribute, ...]:
    entries = _knowledge().value("attributes")
    assert isinstance(entries, dict)
    return tuple(
        DumpAttribute(
            tuple(frozenset(str(word) for word in words) for words in entry["all_of"]),
            frozenset(str(word) for word in entry["none_of"]),
            str(entry["header"]),
            str(entry["unit"]),
        )
        for entry in entries.values()
    )


@cache
def _headers() -> tuple[re.Pattern[str], ...]:
    return _knowledge().patterns("device_headers")


@cache
def _name_ranks() -> dict[str, int]:
    """Return the keys naming a device's model, each with its rank (0 the most telling)."""
    return {key.lower(): rank for rank, key in enumerate(_knowledge().words("name_keys"))}


@cache
def _words(key: str) -> frozenset[str]:
    return frozenset(word.lower() for word in _knowledge().words(key))


def is_tool_output(lines: Sequence[str], first: int, last: int) -> bool:
    """Return True if file lines ``first``..``last`` (0-based, exclusive) show a tool's output: a
    device header, a command prompt, or a tool's name or banner (``tooldumps.yaml``)."""
    prompts = _knowledge().alternation("command_prompts")
    signs = _knowledge().alternation("tool_signs")
    for index in range(first, last):
        stripped = lines[index].strip().lstrip("|│ \t")
        if prompts.match(stripped) or signs.search(stripped):
            return True
        if any(pattern.match(stripped) for pattern in _headers()):
            return True
    return False


def names_a_tool(lines: Sequence[str], first: int, last: int) -> bool:
    """Return True if file lines ``first``..``last`` (0-based, exclusive) show a tool's name, banner
    or device header: a code block of output, not a script whose comments look like prompts."""
    signs = _knowledge().alternation("tool_signs")
    for index in range(first, last):
        stripped = lines[index].strip().lstrip("|│ \t")
        if signs.search(stripped) or any(pattern.match(stripped) for pattern in _headers()):
            return True
    return False


def runs_a_tool(lines: Sequence[str], first: int, last: int) -> bool:
    """Return True if code lines ``first``..``last`` (0-based, exclusive) run a device-query tool
    through the shell (a notebook's ``!amd-smi static``): the output under them is the tool's."""
    escapes = _knowledge().alternation("shell_escapes")
    signs = _knowledge().alternation("tool_signs")
    return any(
        escapes.match(lines[index].strip()) and signs.search(lines[index]) for index in range(first, last)
    )


def tool_output_spans(lines: Sequence[str], first: int, last: int) -> list[tuple[int, int]]:
    """Return the 0-based (start, end) spans of device-query output pasted in plain text between
    lines ``first`` and ``last``: a prompt line running the tool (``$ amd-smi static``) and the
    output under it, up to the next prompt, the first line that is no output (prose right under the
    output), or a blank line after which no output follows (a line flush left that is no device
    header or box row). Under a terminal session's own prompt (``[root@host ~]# dmidecode``) every
    line up to the session's next prompt is output."""
    commands = _knowledge().alternation("tool_commands")
    prompts = _knowledge().alternation("command_prompts")
    sessions = _knowledge().alternation("session_prompts")
    spans = []
    following: list[int] | None = None  # per line: the next non-blank line at or after it
    index = first
    while index < last:
        if commands.match(lines[index].strip()) is None:
            index += 1
            continue
        if following is None:
            following = next_non_blank(lines, first, last)
        end = index + 1
        commas = lines[index].count(",")
        # under a session's own prompt every line is output up to the session's next prompt
        session = sessions.match(lines[index].strip()) is not None
        enders = sessions if session else prompts
        while end < last and enders.match(lines[end].strip()) is None:
            if not lines[end].strip():
                after = following[end - first]
                if after == last or not _continues_output(lines[after]):
                    break
            elif not session and not _is_output_line(lines[end], commas):
                break
            else:
                commas = lines[end].count(",")
            end += 1
        spans.append((index, end))
        index = end
    return spans


def pasted_output_lines(text: str) -> frozenset[int]:
    """Return the 0-based numbers of the lines of ``text`` that are a tool's output pasted in plain
    text, prompt lines included (see ``tool_output_spans``)."""
    if _knowledge().alternation("tool_commands").search(text) is None:
        return frozenset()
    lines = text.split("\n")
    spans = tool_output_spans(lines, 0, len(lines))
    return frozenset(index for start, end in spans for index in range(start, end))


def next_non_blank(lines: Sequence[str], first: int, last: int) -> list[int]:
    """Return, for each line from ``first`` to ``last``, the index of the next non-blank line (``last``
    when none is)."""
    found = [last] * (last - first)
    upcoming = last
    for index in range(last - 1, first - 1, -1):
        if lines[index].strip():
            upcoming = index
        found[index - first] = upcoming
    return found


def _continues_output(line: str) -> bool:
    """Return True if a line after a blank one is still a tool's output: indented, a box row or a
    device header."""
    stripped = line.strip()
    if line[:1].isspace() or stripped[:1] in "|│+":
        return True
    return any(pattern.match(stripped) for pattern in _headers())


def _is_output_line(line: str, commas: int) -> bool:
    """Return True if a non-blank line can be a tool's output: a device header, a box row or rule, a
    CSV row (as many commas as the line above, or a header of field names), a "Key: Value" line
    whose value is short, or a section title ("VRAM:", or indented "FB Memory Usage")."""
    stripped = line.strip()
    if (
        stripped[:1] in "|│+"
        or _RULE.fullmatch(line)
        or any(pattern.match(stripped) for pattern in _headers())
    ):
        return True
    if "," in stripped and (
        stripped.count(",") == commas or all(_CSV_KEY.fullmatch(cell.strip()) for cell in stripped.split(","))
    ):
        return True
    pair = _KEY_VALUE.fullmatch(stripped)
    if pair is not None:
        return len(pair.group("value").split()) <= _knowledge().whole_number("value_max_words")
    section = _SECTION.fullmatch(stripped)
    return section is not None and (stripped.endswith(":") or line[:1].isspace())


def dump_blocks(lines: Sequence[str], first: int, last: int, headings: tuple[str, ...]) -> list[Block]:
    """Return a TABLE_ROW for each device reading in the output between 0-based file lines ``first``
    and ``last`` (exclusive); a reading of no named device is placed under ``headings`` alone (the
    paragraph above the output names the host, not a device, so it is not read)."""
    dump = _Dump()
    for index in range(first, last):
        _read_line(dump, lines[index], index + 1)
    models = {name for name, _, _ in dump.names.values()}
    only = next(iter(dump.names.values())) if len(models) == 1 else None
    blocks = []
    for reading in dump.readings:
        named = dump.names.get(reading.device) if reading.device is not None else None
        named = named or only
        value = (reading.text, reading.line, reading.column)
        if named is None and dump.host is not None:
            # a device the output names only by its host: one chip of that host
            blocks.append(
                record_block(
                    ("device name", f"per-chip {reading.header}"), [dump.host, value], headings, None
                )
            )
        elif named is None:
            blocks.append(record_block((reading.header,), [value], headings, None))
        else:
            blocks.append(record_block(("device name", reading.header), [named, value], headings, None))
    return blocks


def _read_line(dump: _Dump, line: str, number: int) -> None:
    """Read one line of output: a command, a device header, box cells or a key and value."""
    stripped = line.strip()
    if not stripped or _RULE.fullmatch(line):
        return
    if _knowledge().alternation("command_prompts").match(stripped):
        asked = _knowledge().alternation("command_devices").search(stripped)
        dump.device = asked.group("id") if asked is not None else None
        dump.sections.clear()
        return
    column = len(line) - len(line.lstrip())
    if stripped.startswith(("|", "│")):
        _box_row(dump, line, number)
        return
    if _csv_row(dump, line, number):
        return
    for pattern in _headers():
        header = pattern.match(stripped)
        if header is not None:
            dump.device = header.group("id")
            dump.sections.clear()
            if "name" in pattern.groupindex and header.group("name"):
                dump.names[dump.device] = (header.group("name"), number, column + header.start("name") + 1)
            rest = stripped[header.end() :].lstrip(" \t:")
            if rest and header.end() < len(stripped):
                _fragment(dump, rest, number, column + len(stripped) - len(rest) + 1, column)
            return
    _fragment(dump, stripped, number, column + 1, column)


def _box_row(dump: _Dump, line: str, number: int) -> None:
    """Read a row of a box-drawn table: an id in the first column opens that device's record; a
    cell holding "Key: Value" is read on its own, two cells "| Key | Value |" together."""
    cells: list[tuple[str, int]] = []
    for found in re.finditer(r"[^|│]+", line):
        text = found.group(0)
        if text.strip():
            cells.append((text.strip(), found.start() + len(text) - len(text.lstrip()) + 1))
        elif found.start() > line.find("|") and not cells:
            cells.append(("", found.start() + 1))
    if not cells:
        return
    if len(cells) >= _MIN_COLUMNS and not any(":" in text or text[:1].isdigit() for text, _ in cells):
        _header_row(dump, [text for text, _ in cells])
        return
    dump.heading_row = False
    if dump.columns and len(cells) == len(dump.columns) and _ID_CELL.fullmatch(cells[0][0]):
        dump.device = cells[0][0]
        for header, (text, column) in zip(dump.columns[1:], cells[1:], strict=True):
            _reading(dump, header, _words("column_words"), text, number, column)
        return
    if cells[0][0].isdigit():
        dump.device = cells[0][0]
        cells = cells[1:]
    elif cells[0][0] == "":
        cells = cells[1:]
    if len(cells) == 2 and ":" not in cells[0][0]:
        key, value = cells
        _reading(dump, key[0], frozenset(), value[0], number, value[1])
        return
    for text, column in cells:
        _fragment(dump, text, number, column, column - 1)


def _header_row(dump: _Dump, cells: list[str]) -> None:
    """Note a box table's header row; a second row under the first continues its cells (neuron-ls
    writes "NEURON" over "MEMORY")."""
    if dump.heading_row and len(cells) == len(dump.columns):
        dump.columns = tuple(f"{above} {below}" for above, below in zip(dump.columns, cells, strict=True))
    else:
        dump.columns = tuple(cells)
    dump.heading_row = True


def _csv_row(dump: _Dump, line: str, number: int) -> bool:
    """Read a line of a query tool's CSV output (``nvidia-smi --query-gpu=... --format=csv``): a
    header of field names, then one row per device. Return True if the line was one."""
    if "," not in line:
        dump.separator = None
        return False
    parts = [(found.group(0), found.start()) for found in re.finditer(r"[^,]+", line)]
    cells = [(text.strip(), start + len(text) - len(text.lstrip()) + 1) for text, start in parts]
    if (
        len(cells) >= _MIN_CSV_COLUMNS
        and all(_CSV_KEY.fullmatch(text) for text, _ in cells)
        and any("." in text or "[" in text for text, _ in cells)
    ):
        dump.columns, dump.separator, dump.heading_row = tuple(text for text, _ in cells), ",", False
        return True
    if dump.separator != "," or len(cells) != len(dump.columns):
        dump.separator = None
        return False
    dump.device = ("row", number)
    for header, (text, column) in zip(dump.columns, cells, strict=True):
        _reading(dump, header, _words("column_words"), text, number, column)
    return True


def _fragment(dump: _Dump, text: str, number: int, column: int, indent: int) -> None:
    """Read "Key: Value" (or a section title) written at 1-based ``column``."""
    while dump.sections and dump.sections[-1][0] >= indent:
        dump.sections.pop()
    match = _KEY_VALUE.fullmatch(text)
    if match is None:
        section = _SECTION.fullmatch(text)
        if section is not None:
            dump.sections.append((indent, frozenset(_WORD.findall(section.group("key").lower()))))
        return
    key, value = match.group("key").strip(), match.group("value")
    words = frozenset().union(*(words for _, words in dump.sections)) if dump.sections else frozenset()
    _reading(dump, key, words, value, number, column + match.start("value"))


def _reading(dump: _Dump, key: str, section: frozenset[str], value: str, number: int, column: int) -> None:
    """Note a key's value: a device id, a model name, or a reading of an attribute."""
    lowered = " ".join(_WORD.findall(key.lower()))
    if lowered in _words("id_keys"):
        if not value.lower().startswith("0x"):  # amd-smi's DEVICE_ID is the PCI device id
            dump.device = value.split()[0]
        return
    if lowered in _words("host_keys"):
        dump.host = (value.strip(), number, column)
        return
    if lowered in _name_ranks():
        device = _open_record(dump, lowered, number)
        rank = _name_ranks()[lowered]
        if rank < dump.ranks.get(device, len(_name_ranks())):
            dump.names[device] = (value, number, column)
            dump.ranks[device] = rank
        return
    words = section | frozenset(_WORD.findall(key.lower()))
    for attribute in _attributes():
        if words & attribute.none_of or not all(words & group for group in attribute.all_of):
            continue
        text = _value_text(key, value, attribute)
        if text is not None:
            dump.readings.append(Reading(dump.device, attribute.header, text, number, column))
        return


def _open_record(dump: _Dump, key: str, number: int) -> DeviceKey:
    """Return the id of the record a name key names, opening one if none is: the tool's own
    device-name key met again in a record it already named opens the next device's record
    (clinfo's default output)."""
    device: DeviceKey = "" if dump.device is None else dump.device
    if key in _words("record_keys"):
        if device in dump.recorded:
            device = ("record", number)
        dump.recorded.add(device)
    dump.device = device
    return device


def _value_text(key: str, value: str, attribute: DumpAttribute) -> str | None:
    """Return the value as the number written and its unit's word ("49152.00 MiB", "300 W"), or None
    when it is no figure in a unit of the attribute's kind."""
    number = _NUMBER.match(value)
    if number is None:
        return None
    units = _knowledge().word_map("units")
    written = number.group("unit")
    unit = units.get(written.lower()) if written else None
    if unit is None:
        bracket = _BRACKET_UNIT.search(key) or _BRACKET_UNIT_SQUARE.search(key)
        unit = units.get(bracket.group(1).lower()) if bracket else None
    if attribute.unit == "count":
        return number.group("number") if written is None and number.end() == len(value.strip()) else None
    if unit is None and attribute.unit == "bytes":
        amount = float(number.group("number").replace(",", ""))
        unit = "B" if amount >= _knowledge().number("bytes_from") else None
    if unit is None or unit not in _UNIT_KINDS[attribute.unit]:
        return None
    return f"{number.group('number')} {_UNIT_WORDS.get(unit, unit)}"
