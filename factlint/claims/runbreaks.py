"""The matches of a break pattern before a position, from one scan of the text.

"Where does the clause (sentence) holding this figure start?" scans the text from its start up
to the figure; asked for every figure of a long line, that grows with the square of the line.
Break patterns such as ``[.!?:]\\s+`` or ``,\\s+(?:and|but)\\s+`` are unbounded only in runs of
spaces or digits: every way the pattern can read from a position reads at most a fixed number of
other characters (:func:`other_width`). A scan stopping at ``position`` reads the text as the
whole-text scan does until its attempts can reach ``position``, which needs a stretch holding no
more than that many other characters: so a whole-text scan, kept for the text, answers
everything before that stretch, and only the stretch is scanned again.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from functools import lru_cache

try:
    from re import _parser  # type: ignore[attr-defined]
    from re._constants import (  # type: ignore[attr-defined,import-not-found,unused-ignore]
        ASSERT,
        ASSERT_NOT,
        AT,
        ATOMIC_GROUP,
        BRANCH,
        CATEGORY,
        CATEGORY_DIGIT,
        CATEGORY_SPACE,
        IN,
        LITERAL,
        MAX_REPEAT,
        MAXREPEAT,
        MIN_REPEAT,
        POSSESSIVE_REPEAT,
        RANGE,
        SUBPATTERN,
    )
except ImportError:  # pragma: no cover - another interpreter: every pattern is scanned in full
    _parser = None

# a position this close to the text's start is scanned directly: an index would cost more
_SHORT = 512


class Unbounded(ValueError):
    """The pattern can read any number of characters other than spaces and digits."""


def _is_run(char: str) -> bool:
    return char.isspace() or char.isdecimal()


def _run_class(items: list[tuple[object, object]]) -> bool:
    """Return True for a character set holding only spaces and decimal digits."""
    for op, av in items:
        if op is LITERAL:
            if not _is_run(chr(av)):  # type: ignore[arg-type]
                return False
        elif op is CATEGORY:
            if av not in (CATEGORY_SPACE, CATEGORY_DIGIT):
                return False
        elif op is RANGE:
            first: int = av[0]  # type: ignore[index]
            last: int = av[1]  # type: ignore[index]
            if last - first > 64 or not all(_is_run(chr(c)) for c in range(first, last + 1)):
                return False
        else:
            return False
    return True


def _width(items: object) -> int:
    """Return the most characters other than spaces and digits a path through ``items`` reads."""
    total = 0
    for op, av in items:  # type: ignore[attr-defined]
        if op in (LITERAL, IN) or op.name in ("NOT_LITERAL", "ANY", "CATEGORY"):
            total += 1
        elif op in (MAX_REPEAT, MIN_REPEAT, POSSESSIVE_REPEAT):
            _, high, sub = av
            # a repeat stops by reading one more character
            if high is MAXREPEAT or high == MAXREPEAT:
                if not (len(sub) == 1 and sub[0][0] in (IN, LITERAL) and _run_class(_class_items(sub[0]))):
                    raise Unbounded(str(sub))
                total += 1
            else:
                total += high * _width(sub) + 1
        elif op is SUBPATTERN:
            total += _width(av[-1])
        elif op is ATOMIC_GROUP:
            total += _width(av)
        elif op is BRANCH:
            total += max(_width(branch) for branch in av[1])
        elif op in (ASSERT, ASSERT_NOT):
            direction, sub = av
            if direction > 0:  # a look-behind reads before the position only
                total += _width(sub)
        elif op is AT:
            total += 1  # a word boundary reads the character at the position
        else:
            raise Unbounded(str(op))
    return total


def _class_items(item: tuple[object, object]) -> list[tuple[object, object]]:
    op, av = item
    return [(LITERAL, av)] if op is LITERAL else list(av)  # type: ignore[call-overload]


def other_width(pattern: re.Pattern[str]) -> int:
    """Return the most characters other than spaces and decimal digits one match attempt of
    ``pattern`` can read from where it starts; raise :class:`Unbounded` if there is no such limit."""
    if _parser is None:  # pragma: no cover
        raise Unbounded(pattern.pattern)
    return _width(_parser.parse(pattern.pattern, pattern.flags))


@lru_cache(maxsize=256)
def _known_width(source: str, flags: int) -> int | None:
    """Return :func:`other_width` of the pattern, or None when it is unbounded (once per pattern)."""
    # Readers built per document (an extractor knowing a document's discovered names) ask again
    # for the same few patterns: parsing them each time cost more than the scans they index.
    try:
        return other_width(re.compile(source, flags))
    except Unbounded:
        return None


class RunBreaks:
    """The match ends of ``pattern.finditer(text, 0, position)`` for any position, from one scan.

    Patterns whose width is unbounded other than in runs of spaces and digits are scanned in
    full for every position.
    """

    __slots__ = ("_ends", "_pattern", "_short", "_starts", "_text", "_width")

    def __init__(self, pattern: re.Pattern[str], short: int = _SHORT) -> None:
        self._pattern = pattern
        self._short = short  # positions before this are scanned directly
        self._width: int | None = _known_width(pattern.pattern, pattern.flags)
        self._text: str | None = None
        self._starts: list[int] = []
        self._ends: list[int] = []

    def _safe(self, text: str, position: int) -> int | None:
        """Return a position no match attempt at or before which can read up to ``position``, or None."""
        assert self._width is not None
        need = self._width + 2  # one more than the width, and one for the character at a boundary
        at = position
        while at > 0 and need > 0:
            at -= 1
            if not _is_run(text[at]):
                need -= 1
        return at if need == 0 else None

    def ends_before(self, text: str, position: int) -> Iterator[int]:
        """Yield the ends of ``pattern.finditer(text, 0, position)``'s matches, last first."""
        position = min(max(0, position), len(text))
        safe = None if self._width is None or position < self._short else self._safe(text, position)
        if safe is None:
            yield from reversed([match.end() for match in self._pattern.finditer(text, 0, position)])
            return
        if text is not self._text and text != self._text:
            matches = [match.span() for match in self._pattern.finditer(text)]
            self._text = text
            self._starts = [start for start, _ in matches]
            self._ends = [end for _, end in matches]
        # attempts at or before ``safe`` read the same in both scans: the whole-text scan's matches
        # starting there are the short scan's too, and its failures there fail in the short scan
        kept = bisect_right(self._starts, safe)
        resume = max(self._ends[kept - 1], safe + 1) if kept else safe + 1
        yield from reversed([match.end() for match in self._pattern.finditer(text, resume, position)])
        for index in range(kept - 1, -1, -1):
            yield self._ends[index]

    def last_end(self, text: str, position: int) -> int | None:
        """Return the end of the last match of ``pattern.finditer(text, 0, position)``, or None."""
        return next(self.ends_before(text, position), None)
