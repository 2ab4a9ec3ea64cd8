"""The span helpers: where a figure's sentence or clause opens and closes."""

from __future__ import annotations

from factlint.claims.spans import SENTENCE_MARKS, closing_at, opening_after


def test_opening_after_is_past_the_last_mark_before_the_offset() -> None:
    text = "The rack draws 120 kW. Each node (measured 9.7 kW; nameplate 10.2 kW) idles."
    assert opening_after(text, text.index("9.7"), SENTENCE_MARKS) == text.index("Each")
    assert opening_after(text, text.index("10.2"), ("; ", "(")) == text.index("nameplate")
    assert opening_after(text, text.index("120"), SENTENCE_MARKS) == 0


def test_closing_at_is_the_first_mark_from_the_offset_or_the_end() -> None:
    text = "measured 9.7 kW at the PDU; nameplate 10.2 kW"
    assert closing_at(text, text.index("kW"), ("; ", ". ")) == text.index(";")
    assert closing_at(text, text.index("10.2"), ("; ", ". ")) == len(text)
