"""One rule decides whether a comment after a value notes it or is a sentence of its own
(``datablocks.holds_figure``), in every reader of data with comments: fenced YAML, TOML and
Python modules."""

from __future__ import annotations

import pathlib

import pytest

from factlint.models import BlockKind, Document
from factlint.sources import load_document

# Each file writes one value with a comment whose digits only end names ("INT8", "GDDR7") and
# one with a comment that holds a figure of its own ("about 350 TOPS dense").
FILES = {
    "sheet.md": """# Sheet

```yaml
cards:
  - name: NVIDIA RTX 5000 Ada
    int8_tops: 1044   # INT8 with sparsity, GDDR7 board
    fp16_tflops: 261  # about 130 TFLOPS dense
```
""",
    "sheet.toml": """[[cards]]
name = "NVIDIA RTX 5000 Ada"
int8_tops = 1044              # INT8 with sparsity, GDDR7 board
fp16_tflops = 261             # about 130 TFLOPS dense
""",
    "sheet.py": '''"""Card sheet; units live in the field names."""
from dataclasses import dataclass


@dataclass(frozen=True)
class Card:
    name: str
    int8_tops: float
    fp16_tflops: float


CARDS = [
    Card(
        name="NVIDIA RTX 5000 Ada",
        int8_tops=1044,  # INT8 with sparsity, GDDR7 board
        fp16_tflops=261,  # about 130 TFLOPS dense
    ),
]
''',
}


def _document(tmp_path: pathlib.Path, name: str) -> Document:
    path = tmp_path / name
    path.write_text(FILES[name], encoding="utf-8")
    document = load_document(path, name)
    assert document.error is None, document.error
    return document


@pytest.mark.parametrize("name", sorted(FILES))
def test_comment_without_figure_only_notes_its_value(tmp_path: pathlib.Path, name: str) -> None:
    document = _document(tmp_path, name)
    readings = [block for block in document.blocks if "INT8 with sparsity" in block.text]
    assert [block.kind for block in readings] == [BlockKind.TABLE_ROW]
    assert "1044 (INT8 with sparsity, GDDR7 board)" in readings[0].text


@pytest.mark.parametrize("name", sorted(FILES))
def test_comment_with_figure_is_a_sentence(tmp_path: pathlib.Path, name: str) -> None:
    document = _document(tmp_path, name)
    sentences = [
        block
        for block in document.blocks
        if block.kind is BlockKind.PARAGRAPH and "about 130 TFLOPS dense" in block.text
    ]
    assert len(sentences) == 1
