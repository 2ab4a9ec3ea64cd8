"""Plain and scraped text segmentation: boilerplate, title-like headings, bullets, wrapping."""

from __future__ import annotations

import pathlib
import re

from hypothesis import given
from hypothesis import strategies as st

from factlint.models import Block, BlockKind, Document
from factlint.sources import load_document, plaintext
from factlint.sources.blocks import is_boilerplate

FIXTURES = pathlib.Path(__file__).parent / "fixtures" / "sources"


def _load(name: str) -> Document:
    return load_document(FIXTURES / name, name)


def _blocks_of(tmp_path: pathlib.Path, name: str, text: str) -> list[Block]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return load_document(path, name).blocks


def _shape(document: Document) -> list[tuple[str, int, int, str]]:
    return [(block.kind.value, block.line, block.column, block.text[:24]) for block in document.blocks]


def test_scraped_page_segments() -> None:
    document = _load("scraped.txt")
    assert document.format == "text"
    assert document.title is None
    assert _shape(document) == [
        ("heading", 2, 1, "Example News - Chips Dai"),
        ("heading", 4, 1, "Hardware"),
        ("heading", 6, 1, "Orion A: definition and "),
        ("paragraph", 8, 1, "The Orion A is a board m"),
        ("paragraph", 9, 1, "Its successor, the Orion"),
        ("heading", 10, 1, "Key numbers"),
        ("list_item", 12, 5, "8 chips per Orion A boar"),
        ("list_item", 13, 5, "16 chips per Orion B boa"),
        ("list_item", 14, 5, "2.4 TB/s bandwidth"),
        ("heading", 18, 1, "FAQ"),
        ("heading", 20, 1, "How fast is Orion B?"),
        ("paragraph", 22, 1, "Orion B reaches 2.4 TB/s"),
    ]


def test_scraped_context_and_sentences() -> None:
    blocks = _load("scraped.txt").blocks
    assert blocks[3].headings == ("Orion A: definition and examples",)
    assert blocks[6].headings == ("Key numbers",)
    answer = blocks[-1]
    assert answer.headings == ("How fast is Orion B?",)
    assert [answer.text[a:b] for a, b in answer.sentences] == [
        "Orion B reaches 2.4 TB/s.",
        "It is the fastest board of its family.",
    ]
    # A sentence with a parenthesised part and a decimal stays whole.
    assert len(blocks[4].sentences) == 1


def test_no_block_comes_from_boilerplate_lines() -> None:
    texts = " ".join(block.text for block in _load("scraped.txt").blocks)
    for chrome in ("Skip to content", "Connecting to", "Sign in", "Share this"):
        assert chrome not in texts


def test_hard_wrapped_paragraph_and_numbered_items() -> None:
    document = _load("wrapped.txt")
    paragraph = document.blocks[1]
    assert paragraph.kind is BlockKind.PARAGRAPH and paragraph.line == 3
    assert paragraph.text.endswith("calls generous.")
    assert paragraph.text.count("\n") == 2
    items = [block for block in document.blocks if block.kind is BlockKind.LIST_ITEM]
    assert [(item.line, item.column) for item in items] == [(8, 5), (9, 5)]
    assert all(item.list_intro == "Numbers worth remembering:" for item in items)
    assert items[1].text == "48 GB per chip\n    for the base model"
    assert items[1].position(items[1].text.index("for")) == (10, 5)


def test_long_lines_without_blank_lines_are_separate_paragraphs(tmp_path: pathlib.Path) -> None:
    long_one = "The Vega board carries twelve chips and was announced by its maker in the spring of 2021."
    long_two = "Vega chips hold 24 GB each, and a full board therefore offers close to 288 GB in total."
    path = tmp_path / "page.txt"
    path.write_text(f"{long_one} It sold well.\n{long_two}\n", encoding="utf-8")
    blocks = load_document(path, "page.txt").blocks
    assert [block.line for block in blocks] == [1, 2]
    assert all(block.kind is BlockKind.PARAGRAPH for block in blocks)


def test_short_line_that_wraps_is_not_a_heading(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "wrap.txt"
    path.write_text("The Vega board is fast\nand it holds 24 GB per chip.\n", encoding="utf-8")
    (block,) = load_document(path, "wrap.txt").blocks
    assert block.kind is BlockKind.PARAGRAPH and block.text.count("\n") == 1


def test_quantity_line_is_not_a_heading(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "kv.txt"
    path.write_text("Memory per chip 24 GB\n\nTop 5 boards\n", encoding="utf-8")
    kinds = [block.kind for block in load_document(path, "kv.txt").blocks]
    assert kinds == [BlockKind.PARAGRAPH, BlockKind.PARAGRAPH]


def test_bullet_markers(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "bullets.txt"
    lines = [
        "Vega parts:",
        "• one",
        "- two",
        "* three",
        "◦ four",
        "▪ five",
        "1. six",
        "(2) seven",
        "3) eight",
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    blocks = load_document(path, "bullets.txt").blocks
    items = [block.text for block in blocks if block.kind is BlockKind.LIST_ITEM]
    assert items == ["one", "two", "three", "four", "five", "six", "seven", "eight"]
    assert {block.list_intro for block in blocks[1:]} == {"Vega parts:"}


def test_boilerplate_patterns_are_whole_line() -> None:
    assert is_boilerplate("Skip to content")
    assert is_boilerplate("  Loading…")
    assert is_boilerplate("Home › Hardware › Chips")
    assert is_boilerplate("Subscribe")
    assert not is_boilerplate("Subscribers get 5 GB of storage for free.")
    assert not is_boilerplate("Connecting to the cluster takes 3 seconds.")


def test_a_lettered_item_c_is_no_copyright_line() -> None:
    assert is_boilerplate("(c) 2025 Vega Systems")
    assert is_boilerplate("(c) Vega Systems. All rights reserved")
    assert is_boilerplate("© Vega Systems")
    assert not is_boilerplate("(c) 4.8 TB/s of memory bandwidth per accelerator;")


def test_field_lines_are_separate_paragraphs(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "fields.txt"
    path.write_text("Vega board\n\nMemory per chip: 24 GB\nBandwidth: 1.2 TB/s\n", encoding="utf-8")
    blocks = load_document(path, "fields.txt").blocks
    assert [(block.kind, block.line, block.text) for block in blocks] == [
        (BlockKind.HEADING, 1, "Vega board"),
        (BlockKind.PARAGRAPH, 3, "Memory per chip: 24 GB"),
        (BlockKind.PARAGRAPH, 4, "Bandwidth: 1.2 TB/s"),
    ]


def test_short_lines_ending_in_a_figure_are_records(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "specs.txt"
    path.write_text(
        "Memory per card48 GB\n"
        "Card power300 W\n"
        "The vendor quotes a peak of 362 TFLOPS for sparse FP8 work and a board power of 300\n"
        "W under load, with 48 GB on every card.\n",
        encoding="utf-8",
    )
    document = load_document(path, "specs.txt")
    assert [(block.line, block.text[:20]) for block in document.blocks] == [
        (1, "Memory per card48 GB"),
        (2, "Card power300 W"),
        (3, "The vendor quotes a "),
    ]


def test_a_model_name_with_a_hyphenated_number_can_head_a_section(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "sheet.txt"
    path.write_text(
        "NX-7 SYSTEM\n  Chips per system:         1 (NX-7 die)\n  Power:                    9 kW max\n",
        encoding="utf-8",
    )
    blocks = load_document(path, "sheet.txt").blocks
    assert [(block.kind, block.line) for block in blocks] == [
        (BlockKind.HEADING, 1),
        (BlockKind.TABLE_ROW, 2),
        (BlockKind.TABLE_ROW, 3),
    ]
    assert all(block.table_headers == () for block in blocks[1:])  # "Key:  value" lines have no header


def test_title_like_last_line_heads_nothing_and_stays_a_paragraph() -> None:
    last = _load("wrapped.txt").blocks[-1]
    assert (last.kind, last.line, last.text) == (BlockKind.PARAGRAPH, 12, "Closing remark with no final stop")
    assert last.headings == ("Orion boards overview",)
    assert last.sentences == ((0, len(last.text)),)


def test_bullet_wrapped_without_indent_continues_the_item(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "items.txt"
    path.write_text(
        "Parts:\n- Vega carries 8 chips and\nuses 24 GB per chip\n- Rigel has 4\n", encoding="utf-8"
    )
    items = [block for block in load_document(path, "items.txt").blocks if block.kind is BlockKind.LIST_ITEM]
    assert [item.text for item in items] == ["Vega carries 8 chips and\nuses 24 GB per chip", "Rigel has 4"]


def test_tab_separated_lines_are_a_table(tmp_path: pathlib.Path) -> None:
    text = (
        "Vega specs\n\nPart\tMemory\tBandwidth\n  Vega\t24 GB\t 1.2 TB/s\nRigel\t\t0.8 TB/s\n"
        "After the table.\n"
    )
    path = tmp_path / "copied.txt"
    path.write_text(text, encoding="utf-8")
    blocks = load_document(path, "copied.txt").blocks
    rows = [block for block in blocks if block.kind is BlockKind.TABLE_ROW]
    assert [(row.line, row.column, row.text) for row in rows] == [
        (4, 3, "Vega\t24 GB\t 1.2 TB/s"),
        (5, 1, "Rigel\t\t0.8 TB/s"),
    ]
    assert rows[0].table_headers == ("Part", "Memory", "Bandwidth")
    assert rows[0].headings == ("Vega specs",)
    assert [(cell.text, cell.column) for cell in rows[0].cells] == [
        ("Vega", 3),
        ("24 GB", 8),
        ("1.2 TB/s", 15),
    ]
    assert [cell.text for cell in rows[1].cells] == ["Rigel", "", "0.8 TB/s"]
    lines = text.split("\n")
    for row in rows:
        for cell in row.cells:
            if cell.text:
                assert lines[row.line - 1][cell.column - 1 :].startswith(cell.text)
    assert blocks[-1].kind is BlockKind.PARAGRAPH and blocks[-1].text == "After the table."


def test_drawn_separator_lines_yield_nothing(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "rules.txt"
    path.write_text(
        "Vega notes\n==========\n\nVega has 8 chips.\n\n* * *\n\nRigel has 4 chips.\n", encoding="utf-8"
    )
    blocks = load_document(path, "rules.txt").blocks
    assert [(block.kind, block.text) for block in blocks] == [
        (BlockKind.HEADING, "Vega notes"),
        (BlockKind.PARAGRAPH, "Vega has 8 chips."),
        (BlockKind.PARAGRAPH, "Rigel has 4 chips."),
    ]


@given(st.text(alphabet=".!?;:,…\"'”’)]a \n", max_size=12))
def test_sentence_end_check_matches_its_regex(text: str) -> None:
    stripped = text.strip()
    regex = re.compile(r"[.!?;:,…][\"'”’)\]]*$")
    assert plaintext._ends_sentence(stripped) == bool(regex.search(stripped))


def test_lines_wider_than_a_hundred_columns_wrap_unless_they_end_a_sentence(tmp_path: pathlib.Path) -> None:
    first = (
        "The Vega board that our lab received in the spring has been running for a month, and after all that"
        + " it"
    )
    path = tmp_path / "wide.txt"
    path.write_text(
        f"{first}\ncarries 24 GB per chip,\nwith 12 chips on each board. Rigel has 4 chips.\n"
        "Next paragraph here.\n",
        encoding="utf-8",
    )
    blocks = load_document(path, "wide.txt").blocks
    assert len(first) > 100
    assert [(block.kind, block.line, block.text.count("\n")) for block in blocks] == [
        (BlockKind.PARAGRAPH, 1, 2),
        (BlockKind.PARAGRAPH, 4, 0),
    ]


def test_quoted_lines_are_their_own_paragraph(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "mail.txt"
    path.write_text(
        "Thanks for the notes on the Vega board.\n"
        "> a small correction: the Vega board has 12 chips,\n"
        ">   not 8.\n"
        "> -- Sam\n"
        "We fixed it in the web version\n",
        encoding="utf-8",
    )
    blocks = load_document(path, "mail.txt").blocks
    assert [(block.kind, block.line, block.column, block.text) for block in blocks] == [
        (BlockKind.PARAGRAPH, 1, 1, "Thanks for the notes on the Vega board."),
        (BlockKind.PARAGRAPH, 2, 3, "a small correction: the Vega board has 12 chips,\n>   not 8."),
        (BlockKind.PARAGRAPH, 4, 3, "-- Sam"),
        (BlockKind.PARAGRAPH, 5, 1, "We fixed it in the web version"),
    ]


def test_dotted_leader_lines_are_records_not_headings(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "prices.txt"
    path.write_text(
        "Price list\n\nVega S ........ $1,200\nVega XL …… $2,100 per board\n"
        "Rigel ... 900 W\nthe end… more text\n",
        encoding="utf-8",
    )
    blocks = load_document(path, "prices.txt").blocks
    assert [(block.kind, block.line) for block in blocks] == [
        (BlockKind.HEADING, 1),
        (BlockKind.PARAGRAPH, 3),
        (BlockKind.PARAGRAPH, 4),
        (BlockKind.PARAGRAPH, 5),
        (BlockKind.PARAGRAPH, 6),
    ]


def test_a_line_holding_a_price_is_not_a_heading(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "price.txt"
    path.write_text("Vega S list price $1,200\nRigel list price $900\n\nNotes.\n", encoding="utf-8")
    kinds = [block.kind for block in load_document(path, "price.txt").blocks]
    assert kinds == [BlockKind.PARAGRAPH, BlockKind.PARAGRAPH, BlockKind.PARAGRAPH]


def test_chat_messages_are_separate_paragraphs_without_stamp_or_speaker(tmp_path: pathlib.Path) -> None:
    text = (
        "#hardware channel\n"
        "[2026-01-12 10:02] mo.b: the Vega board has twelve chips and was\n"
        "[2026-01-12 10:03] lee: and 24 GB each\n"
        "    continued on a second line\n"
        "14:05 <ana> sold out already\n"
    )
    blocks = [block for block in _blocks_of(tmp_path, "chat.txt", text) if block.message]
    assert [(block.line, block.column, block.text) for block in blocks] == [
        (2, 26, "the Vega board has twelve chips and was"),
        (3, 25, "and 24 GB each\n    continued on a second line"),
        (5, 13, "sold out already"),
    ]
    assert all(block.kind is BlockKind.PARAGRAPH for block in blocks)


def test_a_clock_time_inside_prose_does_not_start_a_message(tmp_path: pathlib.Path) -> None:
    (block,) = _blocks_of(tmp_path, "times.txt", "The launch event opened\nat 10:00 with a keynote.\n")
    assert not block.message and block.text.count("\n") == 1


def test_a_thread_byline_is_left_out_and_starts_a_message(tmp_path: pathlib.Path) -> None:
    text = (
        "Ask: which board for inference\n\n"
        "chipfan 4 hours ago\n"
        "The Vega board holds 24 GB per chip\n\n"
        "  old_hand 2 days ago | parent | next\n"
        "  Mine has 32 GB.\n"
    )
    blocks = _blocks_of(tmp_path, "thread.txt", text)
    texts = [(block.line, block.text, block.message) for block in blocks[1:]]
    assert texts == [(4, "The Vega board holds 24 GB per chip", True), (7, "Mine has 32 GB.", True)]


def test_a_video_chapter_list_is_a_list_not_chat_messages(tmp_path: pathlib.Path) -> None:
    blocks = _blocks_of(
        tmp_path,
        "video.txt",
        "CHAPTERS\n00:00 Intro\n02:10 Compute tray: 4 GPUs\n1:05:40 Memory - 288 GB per GPU\n\n"
        "09:14 dana: the H100 has 80 GB\n",
    )
    items = [(b.kind, b.line, b.text, b.message) for b in blocks if b.kind is not BlockKind.HEADING]
    assert items == [
        (BlockKind.LIST_ITEM, 2, "Intro", False),
        (BlockKind.LIST_ITEM, 3, "Compute tray: 4 GPUs", False),
        (BlockKind.LIST_ITEM, 4, "Memory - 288 GB per GPU", False),
        (BlockKind.PARAGRAPH, 6, "the H100 has 80 GB", True),
    ]


def test_timestamped_lines_not_starting_at_zero_are_no_chapter_list(tmp_path: pathlib.Path) -> None:
    text = "09:14 dana: the H100 has 80 GB\n09:15 the H200 has 141 GB\n"
    blocks = _blocks_of(tmp_path, "log.txt", text)
    # each stamped line is a paragraph of its own; only the one with a speaker is a chat message
    assert [(b.kind, b.text, b.message) for b in blocks] == [
        (BlockKind.PARAGRAPH, "the H100 has 80 GB", True),
        (BlockKind.PARAGRAPH, "the H200 has 141 GB", False),
    ]


def test_log_lines_have_no_speaker_and_are_no_chat_messages(tmp_path: pathlib.Path) -> None:
    text = (
        "Burn-in run of rack 7\n\n"
        "2026-03-02 17:44:09 INFO node 4 reports 141 GB free\n"
        "2026-03-02 17:44:10 WARN: node 5 draws 690 W\n"
        "[12:01:33] ERROR fan tray 2 stalled at 9000 rpm\n"
        "2026-03-02T17:44:12 kernel: NVRM: link 3 trained at 50 GB/s\n"
        "2026-03-02 17:44:13 nvidia-persistenced[812]: device 0 reports 80 GB\n"
        "[12:01:40] DEBUG worker 3 started: 8 threads\n\n"
        "Mar  2 17:44:14 gpu-host-04 sshd[1201]: session opened for 2 users\n"
    )
    blocks = _blocks_of(tmp_path, "burnin.txt", text)[1:]
    # each line is a paragraph of its own without its stamp (a level or source before a colon
    # left out with it), but none is a message answering the line above
    assert [(b.line, b.text, b.message) for b in blocks[:6]] == [
        (3, "INFO node 4 reports 141 GB free", False),
        (4, "node 5 draws 690 W", False),
        (5, "ERROR fan tray 2 stalled at 9000 rpm", False),
        (6, "NVRM: link 3 trained at 50 GB/s", False),
        (7, "nvidia-persistenced[812]: device 0 reports 80 GB", False),
        (8, "DEBUG worker 3 started: 8 threads", False),
    ]
    assert not any(block.message for block in blocks)


def test_stamped_lines_with_a_speaker_stay_chat_messages(tmp_path: pathlib.Path) -> None:
    text = (
        "[09:14] Kevin Lau: the Orion card has 96 GB\n"
        "2026-03-05 09:16 priya.k: 94 GB usable\n"
        "09:17 <@ana> and 2 of them per node\n"
        "<tomas> sold out already\n"
    )
    blocks = _blocks_of(tmp_path, "chat.txt", text)
    assert [block.message for block in blocks] == [True, True, True, True]


def test_a_line_underlined_with_dashes_is_a_heading_even_with_a_section_number(
    tmp_path: pathlib.Path,
) -> None:
    path = tmp_path / "guide.txt"
    path.write_text(
        "4.3 Accelerator reference\n-------------------------\nThe MI300A has 128 GB of HBM3.\n\n"
        "Power use was 4.3 kW\nat the wall, measured over a day.\n",
        encoding="utf-8",
    )
    blocks = load_document(path, "guide.txt").blocks
    assert [(block.kind, block.line) for block in blocks] == [
        (BlockKind.HEADING, 1),
        (BlockKind.PARAGRAPH, 3),
        (BlockKind.PARAGRAPH, 5),
    ]
    assert blocks[1].headings == ("4.3 Accelerator reference",)
