"""Figures a mail's newer message corrects: withdrawn there and in the message it forwards or quotes.

A forwarding note says 'Jordan's "1,000 W per GPU" for the HGX nodes is wrong' or 'the rate
is $3.95, not $3.59 as in his first mail'; the message below it (its own subject heading on)
still gives "1,000 W per GPU" and "$3.59". In an e-mail document such a corrected figure is
withdrawn where the correction quotes it and in every later message that writes it the same
way (number and unit word: "1,000 W", "$3.59"). A bare number is never matched: it needs a
unit word or a currency sign.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from factlint.claims.language import Language, alternation
from factlint.models import Block, BlockKind, Claim, Document

# A reply's attribution line: the quoted message follows it ("On Mon, 2 Mar 2026, Sam wrote:").
_WROTE = re.compile(r"\bwrote:\s*$")
# A figure as written: a number with its currency sign or unit word ("$3.59", "1,000 W", "8TB/s").
_FIGURE = r"[$€£]?\d[\d.,]*(?:\s?[A-Za-z/%]+)?"
# A quoted figure, then a short stretch of its own clause, then a verdict ("is wrong").
_QUOTED = r"[\"“](?P<quoted>{figure})[^\"”\n]{{0,40}}[\"”][^.;:!?\"“]{{0,40}}?\s{verdict}\b"
# "$3.95, not $3.59": the figure after "not" is the one corrected.
_NOT = r"(?<![\w.,]){figure},?\s+(?:and\s+)?not\s+(?P<replaced>{figure})(?![\w.,]*\d)"


@dataclass(frozen=True)
class Correction:
    """A figure a message calls wrong: its written form and where the correction stands."""

    figure: str  # number and unit word, without spaces, lower case: "1,000w", "$3.59"
    line: int  # the line of the corrected figure in the correcting message
    block: int  # index of the correcting block


def mail_corrections(blocks: Sequence[Block], language: Language) -> list[Correction]:
    """Return the figures blocks of an e-mail call wrong ("X ... is wrong", "Y, not X")."""
    verdicts = alternation(language.retractions_after)
    quoted = re.compile(_QUOTED.format(figure=_FIGURE, verdict=verdicts), re.IGNORECASE)
    replaced = re.compile(_NOT.format(figure=_FIGURE), re.IGNORECASE)
    found: list[Correction] = []
    for index, block in enumerate(blocks):
        for pattern, group in ((quoted, "quoted"), (replaced, "replaced")):
            for match in pattern.finditer(block.text):
                figure = _figure(match.group(group))
                if figure is not None:
                    found.append(Correction(figure, block.position(match.start(group))[0], index))
    return found


def drop_mail_corrected(claims: list[Claim], document: Document, language: Language) -> list[Claim]:
    """Return ``claims`` without the figures a mail's message corrects.

    A claim goes when its figure is written as a corrected one and it stands on the
    correction's own line or after a later message's subject heading or a reply's "... wrote:"
    line (the forwarded or quoted message). Only in e-mail documents.
    """
    if document.format != "email":
        return claims
    corrections = mail_corrections(document.blocks, language)
    if not corrections:
        return claims
    headings = [block.line for block in document.blocks if _opens_message(block)]
    kept: list[Claim] = []
    for claim in claims:
        figure = _figure(claim.text)
        withdrawn = figure is not None and any(
            item.figure == figure
            and (claim.line == item.line or any(item.line < heading <= claim.line for heading in headings))
            for item in corrections
        )
        if not withdrawn:
            kept.append(claim)
    return kept


def _opens_message(block: Block) -> bool:
    """Return whether ``block`` opens an earlier message: its subject, or a reply's "... wrote:" line."""
    return block.kind is BlockKind.HEADING or _WROTE.search(block.text) is not None


def _figure(text: str) -> str | None:
    """Return the leading figure of ``text`` as compared, or None without a unit or currency."""
    match = re.match(r"\s*([$€£]?\d[\d.,]*)\s?([A-Za-z/%]*)", text)
    if match is None:
        return None
    number, unit = match.group(1).rstrip(".,"), match.group(2)
    if number[0] in "$€£":  # the word after a price is no unit: "$3.59 as quoted", "$3.59 per hour"
        return number
    return (number + unit).lower() if unit else None
