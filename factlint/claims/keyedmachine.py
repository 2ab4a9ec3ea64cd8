"""Figures listed under a machine's key after the chip it holds: "DGX Spark: GB10 Superchip, 128 GB".

A spec line that opens on a machine's name and a colon lists that machine's fields; the
chip the machine holds, named in one of those fields, is one field among them, not the
owner of the fields after it. "DGX Spark: GB10 Superchip, 128 GB unified, 273 GB/s" sizes
the DGX Spark. A figure in the chip's own field ("GB10 with 128 GB", "GB10 (128 GB)") and
one the line scopes per chip ("180 GB per GPU") are left to the rules that read those.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from factlint.claims.segments import Mention

# Before the key: the start of the line or a field, then at most two words of maker ("NVIDIA ")
_KEY_OPENS = re.compile(r"(?:^|[\n.;!?:|•*(]\s*|\s[-–—]\s+)(?:[A-Z][\w&\-]*\s+){0,2}\Z")
# The key's colon, maybe after markdown emphasis ("**DGX Spark**:", "DGX Spark:")
_KEY_COLON = re.compile(r"[*_]*[ \t]*:[*_]*\s")
# What may stand between the key's colon and the figure: no sentence end, no new item
_FIELDS = re.compile(r"(?:[^.;!?\n]|\.(?=\S)|\n(?![ \t]*[-*•·]\s))*\Z")
# The figure's own field opens after a comma that follows the chip's field
_LATER_FIELD = re.compile(r"[^()]*,[^()]*\Z")


def keyed_machine(
    text: str,
    start: int,
    mentions: list[Mention],
    chip: str,
    holds: Callable[[str, str], bool],
) -> str | None:
    """Return the machine whose key heads the fields the figure at ``start`` stands in, or None.

    ``chip`` is the entity the figure's clause names nearest; ``holds(machine, chip)`` says
    whether a machine holds a chip. The key must be the last machine named before the
    figure, every product named between its colon and the figure a chip it holds, ``chip``
    among them, and the figure in a later comma field than the chip's name.
    """
    before = [m for m in mentions if m.end <= start]
    for index in range(len(before) - 1, -1, -1):
        key = before[index]
        if key.entity == chip or not holds(key.entity, chip):
            continue
        colon = _KEY_COLON.match(text, key.end)
        if colon is None or not _KEY_OPENS.search(text, 0, key.start):
            return None
        parts = before[index + 1 :]
        if not parts or any(not holds(key.entity, part.entity) for part in parts):
            return None
        if parts[-1].entity != chip:
            return None
        if not _FIELDS.fullmatch(text, colon.end(), start):
            return None
        return key.entity if _LATER_FIELD.fullmatch(text, parts[-1].end, start) else None
    return None
