"""Give a correction note's figure the product of the earlier figure it restates.

A note under a table or at the foot of a release corrects the body: "In the first version of this
release the TBP was given as 1.000 W. Correct is 1.400 W." The note names no product, so its figure
falls to the document's topic (the cluster the release is about). The body already gives the right
figure ("| Board power (TBP) | 1.400 W |" in the accelerator's table): the note restates it, so it
is that figure's fact, with its product and scope. A figure the note takes from its own sentence's
product ("the correct value is 94 GB per accelerator" of the H100 NVL named before) keeps it.

The restated figure must stand in the note's own section (the same headings above it), and the
note's context product must give no figure of its own for that attribute: a release about one
accelerator whose body says 750 W and whose note says "Correct is 700 W" corrects that
accelerator, whatever other product a comparison gave 700 W.
"""

from __future__ import annotations

import bisect
import dataclasses
import math
import re

from factlint.claims.fastre import FoldedPattern, compile_folded
from factlint.claims.language import Language, alternation, either
from factlint.models import Claim, Document


def give_corrections_their_owner(claims: list[Claim], document: Document, language: Language) -> list[Claim]:
    """Return ``claims`` with each correction note's figure read as the earlier claim it restates.

    Only a figure whose product came from the context (no product in its own sentence) moves, and
    only to the latest earlier claim of the same attribute, unit, precision and value.
    """
    if not claims or not language.correction_openers:
        return claims
    pattern = correction_pattern(language)
    corrections: set[tuple[int, int]] = set()
    for block in document.blocks:
        for found in pattern.finditer(block.text):
            corrections.add(block.position(found.end()))
    if not corrections:
        return claims
    ordered = sorted(claims, key=lambda claim: (claim.line, claim.column))
    starts = [block.line for block in document.blocks]

    def section(claim: Claim) -> tuple[str, ...]:
        index = bisect.bisect_right(starts, claim.line) - 1
        return document.blocks[index].headings if index >= 0 else ()

    result = []
    for claim in claims:
        if (
            (claim.line, claim.column) in corrections
            and claim.rule.startswith("context.")
            and not _has_own_figure(claim, claims)
        ):
            earlier = _restated(claim, ordered)
            if earlier is not None and section(earlier) != section(claim):
                earlier = None
            if earlier is not None:
                claim = dataclasses.replace(
                    claim,
                    entity=earlier.entity,
                    scope=earlier.scope,
                    rule=claim.rule + "; restates an earlier figure",
                )
        result.append(claim)
    return result


def correction_pattern(language: Language) -> FoldedPattern:
    """Return the pattern of a correction note's opener and copula, up to the figure it gives."""
    # "Correct is 1.400 W", "the correct value is $25.10", "should read 5.3 TB/s"
    copula = rf"\s+{alternation(language.correction_copulas)}\s+"
    if language.correction_copula_adverbs:
        copula += rf"(?:{alternation(language.correction_copula_adverbs)}\s+)?"
    openers = alternation(language.correction_openers)
    if language.correction_adjectives:
        openers = rf"(?:{openers}|(?<![\w\-]){either(language.correction_adjectives)})"
    # folded: over every block of a document its ASCII twin skips to the letters an opener starts with
    return compile_folded(rf"{openers}{copula}(?=[$€£~≈]?\d)", re.I)


def _restated(claim: Claim, ordered: list[Claim]) -> Claim | None:
    """Return the latest claim before ``claim`` with its attribute, unit, precision and value."""
    found = None
    for other in ordered:
        if (other.line, other.column) >= (claim.line, claim.column):
            break
        if (
            other.attribute == claim.attribute
            and other.unit == claim.unit
            and other.precision == claim.precision
            and _same_value(other.value, claim.value)
        ):
            found = other
    return found if found is not None and found.entity != claim.entity else None


def _has_own_figure(claim: Claim, claims: list[Claim]) -> bool:
    """Return True if another claim gives ``claim``'s product a figure of its attribute."""
    return any(
        other is not claim
        and other.entity == claim.entity
        and other.attribute == claim.attribute
        and other.precision == claim.precision
        for other in claims
    )


def _same_value(left: object, right: object) -> bool:
    """Return True if two claim values are the same number or the same date."""
    if isinstance(left, int | float) and isinstance(right, int | float):
        return math.isclose(float(left), float(right), rel_tol=1e-6)
    return left == right


__all__ = ["give_corrections_their_owner"]
