"""Products named only inside a relative clause: "... for the board, which carries four B200 GPUs".

A non-restrictive relative clause (", which ...") describes the noun before it. A product it
names is a part or a detail of that noun, not what the sentence is about, so it sets no topic
for the sentences after it ("NVIDIA introduced it in November 2024" is still about the board).
"""

from __future__ import annotations

import re

from factlint.claims.language import Language, alternation


class RelativeTopics:
    """Tells whether a sentence names a product first inside a relative clause; one per language."""

    def __init__(self, language: Language) -> None:
        pronouns = [word for word in language.relative_pronouns if word != "that"]
        # ", which carries four", ", whose board holds": the clause opened after a comma and still
        # open (no later comma, semicolon or colon) where the product is named
        self._open_clause = re.compile(rf",[ \t\n]+(?i:{alternation(pronouns)})[ \t\n][^,;:]*\Z")

    def named_in_clause(self, text: str, start: int) -> bool:
        """Return True when the product named at ``start`` stands inside a ", which ..." clause."""
        if "," not in text[:start]:
            return False
        return self._open_clause.search(text, max(0, start - 120), start) is not None


__all__ = ["RelativeTopics"]
