"""Reading systemd journals and syslog files: prefixes off, one message per paragraph under its host,
logfmt messages as records, positions kept."""

from __future__ import annotations

import pathlib

from factlint.claims import extract_claims
from factlint.models import BlockKind
from factlint.pack import load_pack
from factlint.sources.journals import is_journal, journal_messages, parse_journal
from factlint.sources.loader import load_document
from tests.sourcefiles import placed

# A journal of our own: two hosts, a kernel line, an agent's spec line, a logfmt reading, an
# exporter's offer written over an indented continuation line, and journalctl's own marker.
LOG = [
    "-- Journal begins at Tue 2026-03-03 00:00:02 UTC, ends at Tue 2026-03-03 10:11:12 UTC. --",
    "2026-03-03T10:00:01+0000 rig03 kernel: smpboot: Total of 96 processors activated",
    "2026-03-03T10:00:07+0000 rig03 specd[811]: The NVIDIA L40S carries 48 GB of GDDR6.",
    "2026-03-03T10:00:08+0000 rig03 specd[811]: rated board power is 350 W",
    "2026-03-03T10:00:09+0000 lab-b7 gpumon[902]: gpu1 power_w=74 temp_c=41 util_pct=3",
    "2026-03-03T10:00:10+0000 lab-b7 offers[950]: quote: vendor=acme item=MI250X units=2",
    '2026-03-03T10:00:10+0000 lab-b7 offers[950]:   usd_each=9100 note="two-year support"',
    "2026-03-03T10:00:11+0000 lab-b7 offers[950]: watching price=low for the next week, says ops",
]


def test_a_prefixed_log_with_process_ids_is_a_journal():
    assert is_journal(LOG, ".log") is True
    assert is_journal(LOG, "") is True
    assert is_journal(LOG, ".md") is False
    syslog = [
        "Mar  3 10:00:01 rig03 kernel: smpboot: booting",
        "Mar  3 10:00:02 rig03 specd[811]: started",
        "Mar  3 10:00:03 rig03 specd[811]: ready",
    ]
    assert is_journal(syslog, ".log") is True
    full = [line.replace("Mar  3", "Tue 2026-03-03").replace(" rig03", " UTC rig03") for line in syslog]
    assert is_journal(full, ".log") is True


def test_a_chat_with_stamped_names_is_no_journal():
    chat = [
        "2026-03-05T09:01:45Z Dana Lee: the L4 has 24 GB",
        "2026-03-05T09:02:10Z Dana Lee: right?",
        "2026-03-05T09:03:00Z Omar K: yes",
    ]
    assert is_journal(chat, ".txt") is False  # no program writes with a process id


def test_prefixes_come_off_and_a_continuation_joins_its_message():
    messages, unprefixed = journal_messages(LOG)
    assert unprefixed == []  # the marker prints nothing
    assert [message.host for message in messages] == ["rig03", "rig03", "rig03", "lab-b7", "lab-b7", "lab-b7"]
    offer = messages[4]
    assert [index for index, _ in offer.lines] == [5, 6]
    assert LOG[6][offer.lines[1][1] :].startswith("usd_each=")


def test_each_message_is_its_own_paragraph_under_its_host():
    blocks = parse_journal(LOG)
    spec = next(block for block in blocks if "L40S" in block.text)
    assert spec.kind is BlockKind.PARAGRAPH
    assert spec.text == "The NVIDIA L40S carries 48 GB of GDDR6."  # the next line does not run on
    assert spec.headings == ("rig03",)
    assert placed(spec, "48 GB", LOG)[0] == 3


def test_a_logfmt_message_is_a_record_with_its_lead_as_label():
    blocks = parse_journal(LOG)
    reading = next(block for block in blocks if block.table_headers[:1] == ("power w",))
    assert reading.kind is BlockKind.TABLE_ROW
    assert reading.label == "gpu1"
    assert [cell.text for cell in reading.cells] == ["74", "41", "3"]
    offer = next(block for block in blocks if "vendor" in block.table_headers)
    assert offer.table_headers == ("vendor", "item", "units", "usd each", "note")  # keys as JSON keys read
    assert offer.cells[-1].text == "two-year support"  # quotes off
    assert placed(offer, "9100", LOG)[0] == 7


def test_words_between_fields_keep_a_message_prose():
    blocks = parse_journal(LOG)
    watching = next(block for block in blocks if "watching" in block.text)
    assert watching.kind is BlockKind.PARAGRAPH


def test_the_journal_gives_the_spec_and_not_the_reading(tmp_path: pathlib.Path):
    claims = _claims_of(tmp_path / "rig03.log", LOG)
    assert (3, "L40S", "memory_capacity", 48.0) in claims
    assert not any(line == 5 for line, _, _, _ in claims)  # a reading of the moment


# A device tool's query written on one journal line per device: "Key : value" fields apart by wide gaps.
QUERY = [
    "2026-03-03T10:00:01+0000 rig03 kernel: smpboot: booting",
    "2026-03-03T10:00:02+0000 rig03 gpuq[811]: GPU 0000:3b:00.0  Product Name : NVIDIA L4"
    "  Max Power Limit : 72.00 W  Memory Total : 23034 MiB",
    "2026-03-03T10:00:03+0000 rig03 gpuq[811]: GPU 0000:3b:00.0  Power Draw : 19.80 W"
    "  Enforced Power Limit : 60.00 W  Temp : 38 C",
    "2026-03-03T10:00:04+0000 rig03 gpuq[811]: note : the NVIDIA L4 carries 24 GB of GDDR6",
]


def test_a_message_of_colon_fields_is_a_record():
    blocks = parse_journal(QUERY)
    rated = next(block for block in blocks if block.line == 2)
    assert rated.kind is BlockKind.TABLE_ROW
    assert rated.table_headers == ("Product Name", "Max Power Limit", "Memory Total")
    assert rated.label == "GPU 0000:3b:00.0"
    assert placed(rated, "72.00 W", QUERY)[0] == 2
    note = next(block for block in blocks if block.line == 4)
    assert note.kind is BlockKind.PARAGRAPH  # one field is a sentence with a colon


def test_a_row_of_readings_gives_no_rating_but_the_rated_row_does(tmp_path: pathlib.Path):
    claims = _claims_of(tmp_path / "rig03-gpuq.log", QUERY)
    assert (2, "L4", "power", 72.0) in claims
    assert (4, "L4", "memory_capacity", 24.0) in claims
    assert not any(
        line == 3 for line, _, _, _ in claims
    )  # draw, enforced limit and temperature of the moment


def _claims_of(path: pathlib.Path, lines: list[str]) -> set[tuple[int, str, str, float]]:
    """Return (line, entity, attribute, value) of each claim of ``lines`` written to ``path`` and loaded."""
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    document = load_document(path, path.name)
    return {
        (claim.line, claim.entity, claim.attribute, float(claim.value))
        for claim in extract_claims(document, load_pack())
    }
