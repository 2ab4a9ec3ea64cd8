"""Chip counts written after the chip's name: "NVIDIA B200 × 8", "H200 x 8 units", "RNGD 8 sheets".

Specification sheets translated from Japanese or Chinese, and bills of materials, put the
count after the part as a multiplication ("GPU: NVIDIA H200 × 8"), sometimes followed by a
counter word (基, 台, pcs); a classifier alone (8 sheets, 8基) needs no "×". Read so, the
number counts the chips its machine holds; a count of links after a rate ("400 Gbps × 8") or a
number that goes on into a unit ("× 8 GB") counts no chips.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation
from factlint.claims.quantities import Quantity
from factlint.claims.segments import Mention
from factlint.models import ValueForm


class TrailingCounts:
    """Knows the counter words that may follow a count written after a chip's name."""

    def __init__(self, language: Language) -> None:
        counters = alternation(language.trailing_counters, words=False)
        bare = alternation(language.bare_trailing_counters, words=False)
        participle = alternation(language.trailing_count_participles)
        # The count must end its field: a counter word (and "mounted"), then a break of the cell,
        # item or line. Without the "×" only a classifier makes the number a count.
        self._count_re = compile_folded(
            rf"[ \t]*(?:[x×][ \t]*(\d{{1,4}})(?:[ \t]*(?:{counters}))?|(\d{{1,4}})[ \t]*(?:{bare}))"
            rf"(?:[ \t]+{participle})?(?=[ \t]*(?:$|[\n|,;:()/]|per\b))",
            re.I | re.M,
        )

    def counts(self, text: str, mentions: list[Mention], is_chip: Callable[[str], bool]) -> list[Quantity]:
        """Return a count quantity for every chip name (``is_chip`` of its entity) followed by "× N"."""
        found = []
        for mention in mentions:
            if not is_chip(mention.entity):
                continue
            match = self._count_re.match(text, mention.end)
            if match is None:
                continue
            group = 1 if match.group(1) is not None else 2
            value = float(match.group(group))
            found.append(
                Quantity(
                    match.start(group),
                    match.end(group),
                    value,
                    value,
                    ValueForm.EXACT,
                    0,
                    "count",
                    count_scope="chip",
                    counted_start=mention.start,
                    counted_end=mention.end,
                    unit_end=match.end(),
                )
            )
        return found
