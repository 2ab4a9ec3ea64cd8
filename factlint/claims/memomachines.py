"""Figures a memo line gives its machine by a machine noun: "H100 NVL 400W EA, NODE 4.8KW MAX".

A listing's memo line under a row (see ``sources/printedreports.py``) and any other block
labelled with a machine's name describes that machine in abbreviations: the chips it holds
by name, then its own figures after a machine noun ("NODE 4.8KW", "SYSTEM 7.2KW", "CHASSIS
3KW"). A figure that follows such a noun directly is the labelled machine's when the figure was
read as a chip it holds, and no chip's at all when the label names no machine the pack knows; a
figure that follows a held chip's name directly ("H100 NVL 94GB") is that chip's, even where the
line opens "per node".
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping, Sequence

from factlint.models import Block, BlockKind, Claim

_BEFORE = 24  # how far before a figure its noun or chip name may stand


@dataclasses.dataclass(frozen=True)
class MachineWords:
    """What the pack says about machines: scope nouns, kinds and containment."""

    scope_of_noun: Mapping[str, str]  # "node" -> "server"
    machine_scopes: tuple[str, ...]
    kind: Callable[[str], str | None]
    holds: Callable[[str, str], bool]  # (machine, chip)
    machine_of_label: Callable[[str], str | None]  # the machine a block label names first, if any
    named: Callable[[str], list[tuple[int, int, str]]]  # (start, end, entity) of the names in a text


def give_memo_figures_their_machine(
    claims: list[Claim], blocks: Sequence[Block], words: MachineWords
) -> list[Claim]:
    """Return ``claims`` with the figures of machine-labelled blocks moved between the labelled
    machine and the chips it holds, as their nouns and names say."""
    nouns = [noun for noun, scope in words.scope_of_noun.items() if scope in words.machine_scopes]
    if not nouns:
        return claims
    noun_before = re.compile(
        r"(?<![\w\-])(?:"
        + "|".join(re.escape(n) for n in sorted(nouns, key=len, reverse=True))
        + r")[ \t:]*\Z",
        re.I,
    )
    labelled: dict[int, tuple[Block, str | None]] = {}  # line -> one-line labelled block, its machine
    for block in blocks:
        if block.kind is BlockKind.PARAGRAPH and block.label and "\n" not in block.text and not block.anchors:
            machine = words.machine_of_label(block.label)
            labelled[block.line] = (
                block,
                machine if machine and words.kind(machine) in words.machine_scopes else None,
            )
    if not labelled:
        return claims
    moved = []
    for claim in claims:
        found = labelled.get(claim.line)
        start = claim.column - found[0].column if found is not None else 0
        if found is None or found[0].text[start : start + len(claim.text)] != claim.text:
            moved.append(claim)
            continue
        block, machine = found
        before = block.text[max(0, start - _BEFORE) : start]
        if noun_before.search(before) and words.kind(claim.entity) not in words.machine_scopes:
            if machine is None or not words.holds(machine, claim.entity):
                continue  # "NODE 4.8KW" under a machine the pack does not know: no chip's figure
            claim = dataclasses.replace(
                claim, entity=machine, scope=words.kind(machine), rule=claim.rule + "+memo-machine"
            )
        elif claim.scope in words.machine_scopes and (machine is None or claim.entity == machine):
            # "CONFIG PER NODE: H100 NVL 94GB": the chip's own figure, not the node's
            chip = _chip_right_before(block.text, start, (claim.entity, machine or claim.entity), words)
            if chip is not None:
                claim = dataclasses.replace(
                    claim, entity=chip, scope=words.kind(chip), rule=claim.rule + "+memo-chip"
                )
        moved.append(claim)
    return moved


def _chip_right_before(text: str, start: int, owners: tuple[str, str], words: MachineWords) -> str | None:
    """Return the chip named right before ``start`` (a blank between) that is one of ``owners`` or
    that one of them holds, or None."""
    for _, name_end, entity in words.named(text):
        if (
            name_end <= start
            and not text[name_end:start].strip()
            and words.kind(entity) not in words.machine_scopes
            and any(entity == owner or words.holds(owner, entity) for owner in owners)
        ):
            return entity
    return None
