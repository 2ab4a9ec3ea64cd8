"""A paragraph's text joined from its source lines, with each character's place in the file.

The inline readers of line-based markup (reStructuredText, Org-mode) join a block's lines into one
text, parse the markup in it, and add the shown text to a ``TextGatherer`` run by run; each run
keeps the file line and column of its first character.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass

from factlint.sources.htmltext import TextGatherer
from factlint.sources.htmltree import TextRun
from factlint.sources.rstlines import SourceLine


@dataclass(frozen=True)
class PlacedText:
    """One paragraph's joined text and where each of its characters is in the file."""

    text: str
    starts: list[int]  # offset in ``text`` where each line starts
    lines: Sequence[SourceLine]

    def position(self, offset: int) -> tuple[int, int]:
        """Return the 1-based (line, column) in the file of ``text[offset]``."""
        index = bisect.bisect_right(self.starts, offset) - 1
        line = self.lines[index]
        return line.number, line.column + offset - self.starts[index]


def add_plain(gatherer: TextGatherer, placed: PlacedText, start: int, end: int) -> None:
    """Add ``placed.text[start:end]`` to ``gatherer`` as written, one run per line."""
    while start < end:
        line_end = placed.text.find("\n", start, end)
        stop = end if line_end < 0 else line_end
        if stop > start:
            line, column = placed.position(start)
            gatherer.add(TextRun(placed.text[start:stop], line, column))
        if line_end < 0:
            break
        line, column = placed.position(line_end)
        gatherer.add(TextRun("\n", line, column))
        start = line_end + 1
