"""Tell counted chips and the size of each: "4 L40S GPUs of 48 GB", "for eight A100 80GB".

A count of chips followed by their noun and a link word ("of") and a figure gives each counted
chip that figure, as "each" would: the figure is no total of the machine that holds them. A
chip variant's name may end in its memory size ("A100 80GB", "H100 94GB"): such a name takes no
plural, so a count right before it counts chips of that variant as "eight A100s" would.
"""

from __future__ import annotations

import re

from factlint.claims.fastre import FoldedPattern, compile_folded
from factlint.claims.language import Language, alternation


class CountedSizes:
    """Finds sizes of each counted chip and chip names that end in a size; one per language."""

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
        units = alternation(language.variant_size_units, words=False, hyphens=False)
        self._sized_name_re = (
            re.compile(rf"[ \-]\d{{1,3}}[ \t]?(?:{units})\Z") if language.variant_size_units else None
        )

    def sizes_each(self, text: str, name_end: int, figure_start: int) -> bool:
        """Return True when only a chip noun and a link word part a counted chip's name, ending
        at ``name_end``, from the figure at ``figure_start`` ("L40S GPUs of 48 GB")."""
        if self._gap_re is None or figure_start - name_end > 60:
            return False
        return self._gap_re.fullmatch(text, name_end, figure_start) is not None

    def ends_in_size(self, surface: str) -> bool:
        """Return True when a product name as written ends in a memory size ("A100 80GB")."""
        return (
            self._sized_name_re is not None
            and surface[-1:].isalpha()
            and self._sized_name_re.search(surface) is not None
        )
