"""Quantity objects and count objects are fields of their record (sources/quantityfields.py)."""

from __future__ import annotations

import pytest

from factlint.models import BlockKind
from factlint.sources.datablocks import data_rows
from factlint.sources.quantityfields import unit_words


@pytest.mark.parametrize(
    ("spelling", "text"),
    [
        ("GB_PER_S", "GB/s"),
        ("TERABYTES_PER_SECOND", "TB/s"),
        ("TERA_FLOPS", "TFLOPS"),
        ("WATTS", "W"),
        ("E34", "GB"),
        ("GiB", "GiB"),
        ("TB/s", "TB/s"),
        ("MB", "MB"),
    ],
)
def test_unit_spellings_read_as_unit_text(spelling: str, text: str) -> None:
    assert unit_words(spelling) == text


def _rows(text: str) -> list[tuple[tuple[str, ...], str, tuple[int, ...]]]:
    lines = text.splitlines()
    blocks = data_rows(lines, 0, len(lines), (), None)
    return [
        (block.table_headers, block.text, tuple(line for _, line, _ in block.anchors))
        for block in blocks
        if block.kind is BlockKind.TABLE_ROW
    ]


def test_quantity_object_is_one_cell_of_its_record_at_the_value() -> None:
    text = '{"name": "Widget X1",\n "sram": {"value": 64, "unit": "MEGA_BYTES"},\n "tdpW": 40}'
    rows = _rows(text)
    assert rows == [(("name", "sram", "tdp W"), "Widget X1 | 64 MB | 40", (1, 2, 3))]


def test_value_and_unit_fields_beside_terms_merge_into_one_cell() -> None:
    text = (
        "name: Widget X1\npeak:\n  - precision: INT4\n    value: 800\n    unit: TERA_OPS\n"
        "    sparsity: null\n"
    )
    headers = ("name", "peak precision", "int4 peak value", "int4 peak sparsity")  # a null states no term
    assert _rows(text) == [(headers, "Widget X1 | INT4 | 800 TOPS | null", (1, 3, 4, 6))]


def test_count_object_gives_its_count_to_the_record() -> None:
    text = "name: Widget X1\ncores:\n  kind: VECTOR\n  count: 32\nclock_mhz: 900\n"
    assert _rows(text) == [(("name", "cores", "clock mhz"), "Widget X1 | 32 | 900", (1, 4, 5))]


def test_objects_with_a_name_or_other_figures_stay_records_of_their_own() -> None:
    text = "name: Box 9\nlinks: {count: 4, speed_gbps: 400}\nsize: {value: 2, unit: U, depth_mm: 800}\n"
    rows = _rows(text)
    assert [row[1] for row in rows] == ["links | 4 | 400", "size | 2 U | 800"]


def test_change_record_states_the_new_value_in_the_changed_fields_unit() -> None:
    text = (
        '{"name": "Widget X1", "link": {"value": 90, "unit": "GB_PER_S"}, "tdpW": 45,\n'
        ' "changes": [{"field": "link", "old": "80", "new": "90"},\n'
        '             {"field": "tdpW", "old": "40", "new": "45"}]}'
    )
    rows = _rows(text)
    assert (("name", "link"), "Widget X1 | 90 GB/s", (1, 2)) in rows
    assert (("name", "tdp W"), "Widget X1 | 45", (1, 3)) in rows
    assert not any("80" in row[1].split(" | ") or "40" in row[1].split(" | ") for row in rows)
