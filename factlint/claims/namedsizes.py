"""Sizes in product names: "DGX A100 640GB", "V100 SXM2 32GB modules" pick a model, they state no capacity.

A byte size glued to a product name is a name only when the product comes in several sizes: the
pack names sized members of its family ("V100 16GB", "V100 32GB"), or of the family of the chip
it is built from (a DGX A100 holds A100s). "MI250X 128GB OAM accelerator" or "H20 96GB, 40
boards" name the only size there is, so the size is the product's stated capacity.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from factlint.claims.language import Language, alternation
from factlint.claims.quantities import Quantity
from factlint.claims.segments import Mention
from factlint.pack import KnowledgePack

# What may stand between a product name and the size glued to it: one space or a hyphen.
_JOINERS = frozenset({" ", "-", "\u00a0"})
_BYTE_UNITS = frozenset({"GB", "TB", "GiB", "TiB"})
_SIZED_NAME = re.compile(r"\d\s?(?:GB|TB|GiB|TiB)\b")


class NamedSizes:
    """Tells a memory size written as part of a product's name from a stated capacity."""

    def __init__(self, pack: KnowledgePack, language: Language) -> None:
        self._pack = pack
        self._sized_families = frozenset(
            entity.family for entity in pack.entities if entity.family and _SIZED_NAME.search(entity.name)
        )
        # "H100 80GB HBM3", "DGX A100 640GB memory", "A100 40GB 1.6TB/s": a memory word or another
        # figure after the size makes it a stated spec, not a name; a figure in brackets ("DGX A100
        # 640GB (8x A100 80GB)") describes the named model's parts
        followers = alternation(
            (
                *language.accelerator_memory_types,
                *language.off_chip_memory_words,
                *language.stated_size_followers,
            )
        )
        self._stated_after = re.compile(rf"[\s,;:(]*(?:{followers})|[\s,;:]*\d", re.I)
        # "the 16 GB SKU is not in this sweep", "that 40GB model": a definite article or demonstrative,
        # the size, a variant's noun; "a 32 GB version" may bring news of one and is left alone
        definite = alternation(language.definite_determiners, hyphens=False)
        self._definite_before = re.compile(rf"\b{definite}\s+$", re.I)
        self._variant_after = re.compile(
            rf"\s+{alternation((*language.variant_nouns, *language.written_variant_nouns), hyphens=False)}"
            r"(?![\w\-])",
            re.I,
        )

    def in_name(self, text: str, quantity: Quantity, mentions: Sequence[Mention]) -> bool:
        """Return True when ``quantity`` is a byte size glued to the name of a product sold in several
        sizes right before it ("a DGX A100 640GB sold for"), with no memory word or figure after it."""
        if quantity.kind != "unit" or quantity.unit not in _BYTE_UNITS:
            return False
        end = quantity.unit_end or quantity.end
        written = text[quantity.start : end]
        if quantity.unit not in written or any(ch.isspace() for ch in written):
            return False  # "A100 40 GB" reads as a figure; a unit from a header is no name's part
        before = [m for m in mentions if m.end < quantity.start and text[m.end : quantity.start] in _JOINERS]
        if not any(self._comes_in_sizes(m.entity) for m in before):
            return False
        return self._stated_after.match(text, end) is None

    def names_variant(self, text: str, quantity: Quantity) -> bool:
        """Return True for a byte size that picks one size of a product by its noun: "the 16 GB SKU",
        "that 40GB model" (labelling convention 1: a size naming a variant states no capacity)."""
        if quantity.kind != "unit" or quantity.unit not in _BYTE_UNITS:
            return False
        end = quantity.unit_end or quantity.end
        return (
            self._definite_before.search(text[max(0, quantity.start - 12) : quantity.start]) is not None
            and self._variant_after.match(text, end) is not None
        )

    def _comes_in_sizes(self, name: str) -> bool:
        entity = self._pack.entity(name)
        if entity is None:
            return False
        if entity.family in self._sized_families:
            return True
        inner = self._pack.entity(entity.contains.entity) if entity.contains else None
        return inner is not None and inner.family in self._sized_families
