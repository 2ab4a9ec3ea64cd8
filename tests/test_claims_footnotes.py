"""Which entity a document's notes speak of (claims/footnotes.py)."""

from __future__ import annotations

from factlint.claims.footnotes import note_at, referents
from factlint.models import Block, BlockKind

NAMES = ("MI325X", "Gaudi3", "L40S")


def _names(text: str) -> list[str]:
    found = sorted((text.find(name), name) for name in NAMES if name in text)
    return [name for _, name in found]


def _row(text: str, line: int) -> Block:
    return Block(BlockKind.TABLE_ROW, text, line, 1)


def _paragraph(text: str, line: int) -> Block:
    return Block(BlockKind.PARAGRAPH, text, line, 1, sentences=((0, len(text)),))


def test_a_marker_stands_by_its_row_or_the_product_its_sentence_names() -> None:
    blocks = [
        _row("| MI325X | 2,615 TFLOPS[b] |", 1),
        _row("| Gaudi3 | 1,835 TFLOPS† |", 2),
        _paragraph("The L40S has 48 GB.[^c]", 4),
    ]
    assert referents(blocks, _names) == {"b": "MI325X", "†": "Gaudi3", "c": "L40S"}


def test_a_marker_used_for_two_products_or_none_stands_by_nothing() -> None:
    blocks = [
        _row("| MI325X | 256 GB[a] |", 1),
        _row("| Gaudi3 | 128 GB[a] |", 2),
        _paragraph("It runs hot.[2]", 4),
    ]
    assert referents(blocks, _names) == {}


def test_a_note_runs_from_its_marker_to_the_next_one() -> None:
    text = "a. Vendor figures.\nb. BF16 is 1,307 TFLOPS,\n   measured dense.\n[^c]: Another note."
    assert note_at(text, 0) == "a"
    assert note_at(text, text.index("BF16")) == "b"
    assert note_at(text, text.index("measured")) == "b"  # a wrapped line of the same note
    assert note_at(text, text.index("Another")) == "c"
    assert note_at("The MI325X has 256 GB.", 4) is None
