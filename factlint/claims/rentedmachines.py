"""Tell a machine the text rents out by the hour: "partners can rent a CS-2 at $1,650 per hour".

A server sold by its maker is a server; the same server that a sentence says is rented,
leased or hired out is an offer of machine time, and its hourly rate is an instance's, as the
labelling conventions read "8-GPU nodes at $27.92/hr". A rate billed "per system-hour" with no
such verb keeps the server's scope. The verbs are the language's (english.yaml).
"""

from __future__ import annotations

import re

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation
from factlint.claims.segments import Mention


class RentedMachines:
    """Finds the machines a sentence rents out; one per language."""

    def __init__(self, language: Language) -> None:
        verbs = alternation(language.rental_verbs) if language.rental_verbs else r"(?!)"
        determiners = alternation((*language.articles, *language.single_counts))
        # "rent a CS-2", "lease one DGX B200", "hire the whole HGX box"
        self._rented = compile_folded(
            rf"(?<![\w\-]){verbs}[ \t\n]+(?:(?:out[ \t\n]+)?{determiners}[ \t\n]+)?"
            r"(?:[a-z][\w\-]*[ \t\n]+)?\Z",  # an adjective at most: "rent a whole CS-2"
            re.I,
        )

    def rented(self, text: str, mentions: list[Mention], entity: str, start: int) -> bool:
        """Return True when a rental verb stands right before the last mention of ``entity`` that
        precedes the figure at ``start`` ("rent a CS-2 at USD 1,650 per hour")."""
        named = next((m for m in reversed(mentions) if m.entity == entity and m.end <= start), None)
        if named is None:
            return False
        return self._rented.search(text, max(0, named.start - 40), named.start) is not None


__all__ = ["RentedMachines"]
