"""Chip counts of an unnamed deployment: "our cluster of 512 H100s", "a POC on 16 GPUs".

A machine's chip_count is how many chips the product holds (tests/eval/README.md, rule 4). A
writer also counts the chips of a deployment the pack does not name: their own site or fleet
("our Oslo hall runs 2,048 GPUs", "our H200 nodes (8 GPUs each)"), a customer's, a trial set up
for a reader ("a pilot on 32 accelerators") or a purchase ("the lab bought 16 cards"). Such a
count has no named container (rule 1), so whatever product the sentence or section is about
does not take it. The owner is a possessive (``deployment_owners``) before a deployment noun
(``deployment_nouns``), a trial noun with its preposition (``trial_phrases``) or a buying verb
(``purchase_verbs``); the count follows it in the same clause. A count stays when a product that
is no chip (an instance, a server, a cluster of the pack) is named between the owner and the
count: "our sv-b300-8 instances, eight B300 GPUs each" counts the named instance's chips.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache

from factlint.claims.fastre import FoldedPattern, compile_folded
from factlint.claims.language import Language, alternation
from factlint.models import Block, Claim, Document
from factlint.pack import KnowledgePack

_CLAUSE_BREAK = re.compile(r"[;:!?]|\.(?:\s|$)|\n\s*\n")
# A counted figure: digits after an optional hedge mark, or a number word; a claim's column gives
# either the mark or the first digit.
_FIGURE = re.compile(r"(?<![\w.])[~≈]?\d|\b[a-z]+\b", re.IGNORECASE)


@lru_cache(maxsize=4)
def owner_pattern(language: Language) -> FoldedPattern:
    """Return the pattern of an unnamed deployment's owner in ``language``: a possessive and up to
    three words before a deployment noun, a trial noun with its preposition, or a buying verb."""
    owners = alternation(language.deployment_owners)
    nouns = alternation(language.deployment_nouns)
    trials = alternation(language.trial_phrases)
    buys = alternation(language.purchase_verbs)
    # the words between a possessive and its noun open on a letter: "our 8x H100 box" counts the box
    return compile_folded(
        rf"{owners}\s+(?:[^\W\d][\w\-.']*\s+){{0,3}}?{nouns}|{trials}|{buys}", re.IGNORECASE
    )


def drop_deployment_counts(
    claims: list[Claim],
    document: Document,
    language: Language,
    pack: KnowledgePack,
    named_in: Callable[[str], Iterable[str]],
) -> list[Claim]:
    """Return ``claims`` without the chip counts that follow an unnamed deployment's owner in their
    clause; ``named_in`` returns the entities a text names."""
    counts = {(claim.line, claim.column) for claim in claims if claim.attribute == "chip_count"}
    if not counts:
        return claims
    lines = {line for line, _ in counts}
    owners = owner_pattern(language)  # cached, but each lookup hashes the whole Language
    owned: set[tuple[int, int]] = set()
    for block in document.blocks:
        last = block.position(max(len(block.text) - 1, 0))[0]
        if any(block.line <= line <= last for line in lines):
            owned.update(_owned_positions(block, owners, counts, pack, named_in))
    if not owned:
        return claims
    return [
        claim
        for claim in claims
        if claim.attribute != "chip_count" or (claim.line, claim.column) not in owned
    ]


def _owned_positions(
    block: Block,
    owners: FoldedPattern,
    counts: set[tuple[int, int]],
    pack: KnowledgePack,
    named_in: Callable[[str], Iterable[str]],
) -> Iterator[tuple[int, int]]:
    """Yield the positions among ``counts`` of the figures that follow an owner in its clause in
    ``block``, with no product other than a chip named from the owner to the figure."""
    text = block.text
    for owner in owners.finditer(text):
        end = _CLAUSE_BREAK.search(text, owner.end())
        clause_end = end.start() if end is not None else len(text)
        for figure in _FIGURE.finditer(text, owner.end(), clause_end):
            for offset in {figure.start(), figure.end() - 1}:
                position = block.position(offset)
                if position in counts and not _names_a_container(
                    text[owner.start() : figure.start()], pack, named_in
                ):
                    yield position


def _names_a_container(text: str, pack: KnowledgePack, named_in: Callable[[str], Iterable[str]]) -> bool:
    """Return True when ``text`` names a product of the pack that is no chip (or one not known)."""
    for name in named_in(text):
        entity = pack.entity(name)
        if entity is None or entity.kind != "chip":
            return True
    return False
