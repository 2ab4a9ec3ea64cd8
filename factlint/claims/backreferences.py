"""Figures a sentence points back at: "the 49152.00 MiB above", "the 8 GB was from another page".

A figure written after "the" and followed by a word pointing back (``back_reference_words`` in
``english.yaml``: "above", "earlier", "was from", "came from") is one the document wrote before;
the sentence talks about that figure (where it came from, what it equals) and states no claim
of its own. The figure must be written earlier in the document too (same number, same unit), so
that "the 80 GB above the limit" of a first mention stays a claim.
"""

from __future__ import annotations

import re

from factlint.claims.language import Language, alternation
from factlint.models import Block, Claim, Document

# "the", a figure (a number, a unit word after it), the pointing word
_FIGURE = r"(?P<figure>[$€£]?\d[\d,.]*(?:[ \t]*[A-Za-z%/]+)?)"


def drop_back_references(claims: list[Claim], document: Document, language: Language) -> list[Claim]:
    """Return ``claims`` without the figures a sentence points back at (see the module's doc)."""
    if not language.back_reference_words or not claims:
        return claims
    pattern = re.compile(
        rf"(?<![\w\-])the[ \t]+['\"‘“`]{{0,2}}{_FIGURE}['\"’”`]{{0,2}}[ \t]+"
        rf"{alternation(language.back_reference_words)}(?![\w\-])",
        re.I,
    )
    pointed: dict[tuple[int, int], tuple[Block, int]] = {}
    for block in document.blocks:
        for found in pattern.finditer(block.text):
            pointed[block.position(found.start("figure"))] = (block, found.start("figure"))
    if not pointed:
        return claims
    kept = []
    for claim in claims:
        place = pointed.get((claim.line, claim.column))
        if place is not None and _written_before(document.blocks, place[0], place[1], claim.text):
            continue
        kept.append(claim)
    return kept


def _written_before(blocks: tuple[Block, ...], block: Block, offset: int, figure: str) -> bool:
    """Return True if ``figure`` ("8 GB") is written in the document before ``offset`` of ``block``."""
    pattern = re.compile(rf"(?<![\d.,]){re.escape(figure)}(?![\d\w])")
    for other in blocks:
        if other is block:
            return pattern.search(other.text, 0, offset) is not None
        if pattern.search(other.text):
            return True
    return False
