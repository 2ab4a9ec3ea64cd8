"""Figures of a chip placed "in" a system holding it: "the B200 is 1,000 W, 1,200 W in GB200".

A sentence about a chip may give the chip's figure in a system built from it by writing the
system's name after "in" (or "inside", "within"): the figure is the chip's as that system runs
it, so it is the system's at chip scope, as the labelling rules put per-GPU figures of a named
system. Only a system the pack says holds the chip named before the figure qualifies; "80 GB in
the Americas" or "1.6 TB/s in HBM3e" name no such system and stay with the sentence's subject.
See docs/decisions/0193-chip-figures-in-holding-systems.md.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation
from factlint.claims.segments import Mention


class HostedFigures:
    """Finds the holding system named right after a figure; one per pack and language.

    ``holds(container, chip)`` says whether the pack puts ``chip`` (or its family) in ``container``.
    """

    def __init__(self, language: Language, holds: Callable[[str, str], bool]) -> None:
        self._holds = holds
        # up to two words of the figure's own noun ("of HBM3e") before the preposition; a digit
        # opens another figure, and "in each" / "in every" are per-unit phrases read elsewhere
        self._gap_re = compile_folded(
            r"(?:\s+(?!\d)[\w\-]+){0,2}?\s*,?\s+"
            + alternation(language.hosting_prepositions)
            + r"\s+(?!each\b|every\b)(?:the\s+|an?\s+)?",
            re.I,
        )

    def owner(self, text: str, start: int, end: int, mentions: list[Mention]) -> str | None:
        """Return the system named after "in" that holds a chip named before the figure, or None."""
        after = next((m for m in mentions if m.start >= end), None)
        if after is None or not self._gap_re.fullmatch(text, end, after.start):
            return None
        held = any(m.end <= start and self._holds(after.entity, m.entity) for m in mentions)
        return after.entity if held else None
