"""Reading XML exports (issue trackers, RSS and Atom feeds) into blocks, metadata left out."""

from __future__ import annotations

import pathlib
import textwrap

from hypothesis import given, settings
from hypothesis import strategies as st

from factlint.models import Block, BlockKind
from factlint.sources import load_document
from factlint.sources.detect import is_xml
from factlint.sources.xmlfeed import parse_xml
from factlint.sources.xmltree import XmlSyntaxError, held_elements, parse_xml_tree

TRACKER = """\
<?xml version="1.0" encoding="UTF-8"?>
<!-- exported by Tracker 7.4.2 build 740021 -->
<rss version="0.92">
<channel>
  <title>Acme Tracker</title>
  <link>https://tracker.example/browse/HW-88</link>
  <item>
    <title>[HW-88] Evaluate MI325X nodes for the Oakfield pod</title>
    <key id="55012">HW-88</key>
    <description>&lt;p&gt;Each MI325X carries 256 GB of HBM3E.&lt;/p&gt;
&lt;ul&gt;&lt;li&gt;Infinity Fabric: 896 GB/s&lt;/li&gt;&lt;/ul&gt;</description>
    <created>Wed, 04 Feb 2026 08:00:00 +0000</created>
    <votes>7</votes>
    <comments>
      <comment id="9001" author="rhu"
               created="Thu, 05 Feb 2026 09:12:00 +0000">&lt;p&gt;Board power is 1,000 W.&lt;/p&gt;</comment>
    </comments>
    <customfields>
      <customfield id="customfield_20001"><customfieldname>Node power (kW)</customfieldname>
        <customfieldvalues><customfieldvalue>10.5</customfieldvalue></customfieldvalues></customfield>
    </customfields>
    <changelog>
      <history id="1" created="Wed, 04 Feb 2026 08:05:00 +0000">
        <item field="Node power (kW)" fromString="" toString="9.8"/>
      </history>
      <history id="2" created="Fri, 06 Feb 2026 10:00:00 +0000">
        <item field="Node power (kW)" fromString="9.8" toString="10.5"/>
        <item field="Budget (EUR)" from="" fromString="" to="" toString="2400000"/>
      </history>
    </changelog>
  </item>
</channel>
</rss>
"""


def _read(source: str) -> list[Block]:
    parsed = parse_xml(textwrap.dedent(source).split("\n"))
    assert parsed.error is None
    return list(parsed.blocks)


def _texts(blocks: list[Block]) -> list[str]:
    return [block.text for block in blocks]


def test_text_elements_become_blocks_and_metadata_yields_nothing() -> None:
    texts = _texts(_read(TRACKER))
    assert "Each MI325X carries 256 GB of HBM3E." in texts
    assert "Infinity Fabric: 896 GB/s" in texts
    assert "Board power is 1,000 W." in texts
    joined = "\n".join(texts)
    for metadata in ("HW-88\n", "55012", "2026", "9001", "rhu", "7.4.2", "tracker.example", "votes"):
        assert metadata not in joined


def test_item_title_is_the_heading_of_what_follows() -> None:
    blocks = _read(TRACKER)
    described = next(block for block in blocks if block.text.startswith("Each MI325X"))
    # the item's own key before its title is dropped there, as it is everywhere else
    assert described.headings[-1] == "Evaluate MI325X nodes for the Oakfield pod"
    assert parse_xml(TRACKER.split("\n")).title == "Acme Tracker"


def test_escaped_html_keeps_the_file_positions_of_its_text() -> None:
    blocks = _read(TRACKER)
    lines = TRACKER.split("\n")
    for block in blocks:
        if block.kind is BlockKind.TABLE_ROW:
            continue
        word = block.text.split()[-1]
        line, column = block.position(block.text.rindex(word))
        assert lines[line - 1][column - 1 : column - 1 + len(word)] == word, block.text


def test_a_bracketed_title_start_that_is_not_the_item_key_stays() -> None:
    other = TRACKER.replace("[HW-88] Evaluate", "[Draft] Evaluate")
    heading = next(block for block in _read(other) if block.text.startswith("[Draft]"))
    assert heading.kind is BlockKind.HEADING


def test_comments_are_messages_and_the_description_is_not() -> None:
    blocks = _read(TRACKER)
    by_text = {block.text: block for block in blocks}
    assert by_text["Board power is 1,000 W."].message
    assert not by_text["Each MI325X carries 256 GB of HBM3E."].message


def test_custom_fields_are_name_value_rows() -> None:
    rows = [block for block in _read(TRACKER) if block.kind is BlockKind.TABLE_ROW]
    cells = [tuple(cell.text for cell in row.cells) for row in rows]
    assert ("Node power (kW)", "10.5") in cells


def test_a_change_history_keeps_the_current_value_and_marks_the_old_one() -> None:
    rows = [block for block in _read(TRACKER) if block.kind is BlockKind.TABLE_ROW]
    cells = [tuple(cell.text for cell in row.cells) for row in rows]
    assert ("Node power (kW)", "10.5 (was 9.8)") in cells
    assert ("Budget (EUR)", "2400000") in cells
    # the first record's 9.8 was changed again later: it is no current value
    assert ("Node power (kW)", "9.8") not in cells


def test_record_values_point_at_their_text() -> None:
    lines = TRACKER.split("\n")
    for row in (block for block in _read(TRACKER) if block.kind is BlockKind.TABLE_ROW):
        for cell in row.cells:
            word = cell.text.split()[0]
            line, column = row.position(row.text.index(cell.text))
            assert lines[line - 1][column - 1 : column - 1 + len(word)] == word, cell.text


ATOM = """\
<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>Silicon Notes</title>
  <id>tag:notes.example,2024:feed</id>
  <updated>2026-02-01T10:00:00Z</updated>
  <entry>
    <title>Gaudi 3 in brief</title>
    <id>tag:notes.example,2026:post-17</id>
    <author><name>Ana Ruiz</name></author>
    <summary type="html">&lt;p&gt;Gaudi 3 has 128 GB of HBM2e.&lt;/p&gt;</summary>
    <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>It is rated 900 W.</p></div></content>
  </entry>
  <entry>
    <title>Plain note</title>
    <summary>The card draws 600 W.

A second paragraph with 48 GB.</summary>
  </entry>
</feed>
"""


def test_atom_entries_read_html_xhtml_and_plain_summaries() -> None:
    blocks = _read(ATOM)
    texts = _texts(blocks)
    assert "Gaudi 3 has 128 GB of HBM2e." in texts
    assert "It is rated 900 W." in texts
    assert "The card draws 600 W." in texts
    assert "A second paragraph with 48 GB." in texts
    assert "Ana Ruiz" not in "\n".join(texts)
    plain = next(block for block in blocks if block.text == "A second paragraph with 48 GB.")
    assert plain.line == 17
    assert plain.headings[-1] == "Plain note"


def test_entity_declarations_are_refused() -> None:
    laughs = '<?xml version="1.0"?>\n<!DOCTYPE a [<!ENTITY lol "lol">]>\n<a>&lol;</a>\n'
    try:
        parse_xml_tree(laughs)
    except XmlSyntaxError as error:
        assert error.line == 2
    else:  # pragma: no cover
        raise AssertionError("an entity declaration was accepted")
    external = '<?xml version="1.0"?>\n<!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<a>&x;</a>\n'
    assert parse_xml(external.split("\n")).error is not None


def test_a_malformed_file_is_read_as_plain_text_with_a_problem(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "broken.xml"
    path.write_text(
        '<?xml version="1.0"?>\n<issue>\n<summary>The H200 has 141 GB.</issue>\n', encoding="utf-8"
    )
    document = load_document(path, "broken.xml")
    assert document.error is None
    assert document.format == "text"
    assert document.problems and document.problems[0].startswith("line 3:")
    assert any("141 GB" in block.text for block in document.blocks)


def test_xml_is_detected_by_suffix_or_declaration_and_xhtml_is_html() -> None:
    assert is_xml("<issues/>", ".xml")
    assert is_xml('<?xml version="1.0"?>\n<feed/>', ".txt")
    assert not is_xml("plain words", ".txt")
    assert not is_xml('<?xml version="1.0"?>\n<!DOCTYPE html>\n<html><body/></html>', ".xml")


def test_a_well_formed_export_loads_as_xml(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "export.xml"
    path.write_text(TRACKER, encoding="utf-8")
    document = load_document(path, "export.xml")
    assert document.format == "xml"
    assert document.title == "Acme Tracker"


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.sampled_from("<>&;/ ab=\"'\n?!-x"), max_size=80))
def test_any_text_is_read_or_refused_never_crashes(body: str) -> None:
    parsed = parse_xml(["<?xml version='1.0'?>", f"<root>{body}</root>"])
    assert parsed.error is not None or all(block.line >= 2 for block in parsed.blocks)


def test_descendants_come_in_document_order_and_held_elements_stop_at_non_containers() -> None:
    root = parse_xml_tree("<pkg><part><a/><b><c/></b></part><d/></pkg>")
    assert [element.tag for element in root.descendants()] == ["pkg", "part", "a", "b", "c", "d"]
    held = sorted(element.tag for element in held_elements([root], frozenset({"pkg", "part"})))
    assert held == ["a", "b", "d", "part", "pkg"]  # c sits in b, which is no container
