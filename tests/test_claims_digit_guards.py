"""Cheap digit tests give the answer of the Python loop they replace."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from factlint.claims.settingfigures import _has_digit

_TEXT = st.text(alphabet=st.sampled_from("ab 1,.9²٣\u00a0-x"), max_size=30) | st.text(max_size=30)


@given(_TEXT)
def test_has_digit_is_any_isdigit(text: str) -> None:
    assert _has_digit(text) == any(character.isdigit() for character in text)


def test_superscript_and_other_scripts_count() -> None:
    assert _has_digit("x²")  # str.isdigit, not only 0-9
    assert _has_digit("٣ كيلو")
    assert not _has_digit("no figures here")
