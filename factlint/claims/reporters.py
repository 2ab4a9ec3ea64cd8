"""Blocks that open by naming who reports a figure: "Intel claims 2.3x ...", "The vendor says ...".

A note or list item that opens with its source ("Groq claims ~18x faster output than GPU clouds",
"They quote 900 W", "The vendor rates it at 150 W") passes on a figure of the product the items
before it were about: the reporter is a company or a person, never the product. Such a block
refers back as one opening with "it" does.
"""

from __future__ import annotations

import re

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation


class ReportingOpeners:
    """Tells whether a block opens with a reporter and a reporting verb."""

    def __init__(self, language: Language) -> None:
        verbs = alternation(language.reporting_verbs)
        anaphors = alternation([*language.company_anaphors, *language.subject_pronouns])
        # A capitalised name ("Groq", "AMD", "Jordan") or "the vendor" / "they", then the verb.
        self._named = re.compile(rf"[\W_]*[A-Z][\w&.\-]*(?:\s+[A-Z][\w&.\-]*)?\s+(?i:{verbs})\b")
        self._anaphor = compile_folded(rf"[\W_]*{anaphors}\s+{verbs}\b", re.I)

    def opens(self, text: str) -> bool:
        """Return True when ``text`` opens with a reporter and a reporting verb."""
        return bool(self._named.match(text) or self._anaphor.match(text))
