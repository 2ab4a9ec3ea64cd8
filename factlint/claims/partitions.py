"""Names a document's tables give its machines: a queue or partition called after its chips.

"| h100 | Dell PowerEdge XE9680 | 8 x H100 SXM |": in a cluster guide the lower-case key
"h100" names the partition of XE9680 nodes, so "$2.10 per GPU-hour on h100" is priced on the
XE9680 (per GPU: its H100 SXM) and "h100 max power" is the node's. The key names the machine
only as written: "H100" elsewhere is still the chip.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from factlint.claims.entities import EntityMatcher
from factlint.claims.tables import counts_held_chips
from factlint.models import BlockKind, Document

# "h100", "gpu-a100", "l40s": a key typed in lower case with a model number in it; a plain word
# ("gpu", "debug") would rename every use of the word.
_KEY = re.compile(r"(?=[a-z_\-]*\d)[a-z][a-z0-9_\-]{1,15}")
_FREE_DIGIT = re.compile(r"(?<![\w.])\d")


def partition_names(
    document: Document,
    matcher: EntityMatcher,
    is_machine: Callable[[str], bool],
    holds: Callable[[str, str], bool],
) -> tuple[tuple[str, str], ...]:
    """Return (key, machine) pairs for table rows whose lower-case first cell keys one machine.

    The row must name one machine in a text cell and count, in another cell, the chips that
    machine holds. A key given to two machines in one document names neither.
    """

    def names(text: str) -> list[str]:
        return [mention.entity for mention in matcher.find(text)]

    named: dict[str, set[str]] = {}
    for block in document.blocks:
        if block.kind is not BlockKind.TABLE_ROW or len(block.cells) < 3:
            continue
        key = block.cells[0].text.strip()
        if not _KEY.fullmatch(key):
            continue
        cells = [cell.text for cell in block.cells[1:]]
        machines = {
            mention.entity
            for text in cells
            if not _FREE_DIGIT.search(text)
            for mention in matcher.find(text)
            if is_machine(mention.entity)
        }
        if len(machines) != 1:
            continue
        machine = next(iter(machines))
        if any(counts_held_chips(text, machine, names, holds) for text in cells):
            named.setdefault(key, set()).add(machine)
    return tuple((key, machines.pop()) for key, machines in named.items() if len(machines) == 1)
