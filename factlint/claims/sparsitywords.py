"""Read which sparsity words qualify a figure when both kinds stand near it.

"2,614.9 TFLOPS (without sparsity), with sparsity 5,229.8 TFLOPS": each figure takes the phrase
next to it. After a figure the first phrase is its own; before it, the last one. Where one
phrase holds another ("without sparsity" holds "sparsity"), the longer one is meant.
"""

from __future__ import annotations

import re

from factlint.claims.fastre import FoldedPattern

_WORD_CHAR = re.compile(r"\w")


def word_start(text: str, position: int) -> int:
    """Return ``position`` moved back to the start of the word it cuts ("t sparsity" -> "without")."""
    while position > 0 and _WORD_CHAR.match(text[position - 1]):
        position -= 1
    return position


def nearest_named(
    after: str, before: str, rest: list[str], named: list[tuple[str, FoldedPattern]]
) -> str | None:
    """Return the name of the phrase nearest a figure: the first in ``after`` (the text from the
    figure on), else the last in ``before`` (the text right before it), else the first name
    found in ``rest`` (labels), in the order of ``named``; None when none is written."""
    first = [(m.start(), -len(m.group(0)), name) for name, regex in named for m in regex.finditer(after)]
    if first:
        return min(first)[2]
    last = [(m.end(), len(m.group(0)), name) for name, regex in named for m in regex.finditer(before)]
    if last:
        return max(last)[2]
    return next((name for part in rest for name, regex in named if regex.search(part)), None)


__all__ = ["nearest_named", "word_start"]
