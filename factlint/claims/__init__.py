"""Stage 2: read numeric claims out of documents and attribute them to facts."""

from factlint.claims.extract import extract_claims, prepare_extraction
from factlint.claims.table import CLAIM_COLUMNS, CONTRACT_COLUMNS, claims_to_frame, frame_to_claims

__all__ = [
    "CLAIM_COLUMNS",
    "CONTRACT_COLUMNS",
    "claims_to_frame",
    "extract_claims",
    "frame_to_claims",
    "prepare_extraction",
]
