"""The CSV report: the claims table, contract columns first, and its reading back into Claims."""

from __future__ import annotations

from io import StringIO

import pandas as pd

from factlint.claims.table import CLAIM_COLUMNS, CONTRACT_COLUMNS, claims_to_frame, frame_to_claims
from factlint.models import Claim

CSV_COLUMNS: tuple[str, ...] = CONTRACT_COLUMNS + tuple(c for c in CLAIM_COLUMNS if c not in CONTRACT_COLUMNS)
_VALUE_COLUMNS = ("value", "low", "high")
_NUMBER_COLUMNS = ("line", "column", "rounding", "confidence")


def render_csv(claims: tuple[Claim, ...] | list[Claim]) -> str:
    """Return the claims table as CSV (RFC 4180, CRLF line ends): contract columns first, then extensions."""
    frame = claims_to_frame(claims)[list(CSV_COLUMNS)]
    # CRLF as RFC 4180 says: with a bare LF terminator the csv module would not quote a lone
    # CR inside scraped text, and readers would split the row there.
    return frame.to_csv(index=False, lineterminator="\r\n")


def read_claims_csv(text: str) -> list[Claim]:
    """Return the Claims of a CSV from :func:`render_csv` (dates stay strings, numbers become floats)."""
    frame = pd.read_csv(StringIO(text), dtype=str, keep_default_na=False)
    frame = frame.astype(object).where(frame != "", None)
    for column in _NUMBER_COLUMNS:
        frame[column] = pd.to_numeric(frame[column])
    for column in _VALUE_COLUMNS:
        frame[column] = [
            None if raw is None else raw if unit == "date" else float(raw)
            for raw, unit in zip(frame[column], frame["unit"], strict=True)
        ]
    return frame_to_claims(frame[list(CLAIM_COLUMNS)])
