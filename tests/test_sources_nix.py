"""Nix expressions: attribute sets as records named by their keys, ``#`` comments as prose."""

from __future__ import annotations

import pathlib

from factlint.models import Block, BlockKind
from factlint.sources.nixlex import hcl_text, nix_tokens
from tests.sourcefiles import load_blocks

_EXPRESSION = """\
# fleet.nix: per-card figures; *_gb device memory, *_w board power
{ pkgs, lib ? pkgs.lib, ... }:

let
  MiB = 1024 * 1024;
  mkCard = model: extra: { inherit model; vendor = "n/a"; } // extra;
in
rec {
  revision = "7";
  cards = {
    "Gaudi3" = mkCard "Gaudi3" { mem_gb = 128; board_w = 900; };
    l4 = mkCard "L4" {
      mem_bytes = 24576 * MiB;
      board_w = [ 40 72 ];
      # board_w = 75;  an early guess
      clocks_mhz = [ 795 2040 1200 ];
    };
  };
  racks.west.nodes = 12;
  motd = ''
    8 cards per node
  '';
}
"""


def _blocks(tmp_path: pathlib.Path, text: str, name: str = "fleet.nix") -> tuple[Block, ...]:
    return load_blocks(tmp_path, text, name, "text")


def _rows(blocks: tuple[Block, ...]) -> list[Block]:
    return [block for block in blocks if block.kind is BlockKind.TABLE_ROW]


def test_sets_built_by_a_function_are_records_named_by_their_quoted_name(tmp_path: pathlib.Path) -> None:
    rows = _rows(_blocks(tmp_path, _EXPRESSION))
    assert any(row.text == "Gaudi3 | 128 | 900" for row in rows)
    # a bare key takes the quoted argument the set is built with as its name
    l4 = next(row for row in rows if row.text.startswith("L4"))
    assert l4.text.startswith("L4 | 24576 MiB | 40 - 72")
    line = _EXPRESSION.splitlines()[l4.line - 1]
    assert line[l4.column - 1 :].startswith('L4"')


def test_the_helper_function_and_a_disabled_binding_yield_nothing(tmp_path: pathlib.Path) -> None:
    blocks = _blocks(tmp_path, _EXPRESSION)
    assert not any("n/a" in block.text for block in blocks)
    assert not any("75" in block.text for block in blocks)
    # three numbers are no range; an indented string is read as no figure
    assert not any("795 - 2040" in block.text for block in blocks)
    assert not any("8 cards" in block.text for block in blocks)


def test_an_attribute_path_is_its_last_name(tmp_path: pathlib.Path) -> None:
    rows = _rows(_blocks(tmp_path, _EXPRESSION))
    assert any(row.text == "12" and row.table_headers == ("nodes",) for row in rows)


def test_the_update_operator_is_no_comment_and_columns_are_kept() -> None:
    text = 'a = { x = 1; } // { y = "//"; }; # note'
    rewritten = hcl_text(text)
    assert len(rewritten) == len(text)
    assert "//" not in rewritten.replace('"//"', "")
    kinds = [token.kind for token in nix_tokens(text)]
    assert kinds.count(kinds[0].__class__.COMMENT) == 1


def test_a_set_at_the_top_of_a_file_without_a_head_is_read() -> None:
    texts = [token.text for token in nix_tokens("{ hbm_gb = 80; tdp_w = 700; }\n")]
    assert texts[:3] == ["hbm_gb", "=", "80"]
    assert "{" not in texts and "}" not in texts
