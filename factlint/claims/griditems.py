"""Numbered line items of a printed form's grid, read from its text lines.

Customs entries, invoices, packing lists and bills of lading printed by software draw their
line items as a grid of pipes whose first column numbers the items and whose description
wraps over the lines below::

    Line | Description of merchandise        | Value
    -----+-----------------------------------+------
    001  | ACCELERATOR CARD, ZX-40, 32GB,    | 4,100
         | 150W, MFR ZETA (KR)               |
    002  | ...

An item opens on a line whose first cell is its number and runs on over the lines whose
first cell is empty. The grid's header line names the items in its first cell ("Line",
"Item", "Pos"), so that a remark's "Line 001" can be read as the item's product.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from factlint.models import Document

# "001  | GRAPHICS CARD, ..." opens an item; "     | FULL HEIGHT ..." carries it on
_OPENS = re.compile(r"[ \t]*(\d{1,4})[ \t]*\|(.*)")
_CARRIES = re.compile(r"[ \t]*\|(.*)")
# "Line | 29.A HTSUS No. ...": a header's first cell is one word
_HEADER = re.compile(r"[ \t]*([A-Za-z]+)\.?[ \t]*\|")


@dataclass(frozen=True)
class GridItem:
    """One numbered item of a printed grid: the header's noun, its number and its cells' text."""

    noun: str  # lower case: "line"
    number: str  # as printed: "001"
    text: str  # the item's cells after the number, its lines joined
    lines: tuple[int, ...]  # 1-based lines of the document the item covers


def grid_items(document: Document, nouns: Iterable[str]) -> list[GridItem]:
    """Return the numbered items of the document's printed grids whose header names them with
    one of ``nouns`` (see the module's doc)."""
    words = frozenset(noun.lower() for noun in nouns)
    items: list[GridItem] = []
    noun: str | None = None
    for first, line in _text_lines(document):
        if "|" not in line:
            noun = None if line.strip() and not _is_rule(line) else noun
            continue
        header = _HEADER.match(line)
        if header is not None and header.group(1).lower() in words:
            noun = header.group(1).lower()
            continue
        if noun is None:
            continue
        opened = _OPENS.match(line)
        if opened is not None:
            items.append(GridItem(noun, opened.group(1), opened.group(2), (first,)))
            continue
        carried = _CARRIES.match(line)
        if carried is not None and items and items[-1].noun == noun:
            last = items[-1]
            items[-1] = GridItem(
                last.noun, last.number, f"{last.text}\n{carried.group(1)}", (*last.lines, first)
            )
    return items


def _is_rule(line: str) -> bool:
    """Return True for a drawn rule between a grid's parts ("=====", "-----")."""
    return not line.strip(" \t-=+_")


def _text_lines(document: Document) -> Iterator[tuple[int, str]]:
    """Yield (1-based line, text) for the lines of the document's blocks that may hold a grid."""
    for block in document.blocks:
        if "|" not in block.text or block.cells:
            continue
        for offset, line in enumerate(block.text.split("\n")):
            yield block.line + offset, line
