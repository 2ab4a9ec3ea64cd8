"""The noun a size or rate names after "of": "64 GB of co-packaged HBM" measures HBM.

An English figure often carries its own noun in an of-phrase right after its unit. That noun
is the figure's cue, even where another figure's cue stands nearer on the other side ("520 MB
of on-chip SRAM with 64 GB of co-packaged HBM": "SRAM" is the first size's, "HBM" the second's).
"""

from __future__ import annotations

import re

from factlint.claims.fastre import FoldedPattern, compile_folded
from factlint.claims.language import alternation


class FigureNouns:
    """Finds the cue a figure names in its own of-phrase."""

    def __init__(self, links: tuple[str, ...]) -> None:
        words = alternation(list(links), words=False, hyphens=False)
        self._link_re: FoldedPattern = compile_folded(
            rf"[ \t]*(?:\n[ \t]*)?{words}[ \t]+", re.IGNORECASE
        )  # a wrapped line may part the figure from its phrase ("64 GB\n  of HBM")

    def own_cue(self, text: str, unit_end: int, cues: list[tuple[int, int, str]]) -> str | None:
        """Return the normalised cue that opens the figure's of-phrase, or None.

        ``cues`` are the (start, end, cue) triples of the text; the cue may follow the link word
        after at most two modifiers ("of co-packaged HBM", "of on-package HBM3e").
        """
        if not text.startswith((" ", "\t", "\n"), unit_end):
            return None  # cheap guard: most figures are followed by punctuation
        link = self._link_re.match(text, unit_end)
        if link is None:
            return None
        for start, _, cue in cues:
            if link.end() <= start <= link.end() + 40 and _MODIFIERS.fullmatch(text, link.end(), start):
                return cue
        return None


_MODIFIERS = re.compile(r"(?:[\w\-]+[ \t]+){0,2}")
