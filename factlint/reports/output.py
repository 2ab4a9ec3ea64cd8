"""Writing a rendered report to a file atomically, so readers never see half a report."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_output(text: str, path: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically: a temp file in the same folder, then os.replace.

    Returns None; the previous file, if any, stays intact until the new one is complete.
    """
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    handle, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        if target.exists():
            os.chmod(temp_name, target.stat().st_mode & 0o7777)
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(temp_name, 0o666 & ~umask)
        os.replace(temp_name, target)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise
