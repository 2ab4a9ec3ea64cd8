"""SKU suffixes of a pack: what a member's name adds to its family's ("SXM", "PCIe", "80GB")."""

from __future__ import annotations

from factlint.pack import KnowledgePack


def variant_suffixes(pack: KnowledgePack) -> frozenset[str]:
    """Return the lower-cased, space-free suffixes that turn a family name into a member's name.

    "H100 SXM" of family H100 gives "sxm", "A100 80GB" gives "80gb", "Gaudi2" gives "2".
    """
    return frozenset(
        entity.name[len(entity.family) :].replace(" ", "").lower()
        for entity in pack.entities
        if entity.family and entity.name.startswith(entity.family) and entity.name != entity.family
    )
