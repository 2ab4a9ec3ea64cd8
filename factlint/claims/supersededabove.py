"""Figures a later figure says it supersedes: "UNIT COST NET: 142,000.00 (SUPERSEDES 154,000.00 ABOVE)".

A register, ledger or listing corrects an earlier line from a later one: the new figure, then a
word of replacing (``superseding_words`` in ``english.yaml``) and the old figure. The old figure
of the same product and attribute, stated earlier in the document, is withdrawn; the old figure
after the word is no claim where it stands either. Figures are compared as written numbers
("154,000.00" and "$154,000" are one), in the same unit. A paragraph wrapped at a fixed width may
break between the word and the old figure ("... 6.0 TB/s in place of" / "5.3 TB/s, ..."), so the
figures are looked up in their block's text, not in their line's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from factlint.claims.language import Language, alternation
from factlint.models import Block, Claim, Document

_REACH = 40  # how far from a figure the replacing word may stand
_NUMBER = re.compile(r"[$€£]?[ \t]*(\d[\d,]*(?:\.\d+)?)")


def drop_superseded_above(claims: list[Claim], document: Document, language: Language) -> list[Claim]:
    """Return ``claims`` without the earlier figures a later figure says it supersedes, and
    without the superseded figures restated after the replacing word."""
    if not language.superseding_words:
        return claims
    pattern = re.compile(
        rf"[ \t]*[(\[,;]?[ \t]*{alternation(language.superseding_words)}\s+{_NUMBER.pattern}", re.I
    )
    restated = re.compile(rf"(?<![\w\-]){alternation(language.superseding_words)}\s+[$€£]?[ \t]*$", re.I)
    dropped: set[int] = set()
    for position, claim in enumerate(claims):
        placed = _place(document.blocks, claim)
        if placed is None:
            continue
        text, start = placed
        if restated.search(text, max(0, start - _REACH), start):
            dropped.add(position)  # "(SUPERSEDES 154,000.00 ABOVE)": the old figure, restated
            continue
        found = pattern.match(text, start + len(claim.text), start + len(claim.text) + _REACH)
        if found is None:
            continue
        old = _number(found.group(1))
        for earlier, other in enumerate(claims):
            if (
                other.line <= claim.line
                and earlier != position
                and (other.entity, other.attribute, other.unit) == (claim.entity, claim.attribute, claim.unit)
                and _number(other.text) == old
            ):
                dropped.add(earlier)
    return [claim for position, claim in enumerate(claims) if position not in dropped]


def _number(text: str) -> float | None:
    """Return the number a figure is written with ("154,000.00" -> 154000.0), or None."""
    found = _NUMBER.search(text)
    return float(found.group(1).replace(",", "")) if found else None


def _place(blocks: Sequence[Block], claim: Claim) -> tuple[str, int] | None:
    """Return the text of the claim's block and where its figure starts in it, or None if not found."""
    for block in blocks:
        if block.anchors or not block.line <= claim.line <= block.line + block.text.count("\n"):
            continue
        lines = block.text.split("\n")
        index = claim.line - block.line
        line = lines[index]
        start = claim.column - (block.column if claim.line == block.line else 1)
        if line[start : start + len(claim.text)] == claim.text:
            return block.text, sum(len(earlier) + 1 for earlier in lines[:index]) + start
    return None
