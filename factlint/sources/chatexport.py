"""Chat exports saved as JSON (Discord, Slack, Telegram, Matrix) read as conversations.

A chat export is recognised by its shape, not its name: a list of objects, under a message-list
key (``messages``) or as the file itself (Slack, whose messages have a ``ts`` stamp and a user or
``type: message``), most of which hold a text key (``content``,
``text``, ``body``) and an author or date key (``author``, ``from``, ``user``, ``timestamp``,
``ts``). Each message's text becomes one message paragraph per line of it, at the line of its
text value; a rich card's title and text are paragraphs too and its fields "name: value" rows;
the chat's topic is text. Ids, timestamps, reactions, authors, attachments and flags are
metadata and yield nothing. Text struck through with single tildes (Slack's and WhatsApp's
``~16 GB~``) is withdrawn and read as nothing (decision 0173). The key names live in
``chatkeys.yaml``. See decision 0122.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache

import yaml

from factlint.models import Block, BlockKind
from factlint.sources.blocks import make_block
from factlint.sources.chatlines import marked_spans
from factlint.sources.packaged import packaged_file


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
    for piece in map(_unstruck, texts):
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


def _unstruck(piece: ChatText) -> ChatText:
    """Return ``piece`` without its ``~struck~`` runs (Slack's and WhatsApp's strike-through, a
    withdrawn figure), each character keeping its file place; Markdown's ``~~`` is left to claims."""
    if "~" not in piece.text:
        return piece
    struck = [(begin, end) for begin, end in marked_spans(piece.text) if piece.text[begin] == "~"]
    if not struck:
        return piece
    kept = [True] * len(piece.text)
    for begin, end in struck:
        kept[begin:end] = [False] * (end - begin)
    text = "".join(char for char, keep in zip(piece.text, kept, strict=True) if keep)
    places = tuple(place for place, keep in zip(piece.places, kept, strict=True) if keep)
    return ChatText(text, places, piece.message, piece.label)


def _anchors(places: Sequence[tuple[int, int]]) -> tuple[tuple[int, int, int], ...]:
    """Return 1-based (offset, line, column) anchors wherever the text stops running on in the file
    (after an escape such as ``\\n`` or ``\\u00e9``, or between the pieces of one message)."""
    anchors: list[tuple[int, int, int]] = []
    for offset, (line, column) in enumerate(places):
        if not anchors or places[offset - 1] != (line, column - 1):
            anchors.append((offset, line + 1, column + 1))
    return tuple(anchors)


def _message_list(root: yaml.Node) -> list[yaml.MappingNode] | None:
    """Return the message objects of an export, or None when ``root`` is no export: a list under a
    message-list key (``messages``) or, for the whole file, a Slack list (``ts`` and a user or
    ``type: message``), at least half of whose items are messages."""
    candidates: list[yaml.Node] = [root]
    slack = not isinstance(root, yaml.MappingNode)
    if not slack:
        candidates = [value for key, value in root.value if _name(key) in chat_keys("message_lists")]
    for candidate in candidates:
        if not isinstance(candidate, yaml.SequenceNode) or not candidate.value:
            continue
        items = [item for item in candidate.value if isinstance(item, yaml.MappingNode)]
        chat = [item for item in items if _is_message(item) and (not slack or _is_slack(item))]
        if chat and 2 * len(chat) >= len(candidate.value):
            return items
    return None


def _is_message(item: yaml.MappingNode) -> bool:
    """Return True for an object with a text key and an author or date key."""
    names = {_name(key) for key, _ in item.value}
    return bool(names & chat_keys("text_keys")) and bool(
        names & (chat_keys("author_keys") | chat_keys("date_keys"))
    )


def _is_slack(item: yaml.MappingNode) -> bool:
    """Return True for a Slack message: a ``ts`` stamp and a user or ``type: message``."""
    names = {_name(key): value for key, value in item.value}
    kind = names.get("type")
    typed = isinstance(kind, yaml.ScalarNode) and str(kind.value).lower() in chat_keys("slack_types")
    return bool(names.keys() & chat_keys("slack_stamp_keys")) and (
        typed or bool(names.keys() & chat_keys("slack_author_keys"))
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
    """Return a scalar's text with the file place of each of its characters, read back through its
    escapes ("\\n", "\\u00e9", a surrogate pair), quotes ("''") and the line breaks of a multi-line
    or block scalar; a character that cannot be read back stays at the one before it."""
    text = str(node.value)
    tokens = _raw_tokens(node, lines)
    places: list[tuple[int, int]] = []
    index = 0
    last = (node.start_mark.line, node.start_mark.column)
    for char in text:
        found = _match(tokens, index, char)
        if found is not None:
            index, last = found + 1, tokens[found][1]
        elif not char.isspace():
            index = len(tokens)  # lost: the rest stays here (a scan per character would be quadratic)
        places.append(last)
    return ChatText(text, tuple(places), message)


def _match(tokens: Sequence[tuple[str, tuple[int, int]]], index: int, char: str) -> int | None:
    """Return the index of the token from ``index`` that reads as ``char``: the next one if it is
    white space for white space (a folded line break), else the first that is ``char``, or None."""
    if char.isspace():
        return index if index < len(tokens) and tokens[index][0].isspace() else None
    return next((at for at in range(index, len(tokens)) if tokens[at][0] == char), None)


def _raw_tokens(node: yaml.ScalarNode, lines: Sequence[str]) -> list[tuple[str, tuple[int, int]]]:
    """Return what each piece of a scalar's source reads as, with its 0-based (line, column): a
    double-quoted scalar's escapes read as their characters, any other source character as itself."""
    first, column = node.start_mark.line, node.start_mark.column
    if node.style in ("|", ">"):
        first, column = first + 1, 0  # the text of a block scalar starts on the line after "|"
    elif node.style in ("'", '"'):
        column += 1
    last, stop = node.end_mark.line, node.end_mark.column
    source = [
        (char, (line, at))
        for line in range(first, min(last + 1, len(lines)))
        for at, char in _line_chars(
            lines[line], column if line == first else 0, stop if line == last else None
        )
    ]
    return _unescape(source) if node.style == '"' else source


def _line_chars(line: str, begin: int, stop: int | None) -> list[tuple[int, str]]:
    """Return the (column, character) pairs of ``line[begin:stop]``, and its line break if it has one."""
    end = len(line) if stop is None else min(stop, len(line))
    chars = [(at, line[at]) for at in range(begin, end)]
    return [*chars, (len(line), "\n")] if stop is None else chars


def _unescape(source: list[tuple[str, tuple[int, int]]]) -> list[tuple[str, tuple[int, int]]]:
    """Return a double-quoted scalar's source with each escape read as its character at its
    backslash (a surrogate pair as one character, a lone surrogate as U+FFFD)."""
    tokens: list[tuple[str, tuple[int, int]]] = []
    index = 0
    while index < len(source):
        char, place = source[index]
        if char != "\\" or index + 1 >= len(source):
            tokens.append((char, place))
            index += 1
            continue
        decoded, width = _escape("".join(char for char, _ in source[index + 1 : index + 13]))
        if decoded:
            tokens.append((decoded, place))
        index += 1 + width
    return tokens


def _escape(after: str) -> tuple[str, int]:
    """Return what the escape whose text after its backslash starts ``after`` reads as, and how many
    characters it takes after the backslash ("" for an escaped line break)."""
    code = after[:1]
    width = {"x": 2, "u": 4, "U": 8}.get(code)
    if width is None:
        return ("" if code == "\n" else _SIMPLE_ESCAPES.get(code, code)), 1
    try:
        value = int(after[1 : 1 + width], 16)
    except ValueError:
        return code, 1
    if 0xD800 <= value < 0xDC00 and after[5:7] == "\\u":
        low = int(after[7:11], 16) if all(c in "0123456789abcdefABCDEF" for c in after[7:11]) else 0
        if 0xDC00 <= low < 0xE000 and len(after) >= 11:
            return chr(0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)), 11
    return ("\ufffd" if 0xD800 <= value < 0xE000 else chr(value)), 1 + width


_SIMPLE_ESCAPES = {
    "0": "\0",
    "a": "\a",
    "b": "\b",
    "t": "\t",
    "\t": "\t",
    "n": "\n",
    "v": "\v",
    "f": "\f",
    "r": "\r",
    "e": "\x1b",
    " ": " ",
    "N": "\x85",
    "_": "\xa0",
    "L": "\u2028",
    "P": "\u2029",
}


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
    return frozenset(key.lower() for key in packaged_file("factlint.sources", "chatkeys.yaml").words(group))
