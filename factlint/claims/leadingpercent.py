"""Read a percent sign written before its number ("%30", Turkish habit) as the usual "30%".

Turkish, and text translated from it, puts the sign first: "a discount of %30", "KDV %20".
The rewrite swaps sign and number in place, so every offset, line and column stays where it
was. Only a sign that opens a word and a number that ends one are swapped: "%20" inside a URL
("a%20b"), format strings ("%5d", "%.2f") and "100%" keep their text.
"""

from __future__ import annotations

import re
from dataclasses import replace

from factlint.models import Block, Document

_LEADING = re.compile(r"(?<![\w%&=/\\])%(\d+(?:[.,]\d+)?)(?![\w%])")


def trailing_percents(text: str) -> str:
    """Return ``text`` with each leading percent ("%30") written after its number ("30%")."""
    if "%" not in text:
        return text
    return _LEADING.sub(lambda m: m.group(1) + "%", text)


def read_leading_percents(document: Document) -> Document:
    """Return ``document`` with leading percents swapped in block and cell texts (the same object
    when none is written)."""
    blocks = tuple(_swapped(block) for block in document.blocks)
    if all(new is old for new, old in zip(blocks, document.blocks, strict=True)):
        return document
    return replace(document, blocks=blocks)


def _swapped(block: Block) -> Block:
    """Return ``block`` with its leading percents swapped, or the block itself."""
    text = trailing_percents(block.text)
    if text == block.text:
        return block
    cells = tuple(replace(cell, text=trailing_percents(cell.text)) for cell in block.cells)
    return replace(block, text=text, cells=cells)
