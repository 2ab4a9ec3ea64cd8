"""Find a question glued to the statement before it by a lower-case sentence start.

Chat and forum writers often open a sentence in lower case ("... with 3.5x the energy
efficiency. is the headline number dense or sparse?"), so the segmenter keeps the statement
and the question as one sentence ending in "?". The question asks only from its own first
word: the figures of the statement before the full stop are still stated.
"""

from __future__ import annotations

import re

from factlint.claims.fastre import compile_folded
from factlint.claims.language import alternation


class GluedQuestions:
    """Where the question at the end of a sentence begins, after a statement and a full stop."""

    def __init__(self, openers: tuple[str, ...]) -> None:
        # a full stop or "!" closing a word ("HBM3.", not an ellipsis), a space (a decimal point has
        # none), then a question word
        self._start_re = compile_folded(r"(?<=[^\s.])[.!]\s+(?=" + alternation(openers) + r"\b)", re.I)

    def start(self, text: str) -> int:
        """Return where the question glued after the last full stop of ``text`` begins; 0 when none."""
        starts = [match.end() for match in self._start_re.finditer(text)]
        return starts[-1] if starts else 0
