"""Where each line of a text starts, to turn an offset into the file line and column it stands at."""

from __future__ import annotations

import bisect
from dataclasses import dataclass


@dataclass(frozen=True)
class LineStarts:
    """The offsets at which the lines of a text start; its first line is file line ``first_line``."""

    starts: tuple[int, ...]
    first_line: int = 1

    @classmethod
    def of(cls, text: str, first_line: int = 1) -> LineStarts:
        """Return the line starts of ``text``, whose first line is file line ``first_line``."""
        starts = [0]
        end = text.find("\n")
        while end >= 0:  # one step per line, not per character
            starts.append(end + 1)
            end = text.find("\n", end + 1)
        return cls(tuple(starts), first_line)

    def position(self, offset: int) -> tuple[int, int]:
        """Return the 1-based file (line, column) of ``text[offset]``."""
        index = bisect.bisect_right(self.starts, offset) - 1
        return self.first_line + index, offset - self.starts[index] + 1

    def offset(self, line: int, column: int) -> int:
        """Return the offset in the text of the 1-based file ``line`` and ``column``."""
        return self.starts[line - self.first_line] + column - 1
