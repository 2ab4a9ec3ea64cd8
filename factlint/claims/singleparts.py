"""The one part a machine's composition counts: "NVIDIA L20 x1; 48 GB GDDR6, 275 W" states the L20's figures.

A machine's spec line often opens with what it holds and how many ("8x H100; 640 GB", "NVIDIA L4 x1,
24 GB"). With several parts, the figures after the count are the machine's totals unless a "per GPU"
says otherwise (other rules). With one part, the machine's accelerator memory, its accelerator's power
and its throughput are that part's own: the figures are the counted part's, as if it were the subject.
Prices, savings, ratios, counts and dates stay the machine's (the machine is what is rented and
released).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from factlint.claims.segments import COUNTED, Mention

# "L20 x1", "L4 ×1" right after the part's name; "1x NVIDIA L4", "1 x L4" right before it (a vendor's
# word may stand between)
_ONE_AFTER = re.compile(r"[ \t]*[x×][ \t]?1(?![\d.,])")
_ONE_BEFORE = re.compile(r"(?:^|[\s(;,:])1[ \t]?[x×][ \t]+(?:[A-Z][\w\-]*[ \t]+)?$")
_REACH = 40  # characters before a name that may hold its "1x"


def single_counted_part(text: str, start: int, mentions: Sequence[Mention]) -> Mention | None:
    """Return the mention of a part counted once ("L20 x1", "1x L4") that is the last name before the
    figure at ``start``, else None."""
    before = [mention for mention in mentions if mention.end <= start]
    if not before or before[-1].role != COUNTED:
        return None
    part = before[-1]
    if _ONE_AFTER.match(text, part.end) or _ONE_BEFORE.search(text, max(0, part.start - _REACH), part.start):
        return part
    return None
