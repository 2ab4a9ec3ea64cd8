"""Write a test's source text to a file and load it as factlint reads documents."""

from __future__ import annotations

import pathlib
import textwrap

from factlint.models import Document
from factlint.sources import load_document


def load_text(tmp_path: pathlib.Path, name: str, source: str) -> Document:
    """Return the Document read from ``source`` (dedented, outer blank lines dropped) saved as ``name``."""
    path = tmp_path / name
    path.write_text(textwrap.dedent(source).strip("\n"), encoding="utf-8")
    return load_document(path, name)
