"""Rows of a price table that sum the rows above them: "| | Total | 15,100 |", "Summe brutto".

A quote or an order sheet closes its item rows with a total, a tax line and a grand total. Such
a row names no product: its label cells say what was summed or taxed ("Total", "Summe brutto",
"TVA 20 %", "Razem") and its figures belong to no one, not to the page's subject either.
"""

from __future__ import annotations

import re

from factlint.claims.fastre import FoldedPattern, compile_folded
from factlint.claims.language import Language, alternation
from factlint.models import Block, BlockKind

_LETTER = re.compile(r"[^\W\d_]")


class TotalRows:
    """Knows a table row that totals or taxes the rows above it."""

    def __init__(self, language: Language) -> None:
        words = language.total_row_words
        self._label: FoldedPattern | None = (
            compile_folded(r"\s*" + alternation(words) + r"(?![\w\-])", re.I) if words else None
        )

    def is_total(self, block: Block) -> bool:
        """Return True for a table row whose every cell with words opens on a total's or a tax's word."""
        if self._label is None or block.kind is not BlockKind.TABLE_ROW:
            return False
        worded = [cell.text for cell in block.cells if _LETTER.search(cell.text)]
        return bool(worded) and all(self._label.match(text) for text in worded)
