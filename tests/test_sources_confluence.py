"""Confluence storage-format pages: macros by what they show, tables with header units, file lines kept."""

from __future__ import annotations

import pathlib

import pytest

from factlint.models import Block, BlockKind
from factlint.sources import load_document
from factlint.sources.confluence import is_confluence, parse_confluence
from tests.sourcefiles import position_of

_RUNBOOK = """\
<h1>MI210 node bring-up</h1>
<ac:structured-macro ac:name="tip" ac:schema-version="1" ac:macro-id="aa11">
<ac:parameter ac:name="title">Before you start</ac:parameter>
<ac:rich-text-body><p>Each node holds four MI210 cards with 64 GB of HBM2e each.</p></ac:rich-text-body>
</ac:structured-macro>
<p>Check the cards after the driver install.</p>
<ac:structured-macro ac:name="code" ac:schema-version="1">
<ac:parameter ac:name="language">bash</ac:parameter>
<ac:parameter ac:name="title">rocm-smi on node 3</ac:parameter>
<ac:plain-text-body><![CDATA[GPU  Temp   AvgPwr  VRAM%
0    41.0c  84.0W   0%
  <not a tag> & 300.0W cap]]></ac:plain-text-body></ac:structured-macro>
<ac:structured-macro ac:name="expand" ac:schema-version="1">
<ac:parameter ac:name="title">Older notes (2023)</ac:parameter><ac:rich-text-body>
<p>The first batch came with 32 GB cards by mistake.</p>
</ac:rich-text-body></ac:structured-macro>
<p>Ask <ac:link><ri:user ri:account-id="0123abcd" /></ac:link>
before <time datetime="2026-01-12" /> about spares.</p>
"""

_COMPARISON = """\
<?xml version="1.0" encoding="UTF-8"?>
<p><ac:structured-macro ac:name="toc" ac:schema-version="1">
<ac:parameter ac:name="maxLevel">3</ac:parameter></ac:structured-macro></p>
<h2>Inference cards</h2>
<table data-layout="default" ac:local-id="t1">
<colgroup><col style="width: 120.0px;" /><col style="width: 90.0px;" /></colgroup>
<tbody>
<tr><th><p>Card</p></th><th><p>Memory (GB)</p></th><th><p>Board power (W)</p></th><th><p>Status</p></th></tr>
<tr><td><p>L4</p></td><td><p>24</p></td><td><p>40 - 72</p></td><td><p>
<ac:structured-macro ac:name="status" ac:schema-version="1">
<ac:parameter ac:name="colour">Green</ac:parameter>
<ac:parameter ac:name="title">PICK 2</ac:parameter></ac:structured-macro></p></td></tr>
<tr><td><p>A2</p></td><td><p>16</p></td><td><p>~60</p></td><td><p>kept</p></td></tr>
</tbody></table>
<p><ac:structured-macro ac:name="jira" ac:schema-version="1">
<ac:parameter ac:name="key">INF-42</ac:parameter></ac:structured-macro> tracks the order.</p>
"""

_LAYOUT = """\
<ac:layout><ac:layout-section ac:type="two_equal"><ac:layout-cell>
<h2>Left</h2><p>The Gaudi 2 has 96 GB of HBM2e.</p>
</ac:layout-cell><ac:layout-cell>
<ac:structured-macro ac:name="panel" ac:schema-version="1">
<ac:parameter ac:name="title">Vendor figures</ac:parameter><ac:rich-text-body>
<p>Intel quotes 600 W for the OAM module.</p></ac:rich-text-body></ac:structured-macro>
<p>See <ac:link><ri:page ri:content-title="Gaudi 3 notes" />
<ac:plain-text-link-body><![CDATA[the Gaudi 3 page]]></ac:plain-text-link-body></ac:link>.</p>
<ac:task-list><ac:task><ac:task-id>7</ac:task-id><ac:task-status>incomplete</ac:task-status>
<ac:task-body>order 8 spare cards</ac:task-body></ac:task></ac:task-list>
</ac:layout-cell></ac:layout-section></ac:layout>
"""


def _load(tmp_path: pathlib.Path, text: str, name: str = "page.xml") -> tuple[Block, ...]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    document = load_document(path, name)
    assert document.error is None
    assert document.format == "html"
    return document.blocks


def _texts(blocks: tuple[Block, ...]) -> list[str]:
    return [block.text for block in blocks]


def _place(blocks: tuple[Block, ...], needle: str) -> tuple[int, int]:
    """Return the file (line, column) of ``needle`` in the first block that holds it."""
    block = next(block for block in blocks if needle in block.text)
    return block.position(block.text.index(needle))


def test_runbook_reads_prose_macros_under_their_titles(tmp_path: pathlib.Path) -> None:
    blocks = _load(tmp_path, _RUNBOOK)
    tip = next(block for block in blocks if "four MI210" in block.text)
    assert tip.headings == ("MI210 node bring-up", "Before you start")
    after = next(block for block in blocks if block.text.startswith("Check the cards"))
    assert after.headings == ("MI210 node bring-up",)  # the macro's title ends with the macro
    older = next(block for block in blocks if "32 GB cards" in block.text)
    assert older.headings == ("MI210 node bring-up", "Older notes (2023)")


def test_runbook_code_body_is_read_line_by_line_where_it_stands(tmp_path: pathlib.Path) -> None:
    blocks = _load(tmp_path, _RUNBOOK)
    texts = _texts(blocks)
    assert "0 41.0c 84.0W 0%" in texts
    assert "<not a tag> & 300.0W cap" in texts  # CDATA is text as written
    row = next(block for block in blocks if block.text.startswith("0 41.0c"))
    assert row.headings == ("MI210 node bring-up", "rocm-smi on node 3")
    assert _place(blocks, "84.0W") == position_of(_RUNBOOK, "84.0W")
    assert _place(blocks, "GPU") == position_of(_RUNBOOK, "GPU  Temp")
    assert not any("bash" in text for text in texts)  # parameters are no text


def test_runbook_mentions_and_workflow_dates_are_no_text(tmp_path: pathlib.Path) -> None:
    blocks = _load(tmp_path, _RUNBOOK)
    ask = next(block for block in blocks if block.text.startswith("Ask"))
    assert "0123abcd" not in ask.text and "2026" not in ask.text
    assert (ask.line, ask.column) == position_of(_RUNBOOK, "Ask")
    assert ask.position(ask.text.index("about")) == position_of(_RUNBOOK, "about spares")


def test_comparison_table_keeps_header_units_and_drops_status_lozenges(tmp_path: pathlib.Path) -> None:
    blocks = _load(tmp_path, _COMPARISON)
    rows = [block for block in blocks if block.kind is BlockKind.TABLE_ROW]
    assert [cell.text for cell in rows[0].cells] == ["L4", "24", "40 - 72", ""]
    assert rows[0].table_headers == ("Card", "Memory (GB)", "Board power (W)", "Status")
    assert [cell.text for cell in rows[1].cells] == ["A2", "16", "~60", "kept"]
    assert _place(blocks, "40 - 72") == position_of(_COMPARISON, "40 - 72")
    texts = _texts(blocks)
    assert not any("PICK" in text or "maxLevel" in text or "INF-42" in text for text in texts)
    assert "tracks the order." in texts


def test_layout_page_reads_cells_panels_links_and_tasks(tmp_path: pathlib.Path) -> None:
    blocks = _load(tmp_path, _LAYOUT, "page.html")
    texts = _texts(blocks)
    assert "The Gaudi 2 has 96 GB of HBM2e." in texts
    panel = next(block for block in blocks if "600 W" in block.text)
    assert panel.headings == ("Left", "Vendor figures")
    assert "See the Gaudi 3 page." in texts
    task = next(block for block in blocks if "spare cards" in block.text)
    assert task.kind is BlockKind.LIST_ITEM and task.text == "order 8 spare cards"
    assert _place(blocks, "the Gaudi 3 page") == position_of(_LAYOUT, "the Gaudi 3 page")


def test_a_page_on_one_line_keeps_columns() -> None:
    page = "".join(_RUNBOOK.splitlines())
    blocks, _ = parse_confluence([page])
    block = next(block for block in blocks if "84.0W" in block.text)
    assert block.position(block.text.index("84.0W")) == (1, page.index("84.0W") + 1)


@pytest.mark.parametrize(
    ("text", "suffix", "expected"),
    [
        (_RUNBOOK, ".xml", True),
        (_COMPARISON, ".html", True),
        (_LAYOUT, ".xhtml", True),
        (_RUNBOOK, ".md", False),  # a Markdown file quoting storage format is Markdown
        ("<p>Write macros as &lt;ac:structured-macro&gt; in storage format.</p>", ".html", False),
        ("<html><body><p>The L4 has 24 GB.</p></body></html>", ".html", False),
        ('<?xml version="1.0"?><rss><channel><title>News</title></channel></rss>', ".xml", False),
    ],
)
def test_detected_by_its_elements(text: str, suffix: str, expected: bool) -> None:
    assert is_confluence(text, suffix) is expected
