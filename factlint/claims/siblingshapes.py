"""A model number built like a known chip's, named beside it, is that chip's sibling product.

Makers number a family's members alike: the same letters and as many digits ("A100", "A800";
"H100", "H800"; "MI300X", "MI308X", "MI325X"). A document that names a known member and an
unknown name of the same build names a sibling product: "the H800 kept the H100's compute"
is about two chips, even when the H800 is named only once, in passing. Discovery believes
such a name on that evidence and gives it the sibling's kind.
See docs/decisions/0192-sibling-shaped-product-names.md.
"""

from __future__ import annotations

import re

from factlint.pack import PART_KINDS, KnowledgePack

_NEAR = 150  # characters either side of a mention in which the known sibling must be named
# A glued model number: family letters, perhaps a hyphen, two to four digits, a letter or two.
_SHAPE = re.compile(r"([A-Z]{1,3})(-?)(\d{2,4})([A-Z]{0,2})")


def _shape(name: str) -> tuple[str, str, int, str] | None:
    match = _SHAPE.fullmatch(name)
    if match is None:
        return None
    letters, hyphen, digits, tail = match.groups()
    return letters, hyphen, len(digits), tail


class SiblingShapes:
    """The pack's chips and cards by the build of their model numbers, indexed once per pack."""

    def __init__(self, pack: KnowledgePack) -> None:
        self._members: dict[tuple[str, str, int, str], list[tuple[str, str]]] = {}
        for entity in pack.entities:
            if entity.kind not in PART_KINDS:
                continue
            shape = _shape(entity.name)
            if shape is not None:
                self._members.setdefault(shape, []).append((entity.name, entity.kind))

    def sibling(self, name: str, body: str) -> tuple[str, str] | None:
        """Return the known sibling (name, kind) that ``body`` names near a mention of ``name``,
        a model number of the same build ("the H800 kept the H100's compute"), or None."""
        members = self._members.get(_shape(name) or ("", "", 0, ""), ())
        if not members:
            return None
        for mention in re.finditer(rf"(?<![\w-]){re.escape(name)}(?![\w-])", body):
            near = body[max(0, mention.start() - _NEAR) : mention.end() + _NEAR]
            for member, kind in members:
                if member != name and re.search(rf"(?<![\w-]){re.escape(member)}(?![\w-])", near):
                    return member, kind
        return None


__all__ = ["SiblingShapes"]
