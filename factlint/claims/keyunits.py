"""Data keys written in prose: "catalog fix: HL-225H mem_gb was 128, corrected to 96".

A note in a data file may name what it changes only by a record's key. The key carries its unit
as a header does ("mem_gb" is memory in GB), so the bare numbers after it, up to the end of the
clause, are read in that unit.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from factlint.claims.inlinepairs import pair_end
from factlint.sources.datablocks import key_words

# A snake_case identifier of two to five words: "mem_gb", "peak_fp8_dense_tflops".
_DATA_KEY = re.compile(r"(?<![\w/.-])[a-z][a-z0-9]*(?:_[a-z0-9]+){1,4}(?![\w/.-])")
_CLAUSE_END = re.compile(r"[.;!?](?:\s|$)|\n")
# A number that counts the word after it ("shared by the 4 IPUs") is not the key's value: the
# clause of the key's values ends before it. A number before an adverb or a preposition counts
# nothing ("mem_gb was 128 here", "tdp_w is 700 in rev 2").
_COUNTING_NUMBER = re.compile(
    r"(?<![\w.,])\d(?:[\d.,]*\d)?\s+"
    r"(?!(?:here|there|now|then|before|earlier|instead|in|at|on|by|to|from|for|with|until|since|and|or|but)\b)"
    r"[A-Za-z]"
)


def data_key_unit(
    text: str, unit_in_label: Callable[[str], tuple[str, str] | None]
) -> tuple[tuple[int, int], tuple[str, str]] | None:
    """Return ((start, end) of the clause after a data key, the key's unit), or None.

    Only the first key naming a unit counts; its clause ends at a sentence stop, a line end,
    a number that counts something or the end of the inline ``key: value`` pair the key opens.
    """
    for match in _DATA_KEY.finditer(text):
        unit = unit_in_label(key_words(match.group(0)))
        if unit is not None:
            stops = [
                found.start()
                for found in (
                    _CLAUSE_END.search(text, match.end()),
                    _COUNTING_NUMBER.search(text, match.end()),
                )
                if found
            ]
            if (end := pair_end(text, match.start(), match.end())) is not None:
                stops.append(end)
            return (match.end(), min(stops, default=len(text))), unit
    return None


def data_key_before(text: str, end: int) -> str | None:
    """Return the data key that opens the clause ending at ``end`` ("int8_tops" in "int8_tops was
    256"), or None when the clause holds none or ends at a sentence stop after it."""
    keys = list(_DATA_KEY.finditer(text, 0, end))
    if not keys or _CLAUSE_END.search(text, keys[-1].end(), end):
        return None
    return keys[-1].group(0)
