"""The Python API: one bad document never stops the others; front-matter aliases; fail-on."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pandas as pd
import pytest

from factlint import api
from factlint.config import Config
from factlint.models import (
    Block,
    BlockKind,
    Claim,
    Conflict,
    ConflictValue,
    Document,
    Reconciliation,
    Report,
    Severity,
)
from factlint.pack import KnowledgePack, load_pack


@pytest.fixture(scope="module")
def pack() -> KnowledgePack:
    return load_pack()


def _document(path: str, text: str = "Trainium2 has 96 GB of HBM.", **fields: object) -> Document:
    block = Block(kind=BlockKind.PARAGRAPH, text=text, line=1, column=1)
    return Document(path=path, sha256="0" * 64, format="markdown", blocks=(block,), **fields)  # type: ignore[arg-type]


def _claim(source: str, value: float) -> Claim:
    return Claim(
        id=f"c-{source}-{value}", source=source, line=1, column=15, entity="Trainium2", scope="chip",
        attribute="memory_capacity", value=value, unit="GB", text=f"{value:g} GB", quote="q",
    )  # fmt: skip


def test_a_crash_on_one_document_becomes_its_error_entry(
    monkeypatch: pytest.MonkeyPatch, pack: KnowledgePack
) -> None:
    def fake_extract(document: Document, pack: KnowledgePack) -> list[Claim]:
        if document.path == "bad.md":
            raise RuntimeError("regex exploded")
        return [_claim(document.path, 96.0)]

    monkeypatch.setattr(api, "extract_claims", fake_extract)
    documents = [_document("a.md"), _document("bad.md"), _document("c.md")]
    extraction = api.extract_documents(documents, pack)
    assert [claim.source for claim in extraction.claims] == ["a.md", "c.md"]
    errors = {summary.path: summary.error for summary in extraction.sources}
    assert errors["a.md"] is None and errors["c.md"] is None
    assert errors["bad.md"] == "extraction failed: RuntimeError: regex exploded"


def test_a_document_that_failed_to_load_keeps_its_error(pack: KnowledgePack) -> None:
    broken = Document(path="x.md", sha256="", format="markdown", error="line 3: invalid front matter")
    extraction = api.extract_documents([broken], pack)
    assert extraction.sources[0].error == "line 3: invalid front matter"
    assert extraction.sources[0].claims == 0


def test_check_assembles_the_report_from_every_stage(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    seen: dict[str, object] = {}

    def fake_load(paths: Sequence[str], config: Config) -> list[Document]:
        seen["paths"] = list(paths)
        return [_document("a.md"), _document("b.md")]

    def fake_reconcile(table: pd.DataFrame, pack: KnowledgePack, config: Config) -> Reconciliation:
        seen["rows"] = len(table)
        return Reconciliation(conflicts=(), fact_count=1)

    monkeypatch.setattr(api, "load_sources", fake_load)
    monkeypatch.setattr(api, "extract_claims", lambda document, pack: [_claim(document.path, 96.0)])
    monkeypatch.setattr(api, "reconcile", fake_reconcile)
    report = api.check(["docs"])
    assert seen == {"paths": ["docs"], "rows": 2}
    assert [source.path for source in report.sources] == ["a.md", "b.md"]
    assert report.reconciliation.fact_count == 1
    assert report.pack_name == load_pack().name


def _report(*conflicts: Conflict) -> Report:
    return Report("0", (), (), Reconciliation(conflicts=conflicts))


def _conflict(severity: Severity, status: str = "open") -> Conflict:
    values = (ConflictValue(96.0, "GB", ("c1",), ("a.md",)), ConflictValue(192.0, "GB", ("c2",), ("b.md",)))
    return Conflict(
        "k-1", "Trainium2", "chip", "memory_capacity", severity, values, "96 vs 192", status=status
    )


@pytest.mark.parametrize(
    ("fail_on", "severity", "status", "fails"),
    [
        ("error", Severity.ERROR, "open", True),
        ("error", Severity.WARNING, "open", False),
        ("warning", Severity.WARNING, "open", True),
        ("never", Severity.ERROR, "open", False),
        ("error", Severity.ERROR, "baselined", False),
        ("warning", Severity.ERROR, "resolved", False),
    ],
)
def test_failing_conflicts_respects_fail_on_and_status(
    fail_on: str, severity: Severity, status: str, fails: bool
) -> None:
    assert bool(api.failing_conflicts(_report(_conflict(severity, status)), fail_on)) is fails


def test_package_exposes_check_lazily() -> None:
    import factlint

    assert factlint.check is api.check
