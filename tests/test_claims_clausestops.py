"""The clause index answers as the prefix scans of clause stops and mentions it replaces (0274)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from factlint.claims.clausestops import ClauseMentions, ClauseStops
from factlint.claims.segments import SUBJECT, Mention
from factlint.claims.sharedsubjects import _CLAUSE_STOP

# stops, decimal points, spaces, newlines and blank lines in every mix
_TEXT = st.text(alphabet=".;!?\n \tab1", min_size=0, max_size=40)


def _old_clause_start(text: str, start: int) -> int:
    return max((m.end() for m in _CLAUSE_STOP.finditer(text, 0, start)), default=0)


@given(_TEXT, st.data())
def test_clause_start_equals_the_prefix_scan(text: str, data: st.DataObject) -> None:
    stops = ClauseStops(_CLAUSE_STOP, text)
    positions = data.draw(st.lists(st.integers(0, len(text)), max_size=12))
    for start in [*positions, *range(len(text) + 1)]:
        assert stops.clause_start(start) == _old_clause_start(text, start), (text, start)


def test_clause_start_on_sentences() -> None:
    text = "The X9 draws 450 W. The Y2 and Z3 both have 3.5 TB/s;\n\nthen 12 GB."
    stops = ClauseStops(_CLAUSE_STOP, text)
    assert stops.clause_start(text.index("450")) == 0
    assert stops.clause_start(text.index("3.5")) == text.index("The Y2")
    assert stops.clause_start(text.index("12 GB")) == text.index("\nthen")  # ";" and its space end it
    # a full stop right before the position ends a clause only when the text is cut there
    assert stops.clause_start(text.index(" The Y2")) == text.index(" The Y2")


@st.composite
def _mentions(draw: st.DrawFn) -> list[Mention]:
    found = []
    for _ in range(draw(st.integers(0, 10))):
        start = draw(st.integers(0, 30))
        end = draw(st.integers(start, start + 6))
        found.append(Mention(start, end, draw(st.sampled_from("ABC")), SUBJECT, ()))
    if draw(st.booleans()):
        found.sort(key=lambda m: m.start)
    return found


@given(_mentions(), st.integers(0, 36), st.integers(0, 36))
def test_mentions_within_equal_the_filter(mentions: list[Mention], begin: int, end: int) -> None:
    expected = [m for m in mentions if begin <= m.start and m.end <= end]
    assert ClauseMentions(mentions).within(begin, end) == expected
