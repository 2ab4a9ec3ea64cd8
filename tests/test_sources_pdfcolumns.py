"""Two-column PDF text dumps (factlint.sources.pdfcolumns): each column read as its own flow."""

from __future__ import annotations

from pathlib import Path

from factlint.models import BlockKind
from factlint.sources import load_document
from factlint.sources.pdfcolumns import read_columns

LEFT = [
    "Overview. We compare two rented GPUs on",
    "a retrieval workload with long prompts. The",
    "MI300X carries 192 GB of HBM3 and reads it",
    "at 5.3 TB/s, which lets one card hold the",
    "whole index without sharding it anywhere.",
    "",
    "Setup. Each run lasts an hour and repeats",
    "three times on a fresh virtual machine.",
]
RIGHT = [
    "Pricing. The H100 SXM costs more per hour",
    "than the older card but has less memory to",
    "offer: 80 GB of HBM3 at 3.35 TB/s, with a",
    "board power of up to 700 W under load.",
    "",
    "Results. The MI300X served 1.6x the queries",
    "of the H100 SXM on the largest index, and",
    "kept every shard on a single device.",
]
GUTTER = 50


def _page(left: list[str], right: list[str], gutter: int = GUTTER) -> list[str]:
    return [(one.ljust(gutter) + two).rstrip() for one, two in zip(left, right, strict=True)]


TITLE = ["            Serving Retrieval on Rented Accelerators: A Short Study of Cost", ""]
TABLE = [
    "",
    "Table 1: Instances used in this study, with their hourly on-demand prices in one region only.",
    "  Instance          Accelerator        Count     USD/hr",
    "  ND MI300X v5      MI300X             8         48.00",
    "",
]


def test_each_column_is_read_after_the_other_and_keeps_its_lines() -> None:
    lines = _page(LEFT, RIGHT)
    flow = read_columns(lines)
    assert flow is not None and flow.regions == 1
    assert list(flow.text.lines) == LEFT + RIGHT
    # "80 GB" of the right column is on the file's third line, right of the gutter.
    row = RIGHT.index("offer: 80 GB of HBM3 at 3.35 TB/s, with a")
    assert flow.text.place(len(LEFT) + row + 1, 8) == (row + 1, GUTTER + 8)
    assert flow.text.place(3, 1) == (3, 1)


def test_full_width_title_and_table_stay_whole_around_the_columns() -> None:
    lines = [*TITLE, *_page(LEFT, RIGHT), *TABLE]
    flow = read_columns(lines)
    assert flow is not None
    assert list(flow.text.lines[:2]) == [line.rstrip() for line in TITLE]
    assert list(flow.text.lines[-len(TABLE) :]) == TABLE
    assert flow.text.lines[2 : 2 + len(LEFT)] == tuple(LEFT)


def test_the_gutter_is_found_wherever_the_page_puts_it() -> None:
    flow = read_columns(_page(LEFT, RIGHT, gutter=61))
    assert flow is not None
    assert flow.text.place(len(LEFT) + 1, 1) == (1, 62)


def test_each_page_finds_its_own_gutter() -> None:
    lines = [*_page(LEFT, RIGHT), "", "                                   1", *_page(LEFT, RIGHT, gutter=56)]
    flow = read_columns(lines)
    assert flow is not None and flow.regions == 2
    assert flow.text.place(len(flow.text.lines) - len(RIGHT) + 1, 1) == (len(LEFT) + 3, 57)


def test_single_column_prose_and_tables_are_left_alone() -> None:
    table = [
        "Product          Notes on the offer",
        "H100 SXM         80 GB of HBM3, rented by the hour",
        "MI300X           192 GB of HBM3, rented by the hour",
        "Gaudi 3          128 GB of HBM2e, rented by the hour",
        "TPU v5e          16 GB of HBM2e, rented by the chip-hour",
        "A100 80GB        80 GB of HBM2e, rented by the hour",
        "L40S             48 GB of GDDR6, rented by the hour",
    ]
    assert read_columns(table) is None
    assert read_columns(LEFT + RIGHT) is None


def test_loaded_blocks_point_at_the_file(tmp_path: Path) -> None:
    path = tmp_path / "paper.pdf.txt"
    path.write_text("\n".join([*TITLE, *_page(LEFT, RIGHT), *TABLE]) + "\n", encoding="utf-8")
    document = load_document(path, "paper.pdf.txt")
    paragraphs = [block for block in document.blocks if block.kind is BlockKind.PARAGRAPH]
    pricing = next(block for block in paragraphs if block.text.startswith("Pricing."))
    assert pricing.line == 3 and pricing.column == GUTTER + 1
    offset = pricing.text.index("80 GB")
    assert pricing.position(offset) == (5, GUTTER + 8)
    overview = next(block for block in paragraphs if block.text.startswith("Overview."))
    assert "Pricing" not in overview.text and overview.position(overview.text.index("192")) == (5, 16)
    rows = [block for block in document.blocks if block.kind is BlockKind.TABLE_ROW]
    assert any(block.line == len(TITLE) + len(LEFT) + 4 for block in rows)


def test_aligned_trailing_comments_are_no_second_column() -> None:
    code = [
        "board = 'Vantor X2'",
        "memory_gb = 64                  # HBM3 on four stacks of sixteen",
        "power_w = 450                   # board power at the default limit",
        "bandwidth_tbs = 2.4             # measured with the vendor's own tool",
        "cores = 96                      # two dies of forty-eight cores each",
        "price_usd = 12500               # list price in the spring catalogue",
        "release = 2024                  # shipped to partners in the autumn",
        "node_nm = 5                     # compute dies only, the base die is older",
    ]
    assert read_columns(code) is None
