"""Reading LDIF directory exports: entries as records, folding, base64 values, change records."""

from __future__ import annotations

import textwrap

from factlint.models import Block, BlockKind
from factlint.sources.ldif import is_ldif, parse_ldif

EXPORT = """\
version: 1

# lab inventory export
dn: cn=B200,ou=gpus,o=examplelab
objectClass: labDevice
cn: B200
devMemoryGB: 180
devTdpW: 1000
description: Blackwell module with two dies and
  180 GB of HBM3e
labNote:: ZW5jb2RlZCAxODAgR0I=

dn: cn=B200,ou=gpus,o=examplelab
changetype: modify
replace: devTdpW
devTdpW: 1200
-
"""


def _blocks(text: str) -> list[Block]:
    return parse_ldif(textwrap.dedent(text).split("\n"), 1)


def test_an_entry_is_one_row_named_by_its_first_rdn() -> None:
    rows = [block for block in _blocks(EXPORT) if block.kind is BlockKind.TABLE_ROW]
    assert rows[0].text == "B200 | 180"
    assert rows[0].headings == ("B200",)


def test_a_replaced_value_leaves_the_entry_and_is_read_at_the_change_record() -> None:
    rows = [block for block in _blocks(EXPORT) if block.kind is BlockKind.TABLE_ROW]
    assert [row.text for row in rows] == ["B200 | 180", "B200 | 1200"]
    assert rows[1].anchors[-1][1] == 16


def test_a_folded_value_is_unfolded_and_keeps_its_place() -> None:
    paragraphs = [block for block in _blocks(EXPORT) if block.kind is BlockKind.PARAGRAPH]
    described = next(block for block in paragraphs if "HBM3e" in block.text)
    assert described.text == "Blackwell module with two dies and 180 GB of HBM3e"
    assert described.headings == ("B200",)
    assert any(line == 10 and column == 2 for _, line, column in described.anchors)


def test_a_base64_value_is_not_read_and_comments_are_prose() -> None:
    texts = [block.text for block in _blocks(EXPORT)]
    assert not any("ZW5j" in text for text in texts)
    assert "lab inventory export" in texts


def test_detection_by_suffix_or_by_version_and_dn_lines() -> None:
    lines = EXPORT.split("\n")
    assert is_ldif(lines, ".ldif")
    assert is_ldif(lines, ".txt")
    assert not is_ldif(["dn: one line only", "cn: x"], ".txt")
    assert not is_ldif(lines, ".md")
