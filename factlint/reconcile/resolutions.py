"""Resolutions: editors' decisions per fact (an accepted value, or ignore) read from a YAML file."""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import yaml

from factlint.config import Config
from factlint.errors import ConfigError
from factlint.models import Claim, ClaimValue, Conflict, ConflictValue, Note, Severity
from factlint.pack import KnowledgePack
from factlint.reconcile.direct import FactKey, conflict_id
from factlint.reconcile.explain import describe_set, format_number, support, with_unit
from factlint.reconcile.grouping import value_options
from factlint.reconcile.intervals import date_interval, value_set
from factlint.units import conversion_factor

FACT_FIELDS = ("entity", "scope", "attribute", "precision", "sparsity", "baseline", "measure")
ENTRY_KEYS = frozenset({*FACT_FIELDS, "accept", "ignore", "note", "reference", "date", "conflict"})
_AMOUNT = re.compile(r"^\s*([-+]?(?:\d[\d,]*(?:\.\d+)?|\.\d+))\s*(.*?)\s*$")


@dataclass(frozen=True)
class Resolution:
    """An editor's decision about one fact: the value accepted, or why its conflicts are ignored."""

    fact_key: FactKey
    origin: str  # "resolutions.yaml entry 2": where the decision is written
    accept: ClaimValue | None = None
    accept_text: str = ""  # the accepted value as the editor wrote it: "96 GB"
    ignore: str | None = None  # the reason, when the fact's conflicts are ignored
    note: str | None = None
    reference: str | None = None
    date: str | None = None
    source: str = ""  # the resolutions file

    def describe(self) -> str:
        """Return the decision as the explanation names it."""
        why = f": {self.note}" if self.note else ""
        return f"the accepted value {self.accept_text} ({self.origin}{why})"


def load_resolutions(path: str | Path, pack: KnowledgePack) -> tuple[Resolution, ...]:
    """Return the resolutions of a YAML file; raise ConfigError naming the file and key of a problem."""
    origin = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise ConfigError(f"cannot read resolutions file: {error.strerror}", path=origin) from error
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        raise ConfigError(
            f"invalid YAML: {getattr(error, 'problem', error)}",
            path=origin,
            line=mark.line + 1 if mark else None,
        ) from error
    if data is None:
        return ()
    entries = data.get("resolutions") if isinstance(data, Mapping) else data
    if isinstance(data, Mapping) and set(data) - {"resolutions"}:
        raise ConfigError(
            "unknown key (expected: resolutions)",
            path=origin,
            key=str(sorted(set(data) - {"resolutions"})[0]),
        )
    if entries is None:
        return ()
    if not isinstance(entries, list):
        raise ConfigError("must be a list of entries", path=origin, key="resolutions")
    return tuple(_resolution(index, entry, origin, pack) for index, entry in enumerate(entries))


def _resolution(index: int, entry: Any, origin: str, pack: KnowledgePack) -> Resolution:
    key = f"resolutions[{index}]"

    def fail(field: str | None, message: str) -> ConfigError:
        return ConfigError(message, path=origin, key=f"{key}.{field}" if field else key)

    if not isinstance(entry, Mapping):
        raise fail(None, "each resolution must be a mapping with entity, attribute and accept or ignore")
    unknown = sorted(str(k) for k in set(entry) - ENTRY_KEYS)
    if unknown:
        raise fail(unknown[0], f"unknown key (expected one of: {', '.join(sorted(ENTRY_KEYS))})")
    for required in ("entity", "attribute"):
        if not entry.get(required):
            raise fail(required, "missing")
    attribute = pack.attribute(str(entry["attribute"]))
    if attribute is None:
        raise fail("attribute", f"no attribute {entry['attribute']!r} in the knowledge pack")
    if ("accept" in entry) == ("ignore" in entry):
        raise fail(
            "accept", "give exactly one of accept (the right value) or ignore (why it does not matter)"
        )
    if "ignore" in entry and not str(entry["ignore"] or "").strip():
        raise fail("ignore", "give the reason the conflict does not matter")
    fact_key = tuple(None if entry.get(f) is None else str(entry[f]) for f in FACT_FIELDS)
    accept, accept_text = None, ""
    if "accept" in entry:
        accept, accept_text = _accepted_value(entry["accept"], attribute, pack, lambda m: fail("accept", m))
    return Resolution(
        fact_key=fact_key,  # type: ignore[arg-type]
        origin=f"{Path(origin).name} entry {index + 1}",
        accept=accept,
        accept_text=accept_text,
        ignore=str(entry["ignore"]).strip() if "ignore" in entry else None,
        note=_text(entry.get("note")),
        reference=_text(entry.get("reference")),
        date=_text(entry.get("date")),
        source=origin,
    )


def _accepted_value(raw: Any, attribute: Any, pack: KnowledgePack, fail: Any) -> tuple[ClaimValue, str]:
    """Return the accepted value in the attribute's canonical unit and as the editor wrote it."""
    if attribute.is_date:
        text = raw.isoformat() if isinstance(raw, datetime.date) else str(raw).strip()
        if date_interval(text) is None:
            raise fail(f"{text!r} is not an ISO date such as 2023, 2023-11 or 2023-11-28")
        return text, text
    text = str(raw).strip()
    match = _AMOUNT.match(text)
    if not match:
        raise fail(f"{text!r} is not a number with an optional unit, such as 96 GB")
    number, unit = float(match.group(1).replace(",", "")), match.group(2)
    if not unit or unit == attribute.unit or attribute.pint is None:
        return number, text
    expression = dict(pack.units).get(unit) or unit
    factor = conversion_factor(expression, attribute.pint)
    if factor is None:
        raise fail(f"unit {unit!r} cannot be converted to {attribute.unit}")
    return number * factor, text


def apply_resolutions(
    conflicts: Sequence[Conflict],
    facts: Mapping[FactKey, Sequence[Claim]],
    resolutions: Sequence[Resolution],
    config: Config,
) -> tuple[list[Conflict], list[Note]]:
    """Return the conflicts with resolved/ignored statuses, plus conflicts against accepted values."""
    by_fact = {resolution.fact_key: resolution for resolution in resolutions}
    updated = []
    for conflict in conflicts:
        resolution = by_fact.get(_fact_key(conflict))
        if resolution is None:
            updated.append(conflict)
        else:
            updated.append(replace(conflict, status="ignored" if resolution.ignore else "resolved"))
    notes = []
    for resolution in resolutions:
        claims = facts.get(resolution.fact_key, ())
        if not claims:
            notes.append(
                Note(kind="unused_resolution", message=f"{resolution.origin} matches no claim of this run")
            )
            continue
        if resolution.accept is not None:
            against = _against_decision(resolution, claims, config)
            if against is not None:
                updated.append(against)
    return updated, notes


def _against_decision(resolution: Resolution, claims: Sequence[Claim], config: Config) -> Conflict | None:
    """Return a conflict between the claims that contradict an accepted value and the decision."""
    decision = _decision_claim(resolution, claims[0])
    accepted = value_set(decision, config)
    if accepted is None:
        return None
    options, _ = value_options(claims, config)
    contradicting = [o for o in options if not o.meets_values(accepted)]
    if not contradicting:
        return None
    agreeing = [c for o in options if o not in contradicting for c in o.claims]
    unit = decision.unit
    sides = [ConflictValue(o.claims[0].value, unit, o.claim_ids, o.sources, o.display) for o in contradicting]
    sides.append(
        ConflictValue(
            value=decision.value,
            unit=unit,
            claims=tuple(sorted(c.id for c in agreeing)),
            sources=tuple(sorted({resolution.source, *(c.source for c in agreeing)})),
            display=f"accepted {resolution.accept_text}",
        )
    )
    verb = "contradicts" if len(contradicting) == 1 else "contradict"
    stated = " and ".join(f"{o.display} {support(o.sources, o.claim_ids)}" for o in contradicting)
    sets = " vs ".join(
        describe_set(values, unit) for values in (*(o.values for o in contradicting), accepted)
    )
    entity, scope, attribute, precision, sparsity, baseline, measure = resolution.fact_key
    return Conflict(
        id=conflict_id(resolution.fact_key, [side.display for side in sides], "resolution"),
        entity=entity,
        scope=scope,
        attribute=attribute,
        severity=Severity.ERROR if any(o.is_firm for o in contradicting) else Severity.WARNING,
        values=tuple(sides),
        explanation=f"{stated} {verb} {resolution.describe()}; compared as {sets}",
        kind="resolution",
        precision=precision,
        sparsity=sparsity,
        baseline=baseline,
        measure=measure,
    )


def _decision_claim(resolution: Resolution, like: Claim) -> Claim:
    """Return the accepted value as a claim, so that it is compared exactly as claims are."""
    return Claim(
        id="c-resolution",
        source=resolution.source,
        line=1,
        column=1,
        entity=like.entity,
        scope=like.scope,
        attribute=like.attribute,
        value=resolution.accept,  # type: ignore[arg-type]
        unit=like.unit,
        text=resolution.accept_text,
        quote=resolution.accept_text,
    )


def resolution_template(conflict: Conflict) -> str:
    """Return a YAML entry for the resolutions file that an editor can paste and complete."""
    entry: dict[str, Any] = {
        field: getattr(conflict, field) for field in FACT_FIELDS if getattr(conflict, field) is not None
    }
    entry["accept"] = _suggested_value(conflict)
    entry["note"] = "why this value is right"
    entry["reference"] = "where it was checked (URL or document)"
    entry["date"] = datetime.date.today().isoformat()
    body = yaml.safe_dump([entry], sort_keys=False, allow_unicode=True, default_flow_style=False)
    candidates = " vs ".join(value.display or str(value.value) for value in conflict.values)
    header = [
        f"# {conflict.id}: {' '.join(filter(None, (conflict.entity, conflict.scope, conflict.attribute)))}: "
        f"{candidates}",
        "# Keep the value that is right in accept, or replace accept with",
        "#   ignore: why this disagreement does not matter",
    ]
    return "\n".join(header) + "\n" + body


def _suggested_value(conflict: Conflict) -> str:
    if conflict.consensus is not None and conflict.consensus.decided:
        favoured = next((v for v in conflict.values if v.display == conflict.consensus.value), None)
        if favoured is not None:
            return _value_text(favoured)
    return _value_text(conflict.values[0])


def _value_text(value: ConflictValue) -> str:
    if isinstance(value.value, str):
        return value.value
    return with_unit(format_number(float(value.value)), value.unit)


def _fact_key(conflict: Conflict) -> FactKey:
    return tuple(getattr(conflict, field) for field in FACT_FIELDS)


def _text(value: Any) -> str | None:
    if value is None:
        return None
    return value.isoformat() if isinstance(value, datetime.date) else str(value)
