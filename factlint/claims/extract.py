"""Extraction entry point (work in progress)."""

from __future__ import annotations

from factlint.models import Claim, Document
from factlint.pack import KnowledgePack


def extract_claims(document: Document, pack: KnowledgePack) -> list[Claim]:
    """Return every numeric claim in ``document``, attributed with ``pack``."""
    raise NotImplementedError
