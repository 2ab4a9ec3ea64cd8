"""Scope statements that cover a record or a section: "every figure in this entry is per card"."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from functools import lru_cache

from factlint.claims.language import alternation
from factlint.models import Block, BlockKind, Claim
from factlint.sources.packaged import packaged_file

Namer = Callable[[str], Iterable[str]]  # text -> entity names it mentions, left to right
KindOf = Callable[[str], "str | None"]  # entity -> its kind in the pack (chip, card, ...)
_PER_NOUN = re.compile(r"(?:\bper|\beach|/)\s*([A-Za-z][\w\-]*)", re.I)  # "per chip", "each GPU", "/card"
_NOUN_WITHIN = 3  # "per dual-GPU card": the unit's noun comes within this many words of "per"


@lru_cache(maxsize=1)
def _words() -> tuple[re.Pattern[str], frozenset[str], tuple[str, ...]]:
    """Return the statement pattern, the attributes a statement leaves alone and the words opening a
    stated unit, from recordscopes.yaml."""
    raw = packaged_file("factlint.claims", "recordscopes.yaml")
    quantifiers = alternation(raw.words("quantifiers"))
    determiners = alternation(raw.words("determiners"), hyphens=False)
    nouns = alternation(raw.words("figure_nouns"))
    places = alternation(raw.words("places"))
    per_words = tuple(raw.words("per_words"))
    # "every figure in this entry is per card", "all figures per GPU", "figures below are per node"
    statement = re.compile(
        rf"(?:{quantifiers}\s+(?:{determiners}\s+)?{nouns}|{nouns}\s+{places})"
        rf"[^.;:!?]{{0,40}}?{alternation(per_words)}\s+((?:[\w\-]+\s+){{0,{_NOUN_WITHIN - 1}}}[\w\-]+)",
        re.I,
    )
    return statement, frozenset(raw.words("kept_attributes")), per_words


def statement_scope(text: str, scope_of_noun: Mapping[str, str]) -> str | None:
    """Return the scope a sentence of ``text`` states for every figure around it, or None.

    "One card carries two GPUs; every figure in this entry is per card unless noted." gives
    "card"; "Figures below are per node." gives the node's scope. A statement about one
    attribute ("power is per card") or a figure's own scope ("80 GB per card") is none.
    """
    statement, _, per_words = _words()
    if not any(word in text for word in per_words):
        return None  # most blocks: a substring test before the pattern
    for found in statement.finditer(text):
        for word in found.group(1).split():
            scope = scope_of_noun.get(word.lower())
            if scope is not None:
                return scope
    return None


def rescoped(
    blocks: Sequence[Block],
    claims: list[Claim],
    claim_blocks: Sequence[int],
    scope_of_noun: Mapping[str, str],
    names_in: Namer,
    kind_of: KindOf,
) -> list[Claim]:
    """Return ``claims`` with the figures of each record that states their scope moved to it.

    A statement block owned by a product (its bold label, or its heading naming one) covers
    the blocks next to it that belong to the same product (labelled with it, under a heading
    naming it, or a table row whose first cell names it). Their figures read at the product's
    own kind take the stated scope, unless their block names that kind itself ("unless noted":
    "24 GB per chip"); attributes a product has once (process node, dates, counts of chips) keep
    theirs.
    """
    moves: dict[int, str] = {}  # block index -> stated scope
    for index, block in enumerate(blocks):
        if block.kind is BlockKind.TABLE_ROW or block.kind is BlockKind.HEADING:
            continue
        scope = statement_scope(block.text, scope_of_noun)
        if scope is None:
            continue
        owner = _owner(block, names_in)
        if owner is None:
            continue
        for covered in _record(blocks, index, owner, names_in):
            if covered != index:
                moves.setdefault(covered, scope)
    if not moves:
        return claims
    _, kept, _ = _words()
    own: dict[int, set[str]] = {}  # block index -> scopes its own text names ("24 GB per chip")
    out = []
    for claim, index in zip(claims, claim_blocks, strict=True):
        scope = moves.get(index)
        if (
            scope is not None
            and claim.attribute not in kept
            and claim.unit != "date"
            and claim.scope is not None
            and claim.scope == kind_of(claim.entity)
            and claim.scope != scope
            and claim.entity == _owner_of_claim(blocks[index], names_in, claim.entity)
            and claim.scope not in own.setdefault(index, _named_scopes(blocks[index].text, scope_of_noun))
        ):
            claim = replace(claim, scope=scope, rule=f"{claim.rule}; record-scope")
        out.append(claim)
    return out


def _owner(block: Block, names_in: Namer) -> str | None:
    """Return the product a block belongs to: its label's, else its innermost heading's, if named."""
    for text in (block.label, block.headings[-1] if block.headings else None):
        if text:
            named = list(names_in(text))
            if named:
                return named[0]
    return None


def _belongs(block: Block, owner: str, names_in: Namer) -> bool:
    """Return True when ``block`` is part of ``owner``'s record or section."""
    if block.kind is BlockKind.HEADING:
        return False
    if block.kind is BlockKind.TABLE_ROW and block.cells:
        named = list(names_in(block.cells[0].text))
        if named:  # a record's row ("Flex 140 | 12 | 336"), not a key/value row under its heading
            return named[0] == owner
    return _owner(block, names_in) == owner


def _record(blocks: Sequence[Block], index: int, owner: str, names_in: Namer) -> list[int]:
    """Return the indexes of the run of blocks around ``index`` that belong to ``owner``."""
    start = index
    while start > 0 and _belongs(blocks[start - 1], owner, names_in):
        start -= 1
    end = index + 1
    while end < len(blocks) and _belongs(blocks[end], owner, names_in):
        end += 1
    return list(range(start, end))


def _owner_of_claim(block: Block, names_in: Namer, entity: str) -> str | None:
    """Return ``entity`` when the block belongs to it, so a figure of another product stays put."""
    return entity if _belongs(block, entity, names_in) else None


def _named_scopes(text: str, scope_of_noun: Mapping[str, str]) -> set[str]:
    """Return the scopes a block's own text gives its figures ("24 GB per chip", "each GPU")."""
    if "per" not in text and "each" not in text and "/" not in text:
        return set()
    return {scope for word in _PER_NOUN.findall(text) if (scope := scope_of_noun.get(word.lower()))}
