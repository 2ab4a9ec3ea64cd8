"""A remark that doubts all of one product's figures: "BR104 figures ... were never confirmed".

An API response's error entry, a catalogue's note or a footnote under a table often doubts a
product's figures wholesale rather than one figure: "The X9 figures come from a briefing and were
never confirmed", "specs for the X9 are unverified". Such a sentence names the product next to a
figures noun (``doubted_figure_nouns`` in ``english.yaml``: figures, specs, numbers) and doubts them
(``hedges_after``). Each figure the document gives that product in a table row or data record is
then ``likely``, as a doubting legend makes the figures it marks (``markeddoubts``). A bound (``up
to``) stays, and dates stay plain: a date is no figure of the product's specification.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from factlint.claims.doubts import SENTENCE_END, doubt_words, made_likely
from factlint.claims.fastre import FoldedPattern, compile_folded
from factlint.claims.language import Language, alternation
from factlint.models import BlockKind, Claim, Document

Mention = tuple[int, int, str]  # a product named in a text: start, end, entity
_OWNER_BEFORE = re.compile(r"(?:['’]s)?\s*")  # between the product's name and the noun: "X9's "
_NAME_REACH = 40  # how far before a figures noun the product's name may stand ("the X9's figures")


@cache
def _patterns(
    nouns: tuple[str, ...], hedges: tuple[str, ...], links: tuple[str, ...], articles: tuple[str, ...]
) -> tuple[FoldedPattern, FoldedPattern, re.Pattern[str]]:
    # folded: the noun test runs on every paragraph of every document
    # the owner after the noun: "specs for the X9", "the figures of BR104"
    owner_after = re.compile(r"\s+" + alternation(links) + r"\s+(?:" + alternation(articles) + r"\s+)?", re.I)
    return compile_folded(alternation(nouns), re.I), doubt_words(hedges), owner_after


def doubt_named_figures(
    claims: list[Claim], document: Document, language: Language, mentions: Callable[[str], list[Mention]]
) -> list[Claim]:
    """Return ``claims`` with each record or table figure of a product whose figures a sentence of the
    document doubts made ``likely``."""
    if not language.doubted_figure_nouns:
        return claims
    nouns, hedges, owner_after = _patterns(
        language.doubted_figure_nouns, language.hedges_after, language.doubted_figure_links, language.articles
    )
    doubted: set[str] = set()
    for block in document.blocks:
        if block.kind is BlockKind.PARAGRAPH and nouns.search(block.text) is not None:
            doubted |= _doubted_products(block.text, (nouns, hedges, owner_after), mentions)
    if not doubted:
        return claims
    lines = {block.line for block in document.blocks if block.kind is BlockKind.TABLE_ROW} | {
        line for block in document.blocks if block.kind is BlockKind.TABLE_ROW for _, line, _ in block.anchors
    }
    return [
        made_likely(claim)
        if claim.entity in doubted and claim.unit != "date" and claim.line in lines
        else claim
        for claim in claims
    ]


def _doubted_products(
    text: str,
    patterns: tuple[FoldedPattern, FoldedPattern, re.Pattern[str]],
    mentions: Callable[[str], list[Mention]],
) -> set[str]:
    """Return the products whose figures a sentence of ``text`` doubts: a product named right before a
    figures noun ("BR104 figures", "the X9's specs") or right after it ("figures for the X9"), and a
    doubt after the noun in the same sentence. A product named further off ("compared with the X9,
    these figures ...") is not the figures' owner."""
    nouns, hedges, owner_after = patterns
    found: set[str] = set()
    for noun in nouns.finditer(text):
        end = SENTENCE_END.search(text, noun.end())
        sentence_end = end.start() if end is not None else len(text)
        if hedges.search(text, noun.end(), sentence_end) is None:
            continue
        begin = max(0, noun.start() - _NAME_REACH)
        window = text[begin : noun.start()]
        found |= {entity for _, stop, entity in mentions(window) if _OWNER_BEFORE.fullmatch(window, stop)}
        after = owner_after.match(text, noun.end())  # "specs for the X9 are unverified"
        if after is not None:
            found |= {entity for start, _, entity in mentions(text[after.end() : sentence_end]) if start == 0}
    return found
