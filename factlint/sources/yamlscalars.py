"""The file place of every character of a YAML scalar's value.

A scalar's value is not its source text: a folded (``>``) or literal (``|``) block drops its
indentation, a plain or quoted scalar over several lines folds each line break into a space, a
double-quoted one reads escapes (``"80\\u00a0GB"``) and a single-quoted one a doubled quote
(``'It''s'``). The value is walked against its source once, each character taking the place of
the source character it was read from, so a claim inside it is placed where it is written.
"""

from __future__ import annotations

from collections.abc import Sequence

import yaml

from factlint.sources.htmltext import AnchoredText
from factlint.sources.linestarts import LineStarts

_ESCAPE_WIDTHS = {"x": 4, "u": 6, "U": 10}  # "\x41", "\u00a0", "\U0001F600"; any other escape is 2
_BLANK = " \t\r\n"


def key_text(node: yaml.Node) -> str:
    """Return a mapping key's text ("" for a key that is not a scalar)."""
    return str(node.value) if isinstance(node, yaml.ScalarNode) else ""


def scalar_text(node: yaml.ScalarNode, lines: Sequence[str], first: int = 0) -> AnchoredText:
    """Return the value of ``node`` anchored character by character in the file's ``lines``;
    ``first`` is the 0-based line the YAML text the node was composed from starts at."""
    value = str(node.value)
    top = first + node.start_mark.line
    bottom = min(first + node.end_mark.line, len(lines) - 1)
    if not value or top > bottom:
        return AnchoredText(value, ((0, top + 1, node.start_mark.column + 1),))
    source = "\n".join(lines[top : bottom + 1])
    placed = LineStarts.of(source, top + 1)
    places = _places(value, source, _content_start(node, source), node.style or "")
    anchors: list[tuple[int, int, int]] = []
    previous = -2
    for offset, place in enumerate(places):
        if place != previous + 1 or source[previous] == "\n":
            anchors.append((offset, *placed.position(place)))
        previous = place
    return AnchoredText(value, tuple(anchors))


def _content_start(node: yaml.ScalarNode, source: str) -> int:
    """Return where the value's first character may stand: past an opening quote or a block header."""
    start = node.start_mark.column
    if node.style in ("'", '"'):
        return start + 1
    if node.style in ("|", ">"):
        end = source.find("\n", start)
        return len(source) if end < 0 else end + 1
    return start


def _places(value: str, source: str, start: int, style: str) -> list[int]:
    """Return the index in ``source`` each character of ``value`` was read from."""
    places: list[int] = []
    position = start
    last = len(source) - 1
    for character in value:
        place, position = _step(character, source, position, style)
        places.append(min(place, last))
    return places


def _step(character: str, source: str, position: int, style: str) -> tuple[int, int]:
    """Return where ``character`` of the value stands in ``source`` from ``position`` on, and
    where the next character may stand; blanks the value dropped (indentation) are passed over."""
    while position < len(source):
        here = source[position]
        if style == '"' and here == "\\":
            following = source[position + 1 : position + 2]
            if following == "\n":  # an escaped line break: nothing in the value
                position += 2
                continue
            return position, position + _ESCAPE_WIDTHS.get(following, 2)
        if style == "'" and character == "'" and source.startswith("''", position):
            return position, position + 2
        if here == character or (here in _BLANK and character in " \n"):
            return position, position + 1
        if here not in _BLANK:
            return position, position  # read otherwise than written: keep the place, not the pace
        position += 1
    return position, position
