"""Reading D2 diagrams: shapes as sections, containers as headings, label/tooltip text and class
fields as lines of their shape, edge labels as sentences, styling keys never read (decision 0237)."""

from __future__ import annotations

import pathlib

from factlint.models import Block, BlockKind
from factlint.sources import load_document
from factlint.sources.d2 import is_d2, parse_d2

DIAGRAM = """\
# lab-west.d2 -- bench room drawing
vars: {
  d2-config: {
    theme-id: 4
  }
}
banner: |md
  ## lab-west: 48 x Gaudi 3 in 6 boxes
  Bought in 2025 for the
  speech team.
|

rack: Rack W2 {
  style.fill: "#eeeeee"
  box1: "HLS-Gaudi3 (8 OAM)" {
    shape: rectangle
    tooltip: |md
      - 8 x Gaudi 3, 1,024 GB HBM2e in all
      - 2 x Xeon 8468 host
    |
  }
}

chip: Gaudi 3 (per chip) {
  shape: class
  "+hbm_capacity": "128 GB"
  "-tdp": "900 W"
}

scratch: Scratch disks {shape: cylinder; label: "1.2 PB raw"}
rack.box1 -> spine: "4 x 400 Gb/s" {style.stroke-dash: 3}
"""


def _blocks() -> list[Block]:
    blocks, _ = parse_d2(DIAGRAM.split("\n"))
    return blocks


def _texts(kind: BlockKind) -> list[str]:
    return [block.text for block in _blocks() if block.kind is kind]


def test_styling_and_configuration_keys_are_never_read() -> None:
    text = " ".join(block.text for block in _blocks())
    assert "theme" not in text and "#eeeeee" not in text and "rectangle" not in text
    assert "cylinder" not in text and "stroke" not in text


def test_a_markdown_label_drops_its_markers_and_joins_wrapped_lines() -> None:
    assert "lab-west: 48 x Gaudi 3 in 6 boxes" in _texts(BlockKind.HEADING)
    assert "Bought in 2025 for the speech team." in _texts(BlockKind.PARAGRAPH)


def test_a_shape_is_a_section_under_its_container_with_its_tooltip_lines() -> None:
    by_text = {block.text: block for block in _blocks()}
    assert by_text["Rack W2"].kind is BlockKind.HEADING
    item = by_text["8 x Gaudi 3, 1,024 GB HBM2e in all"]
    assert item.headings == ("Rack W2", "HLS-Gaudi3")
    assert item.line == 18


def test_class_fields_are_lines_of_their_shape() -> None:
    paragraphs = _texts(BlockKind.PARAGRAPH)
    assert "hbm capacity: 128 GB" in paragraphs
    assert "tdp: 900 W" in paragraphs


def test_an_inline_label_is_the_shapes_text_and_an_edge_label_names_its_ends() -> None:
    paragraphs = _texts(BlockKind.PARAGRAPH)
    assert "1.2 PB raw" in paragraphs
    assert "HLS-Gaudi3 to spine: 4 x 400 Gb/s" in paragraphs


def test_comments_are_prose() -> None:
    assert any("bench room drawing" in text for text in _texts(BlockKind.PARAGRAPH))


def test_detection_by_suffix() -> None:
    assert is_d2(".d2") and is_d2(".D2")
    assert not is_d2(".dot")


def test_loaded_from_a_file(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "lab.d2"
    path.write_text(DIAGRAM, encoding="utf-8")
    document = load_document(path, str(path))
    assert any(block.text == "tdp: 900 W" for block in document.blocks)
