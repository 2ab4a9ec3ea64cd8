"""A sibling's name written as only the tail that differs from a name just before it: "ct5lp-hightpu-1t
is $1.20/hr, -4t $4.80/hr" names the ct5lp-hightpu-4t, "g6e.xlarge or .2xlarge" the g6e.2xlarge."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Protocol

# "-4t", ".2xlarge": a separator, then a tail of letters and digits with a letter, standing alone
# (no word, separator, sign or slash glued before it, so "3-4t", "x-8t" and "−8 dB" are no tails)
_TAIL = re.compile(r"(?<![\w.\-/$€£+−])([\-.])(?=[0-9]*[A-Za-z])([A-Za-z0-9]{1,12})(?![\w\-]|\.\w)")
# the full name may stand this far before its sibling's tail: one sentence of a list
_REACH = 120


class Spanned(Protocol):
    """A mention of an entity: where it is written and what it names."""

    @property
    def start(self) -> int: ...

    @property
    def end(self) -> int: ...

    @property
    def entity(self) -> str: ...


def sibling_tails(
    text: str, mentions: Sequence[Spanned], lookup: Callable[[str], str | None]
) -> list[tuple[int, int, str]]:
    """Return (start, end, entity) of each tail in ``text`` that, put in place of the last part of
    the name mentioned last before it (within one list's reach), spells another name ``lookup``
    knows; ``lookup`` maps a written name to its entity or None."""
    if not any("-" in text[m.start : m.end] or "." in text[m.start : m.end] for m in mentions):
        return []  # no name with parts: most texts stop here
    found: list[tuple[int, int, str]] = []
    for match in _TAIL.finditer(text):
        last = next((m for m in reversed(mentions) if m.end <= match.start()), None)
        if last is None or match.start() - last.end > _REACH:
            continue
        written = text[last.start : last.end]
        cut = written.rfind(match.group(1))
        if cut <= 0:
            continue
        entity = lookup(written[: cut + 1] + match.group(2))
        if entity is not None and entity != last.entity:
            found.append((match.start(), match.end(), entity))
    return found
