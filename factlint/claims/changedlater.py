"""Tell a figure that the same sentence later changes: "listed at $0.86, then cut that to $0.79".

A figure followed, within its clause, by a time adverb and a verb of change to a new figure of the
same unit ("shipped with 80 GB and was later raised to 96 GB", "TDP set at 700 W, subsequently
increased to 1,000 W") held once and holds no longer: the new figure replaces it. The adverb
(``later_change_adverbs``) is required, so a possible change ("can be raised to 350 W") and a
plain range ("raised to") withdraw nothing, and so is a figure of the same unit after "to": "8 GPUs
per node, later expanded to 16 nodes" changes another quantity. A verb that itself calls the figure
before wrong (``correction_change_verbs``: "gave 4.8 TB/s here; the vendor corrected it to 5.3
TB/s") needs no adverb, and a short subject may stand before it past the clause break.
"""

from __future__ import annotations

import re

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation

# the unit of a figure as written: a currency sign before it, or the first word after it
_FIGURE_UNIT = re.compile(r"(?P<sign>[$€£]?)\s*\d[\d.,]*\s*(?P<unit>[A-Za-z%]*)")


class LaterChanges:
    """Finds figures a later change in the same clause replaces; one per language."""

    def __init__(self, language: Language) -> None:
        self._enabled = bool(language.later_change_adverbs and language.later_change_verbs)
        if not self._enabled:
            return
        objects = (
            rf"(?:\s+{alternation(language.later_change_objects)})?" if language.later_change_objects else ""
        )
        # "gave 4.8 TB/s here; the vendor corrected it to 5.3 TB/s": a verb that calls the figure
        # before wrong needs no time adverb; up to three words of a subject may come before it
        corrections = (
            r"|(?:[^\W\d][\w\-]*\s+){0,3}?" + alternation(language.correction_change_verbs)
            if language.correction_change_verbs
            else ""
        )
        self._changed_after = compile_folded(
            # the rest of the figure's clause: no other figure, no clause end ("on demand", "at launch")
            r"(?:[^.;!?\d\n]|(?<=[A-Za-z])\d+){0,40}?[,;]?\s*(?:(?:and|but)\s+)?"
            r"(?:(?:was|were|has\s+been|had\s+been|is|are)\s+)?"
            + r"(?:"
            + alternation(language.later_change_adverbs)
            + r"\s+(?:(?:was|were|been|got)\s+)?"
            + alternation(language.later_change_verbs)
            + corrections
            + r")"
            + objects
            + r"\s+to\s+(?:(?:about|around|roughly|only|just)\s+)?[~≈]?\s*"
            + r"(?P<figure>[$€£]?\s*\d[\d.,]*\s*[A-Za-z%]*)",
            re.I,
        )

    def is_changed_later(self, text: str, start: int, end: int) -> bool:
        """Return True when the figure at ``start``..``end`` is changed later in its clause to a
        figure of the same unit ("$0.86 on demand, then cut that to $0.79/hr")."""
        if not self._enabled:
            return False
        match = self._changed_after.match(text, end)
        if match is None:
            return False
        return _unit(text[start:end]) == _unit(match.group("figure"))


def _unit(figure: str) -> str:
    """Return a figure's unit as compared: its currency sign, else its first unit word in lower case."""
    match = _FIGURE_UNIT.search(figure)
    if match is None:
        return ""
    return match.group("sign") or match.group("unit").lower()


__all__ = ["LaterChanges"]
