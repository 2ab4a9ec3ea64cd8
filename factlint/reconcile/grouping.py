"""Partition the claims about one fact into groups of mutually compatible values."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from factlint.config import Config
from factlint.models import Claim
from factlint.reconcile.explain import claim_display
from factlint.reconcile.intervals import ValueSet, is_firm, value_set


@dataclass(frozen=True)
class ValueOption:
    """One distinct written value of a fact and every claim that states it."""

    display: str
    values: ValueSet
    firm_values: ValueSet
    claims: tuple[Claim, ...]

    @property
    def is_firm(self) -> bool:
        """Return True when some claim states the value without hedge or doubt."""
        return any(is_firm(claim) for claim in self.claims)

    @property
    def sources(self) -> tuple[str, ...]:
        """Return the sources stating the value, sorted, each once."""
        return tuple(sorted({claim.source for claim in self.claims}))

    @property
    def firm_sources(self) -> frozenset[str]:
        """Return the sources that state the value without hedge or doubt."""
        return frozenset(claim.source for claim in self.claims if is_firm(claim))

    @property
    def claim_ids(self) -> tuple[str, ...]:
        """Return the ids of the claims stating the value, sorted."""
        return tuple(sorted(claim.id for claim in self.claims))

    def meets(self, other: ValueOption) -> bool:
        """Return True when the two values can both hold."""
        return self.values.meets(other.values)

    def meets_values(self, values: ValueSet) -> bool:
        """Return True when the option's value can be one of ``values``."""
        return self.values.meets(values)

    @property
    def sort_key(self) -> tuple[float, float, str]:
        """Return a key that orders options narrowest first, then by value, independent of input order."""
        return (self.values.width, self.values.low, self.display)


@dataclass(frozen=True)
class ValueGroup:
    """Options that can all hold together; a conflict sets groups against each other."""

    options: tuple[ValueOption, ...]

    @property
    def anchor(self) -> ValueOption:
        """Return the option that best represents the group: the narrowest, best supported."""
        return min(self.options, key=lambda o: (o.values.width, -len(o.sources), o.values.low, o.display))

    @property
    def claims(self) -> tuple[Claim, ...]:
        """Return every claim of the group, ordered by id."""
        return tuple(sorted((c for o in self.options for c in o.claims), key=lambda c: c.id))

    @property
    def sources(self) -> tuple[str, ...]:
        """Return the sources of the group, sorted, each once."""
        return tuple(sorted({c.source for c in self.claims}))

    @property
    def display(self) -> str:
        """Return the group's values as read: the anchor first, then the others by value."""
        rest = sorted((o for o in self.options if o is not self.anchor), key=lambda o: o.sort_key)
        return ", ".join(o.display for o in (self.anchor, *rest))


@dataclass(frozen=True)
class FactGrouping:
    """How the claims about one fact split: competing groups and values compatible with all."""

    groups: tuple[ValueGroup, ...]
    neutral: tuple[ValueOption, ...]
    unreadable: tuple[Claim, ...]

    @property
    def is_conflict(self) -> bool:
        """Return True when at least two groups compete."""
        return len(self.groups) >= 2


def value_options(claims: Iterable[Claim], config: Config) -> tuple[list[ValueOption], list[Claim]]:
    """Return the distinct written values of the claims (sorted) and the claims that could not be read."""
    by_display: dict[str, list[Claim]] = {}
    unreadable = []
    for claim in claims:
        if value_set(claim, config) is None:
            unreadable.append(claim)
            continue
        by_display.setdefault(claim_display(claim), []).append(claim)
    options = []
    for display, members in by_display.items():
        members.sort(key=lambda c: c.id)
        # The coarsest written precision among equal values decides what the value allows.
        widest = max(members, key=lambda c: (value_set(c, config).width, c.id))  # type: ignore[union-attr]
        options.append(
            ValueOption(
                display=display,
                values=value_set(widest, config),  # type: ignore[arg-type]
                firm_values=value_set(widest, config, firm=True),  # type: ignore[arg-type]
                claims=tuple(members),
            )
        )
    options.sort(key=lambda o: o.sort_key)
    return options, sorted(unreadable, key=lambda c: c.id)


def group_fact(claims: Sequence[Claim], config: Config) -> FactGrouping:
    """Return the claims of one fact partitioned into groups of mutually compatible values.

    Values compatible with every other value (a loose bound, a hedge) compete with none
    and are set aside as neutral. The rest join, narrowest first, the first group whose
    members they all meet, so the partition does not depend on the order of the input.
    """
    options, unreadable = value_options(claims, config)
    neutral = [o for o in options if all(o.meets(other) for other in options if other is not o)]
    competing = [o for o in options if o not in neutral] if len(neutral) < len(options) else []
    groups: list[list[ValueOption]] = []
    for option in competing:
        for group in groups:
            if all(option.meets(member) for member in group):
                group.append(option)
                break
        else:
            groups.append([option])
    ordered = sorted((ValueGroup(tuple(g)) for g in groups), key=lambda g: g.anchor.sort_key[1:])
    return FactGrouping(groups=tuple(ordered), neutral=tuple(neutral), unreadable=tuple(unreadable))


def groups_clash_firmly(first: ValueGroup, second: ValueGroup) -> bool:
    """Return True when two documents state firm values, one in each group, that cannot both hold.

    A document contradicting only itself is more often a misread comparison than a wrong
    fact, so that alone is a warning.
    """
    return any(
        not a.firm_values.meets(b.firm_values) and _different_sources(a.firm_sources, b.firm_sources)
        for a in first.options
        for b in second.options
    )


def _different_sources(first: frozenset[str], second: frozenset[str]) -> bool:
    return bool(first) and bool(second) and (len(first | second) > 1)
