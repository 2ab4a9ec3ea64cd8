"""Sentences in which the writer takes the figure of the sentence before out of the text.

"A draft said the module is made on a 3 nm process. We found no source for that and removed it."
withdraws the 3 nm as "That was wrong." would: the writer removed it. A pronoun object ("it",
"that") needs a reason before the verb ("found no source for that and ...") or a place in the text
after it ("... from the memo"), since "We removed it." may tell of a card taken out of a server; a
figure noun ("We deleted that figure.") needs neither. The words are the language's (english.yaml).
"""

from __future__ import annotations

import re

from factlint.claims.fastre import FoldedPattern, compile_folded
from factlint.claims.language import Language, alternation

_END = r"\s*(?:[.!]+[\"'”’)]*(?:\s|$)|$|[;:,](?:\s|$))"


def removal_pattern(language: Language) -> FoldedPattern | None:
    """Return the pattern of a next sentence that removes the figure before, None without the words."""
    if not (language.removal_subjects and language.removal_verbs):
        return None
    subjects = alternation(language.removal_subjects)
    verbs = alternation(language.removal_verbs)
    pronoun = alternation(language.removal_pronouns)
    figure = (
        rf"{alternation(language.removal_determiners)}\s+{alternation(language.refuted_figure_nouns)}"
        if language.refuted_figure_nouns
        else None
    )
    preposition = alternation(language.removal_place_prepositions)
    determiner = alternation(language.removal_place_determiners)
    place = (
        rf"\s+{preposition}\s+{determiner}\s+(?:\w+\s+){{0,2}}?{alternation(language.removal_places)}"
        if language.removal_places
        else None
    )
    auxiliary = rf"(?:{alternation(language.removal_adverbs)}\s+)*"
    taken = rf"(?:{pronoun}|{figure})" if figure else pronoun  # what a reason or a verb takes up
    optional_place = rf"(?:{place})?" if place else ""
    shapes = []
    if language.removal_reasons:
        # "We found no source for that and removed it (from the memo).", "..., so we dropped it."
        reason = alternation(language.removal_reasons)
        joiner = alternation(language.removal_joiners)
        shapes.append(
            rf"{reason}\s+{taken}\s*,?\s+{joiner}\s+(?:{subjects}\s+)?{auxiliary}{verbs}\s+{taken}{optional_place}"
        )
    if figure:  # "I have since deleted that figure (from the table)."
        shapes.append(rf"{verbs}\s+{figure}{optional_place}")
    if place:  # "We dropped it from the table."
        shapes.append(rf"{verbs}\s+{pronoun}{place}")
    if not shapes:
        return None
    return compile_folded(rf"[\s\"'”’)>]*{subjects}\s+{auxiliary}(?:{'|'.join(shapes)}){_END}", re.I)
