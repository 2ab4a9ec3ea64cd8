"""Reading AsciiDoc into blocks of what the rendered document shows, with file positions kept."""

from __future__ import annotations

import pathlib
import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from factlint.models import Block, BlockKind, Document
from factlint.sources import asciidocinline, load_document
from factlint.sources.asciidoc import parse_asciidoc, read_asciidoc
from factlint.sources.asciidocinline import MAX_ATTRIBUTE_CHARACTERS, MAX_ATTRIBUTE_RUNS, MAX_SPAN, Attributes
from factlint.sources.detect import is_asciidoc
from tests.sourcefiles import placed, source_lines


def _parse(text: str) -> tuple[list[Block], str | None]:
    return parse_asciidoc(source_lines(text))


def _blocks(text: str) -> list[Block]:
    return _parse(text)[0]


def _load(tmp_path: pathlib.Path, name: str, text: str) -> Document:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).strip("\n"), encoding="utf-8")
    return load_document(path, name)


def _of(blocks: list[Block], kind: BlockKind) -> list[Block]:
    return [block for block in blocks if block.kind is kind]


HEADER = """
    = Orin Module Brief
    Jane Writer <jane@example.org>
    v2.0, 2025-11-04: second draft
    :module-memory: 64 GB
    :doctype: article
    // a comment in the header

    The module has {module-memory} of LPDDR5.
"""


def test_header_prints_its_title_only_and_attributes_print_where_they_are_written() -> None:
    blocks, title = _parse(HEADER)
    assert title == "Orin Module Brief"
    assert [block.text for block in blocks] == ["Orin Module Brief", "The module has 64 GB of LPDDR5."]
    paragraph = blocks[1]
    assert paragraph.line == 8
    assert placed(paragraph, "64 GB", source_lines(HEADER)) == (4, 17)  # the attribute entry's value
    assert placed(paragraph, "of LPDDR5", source_lines(HEADER)) == (8, 32)


def test_sections_nest_and_blocks_sit_under_them() -> None:
    text = """
        == Hardware

        The card draws 300 W.

        === Memory ===

        It carries 48 GB.

        == Software

        Drivers ship monthly.
    """
    blocks = _blocks(text)
    assert [block.text for block in _of(blocks, BlockKind.HEADING)] == ["Hardware", "Memory", "Software"]
    paragraphs = _of(blocks, BlockKind.PARAGRAPH)
    assert paragraphs[0].headings == ("Hardware",)
    assert paragraphs[1].headings == ("Hardware", "Memory")
    assert paragraphs[2].headings == ("Software",)
    assert placed(paragraphs[1], "48 GB", source_lines(text)) == (7, 12)


def test_lists_keep_their_intro_and_item_lines() -> None:
    text = """
        Key figures:

        * 96 GB of HBM
        ** nested: 2.4 TB/s
        . ordered 600 W
        1. numbered 8 chips
        - dash item that wraps
          onto a second line with 900 W
    """
    items = _of(_blocks(text), BlockKind.LIST_ITEM)
    assert [item.text.split("\n")[0] for item in items] == [
        "96 GB of HBM",
        "nested: 2.4 TB/s",
        "ordered 600 W",
        "numbered 8 chips",
        "dash item that wraps",
    ]
    assert all(item.list_intro == "Key figures:" for item in items)
    assert placed(items[4], "900 W", source_lines(text)) == (8, 27)


def test_description_terms_label_their_bodies() -> None:
    text = """
        Accelerator X::
        It has 128 GB of memory
        and draws 500 W.

        Card Y:: A 75 W card.
    """
    blocks = _blocks(text)
    assert blocks[0].label == "Accelerator X"
    assert blocks[0].text == "It has 128 GB of memory\nand draws 500 W."
    assert blocks[1].kind is BlockKind.LIST_ITEM
    assert blocks[1].label == "Card Y"
    assert blocks[1].text == "A 75 W card."
    assert placed(blocks[1], "75 W", source_lines(text)) == (5, 12)


def test_admonitions_captions_and_compound_blocks_are_read_as_prose() -> None:
    text = """
        WARNING: Do not exceed 350 W.

        .Cooling limits
        [NOTE]
        ====
        The fan curve tops out at 45 C.
        ====

        ****
        A sidebar says 12 fans.
        ****

        [quote, A reviewer]
        ____
        It ran 2x faster.
        ____
    """
    texts = [block.text for block in _blocks(text)]
    assert texts == [
        "Do not exceed 350 W.",
        "Cooling limits",
        "The fan curve tops out at 45 C.",
        "A sidebar says 12 fans.",
        "It ran 2x faster.",
    ]


def test_listings_comments_macros_and_callouts_hide_what_is_no_prose() -> None:
    text = """
        // a line comment with 10 W
        ////
        A comment block with 20 W.
        ////
        image::board.png[Board,640,480]
        include::specs.adoc[]

        [source,yaml]
        ----
        power_w: 700 # <1>
        ----
        <1> The cap of 700 W is the default.

        ....
        literal 5 GB
        ....

        [source]
        shown as code 6 GB
    """
    blocks = _blocks(text)
    assert [block.text for block in blocks] == ["The cap of 700 W is the default."]
    assert blocks[0].kind is BlockKind.LIST_ITEM
    assert placed(blocks[0], "700 W", source_lines(text)) == (12, 16)


def test_inline_markup_keeps_words_and_drops_marks() -> None:
    text = (
        "The *Gaudi 3* has _128 GB_ of `HBM2e`, H~2~O and x^2^, #marked#, **bold**ly "
        "https://example.com[the sheet], link:spec.pdf[spec], <<perf,the results>>, [[here]]"
        "+{verbatim}+ and pass:[*raw*] with a{nbsp}space."
    )
    paragraph = _blocks(text)[0]
    assert paragraph.text == (
        "The Gaudi 3 has 128 GB of HBM2e, H2O and x2, marked, boldly "
        "the sheet, spec, the results, {verbatim} and *raw* with a space."
    )
    assert paragraph.position(paragraph.text.index("128 GB")) == (1, 20)


def test_struck_text_is_withdrawn_and_footnotes_become_notes() -> None:
    text = """
        The price is [.line-through]#$9,000# $7,500 per card.
        It has 96 GBfootnote:[Usable capacity is 94 GB.] of memory.
    """
    blocks = _blocks(text)
    assert blocks[0].text == "The price is $7,500 per card.\nIt has 96 GB of memory."
    assert blocks[1].text == "[^1]: Usable capacity is 94 GB."
    assert placed(blocks[1], "94 GB", source_lines(text)) == (2, 42)


def test_table_with_header_option_and_one_row_per_line() -> None:
    text = """
        .Module figures
        [cols="1,1,1",options="header"]
        |===
        | Module | Memory | Power
        | Alpha | 32 GB | 40 W
        | Beta | {empty}64 GB | 60 W
        |===
    """
    blocks = _blocks(text)
    assert blocks[0].text == "Module figures"
    rows = _of(blocks, BlockKind.TABLE_ROW)
    assert [row.text for row in rows] == ["Alpha | 32 GB | 40 W", "Beta | 64 GB | 60 W"]
    assert rows[0].table_headers == ("Module", "Memory", "Power")
    assert [cell.text for cell in rows[1].cells] == ["Beta", "64 GB", "60 W"]
    assert placed(rows[1], "64 GB", source_lines(text)) == (6, 17)


def test_table_with_implicit_header_and_one_cell_per_line() -> None:
    text = """
        |===
        |Chip |Node |Power

        |Alpha
        |5 nm
        |300 W

        |Beta
        |7 nm
        |250 W
        |===
    """
    rows = _of(_blocks(text), BlockKind.TABLE_ROW)
    assert rows[0].table_headers == ("Chip", "Node", "Power")
    assert [row.text for row in rows] == ["Alpha | 5 nm | 300 W", "Beta | 7 nm | 250 W"]
    assert placed(rows[1], "250 W", source_lines(text)) == (10, 2)


def test_table_cell_styles_spans_and_no_implicit_header_without_a_blank_line() -> None:
    text = """
        [cols="3*"]
        |===
        h|Memory |16 GB |32 GB
        h|Power 2+|75 W
        |===
    """
    rows = _of(_blocks(text), BlockKind.TABLE_ROW)
    assert rows[0].table_headers == ()
    assert [row.text for row in rows] == ["Memory | 16 GB | 32 GB", "Power | 75 W | "]


def test_csv_and_dsv_tables() -> None:
    text = """
        [%header,format=csv]
        ,===
        Card,Memory
        "Alpha, rev B",24 GB
        ,===

        :===
        Beta:48 GB
        :===
    """
    rows = _of(_blocks(text), BlockKind.TABLE_ROW)
    assert rows[0].table_headers == ("Card", "Memory")
    assert [row.text for row in rows] == ["Alpha, rev B | 24 GB", "Beta | 48 GB"]
    assert placed(rows[0], "24 GB", source_lines(text)) == (4, 16)


def test_struck_cell_value_is_withdrawn() -> None:
    text = """
        [options="header"]
        |===
        | Card | Price
        | Alpha | [.line-through]#$1,200# $990
        |===
    """
    rows = _of(_blocks(text), BlockKind.TABLE_ROW)
    assert rows[0].text == "Alpha | $990"


def test_conditionals_follow_attributes() -> None:
    text = """
        :internal:

        ifdef::internal[]
        Internal: 10 units.
        endif::[]
        ifndef::internal[]
        Public: 20 units.
        endif::[]
    """
    assert [block.text for block in _blocks(text)] == ["Internal: 10 units."]


def test_detection_by_suffix_and_strong_signs_only() -> None:
    header = "= Title\n:toc:\n\nText.\n"
    tables = "== Section\n\n|===\n| a | b\n|===\n"
    assert is_asciidoc("Text.", ".adoc") and is_asciidoc("Text.", ".asciidoc") and is_asciidoc("", ".asc")
    assert is_asciidoc(header, ".txt")
    assert is_asciidoc(tables, ".txt")
    assert not is_asciidoc("= Title\n\nJust prose.\n", ".txt")
    assert not is_asciidoc("|===\n| a |\n|===\n", ".txt")
    assert not is_asciidoc(header, ".md")
    assert not is_asciidoc("= Notes =\n:Note: a wikitext indent\n", ".txt")


def test_loader_reads_adoc_files(tmp_path: pathlib.Path) -> None:
    document = _load(tmp_path, "brief.adoc", HEADER)
    assert document.format == "asciidoc"
    assert document.title == "Orin Module Brief"
    assert document.blocks[1].text == "The module has 64 GB of LPDDR5."


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(alphabet="=*_`#^~+|:.-[]{}<>abc 12\n", max_size=40), max_size=8))
def test_any_text_reads_without_error_and_positions_stay_in_the_file(parts: list[str]) -> None:
    lines = "\n".join(parts).split("\n")
    blocks, _ = parse_asciidoc(lines)
    for block in blocks:
        for offset in range(len(block.text)):
            line, column = block.position(offset)
            assert 1 <= line <= len(lines)
            assert column >= 1


def test_cell_specifier_needs_a_blank_before_it() -> None:
    text = """
        |===
        |Node|Die size
        |5 nm|600 mm
        |===
    """
    rows = _of(_blocks(text), BlockKind.TABLE_ROW)
    assert [row.text for row in rows] == ["Node | Die size", "5 nm | 600 mm"]


def test_column_styles_from_cols() -> None:
    text = """
        [cols="1h,2a"]
        |===
        |Memory
        |* 40 GB
        * 80 GB
        |===
    """
    rows = _of(_blocks(text), BlockKind.TABLE_ROW)
    assert rows[0].text == "Memory | 40 GB 80 GB"
    assert placed(rows[0], "80 GB", source_lines(text)) == (5, 3)


def test_markdown_titles_indented_term_bodies_entities_and_index_terms() -> None:
    text = """
        ## Memory

        Module A::
          It has 16 GB &amp; ((ECC)) (((ECC, hidden 9 GB))).
    """
    blocks = _blocks(text)
    assert blocks[0].kind is BlockKind.HEADING and blocks[0].text == "Memory"
    assert blocks[1].label == "Module A"
    assert blocks[1].text == "It has 16 GB & ECC ."
    assert placed(blocks[1], "16 GB", source_lines(text)) == (4, 10)


def test_attribute_value_wrapped_over_lines() -> None:
    text = """
        :summary: The board carries 24 GB \\
        and draws 150 W.

        {summary}
    """
    paragraph = _blocks(text)[0]
    assert paragraph.text == "The board carries 24 GB and draws 150 W."
    assert placed(paragraph, "150 W", source_lines(text)) == (2, 11)


def test_attribute_values_that_double_are_cut_and_reported(tmp_path: pathlib.Path) -> None:
    doubling = ":a: x\n" + ":a: {a}{a}\n" * 40 + "{a}\n"  # 2**40 characters if never cut
    document = read_asciidoc(doubling.split("\n"))
    assert len(document.blocks) == 1
    assert len(document.blocks[0].text) <= MAX_ATTRIBUTE_CHARACTERS
    assert document.problems[0].startswith("line 10: attribute a expands past")
    chain = [":a0: x", *(f":a{i}: {{a{i - 1}}}{{a{i - 1}}}" for i in range(1, 40)), "{a39}"]
    assert len(read_asciidoc(chain).blocks[0].text) <= MAX_ATTRIBUTE_CHARACTERS
    empty = [":a0: {empty}", *(f":a{i}: {{a{i - 1}}}{{a{i - 1}}}" for i in range(1, 40)), "x {a39}"]
    attributes = Attributes()
    for index, line in enumerate(empty[:-1]):
        name, value = line[1:].split(": ")
        attributes.define(name, [(index + 1, len(name) + 4, value)])
    assert all(len(runs) <= MAX_ATTRIBUTE_RUNS for runs in attributes.values.values())
    loaded = _load(tmp_path, "bomb.adoc", doubling)
    assert loaded.problems and loaded.problems[0].startswith("line 10:")


def test_short_attribute_values_are_not_reported() -> None:
    document = read_asciidoc([":a: x", ":b: {a}{a}", "", "{b} and {a}"])
    assert document.blocks[0].text == "xx and x" and document.problems == ()


@pytest.mark.parametrize(
    "opener",
    ["[[[a,", "<<a ", "pass:[a ", "[a ", "[[a ", "link:a[", "kbd:[", "image:a[", "xref:a[", "https://a[",
     "footnote:[a ", "((( "],
)  # fmt: skip
def test_unclosed_inline_openers_read_in_linear_time(opener: str) -> None:
    # 30 KB on one line: rescanning to the line end at each opener (the old patterns) takes seconds
    line = opener * (30_000 // len(opener))
    blocks = parse_asciidoc([line])
    assert blocks[0][0].text.startswith(opener.rstrip())


def test_inline_spans_longer_than_the_bound_stay_literal() -> None:
    long = "a" * (MAX_SPAN + 10)
    assert _blocks(f"kbd:[{long}] and *b*")[0].text == f"kbd:[{long}] and b"
    assert _blocks(f"kbd:[{'a' * 10}] and *b*")[0].text == f"{'a' * 10} and b"


def test_subscript_and_superscript_are_unconstrained_without_spaces() -> None:
    # AsciiDoc: "unconstrained with the key restriction that the text must be continuous"
    assert _blocks("Water is ~H2O~ and x ^2^ here, ~about 5 ~ not.")[0].text == (
        "Water is H2O and x 2 here, ~about 5 ~ not."
    )


_PLAIN_PIECES = (
    "image", "kbd", "https", "pass", "footnote", "link", "xref", "a", "1", " ", "]", ")", ">", "'", '"',
    "=", "|", "/", "!", "?", ",", ";", "@", "$", "%",
)  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(_PLAIN_PIECES), max_size=30))
def test_text_without_markup_characters_has_no_inline_markup(parts: list[str]) -> None:
    text = "".join(parts)
    assert asciidocinline._MARKUP.search(text) is None
    assert asciidocinline._INLINE.search(text) is None
