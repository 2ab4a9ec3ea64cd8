"""The spans built once per sentence equal the per-figure list each figure used to build."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import given
from hypothesis import strategies as st

from factlint.claims.otherspans import OtherSpans


@dataclass(frozen=True)
class _Span:
    start: int
    end: int


_SPANS = st.lists(st.builds(_Span, start=st.integers(0, 30), end=st.integers(0, 30)), max_size=12)


@given(_SPANS, st.integers(0, 20))
def test_without_equals_the_comprehension(figures: list[_Span], pick: int) -> None:
    spans = OtherSpans(figures)
    for figure in figures:
        assert spans.without(figure) == [(f.start, f.end) for f in figures if f is not figure]
    # a figure outside the sequence (a compound count) excludes nothing, even when an equal one is in it
    model = figures[pick % len(figures)] if figures else _Span(1, 2)
    outsider = _Span(model.start, model.end)
    assert spans.without(outsider) == [(f.start, f.end) for f in figures]


def test_equal_figures_stay_apart() -> None:
    # look-alike: two equal figures are two figures; leaving one out keeps the other's span
    first, twin = _Span(4, 9), _Span(4, 9)
    spans = OtherSpans([first, twin, _Span(12, 15)])
    assert spans.without(first) == [(4, 9), (12, 15)]
    assert spans.without(twin) == [(4, 9), (12, 15)]


def test_answers_are_fresh_lists() -> None:
    spans = OtherSpans([_Span(0, 3), _Span(5, 8)])
    got = spans.without(_Span(0, 3))
    got.append((99, 100))  # a caller changing its answer must not change the next figure's
    assert spans.without(_Span(0, 3)) == [(0, 3), (5, 8)]
