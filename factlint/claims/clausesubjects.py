"""A unit noun that is the subject of a clause scopes every figure of that clause.

"The card has 16 GB GDDR6 at 576 GB/s and a 150 W TBP": "the card" is what has the memory, its
bandwidth and its power, not only the figure right after the verb. The clause runs from the noun
to a semicolon, a sentence end or a contrast ("but", "while"); a scope noun written between the
first figure and a later one ("the card has 16 GB and the chip draws 75 W") speaks of that unit
instead, and is left to the nearer reading.
"""

from __future__ import annotations

import re

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation
from factlint.claims.runbreaks import RunBreaks
from factlint.pack import KnowledgePack

_CLAUSE_BREAK = re.compile(r"[;!?\n]|\.(?=\s|$)|\b(?:but|while|whereas|although|though)\b", re.I)
# the longest break, "although", plus the one character its closing \b reads
_CLAUSE_BREAKS = RunBreaks(_CLAUSE_BREAK)
_DIGIT = re.compile(r"\d")


class ClauseSubjects:
    """Knows the scope nouns of a pack and the verbs that follow a clause's subject."""

    def __init__(self, pack: KnowledgePack, language: Language) -> None:
        self._scope_of_noun = {noun.lower(): scope for scope, nouns in pack.scopes for noun in nouns}
        nouns = alternation(sorted(self._scope_of_noun, key=len, reverse=True))
        verbs = alternation(language.subject_verbs)
        # "the card has", "each board carries", "this module is rated at": up to the first figure
        self._subject = compile_folded(
            rf"(?<![\w\-])(?:the|this|that|each|every)\s+({nouns})\s+{verbs}(?![\w\-])[^\d;]*$", re.I
        )
        self._noun = compile_folded(rf"(?<![\w\-])({nouns})(?![\w\-])", re.I)

    def scope(self, text: str, start: int) -> str | None:
        """Return the scope of the unit noun that is the subject of the clause holding a figure at
        ``start``, when an earlier figure of the clause follows the subject; else None."""
        clause = _CLAUSE_BREAKS.last_end(text, start) or 0
        first = _DIGIT.search(text, clause, start)
        if first is None:
            return None  # the figure is the clause's first: the nearer reading has it
        subject = self._subject.search(text, clause, first.start())
        if subject is None:
            return None
        if self._noun.search(text, first.start(), start) is not None:
            return None  # "and the chip draws 75 W": another unit speaks
        return self._scope_of_noun.get(subject.group(1).lower())
