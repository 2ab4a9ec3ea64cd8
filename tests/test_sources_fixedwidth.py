"""Fixed-width printed reports: column spans under a dashed rule, page furniture, memo lines."""

from __future__ import annotations

import pathlib

from factlint.models import BlockKind
from factlint.sources import load_document
from factlint.sources.printedreports import find_printed_reports

# An ERP purchase-receipts listing: two pages, a sum carried between them, memo lines under rows,
# a returned item with trailing-minus amounts.
_RECEIPTS = [
    "NORTHWIND RESEARCH LTD                                                 PAGE     1",
    "PO220R   GOODS RECEIVED - STORE 12 LAB EQUIPMENT            RUN 2026-03-02 05:40",
    "SELECT DEPT=LAB,ENG                                                  USER OPS7",
    "================================================================================",
    "RCPT NO  DESCRIPTION                    RCVD     QTY   UNIT PRICE     LINE VALUE",
    "-------- ------------------------------ -------- --- ------------ --------------",
    "                                               BROUGHT FORWARD        40,120.00",
    "R-00911  WKS ZEPHYR Z4 2X KX90 48GB     01/12/26   3     8,450.00      25,350.00",
    "           * KX90 300W EA, WKS 1.1KW MAX",
    "R-00912  CBL QSFP 2M                    01/12/26  12        38.50         462.00",
    "R-00913  WKS ZEPHYR Z4 RETURN           01/19/26   1     8,450.00-     8,450.00-",
    "                                               PAGE TOTAL             17,362.00",
    "                                               CARRIED FORWARD        57,482.00",
    "NORTHWIND RESEARCH LTD                                                 PAGE     2",
    "PO220R   GOODS RECEIVED - STORE 12 LAB EQUIPMENT            RUN 2026-03-02 05:40",
    "SELECT DEPT=LAB,ENG                                                  USER OPS7",
    "================================================================================",
    "RCPT NO  DESCRIPTION                    RCVD     QTY   UNIT PRICE     LINE VALUE",
    "-------- ------------------------------ -------- --- ------------ --------------",
    "R-00950  CARD KX90 48GB SPARE           02/02/26   2     2,990.00       5,980.00",
    "                                               GRAND TOTAL            63,462.00",
    "*** END OF LISTING PO220R ***",
]

# A mainframe inventory listing (SYSOUT) on one page, its page number in the header.
_INVENTORY = [
    " IVS300  INVENTORY STATUS BY LOCATION                          PAGE:    1",
    " RUN DATE 2026-02-11  TIME 23:41:07  JOB IVS300J",
    " LOC  PART NUMBER   DESCRIPTION                ON HAND  UNIT COST",
    " ---- ------------- -------------------------- ------- ----------",
    " B07  770-1182-00   ACCEL CARD TALON T2 32GB        14   1,240.00",
    "         * TALON T2 75W TYP PER CARD",
    " B07  770-1190-00   RISER X16 GEN4                  30      41.00",
    " TOTALS                                             44",
]

# A table under a dashed rule with nothing of a printed report around it: a plain-text table.
_PLAIN = [
    "Node   GPUs   Memory",
    "-----  -----  ------",
    "n01    4      96 GB",
    "n02    8      80 GB",
]


def test_detail_rows_are_cut_at_the_rule_runs_under_the_column_names() -> None:
    report = find_printed_reports(_RECEIPTS)
    row = report.rows[7]
    assert row.headers == ("RCPT NO", "DESCRIPTION", "RCVD", "QTY", "UNIT PRICE", "LINE VALUE")
    assert [cell.text for cell in row.cells] == [
        "R-00911",
        "WKS ZEPHYR Z4 2X KX90 48GB",
        "01/12/26",
        "3",
        "8,450.00",
        "25,350.00",
    ]
    assert _RECEIPTS[7][row.cells[4].column - 1 :].startswith("8,450.00")
    assert report.rows[4].is_header and report.rows[17].is_header


def test_a_trailing_minus_stays_with_its_amount() -> None:
    row = find_printed_reports(_RECEIPTS).rows[10]
    assert [cell.text for cell in row.cells][4:] == ["8,450.00-", "8,450.00-"]


def test_page_headers_sums_and_end_lines_are_furniture() -> None:
    report = find_printed_reports(_RECEIPTS)
    assert {0, 1, 2, 13, 14, 15} <= report.furniture  # both pages' headers
    assert {6, 11, 12, 20, 21} <= report.furniture  # brought and carried forward, totals, end line
    assert not report.furniture & {7, 9, 10, 19}


def test_a_memo_line_names_the_item_of_the_row_above_it() -> None:
    report = find_printed_reports(_RECEIPTS)
    column, item = report.memos[8]
    assert item == "WKS ZEPHYR Z4 2X KX90 48GB"
    assert _RECEIPTS[8][column:].startswith("KX90 300W EA")


def test_a_one_page_listing_with_a_page_number_is_a_report() -> None:
    report = find_printed_reports(_INVENTORY)
    assert {0, 1} <= report.furniture and 7 in report.furniture
    assert [cell.text for cell in report.rows[4].cells] == [
        "B07",
        "770-1182-00",
        "ACCEL CARD TALON T2 32GB",
        "14",
        "1,240.00",
    ]
    assert report.memos[5][1] == "ACCEL CARD TALON T2 32GB"


def test_a_plain_table_under_a_rule_is_no_printed_report() -> None:
    assert find_printed_reports(_PLAIN).rows == {}


def test_a_loaded_report_gives_rows_memos_and_no_furniture_blocks(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "PO220R.txt"
    path.write_text("\n".join(_RECEIPTS) + "\n", encoding="utf-8")
    blocks = load_document(path, "PO220R.txt").blocks
    texts = [block.text for block in blocks]
    assert not any("FORWARD" in text or "TOTAL" in text or "PAGE" in text for text in texts)
    memo = next(block for block in blocks if block.line == 9)
    assert memo.kind is BlockKind.PARAGRAPH and memo.label == "WKS ZEPHYR Z4 2X KX90 48GB"
    assert memo.text == "KX90 300W EA, WKS 1.1KW MAX" and memo.column == 14
    rows = [block for block in blocks if block.kind is BlockKind.TABLE_ROW]
    assert [block.line for block in rows] == [8, 10, 11, 20]
    assert rows[0].table_headers[4] == "UNIT PRICE"


def test_a_long_rule_ending_in_a_letter_is_read_in_one_pass() -> None:
    # Two open runs of rule marks split a long line every way before failing: minutes, not a pass.
    lines = [*_PLAIN, "-" * 100_000 + "x"]
    assert find_printed_reports(lines).rows == {}
