"""Reading Mermaid diagrams: flowchart nodes as sections, links as sentences, styling never read."""

from __future__ import annotations

import pathlib

from factlint.models import Block, BlockKind
from factlint.sources import load_document
from factlint.sources.mermaid import parse_mermaid
from factlint.sources.mermaidlex import is_mermaid

DIAGRAM = """\
%% lab D, drawn for the wiki; numbers from the quotes
flowchart LR
  subgraph bay1["Bay 1: 2 x Lenovo SR780a"]
    direction TB
    SR["Lenovo SR780a<br/>8 x B200 per server<br>up to 10.2 kW per server"]
    B2(["B200 (per GPU)<br/>180 GB HBM3e, 8 TB/s"])
    CPU["host: 2 x Xeon 6960P (72 cores each)<br/>3 TB DDR5"]
  end
  tor1{{tor-1}}
  SR -- "4 x 400G per server" --> tor1
  SR ==>|"1.4x sr-old"| OLD["sr-old<br/>Lenovo SR675 V3"]:::legacy
  tor1 --- SR
  classDef legacy fill:#eee,stroke-width:3px
  linkStyle 0,1 stroke-width:5px
  style SR stroke:#333,stroke-width:2px
  click SR "https://example.test/sr780a" "runbook 42"
"""


def _blocks(text: str = DIAGRAM) -> list[Block]:
    blocks, _ = parse_mermaid(text.split("\n"))
    return blocks


def test_styling_statements_and_link_styles_are_never_read() -> None:
    joined = " ".join(block.text for block in _blocks())
    for drawing in ("stroke", "fill", "linkStyle", "0,1", "runbook", "legacy", "direction"):
        assert drawing not in joined


def test_a_node_is_a_section_its_br_parts_paragraphs_under_the_subgraph_title() -> None:
    blocks = _blocks()
    heading = next(b for b in blocks if b.kind is BlockKind.HEADING and b.text == "Lenovo SR780a")
    assert heading.headings == ("Bay 1: 2 x Lenovo SR780a",)
    body = [b.text for b in blocks if b.headings == ("Bay 1: 2 x Lenovo SR780a", "Lenovo SR780a")]
    assert body == ["8 x B200 per server", "up to 10.2 kW per server"]
    figure = next(b for b in blocks if b.text == "up to 10.2 kW per server")
    assert (figure.line, figure.column) == (5, 50)


def test_a_shaped_node_and_a_host_line_keep_their_remarks() -> None:
    texts = [b.text for b in _blocks()]
    assert "B200 (per GPU)" in texts and "180 GB HBM3e, 8 TB/s" in texts
    assert "host: 2 x Xeon 6960P (72 cores each)" in texts


def test_a_link_is_a_sentence_naming_both_ends_and_a_node_id_in_it_the_node() -> None:
    texts = [b.text for b in _blocks()]
    assert "Lenovo SR780a to tor-1: 4 x 400G per server" in texts
    assert "Lenovo SR780a to sr-old: 1.4x the Lenovo SR675 V3" in texts
    assert not any(text.startswith("tor-1 and") for text in texts)  # a link without text says nothing


def test_comments_are_prose() -> None:
    comment = _blocks()[0]
    assert comment.kind is BlockKind.PARAGRAPH
    assert comment.text == "lab D, drawn for the wiki; numbers from the quotes"


def test_other_diagram_kinds_read_statement_by_statement() -> None:
    blocks = _blocks("sequenceDiagram\n  Note over A: the L4 draws 72 W<br/>at most\n  A->>B: ok\n")
    assert [b.text for b in blocks] == ["Note over A: the L4 draws 72 W", "at most", "A->>B: ok"]


def test_mermaid_is_known_by_suffix_and_by_a_first_statement_no_prose_opens_with() -> None:
    assert is_mermaid(["graph TD", "A-->B"], 1, ".txt")
    assert is_mermaid(["%% note", "", "stateDiagram-v2"], 1, "")
    assert is_mermaid(["pie", '  "H100" : 40'], 1, ".mmd")
    assert not is_mermaid(["pie", "is what we ate"], 1, ".txt")
    assert not is_mermaid(["# MultiMarkdown notes", "", "Some prose."], 1, ".mmd")
    assert not is_mermaid(["graph of the week"], 1, ".md")


def test_a_mermaid_file_with_front_matter_and_a_markdown_fence_are_read(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "bay.mmd"
    path.write_text("---\ntitle: Bay D\n---\n" + DIAGRAM, encoding="utf-8")
    document = load_document(path, "bay.mmd")
    assert document.title == "Bay D"
    assert any(b.text == "8 x B200 per server" and b.line == 8 for b in document.blocks)
    page = tmp_path / "page.md"
    page.write_text("# Lab D\n\n```mermaid\n" + DIAGRAM + "```\n\nAfter.\n", encoding="utf-8")
    blocks = load_document(page, "page.md").blocks
    figure = next(b for b in blocks if b.text == "8 x B200 per server")
    assert figure.line == 8
    assert figure.headings == ("Lab D", "Bay 1: 2 x Lenovo SR780a", "Lenovo SR780a")
    assert not any("stroke" in b.text for b in blocks)
