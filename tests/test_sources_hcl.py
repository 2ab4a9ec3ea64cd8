"""HCL (Terraform) sources: comments and heredocs as prose, literal attributes as records."""

from __future__ import annotations

import pathlib
import sys
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from factlint.models import Block, BlockKind
from factlint.sources import load_document
from factlint.sources.datablocks import per_part_headers
from factlint.sources.hcl import _innermost, _Scope, parse_hcl_file
from factlint.sources.hcllex import TokenKind, tokens
from factlint.sources.hclparse import MAX_DEPTH, HclBlock, ValueKind, parse_hcl
from tests.sourcefiles import load_blocks

_MODULE = """\
# Training fleet on Azure. Provider azurerm ~> 4.2.
terraform {
  required_version = ">= 1.8.0"
}

variable "nd_h100_hourly_usd" {
  type        = number
  default     = 98.32 # pay-as-you-go, East US
  description = "List price of one ND H100 v5 VM; 8 GPUs with 80 GB each."
}

/* Sizing notes:
 * the ND MI300X v5 has 8x MI300X with 192 GB each.
 */
locals {
  fleet = {
    nd_h100 = {
      vm_size      = "Standard_ND96isr_H100_v5" # 3.2 Tbps InfiniBand per VM
      gpu_count    = 8
      gpu_mem_gb   = 80
      hourly_usd   = 98.32
    }
  }
}

resource "azurerm_linux_virtual_machine" "trainer" {
  count   = var.trainers
  size    = local.fleet.nd_h100.vm_size
  os_disk { disk_size_gb = 512 }
  tags    = { cost_center = "7781" }
  custom_data = <<-EOT
    # cloud-init: the node has 1,900 GB of host memory
    echo ok
  EOT
}
"""


def _blocks(tmp_path: pathlib.Path, text: str, name: str = "main.tf") -> tuple[Block, ...]:
    return load_blocks(tmp_path, text, name, "text")


def test_lexer_places_tokens_and_keeps_template_strings_apart() -> None:
    found = list(tokens('a = "x${var.y["k"]}z" # note\nb = 1.5e3\n'))
    string = next(token for token in found if token.kind is TokenKind.STRING)
    assert string.template and (string.line, string.column) == (1, 5)
    comment = next(token for token in found if token.kind is TokenKind.COMMENT)
    assert comment.trailing and comment.lines == (("note", 1, 25),)
    number = next(token for token in found if token.kind is TokenKind.NUMBER)
    assert (number.text, number.line, number.column) == ("1.5e3", 2, 5)


def test_escaped_template_opener_is_a_literal_string() -> None:
    string = next(token for token in tokens('a = "$${x}"\n') if token.kind is TokenKind.STRING)
    assert not string.template


def test_parser_keeps_literals_and_marks_computed_values() -> None:
    parsed = parse_hcl(
        'x {\n  a = 4\n  b = var.n * 8\n  c = max(1, 2)\n  d = [for v in l : v]\n  e = -2\n  f = "${n}"\n}\n'
    )
    block = parsed.body[0]
    assert isinstance(block, HclBlock)
    kinds = {item.name.text: item.value.kind for item in block.body if not isinstance(item, HclBlock)}
    assert kinds == {
        "a": ValueKind.SCALAR,
        "b": ValueKind.OTHER,
        "c": ValueKind.OTHER,
        "d": ValueKind.OTHER,
        "e": ValueKind.SCALAR,
        "f": ValueKind.OTHER,
    }


def test_nested_objects_become_rows_of_the_machine_they_name(tmp_path: pathlib.Path) -> None:
    rows = [block for block in _blocks(tmp_path, _MODULE) if block.kind is BlockKind.TABLE_ROW]
    fleet = next(row for row in rows if row.text.startswith("Standard_ND96isr_H100_v5"))
    # the machine field names the row, not the map key; the counted part's figures are per part
    assert fleet.table_headers == ("vm size", "gpu count", "mem gb per gpu", "hourly usd")
    assert fleet.position(0) == (18, 23) and fleet.position(fleet.text.index("80")) == (20, 22)


def test_an_object_without_a_machine_is_named_by_its_key(tmp_path: pathlib.Path) -> None:
    text = "locals {\n  sizes = {\n    small = { hbm_gb = 24, tdp_w = 75 }\n  }\n}\n"
    (row,) = _blocks(tmp_path, text)
    assert row.table_headers == ("", "hbm gb", "tdp w") and row.text == "small | 24 | 75"


def test_a_variable_default_is_named_by_the_variable(tmp_path: pathlib.Path) -> None:
    rows = [block for block in _blocks(tmp_path, _MODULE) if block.kind is BlockKind.TABLE_ROW]
    price = next(row for row in rows if row.line == 8)
    assert price.table_headers == ("nd h100 hourly usd",) and price.text == "98.32"


def test_versions_tags_meta_arguments_and_expressions_give_no_rows(tmp_path: pathlib.Path) -> None:
    texts = [block.text for block in _blocks(tmp_path, _MODULE) if block.kind is BlockKind.TABLE_ROW]
    assert not any("1.8.0" in text or "7781" in text for text in texts)
    assert not any("var." in text or "local." in text for text in texts)


def test_comments_are_prose_in_the_context_of_their_block(tmp_path: pathlib.Path) -> None:
    paragraphs = {
        block.line: block for block in _blocks(tmp_path, _MODULE) if block.kind is BlockKind.PARAGRAPH
    }
    assert paragraphs[8].text == "pay-as-you-go, East US" and paragraphs[8].headings == (
        "nd h100 hourly usd",
    )
    # a /* */ comment above a block: its decoration dropped, the block's heading given
    sizing = paragraphs[12]
    assert sizing.text == "Sizing notes:\nthe ND MI300X v5 has 8x MI300X with 192 GB each."
    assert sizing.headings == ("locals",)
    assert sizing.position(sizing.text.index("192")) == (13, 40)
    # a comment in a record naming its machine has that machine as its innermost heading
    assert paragraphs[18].headings == ("locals", "Standard_ND96isr_H100_v5")


def test_description_and_heredoc_are_prose(tmp_path: pathlib.Path) -> None:
    paragraphs = {
        block.line: block for block in _blocks(tmp_path, _MODULE) if block.kind is BlockKind.PARAGRAPH
    }
    assert paragraphs[9].text.startswith("List price of one ND H100 v5 VM")
    assert paragraphs[9].position(0) == (9, 18)
    assert paragraphs[32].text.startswith("# cloud-init: the node has 1,900 GB")
    assert paragraphs[32].headings == ("trainer",)


def test_tfvars_attributes_are_records_of_their_own(tmp_path: pathlib.Path) -> None:
    blocks = _blocks(tmp_path, 'gpu_count = 8\nhbm_gb    = 141\nregion = "eu-west-1"\n', "prod.tfvars")
    # each variable's value is a record of its own, named by the variable
    assert [(block.table_headers, block.text) for block in blocks] == [
        (("gpu count",), "8"),
        (("hbm gb",), "141"),
    ]


def test_per_part_headers_need_a_count_of_the_part() -> None:
    assert per_part_headers(("accel count", "accel mem gb")) == ("accel count", "mem gb per accel")
    assert per_part_headers(("accel mem gb",)) == ("accel mem gb",)
    assert per_part_headers(("gpu count", "gpu total mem gb", "gpu model")) == (
        "gpu count",
        "gpu total mem gb",
        "gpu model",
    )


@given(st.text(alphabet='ab =#/*"{}[]()<>$\n-1.', max_size=80))
def test_any_text_parses_to_valid_blocks(text: str) -> None:
    for block in parse_hcl_file(text.split("\n")).blocks:
        assert block.line >= 1 and block.column >= 1


@pytest.mark.parametrize(
    "text",
    ["a {\n" * 1000, "a = " + "[" * 1000, "a = " + "{b = " * 600, "x {\n  a = " + "{b = [" * 400 + "\n}\n"],
)
def test_deep_nesting_is_skipped_as_a_problem_not_a_crash(text: str) -> None:
    parsed = parse_hcl(text)
    assert parsed.problems and parsed.problems[0].startswith("line ")
    assert f"deeper than {MAX_DEPTH}" in parsed.problems[0]
    assert parse_hcl_file(text.split("\n")).problems == tuple(parsed.problems)


def test_a_group_nested_too_deep_costs_only_its_own_expression() -> None:
    text = "x {\n  a = " + "[" * 70 + "]" * 70 + "\n  b = 7\n}\n"
    parsed = parse_hcl(text)
    block = parsed.body[0]
    assert isinstance(block, HclBlock)
    values = {item.name.text: item.value for item in block.body if not isinstance(item, HclBlock)}
    assert values["b"].kind is ValueKind.SCALAR and values["b"].token is not None
    assert values["b"].token.text == "7"
    assert parsed.problems == [f"line 2: nested deeper than {MAX_DEPTH} levels, skipped"]


def test_strings_nested_in_templates_to_any_depth_are_one_token() -> None:
    found = list(tokens('a = "' + '${"' * 1000 + "\nb = 2\n"))
    strings = [token for token in found if token.kind is TokenKind.STRING]
    assert len(strings) == 1 and strings[0].template


def test_document_of_deep_file_reports_its_problem(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "deep.tf"
    path.write_text("a {\n" * 1000, encoding="utf-8")
    document = load_document(path, "deep.tf")
    assert document.error is None
    assert document.problems == (f"line 65: nested deeper than {MAX_DEPTH} levels, skipped",)


def _calls(function: Callable[[], object]) -> int:
    """Return how many Python and built-in function calls ``function()`` makes."""
    count = 0

    def hook(_frame: object, event: str, _argument: object) -> None:
        nonlocal count
        if event in ("call", "c_call"):
            count += 1

    sys.setprofile(hook)
    try:
        function()
    finally:
        sys.setprofile(None)
    return count


@pytest.mark.parametrize(
    "make",
    [
        lambda n: 'a = "\n' * n,
        lambda n: "a = [" + "1," * n + "]",
        lambda n: "}" * n,
        lambda n: "{" * n,
        lambda n: "a = b" + ".b" * n,
        lambda n: 'a = "' + '${"' * n,
        lambda n: "a {}\n# 1\n" * n,
    ],
)
def test_reading_work_grows_linearly(make: Callable[[int], str]) -> None:
    small, large = (_calls(lambda n=n: parse_hcl_file(make(n).split("\n"))) for n in (500, 2000))
    assert large <= 4.4 * small


def test_an_unclosed_string_ends_at_its_line() -> None:
    found = list(tokens('a = "x\nb = "y \\\nc = 3\n'))
    strings = [(token.text, token.line) for token in found if token.kind is TokenKind.STRING]
    assert strings == [("x", 1), ("y \\", 2)]
    assert any(token.kind is TokenKind.NUMBER and token.line == 3 for token in found)


def test_string_escapes_are_decoded_and_keep_file_columns(tmp_path: pathlib.Path) -> None:
    line = '  description = "The A100 has 80 GB.\\nThe \\"H100\\" has 94 GB \\u00e9 at $${x}."'
    blocks = _blocks(tmp_path, 'variable "gpu" {\n' + line + "\n}\n")
    prose = next(block for block in blocks if block.kind is BlockKind.PARAGRAPH)
    assert prose.text == 'The A100 has 80 GB.\nThe "H100" has 94 GB é at ${x}.'
    for figure in ("80", "94", "H100", "x}"):
        assert prose.position(prose.text.index(figure)) == (2, line.index(figure) + 1)


def test_escapes_in_a_record_cell_keep_file_columns(tmp_path: pathlib.Path) -> None:
    line = '  name = "a\\tb 8 GPUs", gpus = 8'
    blocks = _blocks(tmp_path, "locals {\n  pool = {\n" + line + "\n  }\n}\n")
    row = next(block for block in blocks if block.kind is BlockKind.TABLE_ROW)
    assert row.text.startswith("a\tb 8 GPUs")
    assert row.position(row.text.index("8")) == (3, line.index("8") + 1)


def test_undecodable_escapes_stay_as_written() -> None:
    string = next(
        token for token in tokens('a = "\\q \\uD800 \\UFFFFFFFF"\n') if token.kind is TokenKind.STRING
    )
    assert string.text == "\\q \\uD800 \\UFFFFFFFF" and string.anchors == ()


class _CountingScopes(list[_Scope]):
    """A list of scopes that counts how often a scope is read from it."""

    reads = 0

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        _CountingScopes.reads += 1
        return super().__getitem__(index)

    def __iter__(self):  # type: ignore[no-untyped-def]
        for scope in super().__iter__():
            _CountingScopes.reads += 1
            yield scope


def test_comment_contexts_take_work_linear_in_blocks() -> None:
    count = 3000
    scopes = _CountingScopes(_Scope(line, line, (f"b{line}",), None) for line in range(1, 2 * count, 2))
    spans = [(line, line) for line in range(2, 2 * count + 1, 2)]
    _CountingScopes.reads = 0
    contexts = _innermost(scopes, [*spans, (1, 1)])
    assert _CountingScopes.reads < 20 * count
    assert contexts[0] is not None and contexts[0].headings == ("b3",)  # the block just below
    assert contexts[-2] is None
    assert contexts[-1] is not None and contexts[-1].headings == ("b1",)


def test_a_comment_in_an_object_keyed_by_a_quoted_name_is_read_under_that_name(
    tmp_path: pathlib.Path,
) -> None:
    text = (
        "rentals = {\n"
        '  "g5.48xlarge" = { hourly_usd = 16.29 } # 40 % off with a 3-year plan\n'
        "  standard = { hourly_usd = 1.0 } # an identifier key is schema, no name\n"
        "}\n"
    )
    paragraphs = {
        block.line: block
        for block in _blocks(tmp_path, text, "prod.tfvars")
        if block.kind is BlockKind.PARAGRAPH
    }
    assert paragraphs[2].headings == ("rentals", "g5.48xlarge")
    assert "standard" not in paragraphs[3].headings
