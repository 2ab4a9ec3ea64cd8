"""Reading configuration files (.conf, .cfg, .ini, .properties): prose comments and settings."""

from __future__ import annotations

import pathlib
import textwrap

from factlint.models import Block, BlockKind, Document
from factlint.sources import load_document
from factlint.sources.conffile import is_config_text, parse_config_file

SCHEDULER = """\
# Scheduler settings for the "Birchwood" test bed.
# Rev 3: corrected the card count.
#
SchedulerPort=7321
MaxJobs=2000

# ==== Training nodes ====
# 8 x Lenovo SR675 V3, each with 4 NVIDIA H100 NVL cards
# (94 GB and 400 W per card).
#MaxTime=3-00:00:00
NodeName=bw[01-08] CPUs=128 Sockets=2 CoresPerSocket=32 ThreadsPerCore=2 RealMemory=1500000 Gres=gpu:h100:4
"""

INI = """\
; accelerator inventory
[defaults]
region = eu-west

; the lab's one inference card
[L40S]
vendor = NVIDIA
memory_gb = 48
tdp_w = 350
"""


def _parse(text: str, suffix: str = ".conf") -> list[Block]:
    return parse_config_file(textwrap.dedent(text).split("\n"), 1, suffix)


def _load(tmp_path: pathlib.Path, name: str, text: str) -> Document:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return load_document(path, name)


def _paragraphs(blocks: list[Block]) -> list[Block]:
    return [block for block in blocks if block.kind is BlockKind.PARAGRAPH]


def test_comment_lines_join_into_one_paragraph_placed_after_the_mark() -> None:
    blocks = _paragraphs(_parse(SCHEDULER))
    node = next(block for block in blocks if "Lenovo" in block.text)
    assert node.text == "8 x Lenovo SR675 V3, each with 4 NVIDIA H100 NVL cards\n(94 GB and 400 W per card)."
    assert node.line == 8 and node.column == 3
    assert node.position(node.text.index("94 GB")) == (9, 4)


def test_a_banner_is_the_heading_of_what_follows() -> None:
    blocks = _parse(SCHEDULER)
    node = next(block for block in blocks if "Lenovo" in block.text)
    assert node.headings == ("Training nodes",)
    first = next(block for block in blocks if "Birchwood" in block.text)
    assert first.headings == ()


def test_a_commented_out_setting_is_no_prose() -> None:
    assert not any("MaxTime" in block.text for block in _parse(SCHEDULER))


def test_host_settings_give_no_row_and_other_settings_keep_their_keys() -> None:
    rows = [block for block in _parse(SCHEDULER) if block.kind is BlockKind.TABLE_ROW]
    headers = [header for row in rows for header in row.table_headers]
    assert "scheduler Port" in headers  # a PascalCase key reads as a camelCase one (decision 0248)
    joined = " ".join(headers).lower()
    assert not any(word in joined for word in ("cpus", "socket", "threads", "real memory"))


def test_an_ini_section_is_one_record_named_by_its_header() -> None:
    blocks = _parse(INI, ".ini")
    row = next(block for block in blocks if block.kind is BlockKind.TABLE_ROW)
    assert row.table_headers == ("", "vendor", "memory gb", "tdp w")
    assert row.text == "L40S | NVIDIA | 48 | 350"
    assert row.position(row.text.index("48")) == (8, 13)


def test_the_comment_above_a_section_header_belongs_to_that_section() -> None:
    card = next(block for block in _parse(INI, ".ini") if "inference card" in block.text)
    assert card.headings == ("L40S",)


def test_a_record_that_names_itself_takes_no_section_name() -> None:
    text = "[gpu0]\nmodel = A100\nhbm_gb = 80\n"
    row = next(block for block in _parse(text, ".cfg") if block.kind is BlockKind.TABLE_ROW)
    assert row.text == "A100 | 80"


def test_a_properties_file_reads_bang_comments_other_files_do_not() -> None:
    text = "! 2 x Gaudi 3 cards at 900 W each\nqueue.size=10\n"
    assert _paragraphs(_parse(text, ".properties"))
    assert not _paragraphs(_parse(text, ".conf"))


def test_conf_suffix_is_read_as_configuration(tmp_path: pathlib.Path) -> None:
    document = _load(tmp_path, "slurm.conf", SCHEDULER)
    assert document.error is None
    assert not any(block.kind is BlockKind.HEADING for block in document.blocks)


def test_a_txt_file_is_configuration_only_when_every_line_is_one(tmp_path: pathlib.Path) -> None:
    assert is_config_text(SCHEDULER.split("\n"))
    prose = "The H100 has 80 GB.\n" + "a=1\n" * 6
    assert not is_config_text(prose.split("\n"))
    assert not is_config_text(["# one comment", "a=1"])  # too few settings to be sure
    document = _load(tmp_path, "settings.txt", SCHEDULER)
    assert any("Lenovo" in block.text and block.kind is BlockKind.PARAGRAPH for block in document.blocks)


def _row(blocks: list[Block]) -> Block:
    return next(block for block in blocks if block.kind is BlockKind.TABLE_ROW)


def test_a_value_runs_over_its_words_up_to_an_inline_comment() -> None:
    text = "[H100]\nmemory = 80 GB\nname = NVIDIA H100 SXM5\ntdp = 700 W  # per card\n"
    blocks = _parse(text, ".ini")
    row = _row(blocks)
    assert row.text == "NVIDIA H100 SXM5 | 80 GB | 700 W"  # the record's name first, as its label
    assert row.position(row.text.index("80 GB")) == (2, 10)
    assert row.position(row.text.index("700 W")) == (4, 7)
    note = next(block for block in _paragraphs(blocks))
    assert (note.text, note.line, note.column, note.headings) == ("per card", 4, 16, ("H100",))
    empty = _parse("[s]\nmode = # off; was 5 W\ncolor=#fff\n", ".ini")
    assert [block.text for block in empty] == ["off; was 5 W"]
    slurm = _row(_parse("NodeName=a CPUs=96 Gres=gpu:4 Weight=10 ; spare\n"))
    assert slurm.table_headers == ("node Name", "Gres", "Weight")
    assert slurm.text == "a | gpu:4 | 10"


def test_settings_outside_a_section_are_rows_of_their_own(tmp_path: pathlib.Path) -> None:
    text = "# GPU notes\nH100_memory = 80 GB\nH100_tdp = 700 W\nA100_memory = 40 GB\n"
    rows = [block for block in _load(tmp_path, "notes.txt", text).blocks if block.kind is BlockKind.TABLE_ROW]
    assert [(row.line, row.text, row.table_headers) for row in rows] == [
        (2, " | 80 GB", ("", "H100 memory")),
        (3, " | 700 W", ("", "H100 tdp")),
        (4, " | 40 GB", ("", "A100 memory")),
    ]


def test_a_config_file_has_no_front_matter(tmp_path: pathlib.Path) -> None:
    assert parse_config_file(["---", "title: x", "---", "[H100]", "hbm_gb = 80"], 4, ".ini")[0].line == 4
    document = _load(tmp_path, "x.ini", "---\ntitle: x\n---\n[H100]\nhbm_gb = 80\n")
    assert document.error is None
    row = _row(list(document.blocks))
    assert row.position(row.text.index("80")) == (5, 10)
    assert _load(tmp_path, "y.ini", "---\n[H100]\nhbm_gb = 80\n").error is None


def test_a_section_name_is_placed_at_its_header() -> None:
    row = _row(_parse("[ s ]\nhbm_gb = 80\n", ".ini"))
    assert (row.text, row.line, row.column) == ("s | 80", 1, 3)
    assert row.position(row.text.index("80")) == (2, 10)


INVENTORY = """\
[render_farm]
rf-node-[01:12]
rf-spare ansible_host=192.0.2.40

[rented]
burst-a cloud_type=g5.12xlarge usd_per_hour=5.67 accel_count=4
"""


def test_an_inventory_host_line_is_a_row_of_its_own_settings() -> None:
    rows = [block for block in _parse(INVENTORY, ".ini") if block.kind is BlockKind.TABLE_ROW]
    burst = next(row for row in rows if "g5.12xlarge" in row.text)
    assert burst.table_headers == ("cloud type", "usd per hour", "accel count")
    assert burst.text == "g5.12xlarge | 5.67 | 4"
    assert burst.position(burst.text.index("5.67")) == (6, 45)
    assert burst.headings == ("rented",)
    # the host's name and a bare host range are no settings
    assert not any("burst-a" in row.text or "rf-node" in row.text for row in rows)
