"""Property tests: the reconciler's verdict never depends on the order of sources or claims."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_reconcile import make_claim

from factlint.claims import claims_to_frame
from factlint.config import Config
from factlint.models import Claim
from factlint.pack import load_pack
from factlint.reconcile import reconcile
from factlint.reconcile.intervals import Interval

PACK = load_pack()
CONFIG = Config()

FACTS = [
    {"entity": "Trainium2", "scope": "chip", "attribute": "memory_capacity", "unit": "GB"},
    {"entity": "Trn2", "scope": "instance", "attribute": "memory_capacity", "unit": "GB"},
    {"entity": "Trainium1", "scope": "chip", "attribute": "memory_capacity", "unit": "GB"},
    {"entity": "Inferentia2", "scope": "chip", "attribute": "relative_memory_capacity", "unit": "x",
     "baseline": "Trainium1"},
]  # fmt: skip
QUOTES = ["A chip with {} of fast memory.", "Spec table lists {} for the part.", "Reportedly {} in total."]


@st.composite
def claim_specs(draw: Any) -> dict[str, Any]:
    fact = draw(st.sampled_from(FACTS))
    value = draw(st.sampled_from([8, 16, 32, 64, 512]))
    qualifier = draw(st.sampled_from([None, None, None, "up to", "about", "at least", "likely"]))
    form = draw(st.sampled_from(["exact", "exact", "range", "alternatives"]))
    spec = {**fact, "value": value, "qualifier": qualifier, "text": f"{value} {fact['unit']}"}
    if form != "exact":
        spec.update(form=form, low=value, high=value * 2)
    spec["source"] = draw(st.sampled_from(["a.md", "b.md", "c.md", "d.md"]))
    spec["quote"] = draw(st.sampled_from(QUOTES)).format(spec["text"])
    spec["confidence"] = draw(st.sampled_from([1.0, 0.9, 0.5]))
    return spec


def build(specs: list[dict[str, Any]]) -> list[Claim]:
    return [make_claim(index, **spec) for index, spec in enumerate(specs)]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(claim_specs(), min_size=2, max_size=9).flatmap(
        lambda specs: st.tuples(st.just(specs), st.permutations(build(specs)))
    )
)
def test_verdict_does_not_depend_on_claim_order(case: tuple[list[dict[str, Any]], list[Claim]]) -> None:
    specs, shuffled = case
    original = reconcile(claims_to_frame(build(specs)), PACK, CONFIG)
    reordered = reconcile(claims_to_frame(shuffled), PACK, CONFIG)
    assert reordered == original


@given(
    st.tuples(st.floats(-1e6, 1e6), st.floats(0, 1e3)),
    st.tuples(st.floats(-1e6, 1e6), st.floats(0, 1e3)),
)
def test_interval_meeting_is_symmetric(first: tuple[float, float], second: tuple[float, float]) -> None:
    a = Interval(first[0], first[0] + first[1])
    b = Interval(second[0], second[0] + second[1])
    assert a.meets(b) == b.meets(a)


def verdict(claims: list[Claim], rename: dict[str, str]) -> list[tuple[Any, ...]]:
    """Return what a reader of the report decides on, with sources mapped back to their first names."""
    result = reconcile(claims_to_frame(claims), PACK, CONFIG)
    back = {new: old for old, new in rename.items()}
    return sorted(
        (
            c.entity,
            c.attribute,
            c.kind,
            c.severity.value,
            tuple(sorted((v.display, tuple(sorted(back.get(s, s) for s in v.sources))) for v in c.values)),
            (c.consensus.decided, c.consensus.value) if c.consensus else None,
        )
        for c in result.conflicts
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(claim_specs(), min_size=2, max_size=9),
    st.permutations(["a.md", "b.md", "c.md", "d.md"]),
    st.randoms(use_true_random=False),
)
def test_verdict_does_not_depend_on_source_names_or_claim_ids(
    specs: list[dict[str, Any]], names: list[str], random: Any
) -> None:
    rename = dict(zip(["a.md", "b.md", "c.md", "d.md"], names, strict=True))
    ids = [f"c-{n:03d}" for n in range(len(specs))]
    random.shuffle(ids)
    renamed = [
        make_claim(index, **{**spec, "source": rename[spec["source"]], "id": ids[index]})
        for index, spec in enumerate(specs)
    ]
    assert verdict(renamed, rename) == verdict(build(specs), {})
