"""Sized forms of a family's members: "the 16GB module" names the Jetson Orin NX 16GB in a document
that names the family.

A product sold in several memory sizes has pack members named by their size ("A100 40GB", "A100
80GB", "Jetson Orin NX 16GB"). Once a document names a member or the family, it may call one by
its size and a unit noun alone ("the 8GB module is rated at 70 TOPS", "the 80GB card"): that names
the member, and its size states no capacity. A size two named families share is left alone.
"""

from __future__ import annotations

import re

from factlint.claims.language import holds
from factlint.pack import KnowledgePack

# A member's size as its name writes it: "16GB", "80 GB" (the last word, or the last two).
_SIZE = re.compile(r"(\d+(?:\.\d+)?)\s?(GB|TB)\Z")
# The determiner a sized form stands after: "the 8GB module", "an 80GB card" ("H100 80GB GPUs" is
# another product's name with its size).
_DETERMINER = re.compile(r"(?<![\w-])(?:the|a|an|its|this|that|these|those|each|our|their|one|both)\s+\Z")


class SizedForms:
    """The sized members of a pack's families; asked once per document for the forms it writes."""

    def __init__(self, pack: KnowledgePack) -> None:
        members: dict[str, list[tuple[str, str]]] = {}  # family -> (size, member)
        kinds: dict[str, str] = {}  # member -> its kind
        for entity in pack.entities:
            size = _SIZE.search(entity.name)
            if entity.family and size is not None and entity.name.startswith(entity.family):
                members.setdefault(entity.family, []).append((size.group(1) + size.group(2), entity.name))
                kinds[entity.name] = entity.kind
        self._members = {family: sized for family, sized in members.items() if len(sized) > 1}
        self._names = {
            family: tuple(
                name for entity in pack.entities if entity.family == family for name in entity.names
            )
            for family in self._members
        }
        # a member is called by the nouns of its own scope only: "the 40GB card" of a chip states the
        # scope the figure is given at ("37.25 GiB on the 40GB card"), it names no other product
        scope_nouns = dict(pack.scopes)
        self._nouns = {member: tuple(scope_nouns.get(kind, ())) for member, kind in kinds.items()}

    def licensed(self, text: str) -> tuple[tuple[str, str], ...]:
        """Return (form, member) pairs for the sized forms ``text`` writes of a family it names, each
        with its determiner ("the 8GB module"): the size and noun alone may end the member's own
        name ("Orin NX 16GB module") or another product's."""
        found: dict[str, set[str]] = {}
        lowered = text.lower()
        for family, sized in self._members.items():
            if not any(holds(lowered, name.lower()) for name in self._names[family]):
                continue
            for size, member in sized:
                number, unit = size[:-2], size[-2:]
                for noun in self._nouns.get(member, ()):
                    for joiner in ("", " ", "-"):
                        form = f"{number}{joiner}{unit} {noun}".lower()
                        if form not in lowered:
                            continue
                        for place in re.finditer(rf"(?<![\w-]){re.escape(form)}(?![\w-])", lowered):
                            determiner = _DETERMINER.search(
                                lowered, max(0, place.start() - 12), place.start()
                            )
                            if determiner is not None:
                                written = text[determiner.start() : place.end()]
                                found.setdefault(written, set()).add(member)
        return tuple((form, next(iter(members))) for form, members in found.items() if len(members) == 1)
