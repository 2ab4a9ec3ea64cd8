"""Gold files of the evaluation set: hand-labelled claims, loaded and validated."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import yaml

from factlint.models import Claim, ClaimValue

# The attribute vocabulary of shared/spec/report-json.md; a gold file may narrow it.
VOCABULARY = (
    "memory_capacity",
    "memory_bandwidth",
    "network_bandwidth",
    "on_chip_memory",
    "process_node",
    "compute_throughput",
    "relative_performance",
    "relative_power_efficiency",
    "chip_count",
    "core_count",
    "power",
    "hourly_price",
    "price",
    "cost_savings",
    "announce_date",
    "release_date",
)


class GoldFileError(ValueError):
    """A gold file is missing, unreadable or malformed; the message names the file and claim."""


@dataclass(frozen=True)
class GoldClaim:
    """One hand-labelled claim: where it is, what fact it states and how."""

    doc: str  # path as written in the gold file (relative to the repository root)
    line: int
    entity: str
    scope: str | None
    attribute: str
    value: ClaimValue
    unit: str
    low: ClaimValue | None = None
    high: ClaimValue | None = None
    qualifier: str | None = None
    precision: str | None = None
    sparsity: str | None = None
    baseline: str | None = None

    def describe(self) -> str:
        """Return a one-line human description of the labelled claim."""
        return describe_fact(self)


@dataclass(frozen=True)
class GoldSet:
    """A gold file: the documents it covers, the attributes it scores and its claims."""

    name: str
    path: str
    root: str  # directory the document paths are relative to
    attributes: tuple[str, ...]
    documents: tuple[str, ...]
    claims: tuple[GoldClaim, ...]

    def resolve(self, doc: str) -> str:
        """Return the absolute, normalised path of a document named in this gold file."""
        return os.path.normpath(os.path.join(self.root, doc))


def load_gold(path: str | Path) -> GoldSet:
    """Return the gold set in ``path``; raise :class:`GoldFileError` naming the problem."""
    path = Path(path)
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as error:
        raise GoldFileError(f"{path}: cannot read gold file: {error}") from error
    if not isinstance(raw, dict) or not isinstance(raw.get("documents"), list):
        raise GoldFileError(f"{path}: a gold file needs a 'documents' list")
    root = Path(raw["root"]) if raw.get("root") else _repository_root(path)
    if not root.is_absolute():
        root = path.parent / root
    documents: list[str] = []
    claims: list[GoldClaim] = []
    for entry in raw["documents"]:
        doc = str(entry.get("doc", "")) if isinstance(entry, dict) else ""
        if not doc:
            raise GoldFileError(f"{path}: every document entry needs 'doc'")
        documents.append(doc)
        for index, fields in enumerate(entry.get("claims") or []):
            claims.append(_gold_claim(doc, fields, f"{path}: {doc} claim {index + 1}"))
    return GoldSet(
        name=str(raw.get("name") or path.stem),
        path=str(path),
        root=str(root.resolve()),
        attributes=tuple(raw.get("attributes") or VOCABULARY),
        documents=tuple(documents),
        claims=tuple(claims),
    )


def _gold_claim(doc: str, fields: object, where: str) -> GoldClaim:
    if not isinstance(fields, dict):
        raise GoldFileError(f"{where}: expected a mapping")
    missing = [key for key in ("line", "entity", "attribute", "value", "unit") if fields.get(key) is None]
    if missing:
        raise GoldFileError(f"{where}: missing {', '.join(missing)}")
    known = {"line", "entity", "scope", "attribute", "value", "unit", "low", "high", "qualifier"}
    unknown = set(fields) - known - {"precision", "sparsity", "baseline", "note"}
    if unknown:
        raise GoldFileError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    is_date = fields["unit"] == "date"

    def value(key: str) -> ClaimValue | None:
        raw = fields.get(key)
        if raw is None:
            return None
        if is_date != isinstance(raw, str):
            raise GoldFileError(f"{where}: {key} {raw!r} does not fit unit {fields['unit']!r}")
        return raw if is_date else float(raw)

    return GoldClaim(
        doc=doc,
        line=int(fields["line"]),
        entity=str(fields["entity"]),
        scope=fields.get("scope"),
        attribute=str(fields["attribute"]),
        value=value("value"),  # type: ignore[arg-type]  # checked non-None above
        unit=str(fields["unit"]),
        low=value("low"),
        high=value("high"),
        qualifier=fields.get("qualifier"),
        precision=fields.get("precision"),
        sparsity=fields.get("sparsity"),
        baseline=fields.get("baseline"),
    )


def _repository_root(path: Path) -> Path:
    for parent in path.resolve().parents:
        if (parent / "pyproject.toml").exists():
            return parent
    return Path.cwd()


def describe_fact(fact: GoldClaim | Claim) -> str:
    """Return a one-line description of a labelled or predicted claim: entity / scope / attribute = value."""
    if fact.low is not None and fact.high is not None:
        shown = f"{_number(fact.low)}..{_number(fact.high)}"
    else:
        shown = _number(fact.value)
    details = [
        f"{name}={getattr(fact, name)}"
        for name in ("qualifier", "precision", "sparsity", "baseline")
        if getattr(fact, name) is not None
    ]
    suffix = f" ({', '.join(details)})" if details else ""
    return f"{fact.entity} / {fact.scope or '-'} / {fact.attribute} = {shown} {fact.unit}{suffix}"


def _number(value: ClaimValue | None) -> str:
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)
