"""Chip counts in an aside naming what a machine is built on: "NX-H200.8 (HGX H200, 8 GPUs)".

An offer or a spec list opens a machine's entry with its name and an aside: first the board or
rack it is built on, then its chips. The count is the named machine's, not the board's the aside
names in passing.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from factlint.claims.segments import Mention

# Up to three words before the base's name ("one full GB200 NVL72 rack"), none of a comparison.
_LEAD = re.compile(r"\([ \t]*(?:(?!(?:vs|versus|than|like|unlike|compared|not)\b)[\w\-]+[ \t]+){0,3}$", re.I)
# After the base's name, at most two words ("rack", "baseboard") and the comma opening the count.
_TO_COUNT = re.compile(r"(?:[ \t]+[\w\-]+){0,2}[ \t]*[,;][ \t]*$")


def bracketed_base_owner(
    text: str, start: int, mentions: list[Mention], holds_chips: Callable[[str], bool]
) -> str | None:
    """Return the machine named right before the aside that holds offset ``start`` when the aside
    first names another product and then counts chips at ``start``; else None."""
    before = [m for m in mentions if m.end <= start]
    if len(before) < 2:
        return None
    base, owner = before[-1], before[-2]
    opening = text.rfind("(", owner.end, base.start)
    if opening < 0 or text[owner.end : opening].strip() or ")" in text[opening:start]:
        return None  # the aside must open right after the owner's name and still be open
    if base.entity == owner.entity or not holds_chips(owner.entity):
        return None
    if _LEAD.search(text, opening, base.start) is None or _TO_COUNT.search(text, base.end, start) is None:
        return None
    return owner.entity
