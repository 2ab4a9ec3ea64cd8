"""Every report format of the fixture Report matches its golden file byte for byte."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from report_fixture import GOLDEN_CASES

GOLDEN = Path(__file__).parent / "golden"


def _regenerate_module():
    spec = importlib.util.spec_from_file_location("golden_regenerate", GOLDEN / "regenerate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


REGENERATE = _regenerate_module()


@pytest.mark.parametrize("name", sorted(GOLDEN_CASES))
def test_render_matches_golden_file(name: str) -> None:
    expected = (GOLDEN / name).read_bytes()
    actual = REGENERATE.golden_text(name).encode("utf-8")
    assert actual == expected, f"{name} changed: run `python tests/golden/regenerate.py` and review the diff"


def test_every_golden_file_has_a_case() -> None:
    on_disk = {p.name for p in GOLDEN.iterdir() if p.is_file() and p.name != "regenerate.py"}
    assert on_disk == set(GOLDEN_CASES)
