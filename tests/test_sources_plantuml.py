"""Reading PlantUML diagrams: elements as sections, containers as headings, notes beside their
element, styling and preprocessor lines never read (decision 0200)."""

from __future__ import annotations

import pathlib

from factlint.models import Block, BlockKind
from factlint.sources import load_document
from factlint.sources.plantuml import is_plantuml, parse_plantuml

DIAGRAM = """\
@startuml bench-b
' bench room B, drawn for the wiki
!include <office/Servers/application_server>
skinparam nodesep 75
skinparam node {
  FontSize 13
}
title Bench room B (rev 3)
header page 2 of 9
/' rev 2 -> rev 3
   - the switch moved to rack B5
'/
package "Rack B4" as rb4 {
  node "IPU-M2000 (slot 3)" as m2k <<server>> #EEEEEE [
    **Graphcore IPU-Machine M2000**
    ====
    4 x GC200 IPU
    ..
    -- per chip --
    900 MB in-processor memory per IPU
  ]
  database "ledger" as db
}
node "scratch-7" as s7 [2 x Xeon 8480+ (56 cores each)]
note left of m2k
  bought in 2024
  for the graph team
end note
note "a floating remark" as N1
m2k --> s7 : "1.2x s7"
m2k -[#red]-> db
legend right
  shaded: in service
endlegend
System_Boundary(lab, "Lab network") {
  Container(api, "Quote API", "Go 1.22", "serves 40 quotes a day")
}
Rel(api, m2k, "reads 3 feeds")
@enduml
"""


def _blocks(text: str = DIAGRAM) -> list[Block]:
    blocks, _ = parse_plantuml(text.split("\n"))
    return blocks


def test_styling_preprocessor_header_and_start_lines_are_never_read() -> None:
    joined = " ".join(block.text for block in _blocks())
    for drawing in ("nodesep", "75", "FontSize", "include", "page 2", "@startuml", "#EEEEEE", "red"):
        assert drawing not in joined


def test_title_is_the_documents_title() -> None:
    _, title = parse_plantuml(DIAGRAM.split("\n"))
    assert title == "Bench room B (rev 3)"


def test_an_element_is_a_section_under_its_container_its_description_lines_paragraphs() -> None:
    blocks = _blocks()
    heading = next(b for b in blocks if b.kind is BlockKind.HEADING and b.text == "IPU-M2000")
    assert heading.headings == ("Rack B4",)
    body = [b.text for b in blocks if b.headings == ("Rack B4", "IPU-M2000")]
    # the bold markup and the separators (`====`, `..`) are drawing; a titled separator keeps its title
    assert body[:5] == [
        "IPU-M2000 (slot 3)",
        "Graphcore IPU-Machine M2000",
        "4 x GC200 IPU",
        "per chip",
        "900 MB in-processor memory per IPU",
    ]
    figure = next(b for b in blocks if b.text == "900 MB in-processor memory per IPU")
    assert (figure.line, figure.column) == (20, 5)


def test_a_one_line_description_and_a_bare_element() -> None:
    blocks = _blocks()
    assert any(b.text == "2 x Xeon 8480+ (56 cores each)" and b.headings == ("scratch-7",) for b in blocks)
    assert any(b.kind is BlockKind.HEADING and b.text == "ledger" for b in blocks)


def test_a_note_beside_an_element_is_in_its_section_a_loose_note_is_not() -> None:
    blocks = _blocks()
    note = next(b for b in blocks if b.text.startswith("bought in 2024"))
    assert note.text == "bought in 2024\nfor the graph team"
    assert note.headings == ("Rack B4", "IPU-M2000")
    loose = next(b for b in blocks if b.text == "a floating remark")
    assert loose.headings == ()


def test_a_labelled_link_names_its_ends_an_unlabelled_one_says_nothing() -> None:
    texts = [b.text for b in _blocks()]
    assert "IPU-M2000 to scratch-7: 1.2x the scratch-7" in texts
    assert not any("ledger:" in text for text in texts)


def test_comments_legend_and_c4_macros() -> None:
    texts = [b.text for b in _blocks()]
    assert "bench room B, drawn for the wiki" in texts
    assert "rev 2 -> rev 3\n- the switch moved to rack B5" in texts
    assert "shaded: in service" in texts
    assert "Lab network" in texts  # a C4 boundary is a heading
    assert "serves 40 quotes a day" in texts
    assert any(text.endswith(": reads 3 feeds") for text in texts)


def test_detection_by_suffix_and_by_the_start_line() -> None:
    assert is_plantuml(["node a"], 1, ".puml")
    assert is_plantuml(["", "@startuml", "node a"], 1, ".txt")
    assert not is_plantuml(["@startup notes for monday"], 1, ".txt")
    assert not is_plantuml(["node a"], 1, ".txt")


def test_loaded_from_a_file(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "bench.pu"
    path.write_text(DIAGRAM, encoding="utf-8")
    document = load_document(path, str(path))
    assert document.title == "Bench room B (rev 3)"
    assert any(b.text == "4 x GC200 IPU" for b in document.blocks)
