"""Records in fenced YAML/JSON code become table rows (sources/datablocks.py)."""

from __future__ import annotations

import pathlib

from factlint.models import BlockKind, Document
from factlint.sources import load_document
from factlint.sources.datablocks import key_words

PLAN = """# Fleet plan

## Current fleet

```yaml
fleet:
  - sku: "Gaudi3"
    hbm_gb: 128
    tdpWatts: 900
  - sku: L40S
    note: no figures here
limits:
  MI300X:
    max_power_w: 750
```

```json
{"accelerator": "TPU v6e", "chips_per_pod": 256}
```

```python
hbm_gb = 80
```

```yaml
broken: [unclosed
```
"""


def _rows(tmp_path: pathlib.Path, text: str) -> tuple[Document, list[str]]:
    path = tmp_path / "plan.md"
    path.write_text(text, encoding="utf-8")
    document = load_document(path, "plan.md")
    return document, text.split("\n")


def test_each_mapping_with_a_number_is_a_row_with_its_keys_as_headers(tmp_path: pathlib.Path) -> None:
    document, _ = _rows(tmp_path, PLAN)
    rows = [block for block in document.blocks if block.kind is BlockKind.TABLE_ROW]
    assert [(row.table_headers, [cell.text for cell in row.cells]) for row in rows] == [
        (("sku", "hbm gb", "tdp Watts"), ["Gaudi3", "128", "900"]),
        (("", "max power w"), ["MI300X", "750"]),  # nested under its key, which leads the row
        (("accelerator", "chips per pod"), ["TPU v6e", "256"]),
    ]
    assert all(row.headings == ("Fleet plan", "Current fleet") for row in rows)


def test_every_cell_maps_back_to_its_value_in_the_file(tmp_path: pathlib.Path) -> None:
    document, lines = _rows(tmp_path, PLAN)
    for row in (block for block in document.blocks if block.kind is BlockKind.TABLE_ROW):
        offset = 0
        for cell in row.cells:
            line, column = row.position(offset)
            assert lines[line - 1][column - 1 : column - 1 + len(cell.text)] == cell.text
            assert cell.column == row.column + offset
            offset += len(cell.text) + 3


def test_other_code_and_broken_data_yield_nothing(tmp_path: pathlib.Path) -> None:
    document, _ = _rows(tmp_path, PLAN)
    texts = " ".join(block.text for block in document.blocks)
    assert "hbm_gb = 80" not in texts and "= 80" not in texts
    assert "unclosed" not in texts
    assert "no figures here" not in texts


def test_a_prose_field_over_several_lines_is_placed_character_by_character(tmp_path: pathlib.Path) -> None:
    text = (
        "runs:\n  - name: a\n    comment: >\n      moved to H100 cards\n      with 80 GB in 2025\n"
        '  - name: b\n    comment: "It has 80\\u00a0GB, 700 W."\n'
    )
    path = tmp_path / "runs.yaml"
    path.write_text(text, encoding="utf-8")
    lines = text.split("\n")
    paragraphs = [
        block for block in load_document(path, "runs.yaml").blocks if block.kind is BlockKind.PARAGRAPH
    ]
    assert len(paragraphs) == 2
    for block in paragraphs:
        for offset, character in enumerate(block.text):
            if character.isalnum() and character.isascii():
                line, column = block.position(offset)
                assert lines[line - 1][column - 1] == character, (block.text, offset)


def test_key_words_split_a_unit_after_a_digit_and_read_gbs_per_second_in_a_rate_key() -> None:
    assert key_words("peakFP16TFLOPS") == "peak FP16 TFLOPS"
    assert key_words("memBandwidthGBs") == "mem Bandwidth GB/s"
    assert key_words("memoryGBs") == "memory GBs"
    assert key_words("hbm_gb") == "hbm gb"
    assert key_words("A100 80GB") == "A100 80GB"  # a product's name and size stay whole
    assert key_words("H100NVL") == "H100NVL"
