"""Chip counts right after a machine's name in an abbreviated description: "SR670 V2 8X H100 NVL".

Asset registers, bills of materials and printed listings describe a machine in a run of
abbreviations with no verb: the machine's name, then "8X H100 NVL", "1X GH200", "4X A30 24GB".
A count written "Nx" straight after a machine's name (only blanks between them) counts the
chips that machine holds; after any other word ("the DGX H100 is 3x H100 ...") it may compare.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from factlint.claims.segments import Mention

_BLANKS = re.compile(r"[ \t]+")


def follows_machine_name(
    text: str, start: int, mentions: list[Mention], is_machine: Callable[[str], bool]
) -> bool:
    """Return True when only blanks stand between a machine's name and the count at ``start``."""
    return any(
        m.end < start and is_machine(m.entity) and _BLANKS.fullmatch(text, m.end, start) is not None
        for m in mentions
    )
