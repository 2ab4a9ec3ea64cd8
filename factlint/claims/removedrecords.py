"""Figures a removed record said: "rev 23 deletes a duplicate H100 row that listed 94 GB".

A change that deletes an entry, a row or a key of a catalogue withdraws what that record held; the
text names the figure in a relative clause on the record ("that said", "which gave"), as a
retraction names an earlier revision's figure. A product is no record ("removed the card that had
24 GB" keeps the card's figure), so only record nouns qualify. The words are the language's.
"""

from __future__ import annotations

import re

from factlint.claims.fastre import FoldedPattern, compile_folded
from factlint.claims.language import Language, alternation


def removed_record_pattern(language: Language) -> FoldedPattern | None:
    """Return the pattern of the words before a figure that a removed record said, None without the words."""
    if not (language.record_removal_verbs and language.removed_record_nouns and language.retraction_verbs):
        return None
    return compile_folded(
        alternation(language.record_removal_verbs)
        + r"\s+(?:[\w'’\-]+\s+){0,4}?"
        + alternation(language.removed_record_nouns)
        + r"\s+(?:that|which)\s+"
        + alternation(language.retraction_verbs)
        + r"[\s:\"'“‘]*[~$≈]?$",
        re.I,
    )
