"""EDI interchanges (ANSI X12, UN/EDIFACT): item rows, price rows and free-text paragraphs."""

from __future__ import annotations

import pathlib

from factlint.models import BlockKind
from factlint.sources import load_document
from factlint.sources.edi import edi_syntax, parse_edi

_ISA = (
    "ISA*00*          *00*          *ZZ*ORIONPARTS     *ZZ*WESTLAKELABS   "
    "*260112*0930*U*00401*000000912*0*P*:~"
)

# An X12 purchase order: envelope, a note, two items with descriptions over two segments.
_ORDER = [
    _ISA,
    "ST*850*0001~",
    "CUR*BY*EUR~",
    "NTE*GEN*ALL PRICES PER QUOTE 7.~",
    "PO1*1*2*EA*9100.00*PE*VP*ZX-1*BP*B-77~",
    "CTP**MSR*9900.00~",
    "PID*F****ZX-1 CARD, 48GB~",
    "PID*F****PER CARD: 350W~",
    "MEA*PD*WT*3*LB~",
    "PO1*2*1*EA*800.00*PE*VP*RISER-2~",
    "SE*9*0001~",
]


def test_separators_come_from_the_envelope() -> None:
    assert edi_syntax(_ISA) is not None
    syntax = edi_syntax(_ISA)
    assert syntax is not None and (syntax.element, syntax.component, syntax.terminator) == ("*", ":", "~")
    edifact = edi_syntax("UNA:+.? '\nUNB+UNOC:3+A+B+260101:1200+1'")
    assert edifact is not None and (edifact.element, edifact.terminator, edifact.release) == ("+", "'", "?")
    assert edi_syntax("UNB+UNOC:3+A+B'") is not None
    assert edi_syntax("ISA*ALPHA was our codename.") is None  # no fixed-width envelope


def test_items_become_rows_and_free_text_paragraphs() -> None:
    blocks = parse_edi(_ORDER)
    kinds = [(block.kind, block.line) for block in blocks]
    assert kinds == [
        (BlockKind.PARAGRAPH, 4),
        (BlockKind.TABLE_ROW, 5),
        (BlockKind.TABLE_ROW, 6),
        (BlockKind.PARAGRAPH, 7),
        (BlockKind.TABLE_ROW, 10),
    ]
    note, item, price, description, riser = blocks
    assert note.text == "ALL PRICES PER QUOTE 7." and note.column == 9
    assert item.table_headers == ("Line", "Unit price (EUR)", "Part number", "Part number")
    assert [(cell.text, cell.column) for cell in item.cells] == [
        ("1", 5),
        ("9100.00", 12),
        ("ZX-1", 26),
        ("B-77", 34),
    ]
    assert item.headings == ("ZX-1 CARD, 48GB",)  # the item's first description
    assert price.table_headers == ("List price (EUR)",) and price.cells[0].text == "9900.00"
    # two description segments read as one paragraph, each line placed where it is in the file
    assert description.text == "ZX-1 CARD, 48GB\nPER CARD: 350W"
    assert description.position(description.text.index("350W")) == (8, 20)
    assert description.headings == ()  # the description heads its item, not itself
    assert riser.headings == ()


def test_edifact_release_character_and_components(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "orders.edifact"
    path.write_text(
        "UNA:+.? '\n"
        "UNB+UNOC:3+A+B+260101:1200+1'\n"
        "LIN+1++QX-9:VP'\n"
        "IMD+F++:::QX-9 MODULE?+ 16GB'\n"
        "PRI+AAA:450.00'\n"
        "PRI+XXX:30.00'\n",
        encoding="utf-8",
    )
    document = load_document(path, "orders.edifact")
    texts = [(block.kind, block.text) for block in document.blocks]
    assert (BlockKind.PARAGRAPH, "QX-9 MODULE+ 16GB") in texts
    rows = [block for block in document.blocks if block.kind is BlockKind.TABLE_ROW]
    assert [row.table_headers for row in rows] == [("Line", "Part number"), ("Unit price",)]
