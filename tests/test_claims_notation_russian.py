"""Russian notation: decimal commas before Cyrillic units and declared Russian notation (decision 0139)."""

from __future__ import annotations

import pytest

from factlint.claims.language import english
from factlint.claims.notation import uses_comma_decimals


@pytest.mark.parametrize(
    "text",
    [
        "Память 80 ГБ, пропускная способность 3,35 ТБ/с, мощность 0,7 кВт, сеть 3,2 Тбит/с.",
        "[Translator: in the original the fractional part is separated by a comma.] 18,90 per hour",
        "Russian notation is kept: 2 039 GB/s.",
    ],
)
def test_russian_texts_write_decimal_commas(text: str) -> None:
    assert uses_comma_decimals(text, english())


@pytest.mark.parametrize(
    "text",
    [
        "The card has 48 GB and draws 300 W; the list price is 7,999 dollars.",
        "Throughput 1,600 Gbps on 8 ports; 3.2 Tbps in total; 1,6 ГБ/с once.",
        "The cluster holds 1,024 GPUs and 2,048 CPUs at 4.5 kW per node (1,5 кВт idle).",
    ],
)
def test_english_texts_keep_decimal_points(text: str) -> None:
    assert not uses_comma_decimals(text, english())
