"""Printed DataFrames and Python data literals in fenced code (sources/frames.py, sources/pyliterals.py)."""

from __future__ import annotations

import pathlib

from factlint.models import BlockKind
from factlint.sources import load_document

NOTEBOOK = """# Sizing

```
        board  mem_gb
0  Gaudi2 HL-225      96
1        L4      24
```

```
            part  mem_gb  tdp_w
0          Gaudi2      96    600
1              L4      24     72
```

```python
In [2]: # board power in watts
        POWER = {
            "L4": 72,   # 1 slot, 24 GB
            "Gaudi2": -1,
        }
        import math
```
"""


def _load(tmp_path: pathlib.Path):
    path = tmp_path / "nb.md"
    path.write_text(NOTEBOOK, encoding="utf-8")
    return load_document(path, "nb.md"), NOTEBOOK.splitlines()


def test_a_printed_frame_becomes_rows_without_its_counting_index(tmp_path: pathlib.Path) -> None:
    document, lines = _load(tmp_path)
    rows = [b for b in document.blocks if b.kind is BlockKind.TABLE_ROW and b.line < 15]
    assert [(b.line, b.table_headers) for b in rows] == [
        (11, ("part", "mem gb", "tdp w")),
        (12, ("part", "mem gb", "tdp w")),
    ]  # the misaligned first frame is no table
    assert [cell.text for cell in rows[0].cells] == ["Gaudi2", "96", "600"]
    for cell in rows[1].cells:
        assert lines[rows[1].line - 1][cell.column - 1 :].startswith(cell.text)


def test_a_dict_literal_gives_rows_under_its_comment_and_comments_as_sentences(
    tmp_path: pathlib.Path,
) -> None:
    document, lines = _load(tmp_path)
    rows = [b for b in document.blocks if b.kind is BlockKind.TABLE_ROW and b.line > 15]
    assert [(b.text, b.table_headers) for b in rows] == [
        ("L4 | 72", ("", "board power in watts")),
        ("Gaudi2 | -1", ("", "board power in watts")),
    ]
    for block in rows:
        for offset, line, column in block.anchors:
            text = block.text[offset:].split(" | ")[0]
            assert lines[line - 1][column - 1 :].startswith(text)
    comments = [b for b in document.blocks if b.kind is BlockKind.PARAGRAPH and b.line > 15]
    assert [b.text for b in comments] == ["L4: 1 slot, 24 GB"]
    number = next(i for i, line in enumerate(lines, start=1) if "# 1 slot" in line)
    assert comments[0].position(4) == (number, lines[number - 1].index("1 slot") + 1)
