"""Czech, Slovak and Polish notation: dotted day-first dates, genitive months, quarters (decision 0149)."""

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
        ("V Brně dne 4. února 2026", "2026-02-04", None, None),
        ("available from 1. července 2025 on", "2025-07-01", None, None),
        ("it goes live on 30. září 2026", "2026-09-30", None, None),
        ("dostupné od 2. prosince 2025", "2025-12-02", None, None),
        ("od 15. októbra 2026 (Slovak)", "2026-10-15", None, None),
        ("od 3. kwietnia 2026 (Polish)", "2026-04-03", None, None),
        ("deliveries start in květnu 2026", "2026-05", None, None),
        ("the listopad 2025 price list", "2025-11", None, None),
        ("from 16. 3. 2026 on", "2026-03-16", None, None),
        ("in the 3. čtvrtletí 2026 (third quarter)", "2026", "2026-07", "2026-09"),
        ("in the IV. štvrťrok 2025", "2025", "2025-10", "2025-12"),
        ("w 2. kwartale 2027", "2027", "2027-04", "2027-06"),
        ("v 2. pololetí 2026", "2026", "2026-07", "2026-12"),
    ],
)
def test_day_first_dates_and_ordinal_periods(
    text: str, value: str, low: str | None, high: str | None
) -> None:
    found = [m for m in _READER.read(text) if not m.bare_year]
    assert [(m.value, m.low, m.high) for m in found][:1] == [(value, low, high)]


def test_an_ordinal_quarter_without_a_year_is_of_the_documents_year() -> None:
    found = _READER.read("ve 2. čtvrtletí spustíme", year="2026")
    assert [(m.value, m.low, m.high) for m in found] == [("2026", "2026-04", "2026-06")]


@pytest.mark.parametrize(
    "text",
    [
        "3. March 2026 brought the racks online.",  # a list number before an English month
        "4. quarter 2026 review",  # English "quarter" after a list number
        "a 5. pololetí 2026",  # a half numbered past two
    ],
)
def test_list_numbers_before_english_words_are_no_days(text: str) -> None:
    assert all(m.low is None and len(m.value) <= 7 for m in _READER.read(text))
    assert not any(len(m.value) == 10 for m in _READER.read(text))


@pytest.mark.parametrize(
    "text",
    [
        "[Czech notation is kept in the figures.] 1 024 GB",
        "Tarif 27,50 Kč/hod bez DPH",
    ],
)
def test_czech_texts_write_decimal_commas(text: str) -> None:
    assert uses_comma_decimals(text, english())


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        ("Měsíční paušál 640 tis. Kč bez DPH. Next one.", 2),
        ("The tariff is cca. 1,18 USD per hour. Then more.", 2),
        ("We list A10 cards, A2 cards atd. The rest follows.", 2),
    ],
)
def test_czech_abbreviations(text: str, sentences: int) -> None:
    assert len(split_sentences(text)) == sentences
