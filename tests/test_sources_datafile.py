"""Data files (.json, .jsonl/.ndjson, .yaml/.yml) read as documents of records (sources/datafile.py)."""

from __future__ import annotations

import json
import pathlib

from factlint.models import BlockKind
from factlint.sources import load_document
from factlint.sources.datafile import parse_data_file

FIXTURES = pathlib.Path(__file__).parent / "fixtures" / "datafiles"


def test_json_lines_records_become_rows_anchored_at_their_values() -> None:
    document = load_document(FIXTURES / "fleet.jsonl", "fleet.jsonl")
    assert document.error is None
    rows = [block for block in document.blocks if block.kind is BlockKind.TABLE_ROW]
    assert [row.text for row in rows] == [
        "spec | Trainium2 | 96 | 500",
        "Trn2 server | Trainium2 | 16 | 98304",  # a part of the node's machine; the node holds no number
    ]
    assert rows[0].table_headers == ("kind", "model", "hbm gb", "tdp w")
    line = (FIXTURES / "fleet.jsonl").read_text(encoding="utf-8").splitlines()[0]
    assert rows[0].anchors[2] == (rows[0].text.index("96"), 1, line.index("96") + 1)
    assert rows[1].line == 2  # the nested object is its own row, on its record's line


def test_nested_object_named_by_its_own_field_does_not_take_its_key_as_name() -> None:
    document = load_document(FIXTURES / "fleet.jsonl", "fleet.jsonl")
    nested = [block for block in document.blocks if block.line == 2][-1]
    assert nested.table_headers == ("chassis", "card model", "card count", "card mem total mib")


def test_a_bad_json_line_is_a_problem_of_that_line_only() -> None:
    document = load_document(FIXTURES / "fleet.jsonl", "fleet.jsonl")
    assert document.error is None
    assert len(document.problems) == 1
    assert document.problems[0].startswith("line 3: not valid JSON")
    assert any(block.line == 4 for block in document.blocks)  # the records after it are read


def test_prose_fields_are_paragraphs_not_cells() -> None:
    document = load_document(FIXTURES / "fleet.jsonl", "fleet.jsonl")
    paragraphs = [block for block in document.blocks if block.kind is BlockKind.PARAGRAPH]
    assert [(block.text, block.line) for block in paragraphs] == [
        ("spec fix: the Trainium2 tdp_w was 450, corrected to 500", 4)
    ]


def test_yaml_file_with_document_markers_and_comments() -> None:
    document = load_document(FIXTURES / "specs.yaml", "specs.yaml")
    assert document.error is None
    texts = [(block.kind, block.text, block.line) for block in document.blocks]
    assert (BlockKind.TABLE_ROW, "Inferentia2 | 32", 2) in texts
    assert (BlockKind.PARAGRAPH, "4 stacks per chip", 3) in texts
    assert (BlockKind.PARAGRAPH, "the vendor's sheet says 32 GB of HBM per chip", 4) in texts
    assert (BlockKind.TABLE_ROW, "Trainium1 | 32", 6) in texts


def test_json_file_is_one_record_tree(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "chips.json"
    path.write_text(json.dumps({"chips": [{"name": "TPU v5e", "hbm_gb": 16}]}, indent=2), encoding="utf-8")
    document = load_document(path, "chips.json")
    assert [block.text for block in document.blocks] == ["TPU v5e | 16"]
    assert document.blocks[0].line == 4  # the line of its first value


def test_a_json_file_that_does_not_parse_cannot_be_read(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"name": "TPU v5e",\n "hbm_gb": [16\n', encoding="utf-8")
    document = load_document(path, "broken.json")
    assert document.error is not None and document.error.startswith("line ")
    assert "not valid JSON" in document.error and not document.blocks


def test_blank_and_ndjson_suffix() -> None:
    parsed = parse_data_file(['{"name": "MI300X", "hbm_gb": 192}', "", "   "], ".NDJSON")
    assert [block.text for block in parsed.blocks] == ["MI300X | 192"] and parsed.problems == ()


def test_a_folder_walk_reads_json_lines_but_leaves_configuration_files_to_be_named(
    tmp_path: pathlib.Path,
) -> None:
    from factlint.config import make_config
    from factlint.sources import load_sources

    (tmp_path / "fleet.jsonl").write_text('{"model": "Trainium2", "hbm_gb": 96}\n', encoding="utf-8")
    (tmp_path / "factlint.yaml").write_text("fail_on: warning\n", encoding="utf-8")
    (tmp_path / "specs.json").write_text('{"model": "Trainium2", "hbm_gb": 96}\n', encoding="utf-8")
    walked = load_sources([str(tmp_path)], make_config({}))
    assert [pathlib.Path(document.path).name for document in walked] == ["fleet.jsonl"]
    named = load_sources([str(tmp_path / "specs.json")], make_config({}))
    assert [document.blocks[0].text for document in named] == ["Trainium2 | 96"]
    opted_in = load_sources([str(tmp_path)], make_config({"include": ["*.json"]}))
    assert [pathlib.Path(document.path).name for document in opted_in] == ["specs.json"]


def test_a_bad_json_line_is_reported_as_an_error_finding(tmp_path: pathlib.Path) -> None:
    from factlint.api import check

    path = tmp_path / "fleet.jsonl"
    path.write_text('{"model": "Trainium2", "hbm_gb": 96}\n{"model": \n', encoding="utf-8")
    report = check([str(path)])
    findings = [item for item in report.findings if item.kind == "source-unreadable-part"]
    assert [(item.line, item.severity) for item in findings] == [(2, "error")]
    assert findings[0].path == str(path) and "not valid JSON" in findings[0].message
    assert [source.error for source in report.sources] == [None]


def test_a_nested_part_of_a_record_naming_its_machine_is_the_machine_row() -> None:
    lines = ['{"host":"n1","chassis":"DGX H200","gpu":{"model":"H200","count":8,"mem_gb":141}}']
    rows = [block for block in parse_data_file(lines, ".jsonl").blocks if block.kind is BlockKind.TABLE_ROW]
    assert [(row.text, row.table_headers) for row in rows] == [
        ("DGX H200 | H200 | 8 | 141", ("chassis", "gpu model", "gpu count", "gpu mem gb"))
    ]
    assert rows[0].anchors[0] == (0, 1, lines[0].index("DGX H200") + 1)  # the machine cell stays at its place


def test_a_tree_nested_too_deeply_is_an_error_naming_its_line() -> None:
    deep = "[" * 5000 + "]" * 5000
    # the brackets inside the note's string (an escaped quote in it too) are text, not nesting
    note = '{"note": "\\"' + "[" * 500 + '",'
    read = parse_data_file([note, ' "memory_gb": 80,', f' "levels": {deep}}}'], ".json")
    assert read.blocks == () and read.error == "line 3: nested too deeply to read"


def _laughs(levels: int) -> list[str]:
    """Return a YAML file whose aliases of aliases read as 10 ** levels values ("billion laughs")."""
    lines = ["memory_gb: 80", "a: &a {k: 1, j: 2, l: 3, m: 4, n: 5, o: 6, p: 7, q: 8, r: 9, s: 10}"]
    previous = "a"
    for level in range(levels):
        lines.append(f"b{level}: &b{level} [" + ", ".join([f"*{previous}"] * 10) + "]")
        previous = f"b{level}"
    return lines


def test_aliases_that_expand_to_millions_of_values_are_an_error_naming_the_line() -> None:
    read = parse_data_file(_laughs(9), ".yaml")
    assert read.blocks == () and read.error == "line 1: aliases expand to too many values to read"


def test_a_few_shared_aliases_are_read() -> None:
    read = parse_data_file(_laughs(2), ".yaml")
    assert read.error is None and read.blocks


def test_an_api_example_payload_is_the_examples_record_and_its_summary_prose() -> None:
    text = """components:
  messages:
    Quote:
      examples:
        - name: trn1-block
          summary: two Trn1 nodes of 16 chips each
          payload:
            quoteRef: q-19
            instanceType: trn1.32xlarge
            chipCount: 16
            memoryGB: 32
            note: "billed from 2025-06"
"""
    blocks = parse_data_file(text.splitlines(), ".yaml").blocks
    rows = [block for block in blocks if block.kind is BlockKind.TABLE_ROW]
    assert [row.text for row in rows] == ["trn1-block | q-19 | trn1.32xlarge | 16 | 32"]
    # no "payload" prefix: the example's content is its record; a camelCase key names the machine
    assert rows[0].table_headers[1:3] == ("quote Ref", "instance Type")
    prose = {block.text: block.headings for block in blocks if block.kind is BlockKind.PARAGRAPH}
    assert prose["two Trn1 nodes of 16 chips each"] == ("trn1-block",)
    assert prose["billed from 2025-06"] == ("trn1-block", "trn1.32xlarge")


def test_a_lower_case_format_word_in_a_camel_case_key_is_a_word_of_its_own() -> None:
    text = '{"accel": "MI300X", "fp8DensePflops": 2.6, "h100Count": 8}'
    rows = [block for block in parse_data_file([text], ".json").blocks if block.kind is BlockKind.TABLE_ROW]
    assert rows[0].table_headers == ("accel", "fp8 Dense Pflops", "h100Count")  # a product name stays whole
