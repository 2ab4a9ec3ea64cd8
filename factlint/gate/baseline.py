"""The baseline: known conflicts keyed by fact and competing values, so only new ones fail the run."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from factlint.errors import ConfigError
from factlint.models import Conflict, ConflictValue, Reconciliation

BASELINE_VERSION = 1
REFRESH_HINT = "refresh it with: factlint baseline {paths} --output {path}"


@dataclass(frozen=True)
class BaselineEntry:
    """A recorded conflict: the fact (entity, scope, attribute, qualifiers) and its set of values.

    Lines and claim ids are left out on purpose, so editing around a known conflict keeps it
    known, while a new value for the fact (a new contradiction) does not match.
    """

    entity: str
    scope: str | None
    attribute: str
    values: tuple[str, ...]  # sorted "value unit" strings
    precision: str | None = None
    sparsity: str | None = None
    baseline: str | None = None
    measure: str | None = None

    @classmethod
    def from_conflict(cls, conflict: Conflict) -> BaselineEntry:
        """Return the entry that records ``conflict``."""
        return cls(
            entity=conflict.entity,
            scope=conflict.scope,
            attribute=conflict.attribute,
            values=tuple(sorted({_value_key(value) for value in conflict.values})),
            precision=conflict.precision,
            sparsity=conflict.sparsity,
            baseline=conflict.baseline,
            measure=conflict.measure,
        )

    def describe(self) -> str:
        """Return the entry as a person reads it: ``Trainium2 / chip / memory_capacity: 192 GB vs 96 GB``."""
        qualifiers = [q for q in (self.precision, self.sparsity, self.baseline, self.measure) if q]
        fact = " / ".join([self.entity, self.scope or "-", self.attribute, *qualifiers])
        return f"{fact}: {' vs '.join(self.values)}"


@dataclass(frozen=True)
class Baseline:
    """The set of recorded conflicts read from a baseline file."""

    entries: tuple[BaselineEntry, ...] = ()


@dataclass(frozen=True)
class BaselineOutcome:
    """The reconciliation with recorded conflicts marked "baselined", and entries no longer seen."""

    reconciliation: Reconciliation
    stale: tuple[BaselineEntry, ...]


def baseline_from_conflicts(conflicts: Iterable[Conflict]) -> Baseline:
    """Return a baseline recording the open conflicts given."""
    entries = {BaselineEntry.from_conflict(conflict) for conflict in conflicts if conflict.status == "open"}
    return Baseline(tuple(sorted(entries, key=_entry_order)))


def dumps_baseline(baseline: Baseline, tool_version: str) -> str:
    """Return the baseline file text (stable JSON, one entry per known conflict)."""
    payload = {
        "factlint_baseline": BASELINE_VERSION,
        "tool_version": tool_version,
        "entries": [dataclasses.asdict(entry) for entry in baseline.entries],
    }
    return json.dumps(payload, indent=2, ensure_ascii=False) + "\n"


def load_baseline(path: str | Path) -> Baseline:
    """Return the baseline stored at ``path``; raises ConfigError naming the file when it is unusable."""
    try:
        payload = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise ConfigError(f"cannot read baseline: {error.strerror}", path=str(path)) from error
    except json.JSONDecodeError as error:
        raise ConfigError(f"invalid JSON: {error.msg}", path=str(path), line=error.lineno) from error
    if not isinstance(payload, dict) or payload.get("factlint_baseline") != BASELINE_VERSION:
        raise ConfigError(f"not a factlint baseline (version {BASELINE_VERSION})", path=str(path))
    try:
        entries = tuple(
            BaselineEntry(**{**entry, "values": tuple(entry["values"])})
            for entry in payload.get("entries", [])
        )
    except (TypeError, KeyError) as error:
        raise ConfigError(f"malformed entry: {error}", path=str(path), key="entries") from error
    return Baseline(entries)


def apply_baseline(reconciliation: Reconciliation, baseline: Baseline) -> BaselineOutcome:
    """Return the reconciliation with open conflicts found in the baseline marked "baselined"."""
    recorded = set(baseline.entries)
    seen: set[BaselineEntry] = set()
    conflicts = []
    for conflict in reconciliation.conflicts:
        entry = BaselineEntry.from_conflict(conflict)
        if entry in recorded:
            seen.add(entry)
            if conflict.status == "open":
                conflict = dataclasses.replace(conflict, status="baselined")
        conflicts.append(conflict)
    stale = tuple(entry for entry in baseline.entries if entry not in seen)
    return BaselineOutcome(dataclasses.replace(reconciliation, conflicts=tuple(conflicts)), stale)


def _value_key(value: ConflictValue) -> str:
    if isinstance(value.value, float):
        return f"{value.value:.10g} {value.unit}"
    return f"{value.value} {value.unit}"


def _entry_order(entry: BaselineEntry) -> tuple[str, ...]:
    return (entry.entity, entry.scope or "", entry.attribute, entry.describe())
