"""The fact-keyed baseline, the claims cache and the changed-files focus, unit by unit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from factlint.errors import ConfigError
from factlint.gate.baseline import (
    BaselineEntry,
    apply_baseline,
    baseline_from_conflicts,
    dumps_baseline,
    load_baseline,
)
from factlint.gate.cache import ClaimCache
from factlint.gate.changes import focus_on
from factlint.models import Claim, Conflict, ConflictValue, Document, Reconciliation, Severity, ValueForm


def _conflict(values: tuple[float, ...], *, status: str = "open", precision: str | None = None) -> Conflict:
    sides = tuple(ConflictValue(v, "GB", (f"c-{v:g}",), (f"doc{i}.md",)) for i, v in enumerate(values))
    return Conflict(
        "k-1",
        "Trainium2",
        "chip",
        "memory_capacity",
        Severity.ERROR,
        sides,
        "x",
        precision=precision,
        status=status,
    )


def test_entry_ignores_value_order_and_lines() -> None:
    assert BaselineEntry.from_conflict(_conflict((96.0, 192.0))) == BaselineEntry.from_conflict(
        _conflict((192.0, 96.0))
    )


def test_a_new_value_or_a_different_qualifier_is_a_new_conflict() -> None:
    recorded = baseline_from_conflicts([_conflict((96.0, 192.0))])
    current = Reconciliation(
        conflicts=(
            _conflict((96.0, 192.0, 144.0)),
            _conflict((96.0, 192.0), precision="FP8"),
            _conflict((192.0, 96.0)),
        )
    )
    outcome = apply_baseline(current, recorded)
    assert [conflict.status for conflict in outcome.reconciliation.conflicts] == ["open", "open", "baselined"]
    assert outcome.stale == ()


def test_entries_no_longer_seen_are_stale() -> None:
    recorded = baseline_from_conflicts([_conflict((96.0, 192.0)), _conflict((1.0, 2.0))])
    outcome = apply_baseline(Reconciliation(conflicts=(_conflict((96.0, 192.0)),)), recorded)
    assert [entry.values for entry in outcome.stale] == [("1 GB", "2 GB")]


def test_only_open_conflicts_are_recorded() -> None:
    recorded = baseline_from_conflicts([_conflict((96.0, 192.0), status="resolved")])
    assert recorded.entries == ()


def test_baseline_file_round_trips(tmp_path: Path) -> None:
    recorded = baseline_from_conflicts([_conflict((96.0, 192.0), precision="FP8")])
    path = tmp_path / "baseline.json"
    path.write_text(dumps_baseline(recorded, "9.9"), encoding="utf-8")
    assert load_baseline(path) == recorded
    assert json.loads(path.read_text(encoding="utf-8"))["entries"][0]["values"] == ["192 GB", "96 GB"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[1, 2]", "not a factlint baseline"),
        ('{"factlint_baseline": 1, "entries": [{"x": 1}]}', "malformed entry"),
    ],
)
def test_unusable_baseline_is_a_config_error(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "baseline.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError, match=message):
        load_baseline(path)


def _document(sha: str = "a" * 64) -> Document:
    return Document(path="docs/a.md", sha256=sha, format="markdown")


def _claim(line: int = 3, source: str = "docs/a.md") -> Claim:
    return Claim(
        id=f"c-{source}-{line}", source=source, line=line, column=2, entity="Trainium2", scope="chip",
        attribute="process_node", value=3.0, unit="nm", text="3/5nm", quote="q", low=3.0, high=5.0,
        form=ValueForm.ALTERNATIVES, qualifier="likely", confidence=0.7, rule="r",
    )  # fmt: skip


def test_cache_round_trips_claims_and_counts_hits(tmp_path: Path) -> None:
    cache = ClaimCache(tmp_path / "cache", "fp1", "1.0")
    assert cache.load(_document()) is None
    cache.store(_document(), [_claim()])
    assert cache.load(_document()) == [_claim()]
    assert cache.hits == 1
    assert (tmp_path / "cache" / ".gitignore").read_text(encoding="utf-8").splitlines()[-1] == "*"


@pytest.mark.parametrize(
    "other",
    [
        ClaimCache("cache", "fp2", "1.0"),  # another pack
        ClaimCache("cache", "fp1", "1.1"),  # another factlint version
    ],
)
def test_cache_misses_for_another_pack_or_version(tmp_path: Path, other: ClaimCache) -> None:
    ClaimCache(tmp_path / "cache", "fp1", "1.0").store(_document(), [_claim()])
    other.directory = tmp_path / "cache"
    assert other.load(_document()) is None
    assert ClaimCache(tmp_path / "cache", "fp1", "1.0").load(_document("b" * 64)) is None  # changed content


def test_a_corrupt_cache_entry_is_a_miss(tmp_path: Path) -> None:
    cache = ClaimCache(tmp_path, "fp", "1")
    cache.store(_document(), [_claim()])
    (tmp_path / f"{cache.key(_document())}.json").write_text("{broken", encoding="utf-8")
    assert cache.load(_document()) is None


def test_focus_keeps_conflicts_a_focus_document_takes_part_in(tmp_path: Path) -> None:
    new, old = str(tmp_path / "new.md"), str(tmp_path / "old" / "a.md")
    in_new = ConflictValue(64.0, "GB", (f"c-{new}-3",), (new,))
    in_old = ConflictValue(32.0, "GB", (f"c-{old}-3",), (old,))
    other = ConflictValue(16.0, "GB", (f"c-{old}-9",), (old,))
    touched = Conflict("k-1", "X", "chip", "memory_capacity", Severity.ERROR, (in_new, in_old), "e")
    untouched = Conflict("k-2", "Y", "chip", "memory_capacity", Severity.ERROR, (in_old, other), "e")
    claims = [_claim(3, new), _claim(3, old), _claim(9, old)]
    focused = focus_on(Reconciliation(conflicts=(touched, untouched)), claims, [new])
    assert [conflict.id for conflict in focused.conflicts] == ["k-1"]
    by_folder = focus_on(Reconciliation(conflicts=(touched, untouched)), claims, [str(tmp_path / "old")])
    assert [conflict.id for conflict in by_folder.conflicts] == ["k-1", "k-2"]
