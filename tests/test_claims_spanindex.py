"""The bounded span look-ups return exactly what a scan over every span returns."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from factlint.claims.spanindex import OverlapIndex, SpanIndex

_SPAN = st.tuples(st.integers(0, 60), st.integers(0, 8)).map(lambda p: (p[0], p[0] + p[1]))
_SPANS = st.lists(_SPAN, max_size=25)
_BOUND = st.integers(-2, 70)


@given(_SPANS, _BOUND, _BOUND)
def test_within_equals_the_full_scan(spans: list[tuple[int, int]], low: int, high: int) -> None:
    naive = [(s, e) for s, e in spans if low <= s and e <= high]
    index = SpanIndex(spans)
    assert index.within(low, high) == naive
    assert index.any_within(low, high) == bool(naive)


@given(_SPANS, _BOUND, _BOUND)
def test_within_keeps_text_order_for_sorted_spans(spans: list[tuple[int, int]], low: int, high: int) -> None:
    ordered = sorted(spans)
    assert SpanIndex(ordered).within(low, high) == [(s, e) for s, e in ordered if low <= s and e <= high]


@given(_SPANS, _SPAN)
def test_overlaps_equals_the_full_scan(spans: list[tuple[int, int]], probe: tuple[int, int]) -> None:
    start, end = probe
    naive = any(s < end and start < e for s, e in spans)
    assert OverlapIndex(spans).overlaps(start, end) == naive


def test_a_long_line_of_figures_answers_in_order() -> None:
    spans = [(i * 10, i * 10 + 5) for i in range(2000)]
    index = SpanIndex(spans)
    assert index.within(15, 42) == [(20, 25), (30, 35)]
    assert not index.any_within(26, 29)
    assert OverlapIndex(spans).overlaps(24, 26)
    assert not OverlapIndex(spans).overlaps(25, 30)


@given(_SPANS, _BOUND, _BOUND)
def test_last_before_is_the_last_of_every_within(spans: list[tuple[int, int]], high: int, low: int) -> None:
    # the greatest span ending by ``high`` is what any range up to its start ends with
    last = SpanIndex(spans).last_before(high)
    ending = sorted((s, e) for s, e in spans if e <= high)
    assert last == (ending[-1] if ending else None)
    between = SpanIndex(spans).within(low, high)
    assert (max(between) if between else None) == (last if last is not None and last[0] >= low else None)
