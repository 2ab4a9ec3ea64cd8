"""Figures written as the factor of a product: "2 x 108 MB = 216 MB" sizes one of two parts.

A card or machine holding several chips is often sized as a sum spelled out: "it's 2 x 108 MB =
216 MB", "8 x 180 GB = 1,440 GB of HBM3e". The total after "=" is the whole's; the figure after
"N x" is one part's, when the total is N times it (the text's own arithmetic says so).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

# "2 x ", "8× ", "4 * ": a small count and a times sign right before the figure
_TIMES_BEFORE = re.compile(r"(?<![\w.,])(\d{1,3})[ \t]*[x×*][ \t]*\Z")
_EQUALS_AFTER = re.compile(r"[ \t]*=[ \t]*")


@dataclass(frozen=True)
class Measure:
    """A figure's place in its text and its value in its unit's base (``None`` for a date)."""

    start: int
    end: int  # where the figure's unit ends
    value: float | None
    unit: str | None


def factor_count(text: str, figure: Measure, others: Sequence[Measure]) -> int | None:
    """Return N when ``figure`` is written "N x <figure> = <total>" and one of ``others`` stands
    right after the "=" in the same unit with N times its value, else None."""
    if figure.value is None or figure.unit is None:
        return None
    times = _TIMES_BEFORE.search(text, max(0, figure.start - 12), figure.start)
    equals = _EQUALS_AFTER.match(text, figure.end)
    if times is None or equals is None or "=" not in equals.group(0):
        return None
    total = next((other for other in others if other.start == equals.end()), None)
    count = int(times.group(1))
    if (
        total is not None
        and total.value is not None
        and total.unit == figure.unit
        and math.isclose(total.value, count * figure.value, rel_tol=0.01)
    ):
        return count
    return None
