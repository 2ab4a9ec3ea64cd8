"""Find entity names in text: exact aliases with tolerant spacing, then fuzzy near-misses."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz import fuzz, process

from factlint.pack import Entity, KnowledgePack

FUZZY_CUTOFF = 90.0  # rapidfuzz ratio; names differing only in digits never match (see _same_digits)
_CANDIDATE = re.compile(r"(?<![\w-])[A-Z][A-Za-z]*\d[\w]*|(?<![\w-])[A-Z][a-z]+[A-Z][A-Za-z]+")


@dataclass(frozen=True)
class EntityMention:
    """An entity named in a text span."""

    start: int
    end: int
    entity: str
    fuzzy: bool = False


def _key(surface: str) -> str:
    return re.sub(r"[\s\-_]+", "", surface).lower()


def _pattern(surface: str) -> str:
    # "Trainium 2", "Trainium-2" and "Trainium2" are one name; split at spaces, hyphens
    # and letter/digit boundaries and let any of those separators (or none) stand there.
    chunks = re.findall(r"[A-Za-z]+|\d+|[^\sA-Za-z\d\-]+", surface)
    return r"[\s\-]?".join(re.escape(chunk) for chunk in chunks)


class EntityMatcher:
    """Finds mentions of a pack's entities (plus extra aliases) in text."""

    def __init__(self, pack: KnowledgePack, extra_aliases: Iterable[tuple[str, str]] = ()) -> None:
        self.pack = pack
        self._by_key: dict[str, str] = {}
        surfaces: list[str] = []
        for entity in pack.entities:
            for name in entity.names:
                self._add(name, entity.name, surfaces)
        for alias, entity_name in extra_aliases:
            self._add(alias, entity_name, surfaces)
        surfaces.sort(key=len, reverse=True)
        body = "|".join(_pattern(s) for s in surfaces)
        self._regex = re.compile(rf"(?<![\w.\-])(?:{body})(?:s|es)?(?![\w])", re.IGNORECASE)
        self._surfaces = tuple(surfaces)

    def _add(self, surface: str, entity_name: str, surfaces: list[str]) -> None:
        key = _key(surface)
        if key and key not in self._by_key:
            self._by_key[key] = entity_name
            surfaces.append(surface)

    def entity(self, name: str) -> Entity | None:
        """Return the pack entity with this canonical name."""
        return self.pack.entity(name)

    def resolve(self, surface: str) -> str | None:
        """Return the canonical entity a whole surface form names, or None."""
        key = _key(surface)
        found = self._by_key.get(key) or self._by_key.get(key.rstrip("s"))
        if found:
            return found
        mentions = self.find(surface)
        return mentions[0].entity if mentions else None

    def find(self, text: str) -> list[EntityMention]:
        """Return the entity mentions in text, left to right, longest name first."""
        mentions: list[EntityMention] = []
        for match in self._regex.finditer(text):
            entity = self._lookup(match.group(0))
            if entity:
                mentions.append(EntityMention(match.start(), match.end(), entity))
        if _CANDIDATE.search(text):
            mentions.extend(self._fuzzy(text, mentions))
            mentions.sort(key=lambda m: m.start)
        return mentions

    def _lookup(self, matched: str) -> str | None:
        key = _key(matched)
        return self._by_key.get(key) or self._by_key.get(key[:-1]) or self._by_key.get(key[:-2])

    def _fuzzy(self, text: str, exact: list[EntityMention]) -> list[EntityMention]:
        found = []
        for match in _CANDIDATE.finditer(text):
            if any(m.start <= match.start() < m.end for m in exact):
                continue
            entity = _fuzzy_lookup(match.group(0), self._surfaces, id(self))
            if entity is not None:
                found.append(
                    EntityMention(match.start(), match.end(), self._by_key[_key(entity)], fuzzy=True)
                )
        return found


@lru_cache(maxsize=65536)
def _fuzzy_lookup(token: str, surfaces: tuple[str, ...], _owner: int) -> str | None:
    if len(token) < 5:
        return None
    best = process.extractOne(token, surfaces, scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF)
    if best is None or not _same_digits(token, best[0]):
        return None
    return best[0]


def _same_digits(a: str, b: str) -> bool:
    return re.findall(r"\d+", a) == re.findall(r"\d+", b)
