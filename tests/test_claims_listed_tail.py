"""A cue far back on a long line is refused on the figure right before this one alone.

``AttributeChooser._nearest`` asks the nearest earlier figure first and lists the figures between
a cue and this one only when that figure could end a shared list or restate the unit; these
checks must never refuse what the full look-ups over every figure between would accept.
"""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from factlint.claims.attributes import _restates_unit
from factlint.claims.listedfigures import may_share_listed_cue, shares_listed_cue
from factlint.claims.spanindex import SpanIndex

_FIGURE = re.compile(r"[$€]?\d+(?:,\d+)?(?: ?(?:W|GB|TB/s))?")
_PIECES = st.sampled_from(
    [
        "$12",
        "€7,500",
        "350 W",
        "64GB",
        "2 TB/s",
        "17",
        " per node",
        " per card",
        ", ",
        " and ",
        " or ",
        "; ",
        " between ",
        "rate: ",
        "power ",
        " the Foo ",
        " (x) ",
    ]
)


def _figures(text: str) -> list[tuple[int, int]]:
    return [m.span() for m in _FIGURE.finditer(text)]


@given(st.lists(_PIECES, min_size=2, max_size=14))
def test_the_last_figure_refuses_only_what_the_whole_list_refuses(pieces: list[str]) -> None:
    text = "".join(pieces)
    spans = _figures(text)
    for own in spans:
        others = [span for span in spans if span != own]
        index = SpanIndex(others)
        last = index.last_before(own[0])
        for low in range(own[0] + 1):
            between = index.within(low, own[0])
            if not between:
                continue
            assert last is not None and last[0] >= low
            if shares_listed_cue(text, between, *own):
                assert may_share_listed_cue(text, last, *own)
            if _restates_unit(text, between, *own):
                assert _restates_unit(text, [last], *own)


def test_a_priced_list_ending_in_this_figure_is_kept_and_a_broken_one_refused() -> None:
    text = "fees of $40 per seat, $55 per host and $70 per site"
    spans = _figures(text)
    assert may_share_listed_cue(text, spans[1], *spans[2])
    looks_alike = "fees of $40 per seat, 55 W per host and $70 per site"
    spans = _figures(looks_alike)
    assert not may_share_listed_cue(looks_alike, spans[1], *spans[2])
