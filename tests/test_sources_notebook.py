"""Jupyter notebooks: cells read as the page shows them, every character placed in the raw JSON."""

from __future__ import annotations

import json
import pathlib
import re

import pytest

from factlint.api import extract
from factlint.models import BlockKind, Document
from factlint.sources import load_document
from factlint.sources.jsonplaces import JsonSyntaxError, parse_placed_json
from factlint.sources.notebook import is_notebook, read_notebook


def _cell(kind: str, *lines: str, outputs: list[dict[str, object]] | None = None) -> dict[str, object]:
    cell: dict[str, object] = {"cell_type": kind, "id": f"c{len(lines)}", "metadata": {}}
    cell["source"] = [f"{line}\n" for line in lines[:-1]] + list(lines[-1:])
    if kind == "code":
        cell["execution_count"] = 1
        cell["outputs"] = outputs or []
    return cell


def _notebook(*cells: dict[str, object]) -> dict[str, object]:
    return {
        "cells": list(cells),
        "metadata": {"kernelspec": {"name": "python3", "language": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


_FRAME = [  # as pandas prints it
    "           accelerator  hbm_gb  fp8_tflops  tdp_w\n",
    "0        Intel Gaudi 3   128.0      1835.0  900.0\n",
    "1  AMD Instinct MI300X   192.0         NaN  750.0\n",
    "2          NVIDIA H100    80.0      1979.0    NaN",
]

_EVALUATION = _notebook(
    _cell("markdown", "# Accelerator bake-off", "", "Vendor figures unless marked."),
    _cell(
        "code",
        "import pandas as pd",
        'df = pd.read_parquet("chips.parquet")',
        "df",
        outputs=[
            {
                "output_type": "execute_result",
                "execution_count": 1,
                "metadata": {},
                "data": {"text/plain": _FRAME},
            }
        ],
    ),
    _cell("markdown", "## Notes", "", '* **Gaudi 3.** The "128 GB" is HBM2e; its bandwidth is 3.7 TB/s.'),
    _cell(
        "code",
        "run()",
        outputs=[
            {
                "output_type": "stream",
                "name": "stdout",
                "text": ["measured on the MI300X: board power 610 W\n"],
            }
        ],
    ),
)


def _write(
    tmp_path: pathlib.Path, notebook: dict[str, object], name: str = "bakeoff.ipynb", **dump: object
) -> pathlib.Path:
    path = tmp_path / name
    path.write_text(json.dumps(notebook, **dump), encoding="utf-8")  # type: ignore[arg-type]
    return path


_ESCAPE = re.compile(r"\\(?:u[0-9a-fA-F]{4}(?:\\u[dD][c-fC-F][0-9a-fA-F]{2})?|.)")


def _check_place(line: str, column: int, character: str) -> None:
    """Assert that ``line`` holds ``character`` at 1-based ``column``, or an escape that spells exactly it."""
    found = line[column - 1]
    if found == "\\" and character != "\\":
        escape = _ESCAPE.match(line, column - 1)
        assert escape is not None, (line, column)
        spelled = json.loads(f'"{escape.group()}"')
        lone = len(spelled) == 1 and "\ud800" <= spelled <= "\udfff"
        assert spelled == character or (lone and character == "\ufffd"), (line, column, character)
    else:
        assert found == character, (line, column, character)


def _assert_placed(document: Document, raw: str) -> None:
    """Each character of each block stands where the file has it (an escape: at its backslash)."""
    lines = raw.split("\n")
    for block in document.blocks:
        for offset, character in enumerate(block.text):
            if character == "\n":
                continue
            line, column = block.position(offset)
            _check_place(lines[line - 1], column, character)


@pytest.mark.parametrize("layout", [{"indent": 1}, {}], ids=["as-jupyter-saves", "one-line"])
def test_cells_read_as_the_page_shows_them_and_stay_placed(
    tmp_path: pathlib.Path, layout: dict[str, object]
) -> None:
    path = _write(tmp_path, _EVALUATION, **layout)
    document = load_document(path, path.name)
    assert document.error is None
    assert document.title == "Accelerator bake-off"
    rows = [block for block in document.blocks if block.kind is BlockKind.TABLE_ROW]
    assert [row.cells[0].text for row in rows] == ["Intel Gaudi 3", "AMD Instinct MI300X", "NVIDIA H100"]
    assert rows[0].table_headers == ("accelerator", "hbm gb", "fp8 tflops", "tdp w")
    note = next(block for block in document.blocks if "3.7 TB/s" in block.text)
    assert note.headings == ("Accelerator bake-off", "Notes")
    printed = next(block for block in document.blocks if "610 W" in block.text)
    assert printed.headings == ("Accelerator bake-off", "Notes")  # a heading governs the cells below it
    _assert_placed(document, path.read_text(encoding="utf-8"))
    if not layout:  # one JSON line: every block on it
        assert {block.line for block in document.blocks} == {1}


def test_each_source_line_is_placed_at_its_json_string(tmp_path: pathlib.Path) -> None:
    path = _write(tmp_path, _EVALUATION, indent=1)
    raw = path.read_text(encoding="utf-8").split("\n")
    document = load_document(path, path.name)
    row = next(block for block in document.blocks if block.text.startswith("Intel Gaudi 3"))
    line, column = row.position(0)
    assert raw[line - 1].index("Intel Gaudi 3") + 1 == column
    assert raw[line - 1].strip().startswith('"0        Intel Gaudi 3')


def test_code_is_not_prose_and_outputs_are(tmp_path: pathlib.Path) -> None:
    notebook = _notebook(
        _cell("code", "budget_tb = 4  # not a claim: a variable", outputs=[]),
        _cell(
            "code",
            "print(x)",
            outputs=[{"output_type": "stream", "name": "stdout", "text": "The H100 draws 700 W.\n"}],
        ),
    )
    document = load_document(_write(tmp_path, notebook), "n.ipynb")
    texts = [block.text for block in document.blocks]
    assert "The H100 draws 700 W." in texts
    assert not any("budget_tb" in text for text in texts)


def test_claims_come_from_frames_notes_and_printed_output(tmp_path: pathlib.Path) -> None:
    path = _write(tmp_path, _EVALUATION, indent=1)
    found = {(claim.entity, claim.attribute, claim.value, claim.unit) for claim in extract([str(path)])}
    assert ("Gaudi3", "memory_capacity", 128, "GB") in found
    assert ("MI300X", "power", 750, "W") in found
    assert ("H100", "memory_capacity", 80, "GB") in found
    assert ("Gaudi3", "memory_bandwidth", 3.7, "TB/s") in found
    assert not any(
        claim[1] == "memory_capacity" and claim[0] == "MI300X" and claim[2] != 192 for claim in found
    )


def test_an_unclosed_fence_ends_with_its_cell(tmp_path: pathlib.Path) -> None:
    notebook = _notebook(
        _cell("markdown", "```", "left open"),
        _cell("markdown", "The MI300X has 192 GB of HBM3."),
    )
    document = load_document(_write(tmp_path, notebook), "n.ipynb")
    assert any("192 GB" in block.text for block in document.blocks)


def test_a_json_file_with_notebook_keys_is_a_notebook() -> None:
    assert is_notebook('{"cells": [], "metadata": {}, "nbformat": 4}', ".json")
    assert not is_notebook('{"cells": [1, 2], "rows": 3}', ".json")
    assert not is_notebook('{"cells": [], "nbformat": 4}', ".txt")
    assert is_notebook("", ".ipynb")


def test_bad_json_names_the_line(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "broken.ipynb"
    path.write_text('{\n "cells": [\n  {"cell_type": "markdown" "source": []}\n ]\n}\n', encoding="utf-8")
    document = load_document(path, "broken.ipynb")
    assert document.error is not None and document.error.startswith("line 3: not valid JSON")
    assert read_notebook(["[1, 2]"]).error == 'line 1: not a Jupyter notebook: no "cells" list'


def test_escapes_are_placed_at_their_backslash() -> None:
    text = '{"s": "a\\"b\\u00e9\\ud83d\\ude00c"}'
    root = parse_placed_json(text)
    assert isinstance(root, dict)
    string = root["s"]
    assert string.text == 'a"b\u00e9\U0001f600c'
    assert [string.place(index)[1] for index in range(len(string.text))] == [8, 9, 11, 12, 18, 30]
    with pytest.raises(JsonSyntaxError, match="line 1"):
        parse_placed_json('{"s": }')


def test_a_lone_surrogate_escape_reads_as_a_replacement_character_in_place() -> None:
    text = '{"s": "x\\udc41y\\ud801"}'
    root = parse_placed_json(text)
    assert isinstance(root, dict)
    string = root["s"]
    assert string.text == "x\ufffdy\ufffd"
    assert [string.place(index)[1] for index in range(len(string.text))] == [8, 9, 15, 16]
    string.text.encode("utf-8")  # writable, so a JSON or SARIF report of it is too


def test_a_notebook_with_a_lone_surrogate_still_reports(tmp_path: pathlib.Path) -> None:
    notebook = _notebook(_cell("markdown", "# Rig", "", "The Jetson Orin NX draws 25 W \udbff at most."))
    path = tmp_path / "rig.ipynb"
    path.write_text(json.dumps(notebook, indent=1), encoding="utf-8")  # json.dumps escapes the surrogate
    document = load_document(path, path.name)
    assert document.error is None
    assert all(block.text.encode("utf-8") for block in document.blocks)
    _assert_placed(document, path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("word", ["NaN", "Infinity", "-Infinity"])
def test_non_finite_numbers_python_accepts_are_read(tmp_path: pathlib.Path, word: str) -> None:
    cell = '{"cell_type": "markdown", "metadata": {"score": %s}, "source": ["# Lab"]}'
    text = '{"cells": [' + cell + '], "nbformat": 4}'
    root = parse_placed_json(text % word)
    assert isinstance(root, dict)
    path = tmp_path / "lab.ipynb"
    path.write_text(text % word, encoding="utf-8")
    assert load_document(path, path.name).error is None


def test_an_escape_placed_on_another_escape_fails_the_place_check() -> None:
    line = '"tab\\there\\nnext \\u00b5s"'
    _check_place(line, 5, "\t")
    _check_place(line, 11, "\n")
    _check_place(line, 18, "\u00b5")
    for column, character in ((5, "\n"), (11, "\t"), (18, "u"), (4, "\t")):
        with pytest.raises(AssertionError):
            _check_place(line, column, character)


def _stream(*lines: str) -> list[dict[str, object]]:
    return [{"output_type": "stream", "name": "stdout", "text": [f"{line}\n" for line in lines]}]


def _readings(document: Document) -> set[tuple[str, ...]]:
    return {
        tuple(cell.text for cell in block.cells)
        for block in document.blocks
        if block.kind is BlockKind.TABLE_ROW and block.table_headers[:1] == ("device name",)
    }


def test_a_cell_running_a_tool_has_its_output_read_per_device(tmp_path: pathlib.Path) -> None:
    output = ("Device Name: Intel Data Center GPU Max 1100", "Memory Physical Size: 49152.00 MiB")
    notebook = _notebook(
        _cell("markdown", "# Node check"),
        _cell("code", "!xpu-smi discovery -d 0", outputs=_stream(*output)),
    )
    path = _write(tmp_path, notebook, indent=1)
    document = load_document(path, path.name)
    assert _readings(document) == {("Intel Data Center GPU Max 1100", "49152.00 MiB")}
    row = next(block for block in document.blocks if "49152.00 MiB" in block.text)
    line, column = row.position(row.text.index("49152.00 MiB"))
    raw = path.read_text(encoding="utf-8").split("\n")
    assert raw[line - 1][column - 1 :].startswith("49152.00 MiB")


def test_a_cell_printing_key_values_without_a_tool_stays_printed_text(tmp_path: pathlib.Path) -> None:
    output = ("Device Name: Intel Data Center GPU Max 1100", "Memory Physical Size: 49152.00 MiB")
    notebook = _notebook(
        _cell("markdown", "# Node check"),
        _cell("code", "print(summary)  # xpu-smi was not installed", outputs=_stream(*output)),
    )
    path = _write(tmp_path, notebook, indent=1)
    assert _readings(load_document(path, path.name)) == set()
