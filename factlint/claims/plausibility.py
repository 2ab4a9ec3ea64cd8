"""Scale plausibility: a figure no single chip, core or card could carry is a system's.

The pack gives each attribute the largest figure one unit of a small scope can carry
(``ceilings: {chip: 1 TB}``) and lets an entity raise its own (a wafer-scale chip). A
claim above its ceiling is a total, a rack's figure, a budget line or wall power that the
reader gave to the chip named nearby: it moves to a larger entity named in the same
sentence or row, else to the larger scope the text names there, else it is dropped.
See docs/decisions/0079-scale-plausibility.md.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from factlint.claims.fastre import compile_folded
from factlint.claims.language import alternation
from factlint.claims.segments import Mention
from factlint.models import Claim
from factlint.pack import KnowledgePack


@dataclass(frozen=True)
class Placement:
    """Where an implausible figure belongs: a larger entity or scope, with the reason."""

    entity: str
    scope: str
    note: str


class ScalePlausibility:
    """Checks claims against the pack's scale ceilings; one per pack.

    ``kind_of`` gives an entity's kind (scope) and ``holds(outer, inner)`` says whether one
    entity contains another, as the document's resolver knows them.
    """

    def __init__(
        self,
        pack: KnowledgePack,
        kind_of: Callable[[str], str | None],
        holds: Callable[[str, str], bool],
    ) -> None:
        self.pack = pack
        self._kind_of = kind_of
        self._holds = holds
        self._order = {scope: index for index, scope in enumerate(pack.scope_names)}
        self._scope_of_noun = {noun.lower(): scope for scope, nouns in pack.scopes for noun in nouns}
        nouns = [noun for _, nouns in pack.scopes for noun in nouns]
        self._noun_re = compile_folded(f"({alternation(nouns)})", re.I) if nouns else None

    def ceiling(self, entity: str, scope: str, attribute: str) -> float | None:
        """Return the largest figure of ``attribute`` one ``scope`` unit of ``entity`` can carry, or None."""
        spec = self.pack.attribute(attribute)
        limits = dict(spec.ceilings) if spec is not None else {}
        if scope not in limits:
            return None  # a server, a pod: no ceiling, whatever it holds
        found = self.pack.entity(entity)
        if found is not None:
            own = dict(found.ceilings).get(attribute)
            if own is not None:
                return own
            held = found.contains
            if held is not None and held.count and scope == found.kind and held.entity != entity:
                inner = self.pack.entity(held.entity)
                per_unit = self.ceiling(held.entity, inner.kind if inner else scope, attribute)
                if per_unit is not None:
                    return per_unit * held.count  # a board of eight chips carries eight chips' worth
        return limits[scope]

    def exceeds(self, claim: Claim) -> bool:
        """Return True when the claim's smallest stated figure is above its entity's ceiling."""
        if claim.scope is None or isinstance(claim.value, str):
            return False
        if claim.qualifier == "up to" and claim.unit.endswith("B"):
            return False  # "supports up to 6 TB": what a part can address (a CPU's DRAM), not what it carries
        limit = self.ceiling(claim.entity, claim.scope, claim.attribute)
        smallest = claim.low if isinstance(claim.low, float | int) else claim.value
        return limit is not None and smallest > limit

    def place(
        self, claim: Claim, text: str, at: int, mentions: list[Mention], context: tuple[str, ...] = ()
    ) -> Placement | None:
        """Return where an implausible claim belongs, or None when the text names no larger home.

        ``text`` is the sentence or row the figure stands in, ``at`` the figure's offset there;
        ``context`` the entities of the figure's context, which pick among the pack's homes.
        """
        assert claim.scope is not None and not isinstance(claim.value, str)

        def fits(entity: str, scope: str) -> bool:
            limit = self.ceiling(entity, scope, claim.attribute)
            return self._outer(scope, claim.scope) and (limit is None or float(claim.value) <= limit)

        named = [
            m
            for m in mentions
            if m.entity != claim.entity
            and (kind := self._kind_of(m.entity)) is not None
            and fits(m.entity, kind)
        ]
        if named:
            # the chip's own container first ("a CS-3 with one WSE-3 ... 23 kW"), then the nearest
            best = min(named, key=lambda m: (not self._holds(m.entity, claim.entity), abs(m.start - at)))
            kind = self._kind_of(best.entity)
            assert kind is not None
            return Placement(best.entity, kind, f"scale-ceiling: moved to {best.entity}")
        if self._noun_re is None:
            return None
        # a scope word counts on the figure's own line: a wrapped grid's other rows name other things
        line_start = text.rfind("\n", 0, at) + 1
        line_end = text.find("\n", at) % (len(text) + 1)
        scopes = [
            (abs(match.start() - at), scope)
            for match in self._noun_re.finditer(text, line_start, line_end)
            if (scope := self._scope_of_noun.get(match.group(1).lower())) is not None
            and fits(claim.entity, scope)
        ]
        if not scopes:
            return None
        scope = min(scopes)[1]
        # "pods of 9,216 chips reach 42.5 exaflops": the pack's one pod of this chip, when it has one
        homes = [
            e.name
            for e in self.pack.entities
            if e.kind == scope and e.contains and e.contains.entity == claim.entity
        ]
        if len(homes) == 1:
            return Placement(homes[0], scope, f"scale-ceiling: {scope} figure, the pack's {homes[0]}")
        # "12 nodes of the type XE9680 ... a whole node draws 14.3 kW": of the B200's many servers,
        # the one the context is about
        home = next((entity for entity in context if entity in homes), None)
        if home is not None:
            return Placement(home, scope, f"scale-ceiling: {scope} figure, the context's {home}")
        return Placement(claim.entity, scope, f"scale-ceiling: {scope} figure")

    def settle(
        self,
        claim: Claim,
        text: str,
        at: int,
        mentions: list[Mention],
        homes: tuple[str, ...] = (),
        chosen: tuple[str, ...] = (),
    ) -> Claim | None:
        """Return the claim as it stands, moved to where its scale belongs, or None to drop it.

        ``homes`` are the entities of the figure's context (its heading, the document's
        subject), tried when the text names no larger home: "Aggregate HBM3e capacity is about
        1.7 PB" after a sentence on its B200 GPUs is the capacity of the system the notice is
        about, when that system holds the B200. ``chosen`` are the context entities that may pick
        one of the pack's many machines of the chip.
        """
        if not self.exceeds(claim):
            return claim
        placement = self.place(claim, text, at, mentions, chosen) or self._context_home(claim, homes)
        if placement is None:
            return None
        return replace(
            claim, entity=placement.entity, scope=placement.scope, rule=f"{claim.rule}; {placement.note}"
        )

    def _context_home(self, claim: Claim, homes: tuple[str, ...]) -> Placement | None:
        """Return the first context entity that holds the claim's entity and can carry its figure."""
        for home in homes:
            kind = self._kind_of(home)
            if kind is None or home == claim.entity or not self._holds(home, claim.entity):
                continue
            limit = self.ceiling(home, kind, claim.attribute)
            # a chip's figure read at its board's scope ("8 x MI325X, 2,048 GB" under a board's
            # heading) is that board's when the board holds the chip: same scope, the holder's figure
            outer = self._outer(kind, claim.scope) or kind == claim.scope
            if outer and (limit is None or float(claim.value) <= limit):
                return Placement(home, kind, f"scale-ceiling: moved to the context's {home}")
        return None

    def _outer(self, scope: str, than: str | None) -> bool:
        """Return True when ``scope`` is a larger unit than ``than`` in the pack's scope order."""
        return than is not None and self._order.get(scope, -1) > self._order.get(than, len(self._order))
