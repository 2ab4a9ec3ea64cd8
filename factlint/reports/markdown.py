"""The Markdown report, fit for a pull-request comment: summary, conflicts table, details with quotes."""

from __future__ import annotations

import html
import re

from factlint.models import Claim
from factlint.reports.records import (
    ConflictRecord,
    ConflictSide,
    ReportRecords,
    attribute_label,
    claim_location,
    conflict_tags,
    consensus_text,
    finding_groups,
    plural,
    quote_excerpt,
    trust_text,
)

# Characters that Markdown (CommonMark + GFM tables) would read as markup; "<", ">" and "&"
# become entities instead, so document text can never open an HTML tag.
_MARKUP = re.compile(r"([\\`*_\[\]|~#!])")


def escape_markdown(text: str) -> str:
    """Return document text safe to show literally in Markdown, on one line."""
    one_line = re.sub(r"\s+", " ", text)
    return _MARKUP.sub(r"\\\1", html.escape(one_line, quote=False))


def render_markdown(records: ReportRecords) -> str:
    """Return the Markdown report."""
    lines = [f"## factlint: {escape_markdown(records.summary.line)}", ""]
    if records.open_conflicts:
        lines += _table(records.open_conflicts)
        lines.append("")
        for record in records.open_conflicts:
            lines += _details(record)
    if records.known_conflicts:
        count = plural(len(records.known_conflicts), "known conflict")
        lines += [f"<details>\n<summary>{count} (baselined, resolved or ignored)</summary>", ""]
        for record in records.known_conflicts:
            label, explanation = escape_markdown(record.label), escape_markdown(record.conflict.explanation)
            lines.append(f"- {record.conflict.status}: {label}: {explanation}")
        lines += ["", "</details>", ""]
    if records.notes:
        lines += [f"<details>\n<summary>{plural(len(records.notes), 'note')}</summary>", ""]
        for note in records.notes:
            places = ", ".join(f"{claim.source}:{claim.line}" for claim in records.note_claims(note))
            where = f" ({escape_markdown(places)})" if places else ""
            lines.append(f"- **{escape_markdown(note.kind)}**: {escape_markdown(note.message)}{where}")
        lines += ["", "</details>", ""]
    for heading, findings in finding_groups(records.report.findings):
        lines += [f"**{heading}**", ""]
        for finding in findings:
            where = ""
            if finding.path:
                where = f" ({escape_markdown(finding.path)}{f':{finding.line}' if finding.line else ''})"
            kind, message = escape_markdown(finding.kind), escape_markdown(finding.message)
            lines.append(f"- {finding.severity} {kind}: {message}{where}")
        lines.append("")
    trust = records.report.reconciliation.source_trust
    if trust:
        lines += ["<details>", "<summary>Source trust</summary>", ""]
        lines += [f"- {escape_markdown(item.source)}: {trust_text(item)}" for item in trust]
        lines += ["", "</details>", ""]
    if records.errored_sources:
        lines += ["**Sources that could not be read**", ""]
        for source in records.errored_sources:
            lines.append(f"- {escape_markdown(source.path)}: {escape_markdown(source.error or '')}")
        lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"


def _table(conflicts: tuple[ConflictRecord, ...]) -> list[str]:
    lines = ["| Entity | Scope | Attribute | Values | Severity |", "| --- | --- | --- | --- | --- |"]
    for record in conflicts:
        conflict = record.conflict
        values = "<br>".join(_side_cell(side) for side in record.sides)
        cells = [
            escape_markdown(conflict.entity),
            escape_markdown(conflict.scope or "unscoped"),
            escape_markdown(attribute_label(conflict)),
            values,
            " ".join([conflict.severity.value, *(f"({tag})" for tag in conflict_tags(conflict))]),
        ]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def _side_cell(side: ConflictSide) -> str:
    places = ", ".join(dict.fromkeys(f"{claim.source}:{claim.line}" for claim in side.claims))
    if not places:
        places = ", ".join(side.value.sources)
    return f"**{escape_markdown(side.display)}**: {escape_markdown(places)}"


def _details(record: ConflictRecord) -> list[str]:
    conflict = record.conflict
    versus = " vs ".join(side.display for side in record.sides)
    summary = html.escape(f"{conflict.severity.value}: {record.label}: {versus}")
    lines = ["<details>", f"<summary>{summary}</summary>", ""]
    for side in record.sides:
        sources = ", ".join(side.value.sources)
        lines.append(f"**{escape_markdown(side.display)}** from {escape_markdown(sources)}")
        lines.append("")
        lines += [f"- {_evidence(claim)}" for claim in side.claims]
        lines.append("")
    lines.append(f"_{escape_markdown(conflict.explanation)}_")
    consensus = consensus_text(conflict)
    if consensus:
        lines += ["", f"Consensus: {escape_markdown(consensus)}"]
    lines += ["", "</details>", ""]
    return lines


def _evidence(claim: Claim) -> str:
    location = escape_markdown(claim_location(claim))
    qualifier = f" ({escape_markdown(claim.qualifier)})" if claim.qualifier else ""
    return f"{location}{qualifier}: “{highlighted_quote(claim)}”"


def highlighted_quote(claim: Claim) -> str:
    """Return the claim's quote escaped for Markdown with the surface text in bold."""
    quote, span = quote_excerpt(claim.quote, claim.text)
    if span is None:
        return escape_markdown(quote)
    start, end = span
    before, surface, after = quote[:start], quote[start:end], quote[end:]
    # <b> rather than ** so emphasis works whatever punctuation surrounds the surface text.
    return f"{escape_markdown(before)}<b>{escape_markdown(surface)}</b>{escape_markdown(after)}"
