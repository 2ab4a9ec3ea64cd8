"""Notes that move a table cell's figure to another scope: "| 300 W[e] |" with the note
"e. Per PCIe card." is the card's power, and "i. Power of the CS-3 system, ..." is the
CS-3's, not the row's chip."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from factlint.claims import footnotes
from factlint.models import Block, BlockKind

# The note's opening clause: "Per C2 PCIe card", "Power of the CS-3 system", "Figures are per board"
_OWNER = re.compile(
    r"^(?:[A-Za-z][\w\-]*[ \t]+){0,2}?(?:per|of)[ \t]+(?:(?:the|a|an|one|each)[ \t]+)?"
    r"(.+)$",
    re.I,
)
# The unit's noun comes within this many words of "per"/"of": "per dual-slot PCIe card"
_NOUN_WITHIN = 4


@dataclass(frozen=True)
class NoteScope:
    """Where a note puts the figure it is attached to."""

    scope: str
    entity: str | None  # the named container, or None to keep the row's entity


Namer = Callable[[str], Iterable[str]]  # text -> entity names it mentions, left to right


def note_scopes(
    blocks: Iterable[Block], scope_of_noun: Mapping[str, str], names_in: Namer
) -> dict[str, NoteScope]:
    """Return note marker -> the scope (and container) the note's opening clause gives its figure.

    Only a note that opens with a short "per <unit>" or "<what> of the <unit>" clause moves a
    figure; "OAM module (HL-325L)." or "Design TDP." leave it where the row put it.
    """
    found: dict[str, NoteScope] = {}
    for block in blocks:
        if block.kind is BlockKind.TABLE_ROW:
            continue
        opened = footnotes.definition_at_start(block.text)
        if opened is None:
            continue
        marker, rest = opened
        clause = re.split(r"[.,;:(]", rest.strip(), maxsplit=1)[0].strip()
        owner = _OWNER.match(clause)
        if owner is None:
            continue
        words = owner.group(1).split()[:_NOUN_WITHIN]
        at = next((i for i, word in enumerate(words) if word.lower() in scope_of_noun), None)
        if at is None:
            continue
        phrase, scope = " ".join(words[: at + 1]), scope_of_noun[words[at].lower()]
        named = list(names_in(phrase))
        found[marker] = NoteScope(scope, named[0] if named else None)
    return found


def markers_in(text: str) -> list[str]:
    """Return the note markers referred to in ``text`` ("300 W[e]" -> ["e"])."""
    return footnotes.references(text)
