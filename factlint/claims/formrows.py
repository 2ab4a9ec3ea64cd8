"""The form a table row says its product comes in: a board of GPUs holds the row's figures."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from factlint.claims.fastre import FoldedPattern

_WORD = re.compile(r"[A-Za-z][A-Za-z0-9.]*[A-Za-z0-9]|[A-Za-z]")


def row_form_scope(
    cells: Sequence[str],
    headers: Sequence[str],
    description: int | None,
    form_headers: FoldedPattern,
    board_words: frozenset[str],
    scope_of_noun: Mapping[str, str],
) -> str | None:
    """Return "card" when a row's form-factor cell or product description names a board, else None.

    "| NVIDIA A16 | board | 64 | 250 |", "NVIDIA A16 64GB BOARD (VDI)": what the row sells is a
    board carrying its GPUs, so its capacity, power and price are the board's. The last scope
    noun of the cell decides: "GPU ... PCIE SPARE" names a chip; a "PCIe card" or an "M.2
    module" is one chip's package, whose figures stay the chip's.
    """
    indexes = [
        index
        for index, header in enumerate(headers)
        if index < len(cells) and form_headers.fullmatch(header.replace("_", " ").strip())
    ]
    if description is not None and description < len(cells):
        indexes.append(description)
    for index in indexes:
        words = [word.lower() for word in _WORD.findall(cells[index]) if word.lower() in scope_of_noun]
        if words and words[-1] in board_words:
            return "card"
    return None
