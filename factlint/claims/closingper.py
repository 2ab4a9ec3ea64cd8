"""A sentence-closing "per chip" after a figure, found without reading the rest of a long line per figure.

"has 144 GB, 4.8 TB/s and 2 petaflops per card.": the scope noun closes the sentence and every
figure of it takes the scope. The pattern reads lazily from the figure over the sentence's body
(no ";", no "." but a decimal point's, no blank line) until its tail ("per card" and the sentence's
end) matches. Whether the tail matches at a place does not depend on where the figure is, and the
body stops at the first break; so when the first place after the figure where the tail matches
lies beyond the first break after it, the pattern cannot match. Both places are remembered across
the figures of a text (``ForwardSearch``), so a line of thousands of figures with no such closing
is read once, not once per figure (decision 0267).
"""

from __future__ import annotations

import re

from factlint.claims.fastre import FoldedPattern, compile_folded
from factlint.claims.forwardsearch import ForwardSearch

# what the body may not cross: a ";", a "." that is no decimal point, a blank line
_BODY_BREAK = re.compile(r";|\.(?!\d)|\n(?=[ \t]*\n)")
_BODY = r"(?:[^;.\n]|\.\d|\n(?![ \t]*\n))*?"


class ClosingPer:
    """The lazy body-then-tail pattern ``{_BODY}{tail}``, matched at a figure's end."""

    __slots__ = ("_breaks", "_pattern", "_tails")

    def __init__(self, tail: str, flags: int = 0) -> None:
        self._pattern: FoldedPattern = compile_folded(_BODY + tail, flags)
        self._tails = ForwardSearch(re.compile(tail, flags))
        self._breaks = ForwardSearch(_BODY_BREAK)

    @property
    def pattern(self) -> str:
        """Return the whole pattern's source."""
        return self._pattern.pattern

    def match(self, text: str, end: int) -> re.Match[str] | None:
        """Return what the whole pattern's ``match(text, end)`` returns."""
        tail = self._tails.search(text, end)
        if tail is None:
            return None
        stop = self._breaks.search(text, end)
        if stop is not None and tail.start() > stop.start():
            return None  # the body cannot reach the first place the tail matches
        return self._pattern.match(text, end)


__all__ = ["ClosingPer"]
