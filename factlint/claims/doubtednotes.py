"""A record's own note that doubts one of its figures: "hwNote: list price ... never confirmed".

Directory exports, inventories and catalogues keep free text beside a record's figures (an LDIF
``hwNote``, a ``description`` or ``comment`` key): "list price is a reseller's quote, never
confirmed", "TDP unverified". The readers file such a note as a paragraph under the record's name,
right after the record's row. When the note names an attribute (its first cue word, ``cues`` in the
pack) and doubts it (``hedges_after``), the record's figure of that attribute is ``likely``; its
other figures stay stated. A bound (``up to``) stays, and dates stay plain, as in
``doubtedfigures``.
"""

from __future__ import annotations

import dataclasses
import re
from functools import cache

from factlint.claims.fastre import FoldedPattern, compile_folded
from factlint.claims.language import Language, alternation
from factlint.models import Block, BlockKind, Claim, Document
from factlint.pack import KnowledgePack

_REPLACED = (None, "about")  # the qualifiers a doubt replaces (a bound is kept)
_SENTENCE_END = re.compile(r"[.;!?](?:\s|$)")


@cache
def _hedges(hedges: tuple[str, ...]) -> FoldedPattern:
    return compile_folded(alternation(hedges), re.I)


@cache
def _cues(attributes: tuple[tuple[str, tuple[str, ...]], ...]) -> tuple[re.Pattern[str], dict[str, str]]:
    owners = {_key(cue): name for name, cues in attributes for cue in cues if cue.strip()}
    return re.compile(alternation(tuple(owners)), re.I), owners


def _key(cue: str) -> str:
    return re.sub(r"[\s\-]+", " ", cue).strip().lower()


def doubt_noted_figures(
    claims: list[Claim], document: Document, language: Language, pack: KnowledgePack
) -> list[Claim]:
    """Return ``claims`` with each record figure whose attribute the record's own note doubts made
    ``likely``."""
    if not language.hedges_after:
        return claims
    hedges = _hedges(language.hedges_after)
    doubted: dict[int, set[str]] = {}  # a record row's line -> the attributes its note doubts
    row: Block | None = None
    for block in document.blocks:
        if block.kind is BlockKind.TABLE_ROW:
            row = block
            continue
        if (
            row is not None
            and block.kind is BlockKind.PARAGRAPH
            and _under_record(block, row)
            and hedges.search(block.text) is not None
        ):
            attributes = _doubted_attributes(block.text, hedges, pack)
            if attributes:
                for line in {row.line} | {line for _, line, _ in row.anchors}:
                    doubted.setdefault(line, set()).update(attributes)
        row = row if block.kind is BlockKind.PARAGRAPH else None
    if not doubted:
        return claims
    return [
        dataclasses.replace(claim, qualifier="likely")
        if claim.attribute in doubted.get(claim.line, ())
        and claim.qualifier in _REPLACED
        and claim.unit != "date"
        else claim
        for claim in claims
    ]


def _under_record(note: Block, row: Block) -> bool:
    """Return True when ``note`` is filed under the record ``row`` names: its last heading is the
    row's first cell (a Markdown paragraph after a table is not)."""
    return bool(note.headings and row.cells) and note.headings[-1] == row.cells[0].text


def _doubted_attributes(text: str, hedges: FoldedPattern, pack: KnowledgePack) -> set[str]:
    """Return the attribute each doubting sentence of a note names first: "list price is a quote,
    never confirmed" doubts the price."""
    cues, owners = _cues(tuple((a.name, a.cues) for a in pack.attributes))
    found: set[str] = set()
    begin = 0
    while begin < len(text):
        end = _SENTENCE_END.search(text, begin)
        stop = end.end() if end is not None else len(text)
        hedge = hedges.search(text, begin, stop)
        if hedge is not None:
            cue = cues.search(text, begin, hedge.start())
            if cue is not None and _key(cue.group(0)) in owners:
                found.add(owners[_key(cue.group(0))])
        begin = stop
    return found
