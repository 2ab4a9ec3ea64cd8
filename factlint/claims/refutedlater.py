"""Figures a later message of a conversation calls fake: withdrawn wherever the talk gave them.

In a chat one member says "the 141GB one exists" and another answers "only the 96GB H20. 141GB
is fake news". The answer's own figure is withdrawn where it stands (``retractions_after`` in
``english.yaml``). When the verdict says no such product exists (``fake_verdicts``: "is fake
news", "is not official"; not "was wrong", which corrects only the message saying so), this
module withdraws the same figure of the same product in the messages before it, quoted or not.
Only in a conversation (a document of chat messages), only figures written the same way
("141GB", "141 GB"), and only for a product the refuting message names (or, when it names none,
the message it answers).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from factlint.claims.language import Language, alternation
from factlint.models import Block, Claim, Document

# A figure as a message writes it: a number and the unit word after it ("141GB", "2 nm", "$1,999").
_FIGURE = r"(?P<figure>[$€£]?\d[\d.,]*\s?[A-Za-z/%]*)"
# Between the figure and the verdict: a closing quote, a comma, and "that SKU", "this one".
_BRIDGE = r"[\"'”’)]?[\s,;]*(?:(?:that|this|the)\s+[A-Za-z\-]+\s+)?"


@dataclass(frozen=True)
class Refuted:
    """A figure a message calls fake: its written form and the block that says so."""

    figure: str  # without spaces, lower case: "141gb"
    block: int  # index of the refuting block in the document


def refuted_figures(blocks: Sequence[Block], language: Language) -> list[Refuted]:
    """Return the figures that messages of a conversation call fake or not real.

    Empty unless some block is a chat message: elsewhere a figure is refuted where it stands.
    """
    if not language.fake_verdicts or not any(block.message for block in blocks):
        return []
    pattern = re.compile(
        rf"(?<![\w.,]){_FIGURE}{_BRIDGE}{alternation(language.fake_verdicts)}\b", re.IGNORECASE
    )
    found: list[Refuted] = []
    for index, block in enumerate(blocks):
        for match in pattern.finditer(block.text):
            figure = _written(match.group("figure"))
            if any(character.isalpha() or character in "$€£%" for character in figure):
                found.append(Refuted(figure, index))
    return found


def drop_refuted_earlier(
    claims: list[Claim], document: Document, language: Language, named: Callable[[str], set[str]]
) -> list[Claim]:
    """Return ``claims`` without those of a figure a later message refutes for the same product.

    A claim goes when a later block calls its figure (as written) fake or wrong and the product
    is one that block names (``named`` returns the entities a text names) or, when it names
    none, one the block before it names.
    """
    refuted = refuted_figures(document.blocks, language)
    if not refuted:
        return claims
    starts = [block.line for block in document.blocks]
    kept: list[Claim] = []
    for claim in claims:
        figure = _written(claim.text)
        withdrawn = any(
            item.figure == figure
            and claim.line < starts[item.block]
            and claim.entity in _subjects(document.blocks, item.block, named)
            for item in refuted
        )
        if not withdrawn:
            kept.append(claim)
    return kept


def _subjects(blocks: Sequence[Block], index: int, named: Callable[[str], set[str]]) -> set[str]:
    """Return the products block ``index`` names, or those of the block before when it names none."""
    found = named(blocks[index].text)
    return found if found or not index else named(blocks[index - 1].text)


def _written(figure: str) -> str:
    """Return a figure as compared: without spaces, in lower case."""
    return re.sub(r"\s+", "", figure).lower()
