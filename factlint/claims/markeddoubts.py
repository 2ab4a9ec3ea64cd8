"""Figures a doubting legend marks: a cell ``192*`` over "* Reseller's figures; not confirmed." is likely.

A table or a paragraph marks some figures with a symbol glued after them (``192*``, ``5.3 TB/s†``)
and a legend below, opening with the same symbol, says what the mark means. When the legend
doubts ("we have not been able to confirm them", "unverified": ``hedges_after``), each marked
figure above it in the same section is ``likely``, as the words would make it if they stood beside
the figure. A bound (``up to``) stays: the doubt outweighs ``about`` only. Figures not marked, and
figures after the legend, keep their qualifier.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from factlint.claims.doubts import made_likely
from factlint.claims.language import Language, alternation
from factlint.models import Block, BlockKind, Claim, Document

# A legend: a symbol mark opening the block, then a space and a word ("* Reseller's figures").
_LEGEND = re.compile(r"[ \t>]*([*†‡§]{1,3})[ \t]+(?=\w)")
_SYMBOLS = frozenset("*†‡§")


@cache
def _hedge_pattern(hedges: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(alternation(hedges), re.IGNORECASE)


def doubt_marked_figures(claims: list[Claim], document: Document, language: Language) -> list[Claim]:
    """Return ``claims`` with each figure marked by a doubting legend's symbol made ``likely``."""
    blocks = document.blocks
    legends = [
        (index, mark)
        for index, block in enumerate(blocks)
        if block.kind in (BlockKind.PARAGRAPH, BlockKind.LIST_ITEM)
        and block.text[:8].lstrip(" \t>")[:1] in _SYMBOLS
        and (mark := _legend_mark(block.text)) is not None
        and _hedge_pattern(language.hedges_after).search(block.text) is not None
    ]
    if not legends:
        return claims
    marked = _marked_blocks(blocks, legends)
    by_line: dict[int, list[tuple[Block, str]]] = {}
    for block, mark in marked:
        by_line.setdefault(block.line, []).append((block, mark))
    result = []
    for claim in claims:
        if any(_marked_at(block, mark, claim) for block, mark in by_line.get(claim.line, ())):
            claim = made_likely(claim)
        result.append(claim)
    return result


def _legend_mark(text: str) -> str | None:
    """Return the symbol mark a legend opens with, or None ("** bold" opens no legend)."""
    match = _LEGEND.match(text)
    if match is None or len(set(match.group(1))) != 1 or match.group(1) == "**":
        return None
    return match.group(1)


def _marked_blocks(blocks: Sequence[Block], legends: list[tuple[int, str]]) -> list[tuple[Block, str]]:
    """Return the blocks each legend speaks for: those above it in its section, back to a heading or
    an earlier legend with the same mark, each with the legend's mark."""
    found = []
    for index, mark in legends:
        headings = blocks[index].headings
        earlier = index - 1
        while earlier >= 0:
            block = blocks[earlier]
            if block.kind is BlockKind.HEADING or block.headings != headings:
                break
            if (earlier, mark) in legends:
                break
            found.append((block, mark))
            earlier -= 1
    return found


def _marked_at(block: Block, mark: str, claim: Claim) -> bool:
    """Return True when the claim's figure stands in ``block`` with ``mark`` glued right after it."""
    text, figure = block.text, claim.text
    start = text.find(figure)
    while start >= 0:
        end = start + len(figure)
        if (
            text.startswith(mark, end)
            and not text.startswith(mark * 2, end)
            and (start == 0 or text[start - 1] not in _SYMBOLS)
            and block.position(start) == (claim.line, claim.column)
        ):
            return True
        start = text.find(figure, start + 1)
    return False
