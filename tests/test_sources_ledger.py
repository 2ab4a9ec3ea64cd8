"""Reading plain-text accounting journals: transactions headed by their description, unit prices
as sentences naming their commodity, amounts without a unit price and plans' amounts dropped."""

from __future__ import annotations

import pathlib

from factlint.sources.ledger import is_ledger, parse_ledger
from factlint.sources.loader import load_document

# A journal of our own: a declaration, a price directive, a purchase with a spec comment and a
# fee, a correction citing the purchase's order number, and a budget.
JOURNAL = [
    "commodity $1,000.00",
    "P 2025-05-01 gpuh-a10 $0.75  ; A10 rental rate",
    "",
    "2025-05-02 * Dell | two A40 boards  ; order DL-4471",
    "    ; spec sheet: A40, 48 GB, 300 W",
    '    assets:equipment        2 "A40" @ $4,650.00',
    "    expenses:fees           $35.00",
    "    liabilities:card",
    "",
    "2025-05-20 * Dell | credit for DL-4471",
    "    ; billed $4,500 per board after the discount",
    "    liabilities:card        $300.00",
    "    assets:equipment",
    "",
    "~ monthly  rentals",
    "    expenses:cloud          30 gpuh-a10 @ $0.75",
    "    assets:bank",
]


def test_journal_suffixes_and_content_make_a_ledger():
    assert is_ledger([], ".journal") is True
    assert is_ledger([], ".beancount") is True
    assert is_ledger([*JOURNAL, "", *JOURNAL[3:8]], ".txt") is True  # three dated transactions
    assert is_ledger(JOURNAL, ".md") is False
    notes = ["2025-05-02 met Dell", "about the A40", "2025-05-03 call", "  later", "2025-05-04 x"]
    assert is_ledger(notes, ".txt") is False  # one dated line followed by an indented one is no journal


def test_blocks_read_unit_prices_and_comments_under_their_transaction():
    blocks = {(block.line, block.text): block.headings for block in parse_ledger(JOURNAL)}
    assert blocks[(2, "a10 $0.75 per GPU-hour; A10 rental rate")] == ()
    assert blocks[(5, "spec sheet: A40, 48 GB, 300 W")] == ("Dell | two A40 boards",)
    assert blocks[(6, "A40 $4,650.00 each")] == ("Dell | two A40 boards",)
    # the correction cites the order number: it goes on with the purchase's subject
    assert blocks[(11, "billed $4,500 per board after the discount")] == (
        "Dell | two A40 boards",
        "Dell | credit for DL-4471",
    )
    texts = [text for _, text in blocks]
    assert not any("35.00" in text or "300.00" in text for text in texts)  # amounts, not prices
    assert not any(line == 16 for line, _ in blocks)  # a budget's posting is a plan
    assert not any("DL-4471" in text for text in texts)  # the order number names nothing


def test_a_negative_unit_price_is_read_from_its_digits():
    lines = ["2025-06-01 * sold", '    income:sales     1 "A40" @ $-2,100.00', "    assets:bank"]
    (block,) = parse_ledger(lines)
    assert block.text == "A40 2,100.00 USD each"
    assert block.position(block.text.index("2,100")) == (2, lines[1].index("2,100") + 1)


def test_a_journal_file_loads_as_text(tmp_path: pathlib.Path):
    path = tmp_path / "lab.journal"
    path.write_text("\n".join(JOURNAL) + "\n", encoding="utf-8")
    document = load_document(path, "lab.journal")
    assert document.error is None
    assert document.format == "text"
    assert any(block.text.startswith("A40 $4,650.00") for block in document.blocks)
