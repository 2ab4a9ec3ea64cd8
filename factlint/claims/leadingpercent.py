"""Read a percent sign written before its number ("%30", Turkish habit) as the usual "30%".

Turkish, and text translated from it, puts the sign first: "a discount of %30", "KDV %20".
The rewrite swaps sign and number in place, so every offset, line and column stays where it
was. Only a sign that opens a word and a number that ends one are swapped: "%20" inside a URL
("a%20b"), format strings ("%5d", "%.2f") and "100%" keep their text. A claim read from a
swapped figure gets its text back as the file writes it ("%30").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from factlint.models import Block, Claim, Document

_LEADING = re.compile(r"(?<![\w%&=/\\])%(\d+(?:[.,]\d+)?)(?![\w%])")


@dataclass(frozen=True)
class SwappedPercents:
    """A document with its leading percents swapped, and where each swap starts in the file."""

    document: Document
    written: dict[tuple[int, int], tuple[str, str]]  # (line, column) -> (read "30%", written "%30")

    def restore(self, claims: list[Claim]) -> list[Claim]:
        """Return ``claims`` with the text of each claim that starts on a swapped figure as written."""
        if not self.written:
            return claims
        restored = []
        for claim in claims:
            swap = self.written.get((claim.line, claim.column))
            if swap is not None and claim.text.startswith(swap[0]):
                claim = replace(claim, text=swap[1] + claim.text[len(swap[0]) :])
            restored.append(claim)
        return restored


def trailing_percents(text: str) -> str:
    """Return ``text`` with each leading percent ("%30") written after its number ("30%")."""
    if "%" not in text:
        return text
    return _LEADING.sub(lambda m: m.group(1) + "%", text)


def read_leading_percents(document: Document) -> SwappedPercents:
    """Return ``document`` with leading percents swapped in block and cell texts (the same
    document when none is written), and the file positions of the swaps."""
    written: dict[tuple[int, int], tuple[str, str]] = {}
    blocks = []
    for block in document.blocks:
        if "%" in block.text:
            for match in _LEADING.finditer(block.text):
                written[block.position(match.start())] = (match.group(1) + "%", match.group(0))
        blocks.append(_swapped(block))
    if not written:
        return SwappedPercents(document, written)
    return SwappedPercents(replace(document, blocks=tuple(blocks)), written)


def _swapped(block: Block) -> Block:
    """Return ``block`` with its leading percents swapped, or the block itself."""
    text = trailing_percents(block.text)
    if text == block.text:
        return block
    cells = tuple(replace(cell, text=trailing_percents(cell.text)) for cell in block.cells)
    return replace(block, text=text, cells=cells)
