"""Money quoted after "<item> at": the joiner and its hedges come from the language's word lists."""

from __future__ import annotations

import dataclasses

from factlint.claims.language import english
from factlint.claims.namedprices import NamedPrices


def _priced(prices: NamedPrices, text: str, names: frozenset[str] = frozenset()) -> bool:
    return prices.priced(text, text.index("$"), names)


def test_an_item_or_a_known_name_before_at_prices_the_money() -> None:
    prices = NamedPrices(english())
    assert _priced(prices, "the 2-chip card at around $1,900")
    assert _priced(prices, "6x Osprey O1 at $240", frozenset({"osprey o1"}))
    assert not _priced(prices, "the budget tops out at $40,000")  # no item, no name before "at"


def test_another_language_s_joiner_and_hedge_come_from_its_word_lists() -> None:
    language = dataclasses.replace(english(), item_price_joiners=("à",), item_price_hedges=("environ",))
    prices = NamedPrices(language)
    osprey = frozenset({"osprey o1"})
    assert _priced(prices, "6x Osprey O1 à environ $240", osprey)
    assert not _priced(prices, "6x Osprey O1 at $240", osprey)  # "at" is no joiner of this language
