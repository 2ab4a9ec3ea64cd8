"""The claims table: Claims as a pandas DataFrame with a declared column schema."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

import pandas as pd

from factlint.models import Claim, ValueForm

# Column order of the table, its CSV export and the JSON contract's claim objects
# (the first fifteen are the contract; the rest are documented extensions).
CLAIM_COLUMNS: tuple[str, ...] = tuple(field.name for field in dataclasses.fields(Claim))
CONTRACT_COLUMNS: tuple[str, ...] = (
    "id", "source", "line", "column", "entity", "scope", "attribute",
    "value", "low", "high", "unit", "text", "quote", "qualifier",
)  # fmt: skip


def claims_to_frame(claims: Iterable[Claim]) -> pd.DataFrame:
    """Return a DataFrame with one row per claim and exactly the CLAIM_COLUMNS."""
    rows = [_row(claim) for claim in claims]
    frame = pd.DataFrame(rows, columns=list(CLAIM_COLUMNS))
    return frame.astype({"line": "int64", "column": "int64", "rounding": "float64", "confidence": "float64"})


def frame_to_claims(frame: pd.DataFrame) -> list[Claim]:
    """Return the Claims of a table built by :func:`claims_to_frame`, in row order."""
    claims = []
    for record in frame.to_dict(orient="records"):
        values: dict[str, Any] = {
            str(key): (None if _missing(value) else value) for key, value in record.items()
        }
        values["form"] = ValueForm(values["form"])
        values["line"], values["column"] = int(values["line"]), int(values["column"])
        values["rounding"] = float(values["rounding"] or 0.0)
        values["confidence"] = float(values["confidence"] if values["confidence"] is not None else 1.0)
        values["rule"] = values["rule"] or ""
        claims.append(Claim(**values))
    return claims


def _row(claim: Claim) -> dict[str, object]:
    row = dataclasses.asdict(claim)
    row["form"] = claim.form.value
    return row


def _missing(value: object) -> bool:
    return value is None or (isinstance(value, float) and value != value)
