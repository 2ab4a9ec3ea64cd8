"""Figures an erratum sentence replaces in the sentence before ("Correct are 8 TB/s.").

A correction notice first restates what an earlier issue printed, then opens the next sentence by
calling its own figures the correct ones ("Correct are 8 TB/s and CHF 19.80/h.", "The correct figures
are 96 GB and 700 W.", or tersely "Correct value: 128 GB."), or by a verdict and a colon calling the
sentence before out of date ("Outdated: the datasheet gives 35 W."). Each figure of the sentence before
that has the attribute and unit of one of the correct figures, and another value, is withdrawn. A
figure of another attribute stays: the erratum corrects only what it restates. The opener must start
the sentence, so "the figure is correct" or "correct cooling is 40 kW" further on decides nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation
from factlint.models import Block, Claim, Document

_LEAD = r"[ \t\"'“‘(*_]*"  # quotes, brackets and emphasis before the opener
# the rules of a figure the text itself gives to a named product ("...; that is the L4 figure",
# "..., the L4's figure"): see reassigned.py and the figure's owner after it in extract.py
_HANDED = ("prose.reassigned", "prose.figure-of")


def drop_corrected_sentences(claims: list[Claim], document: Document, language: Language) -> list[Claim]:
    """Return ``claims`` without the figures that a following "Correct are ..." sentence replaces."""
    if not claims or not language.correct_sentence_openers or not language.correct_sentence_copulas:
        return claims
    guard = compile_folded(
        alternation(language.correct_sentence_openers + language.superseded_verdicts), re.I
    )
    # "the correct value for the accelerator HL-338 is": a short phrase may say what it is of
    link = (
        rf"(?:\s+{alternation(language.correct_sentence_links)}\s+[^;.!?:]{{1,60}}?)?"
        if language.correct_sentence_links
        else ""
    )
    # "Correct value: 128 GB.": a colon right after the opener stands for the copula
    body = (
        alternation(language.correct_sentence_openers)
        + link
        + r"(?:[ \t]*:[ \t]+|[ \t]*:?[ \t]+"
        + alternation(language.correct_sentence_copulas)
        + r"[ \t]*:?[ \t]+)"
    )
    opener = compile_folded(_LEAD + body, re.I)
    # "Outdated: the datasheet gives 35 W.": a verdict on the sentence before, then its new figures
    verdict = (
        compile_folded(_LEAD + alternation(language.superseded_verdicts) + r"[ \t]*:[ \t]+", re.I)
        if language.superseded_verdicts
        else None
    )
    # "the power was given as 600 W; the correct value is 900 W": a clause after a semicolon
    # corrects the clause before it as a sentence corrects the sentence before
    after_semicolon = compile_folded(r";[ \t]*" + _LEAD + body, re.I)
    # "listed 96 GB per instance in error": a figure, at most four words, an error noun
    marked_wrong = (
        compile_folded(
            r"(?<![\w.])\d[\d.,]*(?:[ \t]*[^\s\d.;!?]+)?(?:[ \t]+[A-Za-z][\w\-]*){0,4}[ \t]+"
            + alternation(language.error_nouns)
            + r"(?=\s*(?:[.,;:!?)\n]|$))",
            re.I,
        )
        if language.error_nouns
        else None
    )
    dropped: set[int] = set()
    previous: Block | None = None
    for block in document.blocks:
        before, previous = previous, block
        if guard.search(block.text) is None:
            continue  # most blocks hold no opener: skip their sentences
        spans = block.sentence_spans()
        for index, (start, end) in enumerate(spans):
            clause = after_semicolon.search(block.text, start, end)
            if clause is not None:
                _drop_restated(
                    claims,
                    _within(claims, block, start, clause.start()),
                    _within(claims, block, clause.end(), end),
                    dropped,
                )
            found = opener.match(block.text, start, end)
            if found is None and verdict is not None:
                found = verdict.match(block.text, start, end)
            if found is None:
                continue
            if index:
                restated_block, restated_span = block, spans[index - 1]
            elif before is not None and before.line + before.text.count("\n") == block.line - 1:
                # a line-per-block text: the sentence before ends the block on the line above
                restated_block, restated_span = before, before.sentence_spans()[-1]
            else:
                continue
            restated = _within(claims, restated_block, *restated_span)
            marked = marked_wrong.search(restated_block.text, *restated_span) if marked_wrong else None
            if marked is not None:
                # "... 48 GB of GDDR6; the old sheet listed 96 GB per instance in error. The correct
                # figure is 192 GB.": the erratum replaces the figure the sentence marks wrong, not
                # the sentence's other figures
                restated = _within(claims, restated_block, marked.start(), marked.end())
            _drop_restated(claims, restated, _within(claims, block, found.end(), end), dropped)
    return [claim for position, claim in enumerate(claims) if position not in dropped]


def _drop_restated(
    claims: Sequence[Claim],
    restated: list[tuple[int, Claim]],
    correct: list[tuple[int, Claim]],
    dropped: set[int],
) -> None:
    """Add to ``dropped`` the positions of the ``restated`` claims that a ``correct`` figure of
    their attribute and unit, with another value, replaces (returns nothing)."""
    kinds = {(claim.attribute, claim.unit) for _, claim in correct}
    values = {(claim.attribute, claim.unit, claim.value) for _, claim in correct}
    owners = {claim.entity for _, claim in correct}
    for position, claim in restated:
        if claim.rule.startswith(_HANDED) and claim.entity not in owners:
            # "v2 said 95 GB; that is the TPU v5p figure. Correct is 192 GB.": the text handed the
            # old figure to another product, whose true figure it stays; the erratum fixes the subject's
            continue
        replaced = (claim.attribute, claim.unit, claim.value) not in values
        if replaced and (claim.attribute, claim.unit) in kinds:
            dropped.add(position)


def _within(claims: Sequence[Claim], block: Block, start: int, end: int) -> list[tuple[int, Claim]]:
    """Return the claims (with their index) whose figure starts in ``block.text[start:end]``."""
    first = block.position(start)
    last = block.position(max(start, end - 1))
    return [
        (position, claim)
        for position, claim in enumerate(claims)
        if first <= (claim.line, claim.column) <= last
    ]
