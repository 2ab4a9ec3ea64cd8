"""Tell a machine rented by the hour from one that is bought: "HX-GB300-72 ... $3.49 / GPU-hr".

A discovered machine whose own table row, or whose sentence, prices it by the hour is rented
out: an instance, whatever noun the text puts after its name ("a full HX-GB300-72 rack on
demand: $251.28/hr"). That is how the labelling conventions read a machine priced by the hour.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation
from factlint.pack import KnowledgePack

_SENTENCE_END = re.compile(r"[.!?;](?:\s|$)|\n")
_AMOUNT = r"\d[\d,]*(?:\.\d+)?"
_NUMBER = re.compile(r"\d")


class HourlyPrices:
    """Finds hourly prices written of a name; one per pack and language."""

    def __init__(self, pack: KnowledgePack, language: Language) -> None:
        money = [surface for surface, unit in pack.units if unit == "USD"]
        money.extend(language.other_currencies)
        hour = next((suffixes for rate, suffixes in language.rate_suffixes if rate == "hour"), ())
        # "/ GPU-hr" as well as "/GPU-hr": a slash may stand apart from what it divides by
        suffixes = [re.escape(s).replace("/", r"[ \u00a0]*/[ \u00a0]*") for s in hour]
        currency = alternation(money, words=False)
        self._price = compile_folded(
            rf"(?:{currency})[ \u00a0]?{_AMOUNT}|{_AMOUNT}[ \u00a0]?(?:{currency})",
        )
        self._hourly = re.compile(
            r"[ \u00a0]*(?:" + "|".join(sorted(suffixes, key=len, reverse=True)) + r")(?![\w/])"
        )
        # a column header that states its unit as money per hour: "Price (TL/sa)", "USD/hr"
        self._hourly_header = compile_folded(rf"(?:{currency})(?:{self._hourly.pattern})")

    def in_row(self, row: str) -> bool:
        """Return True when a table row (its product in the first cell) holds an hourly price."""
        return any(self._hourly.match(row, price.end()) for price in self._price.finditer(row))

    def in_columns(self, cells: Sequence[str], headers: Sequence[str]) -> bool:
        """Return True when a table row holds a number under a column whose header prices by the
        hour ("| EB-X-8 | ... | 815,36 |" under "Price (TL/sa)"): the row's product is rented."""
        return any(
            _NUMBER.search(cell) is not None and self._hourly_header.search(header) is not None
            for cell, header in zip(cells, headers, strict=False)
        )

    def after(self, text: str, end: int, others: Callable[[], list[tuple[int, int]]]) -> bool:
        """Return True when the sentence after a name (ending at ``end``) prices it by the hour.

        ``others`` gives the spans of other products' names in ``text``: a price after one of
        them is that product's ("... than p5.48xlarge at $98/hr").
        """
        stop = _SENTENCE_END.search(text, end)
        limit = stop.start() if stop else len(text)
        for price in self._price.finditer(text, end, limit):
            if not self._hourly.match(text, price.end()):
                continue
            return not any(end <= start < price.start() for start, _ in others())
        return False


__all__ = ["HourlyPrices"]
