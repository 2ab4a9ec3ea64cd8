"""The Python API: run the whole pipeline (sources -> claims -> reconcile) without click."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass

from factlint import __version__
from factlint.claims import claims_to_frame, extract_claims
from factlint.config import Config
from factlint.models import Claim, Conflict, Document, Report, Severity, SourceSummary
from factlint.pack import Entity, KnowledgePack, load_pack
from factlint.reconcile import reconcile
from factlint.sources import load_sources


@dataclass(frozen=True)
class Extraction:
    """The claims of a run and one summary per input document (errored ones included)."""

    claims: tuple[Claim, ...]
    sources: tuple[SourceSummary, ...]
    documents: tuple[Document, ...] = ()


def check(paths: Sequence[str], config: Config | None = None) -> Report:
    """Return the Report of reading, extracting and reconciling every document under ``paths``."""
    config = config or Config()
    pack = load_pack(config.packs)
    extraction = extract_documents(load_sources(list(paths), config), pack)
    reconciliation = reconcile(claims_to_frame(extraction.claims), pack, config)
    return Report(
        tool_version=__version__,
        sources=extraction.sources,
        claims=extraction.claims,
        reconciliation=reconciliation,
        pack_name=pack.name,
    )


def failing_conflicts(report: Report, fail_on: str) -> tuple[Conflict, ...]:
    """Return the open conflicts at or above ``fail_on`` ("error", "warning" or "never")."""
    failing = {"error": {Severity.ERROR}, "warning": {Severity.ERROR, Severity.WARNING}}.get(fail_on, set())
    return tuple(c for c in report.conflicts if c.status == "open" and c.severity in failing)


def extract(paths: Sequence[str], config: Config | None = None) -> list[Claim]:
    """Return every claim found in the documents under ``paths`` (no reconciliation)."""
    return list(extract_run(paths, config).claims)


def extract_run(paths: Sequence[str], config: Config | None = None) -> Extraction:
    """Return the claims of the documents under ``paths`` with a summary per document."""
    config = config or Config()
    pack = load_pack(config.packs)
    return extract_documents(load_sources(list(paths), config), pack)


def extract_documents(documents: Sequence[Document], pack: KnowledgePack) -> Extraction:
    """Return the claims of already loaded documents; a crash on one document becomes its error."""
    claims: list[Claim] = []
    summaries: list[SourceSummary] = []
    for document in documents:
        found, error = extract_document(document, pack)
        claims.extend(found)
        summaries.append(SourceSummary(document.path, document.sha256, len(found), error))
    return Extraction(tuple(claims), tuple(summaries), tuple(documents))


def extract_document(document: Document, pack: KnowledgePack) -> tuple[list[Claim], str | None]:
    """Return (claims, error) for one document, using its front-matter aliases."""
    if document.error is not None:
        return [], document.error
    try:
        return extract_claims(document, pack_for_document(document, pack)), None
    except Exception as error:  # the one place a crash on one document becomes that document's error
        return [], f"extraction failed: {type(error).__name__}: {error}"


def pack_for_document(document: Document, pack: KnowledgePack) -> KnowledgePack:
    """Return ``pack`` with the document's unknown front-matter aliases added to its subject entity.

    An alias that already names a pack entity keeps pointing at that entity. Unknown
    aliases join the entity the document's title names; without one they are ignored.
    """
    known = {name.casefold() for entity in pack.entities for name in entity.names}
    unknown = tuple(dict.fromkeys(alias for alias in document.aliases if alias.casefold() not in known))
    subject = subject_entity(document.title, pack) if unknown else None
    if subject is None:
        return pack
    return pack.with_entities([dataclasses.replace(subject, aliases=(*subject.aliases, *unknown))])


def subject_entity(title: str | None, pack: KnowledgePack) -> Entity | None:
    """Return the entity a title names (the longest name found in it as whole words), or None."""
    if not title:
        return None
    best: tuple[int, Entity] | None = None
    for entity in pack.entities:
        for name in entity.names:
            if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", title, flags=re.IGNORECASE) and (
                best is None or len(name) > best[0]
            ):
                best = (len(name), entity)
    return best[1] if best else None
