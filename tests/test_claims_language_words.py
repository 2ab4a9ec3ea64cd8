"""Word lists in the YAML knowledge stay words: YAML 1.1 reads a bare on, off, no or false as a boolean."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
FILES = [ROOT / "factlint/claims/english.yaml", *sorted((ROOT / "factlint/packs").glob("*.yaml"))]


def _booleans(node: object, where: str) -> list[str]:
    """Return the paths of the booleans inside the lists and mapping keys of ``node``."""
    if isinstance(node, list):
        found = [f"{where}[{i}]" for i, item in enumerate(node) if isinstance(item, bool)]
        return found + [hit for i, item in enumerate(node) for hit in _booleans(item, f"{where}[{i}]")]
    if isinstance(node, dict):
        found = [f"{where}.{key}" for key in node if isinstance(key, bool)]
        return found + [hit for key, value in node.items() for hit in _booleans(value, f"{where}.{key}")]
    return []


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_word_lists_hold_no_booleans(path: Path) -> None:
    assert _booleans(yaml.safe_load(path.read_text(encoding="utf-8")), path.name) == []
