"""The HTML report's view-model: frozen dataclasses with every value formatted, sorted and linked."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from factlint.models import Claim, Conflict, ConflictValue, Consensus, Finding, Report, SourceTrust
from factlint.reports.html_format import (
    Quote,
    anchor,
    baseline_text,
    claim_value,
    distinct,
    enum_text,
    file_href,
    number,
    search_text,
    shorten,
    split_quote,
    with_unit,
)
from factlint.reports.records import finding_groups

STATUSES: tuple[str, ...] = ("open", "resolved", "baselined")
SEVERITY_ORDER: dict[str, int] = {"error": 0, "warning": 1}
CHART_ROWS = 12  # fact areas drawn in the chart; the table lists every conflict
CHART_MIN_SCALE = 4  # a lone conflict should not draw a full-width bar


@dataclass(frozen=True)
class Count:
    """A label with how many times it occurs."""

    label: str
    count: int


@dataclass(frozen=True)
class Summary:
    """The run's totals shown at the top of the page."""

    tool_version: str
    pack_name: str
    sources: int
    sources_with_errors: int
    claims: int
    facts: int
    conflicts: int
    by_severity: tuple[Count, ...]
    by_kind: tuple[Count, ...]
    by_status: tuple[Count, ...]


@dataclass(frozen=True)
class ChartBar:
    """One bar of the conflicts-per-area chart, split by severity, in SVG units."""

    entity: str
    attribute: str
    errors: int
    warnings: int
    label: str  # shortened for the axis; the full names are in the tooltip
    y: int
    error_width: float
    warning_width: float

    @property
    def total(self) -> int:
        """Return the number of conflicts in this area."""
        return self.errors + self.warnings


@dataclass(frozen=True)
class Chart:
    """The inline SVG chart of conflicts per entity and attribute."""

    bars: tuple[ChartBar, ...]
    width: int
    height: int
    label_width: int
    hidden_areas: int  # areas beyond CHART_ROWS, mentioned under the chart


@dataclass(frozen=True)
class ClaimRow:
    """One claim as the evidence panes and the claims table show it."""

    id: str
    source: str
    href: str
    line: int
    column: int
    entity: str
    scope: str
    attribute: str
    value: str
    sort_value: str
    qualifier: str
    quote: Quote
    details: str  # precision, sparsity, baseline, measure when set
    search: str  # lower-cased text the free-text filter looks in


@dataclass(frozen=True)
class ValueView:
    """One competing value of a conflict with the claims that state it."""

    display: str
    sources: tuple[str, ...]
    claims: tuple[ClaimRow, ...]


@dataclass(frozen=True)
class ConsensusView:
    """The reconciler's consensus estimate of a fact, or why it favours no value."""

    decided: bool
    display: str
    confidence: str
    reason: str


@dataclass(frozen=True)
class ConflictRow:
    """One conflict as a table row plus its evidence pane."""

    id: str
    anchor: str
    severity: str
    entity: str
    scope: str
    attribute: str
    qualifiers: str
    kind: str
    status: str
    values_text: str
    sources: tuple[str, ...]
    values: tuple[ValueView, ...]
    explanation: str
    consensus: ConsensusView | None
    notes: tuple[NoteRow, ...]  # reconciler notes about this conflict's claims (arithmetic, copies)
    search: str


@dataclass(frozen=True)
class SourceRow:
    """One input document with its claim count, error and trust score."""

    path: str
    href: str
    sha256: str
    claims: int
    error: str
    trust: str
    agreed: int | None
    disagreed: int | None
    facts: tuple[str, ...]


@dataclass(frozen=True)
class NoteRow:
    """An observation of the reconciler that is not a conflict."""

    kind: str
    message: str
    claims: tuple[str, ...]


@dataclass(frozen=True)
class FindingRow:
    """A problem with the run's setup (a suppression, a stale baseline entry) or with reading a source."""

    severity: str
    kind: str
    message: str
    where: str
    href: str


@dataclass(frozen=True)
class FindingGroup:
    """Findings shown together under one heading (problems reading sources, or with the setup)."""

    heading: str
    rows: tuple[FindingRow, ...]


@dataclass(frozen=True)
class FilterOptions:
    """The choices offered by the filter controls."""

    entities: tuple[str, ...]
    attributes: tuple[str, ...]
    severities: tuple[str, ...]
    statuses: tuple[str, ...]
    sources: tuple[str, ...]


@dataclass(frozen=True)
class Page:
    """Everything the template needs, already formatted as text."""

    summary: Summary
    chart: Chart
    conflicts: tuple[ConflictRow, ...]
    sources: tuple[SourceRow, ...]
    claims: tuple[ClaimRow, ...]
    notes: tuple[NoteRow, ...]
    findings: tuple[FindingGroup, ...]
    filters: FilterOptions
    has_trust: bool


def build_page(report: Report, link_prefix: str = "") -> Page:
    """Return the view-model of a report: every value formatted, sorted and linked."""
    claim_rows = {claim.id: _claim_row(claim, link_prefix) for claim in report.claims}
    notes = tuple(NoteRow(n.kind, n.message, n.claims) for n in report.reconciliation.notes)
    conflicts = tuple(_conflict_row(c, claim_rows, notes) for c in _sorted_conflicts(report.conflicts))
    claims = tuple(claim_rows.values())
    return Page(
        summary=_summary(report),
        chart=_chart(report.conflicts),
        conflicts=conflicts,
        sources=_source_rows(report, link_prefix),
        claims=claims,
        notes=notes,
        findings=tuple(
            FindingGroup(heading, tuple(_finding_row(f, link_prefix) for f in members))
            for heading, members in finding_groups(report.findings)
        ),
        filters=FilterOptions(
            entities=distinct([c.entity for c in conflicts] + [c.entity for c in claims]),
            attributes=distinct([c.attribute for c in conflicts] + [c.attribute for c in claims]),
            severities=tuple(
                sorted({c.severity for c in conflicts} | set(SEVERITY_ORDER), key=_severity_key)
            ),
            statuses=STATUSES + distinct(c.status for c in conflicts if c.status not in STATUSES),
            sources=distinct([s.path for s in report.sources] + [c.source for c in claims]),
        ),
        has_trust=bool(report.reconciliation.source_trust),
    )


def _summary(report: Report) -> Summary:
    conflicts = report.conflicts
    severities = Counter(enum_text(c.severity) for c in conflicts)
    return Summary(
        tool_version=report.tool_version,
        pack_name=report.pack_name,
        sources=len(report.sources),
        sources_with_errors=sum(1 for s in report.sources if s.error),
        claims=len(report.claims),
        facts=report.reconciliation.fact_count,
        conflicts=len(conflicts),
        by_severity=tuple(
            Count(s, severities.get(s, 0))
            for s in sorted(set(severities) | set(SEVERITY_ORDER), key=_severity_key)
        ),
        by_kind=_counts(c.kind for c in conflicts),
        by_status=_counts(c.status for c in conflicts),
    )


def _chart(conflicts: Sequence[Conflict]) -> Chart:
    areas: Counter[tuple[str, str]] = Counter()
    errors: Counter[tuple[str, str]] = Counter()
    for conflict in conflicts:
        area = (conflict.entity, conflict.attribute)
        areas[area] += 1
        errors[area] += enum_text(conflict.severity) == "error"
    ranked = sorted(areas, key=lambda area: (-areas[area], -errors[area], area))
    label_width, bar_space, row_height = 260, 300, 22
    most = max([*areas.values(), CHART_MIN_SCALE])
    bars = tuple(
        ChartBar(
            entity=area[0],
            attribute=area[1],
            label=shorten(f"{area[0]} · {area[1]}", 36),
            errors=errors[area],
            warnings=areas[area] - errors[area],
            y=index * row_height,
            error_width=round(bar_space * errors[area] / most, 1),
            warning_width=round(bar_space * (areas[area] - errors[area]) / most, 1),
        )
        for index, area in enumerate(ranked[:CHART_ROWS])
    )
    return Chart(
        bars=bars,
        width=label_width + bar_space + 40,
        height=max(len(bars), 1) * row_height,
        label_width=label_width,
        hidden_areas=max(len(ranked) - CHART_ROWS, 0),
    )


def _sorted_conflicts(conflicts: Iterable[Conflict]) -> list[Conflict]:
    return sorted(
        conflicts, key=lambda c: (_severity_key(enum_text(c.severity)), c.entity, c.attribute, c.id)
    )


def _conflict_row(conflict: Conflict, claims: dict[str, ClaimRow], notes: Sequence[NoteRow]) -> ConflictRow:
    values = tuple(_value_view(value, claims) for value in conflict.values)
    qualifiers = (conflict.precision, conflict.sparsity, conflict.measure, baseline_text(conflict.baseline))
    quotes = [
        claim.quote.before + claim.quote.match + claim.quote.after for v in values for claim in v.claims
    ]
    searched = [conflict.id, conflict.entity, conflict.scope or "", conflict.attribute, conflict.explanation]
    sources = distinct(source for value in conflict.values for source in value.sources)
    own_claims = {claim_id for value in conflict.values for claim_id in value.claims}
    return ConflictRow(
        id=conflict.id,
        anchor=anchor(conflict.id),
        severity=enum_text(conflict.severity),
        entity=conflict.entity,
        scope=conflict.scope or "",
        attribute=conflict.attribute,
        qualifiers=", ".join(q for q in qualifiers if q),
        kind=conflict.kind,
        status=conflict.status,
        values_text=" vs ".join(v.display for v in values),
        sources=sources,
        values=values,
        explanation=conflict.explanation,
        consensus=_consensus(conflict.consensus),
        notes=tuple(note for note in notes if own_claims.intersection(note.claims)),
        search=search_text(*searched, *(v.display for v in values), *sources, *quotes),
    )


def _value_view(value: ConflictValue, claims: dict[str, ClaimRow]) -> ValueView:
    return ValueView(
        display=value.display or with_unit(number(value.value), value.unit),
        sources=tuple(value.sources),
        claims=tuple(claims[claim_id] for claim_id in value.claims if claim_id in claims),
    )


def _consensus(consensus: Consensus | None) -> ConsensusView | None:
    if consensus is None:
        return None
    return ConsensusView(
        decided=bool(consensus.decided and consensus.value),
        display=str(consensus.value),
        confidence=f"{consensus.confidence:.0%}",
        reason=consensus.reason,
    )


def _claim_row(claim: Claim, link_prefix: str) -> ClaimRow:
    extras = (claim.precision, claim.sparsity, claim.measure, baseline_text(claim.baseline))
    return ClaimRow(
        id=claim.id,
        source=claim.source,
        href=file_href(claim.source, link_prefix, claim.line),
        line=claim.line,
        column=claim.column,
        entity=claim.entity,
        scope=claim.scope or "",
        attribute=claim.attribute,
        value=claim_value(claim),
        sort_value=str(claim.value),
        qualifier=claim.qualifier or "",
        quote=split_quote(claim.quote, claim.text),
        details=", ".join(e for e in extras if e),
        search=search_text(
            claim.id, claim.source, claim.entity, claim.scope or "", claim.attribute, claim.quote
        ),
    )


def _source_rows(report: Report, link_prefix: str) -> tuple[SourceRow, ...]:
    trust_by_source = {t.source: t for t in report.reconciliation.source_trust}
    return tuple(
        _source_row(s.path, s.sha256, s.claims, s.error, trust_by_source.get(s.path), link_prefix)
        for s in report.sources
    )


def _source_row(
    path: str, sha256: str, claims: int, error: str | None, trust: SourceTrust | None, link_prefix: str
) -> SourceRow:
    return SourceRow(
        path=path,
        href=file_href(path, link_prefix),
        sha256=sha256,
        claims=claims,
        error=error or "",
        trust=f"{trust.trust:.2f}" if trust else "",
        agreed=trust.agreed if trust else None,
        disagreed=trust.disagreed if trust else None,
        facts=trust.facts if trust else (),
    )


def _finding_row(finding: Finding, link_prefix: str) -> FindingRow:
    where = f"{finding.path}:{finding.line}" if finding.path and finding.line else finding.path or ""
    return FindingRow(
        severity=finding.severity,
        kind=finding.kind,
        message=finding.message,
        where=where,
        href=file_href(finding.path, link_prefix, finding.line) if finding.path else "",
    )


def _severity_key(severity: str) -> tuple[int, str]:
    return SEVERITY_ORDER.get(severity, len(SEVERITY_ORDER)), severity


def _counts(labels: Iterable[str]) -> tuple[Count, ...]:
    counter = Counter(labels)
    return tuple(
        Count(label, n) for label, n in sorted(counter.items(), key=lambda item: (-item[1], item[0]))
    )
