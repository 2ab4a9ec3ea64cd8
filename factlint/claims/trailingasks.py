"""Find a question mark that asks only a sentence's short trailing addition.

Order notes and tickets state a figure and then query a detail tacked on at the end: "4 boards
at $179 each incl. tax?", "$2,500 per card, shipping included?", "the L4 at $2,500 - before
tax?". The mark asks about the addition (is tax in, is shipping in), not about the figures the
sentence states before it. A real question keeps doubting its figures: one that opens on a
question word ("Is it $2,500, incl. tax?"), one whose addition holds a figure of its own ("$179,
or was it 199?"), offers an alternative ("$179, or less?") or hedges ("$179, not sure though?").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from factlint.claims.fastre import compile_folded
from factlint.claims.language import alternation

_MAX_WORDS = 5  # an addition, not a clause of its own: "shipping included", "at the wall"
_MIN_WORDS = 2  # one word ("really?", "sure?") reacts to the figure itself
_WORD = re.compile(r"[^\W\d_][\w.'’\-]*")


class TrailingAsks:
    """Where the question of a sentence begins when it asks only its trailing addition."""

    def __init__(
        self,
        additions: Iterable[str],
        openers: Iterable[str],
        joiners: Iterable[str],
        hedges: Iterable[str],
    ) -> None:
        additions = tuple(additions)
        # a comma, semicolon or spaced dash, or a space before an addition word ("incl. tax")
        addition = rf"|\s(?={alternation(additions, words=False, hyphens=False)}\s)" if additions else ""
        self._start_re = compile_folded(r"(?:[,;]|\s[-–—]+)(?=\s)" + addition, re.I)
        # the tail may not open on a question word or an alternative ("or less?"), nor hedge
        self._asking_re = compile_folded(rf"\s*(?:{alternation(tuple(openers) + tuple(joiners))})\b", re.I)
        hedging = tuple(word for word in hedges if word.strip())
        self._hedge_re = compile_folded(alternation(hedging), re.I) if hedging else None
        self._opener_re = compile_folded(
            r"(?:^[\s*_>\"'“(\-•–—]*|[,;:?]\s+|\s[-–—]+\s+)" + alternation(tuple(openers)) + r"\b", re.I
        )

    def start(self, sentence: str) -> int:
        """Return where the question of ``sentence`` (ending in "?") begins, or 0 when it asks it all.

        The question begins at the trailing addition's comma, dash or opening word when the
        addition is short, holds no figure and neither asks, offers an alternative nor hedges,
        and the sentence before it states a figure without opening as a question itself.
        """
        mark = sentence.rfind("?")
        if mark < 0:
            return 0
        starts = [match.start() for match in self._start_re.finditer(sentence, 0, mark)]
        if not starts:
            return 0
        begin = starts[-1]
        head, tail = sentence[:begin], sentence[begin:mark].lstrip(",;-–—( \t")
        if not any(char.isdigit() for char in head) or any(char.isdigit() for char in tail):
            return 0
        if not _MIN_WORDS <= len(_WORD.findall(tail)) <= _MAX_WORDS:
            return 0
        if self._asking_re.match(tail) or self._opener_re.search(head):
            return 0
        if self._hedge_re is not None and self._hedge_re.search(tail):
            return 0
        return begin
