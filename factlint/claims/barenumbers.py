"""Bare model numbers a document earns for pack products: "the 6000" after "RTX PRO 6000".

Traders and forums call a card by its number alone: "6000 Server Ed is 1,597 GB/s", "any 5090?".
A pack name that is a product line's word ("RTX": the first word of three or more products) and
ends in a four-digit model number gives that number as a bare name, in a document that writes the
product line's products. When several products hold the number ("RTX 6000 Ada", "RTX PRO 6000"),
the document must name exactly one of them in full. A number is earned only where every use of
it on its own reads as a name: never before a unit or a noun ("6000 W", "6000 units"), after a
currency sign ("$6000") or inside a code ("DDR5-6000"); a year-like number never is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from factlint.claims.language import holds
from factlint.pack import KnowledgePack

_MODEL_NUMBER = re.compile(r"\d{4}")
_YEAR = re.compile(r"(?:19|20)\d\d")
_LINE_WORD = re.compile(r"[A-Z]{2,}")  # a product line written in capitals: "RTX", "EPYC"
# What may follow a bare number used as a name: the end, punctuation, or a word (checked below).
_NEXT = re.compile(r"[ \t]*(?:(?P<stop>[\n?!,;:)\"'”’]|\.(?!\d)|$)|(?P<word>[^\s?!,;:)\"'”’.]+))")


@dataclass(frozen=True)
class _Number:
    """A bare model number, the product it names, and the product line that licenses it."""

    bare: str
    entity: str
    line: str  # the product line's word: "RTX"


class BareNumbers:
    """The bare model numbers a pack's products may earn; built once per pack, asked per document."""

    def __init__(self, pack: KnowledgePack, verbs: tuple[str, ...]) -> None:
        first_words: dict[str, set[str]] = {}
        for entity in pack.entities:
            first_words.setdefault(entity.name.split()[0], set()).add(entity.name)
        lines = {word for word, names in first_words.items() if len(names) > 2 and _LINE_WORD.fullmatch(word)}
        lines -= set(pack.vendor_prefixes)
        self._names: dict[str, tuple[str, ...]] = {entity.name: entity.names for entity in pack.entities}
        self._line_names: dict[str, tuple[str, ...]] = {
            line: tuple(
                name for entity in pack.entities if entity.name.split()[0] == line for name in entity.names
            )
            for line in lines
        }
        owners: dict[str, set[str]] = {}  # a number -> the products with a name holding it
        numbers: list[_Number] = []
        for entity in pack.entities:
            for name in entity.names:
                words = name.split()
                for word in words[1:]:
                    owners.setdefault(word, set()).add(entity.name)
                last = words[-1]
                if (
                    len(words) >= 2
                    and words[0] in lines
                    and _MODEL_NUMBER.fullmatch(last)
                    and not _YEAR.fullmatch(last)
                ):
                    numbers.append(_Number(last, entity.name, words[0]))
        self._numbers = tuple(dict.fromkeys(numbers))
        self._owners = {number.bare: frozenset(owners[number.bare]) for number in self._numbers}
        self._units = frozenset(surface for surface, _ in pack.units)
        self._verbs = frozenset(verb.lower() for verb in verbs)

    def licensed(self, text: str) -> tuple[tuple[str, str], ...]:
        """Return (bare number, entity) pairs that ``text`` licenses (see the module docstring)."""
        found: list[tuple[str, str]] = []
        for number in self._numbers:
            if number.bare not in text or not any(
                holds(text, name) for name in self._line_names[number.line]
            ):
                continue
            owners = self._owners[number.bare]
            if len(owners) > 1:
                named = {owner for owner in owners if any(holds(text, name) for name in self._names[owner])}
                if named != {number.entity}:
                    continue
            if self._used_as_name(text, number):
                found.append((number.bare, number.entity))
        return tuple(dict.fromkeys(found))

    def _used_as_name(self, text: str, number: _Number) -> bool:
        """Return True when ``text`` uses the number on its own, and every such use reads as a name."""
        used = False
        for match in re.finditer(rf"(?<![\w$€£¥#.,/+\-]){number.bare}(?![\w%\-]|[.,]\d)", text):
            before = text[max(0, match.start() - 40) : match.start()]
            if any(before.endswith(_lead(name, number.bare)) for name in self._names[number.entity]):
                continue  # inside the full name: "RTX PRO 6000"
            after = _NEXT.match(text, match.end())
            if after is None:
                return False
            word = after.group("word")
            if word is not None and not (
                word[0].isdigit()
                or (word[0].isupper() and word not in self._units)
                or word.lower() in self._verbs
            ):
                return False
            used = True
        return used


def _lead(name: str, bare: str) -> str:
    """Return the words of ``name`` before its number, with the space after them ("RTX PRO ")."""
    index = name.rfind(bare)
    return name[:index] if index > 0 else "\0"
