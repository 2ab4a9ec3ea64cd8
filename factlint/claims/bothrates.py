"""Give a change said of "both rates" to each of the two rates before it.

"Partners can rent a CS-2 at $1,650 per hour or a Bow Pod16 at $96 per hour; a 12-month
commitment lowers both rates by 25%": the discount is each rented product's cost saving, with
the scope its rate was read at. The words are the language's (english.yaml).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import replace

from factlint.claims.language import Language, alternation
from factlint.models import Block, BlockKind, Claim, Document

_SENTENCE_END = re.compile(r"[.!?](?=\s|\Z)")
_REACH = 300  # how far before "both" the two rates may stand
_PAIRED = 2


def share_both_rates(claims: list[Claim], document: Document, language: Language) -> list[Claim]:
    """Return ``claims`` with each cost saving said of "both rates" (prices) given to each of the
    two products whose rates the text stated just before, at the scope of their rates."""
    if not language.both_rate_nouns or not any(claim.attribute == "cost_savings" for claim in claims):
        return claims
    both = re.compile(rf"\bboth\s+{alternation(language.both_rate_nouns)}", re.I)
    replaced: dict[str, list[Claim]] = {}
    for block in document.blocks:
        if block.kind is BlockKind.TABLE_ROW or "both" not in block.text.lower():
            continue
        for match in both.finditer(block.text):
            shared = _shared(claims, block, match.start(), match.end())
            if shared is not None:
                replaced[shared[0].id] = shared[1]
    if not replaced:
        return claims
    result: list[Claim] = []
    for claim in claims:
        result.extend(replaced.get(claim.id, [claim]))
    return result


def _shared(claims: list[Claim], block: Block, start: int, end: int) -> tuple[Claim, list[Claim]] | None:
    """Return the saving after "both rates" at ``start``..``end`` and its copies, one per rate."""
    stop = _SENTENCE_END.search(block.text, end)
    after = (block.position(end), block.position(stop.start() if stop else len(block.text)))
    saving = next(
        (c for c in claims if c.attribute == "cost_savings" and after[0] <= (c.line, c.column) < after[1]),
        None,
    )
    if saving is None:
        return None
    before = (block.position(max(0, start - _REACH)), block.position(start))
    rates = [
        c
        for c in claims
        if c.attribute in ("hourly_price", "price") and before[0] <= (c.line, c.column) < before[1]
    ]
    owners = list(dict.fromkeys((c.entity, c.scope) for c in rates))[-_PAIRED:]
    if len(owners) != _PAIRED or len({entity for entity, _ in owners}) != _PAIRED:
        return None
    copies = [
        replace(
            saving,
            id=_claim_id(saving.source, saving.line, saving.column, f"{saving.attribute}\0{entity}"),
            entity=entity,
            scope=scope,
            rule=f"{saving.rule}; both-rates",
        )
        for entity, scope in owners
    ]
    return saving, copies


def _claim_id(source: str, line: int, column: int, key: str) -> str:
    digest = hashlib.sha1(f"{source}\0{line}\0{column}\0{key}".encode()).hexdigest()
    return f"c-{digest[:12]}"


__all__ = ["share_both_rates"]
