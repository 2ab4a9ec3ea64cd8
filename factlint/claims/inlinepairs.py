"""Inline ``key: value`` pairs in prose: "H100: `tdp_w: 700`, `mem_gb: 80`".

Changelogs, READMEs and issue comments quote a data record's field inside a sentence, in
backticks (`` `tdp_w: 700` ``, `` `hbm_gb = 141` ``) or bare with a colon (``tdp_w: 700``). Such a
pair holds one value: the unit its key names belongs to that value only, not to the figures of
the pairs or words after it.
"""

from __future__ import annotations

import re

# The separator and value of a pair after its key: ": 700", " = 4.8", ": 2025-08".
_PAIR_VALUE = re.compile(r"\s?[:=]\s?[~$]?\d[\d.,_-]*")


def pair_end(text: str, key_start: int, key_end: int) -> int | None:
    """Return where the ``key: value`` pair whose key spans ``text[key_start:key_end]`` ends (its
    closing backtick, or the end of a bare pair's value), or None when the key opens no pair."""
    value = _PAIR_VALUE.match(text, key_end)
    if value is None:
        return None
    if key_start > 0 and text[key_start - 1] == "`":
        closing = text.find("`", value.end())
        return closing if closing >= 0 else None
    return value.end()
