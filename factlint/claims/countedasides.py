"""Counts in an aside on a counted product: "36 DGX B300 (8 GPUs each)", "2x Xeon 6 6960P (72 cores each)",
"32 x HX-4A nodes, each with 4 MI300A APUs".

A quote or an order counts machines and says in brackets what each one holds. The count
inside the brackets, followed by "each" (or after "each with"), is one counted unit's: a chip
count of the named machine, or, when the counted thing is a processor or a part the pack does not hold as a
machine, no claim at all (the host's cores are not the server's). The number before the
name counts the units bought, never chips. Machines counted by a bare machine noun ("two
systems, each with eight ...") are the machine the text named before them: the count is left
to the figure's ordinary owner.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from factlint.claims.language import Language, alternation
from factlint.claims.segments import Mention


@dataclass(frozen=True)
class CountedAside:
    """A count written "each" in the aside after a counted name; ``entity`` is the name's
    product when the pack knows it, else None."""

    entity: str | None
    unnamed: bool = (
        False  # the name is only a machine noun ("two systems, each with"): a machine named before
    )


class CountedAsides:
    """Finds counts given "each" in an aside right after a counted product's name."""

    def __init__(self, language: Language) -> None:
        # "two systems", "4 nodes": machines the sentence counts without naming them
        self._machine_noun = re.compile(
            rf"(?i:{alternation(language.unnamed_machine_nouns, words=False, hyphens=False)})s?"
        )
        numbers = alternation(tuple(language.number_values), words=False, hyphens=False)
        approximate = alternation(language.approximators, words=False, hyphens=False)
        # "36 DGX B300 (", "2x Xeon 6 6960P (", "two HGX H200 boards (": a count, then a name of at
        # most five words, the bracket still open at the figure
        self._opening = re.compile(
            rf"(?<![\w.,])(?:\d[\d,]*|(?i:{numbers}))[ \t]*[x×]?[ \t]+"
            rf"(?P<name>[A-Za-z][^()\n;:,.]{{0,60}}?)[ \t]*\([ \t]*(?:(?i:{approximate})[ \t]+|~[ \t]*)?\Z"
        )
        apiece = alternation(language.apiece_words, words=False, hyphens=False)
        self._apiece = re.compile(rf"[ \t]*(?i:{apiece})\b")
        # "32 x HX-4A nodes, each with 4 MI300A APUs": the count of one machine after "each with"
        self._each_with = (
            re.compile(
                rf"(?<![\w.,])(?:\d[\d,]*|(?i:{numbers}))[ \t]*[x×]?[ \t]+"
                rf"(?P<name>[A-Za-z][^()\n;:,.]{{0,60}}?)[ \t]*,?[ \t]+"
                rf"(?i:{alternation(language.each_holding_words, words=False, hyphens=False)})"
                rf"[ \t]+(?:(?i:{approximate})[ \t]+|~[ \t]*)?\Z"
            )
            if language.each_holding_words
            else None
        )

    def find(self, text: str, start: int, end: int, mentions: list[Mention]) -> CountedAside | None:
        """Return the aside a count at ``start``..``end`` opens with "each", or None if it is in none."""
        if self._apiece.match(text, end):
            opening = self._opening.search(text, max(0, start - 90), start)
        elif self._each_with is not None:
            opening = self._each_with.search(text, max(0, start - 100), start)
        else:
            return None
        if opening is None or len(opening.group("name").split()) > 5:
            return None
        named = [m for m in mentions if opening.start("name") <= m.start and m.end <= opening.end("name")]
        if named:
            return CountedAside(named[-1].entity)
        return CountedAside(None, unnamed=bool(self._machine_noun.fullmatch(opening.group("name").strip())))
