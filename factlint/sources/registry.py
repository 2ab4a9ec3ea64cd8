"""Windows Registry exports (``.reg``) read through the configuration-file reader.

regedit writes a key per ``[HKEY_...\\Path\\Name]`` line and its values below it as
``"Name"=data``: a REG_SZ string in quotes (``"696 GB/s"``, backslashes and quotes escaped), a
DWORD in hexadecimal (``dword:0000012c`` is 300), a QWORD as eight little-endian bytes
(``hex(b):00,00,00,00,0c,00,00,00``), other binary data as ``hex:``/``hex(N):`` bytes (continued
over lines ending in ``\\``), and ``-`` for a value the import deletes. A key written ``[-...]`` is
deleted with all its values. ``;`` opens a comment. The configuration reader
(``conffile.py``) reads a key as an INI section named by the key's last path component and its
values as the section's settings; this module says what each line of an export is and decodes
its values. See decision 0248.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

REGISTRY_SUFFIXES = frozenset({".reg"})

_HEADER = re.compile(r"\ufeff?[ \t]*(?:Windows Registry Editor Version \d+(?:\.\d+)?|REGEDIT4)[ \t]*")
_KEY = re.compile(r"[ \t]*\[[ \t]*(-?)[ \t]*([^\]\n]*?)[ \t]*\][ \t]*")
# a value: its name in quotes (escaped like a string) or "@" for the key's default value
_VALUE = re.compile(r'[ \t]*(?:"((?:[^"\\]|\\.)*)"|@)[ \t]*=[ \t]*')
_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"[ \t]*')
_ESCAPE = re.compile(r"\\(.)")
_WORD = re.compile(r"(?:dword|qword):([0-9A-Fa-f]{1,16})[ \t]*", re.IGNORECASE)
# integer types written as bytes, least significant first: hex(4) a DWORD, hex(b) a QWORD
_LITTLE_ENDIAN = re.compile(r"hex\((?:4|b)\):([0-9A-Fa-f]{2}(?:,[0-9A-Fa-f]{2}){3,7})[ \t]*", re.IGNORECASE)


@dataclass(frozen=True)
class RegistryKey:
    """A ``[key]`` line: the key's last path component, its 1-based column, and whether it is deleted."""

    name: str
    column: int
    deleted: bool


@dataclass(frozen=True)
class RegistryValue:
    """A ``"Name"=data`` line: the value's name, its data as text (None for data that states no
    figure: binary, a deletion), and the 1-based column where the data starts."""

    name: str
    text: str | None
    column: int


def is_registry_export(lines: Sequence[str], suffix: str) -> bool:
    """Return True for a ``.reg`` file, or any file whose first line is regedit's header."""
    if suffix.lower() in REGISTRY_SUFFIXES:
        return True
    return bool(lines) and _HEADER.fullmatch(lines[0].rstrip("\r\n")) is not None


def is_header(line: str) -> bool:
    """Return True for regedit's first line (``Windows Registry Editor Version 5.00``)."""
    return _HEADER.fullmatch(line.rstrip("\r\n")) is not None


def registry_key(line: str) -> RegistryKey | None:
    """Return the key a ``[HKEY_...]`` line opens or deletes, or None for any other line."""
    match = _KEY.fullmatch(line.rstrip("\r\n"))
    if match is None or not match.group(2):
        return None
    path = match.group(2).rstrip("\\")
    cut = path.rfind("\\") + 1
    return RegistryKey(path[cut:], match.start(2) + cut + 1, deleted=bool(match.group(1)))


def is_value_line(line: str) -> bool:
    """Return True for a line that sets or deletes a value (``"TdpW"=dword:...``, ``@="..."``)."""
    return _VALUE.match(line) is not None


def registry_value(line: str) -> RegistryValue | None:
    """Return the value a ``"Name"=data`` line sets, its data decoded: a string unescaped, a DWORD
    or QWORD as a decimal integer; None for a line that is no value."""
    line = line.rstrip("\r\n")
    match = _VALUE.match(line)
    if match is None:
        return None
    name = _ESCAPE.sub(r"\1", match.group(1) or "")
    start = match.end()
    string = _STRING.fullmatch(line, start)
    if string is not None:
        return RegistryValue(name, _ESCAPE.sub(r"\1", string.group(1)), start + 2)
    word = _WORD.fullmatch(line, start)
    if word is not None:
        return RegistryValue(name, str(int(word.group(1), 16)), word.start(1) + 1)
    packed = _LITTLE_ENDIAN.fullmatch(line, start)
    if packed is not None:
        number = int.from_bytes(bytes.fromhex(packed.group(1).replace(",", "")), "little")
        return RegistryValue(name, str(number), packed.start(1) + 1)
    return RegistryValue(name, None, start + 1)  # hex: bytes, a "-" deletion, a continued value
