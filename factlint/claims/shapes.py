"""Names of a pack's shapes: product names it need not list one by one (cloud instance sizes).

A pack's ``name_patterns`` give the shape of such names ("g6e.xlarge", "a3-highgpu-4g");
every name of one of them is a product of the pattern's kind, named as written. Its family
is the pack's instance the name's ``family`` group names ("g6e" -> G6e), directly or through
another name of the same shape the pack lists ("a3-highgpu" of a3-highgpu-8g -> A3 VM).
"""

from __future__ import annotations

from dataclasses import dataclass

from factlint.claims.entities import name_key
from factlint.claims.fastre import compile_folded
from factlint.pack import KnowledgePack

_BEFORE = r"(?<![\w.\-/@#])"
_AFTER = r"(?![\w\-/]|\.\w)"


@dataclass(frozen=True)
class ShapedName:
    """A name of a pack's shape found in a text."""

    start: int
    end: int
    name: str
    kind: str
    family: str | None  # the pack entity of the name's family, if any


class NameShapes:
    """Finds names of the shapes a pack gives; one per pack."""

    def __init__(self, pack: KnowledgePack) -> None:
        self._patterns = tuple(
            (kind, compile_folded(_BEFORE + f"(?:{pattern})" + _AFTER))
            for kind, pattern in pack.name_patterns
        )
        self._families = self._family_index(pack)

    def _family_index(self, pack: KnowledgePack) -> dict[str, str]:
        """Return the pack entity each family prefix (as a name key) stands for.

        An entity named by the prefix itself wins over one that lists a name of the shape
        ("Inf2" over inf2.xlarge, both of prefix "inf2"): the first is the family, the second a size.
        """
        ranked: dict[str, tuple[int, str]] = {}
        for entity in pack.entities:
            for kind, pattern in self._patterns:
                if entity.kind != kind:
                    continue
                for name in entity.names:
                    rank = 0
                    match = pattern.fullmatch(name)
                    if match is None:
                        keys = [name_key(name)]
                    elif "family" in pattern.groupindex and match["family"]:
                        rank = 2 if pattern.fullmatch(entity.name) else 1
                        keys = [name_key(match["family"])]
                    else:
                        continue
                    for key in keys:
                        if key not in ranked or rank < ranked[key][0]:
                            ranked[key] = (rank, entity.name)
        return {key: name for key, (_, name) in ranked.items()}

    def find(self, text: str) -> list[ShapedName]:
        """Return the names of the pack's shapes in ``text``, in order, without overlaps."""
        found: list[ShapedName] = []
        for kind, pattern in self._patterns:
            for match in pattern.finditer(text):
                if any(s.start < match.end() and match.start() < s.end for s in found):
                    continue
                prefix = match.groupdict().get("family")
                family = self._families.get(name_key(prefix)) if prefix else None
                found.append(ShapedName(match.start(), match.end(), match.group(0), kind, family))
        return sorted(found, key=lambda shaped: shaped.start)


__all__ = ["NameShapes", "ShapedName"]
