"""The bundled example corpus (examples/) shows the conflicts its README promises, and no look-alikes."""

from __future__ import annotations

from pathlib import Path

import pytest

from factlint.api import check
from factlint.config import Config
from factlint.models import Report

EXAMPLES = Path(__file__).parents[1] / "examples"
EXPECTED = {
    ("Trainium2", "chip", "memory_capacity"),
    ("Trainium2", "chip", "announce_date"),
    ("Trn2", "instance", "chip_count"),
}


@pytest.fixture(scope="module")
def report() -> Report:
    return check([str(EXAMPLES)], Config(cache=False))


def conflict_keys(report: Report) -> set[tuple[str, str | None, str]]:
    return {(conflict.entity, conflict.scope, conflict.attribute) for conflict in report.conflicts}


def test_every_example_document_is_read_without_error(report: Report) -> None:
    names = {Path(source.path).name: source for source in report.sources}
    assert {"trainium2-spec-sheet.md", "aws-chips-news.md", "trainium-encyclopedia.txt"} <= set(names)
    assert all(source.error is None for source in report.sources)
    assert names["README.md"].claims == 0  # its figures sit in fenced code blocks


def test_the_readme_conflicts_are_reported(report: Report) -> None:
    assert conflict_keys(report) >= EXPECTED


@pytest.mark.parametrize(
    "fact",
    [
        ("Trainium1", "chip", "memory_capacity"),  # 32 GB vs 29.8 GiB
        ("Trn1", "instance", "memory_capacity"),  # 512 GB vs 16 x 32 GB
        ("Trn1", "instance", "chip_count"),  # up to 16 vs 16
        ("Trainium2", "chip", "process_node"),  # likely 3/5nm vs 5nm
        ("Trn1", "instance", "cost_savings"),  # 30-50% vs up to 50%
        ("Trainium", "chip", "cost_savings"),
        ("Inferentia2", "chip", "compute_throughput"),  # 190 vs roughly 190 TFLOPS
        ("Trn2 UltraServer", "server", "chip_count"),  # 64, not the instance's 16
        ("Trn1", "instance", "release_date"),  # October 2022 vs late 2022
    ],
)
def test_look_alikes_are_not_conflicts(report: Report, fact: tuple[str, str, str]) -> None:
    assert fact not in conflict_keys(report)


def test_no_conflicts_beyond_the_readme(report: Report) -> None:
    assert conflict_keys(report) == EXPECTED
