"""Reading DokuWiki page source and the device-query output pasted in it, with file positions kept."""

from __future__ import annotations

import pathlib
import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from factlint.claims import extract_claims
from factlint.models import Block, BlockKind
from factlint.pack import load_pack
from factlint.sources.dokuwiki import is_dokuwiki, parse_dokuwiki
from factlint.sources.loader import load_document
from factlint.sources.tooldumps import dump_blocks
from tests.sourcefiles import placed, source_lines


def _blocks(source: str) -> list[Block]:
    return parse_dokuwiki(source_lines(source))[0]


PAGE = """
    ====== Inference lab: Gaudi row ======

    //Maintained by the platform team; see [[infra:racks:row-g|row G]].//
    ~~NOTOC~~

    <WRAP round important>
    Figures in **bold** come from the vendor; the rest we measured.
    </WRAP>

    ===== Hosts =====

    ^ Host   ^ Model             ^ Cards                ^
    | gd-01  | HLS-Gaudi2        | 8x Gaudi2            |
    | gd-02  | <del>HLS-1</del>  | :::                  |

    ==== Notes ====

    Before the list:
      * The Gaudi2 has **96 GB** HBM2E at //2.46 TB/s//.
      - Board power is 600 W \\\\ per OAM module.
    ----
    A closing paragraph with a {{:infra:row-g.png|photo of row G}} and [[infra:power]].
"""


def test_headings_nest_by_their_equals_signs():
    blocks = _blocks(PAGE)
    headings = [block for block in blocks if block.kind is BlockKind.HEADING]
    assert [block.text for block in headings] == ["Inference lab: Gaudi row", "Hosts", "Notes"]
    notes = next(block for block in blocks if block.text.startswith("The Gaudi2"))
    assert notes.headings == ("Inference lab: Gaudi row", "Hosts", "Notes")
    assert parse_dokuwiki(source_lines(PAGE))[1] == "Inference lab: Gaudi row"


def test_markup_prints_its_text_only():
    blocks = _blocks(PAGE)
    texts = [block.text for block in blocks]
    assert "Maintained by the platform team; see row G." in texts
    assert "Figures in bold come from the vendor; the rest we measured." in texts
    item = next(block for block in blocks if block.text.startswith("The Gaudi2"))
    assert item.text == "The Gaudi2 has 96 GB HBM2E at 2.46 TB/s."
    assert placed(item, "96 GB", source_lines(PAGE)) == (19, 22)
    assert placed(item, "2.46 TB/s", source_lines(PAGE))[0] == 19
    closing = blocks[-1]
    assert closing.text == "A closing paragraph with a photo of row G and infra:power."


def test_lists_tables_and_rules():
    blocks = _blocks(PAGE)
    items = [block for block in blocks if block.kind is BlockKind.LIST_ITEM]
    assert [block.list_intro for block in items] == ["Before the list:", "Before the list:"]
    assert items[1].text.startswith("Board power is 600 W")
    rows = [block for block in blocks if block.kind is BlockKind.TABLE_ROW]
    assert rows[0].table_headers == ("Host", "Model", "Cards")
    assert [cell.text for cell in rows[0].cells] == ["gd-01", "HLS-Gaudi2", "8x Gaudi2"]
    # struck-through text prints nothing; a row-span marker continues the cell above it
    assert [cell.text for cell in rows[1].cells] == ["gd-02", "", "8x Gaudi2"]
    assert all("----" not in block.text and "WRAP" not in block.text for block in blocks)


def test_code_other_than_tool_output_yields_nothing():
    blocks = _blocks(
        """
        ===== Setup =====

        <code bash>
        export HABANA_VISIBLE_DEVICES=0,1   # 96 GB each
        python train.py --batch 64
        </code>

        <file yaml values.yaml>
        memory: 96
        </file>

        After the code.
        """
    )
    assert [block.text for block in blocks] == ["Setup", "After the code."]


@pytest.mark.parametrize(
    ("text", "suffix", "expected"),
    [
        (PAGE, ".txt", True),
        ("== Title ==\nsome text\n", ".dokuwiki", True),
        ("== Title ==\nsome text\n", ".txt", False),
        # MediaWiki: the same headings, but '''bold''' and a {| table
        (
            "== Specs ==\n'''Memory''': 96 GB\n{| class=wikitable\n|}\n  * item\n<code>x</code>\n",
            ".txt",
            False,
        ),
        # prose that mentions a <code> block but has no DokuWiki heading
        ("We paste output in <code> blocks.\n  * a list item\n^ a ^ b ^\n", ".txt", False),
        (PAGE, ".md", False),
    ],
)
def test_detected_by_suffix_or_content(text, suffix, expected):
    assert is_dokuwiki(textwrap.dedent(text), suffix) is expected


NVIDIA_SMI = """
    $ nvidia-smi -q -d MEMORY,POWER

    ==============NVSMI LOG==============

    Driver Version                            : 550.54.15
    Attached GPUs                             : 2
    GPU 00000000:3B:00.0
        Product Name                          : NVIDIA L4
        FB Memory Usage
            Total                             : 23034 MiB
            Reserved                          : 434 MiB
            Used                              : 1 MiB
        BAR1 Memory Usage
            Total                             : 32768 MiB
        Power Readings
            Power Draw                        : 27.81 W
            Current Power Limit               : 72.00 W
            Min Power Limit                   : 40.00 W

    GPU 00000000:AF:00.0
        Product Name                          : NVIDIA A100 80GB PCIe
        FB Memory Usage
            Total                             : 81920 MiB
        Power Readings
            Max Power Limit                   : 300.00 W
"""


def _dump(source: str) -> list[tuple[str, str, int]]:
    lines = source_lines(source)
    return [
        (block.cells[0].text if len(block.cells) > 1 else "", block.cells[-1].text, block.anchors[-1][1])
        for block in dump_blocks(lines, 0, len(lines), ("Lab",))
    ]


def test_nvidia_smi_query_reads_each_gpus_totals_and_power():
    assert _dump(NVIDIA_SMI) == [
        ("NVIDIA L4", "23034 MiB", 10),
        ("NVIDIA L4", "27.81 W", 16),
        ("NVIDIA L4", "72.00 W", 17),
        ("NVIDIA A100 80GB PCIe", "81920 MiB", 23),
        ("NVIDIA A100 80GB PCIe", "300.00 W", 25),
    ]


CLINFO = """
    $ clinfo -l
    Platform #0: AMD Accelerated Parallel Processing
     `-- Device #0: gfx90a:sramecc+:xnack-
    $ clinfo -d 0:0
      Device Name                                     gfx90a:sramecc+:xnack-
      Board name                                      AMD Instinct MI210
      Max compute units                               104
      Global memory size                              68702699520 (63.98GiB)
      Local memory size                               65536 (64KiB)
      Global memory cache size                        16384 (16KiB)
      Max memory allocation                           58397294592 (54.39GiB)
"""


def test_clinfo_reads_global_memory_in_bytes_of_the_board_named():
    assert _dump(CLINFO) == [("AMD Instinct MI210", "68702699520 bytes", 8)]


BOXED = """
    $ xpu-smi discovery
    +-----------+-----------------------------------------------+
    | Device ID | Device Information                            |
    +-----------+-----------------------------------------------+
    | 0         | Device Name: Intel(R) Data Center GPU Max 1550 |
    |           | Memory Physical Size: 131072.00 MiB            |
    |           | Max Mem Alloc Size: 126000.00 MiB              |
    | 1         | Device Name: Intel(R) Data Center GPU Max 1100 |
    |           | Memory Physical Size: 49152.00 MiB             |
    +-----------+-----------------------------------------------+
    $ xpu-smi config -d 1
    | 1         | Power Limit (w): 300                          |
    |           |   Valid Power Limit (w): 1 ~ 300              |
    $ xpu-smi stats -d 0
    | GPU Power (W)                 | 412                       |
    | GPU Memory Temperature (C)    | 60                        |
"""


def test_box_rows_keep_each_device_id_and_commands_ask_for_one():
    assert _dump(BOXED) == [
        ("Intel(R) Data Center GPU Max 1550", "131072.00 MiB", 6),
        ("Intel(R) Data Center GPU Max 1100", "49152.00 MiB", 9),
        ("Intel(R) Data Center GPU Max 1100", "300 W", 12),
        ("Intel(R) Data Center GPU Max 1550", "412 W", 15),
    ]


ROCM_SMI = """
    GPU[0]		: Card series: 		AMD Instinct MI250X
    GPU[0]		: Max Graphics Package Power (W): 500.0
    GPU[0]		: VRAM Total Memory (B): 68702699520
    GPU[0]		: VRAM Total Used Memory (B): 11231232
    GPU[1]		: Card series: 		AMD Instinct MI250X
    GPU[1]		: VRAM Total Memory (B): 68702699520
"""


def test_rocm_smi_lines_name_their_device_in_a_prefix():
    assert _dump(ROCM_SMI) == [
        ("AMD Instinct MI250X", "500.0 W", 2),
        ("AMD Instinct MI250X", "68702699520 bytes", 3),
        ("AMD Instinct MI250X", "68702699520 bytes", 6),
    ]


def test_output_naming_no_device_is_left_to_the_headings():
    assert _dump("$ some-tool --stats\nBoard Power Draw:   61 W\n") == [("", "61 W", 2)]


def test_lspci_regions_are_no_memory():
    lspci = """
        3b:00.0 Processing accelerators: Habana Labs Ltd. Device 1020 (rev 01)
            Region 0: Memory at 2ffe8000000 (64-bit, prefetchable) [size=128M]
            Region 2: Memory at 2ffe0000000 (64-bit, prefetchable) [size=64G]
    """
    assert _dump(lspci) == []


def test_a_wiki_page_with_dumps_gives_per_device_claims(tmp_path: pathlib.Path):
    page = tmp_path / "render-nodes.txt"
    body = """
        ====== Render nodes ======

        ===== rn-03 (two L4, one A100) =====

        <code>
        {dump}
        </code>

        Notes:
          * The L4 is rated at 72 W and has 24 GB GDDR6.
    """
    dump = textwrap.indent(textwrap.dedent(NVIDIA_SMI).strip("\n"), "")
    text = textwrap.dedent(body).strip("\n").replace("{dump}", dump.replace("\n", "\n"))
    page.write_text(text, encoding="utf-8")
    document = load_document(page, "render-nodes.txt")
    assert document.format == "dokuwiki"
    claims = {
        (claim.entity, claim.attribute, round(float(claim.value), 3), claim.line)  # type: ignore[arg-type]
        for claim in extract_claims(document, load_pack())
    }
    assert ("L4", "memory_capacity", 24.153, 15) in claims
    assert ("L4", "power", 27.81, 21) in claims
    assert ("A100 80GB", "memory_capacity", 85.899, 28) in claims
    assert ("L4", "memory_capacity", 24.0, 34) in claims
    # the reserved, used and BAR1 sizes and the minimum limit are no readings of the device
    assert not any(value in (0.455, 0.001, 34.36, 40.0) for _, _, value, _ in claims)


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="=^|*- \n<>/codefilWRAP[]{}:~NOTC\\'", max_size=200))
def test_any_text_reads_without_error_and_keeps_positions(text):
    lines = text.split("\n")
    for block in parse_dokuwiki(lines)[0]:
        for offset in range(len(block.text)):
            line, column = block.position(offset)
            assert 1 <= line <= len(lines)
            assert column >= 1


# Robustness: each input below hung, lost text or misread on the first version of the readers.
# Hang inputs are big enough that the old quadratic reads took many seconds; linear ones are fast.


def test_unclosed_code_openers_read_in_one_pass():
    lines = ["<code>"] * 8000 + ["", "After them 5 W."]
    blocks = parse_dokuwiki(lines)[0]
    assert len(blocks) == 8001  # an opener never closed is text
    assert blocks[0].text == "<code>"
    assert blocks[-1].text == "After them 5 W."
    assert blocks[-1].line == 8002


def test_unclosed_deletions_read_in_one_pass():
    blocks = parse_dokuwiki(["<del> x " * 10000 + "7 W", "", "<del> y " * 100 + "<del>gone</del> 8 W"])[0]
    assert blocks[0].text.endswith("x <del> x 7 W")
    # a <del> too far from any </del> is no deletion: the text after it is kept
    assert blocks[1].text.startswith("<del> y <del> y")
    assert blocks[1].text.endswith(" 8 W") and "gone" not in blocks[1].text


@pytest.mark.parametrize("opener", ["== ", "===== "])
def test_unclosed_heading_lines_read_in_one_pass(opener):
    line = opener + "a " * 100000
    assert is_dokuwiki(line + "\n  * item\n^ a ^ b ^\n", ".txt") is False
    assert [block.kind for block in parse_dokuwiki([line])[0]] == [BlockKind.PARAGRAPH]


def test_clinfo_device_name_lines_open_each_devices_record():
    clinfo = """
        Number of platforms                               2
        Device Name                                     NVIDIA A100-PCIE-40GB
        Global memory size                              42298834944 (39.39GiB)
        Device Name                                     gfx90a:sramecc+:xnack-
        Board name                                      AMD Instinct MI210
        Global memory size                              68702699520 (63.98GiB)
    """
    assert _dump(clinfo) == [
        ("NVIDIA A100-PCIE-40GB", "42298834944 bytes", 3),
        ("AMD Instinct MI210", "68702699520 bytes", 6),
    ]


def _rows(source: str) -> list[tuple[tuple[str, ...], list[str]]]:
    return [
        (block.table_headers, [cell.text for cell in block.cells])
        for block in _blocks(source)
        if block.kind is BlockKind.TABLE_ROW
    ]


def test_cells_end_outside_links_media_and_literal_text():
    source = """
        ^ GPU ^ Memory ^ Power ^
        | A100 | [[gpus:a100|80 GB]] | 400 W |
        | L4 | {{:l4.png|24 GB}} | %%72|75%% W |
        | T4 | <nowiki>16|15</nowiki> GB | 70 W |
    """
    assert _rows(source) == [
        (("GPU", "Memory", "Power"), ["A100", "80 GB", "400 W"]),
        (("GPU", "Memory", "Power"), ["L4", "24 GB", "72|75 W"]),
        (("GPU", "Memory", "Power"), ["T4", "16|15 GB", "70 W"]),
    ]
    row = next(block for block in _blocks(source) if block.text.startswith("A100"))
    assert placed(row, "80 GB", source_lines(source)) == (2, 22)


def test_row_spans_continue_the_cell_above_and_empty_cells_widen():
    source = """
        ^ GPU ^ Form ^ Memory ^
        | H100 | SXM | 80 GB |
        | ::: | PCIe | 94 GB |
        | L4 || 24 GB |
    """
    assert [cells for _, cells in _rows(source)] == [
        ["H100", "SXM", "80 GB"],
        ["H100", "PCIe", "94 GB"],
        ["L4", "", "24 GB"],
    ]


def test_only_output_with_a_tool_signature_gives_readings():
    blocks = _blocks(
        """
        Our lab:

          Total memory: 80 GB for the lab

        <code yaml>
        GPU 00000000:3B:00.0
            FB Memory Total: 16 GB
        </code>

        <code console>
        $ nvidia-smi -q
        GPU 00000000:3B:00.0
            Product Name : NVIDIA L4
            FB Memory Usage
                Total : 23034 MiB
        </code>
        """
    )
    rows = [block for block in blocks if block.kind is BlockKind.TABLE_ROW]
    assert [block.text for block in rows] == ["NVIDIA L4 | 23034 MiB"]
    assert [block.text for block in blocks if block.kind is BlockKind.PARAGRAPH] == [
        "Our lab:",
        "Total memory: 80 GB for the lab",
    ]


def test_text_in_code_and_file_blocks_is_kept_as_written():
    source = """
        <file txt notes.txt>
        The file says 24 GB.
        </file>
        <code>x 5 W</code>
        <code>After the opener 7 W
        and **not bold** 8 W
        </code>
        <code>
        unclosed 3 W
    """
    blocks = _blocks(source)
    assert [block.text for block in blocks] == [
        "The file says 24 GB.",
        "x 5 W",
        "After the opener 7 W\nand **not bold** 8 W",
        "<code>\nunclosed 3 W",
    ]
    assert placed(blocks[1], "5 W", source_lines(source)) == (4, 9)
    assert placed(blocks[2], "7 W", source_lines(source)) == (5, 24)


@pytest.mark.parametrize(
    "text",
    [
        "Specs\n=====\n\n== Memory ==\n  * 80 GB\n^ a ^ b ^\n",  # Setext underline
        "== Memory ==\n  * 80 GB\n^ a ^ b ^\n| a | b |\n|---|---|\n",  # a Markdown rule row
        "# Specs\n\n== Memory ==\n  * 80 GB\n^ a ^ b ^\n",  # a Markdown heading
        "== Memory ==\n[[File:a100.png|thumb]] //A100//\n[[Category:GPUs]]\n",  # MediaWiki namespaces
    ],
)
def test_markdown_and_mediawiki_pages_are_no_dokuwiki(text):
    assert is_dokuwiki(text, ".txt") is False


def test_a_root_prompt_in_code_is_no_markdown_heading():
    assert is_dokuwiki("== Node ==\n  * a\n<code>\n# nvidia-smi -q\n</code>\n", ".txt") is True


def test_footnotes_are_set_apart_from_the_word_before():
    assert [block.text for block in _blocks("Footnote here((the footnote says 12 GB)) end.")] == [
        "Footnote here the footnote says 12 GB end."
    ]
