"""A count glued to its noun after an indefinite article and before a chip's name: some machine.

"an 8-accelerator Gaudi 2 node is listed from ...", "one 8-chip Sohu server replaces ...",
"a 4-GPU H100 server would cost less": the count sizes some machine built of that chip, none
the text has named, so it is no chip count of a named machine.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from factlint.claims.language import either, english
from factlint.claims.segments import Mention

_INDEFINITE_BEFORE = re.compile(r"(?<![\w\-])" + either(english().indefinite_openers) + r"[ \t]+\Z", re.I)
_GLUED_COUNT = re.compile(r"\d-[A-Za-z]")


def sizes_some_machine(
    text: str, start: int, end: int, mentions: Iterable[Mention], kind: Callable[[str], str | None]
) -> bool:
    """Return True when the count at ``start:end`` ("8-chip") sizes an unnamed machine of the chip named
    right after it, an indefinite article before it."""
    if not _GLUED_COUNT.search(text, start, end) or not _INDEFINITE_BEFORE.search(
        text, max(0, start - 12), start
    ):
        return False
    after = min((m for m in mentions if m.start >= end), key=lambda m: m.start, default=None)
    return after is not None and not text[end : after.start].strip() and kind(after.entity) == "chip"
