"""Direct conflicts: claims about the same fact whose value sets cannot meet."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass

from factlint.models import Claim, Conflict, ConflictValue, FactKey, Note, Severity
from factlint.reconcile.explain import conversion, describe_set, support
from factlint.reconcile.grouping import FactGrouping, ValueGroup, groups_clash_firmly
from factlint.reconcile.independence import CopyIndex


def conflict_id(fact_key: FactKey, value_labels: Sequence[str], kind: str = "direct") -> str:
    """Return a stable id: "k-" + a short hash of the fact and the competing values."""
    payload = json.dumps([list(fact_key), sorted(value_labels), kind], ensure_ascii=False)
    return "k-" + hashlib.sha256(payload.encode("utf-8")).hexdigest()[:12]


def conflict_value(group: ValueGroup) -> ConflictValue:
    """Return one side of a conflict: the group's representative value and its support."""
    anchor = group.anchor.claims[0]
    return ConflictValue(
        value=anchor.value,
        unit=anchor.unit,
        claims=tuple(claim.id for claim in group.claims),
        sources=group.sources,
        display=group.display,
    )


def compared_sets(groups: Sequence[ValueGroup]) -> str:
    """Return the explanation's tail: the value sets compared and any unit conversion made."""
    unit = groups[0].anchor.claims[0].unit
    sets = " vs ".join(describe_set(g.anchor.values, unit) for g in groups)
    conversions = sorted({text for g in groups for c in g.claims if (text := conversion(c))})
    return f"; compared as {sets}" + "".join(f"; {text}" for text in conversions)


def severity_of(groups: Sequence[ValueGroup]) -> Severity:
    """Return error when two firm values clash, warning when only hedges, bounds or doubt do."""
    for index, first in enumerate(groups):
        for second in groups[index + 1 :]:
            if groups_clash_firmly(first, second):
                return Severity.ERROR
    return Severity.WARNING


def direct_conflict(
    fact_key: FactKey, grouping: FactGrouping, copies: CopyIndex | None = None
) -> Conflict | None:
    """Return the conflict of one fact's grouping, or None when its values all fit together.

    Sources that copied one another's sentence count as one voice in the explanation.
    """
    if not grouping.is_conflict:
        return None
    groups = grouping.groups
    copies = copies or CopyIndex()
    explanation = " vs ".join(
        f"{g.display} {support(g.sources, [c.id for c in g.claims], copies.voice_count(g.claims))}"
        for g in groups
    )
    explanation += compared_sets(groups)
    return make_conflict(
        fact_key,
        groups=groups,
        severity=severity_of(groups),
        explanation=explanation,
        kind="direct",
    )


def make_conflict(
    fact_key: FactKey,
    *,
    groups: Sequence[ValueGroup],
    severity: Severity,
    explanation: str,
    kind: str,
) -> Conflict:
    """Return a Conflict for a fact from its competing groups."""
    return _conflict(fact_key, tuple(conflict_value(g) for g in groups), severity, explanation, kind)


def _conflict(
    fact_key: FactKey, values: tuple[ConflictValue, ...], severity: Severity, explanation: str, kind: str
) -> Conflict:
    """Return a Conflict whose fields come from the fact key and whose id from its values."""
    entity, scope, attribute, precision, sparsity, baseline, measure = fact_key
    return Conflict(
        id=conflict_id(fact_key, [value.display for value in values], kind),
        entity=entity,
        scope=scope,
        attribute=attribute,
        severity=severity,
        values=values,
        explanation=explanation,
        kind=kind,
        precision=precision,
        sparsity=sparsity,
        baseline=baseline,
        measure=measure,
    )


def fact_sort_key(fact_key: FactKey) -> tuple[str, ...]:
    """Return a total order on fact keys (None sorts first)."""
    return tuple("" if part is None else str(part) for part in fact_key)


def claims_by_fact(claims: Sequence[Claim]) -> dict[FactKey, list[Claim]]:
    """Return the claims grouped by fact key, keys in a deterministic order, claims by id."""
    facts: dict[FactKey, list[Claim]] = {}
    for claim in claims:
        facts.setdefault(claim.fact_key, []).append(claim)
    return {key: sorted(facts[key], key=lambda c: c.id) for key in sorted(facts, key=fact_sort_key)}


def check_conflict(
    fact_key: FactKey, sides: Sequence[ConflictValue], explanation: str, kind: str
) -> Conflict:
    """Return a warning conflict found by a cross-fact check ("derived", "relative")."""
    return _conflict(fact_key, tuple(sides), Severity.WARNING, explanation, kind)


@dataclass(frozen=True)
class CheckFindings:
    """What a cross-fact check found: notes (consistent look-alikes) and conflicts."""

    notes: tuple[Note, ...] = ()
    conflicts: tuple[Conflict, ...] = ()
