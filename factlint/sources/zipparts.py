"""What can go wrong reading a member of a zipped package (OpenDocument, Word), in one place.

``zipfile`` reports a broken package through several exception types: a bad header or CRC as
``BadZipFile``, a damaged deflate stream as ``zlib.error``, an encrypted member as ``RuntimeError``,
an unknown compression method as ``NotImplementedError``, a member cut short as ``EOFError``. A
package reader catches all of them so that one broken package becomes that document's error.
"""

from __future__ import annotations

import hashlib
import io
import pathlib
import zipfile
import zlib
from collections.abc import Sequence
from dataclasses import dataclass

PACKAGE_ERRORS: tuple[type[Exception], ...] = (
    zipfile.BadZipFile,
    zlib.error,
    RuntimeError,  # an encrypted member: "password required for extraction"
    NotImplementedError,
    EOFError,
    UnicodeDecodeError,
    OSError,
)


@dataclass(frozen=True)
class PackageParts:
    """A zipped package's main part and the other parts it has (decoded UTF-8), with the file's digest,
    or why it could not be read."""

    text: str
    sha256: str
    error: str | None = None
    others: tuple[str, ...] = ()  # of the parts asked for besides the main one, those the package has


def read_parts(
    path: pathlib.Path, main: str, others: Sequence[str], *, kind: str, max_bytes: int, too_large: str
) -> PackageParts:
    """Return the ``main`` member of the zipped package at ``path`` and those of ``others`` it has, in order.

    ``kind`` names the package in the error of one that cannot be read ("OpenDocument"); ``too_large``
    is the error when the parts together hold more than ``max_bytes``.
    """
    raw = path.read_bytes()
    sha256 = hashlib.sha256(raw).hexdigest()
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as package:
            names = set(package.namelist())
            if main not in names:
                return PackageParts("", sha256, f"no {main} in the package")
            read = [name for name in (main, *others) if name in names]
            if sum(package.getinfo(name).file_size for name in read) > max_bytes:
                return PackageParts("", sha256, too_large)
            text = package.read(main).decode("utf-8")
            found = tuple(package.read(name).decode("utf-8") for name in read[1:])
    except PACKAGE_ERRORS as error:
        return PackageParts("", sha256, f"not a readable {kind} package: {error}")
    return PackageParts(text, sha256, others=found)
