"""The guard of MachineFilling.filled skips only blocks where no machine can be filled."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from factlint.claims.extract import Extractor
from factlint.claims.filledmachines import MachineFilling
from factlint.models import Block, BlockKind
from factlint.pack import Entity, load_pack

_EXTRACTOR = Extractor(load_pack([]))


def _filled(texts: list[str], *, guarded: bool) -> tuple[Entity, ...]:
    """Return what ``filled`` finds in paragraphs of ``texts``; unguarded, every block with a
    container verb is read, as before the guard."""
    filling = _EXTRACTOR.machine_filling if guarded else _unguarded(_EXTRACTOR.machine_filling)
    blocks = [Block(BlockKind.PARAGRAPH, text, index + 1, 1) for index, text in enumerate(texts)]
    return filling.filled(blocks, _EXTRACTOR.matcher, _EXTRACTOR.pack)


def _unguarded(filling: MachineFilling) -> MachineFilling:
    """Return a copy of ``filling`` that reads every block holding a container verb."""
    copy = MachineFilling.__new__(MachineFilling)
    copy.__dict__.update(filling.__dict__)
    copy._linked_count = filling._link  # the former test: a container verb anywhere
    return copy


@pytest.mark.parametrize(
    "text",
    [
        "Our lab racked a G482-Z54 with 4 x L40S for the render farm.",
        "The G482-Z54 comes with six MI210 accelerators this quarter.",
        "We ordered the G482-Z54, housing 8 L40S boards, last spring.",
        "A G293-Z43 equipped with two NVIDIA L40S is the spare box.",
    ],
)
def test_a_counted_part_after_a_container_verb_still_fills(text: str) -> None:
    filled = _filled([text], guarded=True)
    assert filled and filled == _filled([text], guarded=False)


@pytest.mark.parametrize(
    "text",
    [
        "The G482-Z54 comes with the usual L40S driver bundle.",  # a verb, no count after it
        "Pair the G293-Z43 with a dozen-page manual and one L40S.",
        "4 L40S went into the G482-Z54 last week.",  # a count, but no container verb before it
    ],
)
def test_look_alikes_without_a_count_after_the_verb_fill_nothing(text: str) -> None:
    assert _filled([text], guarded=True) == _filled([text], guarded=False) == ()


_PIECES = [
    "G482-Z54",
    "G293-Z43",
    "L40S",
    "MI210",
    " with ",
    ", housing ",
    " carrying ",
    " equipped with ",
    "8",
    "eight",
    "4 x ",
    " cards",
    " and ",
    " the ",
    "\u00a0",
    ", ",
    "Twelve",
]


@given(st.lists(st.lists(st.sampled_from(_PIECES), max_size=12).map("".join), min_size=1, max_size=3))
def test_the_guard_changes_no_filled_machine(texts: list[str]) -> None:
    assert _filled(texts, guarded=True) == _filled(texts, guarded=False)
