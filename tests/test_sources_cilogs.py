"""Reading CI job logs: stamps and runner markers off, each step read as what it printed, positions kept."""

from __future__ import annotations

import pathlib

from factlint.claims import extract_claims
from factlint.models import BlockKind
from factlint.pack import load_pack
from factlint.sources.cilogs import is_ci_log, log_lines, parse_ci_log
from factlint.sources.loader import load_document
from factlint.sources.tooldumps import dump_blocks, tool_output_spans
from tests.sourcefiles import placed

STAMP = "2026-04-21T07:30:{:02d}.{:07d}Z "

# A GitLab-style job of our own: a step querying two GPUs with nvidia-smi's CSV, a step with
# amd-smi static of two other devices, an inventory line, a warning and a Markdown summary.
BODY = [
    "##[group]Run ./ci/probe.sh l40s-node",
    "\x1b[36;1m./ci/probe.sh l40s-node\x1b[0m",
    "##[endgroup]",
    "+ nvidia-smi --query-gpu=index,name,memory.total,power.limit --format=csv",
    "index, name, memory.total [MiB], power.limit [W]",
    "0, NVIDIA L40S, 46068 MiB, 350.00 W",
    "1, NVIDIA L4, 23034 MiB, 72.00 W",
    "host=l40s-node-1 gpus=2 vcpu=48 ram_gib=384",
    "##[group]Run amd-smi static --vram --limit",
    "##[endgroup]",
    "+ amd-smi static --asic --vram --limit",
    "GPU: 0",
    "    ASIC:",
    "        MARKET_NAME: AMD Instinct MI210",
    "        DEVICE_ID: 0x740f",
    "    VRAM:",
    "        SIZE: 65520 MB",
    "    LIMIT:",
    "        MAX_POWER: 300 W",
    "GPU: 1",
    "    ASIC:",
    "        MARKET_NAME: AMD Instinct MI250X",
    "    VRAM:",
    "        SIZE: 130944 MB",
    "    LIMIT:",
    "        MAX_POWER: 560 W",
    "##[warning]probe finished with 1 skipped device",
    "##[group]Run cat summary.md >> $GITHUB_STEP_SUMMARY",
    "## Probe summary",
    "",
    "| node | accelerator | on-demand $/hr |",
    "|---|---|---|",
    "| p4d.24xlarge | 8x A100 | 21.96 |",
    "##[endgroup]",
]
LOG = [
    STAMP.format(index // 10, index) + line if line else STAMP.format(index // 10, index).rstrip()
    for index, line in enumerate(BODY)
]


def test_a_stamped_log_with_markers_is_a_ci_log():
    assert is_ci_log(LOG, ".log") is True
    assert is_ci_log(LOG, "") is True
    assert is_ci_log(LOG, ".md") is False  # a Markdown file is read as Markdown


def test_prose_with_a_few_stamps_is_no_ci_log():
    notes = ["2026-04-21T07:30:00Z we moved the racks", "The L4 has 24 GB.", "More prose here.", "And here."]
    assert is_ci_log(notes, ".txt") is False
    assert is_ci_log(["[Pipeline] stage", "[Pipeline] sh", "+ make", "[Pipeline] }"], ".txt") is True


def test_stamps_and_markers_come_off_and_steps_open_at_groups():
    log = log_lines(LOG)
    assert log.texts[0] == ""  # a group's opener prints its command only
    assert log.texts[1] == ""  # the colour echo of the script
    assert log.texts[4] == BODY[4]
    assert log.texts[26] == "probe finished with 1 skipped device"
    assert log.widths[4] == len(STAMP.format(0, 4))
    assert log.steps == (0, 8, 27)


def test_each_gpu_of_the_csv_and_of_amd_smi_gets_its_readings():
    rows = [block for block in parse_ci_log(LOG) if block.kind is BlockKind.TABLE_ROW]
    readings = {
        (block.cells[0].text, block.table_headers[-1], block.cells[-1].text)
        for block in rows
        if block.table_headers[0] == "device name"
    }
    assert ("NVIDIA L40S", "memory", "46068 MiB") in readings
    assert ("NVIDIA L4", "power", "72.00 W") in readings
    assert ("AMD Instinct MI210", "memory", "65520 MB") in readings
    assert ("AMD Instinct MI250X", "power", "560 W") in readings
    assert not any(header == "cores" for _, header, _ in readings)  # no compute units, no PCI ids


def test_readings_keep_their_file_line_and_column():
    rows = [block for block in parse_ci_log(LOG) if block.kind is BlockKind.TABLE_ROW]
    l4 = next(block for block in rows if block.text.startswith("NVIDIA L4 |") and "W" in block.text)
    assert placed(l4, "72.00 W", LOG)[0] == 7
    mi250x = next(block for block in rows if "130944" in block.text)
    assert placed(mi250x, "130944 MB", LOG)[0] == 24
    summary = next(block for block in rows if block.text.lstrip("| ").startswith("p4d"))
    assert placed(summary, "21.96", LOG)[0] == 33


def test_an_inventory_line_is_a_record_of_its_keys():
    record = next(block for block in parse_ci_log(LOG) if block.table_headers[:2] == ("host", "gpus"))
    assert [cell.text for cell in record.cells] == ["l40s-node-1", "2", "48", "384"]
    assert placed(record, "2", LOG)[0] == 8


def test_a_tool_naming_only_its_host_reads_per_chip():
    lines = [
        "$ neuron-ls",
        "instance-type: inf2.8xlarge",
        "+------+------+--------+",
        "| NEURON | NEURON | NEURON |",
        "| DEVICE | CORES | MEMORY |",
        "+------+------+--------+",
        "| 0 | 2 | 32 GB |",
    ]
    blocks = dump_blocks(lines, 0, len(lines), ())
    assert {(block.table_headers, block.cells[1].text) for block in blocks} == {
        (("device name", "per-chip cores"), "2"),
        (("device name", "per-chip memory"), "32 GB"),
    }


def test_the_log_gives_claims_of_each_device(tmp_path: pathlib.Path):
    path = tmp_path / "probe-run.log"
    path.write_text("\n".join(LOG) + "\n", encoding="utf-8")
    document = load_document(path, "probe-run.log")
    claims = {
        (claim.line, claim.entity, claim.attribute, round(float(claim.value), 3))
        for claim in extract_claims(document, load_pack())
    }
    assert (6, "L40S", "memory_capacity", 48.306) in claims
    assert (7, "L4", "power", 72.0) in claims
    assert (17, "MI210", "memory_capacity", 65.52) in claims
    assert (26, "MI250X", "power", 560.0) in claims
    assert (33, "P4d", "hourly_price", 21.96) in claims
    assert not any(
        attribute == "memory_capacity" and line == 8 for line, _, attribute, _ in claims
    )  # host RAM


AMD_SMI = [
    "$ sudo amd-smi static --vram --limit",
    "GPU: 0",
    "    ASIC:",
    "        MARKET_NAME: AMD Instinct MI210",
    "    VRAM:",
    "        SIZE: 65520 MB",
    "",
    "GPU: 1",
    "    ASIC:",
    "        MARKET_NAME: AMD Instinct MI250X",
    "    LIMIT:",
    "        MAX_POWER: 560 W",
]


def test_plain_text_reads_pasted_tool_output_and_keeps_the_prose(tmp_path: pathlib.Path):
    lines = [
        "Box notes from the bring-up.",
        "",
        *AMD_SMI,
        "",
        "The MI210 box idles quietly.",
        "The L4 has 24 GB.",
    ]
    path = tmp_path / "bringup.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    claims = {
        (claim.line, claim.entity, claim.attribute, round(float(claim.value), 3))
        for claim in extract_claims(load_document(path, "bringup.txt"), load_pack())
    }
    assert (8, "MI210", "memory_capacity", 65.52) in claims  # not 65520 MB of on-chip memory
    assert (14, "MI250X", "power", 560.0) in claims
    assert (17, "L4", "memory_capacity", 24.0) in claims


def test_a_markdown_fence_of_tool_output_is_read_per_device(tmp_path: pathlib.Path):
    lines = ["# Bring-up", "", "```", *AMD_SMI, "```", "", "The L4 has 24 GB."]
    path = tmp_path / "bringup.md"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    claims = {
        (claim.line, claim.entity, claim.attribute, round(float(claim.value), 3))
        for claim in extract_claims(load_document(path, "bringup.md"), load_pack())
    }
    assert (9, "MI210", "memory_capacity", 65.52) in claims
    assert (15, "MI250X", "power", 560.0) in claims


def test_a_heading_naming_a_tool_is_no_command():
    lines = ["# nvidia-smi notes", "The L4 has 24 GB.", "Memory Total: 23034 MiB"]
    assert tool_output_spans(lines, 0, len(lines)) == []
    assert tool_output_spans(AMD_SMI, 0, len(AMD_SMI)) == [(0, len(AMD_SMI))]


def _claims_of(path: pathlib.Path) -> set[tuple[int, str | None, str, float]]:
    return {
        (claim.line, claim.entity, claim.attribute, round(float(claim.value), 3))
        for claim in extract_claims(load_document(path, path.name), load_pack())
    }


def test_a_coloured_line_is_read_without_its_colour_codes(tmp_path: pathlib.Path):
    body = [
        "##[group]Run ./bench.sh",
        "\x1b[36;1m./bench.sh --card l4\x1b[0m",  # the runner's echo of the script: no prose
        "##[endgroup]",
        "\x1b[1;32mresult: the L4 drew 71 W at full load\x1b[0m",
        "[33mnote: the A10G is rated at 150 W in our sheet[0m",  # a log saved without its escapes
        "the \x1b[1mL40S\x1b[0m holds 48 GB of memory",
    ]
    log = log_lines(body)
    assert log.texts[1] == ""
    assert log.texts[3].startswith("result: the L4 drew 71 W")
    assert log.texts[4].rstrip() == "note: the A10G is rated at 150 W in our sheet"
    assert len(log.texts[5]) == len(body[5])  # codes within a line are blanks of their width
    path = tmp_path / "bench.log"
    path.write_text("\n".join(STAMP.format(0, index) + line for index, line in enumerate(body)) + "\n")
    claims = _claims_of(path)
    assert (4, "L4", "power", 71.0) in claims
    assert (5, "A10G", "power", 150.0) in claims
    assert (6, "L40S", "memory_capacity", 48.0) in claims
    for line, _, _, _ in claims:
        assert line >= 4
    rows = [block for block in load_document(path, path.name).blocks if "48 GB" in block.text]
    line, column = rows[0].position(rows[0].text.index("48 GB"))
    assert (line, path.read_text().split("\n")[5][column - 1 : column + 4]) == (6, "48 GB")


def test_a_lone_carriage_return_stays_within_its_file_line(tmp_path: pathlib.Path):
    lines = [
        STAMP.format(1, 0) + "##[group]Run pip download wheels",
        STAMP.format(1, 1) + "fetching \r 10% [##        ]\r 60% [######    ]\r100% [##########]",
        STAMP.format(1, 2) + "##[endgroup]",
        STAMP.format(1, 3) + "The Gaudi 3 module has 128 GB of memory.",
        "section_start:1760000000:probe\r\x1b[0Kprobe the card",
        "The Radeon PRO W7900 has 48 GB of memory.",
        "section_end:1760000001:probe\r\x1b[0K",
    ]
    path = tmp_path / "wheels.log"
    path.write_bytes(("\n".join(lines) + "\n").encode())
    claims = _claims_of(path)
    assert (4, "Gaudi3", "memory_capacity", 128.0) in claims
    assert (6, "Radeon PRO W7900", "memory_capacity", 48.0) in claims
    progress = next(block for block in load_document(path, path.name).blocks if "100%" in block.text)
    assert progress.text.strip() == "100% [##########]"  # what a terminal shows
    line, column = progress.position(progress.text.index("100%"))
    assert (line, lines[1][column - 1 : column + 3]) == (2, "100%")


def test_a_plain_text_file_still_breaks_lines_at_a_lone_carriage_return(tmp_path: pathlib.Path):
    path = tmp_path / "old-mac.txt"
    path.write_bytes(b"Lab notes.\r\rThe L4 has 24 GB.\r")
    assert (3, "L4", "memory_capacity", 24.0) in _claims_of(path)


def test_each_step_reads_only_its_own_lines():
    body = []
    for step in range(400):
        body += [f"##[group]Run step {step}", "##[endgroup]", f"step {step} done"]
    blocks = parse_ci_log([STAMP.format(0, index) + line for index, line in enumerate(body)])
    assert [block.line for block in blocks] == [3 * step + 3 for step in range(400)]


def test_prose_right_under_pasted_output_stays_prose(tmp_path: pathlib.Path):
    lines = [
        "Bench box, second week.",
        "",
        "$ nvidia-smi --query-gpu=name,memory.total --format=csv",
        "name, memory.total [MiB]",
        "NVIDIA L4, 23034 MiB",
        "The L40S has 48 GB of GDDR6 and draws 350 W.",
        "Status: the A10G in the spare slot has 24 GB of memory.",
    ]
    assert tool_output_spans(lines, 0, len(lines)) == [(2, 5)]
    path = tmp_path / "bench.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    claims = _claims_of(path)
    assert (5, "L4", "memory_capacity", 24.153) in claims
    assert (6, "L40S", "memory_capacity", 48.0) in claims
    assert (6, "L40S", "power", 350.0) in claims
    assert (7, "A10G", "memory_capacity", 24.0) in claims


def test_output_keeps_its_short_key_values_sections_and_blank_gaps():
    lines = [
        "$ amd-smi static --vram",
        "GPU: 0",
        "    VRAM:",
        "        TYPE: HBM",
        "        SIZE: 65520 MB",
        "",
        "",
        "GPU: 1",
        "    VRAM:",
        "        SIZE: 65520 MB",
        "Vendor: AMD",
        "That box also has two spare slots for more cards later on.",
    ]
    assert tool_output_spans(lines, 0, len(lines)) == [(0, 11)]


def test_a_quoted_line_naming_a_tool_is_no_prompt_but_a_quoted_command_is():
    prose = ["> xpu-smi helped a lot, the Max 1550 has 128 GB of memory.", "The Max 1100 has 48 GB."]
    assert tool_output_spans(prose, 0, len(prose)) == []
    command = ["> xpu-smi discovery -d 0", "Device Name: Intel Data Center GPU Max 1100"]
    assert tool_output_spans(command, 0, len(command)) == [(0, 2)]


def test_a_csv_row_device_key_is_no_text():
    lines = [
        "$ nvidia-smi --query-gpu=name,power.limit --format=csv",
        "name, power.limit [W]",
        "NVIDIA L4, 72.00 W",
    ]
    rows = dump_blocks(lines, 0, 3, ())
    assert [row.cells[0].text for row in rows] == ["NVIDIA L4"]
    assert all("line" not in cell.text for row in rows for cell in row.cells)


def test_long_blank_runs_between_outputs_are_spanned_once():
    lines = [
        "$ amd-smi static",
        "GPU: 0",
        *[""] * 3000,
        "    VRAM:",
        "        SIZE: 65520 MB",
        *[""] * 3000,
        "done.",
    ]
    assert tool_output_spans(lines, 0, len(lines)) == [(0, 3004)]
