"""Short forms several products share: "NVL72" means the GB300 NVL72 in a document about that rack.

A machine named by its part and its noun ("a GB300 rack") is likewise the machine of that
part the document names in full ("GB300 NVL72", whose pack alias is "GB300 NVL72 rack").

A pack gives a short form to one product ("NVL72" is an alias of the GB200 NVL72), but the
same words end the names of its siblings too ("GB300 NVL72", "DGX GB300 NVL72"). A document
that names one sibling in full, and no other product sharing the form, writes the short form
for that sibling: the alias then names it there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from factlint.claims.entities import EntityMatcher, name_key, name_tokens
from factlint.pack import PART_KINDS, KnowledgePack


@dataclass(frozen=True)
class SharedForm:
    """A short form (an alias that ends its owner's name) and every product whose name it ends."""

    alias: str
    key: str
    owner: str
    products: frozenset[str]  # the owner and its siblings


def shared_forms(pack: KnowledgePack) -> tuple[SharedForm, ...]:
    """Return the pack's short forms that end the names of more than one product.

    An alias is a short form when its words are the last words of its own entity's name
    ("NVL72" of "GB200 NVL72"); one that is no part of that name ("UltraClusters" of
    "UltraCluster") is a product's own name and stays with it.
    """
    named = [(entity.name, name_tokens(name)) for entity in pack.entities for name in entity.names]
    forms = []
    for entity in pack.entities:
        own = name_tokens(entity.name)
        for alias in entity.aliases:
            words = name_tokens(alias)
            if not words or len(words) >= len(own) or own[-len(words) :] != words:
                continue
            products = {
                other for other, full in named if len(full) > len(words) and full[-len(words) :] == words
            }
            if len(products) > 1:
                forms.append(SharedForm(alias, name_key(alias), entity.name, frozenset(products)))
    return tuple(forms)


def document_forms(
    forms: tuple[SharedForm, ...], texts: Sequence[str], matcher: EntityMatcher
) -> tuple[tuple[str, str], ...]:
    """Return (short form, product) pairs for the short forms a document writes for a sibling of their owner.

    ``texts`` are the document's blocks in order. A short form moves to a sibling when the
    sibling is the only product sharing the form that the document names in full, and it
    does so before the short form's first use.
    """
    folded = "\n".join(texts).casefold()
    forms = tuple(form for form in forms if form.alias.casefold() in folded)
    if not forms:
        return ()
    # Block by block: the matcher caches what it found in each block for the extraction after.
    mentions = [(m.entity, name_key(text[m.start : m.end])) for text in texts for m in matcher.find(text)]
    moved = []
    for form in forms:
        uses = [index for index, (_, key) in enumerate(mentions) if key in (form.key, form.key + "s")]
        named = {
            (index, entity)
            for index, (entity, key) in enumerate(mentions)
            if entity in form.products and key not in (form.key, form.key + "s")
        }
        products = {entity for _, entity in named}
        if not uses or len(products) != 1 or form.owner in products:
            continue
        if min(index for index, _ in named) < uses[0]:
            moved.append((form.alias, products.pop()))
    return tuple(moved)


@dataclass(frozen=True)
class PartMachine:
    """A machine's name by its part and noun ("GB300 rack" of the GB300 NVL72)."""

    alias: str
    machine: str


def part_machines(pack: KnowledgePack) -> tuple[PartMachine, ...]:
    """Return the names "<part> <noun>" a pack's machines may go by.

    A machine (no chip or card) whose family is a chip or card of the pack ("GB300 NVL72" of family "GB300")
    and that has an alias of its name and a scope noun ("GB300 NVL72 rack") may be called by
    the part and that noun ("GB300 rack"), unless that already names something.
    """
    kinds = {entity.name: entity.kind for entity in pack.entities}
    nouns = {noun for _, scope_nouns in pack.scopes for noun in scope_nouns}
    known = {name_key(name) for entity in pack.entities for name in entity.names}
    found = []
    for entity in pack.entities:
        family = entity.family
        if entity.kind in PART_KINDS or family is None or kinds.get(family) not in PART_KINDS:
            continue
        for alias in entity.aliases:
            noun = alias[len(entity.name) + 1 :] if alias.startswith(entity.name + " ") else ""
            if noun in nouns and name_key(f"{family} {noun}") not in known:
                found.append(PartMachine(f"{family} {noun}", entity.name))
    return tuple(found)


def document_part_machines(
    machines: tuple[PartMachine, ...], texts: Sequence[str], matcher: EntityMatcher
) -> tuple[tuple[str, str], ...]:
    """Return (alias, machine) pairs for the "<part> <noun>" names a document gives its machines.

    The name is the machine's where the document names that machine, and no other machine
    sharing the name, before the name's first use.
    """
    folded = "\n".join(texts).casefold()
    machines = tuple(m for m in machines if m.alias.casefold() in folded)
    if not machines:
        return ()
    text = "\n".join(texts)
    named: dict[str, int] = {}  # where each product is first named
    for offset, block in _offsets(texts):
        for mention in matcher.find(block):
            named.setdefault(mention.entity, offset + mention.start)
    chosen: dict[str, set[str]] = {}
    for machine in machines:
        first_use = text.casefold().find(machine.alias.casefold())
        if machine.machine in named and named[machine.machine] < first_use:
            chosen.setdefault(machine.alias, set()).add(machine.machine)
    return tuple((alias, found.pop()) for alias, found in chosen.items() if len(found) == 1)


def _offsets(texts: Sequence[str]) -> list[tuple[int, str]]:
    """Return each text with where it starts in the texts joined by line breaks."""
    found, offset = [], 0
    for text in texts:
        found.append((offset, text))
        offset += len(text) + 1
    return found
