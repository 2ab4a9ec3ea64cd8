"""Claims as sets of possible values: unions of intervals on a number line or a calendar."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import date

from factlint.config import Config
from factlint.models import Claim, ValueForm

INF = math.inf

UPPER_BOUNDS = frozenset({"up to", "under"})
LOWER_BOUNDS = frozenset({"at least", "over"})
SEASONS = frozenset({"early", "mid", "late"})
# Qualifiers that make a claim a hedge: a conflict involving one is at most a warning.
HEDGES = frozenset({*UPPER_BOUNDS, *LOWER_BOUNDS, "about", "likely"})

_ISO_DATE = re.compile(r"^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?$")
# A written number, not a digit inside a name such as FP8, HBM3e or Trainium2.
WRITTEN_NUMBER = re.compile(r"(?<![A-Za-z\d.,])(?:\d[\d,]*(?:\.\d+)?|\.\d+)")
# Thirds of a year for early/mid/late: (first month, last month).
_SEASON_MONTHS = {"early": (1, 4), "mid": (5, 8), "late": (9, 12)}
_EPSILON = 1e-9


@dataclass(frozen=True)
class Interval:
    """A closed interval [low, high] of possible values (dates as day ordinals, high exclusive)."""

    low: float
    high: float

    @property
    def is_point(self) -> bool:
        """Return True when the interval holds a single value."""
        return self.low == self.high

    def meets(self, other: Interval) -> bool:
        """Return True when the two intervals share a value (touching at an edge is not enough)."""
        low, high = max(self.low, other.low), min(self.high, other.high)
        scale = _EPSILON * max(1.0, *(abs(x) for x in (low, high) if math.isfinite(x)))
        if self.is_point or other.is_point:
            return high - low >= -scale
        return high - low > scale


@dataclass(frozen=True)
class ValueSet:
    """The values a claim allows: a union of intervals (one, or one per alternative)."""

    intervals: tuple[Interval, ...]

    def meets(self, other: ValueSet) -> bool:
        """Return True when some value satisfies both sets."""
        return any(a.meets(b) for a in self.intervals for b in other.intervals)

    @property
    def low(self) -> float:
        """Return the smallest value the set allows."""
        return min(interval.low for interval in self.intervals)

    @property
    def high(self) -> float:
        """Return the largest value the set allows."""
        return max(interval.high for interval in self.intervals)

    @property
    def width(self) -> float:
        """Return the total length of the set (inf for a bound)."""
        return sum(interval.high - interval.low for interval in self.intervals)

    def scaled(self, factor: float) -> ValueSet:
        """Return the set with every value multiplied by a positive factor."""
        return ValueSet(tuple(Interval(i.low * factor, i.high * factor) for i in self.intervals))


def value_set(claim: Claim, config: Config, *, firm: bool = False) -> ValueSet | None:
    """Return the set of values a claim allows, or None when its value cannot be read.

    With ``firm`` the hedge margin of "about" is not applied and early/mid/late widen
    to the whole year: the set used to decide whether a disagreement is beyond doubt.
    """
    if claim.unit == "date":
        return _date_set(claim, firm=firm)
    return _number_set(claim, config, firm=firm)


def is_firm(claim: Claim) -> bool:
    """Return True when a claim states its value without hedge, bound or doubt."""
    return (
        claim.qualifier not in HEDGES and claim.form is not ValueForm.ALTERNATIVES and claim.confidence >= 0.6
    )


def rounding_of(claim: Claim) -> float:
    """Return the claim's rounding half-width, derived from its written digits when unknown."""
    if claim.rounding > 0 or claim.unit == "date":
        return claim.rounding
    references = [abs(v) for v in (claim.value, claim.low, claim.high) if isinstance(v, float | int)]
    reference = max(references, default=0.0)
    written = [n for n in (_parse_number(m) for m in WRITTEN_NUMBER.findall(claim.text or "")) if n]
    if written and reference:
        number_text = max(WRITTEN_NUMBER.findall(claim.text), key=lambda m: _parse_number(m) or 0.0)
        factor = reference / max(written)
        return 0.5 * 10.0 ** -_decimals(number_text) * factor
    if not reference:
        return 0.0
    written_value = repr(float(reference)).removesuffix(".0")
    return 0.5 * 10.0 ** -_decimals(written_value)


def _number_set(claim: Claim, config: Config, *, firm: bool) -> ValueSet | None:
    try:
        value = float(claim.value)
        low = float(claim.low) if claim.low is not None else value
        high = float(claim.high) if claim.high is not None else value
    except (TypeError, ValueError):
        return None
    if claim.form is ValueForm.EXACT:
        low = high = value
    rounding = rounding_of(claim)
    relative = config.tolerance(claim.attribute)
    if claim.qualifier == "about" and not firm:
        relative += config.hedge_margin

    def widen(a: float, b: float) -> Interval:
        return Interval(a - rounding - relative * abs(a), b + rounding + relative * abs(b))

    parts: tuple[Interval, ...]
    if claim.form is ValueForm.ALTERNATIVES:
        parts = (widen(low, low), widen(high, high))
    else:
        parts = (widen(low, high),)
    if claim.qualifier in UPPER_BOUNDS:
        parts = (Interval(-INF, max(p.high for p in parts)),)
    elif claim.qualifier in LOWER_BOUNDS:
        parts = (Interval(min(p.low for p in parts), INF),)
    return ValueSet(parts)


def _date_set(claim: Claim, *, firm: bool) -> ValueSet | None:
    value = date_interval(str(claim.value))
    if value is None:
        return None
    bounds = None
    if claim.low is not None and claim.high is not None:
        low, high = date_interval(str(claim.low)), date_interval(str(claim.high))
        if low and high:
            bounds = (low, high)
    parts: tuple[Interval, ...]
    if claim.form is ValueForm.ALTERNATIVES and bounds:
        parts = bounds
    elif bounds:
        parts = (Interval(bounds[0].low, bounds[1].high),)
    elif claim.qualifier in SEASONS and not firm and _is_year(str(claim.value)):
        first, last = _SEASON_MONTHS[claim.qualifier]
        year = int(str(claim.value))
        parts = (Interval(_ordinal(year, first, 1), _month_end(year, last)),)
    else:
        parts = (value,)
    if claim.qualifier in UPPER_BOUNDS:
        parts = (Interval(-INF, max(p.high for p in parts)),)
    elif claim.qualifier in LOWER_BOUNDS:
        parts = (Interval(min(p.low for p in parts), INF),)
    return ValueSet(tuple(parts))


def date_interval(text: str) -> Interval | None:
    """Return the days an ISO partial date covers (high exclusive), or None if unreadable."""
    match = _ISO_DATE.match(text.strip())
    if not match:
        return None
    year = int(match.group(1))
    month = int(match.group(2)) if match.group(2) else None
    day = int(match.group(3)) if match.group(3) else None
    try:
        if month is None:
            return Interval(_ordinal(year, 1, 1), _ordinal(year + 1, 1, 1))
        if day is None:
            return Interval(_ordinal(year, month, 1), _month_end(year, month))
        start = _ordinal(year, month, day)
    except ValueError:
        return None
    return Interval(start, start + 1)


def _ordinal(year: int, month: int, day: int) -> float:
    return float(date(year, month, day).toordinal())


def _month_end(year: int, month: int) -> float:
    """Return the ordinal of the first day after the month."""
    return _ordinal(year + month // 12, month % 12 + 1, 1)


def _is_year(text: str) -> bool:
    return bool(re.fullmatch(r"\d{4}", text.strip()))


def _parse_number(text: str) -> float | None:
    try:
        return float(text.replace(",", ""))
    except ValueError:
        return None


def _decimals(number_text: str) -> int:
    """Return how many digits follow the decimal point as written."""
    text = number_text.replace(",", "")
    if "e" in text.lower() or "." not in text:
        return 0
    return len(text.split(".", 1)[1])
