"""Chat exports saved as JSON read as conversations (sources/chatexport.py). Our own exports."""

from __future__ import annotations

import json
import pathlib

import pytest
from click.testing import CliRunner

from factlint import cli
from factlint.models import BlockKind, Document
from factlint.sources import load_document

DISCORD = {
    "guild": {"id": "810000000000000001", "name": "rack talk"},
    "channel": {
        "id": "820000000000000002",
        "type": "GuildTextChat",
        "name": "gpus",
        "topic": "Cards, boxes, 1U to 4U.",
    },
    "dateRange": {"after": None, "before": None},
    "messages": [
        {
            "id": "830000000000000003",
            "type": "Default",
            "timestamp": "2026-05-04T10:00:00+00:00",
            "timestampEdited": "2026-05-04T10:05:00+00:00",
            "isPinned": True,
            "content": "the L40S has 48 GB\nand draws 350 W",
            "author": {
                "id": "840000000000000004",
                "name": "ops",
                "discriminator": "0420",
                "nickname": None,
                "isBot": False,
            },
            "attachments": [
                {"id": "1", "fileName": "rack.jpg", "fileSizeBytes": 204800, "width": 1920, "height": 1080}
            ],
            "embeds": [{"title": "L4", "fields": [{"name": "Memory", "value": "24 GB", "inline": True}]}],
            "reactions": [{"emoji": {"name": "eyes"}, "count": 5}],
            "mentions": [],
        }
    ],
    "messageCount": 1,
}
SLACK = [
    {"type": "message", "user": "U01", "text": "the MI300X box is in", "ts": "1767000000.000100"},
    {
        "type": "message",
        "user": "U02",
        "text": "192 GB per card?",
        "ts": "1767000060.000200",
        "thread_ts": "1767000000.000100",
    },
]
TELEGRAM = {
    "name": "chat",
    "type": "personal_chat",
    "id": 99,
    "messages": [
        {
            "id": 1,
            "type": "message",
            "date": "2026-01-01T09:00:00",
            "from": "Ana",
            "text": ["see ", {"type": "link", "text": "the sheet"}, ": 80 GB"],
        },
    ],
}
MATRIX = {
    "room_name": "hw",
    "topic": "MI325X owners",
    "messages": [
        {
            "type": "m.room.message",
            "sender": "@b:example.org",
            "origin_server_ts": 1767000000000,
            "content": {"msgtype": "m.text", "body": "256 GB here"},
        }
    ],
}


def _read(tmp_path: pathlib.Path, data: object, name: str = "export.json") -> Document:
    path = tmp_path / name
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    document = load_document(path, name)
    assert document.error is None
    return document


def _line_of(tmp_path: pathlib.Path, needle: str, name: str = "export.json") -> int:
    lines = (tmp_path / name).read_text(encoding="utf-8").splitlines()
    return next(index + 1 for index, line in enumerate(lines) if needle in line)


def test_discord_messages_are_paragraphs_one_per_line_of_their_text(tmp_path: pathlib.Path) -> None:
    document = _read(tmp_path, DISCORD)
    texts = [(block.kind, block.text, block.message) for block in document.blocks]
    assert (BlockKind.PARAGRAPH, "the L40S has 48 GB", True) in texts
    assert (BlockKind.PARAGRAPH, "and draws 350 W", True) in texts
    content = _line_of(tmp_path, '"content"')
    assert {block.line for block in document.blocks if block.message} == {content}


def test_discord_topic_and_embed_fields_are_text(tmp_path: pathlib.Path) -> None:
    document = _read(tmp_path, DISCORD)
    topic = next(block for block in document.blocks if block.text == "Cards, boxes, 1U to 4U.")
    assert not topic.message and topic.line == _line_of(tmp_path, '"topic"')
    field = next(block for block in document.blocks if block.text == "Memory: 24 GB")
    assert field.label == "L4" and not field.message


def test_discord_metadata_yields_no_block(tmp_path: pathlib.Path) -> None:
    document = _read(tmp_path, DISCORD)
    assert all(block.kind is BlockKind.PARAGRAPH for block in document.blocks)
    text = " ".join(block.text for block in document.blocks)
    for metadata in ("830000000000000003", "2026-05-04", "0420", "204800", "1920", "ops", "rack.jpg"):
        assert metadata not in text


def test_slack_export_is_a_list_of_messages(tmp_path: pathlib.Path) -> None:
    document = _read(tmp_path, SLACK)
    assert [(block.text, block.message) for block in document.blocks] == [
        ("the MI300X box is in", True),
        ("192 GB per card?", True),
    ]
    assert document.blocks[1].line == _line_of(tmp_path, "192 GB per card?")


def test_telegram_text_pieces_run_on_as_one_text(tmp_path: pathlib.Path) -> None:
    document = _read(tmp_path, TELEGRAM)
    assert [block.text for block in document.blocks] == ["see the sheet: 80 GB"]
    assert document.blocks[0].line == _line_of(tmp_path, '"see "')


def test_matrix_body_and_room_topic(tmp_path: pathlib.Path) -> None:
    document = _read(tmp_path, MATRIX)
    assert [(block.text, block.message) for block in document.blocks] == [
        ("MI325X owners", False),
        ("256 GB here", True),
    ]


def test_a_yaml_chat_export_is_read_the_same_way(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "export.yaml"
    path.write_text(
        "messages:\n  - author: ana\n    date: 2026-01-01\n    text: the L4 has 24 GB\n", encoding="utf-8"
    )
    document = load_document(path, "export.yaml")
    assert [(block.text, block.line, block.message) for block in document.blocks] == [
        ("the L4 has 24 GB", 4, True)
    ]


def test_records_without_authors_or_dates_stay_records(tmp_path: pathlib.Path) -> None:
    data = {"messages": [{"model": "L4", "text": "low profile", "memory_gb": 24}]}
    document = _read(tmp_path, data)
    assert [block.kind for block in document.blocks] == [BlockKind.TABLE_ROW]


def test_a_list_mostly_of_other_records_is_no_chat(tmp_path: pathlib.Path) -> None:
    data = [
        {"model": "L4", "memory_gb": 24},
        {"model": "L40S", "memory_gb": 48},
        {"model": "A10", "memory_gb": 24},
        {"user": "ana", "text": "a note", "ts": "1"},
    ]
    document = _read(tmp_path, data)
    assert [block.kind for block in document.blocks].count(BlockKind.TABLE_ROW) >= 3
    assert not any(block.message for block in document.blocks)


def test_each_line_of_a_json_string_is_placed_past_its_escapes(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "export.json"
    path.write_text(
        '[{"user": "U1", "ts": "1", "text": "caf\\u00e9 \\"lab\\"\\nthe L4 has 24 GB"}]\n', encoding="utf-8"
    )
    document = load_document(path, "export.json")
    raw = path.read_text(encoding="utf-8").splitlines()[0]
    second = document.blocks[1]
    assert second.text == "the L4 has 24 GB"
    assert (second.line, second.column) == (1, raw.index("the L4") + 1)
    first = document.blocks[0]
    assert first.text == 'café "lab"'
    assert first.position(first.text.index("lab")) == (1, raw.index('lab\\"') + 1)


def _has_surrogate(text: str) -> bool:
    return any(0xD800 <= ord(char) < 0xE000 for char in text)


def test_escaped_surrogates_are_joined_or_replaced_in_a_chat_export(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "c.json"
    path.write_text(
        '{"messages": [{"author": "a", "timestamp": "t", "content": "\\ud83d\\ude00 The A100 has 80 GB"},'
        ' {"author": "b", "timestamp": "t", "content": "\\ud83d lone"}]}\n',
        encoding="utf-8",
    )
    document = load_document(path, "c.json")
    assert [block.text for block in document.blocks] == ["\U0001f600 The A100 has 80 GB", "\ufffd lone"]


def test_escaped_surrogates_are_joined_or_replaced_in_a_data_file(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "d.json"
    path.write_text(
        '[{"model": "A100 \\ud83d\\ude00", "note": "\\udc00", "memory_gb": 80}]\n', encoding="utf-8"
    )
    document = load_document(path, "d.json")
    assert document.blocks and not any(_has_surrogate(block.text) for block in document.blocks)
    assert "A100 \U0001f600" in document.blocks[0].text


def test_check_writes_a_json_report_of_a_chat_export_with_surrogates(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "c.json").write_text(
        '{"messages": [{"author": "a", "timestamp": "t", "content": "\\ud83d\\ude00 The A100 has 80 GB"},'
        ' {"author": "b", "timestamp": "t", "content": "\\ud83d the A100 has 40 GB"}]}\n',
        encoding="utf-8",
    )
    (tmp_path / "b.md").write_text("The H100 has 80 GB of memory.\n", encoding="utf-8")
    target = tmp_path / "report.json"
    result = CliRunner().invoke(cli.cli, ["check", "c.json", "b.md", "--format", "json", "-o", str(target)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    payload = json.loads(target.read_text(encoding="utf-8"))
    assert {claim["source"] for claim in payload["claims"]} == {"c.json", "b.md"}


def test_figures_after_a_surrogate_pair_are_placed_past_its_escapes(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "c.json"
    path.write_text(
        '[{"user": "U1", "ts": "1", "content": "\\u00e9\\ud83d\\ude00 café The A100 has 80 GB."}]\n',
        encoding="utf-8",
    )
    raw = path.read_text(encoding="utf-8").splitlines()[0]
    block = load_document(path, "c.json").blocks[0]
    assert block.position(block.text.index("80 GB")) == (1, raw.index("80 GB") + 1)
    assert block.position(block.text.index("café")) == (1, raw.index("café") + 1)


YAML_CHAT = """messages:
  - author: ana
    date: 2026-01-01
    text: |
      hello there
      The A100 has 80 GB
  - author: bo
    date: x
    text: 'it''s the H100 with
      more, 94 GB'
  - author: cy
    date: y
    text: plain first
      and the L4 has 24 GB
  - author: di
    date: z
    text: >
      folded L40S
      has 48 GB
  - author: ed
    date: z
    text: "dq \\u00e9 first
      then \\"x\\" 96 GB"
"""


@pytest.mark.parametrize("figure", ["The A100", "94 GB'", "the H100", "24 GB", "48 GB", "96 GB"])
def test_yaml_block_and_multi_line_scalars_are_placed_on_their_lines(
    tmp_path: pathlib.Path, figure: str
) -> None:
    path = tmp_path / "export.yaml"
    path.write_text(YAML_CHAT, encoding="utf-8")
    lines = YAML_CHAT.splitlines()
    line = next(index for index, text in enumerate(lines) if figure in text)
    needle = figure.rstrip("'")
    block = next(block for block in load_document(path, "export.yaml").blocks if needle in block.text)
    assert block.position(block.text.index(needle)) == (line + 1, lines[line].index(needle) + 1)


def test_a_list_of_dated_records_with_text_stays_records(tmp_path: pathlib.Path) -> None:
    data = [
        {
            "title": "A100 launch",
            "date": "2020-05-14",
            "text": "NVIDIA announces the A100.",
            "memory_gb": 80,
            "tdp_w": 400,
        }
    ]
    document = _read(tmp_path, data)
    rows = [block.text for block in document.blocks if block.kind is BlockKind.TABLE_ROW]
    assert rows == ["A100 launch | 2020-05-14 | 80 | 400"]
    assert not any(block.message for block in document.blocks)


def test_a_slack_list_needs_a_stamp_and_a_user_or_message_type(tmp_path: pathlib.Path) -> None:
    typed = [{"type": "message", "bot_id": "B1", "text": "the L4 has 24 GB", "ts": "1"}]
    assert [block.message for block in _read(tmp_path, typed).blocks] == [True]
    authored = [{"author": "ana", "date": "2026-01-01", "text": "the L4 has 24 GB", "memory_gb": 24}]
    assert not any(block.message for block in _read(tmp_path, authored, "other.json").blocks)


def test_slack_struck_text_is_withdrawn_and_the_rest_keeps_its_place(tmp_path: pathlib.Path) -> None:
    slack = [
        {"type": "message", "user": "U1", "text": "the L40S draws ~300 W~ 350 W, per card", "ts": "1.0"},
        {"type": "message", "user": "U2", "text": "~ 5 nm ~ and ~2.5x~ faster", "ts": "2.0"},
        {"type": "message", "user": "U3", "text": "roughly ~48 GB, maybe ~96 GB on the big one", "ts": "3.0"},
    ]
    document = _read(tmp_path, slack)
    assert [block.text for block in document.blocks] == [
        "the L40S draws  350 W, per card",
        "~ 5 nm ~ and  faster",
        "roughly ~48 GB, maybe ~96 GB on the big one",
    ]
    line = _line_of(tmp_path, "350 W, per card")
    column = (tmp_path / "export.json").read_text(encoding="utf-8").splitlines()[line - 1].index("350 W")
    assert document.blocks[0].position(document.blocks[0].text.index("350 W")) == (line, column + 1)
