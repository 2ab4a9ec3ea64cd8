"""Find names of a shape that is a product's only where a document names products.

A pack's ``placed_name_patterns`` give shapes shared by products and by other things: a dotted
lower-case instance type ("ml.p5.48xlarge", "xy.gpu.h8x") looks like a package path, a domain or
a file name. Such a name is believed only where a document names products: in a table's first
column, on a line of its own (a list label, a heading), right before a figure, or with a
machine or rental noun ("the xy.gpu.h8x flavor"), and never inside a URL, a path, a call or
a file name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from factlint.claims.language import Language, alternation
from factlint.models import BlockKind, Document
from factlint.pack import KnowledgePack

_BEFORE = r"(?<![\w.\-/@:#$\\])"
_AFTER = r"(?![\w\-/@(\\]|\.\w|:/)"
_MARKUP = "*_`"
_REACH = 300  # characters after a name that may count the chips it holds
# A line naming just the name: a bullet, an enumerator or a heading mark before it ("(一)",
# "2.", "a)", "##"), perhaps an aside in brackets and a colon after it.
_LINE_BEFORE = re.compile(r"[ \t]*(?:[-*•#>]+[ \t]*|\(?[^\s()]{1,3}[.)、）][ \t]*)?[*_`]*")
_LINE_AFTER = re.compile(r"[*_`]*[ \t]*(?:\([^()\n]*\)|（[^（）\n]*）)?[ \t]*:?[ \t]*(?:\n|$)")
# Right before a figure: "xy.gpu.h8x: 8 GPUs", "xy.gpu.h8x 84.00 元/hour", "xy.gpu.v8x (8 x V100"
_FIGURE_AFTER = re.compile(r"[*_`]*[ \u00a0]*(?:[:(（][ \u00a0]*)?\d")
# A hyphenated id whose last part ends in a count and the chip's model, perhaps after other sizes
# joined by "x": "gx3d-160x1792x8gaudi3", "hb-8xh100". Discovery reads its count and model.
COUNTED_TAIL = re.compile(
    r"[a-z]{2,5}\d?[a-z]?(?:-[a-z0-9]{1,12}){0,3}-(?:\d{1,4}x){0,3}"
    r"(?P<count>\d{1,3})x?(?P<model>[a-z]{1,6}\d{1,4}[a-z]{0,4})"
)
# A provider prefix (perhaps with a generation digit), a model and a count ("ab.h200.4",
# "kc.l20.1x", "cv2.mi350x.8"): the name says what it holds, so it stands as a product anywhere in
# prose; discovery believes it only when the model is a known chip or the text counts one after
# it (see discovery.py). The count may be glued to the model after an "x" ("vc.h800x8"), and a
# hyphenated id may end in a count and a model (``COUNTED_TAIL``).
_COUNTED_SHAPE = re.compile(
    r"[a-z]{2,5}\d?\.(?:[a-z][a-z0-9]{1,9}\.\d{1,3}x?|[a-z]{1,4}\d{1,4}[a-z]{0,4}x\d{1,3})"
    r"|" + COUNTED_TAIL.pattern
)


@dataclass(frozen=True)
class PlacedName:
    """A name of a placed shape that a document writes where products are named."""

    name: str
    kind: str
    after: tuple[
        str, ...
    ]  # the text after each placed mention, to the next name: where its chips are counted


class PlacedNames:
    """Finds the names of a pack's placed shapes that stand as products; one per pack."""

    def __init__(self, pack: KnowledgePack, language: Language) -> None:
        self._patterns = tuple(
            (kind, re.compile(_BEFORE + f"(?:{pattern})" + _AFTER))
            for kind, pattern in pack.placed_name_patterns
        )
        self._endings = frozenset(ending.lower() for ending in language.dotted_name_endings)
        nouns = [noun for scope, group in pack.scopes if scope == "instance" for noun in group]
        nouns.extend(language.rental_nouns)
        self._noun_after = re.compile(r"[*_`]*[ \u00a0]+" + alternation(nouns), re.I)
        self._noun_before = re.compile(alternation(nouns) + r"[ \u00a0]+[*_`]*$", re.I)

    def find(self, document: Document) -> list[PlacedName]:
        """Return the names of the pack's placed shapes ``document`` writes as products, in order."""
        if not self._patterns:
            return []
        kinds: dict[str, str] = {}
        after: dict[str, list[str]] = {}
        written = {block.text for block in document.blocks if block.kind is BlockKind.HEADING}
        headed: dict[str, str | None] = {}  # a block's innermost heading -> the name it is, if any
        for number, block in enumerate(document.blocks):
            if block.headings and block.headings[-1] not in written:
                heading = block.headings[-1]
                if heading not in headed:
                    headed[heading] = self._heading_name(heading)
                if (name := headed[heading]) is not None:
                    kinds.setdefault(name, self._kind(name))
                    after.setdefault(name, []).append(block.text[:_REACH])
            first_cell = None
            if block.kind is BlockKind.TABLE_ROW and block.cells:
                first_cell = block.cells[0].text.strip().strip(_MARKUP).strip()
            matches = sorted(
                ((kind, match) for kind, pattern in self._patterns for match in pattern.finditer(block.text)),
                key=lambda pair: pair[1].start(),
            )
            for index, (kind, match) in enumerate(matches):
                name = match.group(0)
                if name.rsplit(".", 1)[-1] in self._endings:
                    continue
                if self._placed(block.text, match.start(), match.end(), name, first_cell):
                    kinds.setdefault(name, kind)
                    if index + 1 < len(matches):
                        text = block.text[match.end() : matches[index + 1][1].start()]
                    elif block.kind is BlockKind.HEADING:
                        text = _section_start(document, number + 1)  # "## xy.gpu.h8x" / "8 x H100 ..."
                    else:
                        text = block.text[match.end() :]
                    after.setdefault(name, []).append(text[:_REACH])
        return [PlacedName(name, kind, tuple(after[name])) for name, kind in kinds.items()]

    def _heading_name(self, heading: str) -> str | None:
        """Return ``heading`` when it is just a name of a placed shape: a reader headed a block with
        it (a node's machine type, a record's key) as a section title heads the text under it."""
        name = heading.strip().strip(_MARKUP).strip()
        if not name or name.rsplit(".", 1)[-1].lower() in self._endings:
            return None
        return name if any(pattern.fullmatch(name) for _, pattern in self._patterns) else None

    def _kind(self, name: str) -> str:
        """Return the kind of the first placed shape ``name`` has."""
        return next(kind for kind, pattern in self._patterns if pattern.fullmatch(name))

    def _placed(self, text: str, start: int, end: int, name: str, first_cell: str | None) -> bool:
        """Return True when the name at ``start:end`` stands where a product is named."""
        if first_cell is not None:
            return first_cell.startswith(name) and bool(_LINE_AFTER.fullmatch(first_cell, len(name)))
        line_start = text.rfind("\n", 0, start) + 1
        before = text[max(line_start, start - 80) : start]
        return bool(
            _COUNTED_SHAPE.fullmatch(name)
            or (_LINE_BEFORE.fullmatch(text, line_start, start) and _LINE_AFTER.match(text, end))
            or _FIGURE_AFTER.match(text, end)
            or self._noun_after.match(text, end)
            or self._noun_before.search(before)
        )


def _section_start(document: Document, first: int) -> str:
    """Return the text of the blocks from ``first`` up to the next heading, one block a line."""
    texts: list[str] = []
    for block in document.blocks[first:]:
        if block.kind is BlockKind.HEADING or sum(len(t) for t in texts) > _REACH:
            break
        texts.append(block.text)
    return "\n".join(texts)


__all__ = ["COUNTED_TAIL", "PlacedName", "PlacedNames"]
