"""Places a count of chips is mounted on: "8x H100 on the baseboard", "4 x MI250X on one carrier board".

"2x H100 on Llama" compares with a baseline, yet "on" followed by a carrier of chips (a board,
module, tray or chassis, ``mounting_places``) places the counted units where they sit: the name
before it is counted, not compared (decision 0219).
"""

from __future__ import annotations

import re

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation


class MountingPlaces:
    """Knows the carriers of chips named after a mounting preposition."""

    def __init__(self, language: Language) -> None:
        # At most one determiner and three modifiers before the place noun ("on the main board",
        # "on an M.2 key M card").
        self._place_re = compile_folded(
            rf"[ \t]+{alternation(language.mounting_prepositions)}"
            rf"(?:[ \t]+{alternation(language.mounting_place_determiners)})?"
            rf"(?:[ \t]+[\w.\-]+){{0,3}}?"
            rf"[ \t]+{alternation(language.mounting_places)}",
            re.I,
        )

    def follows(self, text: str, end: int) -> bool:
        """Return True when a mounting preposition and a carrier of chips follow ``end``."""
        return self._place_re.match(text, end) is not None
