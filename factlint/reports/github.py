"""GitHub Actions workflow commands: one ::error or ::warning annotation per conflicting claim."""

from __future__ import annotations

from factlint.models import Claim
from factlint.reports.records import ConflictRecord, ConflictSide, ReportRecords, consensus_text, sentence


def escape_data(text: str) -> str:
    """Return a command message escaped as GitHub's runner expects (%, CR, LF)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """Return a command property value escaped as GitHub's runner expects (%, CR, LF, ':' and ',')."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def command(level: str, message: str, **properties: str | int | None) -> str:
    """Return one workflow command line, e.g. ``::error file=a.md,line=3,title=T::message``."""
    given = ",".join(
        f"{name}={escape_property(str(value))}" for name, value in properties.items() if value is not None
    )
    return f"::{level} {given}::{escape_data(message)}" if given else f"::{level}::{escape_data(message)}"


def render_github(records: ReportRecords) -> str:
    """Return the annotations: conflicting claims, then unreadable sources and findings, one per line."""
    lines = [
        _annotation(record, side, claim)
        for record in records.open_conflicts  # known conflicts are accepted: no annotation
        for side in record.sides
        for claim in side.claims
    ]
    lines += [
        command("error", f"Could not read {source.path}: {source.error}", file=source.path, title="factlint")
        for source in records.errored_sources
    ]
    lines += [
        command(
            "notice" if finding.severity == "note" else finding.severity,
            finding.message,
            file=finding.path,
            line=finding.line,
            title=f"factlint: {finding.kind}",
        )
        for finding in records.report.findings
    ]
    return "".join(line + "\n" for line in lines)


def _annotation(record: ConflictRecord, side: ConflictSide, claim: Claim) -> str:
    elsewhere = "; ".join(
        f"{other.display} in {', '.join(dict.fromkeys(f'{c.source}:{c.line}' for c in other.claims))}"
        for other in record.others(side)
    )
    message = (
        f"{side.display} here (“{claim.text}”), but {elsewhere}. {sentence(record.conflict.explanation)}"
    )
    consensus = consensus_text(record.conflict)
    if consensus:
        message += f" Consensus: {sentence(consensus)}"
    end_column = claim.column + len(claim.text) if claim.text and "\n" not in claim.text else None
    return command(
        record.conflict.severity.value,
        message,
        file=claim.source,
        line=claim.line,
        col=claim.column,
        endColumn=end_column,
        title=f"Conflicting {record.label}",
    )
