"""The reconcile stage: from a claims table to conflicts and notes."""

from __future__ import annotations

from dataclasses import replace

import pandas as pd

from factlint.claims.table import frame_to_claims
from factlint.config import Config
from factlint.models import Conflict, Note, Reconciliation
from factlint.pack import KnowledgePack
from factlint.reconcile.consensus import FactEvidence, Side, discover_truth, source_trust
from factlint.reconcile.direct import FactKey, claims_by_fact, direct_conflict, fact_sort_key
from factlint.reconcile.grouping import FactGrouping, group_fact
from factlint.reconcile.independence import CopyIndex, find_copies
from factlint.reconcile.relative import relative_checks
from factlint.reconcile.resolutions import apply_resolutions, load_resolutions
from factlint.reconcile.scope_arithmetic import scope_arithmetic


def reconcile(table: pd.DataFrame, pack: KnowledgePack, config: Config) -> Reconciliation:
    """Return the conflicts and notes found among the claims of ``table``.

    Claims are grouped by fact (entity, scope, attribute and the qualifiers that change
    what is measured); within a fact, values are compared as sets of possible values, so
    rounding, ranges, bounds and hedges never make a conflict on their own.
    """
    claims = frame_to_claims(table) if len(table) else []
    facts = claims_by_fact(claims)
    copies, copy_notes = find_copies(claims)
    conflicts: list[Conflict] = []
    notes: list[Note] = list(copy_notes)
    evidence: list[FactEvidence] = []
    for fact_key, fact_claims in facts.items():
        grouping = group_fact(fact_claims, config)
        fact_evidence = _evidence(fact_key, grouping, copies)
        evidence.append(fact_evidence)
        conflict = direct_conflict(fact_key, grouping, copies)
        if conflict is not None:
            conflicts.append(conflict)
        if grouping.unreadable:
            notes.append(_unreadable_note(fact_key, grouping))
    truth = discover_truth(evidence, source_priors(config))
    by_label = {item.fact: item for item in evidence}
    conflicts = [
        replace(c, consensus=truth.consensus(by_label[fact_label(c.fact_key)])) if c.kind == "direct" else c
        for c in conflicts
    ]
    scope_findings = scope_arithmetic(facts, pack, config)
    conflicts.extend(scope_findings.conflicts)
    notes.extend(scope_findings.notes)
    relative_findings = relative_checks(facts, pack, config)
    conflicts.extend(relative_findings.conflicts)
    notes.extend(relative_findings.notes)
    if config.resolutions:
        resolutions = load_resolutions(config.resolutions, pack)
        conflicts, resolution_notes = apply_resolutions(conflicts, facts, resolutions, config)
        notes.extend(resolution_notes)
    return Reconciliation(
        conflicts=tuple(sorted(conflicts, key=_conflict_order)),
        notes=tuple(sorted(notes, key=lambda n: (n.kind, n.message, n.claims))),
        fact_count=len(facts),
        source_trust=source_trust(truth, evidence),
    )


def source_priors(config: Config) -> dict[str, float]:
    """Return the configured prior trust per source (the ``source_priors`` setting)."""
    return {str(source): float(prior) for source, prior in config.source_priors}


def fact_label(fact_key: FactKey) -> str:
    """Return a fact as a person names it: "Trainium2 chip memory_capacity (FP8, dense)"."""
    entity, scope, attribute, *rest = fact_key
    qualifiers = ", ".join(str(part) for part in rest if part)
    label = " ".join(part for part in (entity, scope, attribute) if part)
    return f"{label} ({qualifiers})" if qualifiers else label


def _evidence(fact_key: FactKey, grouping: FactGrouping, copies: CopyIndex) -> FactEvidence:
    if grouping.is_conflict:
        sides = tuple(Side(g.display, copies.voices(g.claims)) for g in grouping.groups)
    else:
        agreeing = [c for g in grouping.groups for c in g.claims] + [
            c for o in grouping.neutral for c in o.claims
        ]
        display = grouping.groups[0].display if grouping.groups else ""
        sides = (Side(display, copies.voices(agreeing)),) if agreeing else ()
    return FactEvidence(fact_label(fact_key), sides)


def _unreadable_note(fact_key: FactKey, grouping: FactGrouping) -> Note:
    return Note(
        kind="unreadable_value",
        message=f"{len(grouping.unreadable)} claim(s) about {fact_label(fact_key)} "
        "have a value that cannot be compared",
        claims=tuple(c.id for c in grouping.unreadable),
    )


def _conflict_order(conflict: Conflict) -> tuple[object, ...]:
    return (*fact_sort_key(conflict.fact_key), conflict.kind, conflict.id)
