"""Short names a document earns for pack entities: "Corsair" after "d-Matrix", "Rubin" after "Rubin GPU",
"910C" after "Ascend 910C", "910B" after its sibling "Ascend 910C", "Max-Q" after "RTX PRO 6000",
"B60" after "Intel Arc Pro B60".

A pack leaves out a product's bare name when it is also an ordinary word or another thing
("Corsair" is a PC-parts maker, "Helios" a god, "Rubin" an observatory). In a document that
names the product's maker ("d-Matrix ... Corsair", "AMD ... the MI450 racks (Helios)") or the
product in full ("Rubin GPU ... Rubin is"), the bare name means the product there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from factlint.claims.language import holds
from factlint.pack import KnowledgePack

# A proper name: a capitalised word, letters only ("Corsair", "NorthPole"), so that model
# numbers ("A2", "AI 100") and phrases ("first-generation") never become bare names.
_PROPER_NAME = re.compile(r"[A-Z][a-z]+(?:[A-Z][a-z]+)*")
# A version after a family word: "TPU v6e", "TPU v4 pod"; minutes write "v6e", "v4 pods".
_VERSION = re.compile(r"v\d{1,2}[a-z]?")
# A model code after its family word: "Ascend 910C" is "the 910C" once named in full. Digits and
# a capital both, so that a bare number ("Gaudi 3", "EPYC 9965") never becomes a name.
# A machine's code before its scope noun: "A4 VM", "P5 instance" are "A4", "P5" in a document
# that names the machine (by any of its names).
_MACHINE_CODE = re.compile(r"[A-Z][A-Za-z]*\d[A-Za-z\d]*")
_MODEL_CODE = re.compile(r"(?=[A-Z]*\d)(?=\d*[A-Z])[A-Z\d]{3,}")
# A model code closing a longer name: one or two capitals, then digits ("B60" of "Arc Pro B60",
# "A6000" of "RTX A6000"). Not a size ("40GB"), nor a form factor's code ("SXM5", "NVL576").
_CLOSING_CODE = re.compile(r"[A-Z]{1,2}\d{2,5}")
# A variant's hyphenated word ending a name that is another product's name and the word: "Max-Q"
# of "RTX PRO 6000 Blackwell Max-Q" is that variant in a document naming the RTX PRO 6000 Blackwell.
_VARIANT = re.compile(r"[A-Z][a-z]+-[A-Z][A-Za-z\d]*")
# A product word in capitals after its maker: "Rebellions ATOM", "Rebellions REBEL" ("the ATOM chip"
# once the talk has named Rebellions). Four letters at least, so that "the AI" never becomes one.
_CAPITALS = re.compile(r"[A-Z]{4,}")


@dataclass(frozen=True)
class _Candidate:
    """A bare name one entity may earn, and the words that license it in a document."""

    bare: str
    entity: str
    licences: tuple[str, ...]  # the maker or the full name, as written
    # names of other products holding the bare word ("Orin Nano" for "Nano" of Jetson Nano): a
    # document that writes one leaves the bare word unearned
    blockers: tuple[str, ...] = ()


class ShortNames:
    """The bare names a pack's entities may earn; built once per pack, asked once per document."""

    def __init__(self, pack: KnowledgePack) -> None:
        vendors = frozenset(pack.vendor_prefixes)
        chip_nouns = frozenset(noun for scope, nouns in pack.scopes if scope == "chip" for noun in nouns)
        scope_nouns = {scope: frozenset(nouns) for scope, nouns in pack.scopes}
        known = {name.lower() for entity in pack.entities for name in entity.names}
        # Product lines several entities share as their first word ("DGX" of "DGX H100", "DGX B200")
        first_words: dict[str, set[str]] = {}
        for entity in pack.entities:
            first_words.setdefault(entity.name.split()[0], set()).add(entity.name)
        lines = (
            frozenset(
                word
                for word, names in first_words.items()
                if len(names) > 2 and ((word.isupper() and word.isalpha()) or _PROPER_NAME.fullmatch(word))
            )
            - vendors
        )
        owners: dict[str, set[str]] = {}  # a word -> the entities with a name holding it
        for entity in pack.entities:
            for name in entity.names:
                for word in name.split():
                    owners.setdefault(word, set()).add(entity.name)
        coded: dict[str, list[str]] = {}  # "Ascend" -> ["Ascend 910B", "Ascend 910C", ...]
        for entity in pack.entities:
            for name in entity.names:
                words = name.split()
                # A family that is a word ("Ascend"), not a model ("A100 80GB" licenses no "40GB")
                if (
                    len(words) == 2
                    and words[0] == entity.family
                    and _PROPER_NAME.fullmatch(words[0])
                    and _MODEL_CODE.fullmatch(words[1])
                ):
                    coded.setdefault(entity.family, []).append(name)
        candidates = []
        named = {name: entity for entity in pack.entities for name in entity.names}
        by_name = {entity.name: entity for entity in pack.entities}
        for entity in pack.entities:
            for name in entity.names:
                words = name.split()
                base = named.get(" ".join(words[:-1]))
                if (
                    base is not None
                    and base.name != entity.name
                    and _VARIANT.fullmatch(words[-1])
                    and owners[words[-1]] == {entity.name}
                ):
                    candidates.append(_Candidate(words[-1], entity.name, base.names))
                head, _, code = words[-1].rpartition("-")
                hyphened = named.get(" ".join([*words[:-1], head])) if head else None
                if (
                    hyphened is not None
                    and hyphened.name != entity.name
                    and _MACHINE_CODE.fullmatch(code)
                    and code not in owners
                ):
                    # "MLU370-X8 ... the X8 card": a variant spelt as its base's name, a hyphen and a
                    # code is the code alone where the document names the base
                    candidates.append(_Candidate(code, entity.name, hyphened.names))
                if (
                    len(words) >= 2
                    and _CLOSING_CODE.fullmatch(words[-1])
                    and owners[words[-1]] == {entity.name}
                ):
                    # "Intel Arc Pro B60 ... the B60", "RTX A6000 ... vs A6000": once the document
                    # names the product in full, its closing model code alone names it
                    candidates.append(_Candidate(words[-1], entity.name, entity.names))
                if 2 <= len(words) <= 3 and _VERSION.fullmatch(words[1]) and words[0] not in vendors:
                    candidates.append(_Candidate(" ".join(words[1:]), entity.name, (words[0],)))
                if len(words) != 2:
                    continue
                if words[1] in scope_nouns.get(entity.kind, ()) and _MACHINE_CODE.fullmatch(words[0]):
                    # "A4 VM" is "A4" where the document names the VM by any of its names
                    candidates.append(_Candidate(words[0], entity.name, entity.names))
                if words[0] == entity.family and _MODEL_CODE.fullmatch(words[1]):
                    # "Ascend 910C ... the 910B": a sibling's full name licenses the family's codes
                    candidates.append(
                        _Candidate(words[1], entity.name, tuple(coded.get(entity.family, [name])))
                    )
                if words[0] in vendors:
                    candidates.append(_Candidate(words[1], entity.name, (words[0], name)))
                if words[1] in chip_nouns:
                    candidates.append(_Candidate(words[0], entity.name, (name,)))
                others = [by_name[owner] for owner in sorted(owners[words[1]] - {entity.name})]
                if (
                    words[0] in lines
                    and _PROPER_NAME.fullmatch(words[1])
                    and all(other.name.split()[0] == words[0] for other in others)
                ):
                    # "DGX Spark ... the Spark", "Jetson Thor ... Thor": a product line's word before a
                    # proper name that no product outside the line holds; any of its names licenses
                    # it, unless the document names a sibling holding the word ("Jetson Nano ... the
                    # Nano", but not beside "Jetson Orin Nano" or "Orin Nano")
                    blockers = tuple(
                        blocker for other in others for blocker in _holders(other.names, words[1])
                    )
                    candidates.append(_Candidate(words[1], entity.name, entity.names, blockers))
        # Bare names that are no proper name, or already name something, can never be earned.
        self._candidates = tuple(
            c
            for c in candidates
            if (
                _PROPER_NAME.fullmatch(c.bare)
                or (_CAPITALS.fullmatch(c.bare) and c.licences[0] in vendors)
                or _VERSION.match(c.bare)
                or _MODEL_CODE.fullmatch(c.bare)
                or _MACHINE_CODE.fullmatch(c.bare)
                or _VARIANT.fullmatch(c.bare)
            )
            and c.bare.lower() not in known
        )
        # What each bare name is (a version, a proper name) depends on the pack only: found once here.
        self._forms = tuple(
            (
                c,
                bool(_VERSION.fullmatch(c.bare)),
                bool(_PROPER_NAME.fullmatch(c.bare) or _CAPITALS.fullmatch(c.bare)),
            )
            for c in self._candidates
        )

    def licensed(self, text: str) -> tuple[tuple[str, str], ...]:
        """Return (bare name, entity) pairs that ``text`` licenses, each written as the pack writes it.

        A bare name is an entity name without its leading maker (a vendor prefix: "AMD Helios")
        or its trailing chip noun ("Rubin GPU"). It is licensed when the text holds the maker
        (for the first) or the full name (for either) as a whole word. A bare version ("v4")
        must also be used once on its own: a document on TPUs that only says "Commitment
        v1" says nothing of the TPU v1. A bare word the text also writes in lower case
        ("edge" beside "Edge TPU") is an ordinary word there. A bare name that two
        entities would share is left out.
        """
        found: dict[str, set[str]] = {}
        for candidate, version, proper in self._forms:
            if version:
                licensed = _free_use(text, candidate.bare, candidate.licences)
            elif proper and (
                holds(text, candidate.bare.lower())
                or (candidate.bare.isupper() and _capitals_taken(text, candidate.bare))
            ):
                # "edge modules" beside "Edge TPU", "an Intel Atom" beside "Rebellions ATOM": the bare
                # word is an ordinary one or another thing's name here
                licensed = False
            else:
                licensed = any(holds(text, words) for words in candidate.licences) and not any(
                    holds(text, words) for words in candidate.blockers
                )
            if licensed:
                found.setdefault(candidate.bare, set()).add(candidate.entity)
        return tuple((bare, next(iter(entities))) for bare, entities in found.items() if len(entities) == 1)


def _holders(names: tuple[str, ...], bare: str) -> tuple[str, ...]:
    """Return how a text names a product whose ``names`` hold the word ``bare``: each name, and the
    word with the one before it ("Orin Nano" of "Jetson Orin Nano")."""
    found = list(names)
    for name in names:
        words = name.split()
        found += [f"{words[index - 1]} {bare}" for index, word in enumerate(words) if word == bare and index]
    return tuple(dict.fromkeys(found))


def _capitals_taken(text: str, bare: str) -> bool:
    """Return True when ``text`` uses a capitalised bare word otherwise: as a name in title case
    ("an Intel Atom") or as part of a longer code ("HB-ATOM.8", "ATOM-Max")."""
    if holds(text, bare.capitalize()):
        return True
    if bare.isalnum() and bare not in text:
        return False  # both glued forms write the word as it is: no regex over the whole text
    glued = re.compile(rf"\w[-.]{bare}(?![a-z])|(?<![A-Za-z]){bare}[-.]\w")
    return glued.search(text) is not None


_WORD_BEFORE = re.compile(r"([A-Z][A-Za-z]+)[ \t]+$")  # "Commitment " before "v1"


def _free_use(text: str, bare: str, licences: tuple[str, ...]) -> bool:
    """Return True when ``licences`` stand in ``text`` and ``bare`` is used once on its own.

    A version right after another capitalised word ("Commitment v1", "Plan v2") is that
    thing's version; after the family word, a bracket or a lower-case word it is free.
    """
    if not any(holds(text, words) for words in licences):
        return False
    family = {word for words in licences for word in words.split()}
    for found in re.finditer(r"(?<![\w-])" + re.escape(bare) + r"(?![\w-])", text):
        before = _WORD_BEFORE.search(text, max(0, found.start() - 40), found.start())
        if before is None or before.group(1) in family:
            return True
    return False
