"""Words for people: how a value, a group of claims and a conflict read in a report."""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import date

from factlint.models import Claim, ClaimValue, ValueForm
from factlint.reconcile.intervals import WRITTEN_NUMBER, Interval, ValueSet


def format_number(number: float) -> str:
    """Return a number as a person writes it: 96, 2.8, 25.77, 1600 (at most 4 significant digits)."""
    if number == 0 or not math.isfinite(number):
        return "0" if number == 0 else str(number)
    if abs(number - round(number)) <= 1e-9 * max(1.0, abs(number)):
        return str(round(number))
    digits = max(0, 3 - math.floor(math.log10(abs(number))))
    text = f"{number:.{digits}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def with_unit(amount: str, unit: str) -> str:
    """Return an amount followed by its unit: "96 GB", "4x", "16" (counts and dates bare)."""
    if unit in ("count", "date", ""):
        return amount
    if unit in ("x", "×"):
        return f"{amount}x"
    return f"{amount} {unit}"


def format_value(value: ClaimValue | None, unit: str) -> str:
    """Return one value in its unit, or the ISO partial date as written."""
    if value is None:
        return "?"
    if isinstance(value, str):
        return value
    return format_number(float(value))


def claim_display(claim: Claim) -> str:
    """Return the claim's value as a person reads it: "up to 16", "3 or 5 nm", "30-50 %", "late 2022"."""
    unit = claim.unit
    if claim.form is ValueForm.ALTERNATIVES:
        amount = f"{format_value(claim.low, unit)} or {format_value(claim.high, unit)}"
    elif claim.form is ValueForm.RANGE:
        joiner = " to " if unit == "date" else "-"
        amount = f"{format_value(claim.low, unit)}{joiner}{format_value(claim.high, unit)}"
    elif unit == "date" and claim.low is not None and claim.high is not None and claim.low != claim.high:
        amount = f"{format_value(claim.low, unit)} to {format_value(claim.high, unit)}"
    else:
        amount = format_value(claim.value, unit)
    shown = with_unit(amount, unit)
    return f"{claim.qualifier} {shown}" if claim.qualifier else shown


def support(sources: Sequence[str], claims: Sequence[str], voices: int | None = None) -> str:
    """Return "(2 sources)", "(1 source, 3 claims)" or "(2 sources, 1 independent voice)"."""
    source_count, claim_count = len(set(sources)), len(set(claims))
    words = f"{source_count} source{'s' if source_count != 1 else ''}"
    if claim_count > source_count:
        words += f", {claim_count} claims"
    if voices is not None and voices < source_count:
        words += f", {voices} independent voice{'s' if voices != 1 else ''}"
    return f"({words})"


def describe_set(values: ValueSet, unit: str) -> str:
    """Return the values a set allows: "95.5-96.5 GB", "at most 16.5", "2023-11-01..2023-11-30"."""
    return " or ".join(_describe_interval(interval, unit) for interval in values.intervals)


def _describe_interval(interval: Interval, unit: str) -> str:
    if unit == "date":
        low = "" if math.isinf(interval.low) else date.fromordinal(int(interval.low)).isoformat()
        last = "" if math.isinf(interval.high) else date.fromordinal(int(interval.high) - 1).isoformat()
        if low == last:
            return low
        if not low:
            return f"by {last}"
        return f"from {low}" if not last else f"{low}..{last}"
    if math.isinf(interval.low) and math.isinf(interval.high):
        return "any value"
    if math.isinf(interval.low):
        return "at most " + with_unit(format_number(interval.high), unit)
    if math.isinf(interval.high):
        return "at least " + with_unit(format_number(interval.low), unit)
    if interval.is_point:
        return with_unit(format_number(interval.low), unit)
    return with_unit(f"{format_number(interval.low)}-{format_number(interval.high)}", unit)


def conversion(claim: Claim) -> str | None:
    """Return "24 GiB = 25.77 GB" when the claim was written in another unit or scale, else None."""
    if claim.unit == "date" or claim.form is not ValueForm.EXACT or not isinstance(claim.value, float | int):
        return None
    written = [float(m.replace(",", "")) for m in WRITTEN_NUMBER.findall(claim.text or "")]
    value = float(claim.value)
    if not written or any(math.isclose(number, value, rel_tol=1e-9) for number in written):
        return None
    return f"{claim.text.strip()} = {with_unit(format_number(value), claim.unit)}"
