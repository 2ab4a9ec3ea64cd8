"""The remembered forward searches and match-span look-ups answer as the scans they replace."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from factlint.claims import extract, refutations
from factlint.claims.eachfigures import EACH_WORDS, EachFigures
from factlint.claims.entities import EntityMatcher
from factlint.claims.forwardsearch import ForwardSearch
from factlint.claims.language import english
from factlint.claims.matchspans import MatchSpans
from factlint.claims.resolve import Resolver
from factlint.pack import load_pack

# words and marks the patterns below read, so that matches, near misses and breaks are common
_TOKENS = st.sampled_from(
    [
        " ",
        "  ",
        "\n",
        "\n\n",
        ".",
        ". ",
        ";",
        "?",
        ",",
        ", ",
        " | ",
        "|",
        "·",
        "x",
        "7",
        "1.5",
        "A",
        "Nova",
        "and",
        " and ",
        "but",
        "each",
        "Each",
        " with ",
        " of ",
        "about ",
        "per",
        " per card",
        "(",
        ")",
    ]
)
_TEXT = st.lists(_TOKENS, max_size=30).map("".join)
_POSITIONS = st.lists(st.integers(-3, 130), min_size=1, max_size=12)

# the patterns the extractor searches forward with, and some of the shapes a pattern can take:
# a look-behind before the position, a word boundary, an end anchor, an empty match
_FORWARD_PATTERNS = [
    extract._SENTENCE_CLOSE,
    extract._FREE_DIGIT,
    extract._FIELD_BREAK,
    refutations._SENTENCE_END,
    re.compile(r";|,?\s+(?:and|but)\s+", re.I),
    re.compile(r"(?<=a)\w+|\bNova\b"),
    re.compile(r"^x|$", re.M),
    re.compile(r"(?=\.)|\d"),
]


def _same(found: re.Match[str] | None, searched: re.Match[str] | None) -> bool:
    if found is None or searched is None:
        return found is searched
    return found.span() == searched.span() and found.groups() == searched.groups()


@pytest.mark.parametrize("pattern", _FORWARD_PATTERNS, ids=lambda p: p.pattern[:20])
@given(text=_TEXT, positions=_POSITIONS)
def test_forward_search_equals_the_search_from_each_position(
    pattern: re.Pattern[str], text: str, positions: list[int]
) -> None:
    forward = ForwardSearch(pattern)
    for pos in positions + sorted(positions) + [p // 2 for p in positions]:
        assert _same(forward.search(text, pos), pattern.search(text, pos)), pos


def test_forward_search_starts_over_for_another_text() -> None:
    forward = ForwardSearch(re.compile(r";"))
    assert forward.search("rated 40 W; 80 W", 0).start() == 10
    assert forward.search("no break at all here", 0) is None
    assert forward.search("a; b", 2) is None
    assert forward.search("a; b", 0).start() == 1


_SPAN_PATTERNS = [re.compile("each", re.I), re.compile(r",\s+[A-Z]")]


def _ranges(tokens: st.SearchStrategy[str], max_size: int) -> st.SearchStrategy[tuple[str, int, int]]:
    """Return texts joined from ``tokens`` with a range ``low <= high`` between two token boundaries,
    so that ranges start and end where a pattern's words do."""

    def ranged(parts: list[str]) -> st.SearchStrategy[tuple[str, int, int]]:
        text, bounds = "".join(parts), [0]
        for part in parts:
            bounds.append(bounds[-1] + len(part))
        ends = st.sampled_from(bounds) | st.integers(0, len(text))
        return st.tuples(ends, ends).map(lambda drawn: (text, min(drawn), max(drawn)))

    return st.lists(tokens, min_size=2, max_size=max_size).flatmap(ranged)


# texts in which "each" and ", Capital" stand often, with near misses around them
_SPAN_TOKENS = st.sampled_from(
    [" ", ",", ", ", "each", "Each", "eac", "h", "Nova", "nova", ", A", ",\n B", "x", "7"]
)


@pytest.mark.parametrize("pattern", _SPAN_PATTERNS, ids=lambda p: p.pattern)
@given(drawn=_ranges(_SPAN_TOKENS, 30))
def test_match_spans_find_what_a_search_of_the_range_finds(
    pattern: re.Pattern[str], drawn: tuple[str, int, int]
) -> None:
    text, low, high = drawn
    spans = MatchSpans(pattern)
    inside = [p for p in range(low, high + 1) if pattern.match(text, p, high)]
    assert spans.starts_within(text, low, high) == inside
    assert spans.any_within(text, low, high) is (pattern.search(text, low, high) is not None)


_EACH = EachFigures(english())


@given(text=_TEXT, start=st.integers(0, 130))
def test_is_each_equals_the_search_from_the_text_start(text: str, start: int) -> None:
    start = min(start, len(text))
    end = min(start + 2, len(text))
    scanned = bool(_EACH._each_after.match(text, end) or _EACH._each_before.search(text, 0, start))
    assert _EACH.is_each(text, start, end) is scanned


def test_a_figure_each_with_opens_is_each_and_one_long_after_is_not() -> None:
    text = "two boards, each with about 48 GB | 96 GB"
    assert _EACH.is_each(text, text.index("48"), text.index("48") + 5)
    assert not _EACH.is_each(text, text.index("96"), text.index("96") + 5)


@pytest.fixture(scope="module")
def resolver() -> Resolver:
    pack = load_pack()
    return Resolver(pack, EntityMatcher(pack, language=english()), english())


# texts in which an opening "each with" stands often, whole or broken
_EACH_TOKENS = st.sampled_from(
    [", each with about ", " each of ", "each having ", "each", " with ", ", ", " ", "x", "7"]
)


@settings(max_examples=300)
@given(drawn=_ranges(_EACH_TOKENS, 10))
def test_each_opening_holds_only_where_each_stands(resolver: Resolver, drawn: tuple[str, int, int]) -> None:
    # each_counted_scope skips its scan for a line without "each" before the figure
    text, low, high = drawn
    if resolver._each_opening_re.fullmatch(text, low, high):
        assert EACH_WORDS.any_within(text, low, high)


def test_each_opening_holds_where_each_stands_in_the_range(resolver: Resolver) -> None:
    text = "four boards, each with about "
    assert resolver._each_opening_re.fullmatch(text, text.index(","), len(text))
    assert EACH_WORDS.any_within(text, text.index(","), len(text))
    assert not EACH_WORDS.any_within(text, 0, text.index(","))


@pytest.fixture(scope="module")
def extractor() -> extract.Extractor:
    return extract.Extractor(load_pack())


# texts in which a scope noun's apposition ("server, Nova,") stands often, whole or broken
_APPOSITION_TOKENS = st.sampled_from(
    ["server, Nova,", "node, Bo A,", "server", ", ", ",", "Nova", "node", " ", "x", "\t", "A"]
)


@settings(max_examples=300)
@given(drawn=_ranges(_APPOSITION_TOKENS, 12))
def test_an_apposition_holds_a_comma_before_a_capital(
    extractor: extract.Extractor, drawn: tuple[str, int, int]
) -> None:
    # _names_unknown_apposition skips its scan for a clause with no comma before a capital
    text, low, high = drawn
    if any(True for _ in extractor._apposition_re.finditer(text, low, high)):
        assert extractor._comma_capitals.any_within(text, low, high)


def test_a_clause_naming_a_server_in_apposition_is_found(extractor: extract.Extractor) -> None:
    text = "A second server, Halvard, runs 64 GB"
    assert extractor._names_unknown_apposition(text, text.index("64"), [])
    assert not extractor._names_unknown_apposition("A second server runs 64 GB", 19, [])


@settings(max_examples=300)
@given(
    text=st.lists(
        st.sampled_from([" ", "per", "/", "for", " each ", "in a ", "on the ", "x", "7", "\n", "-"]),
        max_size=20,
    ).map("".join),
    low=st.integers(0, 80),
    high=st.integers(0, 80),
)
def test_per_entity_reads_the_gap_in_place_as_its_slice(
    resolver: Resolver, text: str, low: int, high: int
) -> None:
    # per_entity reads the gap before each later name in place instead of copying it
    low, high = min(low, len(text)), min(high, len(text))
    in_place = resolver._per_entity_re.fullmatch(text, low, high) is not None
    assert in_place is (low <= high and resolver._per_entity_re.fullmatch(text[low:high]) is not None)
