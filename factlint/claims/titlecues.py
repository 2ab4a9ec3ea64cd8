"""Cue a section's title for the figures of a table without header row or a key/value block below it.

A numbered notice puts bare records under its section titles: "4. Availability" over
"MI325X node   Q1 2026" or "FW-A.8 and FW-B.2: from 1.3.2026". The records name the product
and the figure but not what the figure is; the title does, as a caption does for a table.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from factlint.claims.attributes import FAR_CONTEXT_DISTANCE, CueText
from factlint.models import Block, BlockKind

# "FW-MI350X.8 and FW-RTXP6K.2: from 1.3.2026": a short key before a colon opens a record. A
# footnote ("[^1]: ...") or a sentence ending before a colon does not.
_RECORD = re.compile(r"(?P<key>[A-Z](?:[\w&/+()'-]|[ .](?=\w)){0,60}):[ \t]+\S")


def title_cues(block: Block, names_product: Callable[[str], bool]) -> list[CueText]:
    """Return the nearest heading as a far cue for a headerless table row or a product's record, or [].

    ``names_product`` tells whether a record's key names a product: "Revised: 4 May 2025"
    under "Availability" is the notice's own date, not a product's.
    """
    if not block.headings:
        return []
    if block.kind is BlockKind.TABLE_ROW:
        record = not block.table_headers
    else:
        match = _RECORD.match(block.text) if block.kind is BlockKind.PARAGRAPH else None
        record = match is not None and names_product(match.group("key"))
    return [CueText(block.headings[-1], FAR_CONTEXT_DISTANCE)] if record else []
