"""Figures multiplied by a count of devices: "4 GPU X 16GB" is 16 GB per GPU, whatever follows."""

from __future__ import annotations

import re
from collections.abc import Mapping

from factlint.claims.fastre import compile_folded

_DEVICE_SCOPES = ("chip", "card")


class TimesCounts:
    """Reads the scope of a figure written after "<count> <device noun> x"."""

    def __init__(self, scope_of_noun: Mapping[str, str]) -> None:
        self._scope_of_noun = scope_of_noun
        nouns = sorted(
            (re.escape(noun) for noun, scope in scope_of_noun.items() if scope in _DEVICE_SCOPES),
            key=len,
            reverse=True,
        )
        # "4 GPU X 16GB", "2 cards × 48 GB": a count above one, its device noun, a times sign
        self._times_re = compile_folded(
            r"(?<![\w.,])(?:[2-9]|[1-9]\d)\s*(" + "|".join(nouns) + r")\s*[x×]\s*$", re.I
        )

    def scope(self, text: str, start: int) -> str | None:
        """Return the scope of the device a figure at ``start`` is multiplied by a count of, or None.

        The count times the figure makes the total: the figure is each device's, even where a
        later "per board" says what the count is counted in ("4 GPU X 16GB PER BOARD").
        """
        found = self._times_re.search(text, max(0, start - 40), start)
        return self._scope_of_noun.get(found.group(1).lower()) if found else None
