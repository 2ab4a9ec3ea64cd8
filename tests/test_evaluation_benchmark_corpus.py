"""The benchmark corpus generator is deterministic and mixes styles (nothing here is timed)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

GENERATOR = Path(__file__).parents[1] / "benchmarks" / "generate_corpus.py"


@pytest.fixture(scope="module")
def generator():
    spec = importlib.util.spec_from_file_location("generate_corpus", GENERATOR)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up here
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.modules.pop(spec.name, None)


def test_same_seed_gives_the_same_corpus(generator, tmp_path: Path) -> None:
    generator.generate(tmp_path / "a", 12, seed=3)
    generator.generate(tmp_path / "b", 12, seed=3)
    generator.generate(tmp_path / "c", 12, seed=4)
    names = sorted(path.name for path in (tmp_path / "a").iterdir())
    assert len(names) == 12
    for name in names:
        assert (tmp_path / "a" / name).read_text() == (tmp_path / "b" / name).read_text()
    assert any((tmp_path / "a" / name).read_text() != (tmp_path / "c" / name).read_text() for name in names)


def test_documents_mix_styles_and_are_not_copies(generator, tmp_path: Path) -> None:
    written = generator.generate(tmp_path, 60, seed=1)
    files = sorted(tmp_path.iterdir())
    texts = [path.read_text(encoding="utf-8") for path in files]
    assert written == sum(len(text.encode()) for text in texts)
    assert {path.suffix for path in files} == {".md", ".txt"}
    assert {path.stem.split("-")[1] for path in files} == {style for style, _, _ in generator.STYLES}
    assert len(set(texts)) == len(texts)
    assert any(text.startswith("---\ntitle:") for text in texts)  # front matter
    assert any("| Spec |" in text for text in texts)  # comparison table
    assert any("•" in text for text in texts)  # scraped bullets
