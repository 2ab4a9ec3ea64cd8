"""A table's status or verdict column: whether a row's figures stand, are hedged or are withdrawn.

"| item | value | unit | status | notes |" with "debunked" in the status cell keeps the row for
history only: its value is no claim. "rumour" makes the row's figures `likely`; "confirmed" states
them plainly, even a date later than the document's own. A cell under a note header speaks for
itself ("AMD lists 432 GB" beside a debunked figure), so the status does not cover it.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from dataclasses import dataclass

from factlint.claims.fastre import FoldedPattern, compile_folded
from factlint.claims.language import Language, alternation

# Markup and marks before a status word: "**Debunked**", "❌ debunked", "[x] confirmed".
_LEADING_MARKS = re.compile(r"^(?:\[[ xX✓✗]?\]|[\W_])*")
_NUMBER = re.compile(r"(?<![\w.])(?:\d[\d.,]*\d|\d)")  # "3", "3nm", "1,200", not "v2"
# What may follow a status word in its cell: nothing, punctuation opening an aside, or a preposition
# of the language's status_prepositions.
_ASIDE = r"(?=\s*(?:$|[-–—:;,(/.!?\[]|{prepositions}\b))"


class Verdict(enum.Enum):
    """What a status cell says of its row's figures."""

    WITHDRAWN = "withdrawn"  # debunked, retracted, superseded: no claim
    HEDGED = "hedged"  # rumour, unconfirmed: qualifier likely
    CONFIRMED = "confirmed"  # stated plainly, never a forecast


@dataclass(frozen=True)
class StatusWords:
    """Compiled header and cell words of status columns, from the language's word lists."""

    headers: FoldedPattern
    verdict_headers: FoldedPattern
    refuted: FoldedPattern
    superseded: FoldedPattern
    hedged: FoldedPattern
    confirmed: FoldedPattern
    notes: FoldedPattern

    @staticmethod
    def build(language: Language) -> StatusWords:
        """Return the status words of ``language`` compiled for whole headers and cell openings."""

        aside = _ASIDE.format(
            prepositions=alternation(language.status_prepositions, words=False, hyphens=False)
        )

        def opening(words: tuple[str, ...]) -> FoldedPattern:
            # the status word opens the cell and ends it, or an aside follows ("debunked (see notes)",
            # "superseded by row 4"); "Rumoured refresh" speaks of something else than the figures
            return compile_folded(alternation(words) + aside, re.I)

        return StatusWords(
            headers=compile_folded(alternation(language.status_headers), re.I),
            verdict_headers=compile_folded(alternation(language.verdict_headers), re.I),
            refuted=opening(language.status_refuted),
            superseded=opening(language.status_superseded),
            hedged=opening(language.status_hedged),
            confirmed=opening(language.status_confirmed),
            notes=compile_folded(alternation(language.note_headers), re.I),
        )


@dataclass(frozen=True)
class RowStatus:
    """The verdict of a row's status cell and the cells it speaks for."""

    verdict: Verdict
    covered: tuple[bool, ...]  # per cell: not the status cell itself, nor a note
    numbers: frozenset[str] = frozenset()  # of a withdrawn row: the numbers its covered cells state


def row_status(
    cells: Sequence[str], headers: Sequence[str], notes: Sequence[bool], words: StatusWords, *, one_fact: bool
) -> RowStatus | None:
    """Return what the row's status cell says of its figures, or None when it has no status cell.

    ``notes`` marks the columns of free notes (``note_columns``): a status does not speak for them.

    ``one_fact``: the row states one fact (it has a field cell naming the attribute), so a
    superseded word is about that fact; otherwise it may be the product's lifecycle.
    """
    for index, header in enumerate(headers[: len(cells)]):
        if not words.headers.fullmatch(_bare(header)):
            continue
        verdict = _verdict(
            _bare(cells[index]), words, one_fact or bool(words.verdict_headers.fullmatch(_bare(header)))
        )
        if verdict is None:
            continue
        covered = tuple(
            position != index and not (position < len(notes) and notes[position])
            for position in range(len(cells))
        )
        numbers = frozenset(  # the first cell is left out: it numbers the row ("| 27 | Trainium3 |")
            number.group(0)
            for position, cell in enumerate(cells)
            if covered[position] and position and verdict is Verdict.WITHDRAWN
            for number in _NUMBER.finditer(cell)
        )
        return RowStatus(verdict, covered, numbers)
    return None


def note_columns(headers: Sequence[str], words: StatusWords) -> tuple[bool, ...]:
    """Return, per column, whether its header names free notes ("| notes |", "| comment |")."""
    return tuple(bool(words.notes.fullmatch(_bare(header))) for header in headers)


def _verdict(cell: str, words: StatusWords, one_fact: bool) -> Verdict | None:
    """Return the verdict a status cell opens with, if any."""
    if words.refuted.match(cell):
        return Verdict.WITHDRAWN
    if words.hedged.match(cell):
        return Verdict.HEDGED
    if words.confirmed.match(cell):
        return Verdict.CONFIRMED
    if one_fact and words.superseded.match(cell):
        return Verdict.WITHDRAWN
    return None


def _bare(text: str) -> str:
    """Return a header or cell without leading markup and marks, and without edge spaces."""
    return _LEADING_MARKS.sub("", text.strip()).strip(" *_`~:.")
