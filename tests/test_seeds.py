"""The seed corpus (../shared/corpus/seeds): the conflicts an editor must see, and none of the look-alikes.

These documents are read from the shared folder, never copied into the repository;
the test is skipped with a reason where that folder is absent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from factlint.api import check
from factlint.config import Config
from factlint.models import Claim, Conflict, Report

SEEDS = Path(__file__).parents[1].parent / "shared" / "corpus" / "seeds"

pytestmark = [
    pytest.mark.seeds,
    pytest.mark.skipif(not SEEDS.is_dir(), reason=f"seed corpus not found at {SEEDS}"),
]


@pytest.fixture(scope="module")
def report() -> Report:
    return check([str(SEEDS)], Config(cache=False))


def conflict(report: Report, entity: str, scope: str, attribute: str) -> Conflict | None:
    return next(
        (c for c in report.conflicts if (c.entity, c.scope, c.attribute) == (entity, scope, attribute)),
        None,
    )


def values(found: Conflict) -> set[object]:
    return {value.value for value in found.values}


def claims_for(report: Report, **fields: object) -> list[Claim]:
    return [c for c in report.claims if all(getattr(c, k) == v for k, v in fields.items())]


def test_every_seed_is_read(report: Report) -> None:
    assert len(report.sources) == 4
    assert all(source.error is None and source.claims > 0 for source in report.sources)


def test_trainium2_hbm_96_vs_192_gb_is_a_conflict(report: Report) -> None:
    found = conflict(report, "Trainium2", "chip", "memory_capacity")
    assert found is not None
    assert values(found) == {96.0, 192.0}
    assert found.severity.value == "error"


def test_trainium2_announced_november_2023_vs_2024_is_a_conflict(report: Report) -> None:
    found = conflict(report, "Trainium2", "chip", "announce_date")
    assert found is not None
    assert values(found) == {"2023-11", "2024"}


def test_trn2_instance_64_vs_16_chips_is_a_conflict(report: Report) -> None:
    found = conflict(report, "Trn2", "instance", "chip_count")
    assert found is not None
    assert values(found) == {16.0, 64.0}


def test_32_gb_per_chip_and_512_gb_per_trn1_instance_do_not_conflict(report: Report) -> None:
    per_instance = claims_for(report, entity="Trn1", attribute="memory_capacity")
    per_chip = [c for c in report.claims if c.attribute == "memory_capacity" and c.value == 32.0]
    assert per_instance and all(c.value == 512.0 and c.scope == "instance" for c in per_instance)
    assert per_chip and all(c.scope == "chip" for c in per_chip)
    assert not [c for c in report.conflicts if c.attribute == "memory_capacity" and c.entity != "Trainium2"]
    notes = [note.message for note in report.reconciliation.notes if note.kind == "scope_arithmetic"]
    assert any("512 GB" in message and "16 x 32 GB" in message for message in notes)


def test_comparison_table_figures_belong_to_their_columns(report: Report) -> None:
    by_value = {c.value: c.entity for c in report.claims if c.attribute == "memory_capacity" and c.line == 51}
    assert by_value == {96.0: "Trainium2", 80.0: "H100", 95.0: "TPU v5p"}
    assert not claims_for(report, entity="Trainium2", attribute="memory_capacity", value=80.0)
    assert not claims_for(report, entity="Trainium2", attribute="memory_capacity", value=95.0)


def test_numbers_inside_names_are_not_claims(report: Report) -> None:
    texts = {claim.text for claim in report.claims}
    for name_number in ("100", "5p", "32xlarge", "2.15", "3.5", "176", "4", "2.20"):
        assert name_number not in texts
    assert not [c for c in report.claims if c.text.startswith(("176", "70B", "1 trillion"))]
