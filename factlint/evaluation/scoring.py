"""Scoring of predicted claims against gold claims: matching, per-attribute scores, field accuracies."""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from factlint.evaluation.gold import GoldClaim, GoldSet, load_gold
from factlint.models import Claim, ClaimValue
from factlint.pack import KnowledgePack

VALUE_TOLERANCE = 0.005  # relative: 0.5 %, so 29.8 GiB matches a 32 GB label
RELATIVE_ATTRIBUTES = ("relative_performance", "relative_power_efficiency")


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


def evaluate(gold_path: str | Path, predicted: list[Claim], pack: KnowledgePack | None = None) -> Evaluation:
    """Return the scores of ``predicted`` against the gold file at ``gold_path``."""
    return evaluate_gold(load_gold(gold_path), predicted, pack)


def evaluate_gold(gold: GoldSet, predicted: Iterable[Claim], pack: KnowledgePack | None = None) -> Evaluation:
    """Return the scores of ``predicted`` against an already loaded gold set.

    A prediction matches a gold claim on the same document and line with the same
    attribute, entity and scope and a value within 0.5 % (dates: equal strings); each
    claim matches at most once. Qualifier, bounds, precision, sparsity and baseline are
    scored separately, on matched pairs only. With a ``pack``, a per-chip figure written
    of a container is the same fact as its contained chip's (see :func:`canonical_fact`).
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
        if _same_fact(label, claim, pack)
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


def canonical_fact(
    entity: str, scope: str | None, attribute: str, pack: KnowledgePack | None
) -> tuple[str, str | None, str]:
    """Return (entity, scope, attribute) with a container's per-chip figure moved to its chip.

    "an A4X VM has 4 GPUs with 186 GB each" may be labelled A4X / chip or, as the extractor
    writes it, on the chip the pack says A4X contains: one fact. Not for a container whose
    chips run a configuration of their own (``own_config``), nor for an attribute a rental
    keeps at chip scope (``rented_scope``: a per-GPU-hour price is the instance's).
    """
    found = pack.entity(entity) if pack is not None else None
    if pack is None or found is None or found.contains is None or found.contains.own_config:
        return entity, scope, attribute
    inner = pack.entity(found.contains.entity)
    spec = pack.attribute(attribute)
    if inner is None or inner.kind != scope or (spec is not None and spec.rented_scope is not None):
        return entity, scope, attribute
    return inner.name, scope, attribute


def _same_fact(label: GoldClaim, claim: Claim, pack: KnowledgePack | None = None) -> bool:
    labelled = canonical_fact(label.entity, label.scope, label.attribute, pack)
    if labelled != canonical_fact(claim.entity, claim.scope, claim.attribute, pack):
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
    candidates = same_attribute or same_line
    return candidates[0] if candidates else None


def _attribute_scores(gold: GoldSet, scored: list[Claim], matches: list[Match]) -> tuple[Score, ...]:
    names = sorted(
        {label.attribute for label in gold.claims} | {claim.attribute for claim in scored},
        key=lambda name: (
            gold.attributes.index(name) if name in gold.attributes else len(gold.attributes),
            name,
        ),
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
