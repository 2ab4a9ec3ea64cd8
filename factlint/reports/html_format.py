"""Text and link formatting for the HTML report: values as people write them, safe relative links."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import PurePosixPath, PureWindowsPath
from urllib.parse import quote

from factlint.models import Claim, ClaimValue, ValueForm


@dataclass(frozen=True)
class Quote:
    """A quoted sentence or table row split around the highlighted number."""

    before: str
    match: str
    after: str


def split_quote(quote_text: str, text: str) -> Quote:
    """Return the quote split around the first occurrence of the claim's surface text."""
    start = quote_text.find(text) if text else -1
    if start < 0:
        return Quote(quote_text, "", "")
    return Quote(quote_text[:start], text, quote_text[start + len(text) :])


def file_href(path: str, link_prefix: str, line: int | None = None) -> str:
    """Return a link to a source file at a line.

    Relative paths stay relative (after ``link_prefix``); every path is percent-encoded, so
    one can never turn into a ``javascript:`` or other scheme URL. Absolute paths become file URLs.
    """
    fragment = f"#L{line}" if line else ""
    posix = path.replace("\\", "/")
    if PurePosixPath(path).is_absolute():
        return "file://" + quote(posix) + fragment
    if PureWindowsPath(path).is_absolute():
        return "file:///" + quote(posix, safe="/:") + fragment
    return quote(link_prefix + posix) + fragment


def claim_value(claim: Claim) -> str:
    """Return a claim's value with its unit: "96 GB", "30–50%", "3/5 nm", "2023-11"."""
    if claim.form is ValueForm.RANGE:
        text = f"{number(claim.low)}–{number(claim.high)}"
    elif claim.form is ValueForm.ALTERNATIVES:
        text = f"{number(claim.low)}/{number(claim.high)}"
    else:
        text = number(claim.value)
    return with_unit(text, claim.unit)


def number(value: ClaimValue | None) -> str:
    """Return a value as a person writes it: 96, 2.8, 1,600, 2023-11."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if math.isfinite(value) and value == int(value) and abs(value) < 1e15:
        return f"{int(value):,}"
    return f"{value:,.6g}"


def with_unit(text: str, unit: str) -> str:
    """Return a formatted number followed by its canonical unit (none for counts and dates)."""
    if not unit or unit == "date":
        return text
    if unit == "count":
        return text
    if unit in ("%", "x"):
        return f"{text}{unit}"
    return f"{text} {unit}"


def search_text(*parts: str) -> str:
    """Return the lower-cased text the page's free-text filter searches (JS lower-cases the query)."""
    return "\n".join(part for part in parts if part).lower()


def shorten(text: str, limit: int) -> str:
    """Return ``text`` cut to ``limit`` characters with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def baseline_text(baseline: str | None) -> str | None:
    """Return "vs BASELINE" for relative facts, else None."""
    return f"vs {baseline}" if baseline else None


def anchor(conflict_id: str) -> str:
    """Return an HTML id for a conflict, safe in a URL fragment."""
    return "conflict-" + "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in conflict_id)


def enum_text(value: object) -> str:
    """Return an enum member's value, or the text of anything else."""
    return str(getattr(value, "value", value))


def distinct(items: Iterable[str]) -> tuple[str, ...]:
    """Return the non-empty items once each, sorted case-insensitively."""
    return tuple(sorted({item for item in items if item}, key=str.casefold))
