"""Zipped packages damaged the ways real ones arrive: a garbled deflate stream, an encrypted member."""

from __future__ import annotations

import pathlib
import zipfile


def write_damaged(path: pathlib.Path, members: dict[str, str], damage: str) -> None:
    """Write a zip of ``members`` at ``path`` whose first member is damaged as ``damage`` says."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as package:
        for name, text in members.items():
            package.writestr(name, text)
    data = bytearray(path.read_bytes())
    local = data.find(b"PK\x03\x04")
    central = data.find(b"PK\x01\x02")
    if damage == "deflate":  # bytes of the compressed stream overwritten: zlib refuses it
        start = local + 30 + data[local + 26] + data[local + 28]
        data[start : start + 12] = b"\xff" * 12
    elif damage == "encrypted":  # the flag bit of an encrypted member, in both headers
        data[local + 6] |= 1
        data[central + 8] |= 1
    path.write_bytes(bytes(data))
