"""Reading BBCode forum threads into blocks of what the rendered thread shows, with file positions kept."""

from __future__ import annotations

import pathlib
import textwrap

from hypothesis import given, settings
from hypothesis import strategies as st

from factlint.models import Block, BlockKind
from factlint.sources.bbcode import parse_bbcode
from factlint.sources.bbcodetree import is_bbcode
from factlint.sources.loader import load_document
from tests.sourcefiles import placed, source_lines


def _blocks(source: str) -> list[Block]:
    return parse_bbcode(source_lines(source))[0]


def _texts(blocks: list[Block], kind: BlockKind) -> list[str]:
    return [block.text for block in blocks if block.kind is kind]


THREAD = """
    [size=140][b]Gaudi 3 box vs two MI300X boxes for fine-tuning[/b][/size]
    Posted by [b]harbour_ops[/b] » Tue Feb 03, 2026 7:12 am

    We compared both for a month. [i]All[/i] numbers are from the vendors unless marked.
    [table]
    [tr][th]Accelerator[/th][th]HBM[/th][th]Power[/th][/tr]
    [tr][td]Gaudi 3[/td][td]128 GB[/td][td][s]600 W[/s] 900 W[/td][/tr]
    [tr]
    [td]MI300X[/td]
    [td]192 GB[/td]
    [td]750 W[/td]
    [/tr]
    [/table]

    [b]Notes[/b]
    [list]
    [*]The [url=https://example.com/gaudi3]Gaudi 3 page[/url] lists 3.7 TB/s.
    [*]See [url]https://example.com/mi300x-5.3-tbs[/url] for the MI300X.
    [/list]
    [img]https://example.com/chart-750w.png[/img]
    [code]rocm-smi --showpower  # 742.0 W[/code]

    [hr]
    [b]quiet_lurker[/b] » Tue Feb 03, 2026 9:30 am
    [quote="harbour_ops"]Gaudi 3 ... 128 GB[/quote]
    Is that per chip?
    [quote="someone_else"]my vendor said 96 GB on the PCIe card[/quote]
    Last edited by quiet_lurker on Tue Feb 03, 2026 9:41 am, edited 2 times in total.
    --
    quiet_lurker | 4x A100 40GB | 2 racks
"""


def test_a_thread_reads_as_title_paragraphs_rows_and_items() -> None:
    blocks, title = parse_bbcode(source_lines(THREAD))
    assert title == "Gaudi 3 box vs two MI300X boxes for fine-tuning"
    assert blocks[0].kind is BlockKind.HEADING
    assert _texts(blocks, BlockKind.TABLE_ROW) == ["Gaudi 3 | 128 GB | 900 W", "MI300X | 192 GB | 750 W"]
    rows = [block for block in blocks if block.kind is BlockKind.TABLE_ROW]
    assert rows[0].table_headers == ("Accelerator", "HBM", "Power")
    assert [cell.text for cell in rows[1].cells] == ["MI300X", "192 GB", "750 W"]
    items = [block for block in blocks if block.kind is BlockKind.LIST_ITEM]
    assert [item.text for item in items] == ["The Gaudi 3 page lists 3.7 TB/s.", "See for the MI300X."]
    assert items[0].list_intro == "Notes"
    paragraphs = _texts(blocks, BlockKind.PARAGRAPH)
    assert "We compared both for a month. All numbers are from the vendors unless marked." in paragraphs


def test_struck_text_addresses_images_and_code_show_nothing() -> None:
    texts = " ".join(block.text for block in _blocks(THREAD))
    for hidden in ("600 W", "example.com", "chart-750w", "742.0 W", "5.3-tbs"):
        assert hidden not in texts


def test_forum_furniture_and_signatures_are_not_read() -> None:
    texts = " ".join(block.text for block in _blocks(THREAD))
    for furniture in ("Posted by", "harbour_ops »", "2026", "edited 2 times", "4x A100", "2 racks"):
        assert furniture not in texts


def test_a_quote_of_the_threads_own_words_is_a_repeat_and_one_from_elsewhere_is_read() -> None:
    blocks = _blocks(THREAD)
    paragraphs = _texts(blocks, BlockKind.PARAGRAPH)
    assert "Gaudi 3 ... 128 GB" not in paragraphs
    assert "my vendor said 96 GB on the PCIe card" in paragraphs
    reply = next(block for block in blocks if block.text == "Is that per chip?")
    assert reply.label == "Gaudi 3 ... 128 GB"  # the reply answers the quoted words


def test_a_new_post_answers_no_quote_of_the_post_before() -> None:
    source = """
        [b]ann[/b] » Mon Jan 05, 2026 8:00 pm
        [quote="bo"]the L40S draws 350 W[/quote]
        Agreed.
        [b]cy[/b] » Mon Jan 05, 2026 9:00 pm
        Mine is 48 GB.
    """
    blocks = _blocks(source)
    mine = next(block for block in blocks if block.text == "Mine is 48 GB.")
    assert mine.label is None
    agreed = next(block for block in blocks if block.text == "Agreed.")
    assert agreed.label == "the L40S draws 350 W"


def test_positions_point_at_the_file() -> None:
    blocks = _blocks(THREAD)
    row = next(block for block in blocks if block.text.startswith("MI300X"))
    assert placed(row, "192 GB", source_lines(THREAD)) == (10, 5)
    cell = next(block for block in blocks if block.text.startswith("Gaudi 3 |"))
    assert placed(cell, "900 W", source_lines(THREAD)) == (7, 53)


def test_a_header_row_of_bold_cells_heads_the_table_and_lists_nest() -> None:
    source = """
        [table][tr][td][b]Card[/b][/td][td][b]TDP[/b][/td][/tr]
        [tr][td]L4[/td][td]72 W[/td][/tr][/table]
        Sizes:
        [list=1]
        [*]Small cards
        [list][*]L4 has 24 GB[/list]
        [*]T4 has 16 GB
        [/list]
    """
    blocks = _blocks(source)
    row = next(block for block in blocks if block.kind is BlockKind.TABLE_ROW)
    assert row.text == "L4 | 72 W"
    assert row.table_headers == ("Card", "TDP")
    items = {block.text: block.list_intro for block in blocks if block.kind is BlockKind.LIST_ITEM}
    assert items == {"Small cards": "Sizes:", "L4 has 24 GB": "Small cards", "T4 has 16 GB": "Sizes:"}


def test_a_last_line_in_small_print_is_a_signature_but_not_a_normal_size() -> None:
    small = "[b]dee[/b] » Fri Jan 09, 2026 1:00 pm\nThe H200 has 141 GB.\n[size=80]dee | 8x H100 80GB[/size]"
    normal = "[b]dee[/b] » Fri Jan 09, 2026 1:00 pm\nThe H200 has 141 GB.\n[size=120]8x H100 80GB here[/size]"
    assert "8x H100 80GB" not in " ".join(block.text for block in parse_bbcode(small.split("\n"))[0])
    assert "8x H100 80GB here" in " ".join(block.text for block in parse_bbcode(normal.split("\n"))[0])


def test_noparse_shows_its_tags_and_unknown_tags_are_text() -> None:
    blocks = _blocks("Type [noparse][b]bold[/b][/noparse] and [note]this[/note] here.")
    assert blocks[0].text == "Type [b]bold[/b] and [note]this[/note] here."


def test_detection_by_suffix_and_by_balanced_tags() -> None:
    assert is_bbcode("plain words", ".bbcode")
    assert is_bbcode("plain words", ".BBCODE")
    assert not is_bbcode('SUMMARY = "[b]recipe[/b]"', ".bb")  # a BitBake recipe
    thread = "[quote]a[/quote] [b]b[/b] [url=x]c[/url]"
    assert is_bbcode(thread, ".txt")
    assert is_bbcode(thread, "")
    assert not is_bbcode(thread, ".md")
    assert not is_bbcode("[b]one[/b] [i]two[/i] [u]three[/u]", ".txt")  # no structural tag
    assert not is_bbcode("[quote]a[/quote] and [b]b", ".txt")  # one pair only
    assert not is_bbcode("See [1] and [2] for the H100 [3].", ".txt")


def test_the_loader_reads_a_bbcode_file(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "thread.txt"
    path.write_text(textwrap.dedent(THREAD).strip("\n"), encoding="utf-8")
    document = load_document(path, "thread.txt")
    assert document.format == "bbcode"
    assert document.title == "Gaudi 3 box vs two MI300X boxes for fine-tuning"


_OPENING = ["[b]", "[quote]", "[list]", "[*]", "[table]", "[tr]", "[td]", "[s]", "[code]", "[url=x]", "[hr]"]
_CLOSING = ["[/b]", "[/quote]", "[/list]", "[/table]", "[/tr]", "[/td]", "[/s]", "[/code]", "[/url]"]
_TAGS = st.sampled_from([*_OPENING, *_CLOSING, "H100", "\n", " ", "80 GB"])


@settings(max_examples=200, deadline=None)
@given(st.lists(_TAGS, max_size=40))
def test_any_tag_soup_reads_and_every_block_points_at_its_text(pieces: list[str]) -> None:
    source = "".join(pieces)
    lines = source.split("\n")
    for block in parse_bbcode(lines)[0]:
        for offset in range(len(block.text)):
            if block.text[offset] in " |":
                continue
            line, column = block.position(offset)
            assert lines[line - 1][column - 1] == block.text[offset]


def test_deep_nesting_reads_the_text_without_recursion_errors() -> None:
    for source in (
        "[b]" * 1000 + "The H100 has 80 GB.",
        "[size=1]" * 1000 + "The H100 has 80 GB.",
        "[list][*]x" * 1000 + "The H100 has 80 GB.",
    ):
        blocks = parse_bbcode([source])[0]
        assert any("The H100 has 80 GB." in block.text for block in blocks), source[:20]


def test_unclosed_struck_tags_are_found_in_one_pass(tmp_path: pathlib.Path) -> None:
    from factlint.sources import bbcode

    calls = 0
    pattern = bbcode._STRUCK_TAG

    class Counting:
        def finditer(self, text: str) -> object:
            nonlocal calls
            calls += 1
            return pattern.finditer(text)

    line = "[s]x " * 20000 + "The H100 has 80 GB."
    bbcode._STRUCK_TAG = Counting()  # type: ignore[assignment]
    try:
        shown = bbcode._shown(line)
    finally:
        bbcode._STRUCK_TAG = pattern
    assert calls == 1
    assert shown.endswith("x The H100 has 80 GB.")
    assert bbcode._shown("[s]gone[/s] The H100 [del]has[/DEL] has 80 GB.") == "The H100 has 80 GB."
    path = tmp_path / "thread.txt"
    path.write_text("[quote]a[/quote][url=x]b[/url][code]c[/code]\n" + "[s]x " * 20000, encoding="utf-8")
    assert load_document(path, "thread.txt").format == "bbcode"


def test_a_list_or_quote_in_a_table_cell_is_read_as_the_cells_words() -> None:
    for inner in (
        "[list][*]The H100 has 80 GB of memory.[/list]",
        "[quote]The H100 has 80 GB of memory.[/quote]",
    ):
        blocks = parse_bbcode([f"[table][tr][td]{inner}[/td][/tr][/table]"])[0]
        assert [block.text for block in blocks] == ["The H100 has 80 GB of memory."], inner
    blocks = parse_bbcode(["[table][tr][td][list][*]one[*]two[/list][/td][/tr][/table]"])[0]
    assert [block.text for block in blocks] == ["one two"]


def test_the_title_is_only_a_wholly_formatted_first_line() -> None:
    blocks, title = parse_bbcode(["The H100 has 80 GB of memory.", "[b]A100[/b]", "It has 40 GB."])
    assert title is None
    assert all(block.kind is BlockKind.PARAGRAPH and block.headings == () for block in blocks)
    blocks, title = parse_bbcode(["[quote=bob]The A100 has 40 GB of memory[/quote]", "It has 40 GB."])
    assert title is None
    assert _texts(blocks, BlockKind.HEADING) == []
    _, title = parse_bbcode(["[list][*][quote]The A100 has 40 GB[/quote][/list]", "More."])
    assert title is None
    _, title = parse_bbcode(["[size=150][b]Gaudi 3 review[/b][/size]", "It has 128 GB."])
    assert title == "Gaudi 3 review"


def test_markdown_code_is_no_bbcode_evidence(tmp_path: pathlib.Path) -> None:
    readme = (
        "# Forum exporter\n\nThis tool reads the posts of a forum and writes them out as\n"
        "plain text files, one per thread, keeping the H100 has 80 GB figures.\n\n"
        "```\n[quote]text[/quote]\n[url=x]link[/url]\n[b]bold[/b]\n```\n\n"
        "Inline `[list][*]a[/list]` works too.\n"
    )
    assert not is_bbcode(readme, ".txt")
    path = tmp_path / "README.txt"
    path.write_text(readme, encoding="utf-8")
    document = load_document(path, "README.txt")
    assert document.format != "bbcode"
    assert any(
        "writes them out as plain text files" in " ".join(block.text.split()) for block in document.blocks
    )


def test_repeat_checks_do_not_rescan_the_thread() -> None:
    from factlint.sources import bbcode

    source = "".join(f"Reply {i}\n[quote]The H100 has {i} GB.[/quote]\n" for i in range(3000))
    compared = 0
    original = bbcode._Said.holds

    def counting(self: bbcode._Said, part: list[str]) -> bool:
        nonlocal compared
        compared += len(self.places.get(min(part, key=lambda word: len(self.places.get(word, ()))), ()))
        return original(self, part)

    bbcode._Said.holds = counting  # type: ignore[method-assign]
    try:
        blocks = parse_bbcode(source.split("\n"))[0]
    finally:
        bbcode._Said.holds = original  # type: ignore[method-assign]
    assert compared < 20 * 3000
    assert sum(block.text == "The H100 has 2999 GB." for block in blocks) == 1


def test_character_references_are_decoded_in_place() -> None:
    source = "The H100 has 80 GB &amp; the A100 40&#160;GB [b]of HBM&#x2122;[/b]."
    blocks = parse_bbcode([source])[0]
    assert blocks[0].text == "The H100 has 80 GB & the A100 40 GB of HBM\u2122."
    assert placed(blocks[0], "the A100", source_lines(source)) == (1, source.index("the A100") + 1)
    assert blocks[0].position(blocks[0].text.index("&")) == (1, source.index("&amp;") + 1)
