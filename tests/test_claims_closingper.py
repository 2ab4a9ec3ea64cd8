"""The closing "per node" found through remembered searches matches the pattern matched in place."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from factlint.claims.closingper import ClosingPer

_TAIL = r"(?<=[A-Za-z/])(?:\s*\([^()]*\))?\s(?:per|each)\s+(node|seat|rig)\s*(?:[.;]|\n|\Z)"
_PIECES = (
    "12 kW",
    " draws 4.5 kW",
    " per node",
    " each rig",
    " per seat.",
    " (peak)",
    " (2.5 per unit",
    ")",
    "; ",
    ". ",
    ".7",
    "\n",
    "\n\n",
    " | ",
    " costs $3",
    " per Rig;",
    " tb/s",
)


@given(st.lists(st.sampled_from(_PIECES), max_size=14), st.lists(st.integers(0, 200), max_size=8))
def test_remembered_searches_agree_with_the_pattern(pieces: list[str], positions: list[int]) -> None:
    text = "".join(pieces)
    closing = ClosingPer(_TAIL, re.I)
    whole = re.compile(closing.pattern, re.I)
    # figures are asked in any order, the same text remembered across them
    for end in [*positions, *range(len(text) + 1)]:
        end = min(end, len(text))
        got, want = closing.match(text, end), whole.match(text, end)
        assert (got is None) == (want is None), (text, end)
        if got is not None and want is not None:
            assert got.span(1) == want.span(1)


def test_a_sentence_closing_scope_and_look_alikes() -> None:
    closing = ClosingPer(_TAIL, re.I)
    text = "The rig draws 12 kW and 3 kW per node. A 40 W fan, 5 W per seat; 7 W per node of spares"
    first = closing.match(text, text.index(" kW"))
    assert first is not None and first.group(1) == "node"
    second = closing.match(text, text.index(" W fan"))
    assert second is not None and second.group(1) == "seat"
    # "per node" that does not close its sentence scopes nothing
    assert closing.match(text, text.index(" W per node of")) is None
