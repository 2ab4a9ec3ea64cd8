"""Short forms several products share: "NVL72" means the GB300 NVL72 in a document about that rack.

A pack gives a short form to one product ("NVL72" is an alias of the GB200 NVL72), but the
same words end the names of its siblings too ("GB300 NVL72", "DGX GB300 NVL72"). A document
that names one sibling in full, and no other product sharing the form, writes the short form
for that sibling: the alias then names it there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from factlint.claims.entities import EntityMatcher, name_key, name_tokens
from factlint.pack import KnowledgePack


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
