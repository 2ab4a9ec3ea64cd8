"""The notation patterns that open on a digit find exactly what their look-behind-first forms find."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from factlint.claims import notation

# The same patterns written with the look-behind first, as they read most naturally.
_LOOK_BEHIND_FIRST = {
    "_COMMA_DECIMAL": r"(?<![\d,.])\d+,\d{1,2}(?![\d,])\s?[A-Za-z%\u0400-\u04ff]",
    "_POINT_DECIMAL": r"(?<![\w,.])\d+\.\d{1,2}(?![\d.])\s?[A-Za-z%]",
    "_DOTS_THEN_COMMA": r"(?<![\d,.])\d{1,3}(?:\.\d{3})+,\d+(?![\d.,])",
    "_COMMAS_THEN_POINT": r"(?<![\d,.])\d{1,3}(?:,\d{3})+\.\d+(?![\d.,])",
}

_TEXTS = st.lists(
    st.one_of(
        st.from_regex(r"\d{1,5}", fullmatch=True),
        st.sampled_from([",", ".", " ", "x", "GB", "%", "A", "_", "\n", ",000", ".500", "é", "ГБ"]),
    ),
    max_size=16,
).map("".join)


@settings(max_examples=300, deadline=None)
@given(text=_TEXTS)
def test_digit_first_patterns_match_the_look_behind_first_ones(text: str) -> None:
    for name, source in _LOOK_BEHIND_FIRST.items():
        ours = getattr(notation, name)
        assert [m.span() for m in ours.finditer(text)] == [m.span() for m in re.finditer(source, text)], name


def test_a_number_at_the_start_of_the_text_is_found() -> None:
    assert notation._COMMAS_THEN_POINT.match("1,024.5 GB") is not None
    assert notation._DOTS_THEN_COMMA.search("2,1.024,5") is None  # no number opens after a comma
    assert notation._POINT_DECIMAL.search("G3.8XL") is None
