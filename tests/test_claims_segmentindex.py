"""The per-segment indexes answer as the full scans of mentions and figures they replace."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from factlint.claims.segmentindex import FigureEnds, MentionStarts
from factlint.claims.segments import SUBJECT, Mention

# short texts over the filler characters and a few others, so gaps of filler alone are common
_TEXT = st.text(alphabet=" the,xA1", min_size=0, max_size=40)


_Case = tuple[str, list[tuple[int, int]]]


@st.composite
def _text_and_spans(draw: st.DrawFn) -> _Case:
    text = draw(_TEXT)
    spans = []
    for _ in range(draw(st.integers(0, 8))):
        start = draw(st.integers(0, len(text)))
        spans.append((start, draw(st.integers(start, len(text)))))
    return text, spans


@given(_text_and_spans(), st.integers(0, 40))
def test_named_right_after_equals_the_scan_of_every_mention(case: _Case, end: int) -> None:
    text, spans = case
    mentions = [Mention(start, stop, "H100 SXM", SUBJECT, ()) for start, stop in spans]
    scanned = any(m.start >= end and not text[end : m.start].strip(" the") for m in mentions)
    assert MentionStarts(mentions).named_right_after(text, end, " the") is scanned


@given(_text_and_spans(), st.integers(-2, 42))
def test_last_figure_end_equals_the_scan_of_every_figure(case: _Case, position: int) -> None:
    _, spans = case
    scanned = max((e for _, e in spans if e <= position), default=0)
    assert FigureEnds(spans).last_at_or_before(position) == scanned


def test_a_name_after_filler_words_counts_and_one_after_other_words_does_not() -> None:
    text = "rated 700 W the Gaudi 3 and 96 GB per MI300X"
    gaudi = Mention(text.index("Gaudi"), text.index("Gaudi") + 7, "Gaudi 3", SUBJECT, ())
    mi300x = Mention(text.index("MI300X"), len(text), "MI300X", SUBJECT, ())
    starts = MentionStarts([mi300x, gaudi])
    assert starts.named_right_after(text, text.index(" the"), " the")
    assert not starts.named_right_after(text, text.index(" per"), " the")  # "per" is no filler
