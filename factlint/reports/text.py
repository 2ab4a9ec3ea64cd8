"""The terminal report: conflicts by entity with quoted evidence, then notes, sources and a summary (rich)."""

from __future__ import annotations

from io import StringIO

from rich.console import Console, RenderableType
from rich.padding import Padding
from rich.text import Text

from factlint.models import Claim, Severity
from factlint.reports.records import (
    ConflictRecord,
    ConflictSide,
    ReportRecords,
    claim_location,
    conflict_tags,
    consensus_text,
    finding_groups,
    plural,
    quote_excerpt,
    trust_text,
)

WIDTH = 100
SEVERITY_STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "bold yellow"}
HIGHLIGHT_STYLE = "bold reverse"


def render_text(records: ReportRecords, *, color: bool = False) -> str:
    """Return the terminal report; with ``color`` it carries ANSI styles, else it is plain text."""
    console = Console(
        file=StringIO(),
        width=WIDTH,
        force_terminal=color,
        color_system="standard" if color else None,
        no_color=not color,
        highlight=False,
        emoji=False,
        markup=False,
        legacy_windows=False,
    )
    for renderable in _body(records):
        console.print(renderable)
    # The summary stays on one line whatever its length, so CI logs can grep it.
    console.print(Text(records.summary.line, style=_summary_style(records)), soft_wrap=True)
    output = console.file.getvalue()  # type: ignore[attr-defined]
    return "\n".join(line.rstrip() for line in output.splitlines()) + "\n"


def _body(records: ReportRecords) -> list[RenderableType]:
    parts: list[RenderableType] = []
    for entity, conflicts in records.conflicts_by_entity():
        parts.append(Text(entity, style="bold underline"))
        for record in conflicts:
            parts.extend(_conflict(record))
        parts.append(Text())
    if records.known_conflicts:
        parts.append(Text("Known conflicts (not failing)", style="bold"))
        for record in records.known_conflicts:
            line = Text.assemble(
                (f"{record.conflict.status.upper():<9}", "magenta"), " ", record.label, ": ",
                (record.conflict.explanation, "italic"),
            )  # fmt: skip
            parts.append(_indent(line, 2))
        parts.append(Text())
    if records.notes:
        parts.append(Text("Notes", style="bold"))
        for note in records.notes:
            line = Text.assemble(("- ", "dim"), (f"{note.kind}: ", "cyan"), note.message)
            places = ", ".join(f"{claim.source}:{claim.line}" for claim in records.note_claims(note))
            if places:
                line.append(f"  ({places})", style="dim")
            parts.append(_indent(line, 2))
        parts.append(Text())
    for heading, findings in finding_groups(records.report.findings):
        parts.append(Text(heading, style="bold"))
        for finding in findings:
            style = {"error": "bold red", "warning": "bold yellow"}.get(finding.severity, "cyan")
            line = Text.assemble(
                (f"{finding.severity.upper():<7}", style), f" {finding.kind}: {finding.message}"
            )
            if finding.path:
                where = f"{finding.path}:{finding.line}" if finding.line else finding.path
                line.append(f"  ({where})", style="dim")
            parts.append(_indent(line, 2))
        parts.append(Text())
    trust_by_source = {trust.source: trust for trust in records.report.reconciliation.source_trust}
    parts.append(Text("Sources", style="bold"))
    for source in records.report.sources:
        if source.error is None:
            line = Text.assemble(source.path, ("  ", ""), (plural(source.claims, "claim"), "dim"))
            if source.path in trust_by_source:
                line.append(f"  {trust_text(trust_by_source[source.path])}", style="dim")
        else:
            line = Text.assemble((source.path, "bold red"), "  could not be read: ", source.error)
        parts.append(_indent(line, 2))
    parts.append(Text())
    return parts


def _conflict(record: ConflictRecord) -> list[RenderableType]:
    conflict = record.conflict
    severity = conflict.severity
    head = Text.assemble(
        (f"{severity.value.upper():<7}", SEVERITY_STYLE[severity]), " ", (record.label, "bold")
    )
    tags = conflict_tags(conflict)
    if tags:
        head.append(f"  ({', '.join(tags)})", style="magenta")
    parts: list[RenderableType] = [_indent(head, 2)]
    for side in record.sides:
        parts.extend(_side(side))
    parts.append(_indent(Text(conflict.explanation, style="italic"), 4))
    consensus = consensus_text(conflict)
    if consensus:
        parts.append(_indent(Text.assemble(("Consensus: ", "bold"), consensus), 4))
    return parts


def _side(side: ConflictSide) -> list[RenderableType]:
    sources = ", ".join(side.value.sources)
    parts: list[RenderableType] = [_indent(Text.assemble((side.display, "bold cyan"), "  from ", sources), 4)]
    for claim in side.claims:
        parts.append(_indent(_evidence(claim), 6))
    return parts


def _evidence(claim: Claim) -> Text:
    line = Text.assemble((claim_location(claim), "dim"), "  ")
    if claim.qualifier:
        line.append(f"({claim.qualifier}) ", style="yellow")
    line.append("“")
    line.append_text(quote_text(claim))
    line.append("”")
    return line


def quote_text(claim: Claim) -> Text:
    """Return the claim's quote (cut around the surface text if long) with the surface text highlighted.

    Document text is never read as rich markup.
    """
    excerpt, span = quote_excerpt(claim.quote, claim.text)
    text = Text(excerpt)
    if span is not None:
        text.stylize(HIGHLIGHT_STYLE, *span)
    return text


def _indent(renderable: RenderableType, width: int) -> Padding:
    return Padding(renderable, (0, 0, 0, width), expand=False)


def _summary_style(records: ReportRecords) -> str:
    summary = records.summary
    return "bold red" if summary.errors else "bold yellow" if summary.warnings else "bold green"
