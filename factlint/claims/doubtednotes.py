"""A record's own note that doubts one of its figures: "hwNote: list price ... never confirmed".

Directory exports, inventories and catalogues keep free text beside a record's figures (an LDIF
``hwNote``, a ``description`` key, a trailing ``#`` comment): "list price is a reseller's quote,
never confirmed", "TDP unverified". The readers file such a note as a paragraph under the record's
name, after the record's rows. When the note names an attribute (its first cue word, ``cues`` in
the pack) and doubts it (``hedges_after``), the record's figure of that attribute is ``likely``;
its other figures stay stated. A note that names no attribute but stands on a figure's own line (a
trailing comment: "street_price_usd: 1850  # one source, never confirmed") doubts that figure. A
bound (``up to``) stays, and dates stay plain, as in ``doubtedfigures``.
"""

from __future__ import annotations

import re
from functools import cache

from factlint.claims.doubts import SENTENCE_END, doubt_words, made_likely
from factlint.claims.fastre import FoldedPattern
from factlint.claims.language import Language, alternation
from factlint.models import Block, BlockKind, Claim, Document
from factlint.pack import KnowledgePack


@cache
def _cues(attributes: tuple[tuple[str, tuple[str, ...]], ...]) -> tuple[re.Pattern[str], dict[str, str]]:
    owners = {_key(cue): name for name, cues in attributes for cue in cues if cue.strip()}
    return re.compile(alternation(tuple(owners)), re.I), owners


def _key(cue: str) -> str:
    return re.sub(r"[\s\-]+", " ", cue).strip().lower()


def doubt_noted_figures(
    claims: list[Claim], document: Document, language: Language, pack: KnowledgePack
) -> list[Claim]:
    """Return ``claims`` with each record figure that the record's own note doubts (by its attribute,
    or on its line) made ``likely``."""
    if not language.hedges_after:
        return claims
    hedges = doubt_words(language.hedges_after)
    doubted: dict[int, set[str] | None] = {}  # a record line -> the attributes doubted there (None: all)
    rows: list[Block] = []  # the rows of the record read last (a nested record gives more than one)
    for block in document.blocks:
        if block.kind is BlockKind.TABLE_ROW:
            rows = [*rows, block] if rows and _name(rows[0]) == _name(block) else [block]
            continue
        if block.kind is not BlockKind.PARAGRAPH:
            rows = []
            continue
        if rows and _under_record(block, rows[0]) and hedges.search(block.text) is not None:
            _note_doubts(doubted, block, rows, _doubted_attributes(block.text, hedges, pack))
    if not doubted:
        return claims
    return [
        made_likely(claim)
        if claim.line in doubted
        and (doubted[claim.line] is None or claim.attribute in (doubted[claim.line] or ()))
        and claim.unit != "date"
        else claim
        for claim in claims
    ]


def _name(row: Block) -> str:
    return row.cells[0].text if row.cells else ""


def _under_record(note: Block, row: Block) -> bool:
    """Return True when ``note`` is filed under the record ``row`` names: its last heading is the
    row's first cell (a Markdown paragraph after a table is not)."""
    return bool(note.headings and row.cells) and note.headings[-1] == _name(row)


def _note_doubts(
    doubted: dict[int, set[str] | None], note: Block, rows: list[Block], attributes: set[str]
) -> None:
    """Record in ``doubted`` what a doubting note makes likely: the figures of the attributes it
    names in all the record's rows, or, when it names none, the figures on its own line (a trailing
    comment: "street_price_usd: 1850  # never confirmed")."""
    lines = {line for row in rows for line in (row.line, *(line for _, line, _ in row.anchors))}
    if attributes:
        for line in lines:
            current = doubted.setdefault(line, set())
            if current is not None:  # None: the line's figures are doubted already, all of them
                current.update(attributes)
    elif note.line in lines:
        doubted[note.line] = None


def _doubted_attributes(text: str, hedges: FoldedPattern, pack: KnowledgePack) -> set[str]:
    """Return the attribute each doubting sentence of a note names first: "list price is a quote,
    never confirmed" doubts the price."""
    cues, owners = _cues(tuple((a.name, a.cues) for a in pack.attributes))
    found: set[str] = set()
    begin = 0
    while begin < len(text):
        end = SENTENCE_END.search(text, begin)
        stop = end.end() if end is not None else len(text)
        hedge = hedges.search(text, begin, stop)
        if hedge is not None:
            cue = cues.search(text, begin, hedge.start())
            if cue is not None and _key(cue.group(0)) in owners:
                found.add(owners[_key(cue.group(0))])
        begin = stop
    return found
