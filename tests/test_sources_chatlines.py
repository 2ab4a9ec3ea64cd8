"""Line-based chat exports read as conversations (sources/chatlines.py). Our own chats."""

from __future__ import annotations

import pathlib

import pytest

from factlint.models import Block, BlockKind
from tests.source_text import load_text

WHATSAPP_IOS = """
[12.05.26, 08:01:10] Messages and calls are end-to-end encrypted. Only people in this chat can read them.
[12.05.26, 08:01:10] Lena Brandt created group "rack buyers"
[12.05.26, 08:01:14] Lena Brandt added you
[12.05.26, 08:03:40] Lena Brandt: *TODAY 12/05* (FOB Rotterdam)
- MI300X 192GB, 24 pcs, EUR 11,900 each
- L40S 48GB, ~EUR 7,400~ EUR 6,950 each
[12.05.26, 08:05:02] Omar Idris: <Media omitted>
[12.05.26, 08:05:30] Omar Idris: L40S draw?
[12.05.26, 08:06:11] Lena Brandt: 350 W _max_ <This message was edited>
[12.05.26, 08:07:00] Omar Idris: This message was deleted
"""

WHATSAPP_ANDROID = """
5/12/26, 8:03 PM - Messages and calls are end-to-end encrypted.
5/12/26, 8:04 PM - Lena Brandt: the Gaudi 3 has 128 GB
5/12/26, 8:05 PM - Omar Idris: and power?
5/12/26, 8:06 PM - Lena Brandt: 900 W on OAM
5/12/26, 8:07 PM - Omar Idris left
"""

IRC = """
--- Log opened Tue May 12 08:00:00 2026
[08:01] -!- dana [~dana@host] has joined #racks
[08:02] <dana> the TPU v5e is 197 TFLOPS bf16
[08:03] <@kenji> and 16 GB of HBM2
[08:04] * dana nods
[08:05] <dana> ok
"""

TELEGRAM_COPY = """
Lena Brandt, [12.05.2026 08:03]
the L4 has 24 GB
and draws 72 W

Omar Idris, [12.05.2026 08:04]
ok

Lena Brandt, [12.05.2026 08:05]
thanks
"""


def _texts(blocks: tuple[Block, ...]) -> list[str]:
    return [block.text for block in blocks]


def test_whatsapp_ios_messages_are_blocks_without_stamps_authors_or_system_lines(
    tmp_path: pathlib.Path,
) -> None:
    document = load_text(tmp_path, "chat.txt", WHATSAPP_IOS)
    assert _texts(document.blocks) == [
        "TODAY 12/05 (FOB Rotterdam)",
        "MI300X 192GB, 24 pcs, EUR 11,900 each",
        "L40S 48GB,  EUR 6,950 each",
        "L40S draw?",
        "350 W max",
    ]
    opening, item, struck, question, answer = document.blocks
    assert opening.message and (opening.line, opening.column) == (4, 36)
    assert item.kind is BlockKind.LIST_ITEM and item.list_intro == "TODAY 12/05 (FOB Rotterdam)"
    assert (item.line, item.column) == (5, 3)
    # The struck price is withdrawn; the text after it keeps its place in the file.
    assert struck.position(struck.text.index("EUR 6,950")) == (6, 26)
    assert question.message and answer.message
    assert answer.position(answer.text.index("max")) == (9, 42)


def test_whatsapp_android_twelve_hour_stamps(tmp_path: pathlib.Path) -> None:
    document = load_text(tmp_path, "chat.txt", WHATSAPP_ANDROID)
    assert _texts(document.blocks) == ["the Gaudi 3 has 128 GB", "and power?", "900 W on OAM"]
    assert all(block.message for block in document.blocks)
    assert (document.blocks[0].line, document.blocks[0].column) == (2, 33)


def test_irc_log_server_lines_and_actions_say_nothing(tmp_path: pathlib.Path) -> None:
    document = load_text(tmp_path, "racks.log", IRC)
    # The log's own first line stands before the first message: plain text.
    assert _texts(document.blocks) == [
        "--- Log opened Tue May 12 08:00:00 2026",
        "the TPU v5e is 197 TFLOPS bf16",
        "and 16 GB of HBM2",
        "ok",
    ]
    assert document.blocks[2].column == 18


IRC_SED = """
[10:01] <mo> the A10G has 12 GB and draws 150 W
[10:02] <kai> s/150/300/
[10:02] <mo> s/12 GB/24 GB/g
[10:03] <kai> see https://example.org/s/abc/
"""


def test_sed_edit_rewrites_its_authors_earlier_message_in_place(tmp_path: pathlib.Path) -> None:
    document = load_text(tmp_path, "gpus.log", IRC_SED)
    # kai never wrote "150": kai's edit stays a message of its own; mo's edit rewrites mo's words.
    assert _texts(document.blocks) == [
        "the A10G has 24 GB and draws 150 W",
        "s/150/300/",
        "see https://example.org/s/abc/",
    ]
    rewritten = document.blocks[0]
    new = rewritten.text.index("24 GB")
    assert rewritten.position(new) == (3, 22)  # where the edit wrote "24 GB"
    assert rewritten.position(rewritten.text.index("150 W")) == (1, 43)
    assert (rewritten.line, rewritten.column) == (1, 14)


def test_telegram_copy_headers_alone_on_their_line(tmp_path: pathlib.Path) -> None:
    document = load_text(tmp_path, "chat.txt", TELEGRAM_COPY)
    assert _texts(document.blocks) == ["the L4 has 24 GB\nand draws 72 W", "ok", "thanks"]
    assert (document.blocks[0].line, document.blocks[0].column) == (2, 1)


def test_quoted_and_forwarded_lines_are_quoted_paragraphs(tmp_path: pathlib.Path) -> None:
    document = load_text(
        tmp_path,
        "chat.txt",
        """
        [12.05.26, 09:00:00] Lena Brandt: <forwarded> from the vendor channel:
        MI325X: 256 GB HBM3E, 6 TB/s
        [12.05.26, 09:01:00] Omar Idris: replying to this
        > the H200 has 141 GB
        it does
        [12.05.26, 09:02:00] Lena Brandt: ok
        """,
    )
    blocks = document.blocks
    assert _texts(blocks) == [
        "from the vendor channel:",
        "MI325X: 256 GB HBM3E, 6 TB/s",
        "replying to this",
        "the H200 has 141 GB",
        "it does",
        "ok",
    ]
    assert [block.message for block in blocks] == [True, False, True, False, True, True]
    assert (blocks[3].line, blocks[3].column) == (4, 3)


@pytest.mark.parametrize(
    "source",
    [
        # A note quoting two chat lines is a note.
        """
        Meeting notes, May 12

        We went over the quotes.
        [12.05.26, 08:03:40] Lena: MI300X at EUR 11,900
        [12.05.26, 08:04:00] Omar: fine
        The rest is in the sheet.
        """,
        # A table of dated rows is no chat: no author.
        """
        Price history
        2026-05-01 09:00 11900
        2026-05-02 09:00 11800
        2026-05-03 09:00 11750
        2026-05-04 09:00 11700
        """,
    ],
)
def test_text_that_is_not_a_chat_export_stays_plain_text(tmp_path: pathlib.Path, source: str) -> None:
    from factlint.sources.chatlines import chat_header

    lines = source.strip("\n").splitlines()
    assert chat_header([line.strip() for line in lines], ".txt") is None


def test_markdown_file_is_never_read_as_a_chat(tmp_path: pathlib.Path) -> None:
    from factlint.sources.chatlines import chat_header

    lines = ["[12.05.26, 08:03:40] Lena: a", "[12.05.26, 08:03:41] Lena: b", "[12.05.26, 08:03:42] Lena: c"]
    assert chat_header(lines, ".md") is None
    assert chat_header(lines, ".txt") is not None


@pytest.mark.parametrize("mark", ["_", "*"])
def test_a_line_of_unclosed_marks_is_read_in_linear_time(tmp_path: pathlib.Path, mark: str) -> None:
    # Each unclosed mark once made the reader scan to the end of the line: 20,000 of them took
    # 40 seconds. Read in one pass, 30,000 of them take a moment.
    opening = "".join(f"[03.03.26, 09:14:0{i}] Kevin Lau: hi\n" for i in range(3))
    document = load_text(
        tmp_path, "chat.txt", opening + "[03.03.26, 09:15:00] Kevin Lau: " + f"{mark}a " * 30000
    )
    assert document.blocks[-1].text.startswith(f"{mark}a {mark}a")


@pytest.mark.parametrize(
    ("text", "spans"),
    [
        ("*bold* and _it_ and ~gone~", [(0, 6), (11, 15), (20, 26)]),
        ("_a _b c_ d_", [(0, 8)]),
        ("snake_case_name", []),
        ("_a\nb_", []),
        ("**x**", []),
        ("_a_b_", [(0, 5)]),
        ("* item *x*", [(7, 10)]),
    ],
)
def test_marks_pair_with_the_first_closing_mark_of_their_kind(
    text: str, spans: list[tuple[int, int]]
) -> None:
    from factlint.sources.chatlines import marked_spans

    assert marked_spans(text) == spans


def test_a_chat_of_multi_line_messages_is_a_chat(tmp_path: pathlib.Path) -> None:
    # Three lines a message: its header line is a third of the chat's lines, its two items the rest.
    source = "".join(
        f"[03.03.26, 09:1{i}:00] Kevin Lau: Specs {i}:\n- The H100 SXM has 80 GB\n- TDP is 700 W\n"
        for i in range(5)
    )
    document = load_text(tmp_path, "chat.txt", source)
    assert _texts(document.blocks)[:3] == ["Specs 0:", "The H100 SXM has 80 GB", "TDP is 700 W"]
    assert document.blocks[1].kind is BlockKind.LIST_ITEM
    assert document.blocks[1].list_intro == "Specs 0:"


@pytest.mark.parametrize(
    "source",
    [
        # Chat lines quoted in a note, the note's prose below them after a blank line.
        "Notes\n"
        + "".join(f"[03.03.26, 09:1{i}:00] Kevin Lau: price {i}\n" for i in range(3))
        + "\n"
        + "".join(f"We went over quote {i} and kept it.\n" for i in range(8)),
        # Chat lines above a heading and a table.
        "".join(f"[03.03.26, 09:1{i}:00] Kevin Lau: price {i}\n" for i in range(3))
        + "# Prices\n"
        + "".join(f"| GPU {i} | {i} GB |\n" for i in range(8)),
    ],
)
def test_lines_below_chat_lines_with_a_break_or_a_shape_are_no_messages(source: str) -> None:
    from factlint.sources.chatlines import chat_header

    assert chat_header(source.splitlines(), ".txt") is None


@pytest.mark.parametrize(
    "line",
    [
        "2026-03-05 09:01:{second:02d} INFO: worker {second} started with 80 GB memory",
        "2026-03-05 09:01:{second:02d} WARNING worker {second}: 80 GB left",
        "2026-03-05 09:01:{second:02d} kernel: [ 0.{second}] 80 GB of memory",
        "[2026-03-05 09:01:{second:02d}] app.worker.pool: worker {second} took 80 GB",
    ],
)
def test_a_log_is_no_chat_and_its_level_or_source_no_author(tmp_path: pathlib.Path, line: str) -> None:
    from factlint.sources.chatlines import chat_header

    lines = [line.format(second=second) for second in range(10)]
    assert chat_header(lines, ".log") is None
    document = load_text(tmp_path, "run.log", "\n".join(lines))
    assert all("INFO" not in block.text for block in document.blocks)
    assert len(document.blocks) == 10


def test_a_handle_with_a_dot_is_an_author() -> None:
    from factlint.sources.chatlines import chat_header

    lines = [f"[2026-03-05 09:0{i}] dana.k: price {i}" for i in range(4)]
    assert chat_header(lines, ".txt") is not None


def test_a_chat_mixing_export_formats_reads_each_header(tmp_path: pathlib.Path) -> None:
    document = load_text(
        tmp_path,
        "chat.txt",
        """
        [03.03.26, 09:14:02] Kevin Lau: the L4 has 24 GB
        03/03/2026, 09:14 - Kevin Lau: and draws 72 W
        [03.03.26, 09:15:00] Omar Idris: ok
        [03.03.26, 09:16:00] Kevin Lau: thanks
        """,
    )
    assert _texts(document.blocks) == ["the L4 has 24 GB", "and draws 72 W", "ok", "thanks"]
    assert (document.blocks[1].line, document.blocks[1].column) == (2, 32)
