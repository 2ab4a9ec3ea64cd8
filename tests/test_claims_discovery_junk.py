"""Entity discovery leaves alone what only looks like a model number (helper round 23)."""

from __future__ import annotations

from pathlib import Path

import pytest

from factlint.claims.discovery import EntityDiscoverer
from factlint.claims.entities import EntityMatcher
from factlint.claims.language import english
from factlint.pack import KnowledgePack, load_pack
from factlint.sources import load_document


@pytest.fixture(scope="module")
def pack() -> KnowledgePack:
    return load_pack()


@pytest.fixture(scope="module")
def discoverer(pack: KnowledgePack) -> EntityDiscoverer:
    return EntityDiscoverer(pack, english())


def _names(
    discoverer: EntityDiscoverer, pack: KnowledgePack, tmp_path: Path, text: str, name: str
) -> set[str]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    found = discoverer.discover(load_document(path, name), EntityMatcher(pack))
    return {discovery.entity.name for discovery in found}


def test_a_number_before_a_clock_time_and_a_weekday_name_nothing(discoverer, pack, tmp_path) -> None:
    text = (
        "## Lab schedule\n\n"
        "Mon 09:30 and Wednesday 16 sessions use the Quillon Q7 board.\n"
        "Dock 14:00 pickup; Dock 14:00 return, Tue 9:45 too.\n"
        "Friday 12 is a holiday. Friday 12 has no lab.\n"
        "The Quillon Q7 draws 12 W.\n"
    )
    assert _names(discoverer, pack, tmp_path, text, "schedule.md") == {"Q7"}


def test_order_and_document_numbers_name_no_product(discoverer, pack, tmp_path) -> None:
    text = (
        "# Shipment PX-448120\n\n"
        "Invoice 3318 covers order PX-448120 (2 x Dravo D9).\n"
        "PX-448120 shipped on Monday; Invoice 3318 is due in 30 days.\n"
        "The Dravo D9 has 48 GB of memory.\n"
    )
    assert _names(discoverer, pack, tmp_path, text, "shipment.md") == {"D9"}


def test_a_number_format_names_no_product(discoverer, pack, tmp_path) -> None:
    text = (
        "## The Orrin X4 and NVFP4\n\n"
        "The Orrin X4 reaches 2 PFLOPS of NVFP4. NVFP4 has a scale per block of 16 values,\n"
        "and NVFP4 has 4 bits per value.\n"
    )
    assert _names(discoverer, pack, tmp_path, text, "formats.md") == {"X4"}


def test_the_end_of_a_known_name_is_no_new_name(discoverer, pack, tmp_path) -> None:
    text = "Rubin Ultra NVL576 follows in 2027. The NVL576 racks hold 576 GPUs; NVL576 is huge.\n"
    assert "NVL576" not in _names(discoverer, pack, tmp_path, text, "roadmap.md")


def test_a_host_cpu_column_names_no_product_even_with_a_row_of_its_own(discoverer, pack, tmp_path) -> None:
    text = (
        "| Node | CPU | Accelerator | Memory |\n"
        "|---|---|---|---|\n"
        "| kx-01 | 2x Corvid 5520 | 4x Tarn T2 | 96 GB |\n"
        "| kx-02 | 2x Corvid 5520 | 4x Tarn T2 | 96 GB |\n\n"
        "| Model | Cores | TDP |\n"
        "|---|---|---|\n"
        "| Corvid 5520 | 48 | 290 W |\n"
        "| Tarn T2 | 1 | 350 W |\n"
    )
    assert _names(discoverer, pack, tmp_path, text, "fleet.md") == {"T2"}


def test_a_cpu_column_that_heads_its_rows_names_products(discoverer, pack, tmp_path) -> None:
    text = (
        "| CPU | Cores | TDP |\n|---|---|---|\n| Corvid 5520 | 48 | 290 W |\n| Corvid 5540 | 64 | 360 W |\n"
    )
    assert _names(discoverer, pack, tmp_path, text, "cpus.md") == {"Corvid 5520", "Corvid 5540"}
