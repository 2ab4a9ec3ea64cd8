"""Counts of repetitions written with "times": "repeat up to 3 times", "retried 5 times".

"N times" after a verb of doing something again counts how often it is done, no multiplier of a
product: a CLI's help ("-v  Repeat up to 3 times for more output"), a test log ("the job was
retried 5 times"). A comparison after it ("runs 3 times faster", "ran 2 times the throughput")
keeps the multiplier. The verbs are the language's (english.yaml ``repetition_verbs``).
"""

from __future__ import annotations

import re

from factlint.claims.fastre import FoldedPattern, compile_folded
from factlint.claims.language import Language, alternation
from factlint.claims.quantities import Quantity

_REACH = 60  # characters before the count searched for the verb


class Repetitions:
    """Tells a count of repetitions from a multiplier, for one language."""

    def __init__(self, language: Language) -> None:
        self._before: FoldedPattern | None = None
        self._compared: FoldedPattern | None = None
        if language.repetition_verbs:
            # the verb, perhaps its object ("it", "the test") and a bound ("up to", "at most")
            self._before = compile_folded(
                rf"(?<![\w\-]){alternation(language.repetition_verbs)}"
                r"(?:\s+(?:it|them|this|that|the\s+[\w\-]+))?"
                r"(?:\s+(?:up\s+to|at\s+most|no\s+more\s+than|as\s+many\s+as|about|another|only))?\s+\Z",
                re.I,
            )
            # "3 times faster", "3 times as fast", "3 times slower": a comparison, not a count
            compared = alternation(
                (*language.comparatives, "as", "slower", "less", "lower", "cheaper", "over")
            )
            self._compared = compile_folded(rf"\s+{compared}(?![\w\-])", re.I)

    def counts_repeats(self, text: str, quantity: Quantity) -> bool:
        """Return True when the "times" figure ``quantity`` counts repetitions of a verb before it."""
        if self._before is None or self._compared is None or (quantity.unit or "").lower() != "times":
            return False
        end = quantity.unit_end or quantity.end
        return (
            self._before.search(text, max(0, quantity.start - _REACH), quantity.start) is not None
            and self._compared.match(text, end) is None
        )
