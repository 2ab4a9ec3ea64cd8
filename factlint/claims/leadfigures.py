"""A figure set at the head of a list item, its meaning after it: "2. **1.5x**: the speed-up of ...".

"Numbers of the week", "by the numbers" and "at a glance" lists print a bold figure first and
say after a colon or a dash what it measures and whose it is. The words after the figure are
its label, as a field's name is before its value, so their cue words are the figure's.
"""

from __future__ import annotations

import re

from factlint.claims.attributes import CueText
from factlint.claims.segments import Segment
from factlint.models import BlockKind

# The item's bold or italic head holding the figure, then a colon or a dash and the description.
_LEAD = re.compile(r"[ \t]*(?:\*\*|__|\*|_)([^*_\n]{1,24})(?:\*\*|__|\*|_)[ \t]*[:—–-][ \t]+(\S[^\n]*)")


def described_after(segment: Segment, start: int) -> CueText | None:
    """Return the description after a list item's bold head holding the figure at ``start`` (as
    cue text right at the figure), or None when the figure does not head its item so."""
    if segment.block.kind is not BlockKind.LIST_ITEM or segment.offset != 0:
        return None
    lead = _LEAD.match(segment.text)
    if lead is None or not lead.start(1) <= start < lead.end(1):
        return None
    return CueText(lead.group(2), 0)


__all__ = ["described_after"]
