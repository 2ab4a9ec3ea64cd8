"""Reconcile cases from tests/cases/reconcile_*.yaml, plus the Claim factory the reconcile tests share."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import pytest
import yaml

from factlint.claims import claims_to_frame
from factlint.config import Config, make_config
from factlint.models import Claim, ValueForm
from factlint.pack import KnowledgePack, load_pack
from factlint.reconcile import reconcile
from factlint.reconcile.explain import conversion, format_number
from factlint.reconcile.intervals import rounding_of

CASES_DIR = Path(__file__).parent / "cases"
DEFAULT_FIELDS: dict[str, Any] = {
    "entity": "Trainium2",
    "scope": "chip",
    "attribute": "memory_capacity",
    "unit": "GB",
}


def make_claim(index: int = 0, **fields: Any) -> Claim:
    """Return a Claim with sensible defaults; ``fields`` override any of them."""
    values = {**DEFAULT_FIELDS, "source": "a.md", "line": index + 1, "column": 1, **fields}
    unit = values["unit"]
    value = values.get("value", 1.0)
    values["value"] = str(value) if unit == "date" else float(value)
    for bound in ("low", "high"):
        if values.get(bound) is not None:
            values[bound] = str(values[bound]) if unit == "date" else float(values[bound])
    if isinstance(values.get("form"), str):
        values["form"] = ValueForm(values["form"])
    if values.get("low") is not None and values.get("form") is None and unit != "date":
        values["form"] = ValueForm.RANGE
    values.setdefault("text", f"{value} {unit}")
    stem = Path(values["source"]).stem
    values.setdefault("id", f"c-{stem}-{index}")
    # Distinct default quotes, so that only cases about copying have copied text.
    noise = hashlib.sha256(values["id"].encode()).hexdigest()[:24]
    values.setdefault("quote", f"{noise} {values['text']}")
    return Claim(**values)


def make_claims(specs: list[dict[str, Any]], defaults: dict[str, Any] | None = None) -> list[Claim]:
    """Return Claims built from YAML specs, numbered in order."""
    return [make_claim(index, **{**(defaults or {}), **spec}) for index, spec in enumerate(specs)]


def run(claims: list[Claim], pack: KnowledgePack | None = None, config: Config | None = None):
    """Return the Reconciliation of a list of claims, through the claims table."""
    return reconcile(claims_to_frame(claims), pack or load_pack(), config or Config())


def load_cases(pattern: str) -> list[Any]:
    """Return pytest params, one per case of the YAML files matching ``pattern``."""
    params = []
    for path in sorted(CASES_DIR.glob(pattern)):
        document = yaml.safe_load(path.read_text(encoding="utf-8"))
        for case in document["cases"]:
            case["defaults"] = {**document.get("defaults", {}), **case.get("defaults", {})}
            params.append(pytest.param(case, id=f"{path.stem}:{case['id']}"))
    return params


@pytest.fixture(scope="module")
def pack() -> KnowledgePack:
    return load_pack()


@pytest.mark.parametrize("case", load_cases("reconcile_*.yaml"))
def test_case(case: dict[str, Any], pack: KnowledgePack) -> None:
    claims = make_claims(case["claims"], case["defaults"])
    config = make_config(case.get("config"))
    result = run(claims, pack, config)
    expected = case["expect"]
    conflicts = result.conflicts
    if "conflicts" in expected:
        got = [
            {"severity": c.severity.value, "kind": c.kind, "values": [v.display for v in c.values]}
            for c in conflicts
        ]
        want = [
            {"severity": c["severity"], "kind": c.get("kind", "direct"), "values": c["values"]}
            for c in expected["conflicts"]
        ]
        assert got == want
        for conflict, spec in zip(conflicts, expected["conflicts"], strict=True):
            if "explanation" in spec:
                assert conflict.explanation == spec["explanation"]
            if "explanation_contains" in spec:
                for fragment in spec["explanation_contains"]:
                    assert fragment in conflict.explanation
            if "claims" in spec:
                assert [list(v.claims) for v in conflict.values] == spec["claims"]
            if "consensus" in spec:
                assert conflict.consensus is not None
                assert conflict.consensus.decided == spec["consensus"]["decided"]
                assert conflict.consensus.value == spec["consensus"].get("value", "")
    if "notes" in expected:
        assert sorted(n.kind for n in result.notes) == sorted(n["kind"] for n in expected["notes"])
        got_notes = sorted(result.notes, key=lambda n: n.kind)
        want_notes = sorted(expected["notes"], key=lambda n: n["kind"])
        for note, spec in zip(got_notes, want_notes, strict=True):
            if "message" in spec:
                assert note.message == spec["message"]
            if "message_contains" in spec:
                assert spec["message_contains"] in note.message


def test_conflict_ids_are_stable_and_distinct(pack: KnowledgePack) -> None:
    claims = make_claims([{"source": "a.md", "value": 96}, {"source": "b.md", "value": 192}])
    first, second = run(claims, pack), run(list(reversed(claims)), pack)
    assert first.conflicts[0].id == second.conflicts[0].id
    assert first.conflicts[0].id.startswith("k-")
    other = make_claims([{"source": "a.md", "value": 96}, {"source": "b.md", "value": 128}])
    assert run(other, pack).conflicts[0].id != first.conflicts[0].id


def test_empty_table_gives_empty_reconciliation(pack: KnowledgePack) -> None:
    result = run([], pack)
    assert result.conflicts == ()
    assert result.fact_count == 0


def test_fact_count_counts_distinct_fact_keys(pack: KnowledgePack) -> None:
    claims = make_claims(
        [
            {"value": 96},
            {"value": 96, "source": "b.md"},
            {"value": 2.8, "attribute": "memory_bandwidth", "unit": "TB/s"},
        ]
    )
    assert run(claims, pack).fact_count == 2


@pytest.mark.parametrize(
    ("number", "shown"),
    [(96.0, "96"), (2.8, "2.8"), (25.769803776, "25.77"), (3199.5, "3200"), (1600.0, "1600"), (0.82, "0.82")],
)
def test_numbers_read_as_written(number: float, shown: str) -> None:
    assert format_number(number) == shown


@pytest.mark.parametrize(
    ("fields", "rounding"),
    [
        ({"value": 96, "text": "96GB"}, 0.5),
        ({"value": 2.8, "text": "2.8 TB/s", "unit": "TB/s", "attribute": "memory_bandwidth"}, 0.05),
        ({"value": 1600, "text": "1.6 Tbps", "unit": "Gbps", "attribute": "network_bandwidth"}, 50.0),
        (
            {"value": 3000, "text": "3 FP8 petaflops", "unit": "TFLOPS", "attribute": "compute_throughput"},
            500.0,
        ),
        ({"value": 96, "text": "HBM3e: 96 GB"}, 0.5),
        ({"value": 96, "text": "ninety-six gigabytes"}, 0.5),
        ({"value": 96, "text": "96 GB", "rounding": 4.0}, 4.0),
    ],
)
def test_rounding_falls_back_to_written_digits(fields: dict[str, Any], rounding: float) -> None:
    assert rounding_of(make_claim(**fields)) == pytest.approx(rounding)


def test_conversion_names_written_and_canonical_value() -> None:
    claim = make_claim(value=3000, text="3 FP8 petaflops", unit="TFLOPS", attribute="compute_throughput")
    assert conversion(claim) == "3 FP8 petaflops = 3000 TFLOPS"
    assert conversion(make_claim(value=96, text="96 GB")) is None
