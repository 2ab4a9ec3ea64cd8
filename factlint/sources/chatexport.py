"""Chat exports saved as JSON (Discord, Slack, Telegram, Matrix) read as conversations.

A chat export is recognised by its shape, not its name: a list of objects, under a message-list
key (``messages``) or as the file itself (Slack), most of which hold a text key (``content``,
``text``, ``body``) and an author or date key (``author``, ``from``, ``user``, ``timestamp``,
``ts``). Each message's text becomes one message paragraph per line of it, at the line of its
text value; a rich card's title and text are paragraphs too and its fields "name: value" rows;
the chat's topic is text. Ids, timestamps, reactions, authors, attachments and flags are
metadata and yield nothing. The key names live in ``chatkeys.yaml``. See decision 0122.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

import yaml

from factlint.models import Block, BlockKind
from factlint.sources.blocks import make_block


@dataclass(frozen=True)
class ChatText:
    """One stretch of a chat's text: what it says, where it starts (0-based) and its kind."""

    text: str
    places: tuple[tuple[int, int], ...]  # the 0-based (line, column) each character is read from
    message: bool  # a message's own words (answers the one before), not a topic or a card field
    label: str | None = None  # the title of the card a field belongs to


def chat_blocks(root: yaml.Node, lines: Sequence[str]) -> list[Block] | None:
    """Return the paragraphs of a chat export's topic and messages, in file order, or None when
    ``root`` is not a chat export (it is then read as records). ``lines`` are the file's lines."""
    messages = _message_list(root)
    if messages is None:
        return None
    texts = list(_topics(root, lines))
    for message in messages:
        texts.extend(_message_texts(message, lines))
    blocks: list[Block] = []
    for piece in texts:
        start = 0
        for line in piece.text.split("\n"):
            begin = start + len(line) - len(line.lstrip())
            end = start + len(line.rstrip())
            start += len(line) + 1
            if begin < end:
                anchors = _anchors(piece.places[begin:end])
                _, first_line, first_column = anchors[0]
                blocks.append(
                    make_block(
                        BlockKind.PARAGRAPH,
                        piece.text[begin:end],
                        first_line,
                        first_column,
                        label=piece.label,
                        message=piece.message,
                        anchors=anchors,
                    )
                )
    return sorted(blocks, key=lambda block: (block.line, block.column))


def _anchors(places: Sequence[tuple[int, int]]) -> tuple[tuple[int, int, int], ...]:
    """Return 1-based (offset, line, column) anchors wherever the text stops running on in the file
    (after an escape such as ``\\n`` or ``\\u00e9``, or between the pieces of one message)."""
    anchors: list[tuple[int, int, int]] = []
    for offset, (line, column) in enumerate(places):
        if not anchors or places[offset - 1] != (line, column - 1):
            anchors.append((offset, line + 1, column + 1))
    return tuple(anchors)


def _message_list(root: yaml.Node) -> list[yaml.MappingNode] | None:
    """Return the message objects of an export, or None when no list of ``root`` holds messages."""
    candidates: list[yaml.Node] = [root]
    if isinstance(root, yaml.MappingNode):
        candidates = [value for key, value in root.value if _name(key) in chat_keys("message_lists")]
    for candidate in candidates:
        if not isinstance(candidate, yaml.SequenceNode) or not candidate.value:
            continue
        items = [item for item in candidate.value if isinstance(item, yaml.MappingNode)]
        chat = [item for item in items if _is_message(item)]
        if chat and 2 * len(chat) >= len(candidate.value):
            return items
    return None


def _is_message(item: yaml.MappingNode) -> bool:
    """Return True for an object with a text key and an author or date key."""
    names = {_name(key) for key, _ in item.value}
    return bool(names & chat_keys("text_keys")) and bool(
        names & (chat_keys("author_keys") | chat_keys("date_keys"))
    )


def _topics(root: yaml.Node, lines: Sequence[str]) -> Iterator[ChatText]:
    """Yield the chat's topic, on the root or on its channel or room object."""
    if not isinstance(root, yaml.MappingNode):
        return
    holders = [root, *(value for key, value in root.value if _name(key) in chat_keys("chat_keys"))]
    for holder in holders:
        if isinstance(holder, yaml.MappingNode):
            for key, value in holder.value:
                if _name(key) in chat_keys("topic_keys"):
                    yield from _strings(value, lines, message=False)


def _message_texts(message: yaml.MappingNode, lines: Sequence[str]) -> Iterator[ChatText]:
    """Yield a message's own text, then the titles, texts and fields of its cards."""
    for key, value in message.value:
        if _name(key) in chat_keys("text_keys"):
            yield from _strings(value, lines, message=True)
            break
    for key, value in message.value:
        if _name(key) in chat_keys("card_lists") and isinstance(value, yaml.SequenceNode):
            for card in value.value:
                if isinstance(card, yaml.MappingNode):
                    yield from _card_texts(card, lines)


def _card_texts(card: yaml.MappingNode, lines: Sequence[str]) -> Iterator[ChatText]:
    """Yield a card's title and text as paragraphs and each of its fields as a "name: value" row
    labelled with the card's title (the thing the card is about)."""
    title = next(
        (
            str(value.value).strip()
            for key, value in card.value
            if _name(key) in chat_keys("card_title_keys") and isinstance(value, yaml.ScalarNode)
        ),
        None,
    )
    for key, value in card.value:
        name = _name(key)
        if name in chat_keys("card_text_keys"):
            yield from _strings(value, lines, message=False)
        elif name in chat_keys("card_field_lists") and isinstance(value, yaml.SequenceNode):
            for field in value.value:
                row = _field_row(field, title or None, lines)
                if row is not None:
                    yield row


def _field_row(field: yaml.Node, title: str | None, lines: Sequence[str]) -> ChatText | None:
    """Return a card field ``{name, value}`` as the text "name: value" at its name, labelled with the
    card's ``title``, if it has both."""
    if not isinstance(field, yaml.MappingNode):
        return None
    scalars = {_name(key): value for key, value in field.value if isinstance(value, yaml.ScalarNode)}
    name = next((scalars[key] for key in chat_keys("field_name_keys") if key in scalars), None)
    value = next((scalars[key] for key in chat_keys("field_value_keys") if key in scalars), None)
    if name is None or value is None or not str(value.value).strip():
        return None
    label, said = _scalar_text(name, lines), _scalar_text(value, lines)
    label_text, said_text = label.text.strip(), said.text.strip()
    if not label_text or not said_text:
        return None
    label_places = label.places[len(label.text) - len(label.text.lstrip()) :][: len(label_text)]
    said_places = said.places[len(said.text) - len(said.text.lstrip()) :][: len(said_text)]
    joint = (label_places[-1],) * 2  # the ": " between them is no text of the file
    return ChatText(f"{label_text}: {said_text}", (*label_places, *joint, *said_places), False, title)


def _strings(node: yaml.Node, lines: Sequence[str], message: bool) -> Iterator[ChatText]:
    """Yield the text of a string, of a list of strings and ``{type, text}`` pieces (Telegram), or
    of an object holding its text under a text key (Matrix ``content.body``), at its place."""
    if isinstance(node, yaml.ScalarNode):
        if isinstance(node.value, str) and node.tag.endswith(":str") and node.value.strip():
            yield _scalar_text(node, lines, message)
    elif isinstance(node, yaml.SequenceNode):
        pieces = [piece for item in node.value for piece in _strings(_piece_text(item), lines, message)]
        if pieces:  # the pieces of one message run on as one text
            places = tuple(place for piece in pieces for place in piece.places)
            yield ChatText("".join(piece.text for piece in pieces), places, message)
    elif isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if _name(key) in chat_keys("text_keys"):
                yield from _strings(value, lines, message)
                return


def _scalar_text(node: yaml.ScalarNode, lines: Sequence[str], message: bool = False) -> ChatText:
    """Return a scalar's text with the file place of each of its characters: a JSON string's
    escapes ("\\n", "\\u00e9") are read back in the file; other scalars run on from their start."""
    text = str(node.value)
    line, column = node.start_mark.line, node.start_mark.column
    if node.style == '"' and node.end_mark.line == line and line < len(lines):
        places = _escaped_places(lines[line], column + 1, len(text))
        if places is not None:
            return ChatText(text, tuple((line, place) for place in places), message)
    quoted = 1 if node.style in ("'", '"') else 0
    return ChatText(text, tuple((line, column + quoted + index) for index in range(len(text))), message)


def _escaped_places(raw: str, start: int, length: int) -> list[int] | None:
    """Return the column of each character of the double-quoted string opening at ``raw[start]``,
    or None when its escapes do not read back to ``length`` characters."""
    places: list[int] = []
    index = start
    while index < len(raw) and raw[index] != '"':
        places.append(index)
        if raw[index] != "\\":
            index += 1
        elif raw.startswith("u", index + 1):
            index += 6
            high = raw[index - 4 : index]
            if high[:2].upper() in ("D8", "D9", "DA", "DB") and raw.startswith("\\u", index):
                index += 6  # a surrogate pair is one character
        else:
            index += 2
    return places if len(places) == length else None


def _piece_text(item: yaml.Node) -> yaml.Node:
    """Return the node holding a text piece's words: the piece itself, or its ``text`` value."""
    if isinstance(item, yaml.MappingNode):
        for key, value in item.value:
            if _name(key) in chat_keys("text_keys") and isinstance(value, yaml.ScalarNode):
                return value
    return item


def _name(key: yaml.Node) -> str:
    """Return a mapping key as lower-case text ("" for a key that is not a scalar)."""
    return str(key.value).lower() if isinstance(key, yaml.ScalarNode) else ""


@cache
def chat_keys(group: str) -> frozenset[str]:
    """Return the chat-export keys of ``group`` ("text_keys", "date_keys", ...) in ``chatkeys.yaml``."""
    text = resources.files("factlint.sources").joinpath("chatkeys.yaml").read_text(encoding="utf-8")
    return frozenset(str(key).lower() for key in yaml.safe_load(text)[group])
