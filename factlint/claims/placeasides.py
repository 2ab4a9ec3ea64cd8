"""Asides that describe a place: "the data center "Almaty-2" (Tier III, 4,2 MW)" sizes the site.

A letter that names where its machines stand often glosses the place in brackets right after
it: its tier, its power, its area. Those figures belong to the place, never to a product
named elsewhere in the sentence. The place nouns are the language's (english.yaml).
"""

from __future__ import annotations

import re

from factlint.claims.fastre import FoldedPattern, compile_folded
from factlint.claims.language import Language, alternation

# After the place noun, its name: quoted ("Almaty-2", «Almaty-2») or one to three capitalised words.
_NAME = r"(?:\s+(?:[\"“«'][^\"”»'\n]{1,40}[\"”»']|[A-Z][\w\-]*(?:[ \-][A-Z0-9][\w\-]*){0,2}))?"


class PlaceAsides:
    """Finds the bracketed glosses of places in a segment's text."""

    def __init__(self, language: Language) -> None:
        self._before: FoldedPattern | None = None
        if language.place_nouns:
            self._before = compile_folded(
                rf"(?<![\w\-]){alternation(language.place_nouns)}{_NAME}\s*\Z", re.I
            )

    def spans(self, text: str) -> list[tuple[int, int]]:
        """Return the (start, end) of every bracketed aside that right follows a place's noun and name."""
        if self._before is None or "(" not in text:
            return []
        found = []
        for opening in re.finditer(r"\(", text):
            start = opening.start()
            closing = text.find(")", start)
            if closing < 0 or "(" in text[start + 1 : closing]:
                continue
            if self._before.search(text, max(0, start - 80), start):
                found.append((start, closing + 1))
        return found
