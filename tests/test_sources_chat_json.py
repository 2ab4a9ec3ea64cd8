"""Chat exports saved as JSON read as conversations (sources/chatexport.py). Our own exports."""

from __future__ import annotations

import json
import pathlib

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
