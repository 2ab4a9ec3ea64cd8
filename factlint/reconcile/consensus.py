"""Truth discovery in the spirit of TruthFinder: trusted sources lend weight to the values they state."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from factlint.models import Consensus, SourceTrust

DEFAULT_TRUST = 0.5  # a source nobody vouched for: as likely right as wrong
PRIOR_WEIGHT = 1.0  # how many facts' worth of evidence a prior counts for
DECISION_MARGIN = 0.2  # the favoured value's share must exceed the runner-up's by this much
MAX_ROUNDS = 200
CONVERGED = 1e-9
_CLIP = (0.01, 0.99)  # keeps -ln(1 - trust) finite


@dataclass(frozen=True)
class Side:
    """One value of a fact and the independent voices (groups of sources) stating it."""

    display: str
    voices: tuple[tuple[str, ...], ...]

    @property
    def sources(self) -> tuple[str, ...]:
        """Return every source of the side, sorted."""
        return tuple(sorted({source for voice in self.voices for source in voice}))


@dataclass(frozen=True)
class FactEvidence:
    """The competing values of one fact (a single side when all sources agree)."""

    fact: str  # a label a person reads: "Trainium2 chip memory_capacity"
    sides: tuple[Side, ...]

    @property
    def voice_count(self) -> int:
        """Return how many independent voices speak about the fact."""
        return len({voice for side in self.sides for voice in side.voices})


@dataclass(frozen=True)
class TruthDiscovery:
    """Source trust at the fixed point and each fact's value shares."""

    trust: dict[str, float]
    shares: dict[str, tuple[float, ...]]  # fact label -> share of each side, in side order

    def consensus(self, evidence: FactEvidence) -> Consensus:
        """Return the favoured value of a conflicting fact, or why no value is favoured."""
        shares = self.shares[evidence.fact]
        order = sorted(range(len(shares)), key=lambda i: (-shares[i], evidence.sides[i].display))
        best, runner_up = order[0], order[1]
        top, second = shares[best], shares[runner_up]
        side = evidence.sides[best]
        if top - second < DECISION_MARGIN:
            return Consensus(
                value="", confidence=round(top, 3), decided=False, reason=self._undecided(evidence)
            )
        others = [evidence.sides[i] for i in order[1:]]
        verb = "favours" if len(side.voices) == 1 else "favour"
        reason = f"{self._weight(side)} {verb} {side.display} over " + ", ".join(
            f"{self._weight(other)} for {other.display}" for other in others
        )
        return Consensus(value=side.display, confidence=round(top, 3), decided=True, reason=reason)

    def _weight(self, side: Side) -> str:
        trusts = ", ".join(f"{self._voice_trust(voice):.2f}" for voice in side.voices)
        count = len(side.voices)
        return f"{count} independent voice{'s' if count != 1 else ''} (trust {trusts})"

    def _undecided(self, evidence: FactEvidence) -> str:
        if (
            all(len(side.voices) == 1 for side in evidence.sides)
            and len({round(self._voice_trust(side.voices[0]), 3) for side in evidence.sides}) == 1
        ):
            return "one voice each, equally trusted: no value is favoured"
        shares = " vs ".join(f"{share:.0%}" for share in sorted(self.shares[evidence.fact], reverse=True))
        return f"no value clearly favoured ({shares})"

    def _voice_trust(self, voice: tuple[str, ...]) -> float:
        return _voice_trust(voice, self.trust)


def discover_truth(
    evidence: Sequence[FactEvidence], priors: Mapping[str, float] | None = None
) -> TruthDiscovery:
    """Return source trust and value shares iterated to a fixed point.

    A value's weight is the sum over its independent voices of -ln(1 - trust) (TruthFinder's
    score); its share is its weight over the fact's total. A source's trust is the mean share
    of the values it states, its prior counted as PRIOR_WEIGHT facts' worth of evidence.
    Only facts with two or more independent voices carry evidence.
    """
    priors = dict(priors or {})
    usable = sorted((e for e in evidence if e.voice_count >= 2), key=lambda e: e.fact)
    sources = sorted({s for e in usable for side in e.sides for s in side.sources} | set(priors))
    trust = {source: _clip(priors.get(source, DEFAULT_TRUST)) for source in sources}
    shares: dict[str, tuple[float, ...]] = {}
    for _ in range(MAX_ROUNDS):
        shares = {e.fact: _shares(e, trust) for e in usable}
        updated = _updated_trust(usable, shares, priors, sources)
        change = max((abs(updated[s] - trust[s]) for s in sources), default=0.0)
        trust = updated
        if change < CONVERGED:
            break
    for e in evidence:
        shares.setdefault(e.fact, _shares(e, trust) if e.sides else ())
    return TruthDiscovery(trust=trust, shares=shares)


def source_trust(result: TruthDiscovery, evidence: Sequence[FactEvidence]) -> tuple[SourceTrust, ...]:
    """Return each source's trust with how many facts it agreed and disagreed on."""
    agreed: dict[str, int] = {}
    disagreed: dict[str, int] = {}
    facts: dict[str, list[str]] = {}
    for e in sorted(evidence, key=lambda item: item.fact):
        if e.voice_count < 2:
            continue
        consensus = result.consensus(e) if len(e.sides) > 1 else None
        for side in e.sides:
            for source in side.sources:
                facts.setdefault(source, []).append(e.fact)
                if consensus is None or (consensus.decided and consensus.value == side.display):
                    agreed[source] = agreed.get(source, 0) + 1
                elif consensus.decided:
                    disagreed[source] = disagreed.get(source, 0) + 1
    return tuple(
        SourceTrust(
            source=source,
            trust=round(result.trust[source], 3),
            agreed=agreed.get(source, 0),
            disagreed=disagreed.get(source, 0),
            facts=tuple(dict.fromkeys(facts[source])),
        )
        for source in sorted(facts)
    )


def _shares(evidence: FactEvidence, trust: Mapping[str, float]) -> tuple[float, ...]:
    weights = [
        sum(
            -math.log(1.0 - _clip(sum(trust.get(s, DEFAULT_TRUST) for s in voice) / len(voice)))
            for voice in side.voices
        )
        for side in evidence.sides
    ]
    total = sum(weights)
    if total <= 0:
        return tuple(1.0 / len(weights) for _ in weights)
    return tuple(weight / total for weight in weights)


def _updated_trust(
    evidence: Sequence[FactEvidence],
    shares: Mapping[str, tuple[float, ...]],
    priors: Mapping[str, float],
    sources: Sequence[str],
) -> dict[str, float]:
    totals = {source: PRIOR_WEIGHT * priors.get(source, DEFAULT_TRUST) for source in sources}
    counts = dict.fromkeys(sources, PRIOR_WEIGHT)
    for e in evidence:
        for side, share in zip(e.sides, shares[e.fact], strict=True):
            for source in side.sources:
                totals[source] += share
                counts[source] += 1
    return {source: _clip(totals[source] / counts[source]) for source in sources}


def _voice_trust(voice: tuple[str, ...], trust: Mapping[str, float]) -> float:
    """Return a voice's trust: the mean trust of the sources that repeat one text."""
    return _clip(sum(trust.get(source, DEFAULT_TRUST) for source in voice) / len(voice))


def _clip(value: float) -> float:
    return min(max(value, _CLIP[0]), _CLIP[1])
