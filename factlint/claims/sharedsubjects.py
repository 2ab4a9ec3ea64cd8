"""One figure stated of several products at once: "the H100 and H200 both draw 700 W".

"Both A and B", "A and B each" and "A, B and C all" make every product named a subject of
the figures that follow in the clause, so each of them gets the claim.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from factlint.claims.segments import SUBJECT, Mention

_JOIN = re.compile(r"\s*(?:,\s*(?:and\s+|&\s*)?|\s(?:and|&)\s+)(?:the\s+)?", re.I)
_BOTH_BEFORE = re.compile(r"\b(?:both|all)\s+(?:(?:of\s+)?the\s+)?\Z", re.I)
# "A and B instances each", "A and B both": a plural noun may stand before the distributive word.
_EACH_AFTER = re.compile(r"(?:\s+[a-z][\w\-]*s)?\s+(?:each|both|all)\b", re.I)
_CLAUSE_STOP = re.compile(r"[.;!?](?:\s|\Z)|\n\s*\n")


def shared_subjects(text: str, mentions: Sequence[Mention], start: int) -> tuple[str, ...]:
    """Return the products a figure at ``start`` is stated of together, or () when it names one.

    The coordination must open the figure's clause side ("Both A and B ...", "A and B each
    ...") and no other product may be the subject between it and the figure.
    """
    clause = max((m.end() for m in _CLAUSE_STOP.finditer(text, 0, start)), default=0)
    named = [m for m in mentions if clause <= m.start and m.end <= start]
    for first in range(len(named)):
        last = first
        while last + 1 < len(named) and _JOIN.fullmatch(text, named[last].end, named[last + 1].start):
            last += 1
        if last == first:
            continue
        group = named[first : last + 1]
        distributive = _BOTH_BEFORE.search(text, clause, group[0].start) or _EACH_AFTER.match(
            text, group[-1].end
        )
        if not distributive:
            continue
        if any(m.role == SUBJECT for m in named[last + 1 :]):
            return ()
        entities = tuple(dict.fromkeys(m.entity for m in group))
        return entities if len(entities) > 1 else ()
    return ()
