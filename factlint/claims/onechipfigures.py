"""A multi-chip system's figure no larger than its own chip's is per chip: "the GB200 parts get 186 GB".

A system that holds several chips sums their memory, bandwidth, compute and power (the pack marks
these attributes ``additive``), so its total is never at or below what one of its chips carries.
Where a document states the held chip's figure at chip scope and then gives the system a figure
of the same attribute, precision and sparsity that is not larger, the writer speaks of one chip
in that system: the figure moves to chip scope, as the labelling rules put per-GPU figures of a
named system. A figure that is the held count times another figure of the chip stays the
system's total: a chip may carry two memory tiers ("64 GB HBM", "up to 1.5 TB DDR"), and sixteen
times the smaller is the system's "1 TB HBM". See docs/decisions/0193-chip-figures-in-holding-systems.md.
"""

from __future__ import annotations

import dataclasses

from factlint.models import Claim
from factlint.pack import KnowledgePack

_ChipFigure = tuple[str, str, str | None, str | None]  # entity, attribute, precision, sparsity
_TOTAL_TOLERANCE = 0.05  # "1 TB" for 16 x 64 GB: a written total is rounded


def scope_one_chip_figures(claims: list[Claim], pack: KnowledgePack) -> list[Claim]:
    """Return ``claims`` with each additive figure of a several-chip system that does not exceed the
    same figure its held chip has in the document moved to chip scope."""
    holders = {
        claim.entity: (entity.contains.entity, entity.contains.count or 0)
        for claim in claims
        if claim.scope != "chip"
        and (entity := pack.entity(claim.entity)) is not None
        and entity.contains is not None
        and (entity.contains.count or 0) > 1
    }
    if not holders:  # most documents name no multi-chip system
        return claims
    held_chips = {chip for chip, _ in holders.values()}
    stated: dict[_ChipFigure, list[float]] = {}
    for claim in claims:
        if claim.scope == "chip" and isinstance(claim.value, float) and claim.entity in held_chips:
            stated.setdefault((claim.entity, claim.attribute, claim.precision, claim.sparsity), []).append(
                claim.value
            )
    if not stated:
        return claims
    result = []
    for claim in claims:
        held = holders.get(claim.entity) if claim.scope != "chip" else None
        attribute = pack.attribute(claim.attribute) if held is not None else None
        if (
            held is not None
            and attribute is not None
            and attribute.additive
            and isinstance(claim.value, float)
        ):
            chip, count = held
            values = stated.get((chip, claim.attribute, claim.precision, claim.sparsity), [])
            if values and _one_chips(claim.value, values, count):
                claim = dataclasses.replace(claim, scope="chip", rule=claim.rule + "+one-chip")
        result.append(claim)
    return result


def _one_chips(value: float, chip_values: list[float], count: int) -> bool:
    """Return True when ``value`` is at most one chip's figure and no total of ``count`` chips."""
    if value > max(chip_values):
        return False
    return not any(abs(value - count * chip) <= _TOTAL_TOLERANCE * count * chip for chip in chip_values)
