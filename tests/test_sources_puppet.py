"""Puppet manifests: resource and class bodies as records, hashes as records, comments as prose."""

from __future__ import annotations

import pathlib

from hypothesis import given
from hypothesis import strategies as st

from factlint.models import Block, BlockKind
from factlint.sources.hcllex import TokenKind
from factlint.sources.puppet import parse_puppet_file
from factlint.sources.puppetlex import puppet_tokens
from tests.sourcefiles import load_blocks

_MANIFEST = """\
# == Class: role::trainers
# Figures per accelerator unless the key says otherwise.
class role::trainers (
  Integer $listen_port = 9400,
  String  $release     = '2.4.1',
) {
  package { 'dcgm-exporter': ensure => installed }
}

# ---- Hopper trainers ----
node /^trn-\\d{2}\\.example\\.net$/, 'trn-spare.example.net' {
  class { 'role::trainers::host':
    system_model  => 'DGX H100',
    gpu_model     => 'H100 SXM',
    gpu_count     => 8,
    gpu_mem_gb    => 80,        # HBM3
    node_power_kw => 10.2,
  }
  if $facts['os']['family'] == 'RedHat' {
    file { '/etc/modprobe.d/nvidia.conf': mode => '0640' }
  }
}

$rentals = {
  'p5.48xlarge' => { 'gpus' => 8, 'hourly_usd' => 98.32 },
}
"""


def _blocks(tmp_path: pathlib.Path, text: str, name: str = "site.pp") -> tuple[Block, ...]:
    return load_blocks(tmp_path, text, name, "text")


def _rows(blocks: tuple[Block, ...]) -> list[Block]:
    return [block for block in blocks if block.kind is BlockKind.TABLE_ROW]


def test_resource_parameters_are_one_record_named_by_its_machine(tmp_path: pathlib.Path) -> None:
    rows = _rows(_blocks(tmp_path, _MANIFEST))
    host = next(row for row in rows if "DGX H100" in row.text)
    assert host.text.startswith("DGX H100 | H100 SXM | 8 | 80 | 10.2")
    # each value is placed at its own column in the file
    line = _MANIFEST.splitlines()[host.line - 1]
    assert line[host.column - 1 :].startswith("DGX H100")


def test_hash_literals_with_arrows_are_records_keyed_by_their_names(tmp_path: pathlib.Path) -> None:
    rows = _rows(_blocks(tmp_path, _MANIFEST))
    rental = next(row for row in rows if "p5.48xlarge" in row.text)
    assert rental.text == "p5.48xlarge | 8 | 98.32"


def test_class_parameters_host_names_and_conditions_give_no_record(tmp_path: pathlib.Path) -> None:
    texts = " ".join(row.text for row in _rows(_blocks(tmp_path, _MANIFEST)))
    for absent in ("9400", "2.4.1", "trn-spare", "RedHat"):
        assert absent not in texts


def test_comments_are_prose_and_a_trailing_comment_is_its_own_paragraph(tmp_path: pathlib.Path) -> None:
    paragraphs = [block for block in _blocks(tmp_path, _MANIFEST) if block.kind is BlockKind.PARAGRAPH]
    assert any(block.text == "HBM3" and block.line == 16 for block in paragraphs)
    assert any("Figures per accelerator" in block.text for block in paragraphs)


def test_the_body_inside_a_condition_is_still_read(tmp_path: pathlib.Path) -> None:
    text = "if $facts['gpu'] {\n  class { 'gpu': gpu_model => 'L40S', gpu_mem_gb => 48 }\n}\n"
    rows = _rows(_blocks(tmp_path, text))
    assert [row.text for row in rows] == ["gpu | L40S | 48"]


def test_case_branches_are_read_as_bodies(tmp_path: pathlib.Path) -> None:
    text = (
        "case $facts['accel'] {\n"
        "  'gaudi', 'gaudi3': {\n"
        "    class { 'hpu': accel_model => 'Gaudi3', accel_mem_gb => 128 }\n"
        "  }\n"
        "  default: { }\n"
        "}\n"
    )
    rows = _rows(_blocks(tmp_path, text))
    assert [row.text for row in rows] == ["hpu | Gaudi3 | 128"]


def test_arrows_variables_and_namespaces_are_joined() -> None:
    found = [(token.kind, token.text) for token in puppet_tokens("$x => $::y + a::b::c\n")]
    assert found[:4] == [
        (TokenKind.IDENT, "x"),
        (TokenKind.PUNCT, "="),
        (TokenKind.PUNCT, "$"),
        (TokenKind.IDENT, "y"),
    ]
    assert (TokenKind.IDENT, "a::b::c") in found


def test_single_quoted_escapes_keep_file_columns(tmp_path: pathlib.Path) -> None:
    text = "class { 'x': gpu_model => 'it\\'s H200', gpu_mem_gb => 141 }\n"
    rows = _rows(_blocks(tmp_path, text))
    assert rows and rows[0].text == "x | it's H200 | 141"


@given(st.text(alphabet="{}[]()'\"$:=>,;/#\\ \nab1", max_size=60))
def test_the_reader_never_fails_on_noise(text: str) -> None:
    parse_puppet_file(text.split("\n"))
