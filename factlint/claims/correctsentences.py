"""Figures an erratum sentence replaces in the sentence before ("Correct are 8 TB/s.").

A correction notice first restates what an earlier issue printed, then opens the next sentence by
calling its own figures the correct ones ("Correct are 8 TB/s and CHF 19.80/h.", "The correct figures
are 96 GB and 700 W."). Each figure of the sentence before that has the attribute and unit of one of
the correct figures, and another value, is withdrawn. A figure of another attribute stays: the
erratum corrects only what it restates. The opener must start the sentence, so "the figure is
correct" or "correct cooling is 40 kW" further on decides nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation
from factlint.models import Block, Claim, Document

_LEAD = r"[ \t\"'“‘(*_]*"  # quotes, brackets and emphasis before the opener


def drop_corrected_sentences(claims: list[Claim], document: Document, language: Language) -> list[Claim]:
    """Return ``claims`` without the figures that a following "Correct are ..." sentence replaces."""
    if not claims or not language.correct_sentence_openers or not language.correct_sentence_copulas:
        return claims
    guard = compile_folded(alternation(language.correct_sentence_openers), re.I)
    opener = compile_folded(
        _LEAD
        + alternation(language.correct_sentence_openers)
        + r"[ \t]*:?[ \t]+"
        + alternation(language.correct_sentence_copulas)
        + r"[ \t]*:?[ \t]+",
        re.I,
    )
    dropped: set[int] = set()
    previous: Block | None = None
    for block in document.blocks:
        before, previous = previous, block
        if guard.search(block.text) is None:
            continue  # most blocks hold no opener: skip their sentences
        spans = block.sentence_spans()
        for index, (start, end) in enumerate(spans):
            found = opener.match(block.text, start, end)
            if found is None:
                continue
            if index:
                restated = _within(claims, block, *spans[index - 1])
            elif before is not None and before.line + before.text.count("\n") == block.line - 1:
                # a line-per-block text: the sentence before ends the block on the line above
                restated = _within(claims, before, *before.sentence_spans()[-1])
            else:
                continue
            correct = _within(claims, block, found.end(), end)
            kinds = {(claim.attribute, claim.unit) for _, claim in correct}
            values = {(claim.attribute, claim.unit, claim.value) for _, claim in correct}
            for position, claim in restated:
                if (claim.attribute, claim.unit) in kinds and (
                    claim.attribute,
                    claim.unit,
                    claim.value,
                ) not in values:
                    dropped.add(position)
    return [claim for position, claim in enumerate(claims) if position not in dropped]


def _within(claims: Sequence[Claim], block: Block, start: int, end: int) -> list[tuple[int, Claim]]:
    """Return the claims (with their index) whose figure starts in ``block.text[start:end]``."""
    first = block.position(start)
    last = block.position(max(start, end - 1))
    return [
        (position, claim)
        for position, claim in enumerate(claims)
        if first <= (claim.line, claim.column) <= last
    ]
