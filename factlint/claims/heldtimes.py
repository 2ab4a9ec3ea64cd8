"""Counts written with "x" after a machine's verb of holding: "g4dn.metal has 8 x T4".

"A server with 8x H100" counts the chips the server holds (``count_holding_words``); so does a
machine named as a clause's subject and a verb of holding, "the p4d.24xlarge has 8x A100 40GB",
"each node packs 4 x MI250X" (``container_verbs``). Without the machine the "x" stays a multiplier
("the B200 has 2x the H100's memory" compares; the baseline's role already keeps it one).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from factlint.claims.language import Language, alternation
from factlint.claims.segments import Mention

# Between the machine's name and its verb: at most two words ("instance", "box", "each"), no clause break.
_NAME_TO_VERB = re.compile(r"(?:[ \t]+[^\W\d][\w\-]*){0,2}[ \t]+\Z")


class HeldTimes:
    """Knows when an "Nx" right after a verb of holding counts a named machine's chips."""

    def __init__(self, language: Language) -> None:
        self._verb_before = re.compile(
            rf"(?<![\w\-])(?:{alternation(language.container_verbs, words=False)})[ \t]+\Z", re.I
        )

    def counts(
        self, text: str, start: int, mentions: list[Mention], holds_chips: Callable[[str], bool]
    ) -> bool:
        """Return True when the "x" figure at ``start`` follows a verb of holding whose subject is a
        machine that holds chips ("g4dn.metal has 8 x T4")."""
        if start == 0 or text[start - 1] not in " \t":
            return False
        verb = self._verb_before.search(text, max(0, start - 40), start)
        if verb is None:
            return False
        return any(
            m.end <= verb.start()
            and _NAME_TO_VERB.fullmatch(text, m.end, verb.start()) is not None
            and holds_chips(m.entity)
            for m in mentions
        )
