"""Helpers shared by the reader tests: write a document, load it, find and check a figure's file position."""

from __future__ import annotations

import pathlib
import textwrap
from collections.abc import Sequence

from factlint.models import Block
from factlint.sources import load_document


def position_of(text: str, needle: str) -> tuple[int, int]:
    """Return the 1-based (line, column) where ``needle`` first stands in ``text``."""
    before = text[: text.index(needle)]
    return before.count("\n") + 1, len(before) - before.rfind("\n")


def source_lines(text: str) -> list[str]:
    """Return the lines of a test document written indented inside a triple-quoted string."""
    return textwrap.dedent(text).strip("\n").split("\n")


def placed(block: Block, needle: str, lines: Sequence[str], written: str | None = None) -> tuple[int, int]:
    """Return the file (line, column) of ``needle`` in ``block``, checking ``lines`` (the file) write it
    there, as ``written`` when the file spells it otherwise."""
    line, column = block.position(block.text.index(needle))
    assert lines[line - 1][column - 1 :].startswith(written or needle), (lines[line - 1], column)
    return line, column


def load_blocks(tmp_path: pathlib.Path, text: str, name: str, file_format: str) -> tuple[Block, ...]:
    """Return the blocks of ``text`` saved as ``name``, checking it loads without error as ``file_format``."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    document = load_document(path, name)
    assert document.error is None and document.format == file_format, (document.error, document.format)
    return document.blocks
