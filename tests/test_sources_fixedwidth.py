"""Fixed-width printed reports: column spans under a dashed rule, page furniture, memo lines."""

from __future__ import annotations

import pathlib

from factlint.models import BlockKind
from factlint.sources import load_document
from factlint.sources.printedreports import _cut, find_printed_reports

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


# A plain table with a sum row (so a printed report's), prose around it that opens with a sum
# word or ends in a page number.
_TOTALLED = [
    "Total memory of the A100 is 40 GB.",
    "",
    "Node   GPUs   Memory",
    "-----  -----  ------",
    "n01    4      96 GB",
    "n02    8      80 GB",
    "Total  12     176 GB",
    "",
    "The H100 draws 700 W, as the datasheet says on page 4",
]


def test_sum_words_and_page_numbers_outside_the_report_are_prose() -> None:
    report = find_printed_reports(_TOTALLED)
    assert 6 in report.furniture
    assert not report.furniture & {0, 8}


def test_the_same_column_names_over_two_tables_make_no_page_header() -> None:
    lines = ["The first run of the cluster:", *_PLAIN, "", "The second run, a month on:", *_PLAIN]
    assert not find_printed_reports(lines).furniture & {0, 6}


def test_prose_after_a_blank_line_ends_the_report(tmp_path: pathlib.Path) -> None:
    lines = [
        "ACME LABS                                              PAGE     1",
        "ITEM NO  DESCRIPTION              QTY   UNIT COST    EXT COST",
        "-------- ----------------------- ---- ----------- -----------",
        "A-1001   SRV H100 80GB              2    4,500.00    9,000.00",
        "           * H100 700W EA, NODE 5.6KW MAX",
        "                                      PAGE TOTAL      9,000.00",
        "",
        "Notes from the buyer:",
        "",
        "Total power of the H100 node is 10.2 kW, see page 3",
        "Continued support for the A100 with 40 GB runs to 2027.",
        "The B200 draws 1000 W.",
    ]
    path = tmp_path / "r.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    blocks = load_document(path, "r.txt").blocks
    assert [block.line for block in blocks if block.kind is BlockKind.TABLE_ROW] == [4]
    paragraphs = [block.text for block in blocks if block.kind is BlockKind.PARAGRAPH]
    assert paragraphs[1:] == ["Notes from the buyer:", *lines[9:]]


class _CountedSpans(tuple[range, ...]):
    """Column spans that count how often a column is looked at."""

    looked = 0

    def __getitem__(self, number):
        _CountedSpans.looked += 1
        return super().__getitem__(number)

    def __iter__(self):
        for span in super().__iter__():
            _CountedSpans.looked += 1
            yield span


def test_a_row_costs_its_words_not_its_words_times_the_columns() -> None:
    columns = 200
    spans = _CountedSpans(range(number * 4, number * 4 + 3) for number in range(columns))
    line = " ".join(f"{number:03d}" for number in range(columns))
    _CountedSpans.looked = 0
    cells = _cut(line, spans, tuple(span.start for span in spans))
    assert cells is not None and cells[-1].text == f"{columns - 1:03d}"
    assert _CountedSpans.looked < 20 * columns  # was every column for every word: columns**2
