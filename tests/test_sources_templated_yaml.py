"""YAML under a template language (Salt, Jinja-templated Ansible, Helm) read as data (templatetags.py)."""

from __future__ import annotations

import pathlib

from factlint.models import BlockKind
from factlint.sources import load_document
from factlint.sources.templatetags import renders_to_data, templated_data_suffix, without_template_tags


def test_tags_are_blanked_in_place_so_every_value_keeps_its_line_and_column() -> None:
    text = (
        "{% set site = pillar.get('site') %}\n"
        "{{ site }}_racks:\n"
        "  model: A100 80GB  {# spare pool #}\n"
        "  count: {{ n }}\n"
        "{%- for x in [1,\n 2] %}\n"
        "  hbm_gb: 80\n"
    )
    blanked = without_template_tags(text)
    assert len(blanked) == len(text)
    assert blanked.count("\n") == text.count("\n")
    lines = blanked.split("\n")
    assert lines[0].strip() == ""  # a statement line reads as blank
    assert lines[1].startswith("_") and lines[1].endswith("_racks:")  # an inline expression: a placeholder
    assert lines[2] == "  model: A100 80GB   # spare pool   "  # a one-line template comment: a YAML comment
    assert lines[3].rstrip() == "  count: _"
    assert lines[4].strip() == "" and lines[5].strip() == ""  # a statement over two lines
    assert lines[6] == "  hbm_gb: 80"


def test_text_without_tags_and_an_unclosed_tag_are_left_alone() -> None:
    plain = "gpus:\n  - {model: L4, mem_gb: 24}\n"
    assert without_template_tags(plain) is plain
    unclosed = "note: costs {{ about 2 dollars\nmem_gb: 24\n"
    assert without_template_tags(unclosed) == unclosed


def test_template_file_names() -> None:
    assert templated_data_suffix("init.sls") == ".sls"
    assert templated_data_suffix("hosts.yml.j2") == ".yml"
    assert templated_data_suffix("values.YAML.gotmpl") == ".yaml"
    assert templated_data_suffix("nginx.conf.j2") is None  # a template of some other format
    assert templated_data_suffix("layout.j2") is None
    assert templated_data_suffix("values.yaml") is None  # plain YAML keeps its own route
    assert renders_to_data("#!jinja|yaml|gpg")
    assert renders_to_data("# a comment")
    assert not renders_to_data("#!pyobjects")


def test_salt_state_is_read_as_records_anchored_where_written(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "tpu.sls"
    path.write_text(
        "{% set zone = 'us-east5' %}\n"
        "tpu_facts:\n"
        "  grains.present:\n"
        "    - value:\n"
        "        TPU v5p:\n"
        "          hbm_gb: 95      # per chip\n"
        "          zone: {{ zone }}\n",
        encoding="utf-8",
    )
    document = load_document(path, "tpu.sls")
    assert document.error is None and not document.problems
    rows = [block for block in document.blocks if block.kind is BlockKind.TABLE_ROW]
    assert [(row.text, row.line) for row in rows] == [("TPU v5p | 95 (per chip) | _", 5)]
    assert rows[0].anchors[1][1:] == (6, 19)  # the 95 at line 6, column 19


def test_template_comment_holding_a_figure_is_a_comment_paragraph(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "cards.yml.j2"
    path.write_text("{# the vendor lists 350 W for the L40S #}\ncards:\n  - model: L40S\n", encoding="utf-8")
    document = load_document(path, "cards.yml.j2")
    paragraphs = [(block.text, block.line) for block in document.blocks if block.kind is BlockKind.PARAGRAPH]
    assert paragraphs == [("the vendor lists 350 W for the L40S", 1)]


def test_salt_state_rendered_by_python_is_plain_text_with_a_problem(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "facts.sls"
    path.write_text("#!py\ndef run():\n    return {}\n\nThe L4 has 24 GB of GDDR6.\n", encoding="utf-8")
    document = load_document(path, "facts.sls")
    assert document.error is None
    assert document.problems == ("line 1: rendered by 'py', not YAML, read as plain text",)
    assert any("24 GB" in block.text for block in document.blocks)
