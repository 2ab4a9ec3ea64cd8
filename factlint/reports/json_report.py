"""The JSON report: the public contract of shared/spec/report-json.md plus documented extension fields."""

from __future__ import annotations

import json
from typing import Any

from factlint.models import (
    Claim,
    Conflict,
    ConflictValue,
    Consensus,
    Finding,
    Note,
    Report,
    SourceSummary,
    SourceTrust,
)
from factlint.reports.records import ReportRecords, build_records

SCHEMA_VERSION = 1
TOOL_NAME = "factlint"


def report_to_json(report: Report, records: ReportRecords | None = None) -> dict[str, Any]:
    """Return the report as the JSON contract's object (plain dicts, lists, numbers and strings)."""
    records = records or build_records(report)
    summary = records.summary
    return {
        "schema_version": SCHEMA_VERSION,
        "tool": {"name": TOOL_NAME, "version": report.tool_version},
        "sources": [_source(source) for source in report.sources],
        "claims": [_claim(claim) for claim in report.claims],
        "conflicts": [_conflict(conflict) for conflict in report.conflicts],
        "notes": [_note(note) for note in report.reconciliation.notes],
        "summary": {
            "conflicts": summary.conflicts,
            "errors": summary.errors,
            "warnings": summary.warnings,
            "facts": summary.facts,
            "sources": summary.sources,
            "claims": summary.claims,
            "unreadable_sources": summary.unreadable_sources,
            "findings": summary.findings,
            "known_conflicts": summary.known_conflicts,
            "text": summary.line,
        },
        "findings": [_finding(finding) for finding in report.findings],
        "source_trust": [_trust(trust) for trust in report.reconciliation.source_trust],
        "pack": report.pack_name or None,
    }


def render_json(report: Report, records: ReportRecords | None = None) -> str:
    """Return the JSON report as indented UTF-8 text ending in a newline."""
    document = report_to_json(report, records)
    return json.dumps(document, indent=2, ensure_ascii=False, allow_nan=False) + "\n"


def _source(source: SourceSummary) -> dict[str, Any]:
    return {"path": source.path, "sha256": source.sha256, "claims": source.claims, "error": source.error}


def _claim(claim: Claim) -> dict[str, Any]:
    return {
        "id": claim.id,
        "source": claim.source,
        "line": claim.line,
        "column": claim.column,
        "entity": claim.entity,
        "scope": claim.scope,
        "attribute": claim.attribute,
        "value": _value(claim.value),
        "low": _value(claim.low),
        "high": _value(claim.high),
        "unit": claim.unit,
        "text": claim.text,
        "quote": claim.quote,
        "qualifier": claim.qualifier,
        "precision": claim.precision,
        "sparsity": claim.sparsity,
        "baseline": claim.baseline,
        "measure": claim.measure,
        "form": claim.form.value,
        "confidence": claim.confidence,
        "rule": claim.rule,
    }


def _conflict(conflict: Conflict) -> dict[str, Any]:
    return {
        "id": conflict.id,
        "entity": conflict.entity,
        "scope": conflict.scope,
        "attribute": conflict.attribute,
        "severity": conflict.severity.value,
        "values": [_conflict_value(value) for value in conflict.values],
        "explanation": conflict.explanation,
        "kind": conflict.kind,
        "status": conflict.status,
        "precision": conflict.precision,
        "sparsity": conflict.sparsity,
        "baseline": conflict.baseline,
        "measure": conflict.measure,
        "consensus": _consensus(conflict.consensus),
    }


def _conflict_value(value: ConflictValue) -> dict[str, Any]:
    return {
        "value": _value(value.value),
        "unit": value.unit,
        "claims": list(value.claims),
        "sources": list(value.sources),
        "display": value.display or None,
    }


def _note(note: Note) -> dict[str, Any]:
    return {"kind": note.kind, "message": note.message, "claims": list(note.claims)}


def _finding(finding: Finding) -> dict[str, Any]:
    return {
        "kind": finding.kind,
        "message": finding.message,
        "path": finding.path,
        "line": finding.line,
        "severity": finding.severity,
    }


def _value(value: float | str | None) -> float | str | None:
    """Numbers stay JSON numbers (as floats, so 96 is written 96.0); dates stay ISO strings."""
    if value is None or isinstance(value, str):
        return value
    return float(value)


def _consensus(consensus: Consensus | None) -> dict[str, Any] | None:
    if consensus is None:
        return None
    return {
        "value": consensus.value,
        "confidence": consensus.confidence,
        "decided": consensus.decided,
        "reason": consensus.reason,
    }


def _trust(trust: SourceTrust) -> dict[str, Any]:
    return {
        "source": trust.source,
        "trust": trust.trust,
        "agreed": trust.agreed,
        "disagreed": trust.disagreed,
        "facts": list(trust.facts),
    }
