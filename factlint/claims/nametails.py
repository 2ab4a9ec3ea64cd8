"""Model tails a document earns for pack products: "C885A M8" after "Cisco UCS C885A M8".

Writers name a machine in full once (brand, product line, model) and then by its model alone: the
model number and what follows it. A pack name whose later words start with a model number (a word
of letters and digits that names nothing on its own) gives those words as a short name of its
product, in a document that also names the product in full. The short name must be two words or
more ("C885A M8"; a lone number is left to bare_numbers.py and discovery), held by no other product
and no name of its own; a product line's words dropped before it hold no digit (so "HGX H100 8-GPU"
gives nothing: its tail opens with another product's name).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from factlint.claims.entities import name_key
from factlint.claims.language import holds
from factlint.pack import KnowledgePack

_MODEL_WORD = re.compile(r"(?=[A-Za-z\-]*\d)(?=[\d\-]*[A-Za-z])[A-Za-z\d\-]{3,}")
_DIGIT = re.compile(r"\d")


@dataclass(frozen=True)
class _Tail:
    """A model tail, the product it names and the product's full names."""

    tail: str
    entity: str
    names: tuple[str, ...]


class NameTails:
    """The model tails a pack's products may earn; built once per pack, asked per document."""

    def __init__(self, pack: KnowledgePack) -> None:
        known = {name_key(name) for entity in pack.entities for name in entity.names}
        owners: dict[str, set[str]] = {}
        tails: list[_Tail] = []
        for entity in pack.entities:
            for name in entity.names:
                words = name.split()
                for start in range(1, len(words) - 1):
                    if _DIGIT.search(" ".join(words[:start])):
                        break  # "HGX H100 8-GPU": a model before it, the tail is no model's own
                    if not _MODEL_WORD.fullmatch(words[start]) or name_key(words[start]) in known:
                        continue
                    tail = " ".join(words[start:])
                    owners.setdefault(name_key(tail), set()).add(entity.name)
                    tails.append(_Tail(tail, entity.name, entity.names))
        self._tails = tuple(
            tail
            for tail in dict.fromkeys(tails)
            if owners[name_key(tail.tail)] == {tail.entity} and name_key(tail.tail) not in known
        )

    def licensed(self, text: str) -> tuple[tuple[str, str], ...]:
        """Return (model tail, entity) pairs ``text`` earns: it writes the tail and a full name."""
        found = [
            (tail.tail, tail.entity)
            for tail in self._tails
            if tail.tail in text and any(holds(text, name) for name in tail.names if name != tail.tail)
        ]
        return tuple(dict.fromkeys(found))
