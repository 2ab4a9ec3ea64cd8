"""The reconcile stage: from a claims table to conflicts and notes."""

from __future__ import annotations

import pandas as pd

from factlint.claims.table import frame_to_claims
from factlint.config import Config
from factlint.models import Conflict, Note, Reconciliation
from factlint.pack import KnowledgePack
from factlint.reconcile.direct import claims_by_fact, direct_conflict, fact_sort_key
from factlint.reconcile.grouping import group_fact
from factlint.reconcile.independence import find_copies
from factlint.reconcile.relative import relative_checks
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
    for fact_key, fact_claims in facts.items():
        grouping = group_fact(fact_claims, config)
        conflict = direct_conflict(fact_key, grouping, copies)
        if conflict is not None:
            conflicts.append(conflict)
        if grouping.unreadable:
            notes.append(
                Note(
                    kind="unreadable_value",
                    message=f"{len(grouping.unreadable)} claim(s) about {_fact_label(fact_key)} "
                    "have a value that cannot be compared",
                    claims=tuple(c.id for c in grouping.unreadable),
                )
            )
    scope_findings = scope_arithmetic(facts, pack, config)
    conflicts.extend(scope_findings.conflicts)
    notes.extend(scope_findings.notes)
    relative_findings = relative_checks(facts, pack, config)
    conflicts.extend(relative_findings.conflicts)
    notes.extend(relative_findings.notes)
    return Reconciliation(
        conflicts=tuple(sorted(conflicts, key=_conflict_order)),
        notes=tuple(sorted(notes, key=lambda n: (n.kind, n.message, n.claims))),
        fact_count=len(facts),
    )


def _conflict_order(conflict: Conflict) -> tuple[object, ...]:
    key = (
        conflict.entity,
        conflict.scope,
        conflict.attribute,
        conflict.precision,
        conflict.sparsity,
        conflict.baseline,
        conflict.measure,
    )
    return (*fact_sort_key(key), conflict.kind, conflict.id)


def _fact_label(fact_key: tuple[str | None, ...]) -> str:
    entity, scope, attribute, *rest = fact_key
    qualifiers = ", ".join(str(part) for part in rest if part)
    label = f"{entity} {attribute}" + (f" per {scope}" if scope else "")
    return f"{label} ({qualifiers})" if qualifiers else label
