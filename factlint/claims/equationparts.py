"""Figures written as the factor of a product: "2 x 108 MB = 216 MB" sizes one of two parts.

A card or machine holding several chips is often sized as a sum spelled out: "it's 2 x 108 MB =
216 MB", "8 x 180 GB = 1,440 GB of HBM3e", or the total first with the product in a bracket after
it, "32 GB (2 × 16 GB)". The total is the whole's; the figure after "N x" is one part's, when the
total is N times it (the text's own arithmetic says so).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from factlint.pack import KnowledgePack

# "2 x ", "8× ", "4 * ": a small count and a times sign right before the figure
_TIMES_BEFORE = re.compile(r"(?<![\w.,])(\d{1,3})[ \t]*[x×*][ \t]*\Z")
_EQUALS_AFTER = re.compile(r"[ \t]*=[ \t]*")
# "32 GB (2 × 16 GB)": the count opens a bracket right after the total, and the figure closes it
_BRACKET_TIMES_BEFORE = re.compile(r"\([ \t]*(\d{1,3})[ \t]*[x×*][ \t]*\Z")
_BRACKET_CLOSE_AFTER = re.compile(r"[ \t]*\)")
_GAP_BEFORE_BRACKET = re.compile(r"\s*\Z")
_BRACKET_PRODUCT = re.compile(r"\([ \t]*\d{1,3}[ \t]*[x×*][ \t]*\d")  # the cheap test for the form


@dataclass(frozen=True)
class Measure:
    """A figure's place in its text and its value in its unit's base (``None`` for a date)."""

    start: int
    end: int  # where the figure's unit ends
    value: float | None
    unit: str | None


def factor_count(text: str, figure: Measure, others: Sequence[Measure]) -> int | None:
    """Return N when ``figure`` is written "N x <figure> = <total>" and one of ``others`` stands
    right after the "=" in the same unit with N times its value, or "<total> (N x <figure>)" with
    the total right before the bracket; else None."""
    if figure.value is None or figure.unit is None:
        return None
    bracketed = bracket_total(text, figure, others)
    if bracketed is not None:
        return bracketed[0]
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


def bracket_total(text: str, figure: Measure, others: Sequence[Measure]) -> tuple[int, Measure] | None:
    """Return (N, total) when ``figure`` is written "<total> (N x <figure>)": one of ``others``
    ends right before the bracket, in the same unit, with N times its value; else None."""
    if figure.value is None or figure.unit is None:
        return None
    times = _BRACKET_TIMES_BEFORE.search(text, max(0, figure.start - 12), figure.start)
    if times is None or _BRACKET_CLOSE_AFTER.match(text, figure.end) is None:
        return None
    count = int(times.group(1))
    for other in others:
        if (
            other.end <= times.start()
            and _GAP_BEFORE_BRACKET.match(text[other.end : times.start()]) is not None
            and other.value is not None
            and other.unit == figure.unit
            and math.isclose(other.value, count * figure.value, rel_tol=0.01)
        ):
            return count, other
    return None


def has_bracket_product(text: str) -> bool:
    """Return True when ``text`` opens a bracket on "N x <digit>", as "<total> (N x <figure>)" does."""
    return "(" in text and _BRACKET_PRODUCT.search(text) is not None


def held_part_counts(pack: KnowledgePack, names: Sequence[str]) -> frozenset[int]:
    """Return how many parts each named product holds by the pack: {2} for a machine with two chips."""
    counts = set()
    for name in set(names):
        found = pack.entity(name) if name else None
        if found is not None and found.contains is not None and found.contains.count:
            counts.add(found.contains.count)
    return frozenset(counts)
