"""Rows of a notes table that open with a reporter: their figure is of the product the row before held.

A sheet or page of numbered notes kept as a table (``| 2 | Measured: the X ... |``,
``| 3 | The maker claims up to 2x ... than the Y |``) is a list of notes in cells: a note that opens
with its source ("Acme claims", "The vendor says") is about the product the note before it was
about, as a list item opening so is (``reporters.py``). The product is the one the row before made
claims of, not one it only compared with, and never one this row compares with.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from factlint.models import Block, BlockKind, Claim

_NOTE_WORDS = 5  # a prose cell: at least this many words


def note_text(block: Block) -> str | None:
    """Return the one prose cell of a table row (its note), None when it has none or several."""
    prose = [cell.text for cell in block.cells if len(cell.text.split()) >= _NOTE_WORDS]
    return prose[0] if len(prose) == 1 else None


def reported_subject(
    block: Block,
    before: Block | None,
    before_claims: Iterable[Claim],
    opens: Callable[[str], bool],
    named: Callable[[str], set[str]],
) -> str | None:
    """Return the product a reporter's notes row falls back on, None when the row is no such note.

    ``before`` is the block right before ``block`` and ``before_claims`` the claims read from it;
    ``opens`` tells a text opening with a reporter and ``named`` returns the products a text names.
    """
    if block.kind is not BlockKind.TABLE_ROW or before is None or before.kind is not BlockKind.TABLE_ROW:
        return None
    if block.table_headers != before.table_headers:
        return None
    note = note_text(block)
    if note is None or not opens(note):
        return None
    compared = named(note)
    held = [claim.entity for claim in before_claims if claim.entity not in compared]
    return held[0] if held else None
