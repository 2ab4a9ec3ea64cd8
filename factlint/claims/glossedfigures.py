"""A figure that alone fills a bracket glosses the value before it: "was 0xB4 (180 W), now 165 W".

A bracket holding nothing but a figure restates the value written before it in another notation (a
register's hexadecimal, another unit, a rounded form), so the figure shares that value's fate: a
change or correction that follows the bracket ("..., corrected to 165 W") withdraws both.
"""

from __future__ import annotations

import re

_OPENED = re.compile(r"\(\s*(?:[~≈]\s*)?$")
_CLOSED = re.compile(r"\s*\)")


def glossing_bracket(text: str, start: int, end: int) -> tuple[int, int] | None:
    """Return the span of the bracket that the figure ``text[start:end]`` alone fills, or None."""
    opened = _OPENED.search(text, max(0, start - 4), start)
    closed = _CLOSED.match(text, end)
    if opened is None or closed is None:
        return None
    return opened.start(), closed.end()
