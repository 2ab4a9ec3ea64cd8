"""Reading Graphviz DOT graphs: nodes as sections, edges as sentences naming both ends, comments as prose."""

from __future__ import annotations

import pathlib

from factlint.models import Block, BlockKind
from factlint.sources import load_document
from factlint.sources.dot import parse_dot

GRAPH = """\
/* lab B topology, drawn by ops */
# 1 "lab-b.gv"
graph labB {
  graph [label="Lab B inference bay", fontsize=14];
  node [shape=record, fontsize=9];
  subgraph cluster_amd {
    label = "AMD shelf";
    mx1 [label="mx-01\\lAMD Instinct MI300X\\l192 GB HBM3, 5.3 TB/s\\lboard power: 750 W\\l",
         width=2.5];
    mx2 [label="mx-02\\nAMD Instinct MI300X\\n(\\"same as mx-01\\")"];
  }
  g3 [shape=plaintext, label=<
    <TABLE BORDER="0">
      <TR><TD COLSPAN="2">gd-07: Intel Gaudi 3</TD></TR>
      <TR><TD>HBM</TD><TD>128 GB</TD></TR>
    </TABLE>>];
  // the Gaudi box replaced a 96 GB part
  tor [label="tor-2\\nQM9700"];
  mx1 -- tor [label="8 x 400G (3.2 Tb/s total)", penwidth=2];
  g3 -> mx1 [style=dashed, label="tokens/s: 0.8x mx-01"];
  mx2 -- g3;
}
"""


def _blocks(text: str = GRAPH) -> tuple[list[Block], str | None]:
    return parse_dot(text.split("\n"))


def _texts(blocks: list[Block]) -> list[str]:
    return [block.text for block in blocks]


def test_the_top_graph_label_is_the_title_and_drawing_attributes_are_never_read() -> None:
    blocks, title = _blocks()
    assert title == "Lab B inference bay"
    joined = " ".join(_texts(blocks))
    for drawing in ("fontsize", "2.5", "record", "plaintext", "penwidth", "BORDER", "14"):
        assert drawing not in joined


def test_a_node_is_a_section_headed_by_host_and_model_its_other_lines_paragraphs() -> None:
    blocks, _ = _blocks()
    heading = next(b for b in blocks if b.kind is BlockKind.HEADING and b.text.startswith("mx-01"))
    assert heading.text == "mx-01: AMD Instinct MI300X"
    assert heading.headings == ("AMD shelf",)
    body = [b for b in blocks if b.headings == ("AMD shelf", heading.text)]
    assert _texts(body) == ["AMD Instinct MI300X", "192 GB HBM3, 5.3 TB/s", "board power: 750 W"]
    figure = body[1]
    assert figure.position(figure.text.index("5.3")) == (8, 58)


def test_escaped_quotes_and_line_breaks_are_read_as_drawn() -> None:
    blocks, _ = _blocks()
    assert '("same as mx-01")' in _texts(blocks)


def test_an_html_label_is_read_as_a_table_titled_by_its_single_cell_first_row() -> None:
    blocks, _ = _blocks()
    heading = next(b for b in blocks if b.text.startswith("gd-07"))
    assert heading.kind is BlockKind.HEADING
    assert heading.text == "gd-07: Intel Gaudi 3"
    row = next(b for b in blocks if b.kind is BlockKind.TABLE_ROW)
    assert row.headings == (heading.text,)
    assert [cell.text for cell in row.cells] == ["HBM", "128 GB"]
    assert row.position(row.text.index("128")) == (15, 27)


def test_an_edge_names_both_ends_and_reads_a_node_id_in_its_label_as_that_node() -> None:
    texts = _texts(_blocks()[0])
    # the end it leaves is called by its model, the other by the host name the diagram shows
    assert "AMD Instinct MI300X and tor-2: 8 x 400G (3.2 Tb/s total)" in texts
    assert "Intel Gaudi 3 to mx-01: tokens/s: 0.8x the AMD Instinct MI300X" in texts
    assert not any(text.startswith("AMD Instinct MI300X and gd-07") for text in texts)  # no label: nothing


def test_comments_of_every_kind_are_paragraphs_in_file_order() -> None:
    blocks, _ = _blocks()
    texts = _texts(blocks)
    assert texts[0] == 'lab B topology, drawn by ops\n1 "lab-b.gv"'  # comments on consecutive lines: one run
    replaced = next(b for b in blocks if "replaced" in b.text)
    assert replaced.text == "the Gaudi box replaced a 96 GB part"
    assert replaced.line == 17
    lines = [b.line for b in blocks]
    assert lines == sorted(lines)


def test_broken_graphs_never_raise() -> None:
    for text in ("digraph {", 'a [label="open', "a -> ", "<<<", "subgraph { b [label=<x>] ", "}}}"):
        parse_dot(text.split("\n"))


def test_the_loader_reads_dot_and_gv_files_by_suffix(tmp_path: pathlib.Path) -> None:
    for name in ("lab.dot", "lab.gv"):
        path = tmp_path / name
        path.write_text(GRAPH, encoding="utf-8")
        document = load_document(path, name)
        assert document.title == "Lab B inference bay"
        assert any(b.text == "mx-01: AMD Instinct MI300X" for b in document.blocks)


def test_subgraphs_nested_past_the_limit_read_on_without_recursing() -> None:
    depth = 5000
    nested = "subgraph {\n" * depth + 'deep [label="core-9\\nnine fans, 40 dB"];\n' + "}\n" * depth
    blocks, _ = _blocks(f'digraph racks {{\n{nested}tail [label="tail-1\\n2 PSUs"];\n}}\n')
    texts = [block.text for block in blocks]
    assert any("40 dB" in text for text in texts) and any("2 PSUs" in text for text in texts)
    blocks, _ = _blocks("digraph open {\n" + "{ a -> " * 5000 + "\n")  # never closed: no error either
    assert blocks == []
