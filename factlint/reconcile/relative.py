"""Relative claims: a multiplier with a baseline checked against both entities' absolute figures."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from factlint.config import Config
from factlint.models import Claim, Conflict, ConflictValue, Note
from factlint.pack import KnowledgePack
from factlint.reconcile.direct import CheckFindings, FactKey, check_conflict
from factlint.reconcile.explain import describe_set, format_number, support, with_unit
from factlint.reconcile.grouping import ValueOption, value_options
from factlint.reconcile.intervals import Interval, ValueSet


@dataclass(frozen=True)
class RatioEvidence:
    """An absolute figure of the entity over one of its baseline: what a multiplier should match."""

    entity_option: ValueOption
    baseline_option: ValueOption
    ratio: ValueSet
    variant: str = ""  # what the figures measure when the multiplier does not say: "BF16, dense"

    @property
    def claim_ids(self) -> tuple[str, ...]:
        """Return the ids of the claims behind both figures."""
        return (*self.entity_option.claim_ids, *self.baseline_option.claim_ids)

    @property
    def sources(self) -> tuple[str, ...]:
        """Return the sources behind both figures, sorted, each once."""
        return tuple(sorted({*self.entity_option.sources, *self.baseline_option.sources}))

    def display(self, entity: str, baseline: str) -> str:
        """Return "32 GB (Inferentia2) / 8 GB (Inferentia)", with the precision when it varies."""
        suffix = f", {self.variant}" if self.variant else ""
        return (
            f"{self.entity_option.display} ({entity}{suffix}) / "
            f"{self.baseline_option.display} ({baseline}{suffix})"
        )


def relative_checks(
    facts: Mapping[FactKey, Sequence[Claim]], pack: KnowledgePack, config: Config
) -> CheckFindings:
    """Return notes and "relative" conflicts for multipliers whose absolute figures are stated."""
    notes: list[Note] = []
    conflicts: list[Conflict] = []
    for fact_key, claims in facts.items():
        entity, scope, attribute_name, baseline = fact_key[0], fact_key[1], fact_key[2], fact_key[5]
        attribute = pack.attribute(attribute_name)
        if attribute is None or attribute.relative_to is None or baseline is None:
            continue
        evidence: list[RatioEvidence] = []
        for variant in _variants(fact_key, attribute.relative_to, facts):
            absolute = (attribute.relative_to, variant[0], variant[1], None, variant[2])
            entity_options = _absolute_options(entity, scope, absolute, facts, pack, config)
            baseline_options = _absolute_options(baseline, scope, absolute, facts, pack, config)
            label = ", ".join(part for part in variant if part)
            evidence.extend(
                RatioEvidence(x, b, ratio_set(x.values, b.values), label)
                for x in entity_options
                for b in baseline_options
            )
        if not evidence:
            continue
        multipliers, _ = value_options(claims, config)
        for multiplier in multipliers:
            matching = [e for e in evidence if multiplier.meets_values(e.ratio)]
            for item in matching:
                notes.append(
                    Note(
                        kind="relative",
                        message=f"{multiplier.display} {baseline} ({attribute.relative_to} of {entity}): "
                        f"{item.display(entity, baseline)} = {describe_set(item.ratio, 'x')}: consistent",
                        claims=(*multiplier.claim_ids, *item.claim_ids),
                    )
                )
            if not matching:
                conflicts.append(_relative_conflict(fact_key, multiplier, evidence, attribute.relative_to))
    return CheckFindings(tuple(notes), tuple(conflicts))


def ratio_set(numerator: ValueSet, denominator: ValueSet) -> ValueSet:
    """Return every ratio a value of ``numerator`` over a positive value of ``denominator`` can take."""
    parts = []
    for top in numerator.intervals:
        for bottom in denominator.intervals:
            if bottom.high <= 0:
                continue
            low = top.low / bottom.high if math.isfinite(bottom.high) else 0.0
            high = top.high / bottom.low if bottom.low > 0 else math.inf
            parts.append(Interval(max(low, 0.0), high))
    return ValueSet(tuple(parts) or (Interval(0.0, math.inf),))


def _variants(
    fact_key: FactKey, absolute: str, facts: Mapping[FactKey, Sequence[Claim]]
) -> list[tuple[str | None, str | None, str | None]]:
    """Return the (precision, sparsity, measure) variants to compare a multiplier with.

    A multiplier that names none ("4x the performance") is compared with every variant
    both entities have figures for, and holds if any of them bears it out.
    """
    entity, _, _, precision, sparsity, baseline, measure = fact_key
    if precision is not None or sparsity is not None or measure is not None:
        return [(precision, sparsity, measure)]

    def stated(name: str | None) -> set[tuple[str | None, str | None, str | None]]:
        return {(k[3], k[4], k[6]) for k in facts if k[0] == name and k[2] == absolute}

    common = stated(entity) & stated(baseline)
    return sorted(common, key=lambda variant: tuple(part or "" for part in variant))


def _absolute_options(
    entity_name: str,
    scope: str | None,
    absolute: tuple[str, str | None, str | None, None, str | None],
    facts: Mapping[FactKey, Sequence[Claim]],
    pack: KnowledgePack,
    config: Config,
) -> list[ValueOption]:
    """Return the absolute figures of an entity at the relative claim's scope (or its own)."""
    attribute, precision, sparsity, baseline, measure = absolute
    entity = pack.entity(entity_name)
    scopes = dict.fromkeys([scope, None, entity.kind if entity else None])
    keys = [(entity_name, where, attribute, precision, sparsity, baseline, measure) for where in scopes]
    claims = [claim for key in keys for claim in facts.get(key, ())]
    options, _ = value_options(claims, config)
    return options


def _relative_conflict(
    fact_key: FactKey, multiplier: ValueOption, evidence: Sequence[RatioEvidence], absolute: str
) -> Conflict:
    entity, baseline = fact_key[0], fact_key[5]
    sides = [
        ConflictValue(
            value=multiplier.claims[0].value,
            unit=multiplier.claims[0].unit,
            claims=multiplier.claim_ids,
            sources=multiplier.sources,
            display=f"{multiplier.display} {baseline}",
        )
    ]
    for item in evidence:
        midpoint = _representative(item)
        sides.append(
            ConflictValue(
                value=midpoint,
                unit="x",
                claims=item.claim_ids,
                sources=item.sources,
                display=f"{item.display(entity, baseline or '')} = {with_unit(format_number(midpoint), 'x')}",
            )
        )
    explanation = " vs ".join(f"{side.display} {support(side.sources, side.claims)}" for side in sides)
    compared = (multiplier.values, *(item.ratio for item in evidence))
    sets = " vs ".join(describe_set(values, "x") for values in compared)
    explanation += f"; {absolute} figures give the ratio; compared as {sets}"
    return check_conflict(fact_key, sides, explanation, "relative")


def _representative(item: RatioEvidence) -> float:
    """Return the ratio of the two stated values, or the middle of the ratio set for bounds."""
    top, bottom = item.entity_option.claims[0].value, item.baseline_option.claims[0].value
    if isinstance(top, float | int) and isinstance(bottom, float | int) and bottom:
        return float(top) / float(bottom)
    interval = item.ratio.intervals[0]
    if math.isinf(interval.high):
        return interval.low
    return (interval.low + interval.high) / 2
