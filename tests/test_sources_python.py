"""Reading Python source files: literal records, comments and prose strings, code left unread."""

from __future__ import annotations

import pathlib

from factlint.claims import extract_claims
from factlint.models import Block, BlockKind
from factlint.pack import load_pack
from factlint.sources import load_document
from factlint.sources.pysource import parse_python_file

NAMED_TUPLES = '''\
"""Inference cards on the lab's shelf."""
from typing import NamedTuple


class Card(NamedTuple):
    model: str
    hbm_gib: float
    board_power_w: int
    launch: str


# Positional entries follow the field order above.
CARDS = [
    Card("L4", 24, 72, "2023-03"),
    Card("A10", 24, 150, "2021-04"),  # single slot, passive
    # Card("T4", 16, 70, "2018-09"),
]

BATCH_SIZES = [1, 8, 32]


def per_watt(card: Card) -> float:
    """Return GiB per watt: 24 / 72 for an L4."""
    # the L40S would give 48 GB over 350 W
    return card.hbm_gib / card.board_power_w
'''

DICT_OF_DICTS = """\
SPECS = {
    # Intel's figures; the price is a reseller's.
    "Gaudi3": {
        "hbm_gb": 128,
        "tdp_w": 900,  # OAM, air-cooled
        "price_usd": 15650,  # reseller quote, not confirmed
        "notes": ["launched in September 2024", "about 1.5x the training speed of the H100 (vendor)"],
    },
    "MI300X": {"hbm_gb": 192, "tdp_w": 750},
}
"""

NO_CLAIMS = '''\
"""Helpers for the benchmark harness (version 2.3)."""
import math

TIMEOUT_S = 30
MODELS = {"llama-3.1-8b": 8, "mixtral-8x7b": 47}


def throughput(tokens: int, seconds: float) -> float:
    """Return tokens per second; 0 when nothing ran."""
    # 80 GB would fit the whole model on one H100
    return tokens / seconds if seconds else 0.0
'''


def _rows(blocks: tuple[Block, ...]) -> list[tuple[str, tuple[str, ...]]]:
    return [(block.text, block.table_headers) for block in blocks if block.kind is BlockKind.TABLE_ROW]


def _claims(tmp_path: pathlib.Path, name: str, text: str) -> set[tuple[int, str, str, str, float]]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    document = load_document(path, name)
    return {
        (claim.line, claim.entity, claim.scope, claim.attribute, round(float(claim.value), 3))
        for claim in extract_claims(document, load_pack())
        if isinstance(claim.value, int | float)
    }


def test_named_tuple_calls_take_their_field_names() -> None:
    blocks = parse_python_file(NAMED_TUPLES.splitlines()).blocks
    assert _rows(blocks) == [
        ("L4 | 24 | 72 | 2023-03", ("model", "hbm gib", "board power w", "launch")),
        ("A10 | 24 | 150 | 2021-04", ("model", "hbm gib", "board power w", "launch")),
    ]
    row = next(block for block in blocks if block.kind is BlockKind.TABLE_ROW)
    assert (row.line, row.column) == (14, 11)  # the model's string, past its quote
    assert row.anchors[1] == (5, 14, 16)  # "24" where it is written


def test_named_tuple_catalogue_claims(tmp_path: pathlib.Path) -> None:
    claims = _claims(tmp_path, "cards.py", NAMED_TUPLES)
    assert (14, "L4", "card", "power", 72.0) in claims
    assert (15, "A10", "card", "power", 150.0) in claims
    assert (14, "L4", "chip", "memory_capacity", 25.77) in claims
    # commented-out entries, the function's docstring and comment are no claims
    assert not any(line in (16, 24, 25) for line, *_ in claims)


def test_dict_of_dicts_records_comments_and_notes() -> None:
    blocks = parse_python_file(DICT_OF_DICTS.splitlines()).blocks
    assert _rows(blocks) == [
        (
            "Gaudi3 | 128 | 900 (OAM, air-cooled) | 15650 (reseller quote, not confirmed)",
            ("", "hbm gb", "tdp w", "price usd"),
        ),
        ("MI300X | 192 | 750", ("", "hbm gb", "tdp w")),
    ]
    notes = [
        (block.text, block.line, block.column, block.label)
        for block in blocks
        if block.kind is BlockKind.PARAGRAPH
    ]
    assert notes == [
        ("launched in September 2024", 7, 20, "Gaudi3"),
        ("about 1.5x the training speed of the H100 (vendor)", 7, 50, "Gaudi3"),
    ]


def test_dict_of_dicts_claims(tmp_path: pathlib.Path) -> None:
    claims = _claims(tmp_path, "specs.py", DICT_OF_DICTS)
    assert {
        (4, "Gaudi3", "chip", "memory_capacity", 128.0),
        (5, "Gaudi3", "chip", "power", 900.0),
        (6, "Gaudi3", "chip", "price", 15650.0),
        (7, "Gaudi3", "chip", "relative_performance", 1.5),
        (9, "MI300X", "chip", "memory_capacity", 192.0),
    } <= claims


def test_comment_above_a_record_is_about_it() -> None:
    text = "CARDS = {\n    # 48 GB GDDR6 per board\n    'L40S': {'tdp_w': 350},\n}\n"
    comment = next(
        block for block in parse_python_file(text.splitlines()).blocks if block.kind is BlockKind.PARAGRAPH
    )
    assert (comment.text, comment.line, comment.column, comment.label) == (
        "48 GB GDDR6 per board",
        2,
        7,
        "L40S",
    )


def test_module_with_no_claims(tmp_path: pathlib.Path) -> None:
    assert _claims(tmp_path, "harness.py", NO_CLAIMS) == set()


def test_file_that_does_not_parse_is_plain_text(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "broken.py"
    path.write_text(
        'SPECS = {\n    "H100 SXM": {"hbm_gb": 80,\n# the H100 SXM draws 700 W\n', encoding="utf-8"
    )
    document = load_document(path, "broken.py")
    assert document.error is None
    assert document.problems == ("line 2: '{' was never closed: not valid Python, read as plain text",)
    assert any("700 W" in block.text for block in document.blocks)


COLUMNS_AND_CONSTANTS = """\
import pandas as pd

cards = pd.DataFrame(
    {
        "model": ["L40S", "A40"],
        "mem_gb": [48, 48],
        "tdp_w": [350, 300],
        "notes": ["launched in October 2023", ""],
    }
)
PRICES = {}
PRICES["H200"] = {"list_usd": 31000}
MI300X_HBM_GB = 192
SCHEMA_VERSION = 4
"""


def test_columns_of_a_frame_are_records() -> None:
    blocks = parse_python_file(COLUMNS_AND_CONSTANTS.splitlines()).blocks
    assert _rows(blocks)[:2] == [
        ("L40S | 48 | 350", ("model", "mem gb", "tdp w")),
        ("A40 | 48 | 300", ("model", "mem gb", "tdp w")),
    ]
    note = next(block for block in blocks if block.kind is BlockKind.PARAGRAPH)
    assert (note.text, note.line, note.label) == ("launched in October 2023", 8, "L40S")


def test_frame_entry_and_constant_claims(tmp_path: pathlib.Path) -> None:
    claims = _claims(tmp_path, "frames.py", COLUMNS_AND_CONSTANTS)
    assert {
        (6, "L40S", "chip", "memory_capacity", 48.0),
        (7, "A40", "chip", "power", 300.0),
        (12, "H200", "chip", "price", 31000.0),
        (13, "MI300X", "chip", "memory_capacity", 192.0),
    } <= claims
    assert not any(line == 14 for line, *_ in claims)  # a schema version is no figure
