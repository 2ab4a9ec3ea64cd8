"""Bare numbers that list one compute figure at another precision: "512 TOPS INT8, and 256 in BF16".

A speaker or a writer going down the precisions a chip supports says the unit once: the bare
256, placed after a figure with a unit and a precision and followed by a precision of its own,
is the same measure at that precision, in the unit said before it.
"""

from __future__ import annotations

import re

from factlint.claims.fastre import FoldedPattern

# What joins the list: ", 256 in BF16", "or 256 at BF16", ", and 256 for BF16".
_JOINED = re.compile(r"(?:[,;]\s*(?:(?:and|or|but|then)\s+)?|\s(?:and|or|then)\s+)(?:about\s+|~\s*)?\Z", re.I)
_LEAD = re.compile(r"\s*(?:(?:in|at|for|with|on|using|under)\s+)?(?:dense\s+|sparse\s+)?")
# After the precision, the figure's clause ends: "256 in BF16." or "256 in BF16, and ...", never
# "2 INT8 engines" (a count of something named by its precision)
_CLAUSE_END = re.compile(r"\s*(?:[,.;:)!?]|$|(?:and|or|but|with|dense|sparse)\b)", re.I)
_REACH = 60  # how far back the figure with a unit and a precision may end


def other_precision(
    text: str, start: int, end: int, measured: tuple[int, int], precision: FoldedPattern
) -> bool:
    """Return True when the bare number at ``start``-``end`` lists the figure with a unit at
    ``measured`` (its start and end) at another precision: that figure names a precision, and
    the bare number is joined to it and followed by a precision of its own."""
    if not 0 <= start - measured[1] <= _REACH or _JOINED.search(text, measured[1], start) is None:
        return False
    if precision.search(text, measured[0], start) is None:
        return False  # "512 TFLOPS, and 256 in BF16": the figure before names no precision
    lead = _LEAD.match(text, end)
    own = precision.match(text, lead.end()) if lead is not None else None
    return own is not None and _CLAUSE_END.match(text, own.end()) is not None


__all__ = ["other_precision"]
