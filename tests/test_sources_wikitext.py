"""Reading MediaWiki wikitext into blocks of what the rendered page shows, with file positions kept."""

from __future__ import annotations

import pathlib
import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from source_text import load_text as _load

from factlint.models import Block, BlockKind
from factlint.sources.detect import is_wikitext
from factlint.sources.wikitext import parse_wikitext


def _blocks(source: str) -> list[Block]:
    return parse_wikitext(textwrap.dedent(source).strip("\n").split("\n"))[0]


def _at(block: Block, needle: str) -> tuple[int, int]:
    return block.position(block.text.index(needle))


def _line_of(block: Block, needle: str, source: str) -> int:
    """Return the file line of ``needle`` in ``block``, checking the file has it at that place."""
    line, column = _at(block, needle)
    written = textwrap.dedent(source).strip("\n").split("\n")[line - 1]
    assert written[column - 1 :].startswith(needle), (written, column)
    return line


def _texts(blocks: list[Block], kind: BlockKind) -> list[str]:
    return [block.text for block in blocks if block.kind is kind]


def test_headings_nest_and_paragraphs_sit_under_them() -> None:
    source = """
        == Hardware ==
        The '''Gaudi 2''' has 96&nbsp;GB of [[High Bandwidth Memory|HBM2e]].

        === Networking ===
        It has 24 ports of 100 GbE.
    """
    blocks = _blocks(source)
    assert _texts(blocks, BlockKind.HEADING) == ["Hardware", "Networking"]
    paragraphs = [block for block in blocks if block.kind is BlockKind.PARAGRAPH]
    assert paragraphs[0].text == "The Gaudi 2 has 96 GB of HBM2e."
    assert paragraphs[0].headings == ("Hardware",)
    assert paragraphs[1].headings == ("Hardware", "Networking")
    assert _line_of(paragraphs[0], "96", source) == 2
    assert _line_of(paragraphs[0], "HBM2e", source) == 2


def test_a_paragraph_over_lines_keeps_each_figure_on_its_line() -> None:
    source = """
        The [[Instinct MI250X]] carries 128&nbsp;GB
        of HBM2e at 3.2&nbsp;TB/s.
    """
    (block,) = _blocks(source)
    assert block.text == "The Instinct MI250X carries 128 GB\nof HBM2e at 3.2 TB/s."
    assert _line_of(block, "128", source) == 1
    assert _line_of(block, "3.2", source) == 2


def test_ref_bodies_are_notes_after_their_paragraph_and_never_glue_to_a_figure() -> None:
    source = """
        The chip draws 350&nbsp;W.<ref name="spec">{{cite web |title=Data sheet: 350 W and 48 GB
        |date=4 May 2021 |access-date=1 June 2022}}</ref>3 cards fit a chassis.<ref name="spec" />
    """
    blocks = _blocks(source)
    paragraph, note = blocks
    assert paragraph.text == "The chip draws 350 W. 3 cards fit a chassis."
    assert note.text == "[^1]: Data sheet: 350 W and 48 GB."
    assert _line_of(note, "48 GB", source) == 1
    assert "2021" not in note.text and "2022" not in note.text  # citation dates describe the citation


def test_comments_are_hidden_even_over_lines() -> None:
    source = """
        The part is made on a 5&nbsp;nm<!-- not 4 nm,
        as the first draft said --> process.
    """
    (block,) = _blocks(source)
    assert block.text == "The part is made on a 5 nm\nprocess."  # text lines follow the file's
    assert _line_of(block, "process", source) == 2


def test_lists_and_definition_lists() -> None:
    source = """
        The card comes in two sizes:
        * 40&nbsp;GB model
        ** with 1.5 TB/s
        # numbered 2 TB/s
        ; Memory : 80 GB
        : 2.0 TB/s
        ; Power
        : 700 W
    """
    blocks = _blocks(source)
    items = [block for block in blocks if block.kind is BlockKind.LIST_ITEM]
    assert [item.text for item in items] == [
        "40 GB model",
        "with 1.5 TB/s",
        "numbered 2 TB/s",
        "80 GB",
        "2.0 TB/s",
        "Power",
        "700 W",
    ]
    assert items[0].list_intro == "The card comes in two sizes:"
    assert items[3].label == "Memory"
    assert items[4].label == "Memory"  # a ":" line after a ";term : definition" line
    assert (items[6].text, items[6].label) == ("700 W", "Power")
    assert _line_of(items[3], "80", source) == 5


def test_an_infobox_is_one_record_row_of_its_keys() -> None:
    source = """
        {{Infobox computer hardware
        | name        = Cloud TPU v4
        | image       = TPU v4 board.jpg
        | memory      = 32 GB HBM2<ref>{{cite web|title=TPU v4 memory}}</ref>
        | memory_bw   = {{val|1.2|u=TB/s}}
        | released    = {{Start date|2021|5|18}}
        }}
        Text after.
    """
    blocks = _blocks(source)
    row = blocks[0]
    assert row.kind is BlockKind.TABLE_ROW
    assert row.headings == ("Infobox computer hardware",)
    assert row.table_headers == ("name", "memory", "memory bw", "released")
    assert row.text == "Cloud TPU v4 | 32 GB HBM2 | 1.2 TB/s | May 18, 2021"
    assert _line_of(row, "32 GB", source) == 4
    assert _line_of(row, "1.2", source) == 5
    assert _at(row, "May")[0] == 6  # a rendered month stands where its number is written
    assert blocks[1].text == "[^1]: TPU v4 memory."
    assert blocks[2].text == "Text after."


def test_infobox_name_is_the_title(tmp_path: pathlib.Path) -> None:
    document = _load(
        tmp_path, "page.wiki", "{{Infobox GPU\n| name = Radeon Instinct MI60\n| memory = 32 GB\n}}\n"
    )
    assert document.format == "wikitext"
    assert document.title == "Radeon Instinct MI60"


def test_page_metadata_templates_show_nothing() -> None:
    source = """
        {{Short description|American AI accelerator from 2019}}
        {{Use mdy dates|date=June 2021}}
        {{main|Tensor Processing Unit}}
        The v3 pod has 1,024 chips.
        {{Reflist}}
        [[Category:Google hardware]]
    """
    blocks = _blocks(source)
    assert [block.text for block in blocks] == ["The v3 pod has 1,024 chips."]


def test_wikitable_rows_read_under_their_headers() -> None:
    source = """
        {| class="wikitable"
        |+ Instinct accelerators
        ! Model !! Memory !! Power
        |-
        | MI210 || 64&nbsp;GB || 300&nbsp;W
        |-
        | style="background:#eee" | MI250
        | 128 GB
        | 500 W<ref>OAM form factor, 560 W peak</ref>
        |}
    """
    blocks = _blocks(source)
    caption = blocks[0]
    assert caption.text == "Instinct accelerators"
    rows = [block for block in blocks if block.kind is BlockKind.TABLE_ROW]
    assert [row.text for row in rows] == ["MI210 | 64 GB | 300 W", "MI250 | 128 GB | 500 W"]
    assert rows[0].table_headers == ("Model", "Memory", "Power")
    assert _line_of(rows[1], "MI250", source) == 7
    assert _line_of(rows[1], "500", source) == 9
    assert blocks[-1].text == "[^1]: OAM form factor, 560 W peak"


def test_wikitable_rowspan_labels_every_row_it_spans() -> None:
    source = """
        {| class="wikitable"
        ! Family !! Model !! Memory
        |-
        | rowspan="2" | Trainium || Trn1 || 32 GB
        |-
        | Trn1n || 32 GB
        |}
    """
    blocks = _blocks(source)
    assert [block.text for block in blocks] == ["Trainium | Trn1 | 32 GB", "Trainium | Trn1n | 32 GB"]


@pytest.mark.parametrize(
    ("markup", "shown"),
    [
        ("{{convert|700|W|hp|abbr=on}}", "700 W"),
        ("{{convert|10|to|20|kW}}", "10 to 20 kW"),
        ("{{convert|826|mm2|sqin}}", "826 mm²"),
        ("{{val|3.35|u=TB/s}}", "3.35 TB/s"),
        ("{{val|1.1|0.2|ul=TB/s}}", "1.1 ± 0.2 TB/s"),
        ("{{Start date|2023|11|13|df=y}}", "13 November 2023"),
        ("{{start date and age|2023|11}}", "November 2023"),
        ("{{nowrap|80 GB}}", "80 GB"),
        ("{{abbr|HBM|High Bandwidth Memory}}", "HBM"),
        ("{{lang|de|Rechenzentrum}}", "Rechenzentrum"),
        ("5{{nbsp}}nm", "5 nm"),
        ("1{{ndash}}2", "1–2"),
        ("{{clarify|date=May 2024}}", ""),
        ("{{dubious|date=May 2024}}", "[dubious – discuss]"),
        ("{{some unknown template|plain words|option=7}}", "plain words"),
        ("{{ubl|80 GB HBM3|94 GB HBM3}}", "80 GB HBM3; 94 GB HBM3"),
        ("{{plainlist|\n* 80 GB\n* 94 GB\n}}", "80 GB; 94 GB"),
        ("{{yes}}", "Yes"),
        ("<nowiki>[[not a link]]</nowiki>", "[[not a link]]"),
        ("[https://example.org the vendor page]", "the vendor page"),
        ("[https://example.org]", ""),
        ("[[GPU]]s", "GPUs"),
        ("a<br />b", "a\nb"),
    ],
)
def test_inline_markup_renders_as_the_page_shows_it(markup: str, shown: str) -> None:
    blocks = _blocks(f"Start {markup} end.")
    assert blocks[0].text == " ".join(f"Start {shown} end.".split(" ")).replace("  ", " ")


def test_a_doubt_tag_follows_its_figure() -> None:
    (block,) = _blocks("The cache is 96 MB.{{citation needed|date=March 2025}} It runs at 2 GHz.")
    assert block.text == "The cache is 96 MB.[citation needed] It runs at 2 GHz."


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        ("page.wiki", "plain words", True),
        ("page.mediawiki", "plain words", True),
        ("notes.txt", "{{Infobox GPU\n| name = X\n}}\n\n== Design ==\nThe '''X''' is a [[GPU]].", True),
        ("notes.txt", "== Design ==\nThe X is fast.", False),  # one sign alone is prose
        ("notes.md", "{{Infobox GPU}}\n== Design ==\nThe '''X''' is a [[GPU]].", False),
        ("notes.txt", "See [[Main Page]] and '''bold''' words.", False),
    ],
)
def test_detection_needs_a_suffix_or_several_signs(name: str, text: str, expected: bool) -> None:
    assert is_wikitext(text, pathlib.Path(name).suffix) is expected


def test_a_wikitext_txt_loads_as_wikitext(tmp_path: pathlib.Path) -> None:
    document = _load(
        tmp_path,
        "article.txt",
        """
        The '''Ascend 910''' is an [[AI accelerator]].<ref>Launch note</ref>

        == Specifications ==
        It has 32&nbsp;GB of HBM2.
        """,
    )
    assert document.format == "wikitext"
    assert [block.text for block in document.blocks][-1] == "It has 32 GB of HBM2."


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="{}[]|=!<>/-'*#:;&\n abc12ref", max_size=120))
def test_any_markup_reads_without_crashing_and_positions_stay_in_the_file(text: str) -> None:
    lines = text.split("\n")
    for block in parse_wikitext(lines)[0]:
        for offset in range(len(block.text)):
            line, column = block.position(offset)
            assert 1 <= line <= len(lines)
            assert column >= 1


@pytest.mark.parametrize("key", ["4000000", "99999999", "²", "0"])
def test_a_numbered_parameter_never_pads_a_list_up_to_its_number(key: str) -> None:
    (block,) = _blocks(f"Text {{{{foo|{key}=x}}}} with 80 GB.")
    assert "80 GB" in block.text


@pytest.mark.parametrize("day", ["¹", "9" * 5000])
def test_a_date_with_an_odd_month_or_day_reads_without_crashing(day: str) -> None:
    (block,) = _blocks(f"Since {{{{start date|2022|{day}|9}}}} it has 80 GB.")
    assert "80 GB" in block.text
    (block,) = _blocks(f"Since {{{{start date|2022|8|{day}}}}} it has 80 GB.")
    assert "80 GB" in block.text


def test_cell_attributes_that_fail_to_match_do_not_backtrack_exponentially() -> None:
    blocks = _blocks("{|\n|-\n| " + "a=b" * 40 + '" | 80 GB\n|}')  # 2**40 splits before the fix
    assert any("80 GB" in block.text for block in blocks)


def test_unclosed_openers_are_found_unclosed_once_each() -> None:
    from factlint.sources.wikimarkup import Brackets

    text = "Line {{foo with 80 GB\n" * 2000 + "}}"
    brackets = Brackets(text, "{{", "}}")
    calls = 0
    original = brackets._next

    def counted(index: int) -> tuple[bool, int]:
        nonlocal calls
        calls += 1
        return original(index)

    brackets._next = counted  # type: ignore[method-assign]
    for start in brackets.opens:
        brackets.end(start)
    assert calls <= 3 * len(brackets.opens)  # was one scan to the end per opener
    assert brackets.end(brackets.opens[-1]) == len(text)
    assert brackets.end(brackets.opens[0]) == -1


def test_deeply_nested_links_and_notes_read_without_recursion_errors() -> None:
    blocks = _blocks("x <ref>a\n" * 400)
    assert blocks
    assert _blocks("A " + "[[a|" * 1200 + "80 GB" + "]]" * 1200)


@pytest.mark.parametrize(
    ("source", "kept"),
    [
        ("{|\nThe table holds 640 GB in total.\n|-\n| A || 80 GB\n|}", "640 GB"),
        ("{|\n{|\n| B200 || 192 GB\n|}\n|-\n| A || 80 GB\n|}", "192 GB"),
    ],
)
def test_table_text_outside_any_cell_is_read_as_a_paragraph(source: str, kept: str) -> None:
    blocks = _blocks(source)
    assert any(kept in block.text for block in blocks), [block.text for block in blocks]
    assert any(block.text == "A | 80 GB" for block in blocks)


def test_an_unclosed_table_keeps_its_last_row() -> None:
    blocks = _blocks("{|\n! Chip !! Memory\n|-\n| Gaudi 3 || 128 GB\n|-\n| MI325X || 256 GB")
    assert [(b.text, b.line) for b in blocks if b.kind is BlockKind.TABLE_ROW] == [
        ("Gaudi 3 | 128 GB", 4),
        ("MI325X | 256 GB", 6),
    ]
