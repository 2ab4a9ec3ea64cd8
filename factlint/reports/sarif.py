"""The SARIF 2.1.0 report: one result per conflicting claim, for GitHub code scanning and other viewers."""

from __future__ import annotations

import hashlib
import json
from pathlib import PurePosixPath, PureWindowsPath
from typing import Any
from urllib.parse import quote

from factlint.models import Claim, Finding
from factlint.reports.records import (
    ConflictRecord,
    ConflictSide,
    ReportRecords,
    conflict_fact_key,
    consensus_text,
    sentence,
)

SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
INFORMATION_URI = "https://pypi.org/project/factlint/"
SOURCE_ROOT = "%SRCROOT%"
CONFLICT_RULE_PREFIX = "factlint/conflict/"
FINDING_RULE_PREFIX = "factlint/finding/"
FINGERPRINT_KEY = "factlintFact/v1"


def render_sarif(records: ReportRecords) -> str:
    """Return the SARIF 2.1.0 log of the run as indented JSON ending in a newline."""
    return json.dumps(sarif_log(records), indent=2, ensure_ascii=False, allow_nan=False) + "\n"


def sarif_log(records: ReportRecords) -> dict[str, Any]:
    """Return the SARIF log object: one run whose results are the conflicting claims and findings."""
    rules = _rules(records)
    rule_index = {rule["id"]: index for index, rule in enumerate(rules)}
    report = records.report
    baseline_used = any(record.conflict.status == "baselined" for record in records.conflicts)
    results = [
        _conflict_result(record, side, claim, rule_index, baseline_used)
        for record in records.conflicts
        for side in record.sides
        for claim in side.claims
    ]
    # GitHub code scanning rejects results without a location, so findings about the run
    # as a whole (no file) become tool notifications instead.
    located = [finding for finding in report.findings if finding.path]
    results += [_finding_result(finding, rule_index) for finding in located]
    notifications = [_unreadable(source.path, source.error or "") for source in records.errored_sources]
    notifications += [
        {"level": _finding_level(finding), "message": {"text": f"{finding.kind}: {finding.message}"}}
        for finding in report.findings
        if not finding.path
    ]
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "factlint",
                        "version": report.tool_version,
                        "semanticVersion": report.tool_version,
                        "informationUri": INFORMATION_URI,
                        "rules": rules,
                    }
                },
                "originalUriBaseIds": {
                    SOURCE_ROOT: {"description": {"text": "The folder factlint was run from."}}
                },
                "invocations": [
                    {
                        "executionSuccessful": True,
                        "toolExecutionNotifications": notifications,
                    }
                ],
                "columnKind": "unicodeCodePoints",
                "results": results,
                "properties": {"summary": records.summary.line, "pack": report.pack_name or None},
            }
        ],
    }


def artifact(path: str) -> dict[str, Any]:
    """Return the SARIF artifactLocation of a source path: relative paths hang off %SRCROOT%."""
    if PureWindowsPath(path).is_absolute() and not path.startswith("/"):
        return {"uri": PureWindowsPath(path).as_uri()}
    posix = PurePosixPath(path.replace("\\", "/"))
    if posix.is_absolute():
        return {"uri": posix.as_uri()}
    return {"uri": quote(posix.as_posix()), "uriBaseId": SOURCE_ROOT}


def fingerprint(record: ConflictRecord, side: ConflictSide, claim: Claim) -> str:
    """Return a digest of the fact, the source and the value it states: stable when lines move."""
    parts = [*(part or "" for part in conflict_fact_key(record.conflict)), claim.source, side.display]
    return hashlib.sha256("\x1f".join(parts).encode("utf-8")).hexdigest()[:32]


def _unreadable(path: str, reason: str) -> dict[str, Any]:
    return {
        "level": "error",
        "message": {"text": f"Could not read {path}: {reason}"},
        "locations": [{"physicalLocation": {"artifactLocation": artifact(path)}}],
    }


def _rules(records: ReportRecords) -> list[dict[str, Any]]:
    rules: dict[str, dict[str, Any]] = {}
    for record in records.conflicts:
        attribute = record.conflict.attribute
        rule_id = CONFLICT_RULE_PREFIX + attribute
        if rule_id not in rules:
            rules[rule_id] = {
                "id": rule_id,
                "name": "".join(word.capitalize() for word in attribute.split("_")) + "Conflict",
                "shortDescription": {"text": f"Sources disagree on {attribute.replace('_', ' ')}"},
                "fullDescription": {
                    "text": f"Documents state values of {attribute} for the same entity and scope "
                    "that cannot all hold."
                },
                "help": {
                    "text": "Check which source is right, fix the others, or record a resolution "
                    "so factlint stops reporting this fact."
                },
                "defaultConfiguration": {"level": "error"},
                "properties": {"tags": ["factlint", "consistency", attribute]},
            }
    for finding in records.report.findings:
        if not finding.path:
            continue
        rule_id = FINDING_RULE_PREFIX + finding.kind
        if rule_id not in rules:
            rules[rule_id] = {
                "id": rule_id,
                "name": "".join(word.capitalize() for word in finding.kind.split("-")),
                "shortDescription": {"text": f"{_finding_area(finding)}: {finding.kind.replace('-', ' ')}"},
                "defaultConfiguration": {"level": _finding_level(finding)},
                "properties": {"tags": ["factlint", "source" if finding.about_source else "configuration"]},
            }
    return list(rules.values())


def _conflict_result(
    record: ConflictRecord, side: ConflictSide, claim: Claim, rule_index: dict[str, int], baseline_used: bool
) -> dict[str, Any]:
    conflict = record.conflict
    rule_id = CONFLICT_RULE_PREFIX + conflict.attribute
    others = record.others(side)
    elsewhere = "; ".join(
        f"{other.display} in {', '.join(dict.fromkeys(f'{c.source}:{c.line}' for c in other.claims))}"
        for other in others
    )
    message = f"{record.label}: {side.display} here, but {elsewhere}. {sentence(conflict.explanation)}"
    related = [
        {
            "id": index,
            "physicalLocation": _physical(other_claim),
            "message": {"text": f"{other.display}: {other_claim.source}:{other_claim.line}"},
        }
        for index, (other, other_claim) in enumerate(
            ((other, c) for other in others for c in other.claims), start=1
        )
    ]
    result: dict[str, Any] = {
        "ruleId": rule_id,
        "ruleIndex": rule_index[rule_id],
        "kind": "fail",
        "level": conflict.severity.value,
        "message": {"text": message},
        "locations": [{"physicalLocation": _physical(claim)}],
        "relatedLocations": related,
        "partialFingerprints": {FINGERPRINT_KEY: fingerprint(record, side, claim)},
        "properties": {
            "conflictId": conflict.id,
            "claimId": claim.id,
            "entity": conflict.entity,
            "scope": conflict.scope,
            "attribute": conflict.attribute,
            "value": side.display,
            "consensus": consensus_text(conflict),
            "status": conflict.status,
        },
    }
    # A baselined conflict is known debt ("unchanged"); resolved or ignored ones are
    # suppressed, so code scanning closes them instead of failing the check.
    if conflict.status == "baselined":
        result["baselineState"] = "unchanged"
    elif not record.is_open:
        justification = f"{conflict.status} in factlint's resolutions"
        result["suppressions"] = [{"kind": "external", "status": "accepted", "justification": justification}]
    elif baseline_used:
        result["baselineState"] = "new"
    return result


def _physical(claim: Claim) -> dict[str, Any]:
    region: dict[str, Any] = {"startLine": claim.line, "startColumn": claim.column}
    if claim.text and "\n" not in claim.text:
        region["endColumn"] = claim.column + len(claim.text)
    region["snippet"] = {"text": claim.quote}
    return {"artifactLocation": artifact(claim.source), "region": region}


def _finding_level(finding: Finding) -> str:
    return finding.severity  # error | warning | note: SARIF's own level names


def _finding_result(finding: Finding, rule_index: dict[str, int]) -> dict[str, Any]:
    rule_id = FINDING_RULE_PREFIX + finding.kind
    result: dict[str, Any] = {
        "ruleId": rule_id,
        "ruleIndex": rule_index[rule_id],
        "level": _finding_level(finding),
        "message": {"text": finding.message},
    }
    if finding.path:
        physical: dict[str, Any] = {"artifactLocation": artifact(finding.path)}
        if finding.line:
            physical["region"] = {"startLine": finding.line}
        result["locations"] = [{"physicalLocation": physical}]
    return result


def _finding_area(finding: Finding) -> str:
    return "Source problem" if finding.about_source else "Run problem"
