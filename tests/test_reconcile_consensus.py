"""Truth discovery: source trust from agreement with the consensus, and the favoured value of a conflict."""

from __future__ import annotations

import pytest
from test_reconcile import make_claims, run

from factlint.reconcile.consensus import FactEvidence, Side, discover_truth, source_trust


def fact(label: str, *sides: tuple[str, tuple[str, ...]]) -> FactEvidence:
    return FactEvidence(
        label, tuple(Side(display, tuple((s,) for s in sources)) for display, sources in sides)
    )


def test_two_sources_without_other_evidence_are_undecided() -> None:
    evidence = [fact("memory", ("96 GB", ("a",)), ("192 GB", ("b",)))]
    result = discover_truth(evidence)
    consensus = result.consensus(evidence[0])
    assert not consensus.decided
    assert consensus.value == ""
    assert consensus.confidence == pytest.approx(0.5)
    assert "equally trusted" in consensus.reason


def test_priors_decide_between_two_sources() -> None:
    evidence = [fact("memory", ("96 GB", ("a",)), ("192 GB", ("b",)))]
    consensus = discover_truth(evidence, {"a": 0.9, "b": 0.2}).consensus(evidence[0])
    assert consensus.decided
    assert consensus.value == "96 GB"
    assert consensus.confidence > 0.6


def test_agreement_elsewhere_builds_trust() -> None:
    evidence = [
        fact("memory", ("96 GB", ("a",)), ("192 GB", ("b",))),
        fact("bandwidth", ("2.9 TB/s", ("a", "c")), ("4 TB/s", ("b",))),
        fact("node", ("5 nm", ("a", "d"))),
    ]
    result = discover_truth(evidence)
    assert result.trust["a"] > result.trust["c"] > result.trust["b"]
    assert result.consensus(evidence[0]).value == "96 GB"
    trust = {t.source: t for t in source_trust(result, evidence)}
    assert (trust["a"].agreed, trust["a"].disagreed) == (3, 0)
    assert (trust["b"].agreed, trust["b"].disagreed) == (0, 2)
    assert trust["b"].facts == ("bandwidth", "memory")
    assert 0.0 <= trust["b"].trust < trust["a"].trust <= 1.0


def test_a_lone_voice_carries_no_evidence() -> None:
    evidence = [fact("memory", ("96 GB", ("a",)))]
    assert source_trust(discover_truth(evidence), evidence) == ()


def test_reconciliation_reports_source_trust() -> None:
    claims = make_claims(
        [
            {"source": "a.md", "value": 96, "text": "96 GB"},
            {"source": "b.md", "value": 96, "text": "96 GB"},
            {"source": "c.md", "value": 192, "text": "192 GB"},
        ]
    )
    result = run(claims)
    trust = {t.source: t for t in result.source_trust}
    assert set(trust) == {"a.md", "b.md", "c.md"}
    assert trust["a.md"].trust > trust["c.md"].trust
    assert trust["c.md"].disagreed == 1
    assert result.conflicts[0].consensus is not None
    assert "2 independent voices (trust" in result.conflicts[0].consensus.reason
    assert "favour 96 GB over 1 independent voice" in result.conflicts[0].consensus.reason
