"""Words for people: how a value, a group of claims and a conflict read in a report."""

from __future__ import annotations

import math
from collections.abc import Sequence

from factlint.models import Claim, ClaimValue, ValueForm


def format_number(number: float) -> str:
    """Return a number as a person writes it: 96, 2.8, 25.77, 1600 (at most 4 significant digits)."""
    if number == 0 or not math.isfinite(number):
        return "0" if number == 0 else str(number)
    if abs(number - round(number)) <= 1e-9 * max(1.0, abs(number)):
        return str(round(number))
    digits = max(0, 3 - math.floor(math.log10(abs(number))))
    return f"{number:.{digits}f}".rstrip("0").rstrip(".")


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


def support(sources: Sequence[str], claims: Sequence[str]) -> str:
    """Return "(2 sources)" or "(1 source, 3 claims)": how many voices back a value."""
    source_count, claim_count = len(set(sources)), len(set(claims))
    words = f"{source_count} source{'s' if source_count != 1 else ''}"
    if claim_count > source_count:
        words += f", {claim_count} claims"
    return f"({words})"
