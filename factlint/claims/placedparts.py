"""Figures of the parts a clause places in a machine: "In X both accelerators are joined at 600 GB/s".

A clause that opens on a machine as a place ("in the p5.48xlarge", "inside each DGX B200")
and then makes the machine's parts its subject ("the GPUs", "both cards", "each module")
speaks of one part: its figures are per part, scoped by the part's noun, unless the clause
says they are a total ("... have 1,440 GB in total") or the parts are plural and the figure
one a machine sums over them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation
from factlint.claims.segments import Mention

_CLAUSE_END = re.compile(r"[.;!?](?:\s|$)")
_PART_SCOPES = frozenset({"chip", "card", "core"})  # what a machine's parts are


class PlacedParts:
    """Knows the clauses that place a machine's parts in it and make them the subject."""

    def __init__(self, language: Language, scope_of_noun: Mapping[str, str]) -> None:
        locatives = alternation(language.locative_prepositions, words=False, hyphens=False)
        determiners = alternation(
            [*language.articles, *language.part_determiners], words=False, hyphens=False
        )
        self._place_re = compile_folded(rf"\b{locatives}\s+(?:{determiners}\s+)?$", re.I)
        nouns = alternation([noun for noun, scope in scope_of_noun.items() if scope in _PART_SCOPES])
        self._subject_re = compile_folded(
            rf"\s*,?\s+(?:{determiners})(?:\s+(?:{determiners}))?\s+(?:[\w\-]+\s+)?({nouns})\s",
            re.I,
        )
        self._total_re = compile_folded(r"\b" + alternation(language.total_markers) + r"\b", re.I)
        self._scope_of_noun = scope_of_noun

    def scope(
        self,
        text: str,
        start: int,
        end: int,
        mentions: list[Mention],
        entity: str,
        holds_scope: Callable[[str, str], bool],
        *,
        additive: bool,
    ) -> str | None:
        """Return the scope of the part a clause placing it in ``entity`` makes its subject, or None.

        ``holds_scope(entity, scope)`` says whether ``entity`` lives outside ``scope`` (a
        machine holds chips and cards). The machine must be the last product named before
        the figure, the part noun its clause's subject, and no clause end between them. Parts
        named in the plural ("the eight GPUs have 1,440 GB") may share an ``additive`` figure:
        only a singular part ("each GPU", "its card") scopes one.
        """
        before = [m for m in mentions if m.end <= start]
        if not before or before[-1].entity != entity:
            return None
        place = before[-1]
        if not self._place_re.search(text, max(0, place.start - 24), place.start):
            return None
        subject = self._subject_re.match(text, place.end)
        if subject is None or subject.end() > start or _CLAUSE_END.search(text, subject.end(), start):
            return None
        if self._total_re.search(text, subject.end(), min(len(text), end + 20)):
            return None  # "the GPUs have 1,440 GB in total": the machine's sum
        noun = subject.group(1).lower()
        if additive and noun.endswith("s"):
            return None
        scope = self._scope_of_noun.get(noun)
        return scope if scope is not None and holds_scope(entity, scope) else None
