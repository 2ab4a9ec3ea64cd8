"""The Python API: run the whole pipeline (sources -> claims -> reconcile) without click."""

from __future__ import annotations

import datetime as dt
import multiprocessing
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

from factlint import __version__
from factlint.claims import claims_to_frame, extract_claims, prepare_extraction
from factlint.config import Config
from factlint.gate.baseline import REFRESH_HINT, BaselineEntry, apply_baseline, load_baseline
from factlint.gate.cache import ClaimCache
from factlint.gate.changes import focus_on, in_focus
from factlint.gate.suppressions import Suppression, apply_suppressions, read_suppressions
from factlint.models import Claim, Conflict, Document, Finding, Report, SourceSummary
from factlint.pack import KnowledgePack, load_pack
from factlint.reconcile import reconcile
from factlint.reconcile.resolutions import resolution_template
from factlint.sources import load_sources
from factlint.timelimit import DocumentTimeout, time_limit


@dataclass(frozen=True)
class Extraction:
    """The claims of a run and one summary per input document (errored ones included)."""

    claims: tuple[Claim, ...]
    sources: tuple[SourceSummary, ...]
    documents: tuple[Document, ...] = ()
    cache_hits: int = 0


ProgressCallback = Callable[[int, int], None]  # (documents done, documents to extract)


def check(
    paths: Sequence[str],
    config: Config | None = None,
    *,
    focus: Sequence[str | Path] | None = None,
    today: dt.date | None = None,
    progress: ProgressCallback | None = None,
) -> Report:
    """Return the Report of reading, extracting and reconciling every document under ``paths``.

    Claims silenced by ``<!-- factlint: ignore -->`` comments are left out of reconciliation;
    conflicts recorded in ``config.baseline`` get status "baselined". With ``focus`` (files or
    folders), everything is still reconciled but only conflicts in which a focus document takes
    part are reported. ``today`` decides which suppressions have expired (default: today).
    """
    config = config or Config()
    pack = load_pack(config.packs)
    recorded = load_baseline(config.baseline) if config.baseline else None  # fail fast on a bad file
    extraction = extract_documents(load_sources(list(paths), config), pack, config, progress=progress)
    suppressions, findings = _read_all_suppressions(extraction)
    findings += _unread_parts(extraction.documents)
    silenced = apply_suppressions(extraction.claims, suppressions, today or dt.date.today())
    findings += silenced.findings
    reconciliation = reconcile(claims_to_frame(silenced.kept), pack, config)
    if recorded is not None and config.baseline:
        outcome = apply_baseline(reconciliation, recorded)
        reconciliation = outcome.reconciliation
        findings += [_stale_finding(entry, config.baseline, paths) for entry in outcome.stale]
    if focus is not None:
        reconciliation = focus_on(reconciliation, extraction.claims, focus)
        targets = [Path(target).resolve() for target in focus]
        findings = [
            item
            for item in findings
            if item.kind.startswith("baseline") or in_focus(item.path or "", targets)
        ]
    return Report(
        tool_version=__version__,
        sources=extraction.sources,
        claims=extraction.claims,
        reconciliation=reconciliation,
        pack_name=pack.name,
        findings=tuple(findings),
        cache_hits=extraction.cache_hits,
    )


def resolution_entry(conflict: Conflict) -> str:
    """Return a YAML entry for the resolutions file that settles ``conflict`` once completed."""
    return resolution_template(conflict)


def failing_conflicts(report: Report, fail_on: str) -> tuple[Conflict, ...]:
    """Return the open conflicts at or above ``fail_on`` ("error", "warning" or "never")."""
    failing = _failing_severities(fail_on)
    return tuple(c for c in report.conflicts if c.status == "open" and c.severity.value in failing)


def failing_findings(report: Report, fail_on: str) -> tuple[Finding, ...]:
    """Return the findings (e.g. a suppression without a reason) at or above ``fail_on``."""
    failing = _failing_severities(fail_on)
    return tuple(finding for finding in report.findings if finding.severity in failing)


def extract(paths: Sequence[str], config: Config | None = None) -> list[Claim]:
    """Return every claim found in the documents under ``paths`` (no reconciliation)."""
    return list(extract_run(paths, config).claims)


def extract_run(paths: Sequence[str], config: Config | None = None) -> Extraction:
    """Return the claims of the documents under ``paths`` with a summary per document."""
    config = config or Config()
    pack = load_pack(config.packs)
    return extract_documents(load_sources(list(paths), config), pack, config)


def extract_documents(
    documents: Sequence[Document],
    pack: KnowledgePack,
    config: Config | None = None,
    *,
    progress: ProgressCallback | None = None,
) -> Extraction:
    """Return the claims of loaded documents, from the cache when it has them, in parallel with config.jobs.

    A crash on one document becomes that document's error; the others go on.
    """
    config = config or Config(cache=False)
    cache = ClaimCache(config.cache_dir, pack.fingerprint, __version__) if config.cache else None
    outcomes: dict[int, tuple[list[Claim], str | None]] = {}
    for index, document in enumerate(documents):
        cached = cache.load(document) if cache else None
        if cached is not None:
            outcomes[index] = (cached, None)
    pending = [index for index in range(len(documents)) if index not in outcomes]
    extracted = _extract_pending(documents, pending, pack, config.jobs, config.timeout)
    for done, (index, outcome) in enumerate(extracted, start=1):
        outcomes[index] = outcome
        if cache and outcome[1] is None:
            cache.store(documents[index], outcome[0])
        if progress:
            progress(done, len(pending))
    claims = [claim for index in range(len(documents)) for claim in outcomes[index][0]]
    summaries = [
        SourceSummary(document.path, document.sha256, len(outcomes[index][0]), outcomes[index][1])
        for index, document in enumerate(documents)
    ]
    return Extraction(tuple(claims), tuple(summaries), tuple(documents), cache.hits if cache else 0)


def extract_document(
    document: Document, pack: KnowledgePack, seconds: float = 0
) -> tuple[list[Claim], str | None]:
    """Return (claims, error) for one document, stopped after ``seconds`` (0: no limit).

    Its front-matter aliases are read by extract_claims.
    """
    if document.error is not None:
        return [], document.error
    try:
        prepare_extraction(pack)  # once per process, outside the document's time limit
        with time_limit(seconds):
            return extract_claims(document, pack), None
    except DocumentTimeout as error:
        return [], f"extraction {error}"
    except Exception as error:  # the one place a crash on one document becomes that document's error
        return [], f"extraction failed: {type(error).__name__}: {error}"


def _extract_pending(
    documents: Sequence[Document], pending: list[int], pack: KnowledgePack, jobs: int, seconds: float
) -> Iterator[tuple[int, tuple[list[Claim], str | None]]]:
    """Yield (index, outcome) for the documents to extract, in worker processes when jobs > 1."""
    if jobs <= 1 or len(pending) <= 1:
        for index in pending:
            yield index, extract_document(documents[index], pack, seconds)
        return
    context = _worker_context(pack)
    workers = min(jobs, len(pending))
    # the pack goes to each worker once (a forked one inherits it), not pickled with every document
    with ProcessPoolExecutor(workers, mp_context=context, initializer=_adopt_pack, initargs=(pack,)) as pool:
        futures = {pool.submit(_extract_in_worker, documents[index], seconds): index for index in pending}
        for future in as_completed(futures):
            yield futures[future], future.result()


_WORKER_PACK: list[KnowledgePack] = []  # the pack of this worker process, set when it starts


def _adopt_pack(pack: KnowledgePack) -> None:
    """Keep ``pack`` as the pack every document of this worker process is extracted with (returns nothing)."""
    _WORKER_PACK[:] = [pack]


def _extract_in_worker(document: Document, seconds: float) -> tuple[list[Claim], str | None]:
    """Return (claims, error) for one document, extracted with the worker's pack."""
    return extract_document(document, _WORKER_PACK[0], seconds)


def _worker_context(pack: KnowledgePack) -> multiprocessing.context.BaseContext:
    """Return how to start extraction workers: forked from this process with the extractor built, or spawned.

    A spawned worker imports factlint and builds the extractor of ``pack`` again (about two CPU
    seconds each); a forked one inherits both. Forking is only safe while this process runs no
    other thread (a lock held by one, in pandas or rich, would stay locked in the child forever),
    and macOS's system libraries are not fork-safe, so elsewhere workers are spawned as before.
    """
    if (
        sys.platform == "darwin"
        or "fork" not in multiprocessing.get_all_start_methods()
        or threading.active_count() > 1
    ):
        return multiprocessing.get_context("spawn")
    try:
        prepare_extraction(pack)
    except Exception:  # each worker meets the same error and reports it per document, as spawned ones do
        return multiprocessing.get_context("spawn")
    return multiprocessing.get_context("fork")


def _read_all_suppressions(extraction: Extraction) -> tuple[list[Suppression], list[Finding]]:
    parsed = [read_suppressions(document) for document in extraction.documents]
    return [item for items, _ in parsed for item in items], [
        finding for _, found in parsed for finding in found
    ]


def _unread_parts(documents: Sequence[Document]) -> list[Finding]:
    """Return an error finding for each part of a document that could not be read (a bad JSON line)."""
    findings = []
    for document in documents:
        for problem in document.problems:
            number, _, reason = problem.partition(": ")
            line = int(number.removeprefix("line ")) if number.startswith("line ") else None
            findings.append(Finding("source-unreadable-part", reason, document.path, line, "error"))
    return findings


def _stale_finding(entry: BaselineEntry, baseline_path: str, paths: Sequence[str]) -> Finding:
    hint = REFRESH_HINT.format(paths=" ".join(str(path) for path in paths), path=baseline_path)
    message = f"baseline entry no longer found: {entry.describe()}; {hint}"
    return Finding("baseline-stale", message, baseline_path, None, "note")


def _failing_severities(fail_on: str) -> set[str]:
    return {"error": {"error"}, "warning": {"error", "warning"}}.get(fail_on, set())
