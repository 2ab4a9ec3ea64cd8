"""Tell counted chips and the size of each: "4 L40S GPUs of 48 GB".

A count of chips followed by their noun and a link word ("of") and a figure gives each counted
chip that figure, as "each" would: the figure is no total of the machine that holds them.
"""

from __future__ import annotations

import re

from factlint.claims.fastre import FoldedPattern, compile_folded
from factlint.claims.language import Language, alternation


class CountedSizes:
    """Finds sizes of each counted chip; one per language."""

    def __init__(self, language: Language, chip_nouns: tuple[str, ...]) -> None:
        links = language.counted_chip_size_links
        approximate = alternation(language.approximators, words=False, hyphens=False)
        nouns = alternation(chip_nouns, words=False, hyphens=False)
        # the gap from a counted chip's name to its figure: "[ GPUs] of [about] "
        self._gap_re: FoldedPattern | None = (
            compile_folded(
                rf"[ \t]+(?:(?:{nouns})[ \t]+)?(?:{alternation(links, words=False, hyphens=False)})"
                rf"[ \t]+(?:(?:{approximate})[ \t]+)?",
                re.IGNORECASE,
            )
            if links and chip_nouns
            else None
        )

    def sizes_each(self, text: str, name_end: int, figure_start: int) -> bool:
        """Return True when only a chip noun and a link word part a counted chip's name, ending
        at ``name_end``, from the figure at ``figure_start`` ("L40S GPUs of 48 GB")."""
        if self._gap_re is None or figure_start - name_end > 60:
            return False
        return self._gap_re.fullmatch(text, name_end, figure_start) is not None
