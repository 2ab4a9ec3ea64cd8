"""Network-device configurations (Cisco IOS/NX-OS, Arista EOS ``show running-config``, Juniper
``set`` commands) read as documents: only their comments, banners and descriptions are prose.

A switch's configuration states no product figure in its commands (``mtu 9216``, ``vlan 210``,
``speed 100000``, addresses, ``channel-group 5``): those are settings and are not read. What it
says about the kit it serves is written by people, in three places: comment lines (``! ...`` in
IOS and EOS, ``# ...`` in Juniper set files), the text of a login banner, and the ``description``
of an interface (or the ``remark`` of an access list). A comment line and a banner line are
each one paragraph; a comment line that opens in lower case continues the one above it. A
comment framed by rule characters (``! ==== asset notes ====``) is the heading of the comments
below it. A description names the device on the port and lists its specs, often separated by
pipes (``dgx-a-03 | 8x H100 | 640 GB HBM3``): when the first item opens with a host name, that
host name without its fleet ordinal (``dgx-a`` of ``dgx-a-03``: one unit of a numbered fleet)
is the heading of the paragraph (none for a host numbered without a product in its name, "tt-h02"),
and the other items are its clauses, joined by semicolons.
See decision 0250.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from factlint.models import Block, BlockKind
from factlint.sources.blocks import anchored_block
from factlint.sources.htmltext import AnchoredText, join

NETWORK_CONFIG_SUFFIXES = frozenset({".txt", "", ".cfg", ".conf", ".ios", ".eos"})

# IOS/EOS/NX-OS: a top-level interface stanza, and the markers a saved running config carries
_INTERFACE = re.compile(r"interface[ \t]+[A-Za-z][\w./:-]*[ \t]*$")
_IOS_MARKS = re.compile(r"!|end|hostname[ \t]+\S+|version[ \t]+\d[\w.()]*|Building configuration\.\.\.")
# Juniper: "set interfaces ge-0/0/1 description ..." and any other "set"/"delete" command
_JUNIPER_COMMAND = re.compile(r"(?:set|delete|deactivate)[ \t]+[a-z]")
_JUNIPER_DESCRIPTION = re.compile(r"set[ \t]+\S.*?[ \t]description[ \t]+(?P<value>\"[^\"]*\"|\S.*)$")
_DETECT_MIN_INTERFACES = 2

_COMMENT = {"ios": re.compile(r"![ \t]*"), "junos": re.compile(r"#[ \t]*")}
_DESCRIPTION = re.compile(r"[ \t]+(?:description|remark)[ \t]+(?P<value>\S.*?)[ \t]*$")
# "banner motd ^C" (IOS: the text up to the next ^C) or "banner login" (EOS: the text up to "EOF")
_BANNER = re.compile(r"banner[ \t]+[a-z-]+(?:[ \t]+(?P<mark>\^C|\S)(?P<rest>.*))?$")
_EOS_BANNER_END = "EOF"
_RULE_EDGE = re.compile(r"^[\s\-=#*~_+/!]{3,}|[\s\-=#*~_+/!]{3,}$")
_RULE = re.compile(r"[\s\-=#*~_+/.!]*")
_ITEM_SEPARATOR = re.compile(r"[ \t]+\|[ \t]+")
# a host name: a lower-case code with a hyphen or a digit ("ipu-m2000-01", "tt-h02", "sn30-8-a")
_HOST = re.compile(r"[a-z][a-z0-9]*(?:[-_.][a-z0-9]+)+|[a-z]+\d[a-z0-9]*")
_ORDINAL = re.compile(r"-0\d+$")  # a fleet ordinal: "-01" of "ipu-m2000-01"
# a host numbered without a product in its name: "tt-h02", "gpu-node007" (a zero-padded number
# glued to a letter ends it once a hyphenated ordinal is gone)
_NUMBERED_HOST = re.compile(r"[a-z]0\d+$")
_CLAUSE_SEPARATOR = "; "


def network_config_dialect(lines: Sequence[str], suffix: str) -> str | None:
    """Return "ios" for an IOS/EOS/NX-OS configuration, "junos" for a Juniper ``set`` file, else None.

    An IOS-style file needs at least two top-level ``interface`` stanzas and a ``!`` separator,
    ``hostname``, ``version`` or ``end`` line; a Juniper file needs every line that is not blank
    or a ``#`` comment to be a ``set``/``delete`` command, and at least two interface descriptions.
    """
    if suffix.lower() not in NETWORK_CONFIG_SUFFIXES or not lines:
        return None
    interfaces, marked, commands, descriptions, other = 0, False, 0, 0, 0
    for line in lines:
        if line.startswith("interface") and _INTERFACE.match(line):
            interfaces += 1
        elif not marked and _IOS_MARKS.fullmatch(line.rstrip()) is not None:
            marked = True
        elif line.startswith(("set", "delete", "deactivate")) and _JUNIPER_COMMAND.match(line):
            commands += 1
            descriptions += " description " in line and line.startswith("set") and " interfaces " in line
        elif line.strip() and not line.lstrip().startswith("#"):
            other += 1
    if interfaces >= _DETECT_MIN_INTERFACES and marked:
        return "ios"
    if commands and not other and descriptions >= _DETECT_MIN_INTERFACES:
        return "junos"
    return None


def parse_network_config(lines: Sequence[str], body_line: int, dialect: str) -> list[Block]:
    """Return the prose of a network-device configuration: its comments and banner lines as
    paragraphs under their rule-framed headings, and each description as a paragraph under the
    host it names."""
    blocks: list[Block] = []
    headings: tuple[str, ...] = ()
    comment = _COMMENT[dialect]
    banner_end: str | None = None
    last_comment: AnchoredText | None = None

    def close_comment() -> None:
        nonlocal last_comment
        if last_comment is not None:
            blocks.append(anchored_block(BlockKind.PARAGRAPH, last_comment, headings))
            last_comment = None

    for index, raw in enumerate(lines[body_line - 1 :]):
        number = body_line + index
        line = raw.rstrip()
        if banner_end is not None:  # a login banner's text, up to its closing delimiter
            text = line.split(banner_end, 1)[0] if banner_end in line else line
            if banner_end in line:
                banner_end = None
            _add_line(blocks, text, 0, number, headings)
            continue
        opened = comment.match(line)
        if opened is not None and line[: opened.end()].strip():
            body = line[opened.end() :]
            if not body or _RULE.fullmatch(body):
                close_comment()
                continue
            title = _RULE_EDGE.sub("", body).strip()
            if title != body.strip() and title:
                close_comment()
                headings = (title,)
                continue
            piece = AnchoredText(body, ((0, number, opened.end() + 1),))
            if last_comment is not None and body[:1].islower():  # a sentence wrapped to the next line
                text, anchors, _ = join([last_comment, piece], "\n")
                last_comment = AnchoredText(text, tuple(anchors))
            else:
                close_comment()
                last_comment = piece
            continue
        close_comment()
        if line[:1].isalpha():  # a top-level command ends what a comment banner headed
            headings = ()
        if dialect == "ios":
            banner = _BANNER.match(line)
            if banner is not None:
                if banner.group("mark") is None:
                    banner_end = _EOS_BANNER_END
                    continue
                rest = banner.group("rest")
                if banner.group("mark") in rest:  # a one-line banner
                    rest = rest.split(banner.group("mark"), 1)[0]
                else:
                    banner_end = banner.group("mark")
                _add_line(blocks, rest, banner.start("rest"), number, headings)
                continue
            described = _DESCRIPTION.match(line)
        else:
            described = _JUNIPER_DESCRIPTION.match(line)
        if described is not None:
            start = described.start("value")
            value = described.group("value")
            if value[:1] == '"' and value[-1:] == '"' and len(value) > 1:
                start, value = start + 1, value[1:-1]
            blocks.extend(_description(value, start, number, headings))
    close_comment()
    return blocks


def _add_line(blocks: list[Block], text: str, start: int, number: int, headings: tuple[str, ...]) -> None:
    """Add one line of prose (``text`` at 0-based column ``start``) as a paragraph, if it has words."""
    stripped = _RULE_EDGE.sub("", text).strip()
    if stripped and not _RULE.fullmatch(stripped):
        column = start + text.index(stripped) + 1
        blocks.append(
            anchored_block(BlockKind.PARAGRAPH, AnchoredText(stripped, ((0, number, column),)), headings)
        )


def _description(value: str, start: int, number: int, headings: tuple[str, ...]) -> list[Block]:
    """Return the paragraph of one description or remark (``value`` at 0-based column ``start``):
    its pipe-separated items as clauses, under the host its first item names."""
    items: list[AnchoredText] = []
    position = 0
    for separator in [*_ITEM_SEPARATOR.finditer(value), None]:
        end = separator.start() if separator is not None else len(value)
        text = value[position:end]
        stripped = _RULE_EDGE.sub("", text).strip()
        if stripped and not _RULE.fullmatch(stripped):
            items.append(AnchoredText(stripped, ((0, number, start + position + text.index(stripped) + 1),)))
        if separator is not None:
            position = separator.end()
    if not items:
        return []
    host = _HOST.match(items[0].text) if len(items) > 1 else None
    if host is not None:
        name = _ORDINAL.sub("", host.group(0))
        if not _NUMBERED_HOST.search(name):  # a numbered host spells no product: no heading
            headings = (*headings, name)
        items = items[1:]
    text, anchors, _ = join(items, _CLAUSE_SEPARATOR)
    return [anchored_block(BlockKind.PARAGRAPH, AnchoredText(text, tuple(anchors)), headings)]
