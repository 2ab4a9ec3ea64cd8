"""Helpers shared by the reader tests: write a document, load it, find a figure's file position."""

from __future__ import annotations

import pathlib

from factlint.models import Block
from factlint.sources import load_document


def position_of(text: str, needle: str) -> tuple[int, int]:
    """Return the 1-based (line, column) where ``needle`` first stands in ``text``."""
    before = text[: text.index(needle)]
    return before.count("\n") + 1, len(before) - before.rfind("\n")


def load_blocks(tmp_path: pathlib.Path, text: str, name: str, file_format: str) -> tuple[Block, ...]:
    """Return the blocks of ``text`` saved as ``name``, checking it loads without error as ``file_format``."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    document = load_document(path, name)
    assert document.error is None and document.format == file_format, (document.error, document.format)
    return document.blocks
