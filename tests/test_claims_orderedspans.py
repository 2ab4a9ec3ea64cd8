"""The spans sorted once per sentence answer what each figure used to work out from all the others."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from factlint.claims.listedfigures import list_head, list_head_among
from factlint.claims.orderedspans import OrderedSpans

_FIGURES = ("$1,250", "$7", "€40", "16 GB", "3.5 TB/s", "640", "90 W")
_TAILS = (" per node", " per Falcon 9", " per seat", "", " apiece")
_JOINERS = (", ", " and ", ", or ", "; ", " from ", " plus ", " between roughly ")


@st.composite
def _sentences(draw: st.DrawFn) -> tuple[str, list[tuple[int, int]]]:
    """Return a sentence of figures joined in list-like and other ways, and its figures' spans."""
    text = draw(st.sampled_from(("about ", "nearly ", "The rigs cost ", "")))
    spans: list[tuple[int, int]] = []
    for _ in range(draw(st.integers(1, 7))):
        figure = draw(st.sampled_from(_FIGURES))
        spans.append((len(text), len(text) + len(figure)))
        text += figure + draw(st.sampled_from(_TAILS)) + draw(st.sampled_from(_JOINERS))
    if len(spans) > 1 and draw(st.booleans()):
        # a figure spanning two others ("$7 and $9" read as one range) overlaps the list
        first = draw(st.integers(0, len(spans) - 2))
        spans.append((spans[first][0], spans[first + 1][1]))
    return text, spans


@given(_sentences())
def test_list_head_among_equals_list_head(sentence: tuple[str, list[tuple[int, int]]]) -> None:
    text, spans = sentence
    ordered = OrderedSpans(spans)
    for start, end in spans:
        earlier = [span for span in spans if span[1] <= start]
        expected = list_head(text, earlier, start, end)
        assert list_head_among(text, ordered.spans, ordered.starting_by(start), start, end) == expected


@given(st.lists(st.tuples(st.integers(0, 40), st.integers(1, 8)), max_size=12), st.integers(-1, 50))
def test_next_start_equals_the_smallest_later_start(pairs: list[tuple[int, int]], end: int) -> None:
    spans = [(start, start + width) for start, width in pairs]
    later = [start for start, _ in spans if start > end]
    assert OrderedSpans(spans).next_start(end) == min(later, default=None)


def test_list_found_and_look_alike_kept_apart() -> None:
    text = "roughly $30 per seat and $25 per node"
    spans = [(8, 11), (25, 28)]
    ordered = OrderedSpans(spans)
    assert list_head_among(text, ordered.spans, ordered.starting_by(25), 25, 28) == (8, 11)
    # look-alike: "between roughly $30 ... and $25" is one range, no list
    ranged = "between roughly $30 per seat and $25 per node"
    spans = [(16, 19), (33, 36)]
    ordered = OrderedSpans(spans)
    assert list_head_among(ranged, ordered.spans, ordered.starting_by(33), 33, 36) is None
