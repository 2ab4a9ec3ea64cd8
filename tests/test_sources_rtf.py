"""Reading RTF documents into blocks of what the word processor shows, every character at its file place."""

from __future__ import annotations

import pathlib
import textwrap

from hypothesis import given, settings
from hypothesis import strategies as st

from factlint.models import Block, BlockKind
from factlint.sources.loader import load_document
from factlint.sources.rtfblocks import parse_rtf, read_rtf_file
from factlint.sources.rtflex import is_rtf
from tests.sourcefiles import placed


def _source(source: str) -> list[str]:
    """Return the lines of an RTF text written in a test ("<sp>" ends a line with a space)."""
    return textwrap.dedent(source).strip("\n").replace("<sp>", " ").split("\n")


def _blocks(source: str) -> list[Block]:
    return parse_rtf(_source(source))[0]


def _texts(blocks: list[Block], kind: BlockKind) -> list[str]:
    return [block.text for block in blocks if block.kind is kind]


MEMO = r"""
    {\rtf1\ansi\ansicpg1252\deff0{\fonttbl{\f0\fswiss\fcharset0 Arial;}{\f1\fnil\fcharset204 Arial Cyr;}}
    {\colortbl ;\red0\green0\blue0;}
    {\*\generator Msftedit 5.41.21.2510;}{\info{\title Lab memo 61 GB}{\author A. Writer}}
    {\stylesheet{\s0 Normal;}{\s1\outlinelevel0 heading 1;}{\s2 heading 2;}{\cs15 Strong 99 W;}}
    {\header\pard\plain Page header 77 GB\par}
    \pard\plain\s1\fs32\b Quarterly accelerator memo\par
    \pard\plain\fs22 The lab's cluster reached 1.2\~PB of flash in Q3; the Ironwood<sp>
    pods each draw 10\~MW at peak\endash a figure the vendor states.\par
    \pard\plain\s2\b\fs26 Inventory\par
    \pard\plain\fs22\b Storage:\b0  96 shelves of 30\~TB drives.\par
    \pard\plain\fs22 The chips are:\par
    {\pntext\f0 1.\tab}{\*\pn\pnlvlbody\pndec{\pntxta .}}\fi-360\li720 Caf\'e9 Gaudi 3 with<sp>
    128\~GB of HBM2e{\v  hidden 512 GB}\par
    {\pntext\f0 2.\tab}Second line with a non-breaking hyphen in MI300\_X and an<sp>
    optional hyp\-hen\par
    \pard\plain\fs22 Unicode: \uc1\u8776?\u8201 ?40 W and {\uc2\u8364\'80\'80 12} and<sp>
    \u-10179?\u-8704? done.\par
    \pard\plain\fs22 Cyrillic {\f1\'cf\'e0\'ec\'ff\'f2\'fc} 64 GB.{\super\chftn}
    {\footnote\pard\plain{\super\chftn}
     Measured by the lab, 2025.}\par
    }
"""


def test_rtf_is_told_by_its_opening_whatever_its_name() -> None:
    assert is_rtf("{\\rtf1\\ansi hello}")
    assert is_rtf("\n  {\\rtf1 text}")
    assert not is_rtf("A note about {\\rtf1} files.")


def test_header_destinations_show_nothing() -> None:
    blocks = _blocks(MEMO)
    shown = " ".join(block.text for block in blocks)
    for hidden in ("Arial", "Msftedit", "61 GB", "Normal", "99 W", "77 GB", "hidden 512 GB"):
        assert hidden not in shown


def test_styles_named_heading_make_the_heading_path() -> None:
    blocks, title = parse_rtf(_source(MEMO))
    assert _texts(blocks, BlockKind.HEADING) == ["Quarterly accelerator memo", "Inventory"]
    assert title == "Quarterly accelerator memo"
    storage = next(block for block in blocks if "shelves" in block.text)
    assert storage.headings == ("Quarterly accelerator memo", "Inventory")
    assert storage.label == "Storage"


def test_a_paragraph_wrapped_over_lines_keeps_each_characters_line() -> None:
    blocks = _blocks(MEMO)
    paragraph = next(block for block in blocks if "Ironwood" in block.text)
    assert "Ironwood pods each draw 10 MW at peak\u2013a figure" in paragraph.text
    assert placed(paragraph, "1.2", _source(MEMO)) == (7, 44)
    assert placed(paragraph, "10 MW", _source(MEMO), "10\\~MW") == (8, 16)
    assert placed(paragraph, "pods", _source(MEMO)) == (8, 1)


def test_a_source_line_break_is_no_space() -> None:
    source = r"""
        {\rtf1\ansi Up to 1
        28 GB per chip and 40\~GB\par
        }
    """
    (block,) = _blocks(source)
    assert block.text == "Up to 128 GB per chip and 40 GB"
    assert placed(block, "28 GB", _source(source)) == (2, 1)


def test_list_items_and_escapes() -> None:
    blocks = _blocks(MEMO)
    items = [block for block in blocks if block.kind is BlockKind.LIST_ITEM]
    assert [item.text for item in items] == [
        "Caf\u00e9 Gaudi 3 with 128 GB of HBM2e",
        "Second line with a non-breaking hyphen in MI300-X and an optional hyphen",
    ]
    assert all(item.list_intro == "The chips are:" for item in items)
    assert placed(items[0], "Caf", _source(MEMO)) == (12, 68)
    assert placed(items[0], "128 GB", _source(MEMO), "128\\~GB") == (13, 1)


def test_unicode_characters_skip_their_fallback() -> None:
    blocks = _blocks(MEMO)
    unicode = next(block for block in blocks if block.text.startswith("Unicode"))
    assert unicode.text == "Unicode: \u2248 40 W and \u20ac 12 and \U0001f600 done."
    assert placed(unicode, "40 W", _source(MEMO)) == (16, 46)
    cyrillic = next(block for block in blocks if block.text.startswith("Cyrillic"))
    assert cyrillic.text == "Cyrillic \u041f\u0430\u043c\u044f\u0442\u044c 64 GB.[^1]"


def test_a_footnote_is_marked_where_it_stands_and_read_as_a_note() -> None:
    blocks = _blocks(MEMO)
    note = blocks[-1]
    assert note.text == "[^1]: Measured by the lab, 2025."
    assert placed(note, "Measured", _source(MEMO)) == (20, 2)


TABLE = r"""
    {\rtf1\ansi\deff0{\fonttbl{\f0 Calibri;}}
    \pard\fs22 Accelerator cards in the lab:\par
    \trowd\trgaph108\trhdr\cellx2000\cellx4000\cellx6000
    \pard\intbl\b Card\b0\cell\pard\intbl\b Memory\b0\cell\pard\intbl\b Power\b0\cell\row
    \trowd\trgaph108\cellx2000\cellx4000\cellx6000
    \pard\intbl Instinct MI210\cell\pard\intbl 64\~GB\cell\pard\intbl 300<sp>
    W\cell\row
    \trowd\trgaph108\cellx2000\cellx4000\cellx6000
    \pard\intbl Gaudi 2\cell\pard\intbl 96\~GB\par HBM2e\cell\pard\intbl 600 W\cell\row
    \pard\fs22 After the table.\par
    }
"""


def test_table_rows_become_rows_with_cells_under_their_header() -> None:
    blocks = _blocks(TABLE)
    rows = [block for block in blocks if block.kind is BlockKind.TABLE_ROW]
    assert [row.text for row in rows] == ["Instinct MI210 | 64 GB | 300 W", "Gaudi 2 | 96 GB HBM2e | 600 W"]
    assert rows[0].table_headers == ("Card", "Memory", "Power")
    assert [cell.text for cell in rows[0].cells] == ["Instinct MI210", "64 GB", "300 W"]
    assert placed(rows[0], "300", _source(TABLE)) == (6, 67)
    assert placed(rows[0], "W", _source(TABLE)) == (7, 1)
    assert _texts(blocks, BlockKind.PARAGRAPH) == ["Accelerator cards in the lab:", "After the table."]


def test_a_first_row_of_bold_cells_is_the_header_without_trhdr() -> None:
    source = TABLE.replace("\\trhdr", "")
    rows = [block for block in _blocks(source) if block.kind is BlockKind.TABLE_ROW]
    assert rows[0].table_headers == ("Card", "Memory", "Power")


def test_a_short_bold_paragraph_in_a_larger_font_is_a_heading() -> None:
    source = r"""
        {\rtf1\ansi\deff0
        \pard\b\fs36 Launch notes\b0\fs22\par
        \pard\fs22 The board draws 350 W under load and ships in May 2026, the vendor says.\par
        \pard\b\fs26 Pricing\b0\fs22\par
        \pard\fs22 List price is USD 9,000 per card.\par
        \pard\b\fs22 Bold body text of the normal size\b0\par
        \pard\b\fs26 A long bold sentence in a larger size is still body text.\b0\fs22\par
        }
    """
    blocks, title = parse_rtf(_source(source))
    assert _texts(blocks, BlockKind.HEADING) == ["Launch notes", "Pricing"]
    assert title == "Launch notes"
    price = next(block for block in blocks if "USD" in block.text)
    assert price.headings == ("Launch notes", "Pricing")


def test_a_folder_reads_rtf_files(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "memo.rtf"
    path.write_text("\n".join(_source(MEMO)) + "\n", encoding="ascii")
    document = load_document(path, "memo.rtf")
    assert document.format == "rtf"
    assert document.title == "Quarterly accelerator memo"
    named_otherwise = tmp_path / "memo.txt"
    named_otherwise.write_text("\n".join(_source(MEMO)) + "\n", encoding="ascii")
    assert load_document(named_otherwise, "memo.txt").format == "rtf"


_WORDS = st.text(alphabet="abcXYZ019 .,-", min_size=1, max_size=12)


@settings(max_examples=60, deadline=None)
@given(st.lists(_WORDS, min_size=1, max_size=8), st.lists(st.integers(0, 40), min_size=1, max_size=8))
def test_every_character_is_placed_where_the_file_writes_it(words: list[str], cuts: list[int]) -> None:
    text = " ".join(words)
    body = text
    for cut in sorted(set(cuts), reverse=True):  # a word processor wraps the source anywhere
        if 0 < cut < len(body):
            body = body[:cut] + "\n" + body[cut:]
    source = "{\\rtf1\\ansi \\b0\n" + body + "\\par\n}"
    lines = source.split("\n")
    blocks = parse_rtf(lines)[0]
    shown = " ".join(text.split())
    if not shown:
        assert not blocks
        return
    (block,) = blocks
    assert block.text == shown
    for offset, char in enumerate(block.text):
        line, column = block.position(offset)
        assert lines[line - 1][column - 1] == char


def test_a_unicode_number_out_of_range_is_a_replacement_character_not_a_crash() -> None:
    for number in ("1114112", "99999999", "-70000"):
        blocks = _blocks(r"{\rtf1 The H100 \u" + number + r"? has 80 GB.\par}")
        assert _texts(blocks, BlockKind.PARAGRAPH) == ["The H100 \ufffd has 80 GB."]


def test_a_lone_half_of_a_surrogate_pair_is_a_replacement_character() -> None:
    blocks = _blocks(
        r"{\rtf1 The H100 has 80 GB \u55357?.\par \u56832?Then 700 W.\par a \u-10179?\u-8704? b\par}"
    )
    texts = _texts(blocks, BlockKind.PARAGRAPH)
    assert texts == ["The H100 has 80 GB \ufffd.", "\ufffdThen 700 W.", "a \U0001f600 b"]
    for text in texts:
        text.encode("utf-8")


def test_a_pard_inside_a_footnote_keeps_the_body_paragraph_and_table_state() -> None:
    source = r"""
        {\rtf1{\stylesheet{\s1 heading 1;}}
        \pard\s1 Accelerators{\footnote\pard\plain Source 2025.}\par
        \pard The H100 has 80 GB.\par
        \trowd\cellx1000\cellx2000
        \intbl Chip\cell Memory\cell\row
        \intbl H100{\footnote\pard Measured.}\par SXM\cell 80 GB\cell\row
        }
        """
    blocks = _blocks(source)
    assert [block.text for block in blocks if block.kind is BlockKind.HEADING] == ["Accelerators[^1]"]
    rows = [block.text for block in blocks if block.kind is BlockKind.TABLE_ROW]
    assert rows == ["Chip | Memory", "H100[^2] SXM | 80 GB"]


def test_text_after_the_documents_last_brace_is_not_read() -> None:
    blocks = _blocks(r"{\rtf1 The H100 has 80 GB.\par}" + "\nStray 700 W trailer\n")
    assert [block.text for block in blocks] == ["The H100 has 80 GB."]


UNCLOSED_NOTE = r"""
    {\rtf1\ansi
    \pard The H100 has 80 GB.{\footnote\pard Measured by the lab.\par
    \pard The A100 has 40 GB.\par
    \pard The L4 draws 72 W.\par
    }
"""


def test_a_footnote_not_closed_ends_at_its_paragraph_and_is_reported(tmp_path: pathlib.Path) -> None:
    blocks = _blocks(UNCLOSED_NOTE)
    assert [block.text for block in blocks] == [
        "The H100 has 80 GB.[^1]",
        "[^1]: Measured by the lab.",
        "The A100 has 40 GB.",
        "The L4 draws 72 W.",
    ]
    assert placed(blocks[2], "40 GB", _source(UNCLOSED_NOTE)) == (3, 20)
    path = tmp_path / "memo.rtf"
    path.write_text("\n".join(_source(UNCLOSED_NOTE)), encoding="ascii")
    document = load_document(path, "memo.rtf")
    assert document.problems == ("line 2: footnote not closed; it ends at its paragraph's end (line 2)",)
    truncated = "\n".join(_source(UNCLOSED_NOTE)[:3])  # the document's own brace missing too
    assert [block.text for block in parse_rtf(truncated.split("\n"))[0]][-1] == "The A100 has 40 GB."
    closed = _blocks(r"{\rtf1 Body 1 W.{\footnote First 2 W.\par Second 3 W.}\par After 4 W.\par}")
    assert [block.text for block in closed] == ["Body 1 W.[^1]", "[^1]: First 2 W. Second 3 W.", "After 4 W."]


TEXT_BOX = r"""
    {\rtf1\ansi
    \pard Before the box: 1 W.\par
    \pard Anchor {\shp{\*\shpinst\shpleft0{\sp{\sn shapeType}{\sv 202}}
    {\shptxt \pard The box says 96 GB.\par \pard Its second line: 5 W.\par}}
    {\shprslt{\*\do\dobxcolumn{\dptxbxtext\pard The box says 96 GB.\par}}}}and after: 3 W.\par
    }
"""


def test_a_text_box_is_read_as_paragraphs_once() -> None:
    blocks = _blocks(TEXT_BOX)
    assert _texts(blocks, BlockKind.PARAGRAPH) == [
        "Before the box: 1 W.",
        "The box says 96 GB.",
        "Its second line: 5 W.",
        "Anchor and after: 3 W.",
    ]
    box = next(block for block in blocks if block.text.startswith("The box"))
    assert placed(box, "96 GB", _source(TEXT_BOX)) == (4, 29)


def test_raw_8_bit_text_is_read_in_the_declared_code_page(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "memo.rtf"
    path.write_bytes(
        "{\\rtf1\\ansi\\ansicpg1252 Caf\u00e9 price: \u20ac 9,000 per card.\\par}".encode("cp1252")
    )
    document = load_document(path, "memo.rtf")
    assert document.error is None
    assert [block.text for block in document.blocks] == ["Caf\u00e9 price: \u20ac 9,000 per card."]
    cyrillic = tmp_path / "cyr.rtf"
    cyrillic.write_bytes(
        "{\\rtf1\\ansi\\ansicpg1251 \u041f\u0430\u043c\u044f\u0442\u044c 64 GB.\\par}".encode("cp1251")
    )
    assert [block.text for block in load_document(cyrillic, "cyr.rtf").blocks] == [
        "\u041f\u0430\u043c\u044f\u0442\u044c 64 GB."
    ]


def test_every_footnote_not_closed_ends_at_its_paragraph_and_is_reported_once() -> None:
    source = (
        "{\\rtf1\\ansi \\pard A 80 GB.{\\footnote x 5 W \\par\n"
        "\\pard B 94 GB.{\\footnote y 6 W \\par\n\\pard C 700 W.\\par\n}"
    )
    document = read_rtf_file(source.split("\n"))
    blocks = list(document.blocks)
    assert [block.text for block in blocks] == [
        "A 80 GB.[^1]",
        "[^1]: x 5 W",
        "B 94 GB.[^2]",
        "[^2]: y 6 W",
        "C 700 W.",
    ]
    assert placed(blocks[2], "94 GB", _source(source)) == (2, 9)
    assert len(document.problems) == 2
    many = read_rtf_file(["{\\rtf1\\ansi"] + ["\\pard a{\\footnote x 5 W \\par"] * 2000 + ["}"])
    assert len(many.blocks) == 4000
    assert len(many.problems) == 2000
