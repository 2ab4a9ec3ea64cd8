"""Figures multiplied by a count of devices: "4 GPU X 16GB" is 16 GB per GPU, whatever follows.

A table cell may leave the device noun to its column header: "| Accelerator memory | 8 × 64 GB |"
multiplies each accelerator's 64 GB by the eight the machine holds, as "8 GPU × 64 GB" would.
"""

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
        # "8 × 64 GB": a count above one and a times sign alone before the figure
        self._bare_times_re = re.compile(r"(?<![\w.,])(?:[2-9]|[1-9]\d)[ \t]*[x×][ \t]*$", re.I)

    def scope(self, text: str, start: int) -> str | None:
        """Return the scope of the device a figure at ``start`` is multiplied by a count of, or None.

        The count times the figure makes the total: the figure is each device's, even where a
        later "per board" says what the count is counted in ("4 GPU X 16GB PER BOARD").
        """
        found = self._times_re.search(text, max(0, start - 40), start)
        return self._scope_of_noun.get(found.group(1).lower()) if found else None

    def counted(self, text: str, start: int) -> bool:
        """Return True when the figure at ``start`` follows a bare count and a times sign ("8 × 64 GB").

        The device counted is not named here: a caller takes it from the figure's column header.
        """
        return self._bare_times_re.search(text, max(0, start - 12), start) is not None
