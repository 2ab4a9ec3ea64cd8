"""Where the last break of a clause before a position ends, from one scan of the text.

"Which clause holds this figure?" scans the text from its start up to the figure for the last
break; asked for every figure of a long line, that grows with the square of the line. One scan
of the whole text, kept for the text, answers every figure by a bisection plus a scan of the few
characters before it.
"""

from __future__ import annotations

import re
from bisect import bisect_right


class LastBreak:
    """The matches of one pattern of bounded width over the last text asked about.

    ``reach`` is how many characters from a match's start the pattern can read (its longest
    match plus what its lookahead reads after it). A match starting further than that before the
    position could not see where the scan stops, so a scan stopping there finds it too.
    """

    __slots__ = ("_ends", "_pattern", "_reach", "_starts", "_text")

    def __init__(self, pattern: re.Pattern[str], reach: int) -> None:
        self._pattern = pattern
        self._reach = reach
        self._text: str | None = None
        self._starts: list[int] = []
        self._ends: list[int] = []

    def last_end(self, text: str, position: int) -> int | None:
        """Return the end of the last match of ``pattern.finditer(text, 0, position)``, or None."""
        if text is not self._text and text != self._text:
            matches = [(match.start(), match.end()) for match in self._pattern.finditer(text)]
            self._text = text
            self._starts = [start for start, _ in matches]
            self._ends = [end for _, end in matches]
        margin = self._reach + 1
        safe = bisect_right(self._starts, position - margin) - 1
        found = self._ends[safe] if safe >= 0 else None
        # the scan up to ``position`` agrees with the whole-text scan until ``position - margin``:
        # only the matches after that can differ (a "." or "but" right before the position)
        resume = max(0, position - margin, found or 0)
        for match in self._pattern.finditer(text, resume, position):
            found = match.end()
        return found
