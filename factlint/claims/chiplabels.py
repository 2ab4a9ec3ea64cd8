"""Find systems a table labels by a proper name and the chip they hold: "| Garbí (MI250X) |".

A table's header cell or first-column cell written as a proper name and a known chip in
brackets names a system (a cluster, a partition) built of that chip. The name must also
stand as a proper noun in the document's prose (after a lower-case word or a comma: "hours
in Garbí"), which tells a system's name from a column label such as "Measured (H100)".
People's names before a chip in prose are never read: only table labels count.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from factlint.claims.entities import EntityMatcher
from factlint.models import BlockKind, Document
from factlint.pack import PART_KINDS

# "Garbí (MI250X)", "**Cierzo (H100)**, until 2026": one to three capitalised words, a chip in brackets
_LABEL = re.compile(
    r"[*_`\s]*(?P<name>[^\W\d_][^\W\d]*(?:[ \u00a0][^\W\d_][^\W\d]*){0,2})[*_`]*[ \u00a0]*"
    + r"\((?P<chip>[^()\n]{1,40})\)(?:[*_`]*\s*(?:,.*)?)?"
)


@dataclass(frozen=True)
class ChipLabel:
    """A system a table labels by its name and the chip it holds."""

    name: str
    chip: str  # the pack entity of the chip (or the card: "GH200")


def chip_labels(
    document: Document, matcher: EntityMatcher, is_excluded: Callable[[str], bool]
) -> list[ChipLabel]:
    """Return the systems ``document``'s tables label as "Name (Chip)", in order of first use.

    ``is_excluded`` says a word is vocabulary or a vendor, never (part of) a system's name.
    """
    cells: list[str] = []
    prose: list[str] = []
    for block in document.blocks:
        if block.kind is BlockKind.TABLE_ROW:
            cells.extend(header for header in block.table_headers[1:])
            cells.extend(cell.text for cell in block.cells[:1])
        elif block.kind is not BlockKind.HEADING:
            prose.append(block.text)
    body = "\n".join(prose)
    found: dict[str, ChipLabel] = {}
    for cell in dict.fromkeys(cells):
        match = _LABEL.fullmatch(cell)
        if match is None or match["name"] in found:
            continue
        name, chip = match["name"], matcher.names(match["chip"].strip())
        words = name.split()
        held = matcher.entity(chip) if chip else None
        if held is None or held.kind not in PART_KINDS or not all(word[0].isupper() for word in words):
            continue
        if matcher.names(name) is not None or any(is_excluded(word) for word in words):
            continue
        if re.search(rf"[a-z,][ \u00a0]+{re.escape(name)}(?![\w-])", body):
            found[name] = ChipLabel(name, held.name)
    return list(found.values())


__all__ = ["ChipLabel", "chip_labels"]
