"""Protocol Buffers text-format sources: detection, fields at their places, repeated fields, ranges,
references by id and comments as notes on the record they sit in."""

from __future__ import annotations

import pathlib

from hypothesis import given, settings
from hypothesis import strategies as st

from factlint.models import BlockKind
from factlint.sources import load_document
from factlint.sources.textproto import is_textproto, parse_textproto_file
from factlint.sources.textprotoparse import Message, Scalar, parse_textproto

# A scheduler inventory of our own: two fields on one line, a nested message, a range, a repeated
# message, a reference by id, comments inside a message and after a value.
_INVENTORY = """\
# proto-message: lab.Inventory

card {
  id: 3 name: "L40S"
  memory { capacity_gb: 48 }
  tdp_w { min: 300 max: 350 }  # 350 only with the 16-pin cable
  rate { precision: PRECISION_FP8 tflops: 733 }
  rate { precision: PRECISION_BF16 tflops: 362 }
  # Rev 4 of this entry; the 2023 sheet still holds.
}
box {
  name: "lab-l40s-4"
  card_id: 3
  cards_per_box: 4
}
"""


def _rows(text: str) -> list[tuple[tuple[str, ...], str, int]]:
    blocks = parse_textproto_file(text.splitlines()).blocks
    return [
        (block.table_headers, block.text, block.line) for block in blocks if block.kind is BlockKind.TABLE_ROW
    ]


def test_detected_by_suffix_header_or_shape() -> None:
    assert is_textproto(["a: 1"], ".pbtxt")
    assert is_textproto(["# proto-file: x/y.proto", "a: 1"], ".cfg")
    assert is_textproto(["layer {", '  name: "fc1"', "  num_output: 10", "}"], ".txt")
    # prose with colons, a YAML file and a Markdown page are no text format
    assert not is_textproto(["Note: the card draws 300 W.", "It ships in May.", "Price: $9,000"], ".txt")
    assert not is_textproto(["gpu:", "  mem_gb: 48", "  tdp_w: 300"], ".txt")
    assert not is_textproto(["card {", "  name: x", "}"], ".md")


def test_fields_keep_their_places_and_repeat_as_lists() -> None:
    parsed = parse_textproto(_INVENTORY)
    card = parsed.root.fields[0]
    assert card.name == "card" and isinstance(card.value, Message)
    ident, name = card.value.fields[0], card.value.fields[1]
    assert (ident.name, ident.line) == ("id", 4)
    assert isinstance(name.value, Scalar)
    assert (name.value.text, name.value.line, name.value.column, name.value.quote) == ("L40S", 4, 15, '"')
    assert [comment.line for comment in parsed.comments] == [1, 6, 9]
    assert [comment.trailing for comment in parsed.comments] == [False, True, False]
    assert parsed.problems == []


def test_records_read_groups_ranges_enums_and_references() -> None:
    rows = _rows(_INVENTORY)
    texts = [text for _, text, _ in rows]
    assert "L40S | 48" in texts  # the memory group is the card's
    assert any(text.startswith("L40S | 300 - 350") for text in texts)  # { min max } is a range
    assert "L40S | PRECISION FP8 | 733" in texts and "L40S | PRECISION BF16 | 362" in texts
    headers = next(headers for headers, text, _ in rows if "733" in text)
    assert headers[-1] == "precision fp8 rate tflops"  # the precision qualifies the figure
    # the box names its card by id: the card's name, and the id no figure
    assert ("lab-l40s-4 | L40S | 4", 12) in [(text, line) for _, text, line in rows]


def test_comments_are_notes_of_their_record() -> None:
    blocks = parse_textproto_file(_INVENTORY.splitlines()).blocks
    notes = [block for block in blocks if block.kind is BlockKind.PARAGRAPH]
    by_line = {block.line: block for block in notes}
    assert by_line[6].text == "350 only with the 16-pin cable" and by_line[6].label == "L40S"
    assert by_line[9].label == "L40S" and by_line[9].column == 5
    assert 1 not in by_line  # a directive to protobuf's tooling is no prose


def test_loaded_whatever_the_suffix(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "inventory.cfg"
    path.write_text(_INVENTORY, encoding="utf-8")
    document = load_document(path, "inventory.cfg")
    assert any(block.kind is BlockKind.TABLE_ROW for block in document.blocks)


def test_unreadable_tokens_are_problems_not_failures() -> None:
    parsed = parse_textproto('a { b: 1 } ) c: "x" } d: 2')
    assert [item.name for item in parsed.root.fields] == ["a", "c", "d"]
    assert parsed.problems


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet='ab:{}<>[],;# "\n12._', max_size=80))
def test_parser_never_fails(text: str) -> None:
    parsed = parse_textproto(text)
    assert parsed.root.first_line == 1


def test_deep_nesting_is_skipped() -> None:
    parsed = parse_textproto("a {" * 200 + "}" * 200 + "\nb: 1")
    assert parsed.root.fields[-1].name == "b"
    assert any("too deep" in problem for problem in parsed.problems)


def test_shape_test_is_linear_on_long_lines() -> None:
    # a long word or many fields on a line that turns out not to be text format is rejected at once
    assert not is_textproto(["a: " + "b" * 50_000 + "!", "c {", "}"], ".txt")
    assert not is_textproto(["a: 1 " * 10_000 + "!", "c {", "}"], ".txt")
