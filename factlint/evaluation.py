"""Score extracted claims against hand-labelled gold claims: precision, recall and F1 per attribute."""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable, Iterable, Sequence
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
VALUE_TOLERANCE = 0.005  # relative: 0.5 %, so 29.8 GiB matches a 32 GB label
RELATIVE_ATTRIBUTES = ("relative_performance", "relative_power_efficiency")


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
        return _describe(self.entity, self.scope, self.attribute, self.value, self.low, self.high, self)


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


@dataclass(frozen=True)
class Score:
    """Counts of gold, predicted and matched claims, with the ratios derived from them."""

    label: str
    gold: int
    predicted: int
    matched: int

    @property
    def precision(self) -> float:
        """Return matched / predicted (0.0 when nothing was predicted)."""
        return self.matched / self.predicted if self.predicted else 0.0

    @property
    def recall(self) -> float:
        """Return matched / gold (0.0 when nothing was labelled)."""
        return self.matched / self.gold if self.gold else 0.0

    @property
    def f1(self) -> float:
        """Return the harmonic mean of precision and recall."""
        total = self.precision + self.recall
        return 2 * self.precision * self.recall / total if total else 0.0


@dataclass(frozen=True)
class FieldAccuracy:
    """How often a secondary field (qualifier, bounds...) was right on matched claims."""

    field: str
    compared: int
    correct: int

    @property
    def accuracy(self) -> float:
        """Return correct / compared (0.0 when nothing was compared)."""
        return self.correct / self.compared if self.compared else 0.0


@dataclass(frozen=True)
class Match:
    """A gold claim and the predicted claim it was paired with."""

    gold: GoldClaim
    predicted: Claim


@dataclass(frozen=True)
class Miss:
    """A gold claim no prediction matched, with the closest unmatched prediction on its line."""

    gold: GoldClaim
    nearest: Claim | None = None


@dataclass(frozen=True)
class Evaluation:
    """The result of scoring predictions against one gold set."""

    name: str
    overall: Score
    attributes: tuple[Score, ...]
    fields: tuple[FieldAccuracy, ...]
    matches: tuple[Match, ...]
    misses: tuple[Miss, ...]
    false_hits: tuple[Claim, ...]
    ignored: int  # predictions outside the gold documents or the scored attributes


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


def evaluate(gold_path: str | Path, predicted: list[Claim]) -> Evaluation:
    """Return the scores of ``predicted`` against the gold file at ``gold_path``."""
    return evaluate_gold(load_gold(gold_path), predicted)


def evaluate_gold(gold: GoldSet, predicted: Iterable[Claim]) -> Evaluation:
    """Return the scores of ``predicted`` against an already loaded gold set.

    A prediction matches a gold claim on the same document and line with the same
    attribute, entity and scope and a value within 0.5 % (dates: equal strings); each
    claim matches at most once. Qualifier, bounds, precision, sparsity and baseline are
    scored separately, on matched pairs only.
    """
    covered = {gold.resolve(doc) for doc in gold.documents}
    scored: list[Claim] = []
    ignored = 0
    for claim in predicted:
        if os.path.normpath(os.path.abspath(claim.source)) in covered and claim.attribute in gold.attributes:
            scored.append(claim)
        else:
            ignored += 1
    by_line: dict[tuple[str, int], list[Claim]] = {}
    for claim in scored:
        by_line.setdefault((os.path.normpath(os.path.abspath(claim.source)), claim.line), []).append(claim)
    # Closest pairs first, so a hedged label is not taken by an unhedged one's prediction.
    pairs = sorted(
        (_distance(label, claim), index, position, label, claim)
        for index, label in enumerate(gold.claims)
        for position, claim in enumerate(by_line.get((gold.resolve(label.doc), label.line), []))
        if _same_fact(label, claim)
    )
    paired: dict[int, Match] = {}
    used: set[int] = set()
    for _, index, _, label, claim in pairs:
        if index not in paired and id(claim) not in used:
            paired[index] = Match(label, claim)
            used.add(id(claim))
    matches = [paired[index] for index in sorted(paired)]
    misses = [label for index, label in enumerate(gold.claims) if index not in paired]
    false_hits = tuple(claim for claim in scored if id(claim) not in used)
    return Evaluation(
        name=gold.name,
        overall=Score("overall", len(gold.claims), len(scored), len(matches)),
        attributes=_attribute_scores(gold, scored, matches),
        fields=_field_accuracies(matches),
        matches=tuple(matches),
        misses=tuple(Miss(label, _nearest(label, gold, by_line, used)) for label in misses),
        false_hits=false_hits,
        ignored=ignored,
    )


def values_agree(gold_value: ClaimValue | None, predicted_value: ClaimValue | None) -> bool:
    """Return True when two values are equal dates or numbers within the 0.5 % tolerance."""
    if gold_value is None or predicted_value is None:
        return gold_value is None and predicted_value is None
    if isinstance(gold_value, str) or isinstance(predicted_value, str):
        return str(gold_value) == str(predicted_value)
    return math.isclose(float(gold_value), float(predicted_value), rel_tol=VALUE_TOLERANCE, abs_tol=1e-9)


def predict(gold: GoldSet, pack_paths: Sequence[str] = ()) -> list[Claim]:
    """Return the claims factlint extracts from the documents of ``gold``."""
    from factlint.claims import extract_claims
    from factlint.config import make_config
    from factlint.pack import load_pack
    from factlint.sources import load_sources

    pack = load_pack(pack_paths)
    documents = load_sources([gold.resolve(doc) for doc in gold.documents], make_config({}))
    return [claim for document in documents for claim in extract_claims(document, pack)]


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


def _same_fact(label: GoldClaim, claim: Claim) -> bool:
    if (label.attribute, label.entity, label.scope) != (claim.attribute, claim.entity, claim.scope):
        return False
    # A range or alternative may be reported by its bounds, by either end or by its first value.
    bounded = label.low is not None and claim.low is not None
    if bounded and values_agree(label.low, claim.low) and values_agree(label.high, claim.high):
        return True
    accepted = [value for value in (label.value, label.low, label.high) if value is not None]
    return any(values_agree(value, claim.value) for value in accepted)


def _distance(label: GoldClaim, claim: Claim) -> tuple[bool, bool, bool, bool]:
    # Prefer the exact value, then agreement on the fields that tell claims on a line apart.
    return (
        not values_agree(label.value, claim.value),
        label.qualifier != claim.qualifier,
        label.precision != claim.precision,
        label.sparsity != claim.sparsity,
    )


def _nearest(
    label: GoldClaim, gold: GoldSet, by_line: dict[tuple[str, int], list[Claim]], used: set[int]
) -> Claim | None:
    same_line = [
        claim for claim in by_line.get((gold.resolve(label.doc), label.line), []) if id(claim) not in used
    ]
    same_attribute = [claim for claim in same_line if claim.attribute == label.attribute]
    return (same_attribute or same_line or [None])[0]


def _attribute_scores(gold: GoldSet, scored: list[Claim], matches: list[Match]) -> tuple[Score, ...]:
    names = sorted(
        {label.attribute for label in gold.claims} | {claim.attribute for claim in scored},
        key=lambda name: (gold.attributes.index(name) if name in gold.attributes else len(VOCABULARY), name),
    )
    return tuple(
        Score(
            name,
            sum(label.attribute == name for label in gold.claims),
            sum(claim.attribute == name for claim in scored),
            sum(match.gold.attribute == name for match in matches),
        )
        for name in names
    )


def _field_accuracies(matches: list[Match]) -> tuple[FieldAccuracy, ...]:
    def accuracy(field: str, pairs: list[Match], agree: Callable[[GoldClaim, Claim], bool]) -> FieldAccuracy:
        return FieldAccuracy(field, len(pairs), sum(bool(agree(pair.gold, pair.predicted)) for pair in pairs))

    compute = [pair for pair in matches if pair.gold.attribute == "compute_throughput"]
    relative = [pair for pair in matches if pair.gold.attribute in RELATIVE_ATTRIBUTES]
    return (
        accuracy("qualifier", matches, lambda g, p: g.qualifier == p.qualifier),
        accuracy("bounds", matches, lambda g, p: values_agree(g.low, p.low) and values_agree(g.high, p.high)),
        accuracy(
            "precision", compute, lambda g, p: (g.precision or "").upper() == (p.precision or "").upper()
        ),
        accuracy("sparsity", compute, lambda g, p: g.sparsity == p.sparsity),
        accuracy("baseline", relative, lambda g, p: _same_label(g.baseline, p.baseline)),
    )


def _same_label(gold_label: str | None, predicted_label: str | None) -> bool:
    return (gold_label or "").casefold() == (predicted_label or "").casefold()


def _describe(
    entity: str,
    scope: str | None,
    attribute: str,
    value: ClaimValue,
    low: ClaimValue | None,
    high: ClaimValue | None,
    extras: GoldClaim | Claim,
) -> str:
    shown = f"{_number(low)}..{_number(high)}" if low is not None and high is not None else _number(value)
    details = [
        f"{name}={getattr(extras, name)}"
        for name in ("qualifier", "precision", "sparsity", "baseline")
        if getattr(extras, name) is not None
    ]
    suffix = f" ({', '.join(details)})" if details else ""
    return f"{entity} / {scope or '-'} / {attribute} = {shown} {extras.unit}{suffix}"


def _number(value: ClaimValue | None) -> str:
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def format_evaluation(evaluation: Evaluation, *, details: bool = True) -> str:
    """Return a plain-text report: a table per attribute and overall, then misses and false hits."""
    lines = [
        f"== {evaluation.name} ==",
        f"{'attribute':<28}{'gold':>6}{'pred':>6}{'match':>7}  P      R      F1",
    ]
    for score in (*evaluation.attributes, evaluation.overall):
        if score is evaluation.overall:
            lines.append("-" * 70)
        lines.append(
            f"{score.label:<28}{score.gold:>6}{score.predicted:>6}{score.matched:>7}"
            f"  {score.precision:.3f}  {score.recall:.3f}  {score.f1:.3f}"
        )
    lines.append("")
    lines.append("field accuracy on matched claims:")
    for field in evaluation.fields:
        lines.append(f"  {field.field:<10} {field.correct}/{field.compared}  {field.accuracy:.3f}")
    lines.append(f"ignored predictions (other documents or attributes): {evaluation.ignored}")
    if details:
        lines.append("")
        lines.append(f"misses ({len(evaluation.misses)}):")
        for miss in evaluation.misses:
            lines.append(f"  {miss.gold.doc}:{miss.gold.line}  {miss.gold.describe()}")
            if miss.nearest is not None:
                lines.append(f"      nearest: {_describe_claim(miss.nearest)}")
        lines.append(f"false hits ({len(evaluation.false_hits)}):")
        for claim in evaluation.false_hits:
            lines.append(f"  {claim.source}:{claim.line}  {_describe_claim(claim)}")
    return "\n".join(lines)


def _describe_claim(claim: Claim) -> str:
    text = _describe(claim.entity, claim.scope, claim.attribute, claim.value, claim.low, claim.high, claim)
    return f"{text}  [{claim.text!r}]"


def main(argv: Sequence[str] | None = None) -> int:
    """Score factlint's extraction against gold files; print the tables. Returns the exit code."""
    parser = argparse.ArgumentParser(
        prog="python -m factlint.evaluation",
        description="Score factlint's claim extraction against hand-labelled gold files.",
        epilog="example: python -m factlint.evaluation tests/eval/gold/seeds.yaml tests/eval/gold/dev.yaml",
    )
    parser.add_argument("gold", nargs="+", help="gold YAML files (tests/eval/gold/*.yaml)")
    parser.add_argument("--pack", action="append", default=[], help="extra knowledge pack file")
    parser.add_argument("--summary", action="store_true", help="print only the score tables")
    options = parser.parse_args(argv)
    try:
        for gold_path in options.gold:
            gold = load_gold(gold_path)
            evaluation = evaluate_gold(gold, predict(gold, options.pack))
            print(format_evaluation(evaluation, details=not options.summary))
            print()
    except GoldFileError as error:
        print(f"Error: {error}", file=sys.stderr)
        return 2
    except NotImplementedError:
        print("Error: factlint.claims.extract_claims is not implemented yet", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
