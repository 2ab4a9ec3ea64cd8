"""Machine chip counts of chips the machine does not hold: "each rack housing 72 GPUs and 36 Grace CPUs".

A machine's chip_count counts the chips the pack says it holds. A sentence listing a machine's
parts often counts other named chips too: the host CPUs beside the accelerators, the switch chips
beside the GPUs. A count whose own words name a product unrelated to the machine's chips (not the
held chip, not of its family or the machine's, neither holding the other) is no count of the
machine's chips, so it is dropped. A count that names nothing ("72 GPUs") or a related product
("36 GB200 Superchips" of a GB200 rack) stays.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from factlint.models import Claim
from factlint.pack import KnowledgePack


def drop_unheld_chip_counts(
    claims: list[Claim], pack: KnowledgePack, named_in: Callable[[str], Iterable[str]]
) -> list[Claim]:
    """Return ``claims`` without chip counts of a machine whose counted words name a product it does
    not hold; ``named_in`` returns the entities a text names."""
    result = []
    for claim in claims:
        if claim.attribute == "chip_count":
            machine = pack.entity(claim.entity)
            if machine is not None and machine.contains is not None:
                named = [name for name in named_in(claim.text) if name != claim.entity]
                if named and not any(_related(pack, machine.name, machine.contains.entity, n) for n in named):
                    continue
        result.append(claim)
    return result


def _related(pack: KnowledgePack, machine: str, held: str, named: str) -> bool:
    """Return True when ``named`` is the chip ``machine`` holds, of its or the machine's family,
    or holds it or is held by it."""
    if named == held:
        return True
    found, inner, outer = pack.entity(named), pack.entity(held), pack.entity(machine)
    if found is None or inner is None:
        return True  # nothing known to set them apart
    families = {inner.family, outer.family if outer is not None else None} - {None}
    if found.family in families:
        return True
    if found.contains is not None and found.contains.entity == held:
        return True
    return inner.contains is not None and inner.contains.entity == named
