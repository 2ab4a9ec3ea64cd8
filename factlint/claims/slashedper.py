"""Figures of one measure joined by a slash share the "per <product>" written after the last.

"865 TFLOPS FP8 / 432 TFLOPS BF16 per Gaudi2" and "750 TOPS INT8 / 188 TFLOPS FP16 per LPU"
state one measure in two precisions or forms: the product after the last figure is each
figure's. The figures are one measure when written in one unit, or when each names its
precision. Figures of different measures ("7 nm / 25 D1s per tile") are separate facts, and
the "per" stays the last one's.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from factlint.claims.language import alternation

# After a figure: up to two words (its precision or form), a slash, the next figure and its unit.
_PARTNER = re.compile(
    r"(?P<own>(?:[ \t]+(?!\d)[\w\-]+){0,2})[ \t]*/[ \t]*~?\d[\d,]*(?:\.\d+)?[ \t]*(?P<unit>[^\s,;()/]+)"
    r"(?P<tail>(?:[ \t]+(?!\d)[\w\-]+)?)"
)


class SlashPartners:
    """Finds the figure a slash joins after another figure of the same measure."""

    def __init__(self, precisions: Iterable[str]) -> None:
        words = tuple(precisions)
        self._precision = re.compile(rf"[ \t]*(?:{alternation(words)})\b", re.I) if words else None

    def partner_end(self, text: str, start: int, end: int) -> int | None:
        """Return where the figure slash-joined after ``text[start:end]`` (a figure with its unit)
        ends when it states the same measure ("865 TFLOPS FP8 / 432 TFLOPS"), else None."""
        if "/" not in text[end : end + 40]:
            return None
        partner = _PARTNER.match(text, end)
        if partner is None:
            return None
        words = text[start:end].split()
        unit = words[-1] if len(words) > 1 else ""
        if unit and partner.group("unit") == unit:
            return partner.end("unit")
        if self._precision is not None and all(
            self._precision.match(group) is not None
            for group in (partner.group("own"), partner.group("tail"))
        ):
            return partner.end("unit")  # "750 TOPS INT8 / 188 TFLOPS FP16": two precisions of one measure
        return None
