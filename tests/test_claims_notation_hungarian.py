"""Hungarian notation: year-first dates, quarters, halves, sentence ends, decimal commas (decision 0144)."""

from __future__ import annotations

import pytest

from factlint.claims.dates import DateReader
from factlint.claims.language import english
from factlint.claims.notation import uses_comma_decimals
from factlint.sources.sentences import split_sentences

_READER = DateReader(english())


@pytest.mark.parametrize(
    ("text", "value", "low", "high"),
    [
        ("Szeged, 2025. október 6.", "2025-10-06", None, None),
        ("available from 2027. jan. 4-től", "2027-01-04", None, None),
        ("it goes live on 2025. szeptember 1-jén", "2025-09-01", None, None),
        ("deliveries start in 2026 augusztusában", "2026-08", None, None),
        ("the 2024. december price list", "2024-12", None, None),
        ("from 2026. 04. 01. on", "2026-04-01", None, None),
        ("in 2025. III. negyedév (third quarter)", "2025", "2025-07", "2025-09"),
        ("in 2027 harmadik negyedévében", "2027", "2027-07", "2027-09"),
        ("in 2026. II. félév", "2026", "2026-07", "2026-12"),
        ("in 2025 első félévében", "2025", "2025-01", "2025-06"),
    ],
)
def test_year_first_dates(text: str, value: str, low: str | None, high: str | None) -> None:
    found = [m for m in _READER.read(text) if not m.bare_year]
    assert [(m.value, m.low, m.high) for m in found] == [(value, low, high)]


def test_a_roman_quarter_without_a_year_is_of_the_documents_year() -> None:
    found = _READER.read("a IV. negyedévben indul", year="2025")
    assert [(m.value, m.low, m.high) for m in found] == [("2025", "2025-10", "2025-12")]


@pytest.mark.parametrize(
    "text",
    [
        "It shipped in 2024. March was busy.",  # a sentence end, then an English month
        "The card launched in 2024 may ship again.",  # "may" after a year without its dot
        "Rev. 2023. 14 GPUs were listed.",  # a year, then a count: no month of a date
    ],
)
def test_english_years_before_month_words_are_no_hungarian_dates(text: str) -> None:
    assert all(len(m.value) == 4 and m.low is None for m in _READER.read(text))


@pytest.mark.parametrize(
    "text",
    [
        "The board was revised in 2020. may 14 units ship later?",
        "Logged 2020. may 14 as the review day.",  # lower-case English month after a year's dot
        "Shipped 2019. mar 3 boards.",
    ],
)
def test_an_english_month_after_a_years_dot_is_no_hungarian_date(text: str) -> None:
    assert [m.value for m in _READER.read(text)] == [text.split(".")[0][-4:]]


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        ("From 2025. 11. 03. the cards ship. Prices follow.", 2),
        ("In the 2026. IV. negyedév (IV. quarter) we plan it. Then more.", 2),
        ("Launched in 2025. 12 GPUs were sold.", 2),  # an English year ending its sentence
    ],
)
def test_dots_of_year_first_dates_end_no_sentence(text: str, sentences: int) -> None:
    assert len(split_sentences(text)) == sentences


@pytest.mark.parametrize(
    "text",
    [
        "[Hungarian notation is kept in the figures.] 1 024 GB",
        "memória 96 GB, sávszélesség 3,35 TB/mp, fogyasztás 0,7 kW",
    ],
)
def test_hungarian_texts_write_decimal_commas(text: str) -> None:
    assert uses_comma_decimals(text, english())


@pytest.mark.parametrize("text", ["from 2026. 02. 30. on", "from 2026. február 30. on", "2025. 04. 31."])
def test_a_year_first_date_of_a_day_the_month_lacks_is_no_date(text: str) -> None:
    assert all(len(m.value) == 4 for m in _READER.read(text))


def test_a_leap_day_is_a_date() -> None:
    assert [m.value for m in _READER.read("from 2028. 02. 29. on") if not m.bare_year] == ["2028-02-29"]


@pytest.mark.parametrize(
    "text",
    [
        "The engineer fell ill. It has 40 GB of memory.",
        "The fan was 45 db. Power of the H100 is 700 W.",
        "Fans run at 38 kb. Then it idles.",
    ],
)
def test_hungarian_abbreviations_that_are_english_words_end_english_sentences(text: str) -> None:
    assert len(split_sentences(text)) == 2


def test_kb_before_a_number_ends_no_sentence() -> None:
    assert len(split_sentences("A díj kb. 1 900 Ft/óra lesz. Next one.")) == 2


def test_many_year_first_dates_each_end_their_sentence() -> None:
    text = "Shipped 2026. 03. 16. Then it ran. " * 200
    assert len(split_sentences(text)) == 400
