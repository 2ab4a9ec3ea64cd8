"""The per-document time limit: a slow document becomes that document's error, the others go on."""

from __future__ import annotations

import signal
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

import factlint.api as api
import factlint.sources.loader as loader
from factlint.cli import cli
from factlint.config import Config, load_config
from factlint.errors import ConfigError
from factlint.models import Document
from factlint.pack import load_pack
from factlint.timelimit import DocumentTimeout, can_limit, time_limit

needs_timer = pytest.mark.skipif(not can_limit(), reason="no interval timer on this platform")


@needs_timer
def test_time_limit_interrupts_work_that_runs_past_it() -> None:
    with pytest.raises(DocumentTimeout, match=r"stopped after 0\.05 s"), time_limit(0.05):
        time.sleep(5)


@needs_timer
def test_time_limit_restores_the_previous_handler_and_disarms_the_timer() -> None:
    before = signal.getsignal(signal.SIGALRM)
    with time_limit(5):
        pass
    assert signal.getsignal(signal.SIGALRM) is before
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_zero_means_no_limit() -> None:
    with time_limit(0):
        time.sleep(0.01)


@needs_timer
def test_a_slow_extraction_is_that_documents_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(api, "extract_claims", lambda document, pack: time.sleep(5))
    document = Document(path="slow.md", sha256="x", format="markdown")
    claims, error = api.extract_document(document, load_pack([]), 0.05)
    assert claims == []
    assert error is not None and error.startswith("extraction stopped after 0.05 s")


@needs_timer
def test_a_slow_reader_stops_only_its_own_document(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "a-slow.md").write_text("Trainium2 has 96 GB of HBM.\n", encoding="utf-8")
    (tmp_path / "b-fine.md").write_text("Trainium2 has 96 GB of HBM.\n", encoding="utf-8")
    real = loader.load_document

    def slow_for_a(path: Path, display: str) -> Document:
        if path.name.startswith("a-"):
            time.sleep(5)
        return real(path, display)

    monkeypatch.setattr(loader, "load_document", slow_for_a)
    documents = loader.load_sources([str(tmp_path)], Config(timeout=0.05))
    by_name = {Path(document.path).name: document for document in documents}
    assert by_name["a-slow.md"].error is not None
    assert by_name["a-slow.md"].error.startswith("reading stopped after 0.05 s")
    assert by_name["b-fine.md"].error is None and by_name["b-fine.md"].blocks


def test_a_negative_timeout_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="timeout"):
        Config(timeout=-1)


def test_the_timeout_option_reaches_the_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[float] = []
    real = api.extract_documents

    def spy(documents, pack, config=None, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(config.timeout)
        return real(documents, pack, config, **kwargs)

    monkeypatch.setattr(api, "extract_documents", spy)
    (tmp_path / "doc.md").write_text("Trainium2 has 96 GB of HBM.\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["extract", str(tmp_path), "--no-cache", "--timeout", "7.5"])
    assert result.exit_code == 0, result.output
    assert seen == [7.5]
    assert load_config(None, {}, discover=False).timeout == 120.0


@needs_timer
def test_a_backtracking_regular_expression_is_interrupted_too() -> None:
    import re

    with pytest.raises(DocumentTimeout), time_limit(0.2):
        re.match(r"(a+)+$", "a" * 40 + "b")


@needs_timer
def test_a_timer_the_caller_had_set_goes_on_afterwards() -> None:
    fired: list[int] = []
    previous = signal.signal(signal.SIGALRM, lambda signum, frame: fired.append(signum))
    try:
        signal.setitimer(signal.ITIMER_REAL, 30)
        with time_limit(5):
            pass
        left, _ = signal.getitimer(signal.ITIMER_REAL)
        assert 25 < left <= 30
        assert fired == []
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@needs_timer
def test_building_the_extractor_is_not_charged_to_the_first_document(monkeypatch: pytest.MonkeyPatch) -> None:
    import factlint.claims.extract as extract

    pack = load_pack([])
    extract._RECENT_EXTRACTORS.clear()
    extract._extractor_for.cache_clear()
    real = extract.Extractor

    def slow_extractor(pack):  # type: ignore[no-untyped-def]
        time.sleep(0.3)
        return real(pack)

    monkeypatch.setattr(extract, "Extractor", slow_extractor)
    document = Document(path="quick.md", sha256="x", format="markdown")
    _, error = api.extract_document(document, pack, 0.2)
    assert error is None
