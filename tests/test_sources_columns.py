"""Plain-text tables without pipes: columns split by spaces, tabs, pipes or scraping glue."""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from factlint.sources.columns import find_text_tables


def _cells(rows, index):
    return [cell.text for cell in rows[index].cells]


def test_space_aligned_rows_under_a_pipe_header() -> None:
    lines = [
        "Pricing",
        "Plan | On-demand | 1-yr",
        "TPU v5e     $1.20     $0.84",
        "TPU v5p     $4.20     $2.94",
    ]
    rows = find_text_tables(lines)
    assert sorted(rows) == [1, 2, 3]
    assert rows[1].is_header and _cells(rows, 1) == ["Plan", "On-demand", "1-yr"]
    assert _cells(rows, 2) == ["TPU v5e", "$1.20", "$0.84"]
    assert rows[3].headers == ("Plan", "On-demand", "1-yr")


def test_a_drawn_rule_under_the_header_is_neither_header_nor_row() -> None:
    lines = [
        "  Pool    Machine      Chips       Power",
        "  ------  -----------  ----------  ------",
        "  north   Orion-8      8 x K9      6 kW",
        "  south   Vela-4       4 x K9      3 kW",
    ]
    rows = find_text_tables(lines)
    assert sorted(rows) == [0, 2, 3]
    assert rows[0].is_header and rows[2].headers == ("Pool", "Machine", "Chips", "Power")
    assert _cells(rows, 3) == ["south", "Vela-4", "4 x K9", "3 kW"]


def test_glued_prices_and_glued_header_cells() -> None:
    lines = ["Tier nameOn-demand (per hour)3-year commitment", "Basic$2.70$1.22", "Large$9.10$4.00"]
    rows = find_text_tables(lines)
    assert rows[0].is_header
    assert _cells(rows, 0) == ["Tier name", "On-demand (per hour)", "3-year commitment"]
    assert _cells(rows, 1) == ["Basic", "$2.70", "$1.22"]
    assert [cell.column for cell in rows[1].cells] == [1, 6, 11]


def test_one_glued_price_or_a_header_with_figures_makes_no_table() -> None:
    lines = ["Vega x8 · 3.2 Tbps Fabric · LinkBus 900 GB/s$23.92/hr", "Rigel x8 · BusLink 896 GB/s$21.52/hr"]
    assert find_text_tables(lines) == {}
    assert find_text_tables(["Vega SXM141 GB 44 vCPU$3.79/hr", "Rigel SXM80 GB 44 vCPU$2.99/hr"]) == {}


def test_currency_prefixes_are_not_glue() -> None:
    rows = find_text_tables(["Plan   Price", "Basic  US$2.70", "Large  A$9.10"])
    assert _cells(rows, 1) == ["Basic", "US$2.70"]
    assert _cells(rows, 2) == ["Large", "A$9.10"]


def test_first_line_with_figures_is_a_row_not_a_header() -> None:
    rows = find_text_tables(["Memory       32 GB", "Bandwidth    820 GB/s"])
    assert [row.is_header for row in rows.values()] == [False, False]
    assert all(row.headers == () for row in rows.values())


def test_misaligned_or_sentence_lines_are_not_tables() -> None:
    assert find_text_tables(["Chip A  96 GB", "The other chip is faster      12 TB/s"]) == {}
    assert find_text_tables(["It has 96 GB.  It shipped in 2024.", "It draws 500 W.  Pods hold 64."]) == {}
    assert find_text_tables(["Terms  Privacy  Cookies", "Help  Status  Careers"]) == {}


def test_list_items_and_dated_logs_are_not_tables() -> None:
    # Aligned under a header line these would read as a table, were the markers not list markers;
    # every marker plain text reads as a list item counts, "a)" and "(a)" included.
    for first, second in (("-", "-"), ("1.", "2."), ("a)", "b)"), ("(a)", "(b)"), ("•", "•")):
        lines = [
            "Item   Chip        Memory",
            f"{first:<7}Gaudi2      96 GB",
            f"{second:<7}Gaudi3      128 GB",
        ]
        assert find_text_tables(lines) == {}, first
    assert find_text_tables(["2024-12-03   Trn2 GA, 16 chips", "2023-11-28   Trainium2 shown"]) == {}


def test_tab_rows_keep_empty_cells() -> None:
    rows = find_text_tables(["Part\tMemory\tBandwidth", "Vega\t\t1.2 TB/s", "Rigel\t8 GB\t0.8 TB/s"])
    assert _cells(rows, 1) == ["Vega", "", "1.2 TB/s"]


_CELL = st.text(alphabet="abcdeXYZ$0123456789.", min_size=1, max_size=8).filter(lambda t: t.strip() == t)


@given(
    st.lists(st.lists(_CELL, min_size=2, max_size=4), min_size=2, max_size=4), st.sampled_from(["\t", "   "])
)
# found by CI: two pieces of one header line in one column were joined into a cell of no line
@example(table=[["0", "0"], ["0000X0", "X", "X"], ["00000", "0"], ["0000000", "00"]], separator="\t")
def test_every_cell_points_at_its_text(table: list[list[str]], separator: str) -> None:
    lines = [separator.join(row) for row in table]
    for index, row in find_text_tables(lines).items():
        for cell in row.cells:
            assert lines[index][cell.column - 1 :].startswith(cell.text)


def test_column_names_above_a_blank_corner_head_the_value_columns() -> None:
    lines = [
        "Vega family",
        "              Vega S      Vega XL",
        "Chips         1           2",
        "Memory        24 GB       48 GB",
        "Power         150 W       300 W",
    ]
    rows = find_text_tables(lines)
    assert sorted(rows) == [1, 2, 3, 4]
    assert rows[1].is_header and _cells(rows, 1) == ["", "Vega S", "Vega XL"]
    assert all(rows[index].headers == ("", "Vega S", "Vega XL") for index in (2, 3, 4))
    assert _cells(rows, 3) == ["Memory", "24 GB", "48 GB"]


def test_names_that_do_not_line_up_with_the_columns_head_nothing() -> None:
    lines = [
        "     Vega S  Vega XL",
        "Chips         1           2",
        "Memory        24 GB       48 GB",
    ]
    rows = find_text_tables(lines)
    assert sorted(rows) == [1, 2]
    assert rows[1].headers == ()


def test_a_boxed_table_with_a_blank_corner_names_its_columns() -> None:
    lines = [
        "+------------------------------+",
        "|            Alpha     Beta     |",
        "|  Memory    16 GB     32 GB    |",
        "|  Power     300 W     450 W    |",
        "+------------------------------+",
    ]
    rows = find_text_tables(lines)
    assert rows[1].is_header
    assert rows[2].headers == ("", "Alpha", "Beta")
    assert [cell.text for cell in rows[3].cells] == ["Power", "300 W", "450 W"]


def test_spaces_before_a_pipe_make_one_boundary() -> None:
    rows = find_text_tables(
        ["Part     | Memory   | Power", "Alpha    | 16 GB    | 300 W", "Beta     | 32 GB    | 450 W"]
    )
    assert [cell.text for cell in rows[1].cells] == ["Alpha", "16 GB", "300 W"]


_TWO_LINE_HEADER = [
    "2. PARTS RECEIVED",
    "   No.  Part                      List price     Landed     Duty   Net",
    "                                  (vendor)       (EUR)      rate   cost",
    "   1    Larkspur 2 board              4,100      4,390       7%    4,697",
    "   2    Larkspur 3 board, 2x fan      6,250      6,690       7%    7,158",
    "   3    Riser kit                       310        330       0%      330",
]


def test_a_header_broken_over_two_lines_names_each_column() -> None:
    rows = find_text_tables(_TWO_LINE_HEADER)
    assert sorted(rows) == [1, 2, 3, 4, 5]
    assert rows[1].is_header and rows[2].is_header
    assert rows[3].headers == (
        "No.",
        "Part",
        "List price (vendor)",
        "Landed (EUR)",
        "Duty rate",
        "Net cost",
    )
    assert [cell.text for cell in rows[4].cells][:3] == ["2", "Larkspur 3 board, 2x fan", "6,250"]


def test_a_title_or_a_sentence_above_the_rows_heads_nothing() -> None:
    # the title spans two columns: it is no part of the header
    assert 0 not in find_text_tables(_TWO_LINE_HEADER)
    lines = [
        "We received the following parts, all in good order, on the third of May.",
        "   1    Larkspur 2 board              4,100      4,390       7%    4,697",
        "   2    Riser kit                       310        330       0%      330",
    ]
    assert find_text_tables(lines) == {}


def test_a_row_of_a_table_above_is_no_header_line() -> None:
    lines = [
        "   Site     Racks",
        "   Oslo     4",
        "   Bergen   2",
        "   1    Larkspur 2 board              4,100      4,390",
        "   2    Riser kit                       310        330",
    ]
    rows = find_text_tables(lines)
    assert not rows[2].is_header and rows[2].headers == ("Site", "Racks")
