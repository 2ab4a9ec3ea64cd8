"""Lua table files: nested tables as records named by their keys, ``--`` comments as prose."""

from __future__ import annotations

import pathlib

from hypothesis import given
from hypothesis import strategies as st

from factlint.models import Block, BlockKind
from factlint.sources.hcllex import TokenKind
from factlint.sources.lua import parse_lua_file
from factlint.sources.lualex import hcl_text, lua_tokens
from tests.sourcefiles import load_blocks

_MODULE = """\
-- rental_rates.lua: what the scheduler may bid, per card unless the key says otherwise
local MiB = 1024 ^ 2
local cfg = {}

cfg.cards = {
  ["Gaudi3"] = { mem_gb = 128, board_w = 900 },   -- OAM module
  ["MI300X"] = {
    mem_bytes = 192 * MiB,
    boost_mhz = nil,            -- unknown
    -- board_w = 700,  old guess, kept for the history
    board_w = 750,
  },
}

--[[ long notes: the rates below were
     copied from the 2026 price list ]]
cfg.rates = { ['p5.48xlarge'] = { hourly_usd = 98.32, gpus = 8 } }

return cfg
"""


def _blocks(tmp_path: pathlib.Path, text: str, name: str = "rates.lua") -> tuple[Block, ...]:
    return load_blocks(tmp_path, text, name, "text")


def _rows(blocks: tuple[Block, ...]) -> list[Block]:
    return [block for block in blocks if block.kind is BlockKind.TABLE_ROW]


def test_bracketed_keys_name_the_record_of_their_table(tmp_path: pathlib.Path) -> None:
    rows = _rows(_blocks(tmp_path, _MODULE))
    assert any(row.text == "Gaudi3 | 128 | 900" for row in rows)
    assert any(row.text == "p5.48xlarge | 98.32 | 8" for row in rows)
    gaudi = next(row for row in rows if row.text.startswith("Gaudi3"))
    line = _MODULE.splitlines()[gaudi.line - 1]
    assert line[gaudi.column - 1 :].startswith("Gaudi3")


def test_a_multiple_of_a_unit_constant_is_that_quantity_and_nil_is_no_value(tmp_path: pathlib.Path) -> None:
    rows = _rows(_blocks(tmp_path, _MODULE))
    mi300x = next(row for row in rows if row.text.startswith("MI300X"))
    assert mi300x.text == "MI300X | 192 MiB | 750"
    # the figure and the unit each point at where the file writes them
    line = _MODULE.splitlines()[mi300x.position(mi300x.text.index("192"))[0] - 1]
    assert line[mi300x.position(mi300x.text.index("192"))[1] - 1 :].startswith("192 * MiB")
    assert line[mi300x.position(mi300x.text.index("MiB"))[1] - 1 :].startswith("MiB,")


def test_comments_are_prose_and_a_commented_out_setting_is_no_record(tmp_path: pathlib.Path) -> None:
    blocks = _blocks(tmp_path, _MODULE)
    paragraphs = [block.text for block in blocks if block.kind is BlockKind.PARAGRAPH]
    assert "OAM module" in paragraphs
    assert any(text.startswith("long notes: the rates below were") for text in paragraphs)
    assert not any("700" in row.text for row in _rows(blocks))


def test_comment_markers_are_rewritten_column_for_column() -> None:
    text = 'x = "a--b" -- note\n--[[ one\ntwo ]] y = #t\n'
    rewritten = hcl_text(text)
    assert len(rewritten) == len(text)
    assert rewritten.splitlines()[0] == 'x = "a--b" #  note'
    assert "/*" in rewritten and "*/" in rewritten and "#t" not in rewritten


def test_other_arithmetic_stays_computed() -> None:
    text = "local N = 8\nlocal GB = 1e9\nx = { a = 2 * 144, b = N * 4, c = 2 * GB + 1 }\n"
    found = [(token.kind, token.text) for token in lua_tokens(text)]
    assert not any(
        kind in (TokenKind.NUMBER, TokenKind.STRING) and text in ("288", "32", "4 N", "2 GB")
        for kind, text in found
    )


@given(st.text(alphabet="{}[]()'\"=,;-#*^ \nabl1.", max_size=60))
def test_the_reader_never_fails_on_noise(text: str) -> None:
    parse_lua_file(text.split("\n"))


def test_a_returned_table_is_read_as_a_body_of_records(tmp_path: pathlib.Path) -> None:
    text = 'return {\n  ["A100"] = { hbm_gb = 40 },  -- SXM4\n}\n'
    rows = _rows(_blocks(tmp_path, text))
    assert [row.text for row in rows] == ["A100 | 40"]
