"""XLIFF translation files read as source and target segments in their own notation
(sources/xliff.py).

Our own translation files, about other products than any evaluation document."""

from __future__ import annotations

from factlint.models import BlockKind
from factlint.sources.xliff import is_xliff, read_xliff

XLIFF_12 = """<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file original="C:\\sheets\\l40s_card-notes.rtf" source-language="en" target-language="nl-NL">
    <header><note>Glossary job 4,100.</note></header>
    <body>
      <trans-unit id="t1">
        <source>The L40S card
 draws <bpt id="1">&lt;b&gt;</bpt>350 W<ept id="1">&lt;/b&gt;</ept>.</source>
        <target xml:lang="de-CH">Die L40S-Karte zieht 350 W, 1'200.5 MHz.</target>
        <note>Checked against rev 2.</note>
      </trans-unit>
    </body>
  </file>
</xliff>
"""

XLIFF_20 = """<?xml version="1.0"?>
<!-- exported by a tool -->
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en-US" trgLang="pl-PL">
  <file id="f">
    <unit id="u">
      <originalData><data id="d1">&lt;i&gt;</data></originalData>
      <segment>
        <source>A <pc id="1" dataRefStart="d1">Gaudi 3</pc> node</source>
        <target>Węzeł <pc id="1">Gaudi 3</pc></target>
      </segment>
    </unit>
  </file>
</xliff>
"""


def test_an_xliff_file_is_known_by_its_suffix_or_its_root_element() -> None:
    assert is_xliff("anything", ".xlf")
    assert is_xliff("anything", ".XLIFF")
    assert is_xliff(XLIFF_20, ".xml")
    assert is_xliff(XLIFF_20, "")
    assert not is_xliff('<?xml version="1.0"?>\n<rss><channel/></rss>', ".xml")
    assert not is_xliff("We translate with XLIFF: <xliff> files.", ".txt")
    assert not is_xliff(XLIFF_20, ".md")


def test_segments_and_notes_are_paragraphs_in_their_languages_notation() -> None:
    blocks = read_xliff(XLIFF_12).blocks[1:]
    texts = [block.text for block in blocks]
    assert texts == [
        "Glossary job 4,100.",
        "The L40S card  draws 350 W.",
        "Die L40S-Karte zieht 350 W, 1'200.5 MHz.",
        "Checked against rev 2.",
    ]
    source, target = blocks[1], blocks[2]
    assert source.decimal_comma is False
    assert target.decimal_comma is False  # its own xml:lang (Swiss German) writes decimal points
    assert (source.line, source.column) == (7, 17)
    assert source.position(source.text.index("draws")) == (8, 2)
    assert source.position(source.text.index("350")) == (8, 35)


def test_native_codes_are_left_out_and_wrapping_codes_kept() -> None:
    document = read_xliff(XLIFF_20)
    assert [block.text for block in document.blocks] == ["A Gaudi 3 node", "Węzeł Gaudi 3"]
    assert [block.decimal_comma for block in document.blocks] == [False, True]
    assert all(block.kind is BlockKind.PARAGRAPH for block in document.blocks)  # no file name: no heading


def test_the_translated_file_name_is_a_heading_over_its_units() -> None:
    blocks = read_xliff(XLIFF_12).blocks
    heading = blocks[0]
    assert (heading.kind, heading.text, heading.line, heading.column) == (
        BlockKind.HEADING,
        "l40s card notes",
        3,
        29,
    )
    assert all(block.headings == ("l40s card notes",) for block in blocks[1:])


def test_malformed_xliff_is_an_error_naming_the_line() -> None:
    assert read_xliff("<xliff>\n<file>\n</xliff>").error is not None
