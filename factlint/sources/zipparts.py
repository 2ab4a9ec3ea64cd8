"""What can go wrong reading a member of a zipped package (OpenDocument, Word), in one place.

``zipfile`` reports a broken package through several exception types: a bad header or CRC as
``BadZipFile``, a damaged deflate stream as ``zlib.error``, an encrypted member as ``RuntimeError``,
an unknown compression method as ``NotImplementedError``, a member cut short as ``EOFError``. A
package reader catches all of them so that one broken package becomes that document's error.
"""

from __future__ import annotations

import zipfile
import zlib

PACKAGE_ERRORS: tuple[type[Exception], ...] = (
    zipfile.BadZipFile,
    zlib.error,
    RuntimeError,  # an encrypted member: "password required for extraction"
    NotImplementedError,
    EOFError,
    UnicodeDecodeError,
    OSError,
)
