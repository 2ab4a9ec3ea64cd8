"""Memory figures that measure what is left for use, not what a product carries.

"about 110 GB free for jobs" is a reading of one machine after its OS took its share; "24 GB
per GPU (22.4 GiB usable)" glosses the figure before it in the parenthesis. Neither is a claim
of capacity. A bare "180 GB usable on the B200" stays: it may be the only figure the text gives.
The words are the language's (english.yaml).
"""

from __future__ import annotations

import re

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation

_OPENS_ASIDE = re.compile(r"\(\s*(?:about\s+|roughly\s+|~\s*|≈\s*)?\Z", re.I)


class AvailableMemory:
    """Tells a free or usable amount of memory from a capacity, for one language."""

    def __init__(self, language: Language) -> None:
        self._free = None
        if language.free_memory_words:
            self._free = compile_folded(
                r"\s*" + alternation(language.free_memory_words) + r"(?![\w\-])", re.I
            )
        self._usable = None
        if language.usable_memory_words:
            self._usable = compile_folded(r"\s*" + alternation(language.usable_memory_words) + r"\s*\)", re.I)

    def is_leftover(self, text: str, start: int, end: int) -> bool:
        """Return True for a memory figure at ``start:end`` read as free, or glossed as usable in an aside."""
        if self._free and self._free.match(text, end):
            return True
        return bool(
            self._usable
            and self._usable.match(text, end)
            and _OPENS_ASIDE.search(text, max(0, start - 12), start)
        )
