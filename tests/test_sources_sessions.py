"""Pasted terminal sessions (decision 0181): a prompt naming user and host opens output up to the
session's next prompt; host-inventory tools (dmidecode, lshw, ipmitool) are read on the tool route."""

from __future__ import annotations

import pathlib

from factlint.claims import extract_claims
from factlint.models import BlockKind
from factlint.pack import load_pack
from factlint.sources.detect import is_markdown
from factlint.sources.loader import load_document
from factlint.sources.tooldumps import dump_blocks, tool_output_spans

# A bring-up ticket of our own: a box title, two commands of one root session, an idle power
# reading, then the operator's notes after a blank line.
SESSION = [
    "--- Node 3: lab build, tag 4410 ---",
    "[admin@lab-node3 ~]# dmidecode -t 4 | grep -E 'Version|Core Count'",
    "# dmidecode 3.4",
    "Reading SMBIOS entry point from sysfs.",
    "\tVersion: AMD EPYC 9654 96-Core Processor",
    "\tCore Count: 96",
    "[admin@lab-node3 ~]# ipmitool dcmi power reading",
    "    Instantaneous power reading:                  655 Watts",
    "    Average power reading over sample period:     640 Watts",
    "",
    "Notes: the H200 cards report 141 GB each.",
]


def test_a_session_prompt_opens_output_up_to_the_next_prompt():
    spans = tool_output_spans(SESSION, 0, len(SESSION))
    assert spans == [(1, 6), (6, 9)]  # the banner and the prose-like line stay output
    user_prompt = ["ops@gpu12:~$ lshw -c display -short", "H/W path  Device  Class", "", "Prose."]
    assert tool_output_spans(user_prompt, 0, len(user_prompt)) == [(0, 2)]


def test_a_plain_prompt_still_stops_at_prose():
    lines = ["$ nvidia-smi -L", "Some words that are no output at all.", "More prose."]
    assert tool_output_spans(lines, 0, len(lines)) == [(0, 1)]


def test_a_processor_record_is_named_by_its_version_and_idle_readings_are_not_read():
    blocks = dump_blocks(SESSION, 1, 9, ())
    assert [(block.cells[0].text, block.table_headers[-1], block.cells[-1].text) for block in blocks] == [
        ("AMD EPYC 9654 96-Core Processor", "cores", "96")
    ]


def test_a_banner_in_pasted_output_is_no_markdown_heading():
    text = "\n".join(SESSION) + "\n"
    assert is_markdown(text, ".txt", False) is False
    assert is_markdown("# Notes\n\nThe H200 has 141 GB.\n", ".txt", False) is True
    assert is_markdown(text + "\n# Later notes\n", ".txt", False) is True  # a heading outside the output


def test_the_box_title_heads_the_notes_and_the_session_gives_the_cpu_cores(tmp_path: pathlib.Path):
    path = tmp_path / "intake.txt"
    path.write_text("\n".join(SESSION) + "\n", encoding="utf-8")
    document = load_document(path, "intake.txt")
    assert document.format == "text"
    notes = next(block for block in document.blocks if block.text.startswith("Notes:"))
    assert notes.kind is BlockKind.PARAGRAPH and notes.headings == (SESSION[0],)
    claims = {
        (claim.line, claim.entity, claim.attribute, round(float(claim.value), 3))
        for claim in extract_claims(document, load_pack())
    }
    assert (6, "EPYC 9654", "core_count", 96.0) in claims
    assert (11, "H200", "memory_capacity", 141.0) in claims
    assert not any(attribute == "power" for _, _, attribute, _ in claims)
