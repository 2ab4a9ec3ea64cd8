"""Find a translator's notes in a text: glosses of the original, no claims of the document.

"[Translator's note: the point separates thousands (1.000 W = one thousand watts)]" and
"[Translator: the original writes "4.000 TOPS AI"]" explain the notation or the wording of the
original; their figures restate or illustrate, they claim nothing. An editor's note ("[Editor's
note: the rating is up to 23 kW]") is the document's own correction and is not one of them.
The note's openers are the language's (``translator_note_openers`` in english.yaml).
"""

from __future__ import annotations

import re

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation


class TranslatorNotes:
    """Finds bracketed translator's notes; one per language."""

    def __init__(self, language: Language) -> None:
        self._note = None
        if language.translator_note_openers:
            # the note runs to its closing bracket, over lines, past asides in parentheses
            openers = alternation(language.translator_note_openers)
            self._note = compile_folded(
                rf"\[\s*{openers}\s*:(?:[^\[\]()]|\([^()\[\]]*\))*\]|\(\s*{openers}\s*:[^()\[\]]*\)", re.I
            )

    def spans(self, text: str) -> list[tuple[int, int]]:
        """Return the (start, end) offsets of each translator's note in ``text``."""
        if self._note is None:
            return []
        return [(match.start(), match.end()) for match in self._note.finditer(text)]


__all__ = ["TranslatorNotes"]
