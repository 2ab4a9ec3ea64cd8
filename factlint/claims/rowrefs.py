"""Numbered line items named by their number: in a lease schedule, an invoice or an auction list
whose first column is "line" ("| 1 | DGX B200 system ... |"), a note's "Line 1 unit cost amended
to 515,000.00" is about the DGX B200 of row 1."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from factlint.claims.entities import EntityMatcher
from factlint.claims.griditems import grid_items
from factlint.models import Block, BlockKind, Document

_NUMBER = re.compile(r"\d{1,4}|[A-Za-z]")  # "1", "12", or a letter: "item d"
_HEADER_WORD = re.compile(r"[A-Za-z]+")


def row_references(
    document: Document,
    matcher: EntityMatcher,
    nouns: Iterable[str],
    is_container: Callable[[str], bool],
    articles: Iterable[str] = (),
) -> tuple[tuple[str, str], ...]:
    """Return (label, entity) pairs such as ("Line 1", "DGX B200") for the numbered rows of the
    document's tables that its text refers to, each label as the text first writes it.

    A table numbers its items when its first header's first word is one of ``nouns`` ("line",
    "line_no", "Item #") and its first cells are plain numbers or single letters. A row's label
    names the first container its other cells name ("A100 GPU attached to a2-megagpu-16g" is
    the A2 VM's line), else the first product. A label two rows give different products names
    neither, and a label that already names something keeps its meaning. A row lettered with one
    of ``articles`` ("a") is never referred to: "each item a customer buys" names no row.
    """
    words = frozenset(noun.lower() for noun in nouns)
    unreadable = frozenset(article.lower() for article in articles)
    # A printed form's grid numbers its items in lines of text rather than table rows
    printed = grid_items(document, words)
    gridded = {line for item in printed for line in item.lines}
    # Where the document refers to its items: all text but the numbered rows themselves
    numbers = [(block, _item_number(block, words)) for block in document.blocks]
    prose = "\n".join(_unlisted(block, gridded) for block, numbered in numbers if numbered is None)
    numbered_items = [
        (numbered, " | ".join(cell.text for cell in block.cells[1:]))
        for block, numbered in numbers
        if numbered is not None
    ] + [((item.noun, item.number), item.text) for item in printed]
    named: dict[str, set[str]] = {}
    for (noun, number), description in numbered_items:
        if number.lower() in unreadable:
            continue
        mentions = matcher.find(description)
        written = re.search(rf"(?<![\w\-]){noun}[ \t]+{re.escape(number)}(?![\w\-])", prose, re.I)
        if not mentions or written is None:
            continue
        owner = next((m.entity for m in mentions if is_container(m.entity)), mentions[0].entity)
        named.setdefault(" ".join(written.group(0).split()), set()).add(owner)
    return tuple(
        (label, entities.pop())
        for label, entities in named.items()
        if len(entities) == 1 and matcher.resolve(label) is None
    )


def _item_number(block: Block, words: frozenset[str]) -> tuple[str, str] | None:
    """Return the noun of a table row's first header ("line" of "line_no") and the row's number
    in that column, when the row is a numbered item."""
    if block.kind is not BlockKind.TABLE_ROW or len(block.cells) < 2 or not block.table_headers:
        return None
    first = _HEADER_WORD.match(block.table_headers[0].strip())
    number = block.cells[0].text.strip()
    if first is None or first.group(0).lower() not in words or not _NUMBER.fullmatch(number):
        return None
    return first.group(0).lower(), number


def _unlisted(block: Block, gridded: set[int]) -> str:
    """Return the text of ``block`` without its lines that are items of a printed grid."""
    if not gridded or not gridded.intersection(range(block.line, block.line + block.text.count("\n") + 1)):
        return block.text
    lines = block.text.split("\n")
    return "\n".join(line for offset, line in enumerate(lines) if block.line + offset not in gridded)
