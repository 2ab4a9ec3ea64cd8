"""Tell money given for each of a counted set of chips: "8 cards at $4.10 would be $32.80 an hour".

A count of chips (or of the cards that carry them) followed by "at" and money prices one of
the counted units: "four GPUs at $2.25 each", "16 chips at $1.10/hr = $17.60/hr". Said of a
machine, that is the machine's price per chip (tests/eval/README.md, convention 3), not the
machine's own price. Money that names the whole after it ("at $32.80 an hour for the whole
box", "at $17.60 in total") stays the machine's, and so does money after a count the machine is
said to have ("an inf1.24xlarge offers 16 chips at $4.721 per hour", "a shape with 4 chips at
$10.80 per hour", "the older type: 8 GPUs at $14.50/hr"): there the count describes the
machine the price is for.
"""

from __future__ import annotations

import re

from factlint.claims.language import Language, alternation


class CountedPrices:
    """Finds money priced per counted chip; one per language."""

    def __init__(self, language: Language) -> None:
        counts = alternation([word for word, value in language.number_words if value > 1])
        nouns = alternation(language.chip_nouns)
        approximate = alternation(language.approximators, words=False, hyphens=False)
        # "8 cards at", "four Gaudi 3 accelerators at about": the count, up to two words naming
        # the chip, its plural noun, then "at" right before the money
        self._count_at = re.compile(
            rf"(?<![\w.,$])(?:\d{{1,4}}|{counts})(?:[ \t]+[\w\-]+){{0,2}}?[ \t]+{nouns}"
            rf"[ \t]+at[ \t]+(?:{approximate}[ \t]+)?\Z",
            re.I,
        )
        having = alternation(
            [*language.container_verbs, *language.each_of_verbs, *language.each_unit_having_words]
        )
        # "offers 16 chips at", "with up to 4 chips at", "the p9.x: 8 GPUs at": a verb of having, or
        # a colon after the machine's name, opens the count as the machine's description
        self._had_before = re.compile(rf"(?:\b(?:{having})|:)[ \t]+(?:up[ \t]+to[ \t]+)?\Z", re.I)
        wholes = alternation([*language.whole_system_openers, *language.whole_adverbs])
        # what may stand between the money and a phrase naming the whole: its rate unit only
        self._whole_after = re.compile(rf"[^.;:!?,=\n]{{0,24}}?\b(?:{wholes})\b", re.I)

    def is_per_chip(self, text: str, start: int, end: int) -> bool:
        """Return True when money at ``start``..``end`` follows "<count> <chip noun> at" in its
        line, no verb of having opens the count and no phrase naming the whole follows the money."""
        if " at " not in text[max(0, start - 16) : start]:  # cheap guard before the regex
            return False
        line_start = text.rfind("\n", 0, start) + 1
        before = text[line_start:start]
        found = self._count_at.search(before)
        if found is None or self._had_before.search(before, 0, found.start()):
            return False
        return self._whole_after.match(text, end) is None
