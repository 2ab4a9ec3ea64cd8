"""Dotted-leader fields ("Accelerators ...... 4 x n300s", "Host memory ....... 768 GB"): the key.

A CLI's ``show`` output, a printed report and a budget line set a key and its value apart with a
run of dots instead of a colon; the key labels the value as "Key: value" does.
"""

from __future__ import annotations

import re

# the key at the start of the line, a run of three or more dots (or two ellipses), the value's start
_LEADER_KEY = re.compile(r"(?:^|\n)[ \t]*(?P<key>[^\s.…][^\n]{0,40}?)[ \t]*(?:\.{3,}|…{2,})[ \t]*\Z")


def leader_key(text: str, start: int) -> str | None:
    """Return the key of the dotted-leader field whose value opens at ``start``, or None."""
    found = _LEADER_KEY.search(text, max(0, start - 80), start)
    return found.group("key") if found is not None else None
