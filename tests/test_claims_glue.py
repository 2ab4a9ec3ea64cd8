"""Labels glued to values in scraped text are read apart; names with digits stay whole."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from factlint.claims.extract import Extractor
from factlint.pack import load_pack

GLUE = Extractor(load_pack()).glue


@pytest.fixture(scope="module")
def glue():
    return GLUE


@pytest.mark.parametrize(
    ("text", "spaced"),
    [
        ("Chips per pod8960", "Chips per po 8960"),
        ("Interconnect BW1,600 Gbps", "Interconnect B 1,600 Gbps"),
        ("Memory capacity64GB", "Memory capacit 64GB"),
        ("Generally available12/2024", "Generally availabl 12/2024"),
        ("HBM3e and HBM2 stacks", "HBM3e and HBM2 stacks"),
        ("Trainium2 and Gaudi3 chips", "Trainium2 and Gaudi3 chips"),
        ("the pod256 chips", "the pod256 chips"),  # no unit, not at the line's end
        ("MI300X192 GB", "MI300X192 GB"),  # a name before the value: not a known label
    ],
)
def test_unglue(glue, text: str, spaced: str) -> None:
    assert glue.unglue(text) == spaced


@given(st.text(alphabet="abcpodchipGBW0123456789,./ \n", max_size=40))
def test_unglue_keeps_offsets(text: str) -> None:
    spaced = GLUE.unglue(text)
    assert len(spaced) == len(text)
    assert all(a == b or (b == " " and a.isalpha()) for a, b in zip(text, spaced, strict=True))
