"""RunBreaks answers as the scan from the text's start up to each position that it replaces."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from factlint.claims import resolve
from factlint.claims.entities import EntityMatcher
from factlint.claims.language import english
from factlint.claims.resolve import Resolver, _after_colon
from factlint.claims.runbreaks import RunBreaks, Unbounded, other_width
from factlint.pack import load_pack

# breaks, their near misses, and long runs of spaces and digits that a break pattern reads through
_TOKENS = st.sampled_from(
    [
        " ",
        "   ",
        "\t",
        "\n",
        "\n\n",
        "\n \n",
        "1",
        "2024",
        ".",
        ". ",
        ":",
        ": ",
        ";",
        "; ",
        ",",
        ", ",
        "and",
        " and ",
        ", and ",
        ", but ",
        " but ",
        "while",
        " whereas ",
        ", which ",
        "x",
        "GB",
        "- ",
        "* ",
        "3) ",
        "for",
        " the ",
        "of\n",
        "an\n",
    ]
)
_TEXT = st.lists(_TOKENS, max_size=40).map("".join)


@pytest.fixture(scope="module")
def resolver() -> Resolver:
    pack = load_pack()
    return Resolver(pack, EntityMatcher(pack, language=english()), english())


def _patterns(resolver: Resolver) -> list[re.Pattern[str]]:
    return [
        resolve._WRAPPED_SENTENCE_START,
        resolve._PART_CLAUSE_START,
        resolver._wrapped_clause_end_re,
        resolver._clause_end_re,
        re.compile(r"^|(?<=x)\s*|\d+[.)]\s"),
        re.compile(r"\s+(?=\d)|(?:ab){2}\s|\b"),
    ]


@settings(max_examples=300)
@given(text=_TEXT, positions=st.lists(st.integers(-2, 200), min_size=1, max_size=6))
def test_run_breaks_equal_the_scan_up_to_each_position(
    resolver: Resolver, text: str, positions: list[int]
) -> None:
    for pattern in _patterns(resolver):
        breaks = RunBreaks(pattern, short=0)  # index every position, however near the start
        for position in positions:
            clipped = min(max(0, position), len(text))
            scanned = [match.end() for match in pattern.finditer(text, 0, clipped)]
            assert list(breaks.ends_before(text, position)) == scanned[::-1], (pattern.pattern, position)
            assert breaks.last_end(text, position) == (scanned[-1] if scanned else None)


def test_a_pattern_reading_any_number_of_letters_is_unbounded() -> None:
    with pytest.raises(Unbounded):
        other_width(re.compile(r"\.\s+\w+"))
    assert other_width(re.compile(r"[.!?]\s+")) <= 3
    # unbounded patterns are scanned in full, and still answer
    breaks = RunBreaks(re.compile(r"\.\w+"), short=0)
    assert breaks.last_end("a.bc d.ef", 9) == 9


def test_a_break_is_read_as_a_scan_stopping_at_the_figure_reads_it() -> None:
    text = "x" * 600 + ", and the card: 96 GB, and" + "12 W"
    breaks = RunBreaks(re.compile(r",\s+and\s+"))
    # the whole text reads ", and12" as no break; neither does the scan stopping before "12"
    assert breaks.last_end(text, len(text) - 4) == text.index(", and the") + 6


@given(st.text(alphabet=" :\t\nab", max_size=20), st.integers(0, 20))
def test_after_colon_equals_the_stripped_prefix(text: str, end: int) -> None:
    assert _after_colon(text, min(end, len(text))) is text[: min(end, len(text))].rstrip().endswith(":")
