"""The per-segment indexes answer as the full scans of mentions and figures they replace."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from factlint.claims.clausesubjects import _CLAUSE_BREAK
from factlint.claims.runbreaks import RunBreaks
from factlint.claims.segmentindex import LastEnding, MentionStarts
from factlint.claims.segments import SUBJECT, Mention
from factlint.claims.spanindex import StartWindow

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
    assert LastEnding(spans).last_at_or_before(position) == scanned


def test_a_name_after_filler_words_counts_and_one_after_other_words_does_not() -> None:
    text = "rated 700 W the Gaudi 3 and 96 GB per MI300X"
    gaudi = Mention(text.index("Gaudi"), text.index("Gaudi") + 7, "Gaudi 3", SUBJECT, ())
    mi300x = Mention(text.index("MI300X"), len(text), "MI300X", SUBJECT, ())
    starts = MentionStarts([mi300x, gaudi])
    assert starts.named_right_after(text, text.index(" the"), " the")
    assert not starts.named_right_after(text, text.index(" per"), " the")  # "per" is no filler


_TOKENS = st.sampled_from(
    ["but", "although", "though", "while", ".", ". ", ";", "\n", " ", "x", "1", "a", "e"]
)


@given(st.lists(_TOKENS, max_size=40).map("".join), st.integers(0, 120))
def test_last_break_equals_the_scan_up_to_the_position(text: str, position: int) -> None:
    position = min(position, len(text))
    scanned = None
    for match in _CLAUSE_BREAK.finditer(text, 0, position):
        scanned = match.end()
    breaks = RunBreaks(_CLAUSE_BREAK, short=0)
    assert breaks.last_end(text, position) == scanned
    assert breaks.last_end(text, position // 2) == RunBreaks(_CLAUSE_BREAK, short=0).last_end(
        text, position // 2
    )


def test_a_break_right_before_the_position_is_read_as_the_scan_reads_it() -> None:
    text = "the card is fast but" + "9 GB" + " and so on; more"
    position = text.index("9 GB")
    # "but" ends the scan, so it counts as a word there; in the whole text "but9" is no word
    assert RunBreaks(_CLAUSE_BREAK, short=0).last_end(text, position) == position
    assert RunBreaks(_CLAUSE_BREAK, short=0).last_end(text, 4) is None


@given(
    st.lists(st.tuples(st.integers(0, 3), st.integers(0, 6)), max_size=20),
    st.integers(-5, 60),
    st.integers(-5, 60),
)
def test_start_window_holds_every_span_starting_in_range(
    steps: list[tuple[int, int]], low: int, high: int
) -> None:
    spans, start = [], 0
    for gap, length in steps:
        start += gap
        spans.append((start, start + length))
    first, last = StartWindow(spans).bounds(low, high)
    assert [s for s in spans if low <= s[0] <= high] == [s for s in spans[first:last] if low <= s[0] <= high]
    assert all(low <= s[0] <= high for s in spans[first:last])


def test_start_window_falls_back_to_every_span_out_of_order() -> None:
    assert StartWindow([(5, 6), (1, 2)]).bounds(0, 1) == (0, 2)


def test_clause_break_reach_covers_the_longest_break() -> None:
    longest = max(len(word) for word in ("but", "while", "whereas", "although", "though"))
    assert longest + 1 == 9  # the closing \b reads one character more


@given(_text_and_spans(), st.integers(-2, 42))
def test_last_ending_picks_what_max_over_every_span_picks(case: _Case, position: int) -> None:
    _, spans = case
    picked = max(
        (i for i, span in enumerate(spans) if span[1] <= position), key=lambda i: spans[i][1], default=None
    )
    assert LastEnding(spans).last_before(position) == picked
