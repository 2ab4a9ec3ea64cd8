"""Numbered line items named by their number: in a lease schedule, an invoice or an auction list
whose first column is "line" ("| 1 | DGX B200 system ... |"), a note's "Line 1 unit cost amended
to 515,000.00" is about the DGX B200 of row 1."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from factlint.claims.entities import EntityMatcher
from factlint.models import Block, BlockKind, Document

_NUMBER = re.compile(r"\d{1,4}")
_HEADER_WORD = re.compile(r"[A-Za-z]+")


def row_references(
    document: Document,
    matcher: EntityMatcher,
    nouns: Iterable[str],
    is_container: Callable[[str], bool],
) -> tuple[tuple[str, str], ...]:
    """Return (label, entity) pairs such as ("Line 1", "DGX B200") for the numbered rows of the
    document's tables.

    A table numbers its items when its first header's first word is one of ``nouns`` ("line",
    "line_no", "Item #") and its first cells are plain numbers; a row's label names the first
    container its other cells name ("A100 GPU attached to a2-megagpu-16g" is the A2 VM's line),
    else the first product. A label two rows give different products names neither, and
    a label that already names something keeps its meaning.
    """
    words = frozenset(noun.lower() for noun in nouns)
    named: dict[str, set[str]] = {}
    for block in document.blocks:
        noun = _item_noun(block, words)
        if noun is None:
            continue
        number = block.cells[0].text.strip()
        if not _NUMBER.fullmatch(number):
            continue
        mentions = matcher.find(" | ".join(cell.text for cell in block.cells[1:]))
        if not mentions:
            continue
        owner = next((m.entity for m in mentions if is_container(m.entity)), mentions[0].entity)
        for label in (f"{noun.capitalize()} {number}", f"{noun} {number}", f"{noun.upper()} {number}"):
            named.setdefault(label, set()).add(owner)
    return tuple(
        (label, entities.pop())
        for label, entities in named.items()
        if len(entities) == 1 and matcher.resolve(label) is None
    )


def _item_noun(block: Block, words: frozenset[str]) -> str | None:
    """Return the noun of a table row's first header ("line" of "line_no") when it numbers items."""
    if block.kind is not BlockKind.TABLE_ROW or len(block.cells) < 2 or not block.table_headers:
        return None
    first = _HEADER_WORD.match(block.table_headers[0].strip())
    if first is None or first.group(0).lower() not in words:
        return None
    return first.group(0).lower()
