"""Consistency checks of the labelled evaluation set in tests/eval (issue 3)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from factlint.evaluation import VOCABULARY, load_gold
from factlint.pack import load_pack

EVAL = Path(__file__).parent / "eval"
GOLD_FILES = sorted((EVAL / "gold").glob("*.yaml"))
ISO_PARTIAL_DATE = re.compile(r"^\d{4}(-\d{2}(-\d{2})?)?$")
# Canonical units per attribute (report-json.md); integer precisions may say TOPS.
UNITS = {
    "memory_capacity": {"GB"},
    "memory_bandwidth": {"TB/s"},
    "network_bandwidth": {"Gbps"},
    "on_chip_memory": {"MB"},
    "process_node": {"nm"},
    "compute_throughput": {"TFLOPS", "TOPS"},
    "relative_performance": {"x"},
    "relative_power_efficiency": {"x"},
    "chip_count": {"count"},
    "core_count": {"count"},
    "power": {"W"},
    "hourly_price": {"USD/hour"},
    "price": {"USD"},
    "cost_savings": {"%"},
    "announce_date": {"date"},
    "release_date": {"date"},
}
SEEDS_PRESENT = (Path(__file__).parents[1] / "../shared/corpus/seeds").resolve().is_dir()


def test_the_three_gold_files_exist_and_hold_enough_claims() -> None:
    assert {"dev", "holdout", "seeds"} <= {path.stem for path in GOLD_FILES}
    total = sum(len(load_gold(path).claims) for path in GOLD_FILES)
    assert total >= 150


@pytest.mark.parametrize("path", GOLD_FILES, ids=lambda path: path.stem)
def test_every_label_uses_pack_names_and_canonical_units(path: Path) -> None:
    pack = load_pack(_products_packs(path))
    gold = load_gold(path)
    assert set(gold.attributes) == set(VOCABULARY)
    for label in gold.claims:
        where = f"{label.doc}:{label.line}"
        entity = pack.entity(label.entity)
        assert entity is not None, f"{where}: {label.entity} is not a pack entity"
        assert label.attribute in UNITS, where
        assert label.unit in UNITS[label.attribute], where
        assert label.scope is None or label.scope in pack.scope_names, where
        if label.attribute == "chip_count":
            assert label.scope == entity.kind, f"{where}: a chip count sits at its container's kind"
        if label.unit == "date":
            for value in (label.value, label.low, label.high):
                assert value is None or ISO_PARTIAL_DATE.match(str(value)), where
        assert (label.low is None) == (label.high is None), where
        if label.attribute.startswith("relative_"):
            assert label.qualifier is None or label.qualifier in {"up to", "over", "about", "at least"}


@pytest.mark.parametrize("path", GOLD_FILES, ids=lambda path: path.stem)
def test_documents_exist_unless_they_are_the_seeds(path: Path) -> None:
    gold = load_gold(path)
    for doc in gold.documents:
        if "shared/corpus/seeds" in doc and not SEEDS_PRESENT:
            continue
        resolved = Path(gold.resolve(doc))
        assert resolved.is_file(), doc
        lines = resolved.read_text(encoding="utf-8").splitlines()
        for label in gold.claims:
            if label.doc == doc:
                assert 1 <= label.line <= len(lines), f"{doc}:{label.line}"
                assert any(ch.isdigit() for ch in lines[label.line - 1]) or _has_word_number(
                    lines[label.line - 1]
                ), f"{doc}:{label.line} holds no number"


def test_seed_labels_quote_nothing() -> None:
    raw = yaml.safe_load((EVAL / "gold" / "seeds.yaml").read_text(encoding="utf-8"))
    for document in raw["documents"]:
        for label in document["claims"]:
            assert not {"quote", "text"} & set(label)


def test_holdout_documents_are_not_dev_documents() -> None:
    dev = {Path(doc).name for doc in load_gold(EVAL / "gold" / "dev.yaml").documents}
    holdout = {Path(doc).name for doc in load_gold(EVAL / "gold" / "holdout.yaml").documents}
    assert dev and holdout and not dev & holdout


def _products_packs(path: Path) -> list[Path]:
    """Return the user pack naming a gold set's products outside the default pack, if it has one."""
    products = EVAL / "packs" / f"{path.stem}-products.yaml"
    return [products] if products.is_file() else []


def _has_word_number(line: str) -> bool:
    return bool(re.search(r"\b(two|three|four|eight|sixteen)\b", line, re.IGNORECASE))
