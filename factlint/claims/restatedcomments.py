"""Figures a comment restates from the record on its own line: ``bw_tbs=0.6144,  # ... 614.4 GB/s``.

A data record (a YAML mapping, a Python constructor call, an HCL block) states a field's value, and
the comment after it on the same line often repeats that value in other words ("the deck says 614.4
GB/s"). Both readings are one fact: the comment's claim is dropped when a record cell on its line
already gives the same product, scope, attribute and value. A comment's other figures stay.
"""

from __future__ import annotations

from collections import defaultdict

from factlint.models import Block, BlockKind, Claim, Document

_TOLERANCE = 0.005  # relative: "614.4 GB/s" restates "0.6144" TB/s


def drop_restated_in_comments(claims: list[Claim], document: Document) -> list[Claim]:
    """Return ``claims`` without the claims of prose that restate a record cell's claim on the same line."""
    cells = _cell_spans(document.blocks)
    if not cells:
        return claims
    in_cells = [_in_cell(claim, cells) for claim in claims]
    facts: dict[int, list[Claim]] = defaultdict(list)
    for claim, from_cell in zip(claims, in_cells, strict=True):
        if from_cell:
            facts[claim.line].append(claim)
    if not facts:
        return claims
    return [
        claim
        for claim, from_cell in zip(claims, in_cells, strict=True)
        if from_cell or not any(_same_fact(claim, fact) for fact in facts.get(claim.line, ()))
    ]


def _cell_spans(blocks: tuple[Block, ...]) -> dict[int, list[tuple[int, int]]]:
    """Return, per file line, the (first, last) columns of the record cells written on it."""
    spans: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for block in blocks:
        if block.kind is not BlockKind.TABLE_ROW or not block.anchors:
            continue
        for cell, (_, line, column) in zip(block.cells, block.anchors, strict=False):
            spans[line].append((column, column + max(len(cell.text), 1)))
    return spans


def _in_cell(claim: Claim, cells: dict[int, list[tuple[int, int]]]) -> bool:
    return any(first <= claim.column < last for first, last in cells.get(claim.line, ()))


def _same_fact(claim: Claim, fact: Claim) -> bool:
    if (claim.entity, claim.scope, claim.attribute) != (fact.entity, fact.scope, fact.attribute):
        return False
    if isinstance(claim.value, str) or isinstance(fact.value, str):
        return claim.value == fact.value
    scale = max(abs(float(claim.value)), abs(float(fact.value)))
    return abs(float(claim.value) - float(fact.value)) <= _TOLERANCE * scale
