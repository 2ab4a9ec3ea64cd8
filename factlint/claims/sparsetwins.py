"""Bare numbers that give a throughput figure again at the other sparsity: "640 TFLOPS BF16 dense
and 1,280 sparse", "1,307 TFLOPS of FP16, 2,614 with sparsity".

A writer who states a rate dense and sparse says the unit once: the bare number joined right after
the figure (by "and", "or", a comma or a slash), with only the figure's own precision or sparsity
words between, and followed at once by a sparsity word, is the same measure in the same unit.
"""

from __future__ import annotations

import re

from factlint.claims.fastre import FoldedPattern, compile_folded
from factlint.claims.language import alternation

# What joins the pair: ", 1,280", " and 1,280", " / 1,280", ", or 1,280".
_JOINER = r"(?P<joiner>\s*[,/]\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+)"
_REACH = 40  # how far the bare number may stand from the end of the figure's unit


class SparseTwins:
    """Find bare numbers that restate the figure before them at another sparsity."""

    def __init__(
        self, precisions: tuple[str, ...], sparsity: tuple[tuple[str, tuple[str, ...]], ...]
    ) -> None:
        phrases = [phrase for _, words in sparsity for phrase in words]
        words = alternation([*precisions, *phrases])
        # between the figure and the joiner only its own words: " BF16 dense", " of FP16"
        self._gap: FoldedPattern = compile_folded(rf"(?:[ \t]+(?:of[ \t]+)?(?:{words})\b)*{_JOINER}\Z", re.I)
        self._after: FoldedPattern = compile_folded(rf"[ \t]+(?:{alternation(phrases)})\b", re.I)
        self._sparsity: FoldedPattern = compile_folded(alternation(phrases), re.I)

    def restates(self, text: str, start: int, end: int, measured_end: int) -> bool:
        """Return True when the bare number at ``start``-``end`` is followed by a sparsity word and
        joined right after the figure whose unit ends at ``measured_end``."""
        if not 0 < start - measured_end <= _REACH or self._after.match(text, end) is None:
            return False
        gap = self._gap.fullmatch(text, measured_end, start)
        if gap is None:
            return False
        # "1,307 TFLOPS FP16 / 2,615 with sparsity": a slash also lists labels or ratios, so it joins a
        # twin only when the figure named its own sparsity (decision 0245 keeps round 35's reading)
        slashed = "/" in gap.group("joiner")
        return not slashed or self._sparsity.search(text, measured_end, gap.start("joiner")) is not None


__all__ = ["SparseTwins"]
