"""The records every report format renders: conflicts with their claims resolved, facts, and the summary."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from factlint.models import (
    Claim,
    ClaimValue,
    Conflict,
    ConflictValue,
    FactKey,
    Finding,
    Note,
    Report,
    Severity,
    SourceSummary,
    SourceTrust,
)

UNSCOPED = "unscoped"
OPEN = "open"  # the Conflict.status of a conflict that fails the run; others are known and accepted
QUOTE_LIMIT = 240  # characters of a quote shown around the surface text in human formats


@dataclass(frozen=True)
class ConflictSide:
    """One competing value of a conflict with the claims that state it, in report order."""

    display: str
    value: ConflictValue
    claims: tuple[Claim, ...]


@dataclass(frozen=True)
class ConflictRecord:
    """A conflict as reports show it: its fact label and sides with resolved claims."""

    conflict: Conflict
    sides: tuple[ConflictSide, ...]

    @property
    def is_open(self) -> bool:
        """Return True unless the conflict was baselined, resolved or ignored (known, not failing)."""
        return self.conflict.status == OPEN

    @property
    def label(self) -> str:
        """Return "entity · scope · attribute [qualifiers]"."""
        return f"{self.conflict.entity} · {fact_name(self.conflict)}"

    def others(self, side: ConflictSide) -> tuple[ConflictSide, ...]:
        """Return the sides that compete with ``side``."""
        return tuple(other for other in self.sides if other is not side)


@dataclass(frozen=True)
class FactRecord:
    """One fact of the run with every claim about it and the conflicts on it (usually none or one)."""

    key: FactKey
    claims: tuple[Claim, ...]
    conflicts: tuple[ConflictRecord, ...]

    @property
    def entity(self) -> str:
        """Return the entity the fact is about."""
        return self.key[0]

    @property
    def sources(self) -> tuple[str, ...]:
        """Return the distinct sources that state the fact, in first-seen order."""
        return tuple(dict.fromkeys(claim.source for claim in self.claims))


@dataclass(frozen=True)
class Summary:
    """The counts the one-line summary of every format states."""

    conflicts: int
    errors: int
    warnings: int
    facts: int
    sources: int
    claims: int
    unreadable_sources: int
    findings: int = 0  # all of them: source_problems plus the problems with the run's setup
    source_problems: int = 0
    known: tuple[tuple[str, int], ...] = ()  # (status, count) of conflicts that are not open

    @property
    def known_conflicts(self) -> int:
        """Return how many conflicts were baselined, resolved or ignored."""
        return sum(count for _, count in self.known)

    @property
    def line(self) -> str:
        """Return e.g. "3 conflicts (2 errors, 1 warning) in 5 facts from 4 sources, 61 claims".

        Only open conflicts count as conflicts; known ones are mentioned after a semicolon.
        """
        if self.conflicts:
            kinds = [plural(n, word) for n, word in ((self.errors, "error"), (self.warnings, "warning")) if n]
            head = f"{plural(self.conflicts, 'conflict')} ({', '.join(kinds)})"
        else:
            head = "No conflicts"
        text = (
            f"{head} in {plural(self.facts, 'fact')} from {plural(self.sources, 'source')}, "
            f"{plural(self.claims, 'claim')}"
        )
        if self.known:
            statuses = ", ".join(f"{count} {status}" for status, count in self.known)
            text += f"; {plural(self.known_conflicts, 'known conflict')} ({statuses})"
        if self.unreadable_sources:
            verb = "source could" if self.unreadable_sources == 1 else "sources could"
            text += f"; {self.unreadable_sources} {verb} not be read"
        if self.source_problems:
            text += f"; {plural(self.source_problems, 'problem')} reading the sources"
        if self.findings - self.source_problems:
            text += f"; {plural(self.findings - self.source_problems, 'setup problem')}"
        return text


@dataclass(frozen=True)
class ReportRecords:
    """Everything a renderer needs, derived once from a Report so every format agrees."""

    report: Report
    claims_by_id: dict[str, Claim]
    conflicts: tuple[ConflictRecord, ...]
    facts: tuple[FactRecord, ...]
    notes: tuple[Note, ...]
    errored_sources: tuple[SourceSummary, ...]
    summary: Summary

    @property
    def open_conflicts(self) -> tuple[ConflictRecord, ...]:
        """Return the conflicts that fail the run, in report order."""
        return tuple(record for record in self.conflicts if record.is_open)

    @property
    def known_conflicts(self) -> tuple[ConflictRecord, ...]:
        """Return the conflicts that were baselined, resolved or ignored, in report order."""
        return tuple(record for record in self.conflicts if not record.is_open)

    def conflicts_by_entity(self) -> list[tuple[str, list[ConflictRecord]]]:
        """Return the open conflicts grouped by entity, groups and members in report order."""
        groups: dict[str, list[ConflictRecord]] = {}
        for record in self.open_conflicts:
            groups.setdefault(record.conflict.entity, []).append(record)
        return list(groups.items())

    def note_claims(self, note: Note) -> tuple[Claim, ...]:
        """Return the claims a note refers to that the report holds."""
        return tuple(self.claims_by_id[cid] for cid in note.claims if cid in self.claims_by_id)


def build_records(report: Report) -> ReportRecords:
    """Return the records of ``report`` that every renderer shares."""
    claims_by_id = {claim.id: claim for claim in report.claims}
    conflicts = tuple(_conflict_record(conflict, claims_by_id) for conflict in report.conflicts)
    facts = _facts(report.claims, conflicts)
    errored = tuple(source for source in report.sources if source.error is not None)
    open_conflicts = [record.conflict for record in conflicts if record.is_open]
    known = Counter(record.conflict.status for record in conflicts if not record.is_open)
    summary = Summary(
        conflicts=len(open_conflicts),
        errors=sum(1 for c in open_conflicts if c.severity is Severity.ERROR),
        warnings=sum(1 for c in open_conflicts if c.severity is Severity.WARNING),
        facts=report.reconciliation.fact_count or len(facts),
        sources=len(report.sources),
        claims=len(report.claims),
        unreadable_sources=len(errored),
        findings=len(report.findings),
        source_problems=sum(1 for finding in report.findings if finding.about_source),
        known=tuple(known.items()),
    )
    return ReportRecords(
        report, claims_by_id, conflicts, facts, report.reconciliation.notes, errored, summary
    )


def finding_groups(findings: Iterable[Finding]) -> list[tuple[str, tuple[Finding, ...]]]:
    """Return the findings as (heading, findings) groups, sources first, leaving out empty groups."""
    findings = tuple(findings)
    groups = [
        ("Problems reading the sources", tuple(f for f in findings if f.about_source)),
        ("Problems with the run setup", tuple(f for f in findings if not f.about_source)),
    ]
    return [(heading, members) for heading, members in groups if members]


def conflict_fact_key(conflict: Conflict) -> FactKey:
    """Return the fact key of a conflict, comparable with :attr:`Claim.fact_key`."""
    return conflict.fact_key


def fact_qualifiers(fact: Conflict | Claim) -> tuple[str, ...]:
    """Return what narrows the fact beyond scope and attribute: precision, sparsity, baseline, measure."""
    parts = [fact.precision, fact.sparsity, f"vs {fact.baseline}" if fact.baseline else None, fact.measure]
    return tuple(part for part in parts if part)


def attribute_label(fact: Conflict | Claim) -> str:
    """Return "attribute [qualifiers]" for a conflict or claim, e.g. "compute_throughput [FP8, dense]"."""
    qualifiers = fact_qualifiers(fact)
    return f"{fact.attribute} [{', '.join(qualifiers)}]" if qualifiers else fact.attribute


def fact_name(fact: Conflict | Claim) -> str:
    """Return "scope · attribute [qualifiers]" for a conflict or claim."""
    return f"{fact.scope or UNSCOPED} · {attribute_label(fact)}"


def format_number(number: float) -> str:
    """Return a number as a person writes it: 96, 2.8, 0.0125 (at most 6 significant digits)."""
    if number == int(number) and abs(number) < 1e15:
        return str(int(number))
    rounded = float(f"{number:.6g}")
    text = f"{rounded:.12f}".rstrip("0").rstrip(".")
    return text or "0"


def format_value(value: ClaimValue, unit: str) -> str:
    """Return a value with its unit for people: "96 GB", "4x", "50%", "16", "2023-11"."""
    if isinstance(value, str):
        return value
    number = format_number(value)
    if unit in ("count", ""):
        return number
    if unit in ("x", "%"):
        return f"{number}{unit}"
    return f"{number} {unit}"


def side_display(value: ConflictValue) -> str:
    """Return how a conflict side reads: the reconciler's display text, else the formatted value."""
    return value.display or format_value(value.value, value.unit)


def conflict_tags(conflict: Conflict) -> tuple[str, ...]:
    """Return what sets a conflict apart: its kind if not direct, its status if not open."""
    tags = [
        conflict.kind if conflict.kind != "direct" else "",
        conflict.status if conflict.status != "open" else "",
    ]
    return tuple(tag for tag in tags if tag)


def consensus_text(conflict: Conflict) -> str | None:
    """Return e.g. "96 GB (80% confidence): 3 of 4 sources" or "undecided: ...", or None without one."""
    consensus = conflict.consensus
    if consensus is None:
        return None
    if consensus.decided and consensus.value:
        text = f"{consensus.value} ({consensus.confidence:.0%} confidence)"
        return f"{text}: {consensus.reason}" if consensus.reason else text
    return f"undecided: {consensus.reason}" if consensus.reason else "undecided"


def trust_text(trust: SourceTrust) -> str:
    """Return e.g. "trust 75% (3 agreed, 1 disagreed)"."""
    return f"trust {trust.trust:.0%} ({trust.agreed} agreed, {trust.disagreed} disagreed)"


def claim_location(claim: Claim) -> str:
    """Return "path:line:column" for a claim."""
    return f"{claim.source}:{claim.line}:{claim.column}"


def sentence(text: str) -> str:
    """Return ``text`` ending in a full stop unless it already ends in punctuation."""
    text = text.rstrip()
    return text if not text or text[-1] in ".!?" else text + "."


def plural(count: int, word: str) -> str:
    """Return "1 conflict" / "2 conflicts"."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def highlight_span(quote: str, surface: str) -> tuple[int, int] | None:
    """Return the (start, end) of the surface text inside the quote, or None if it is not there."""
    surface = " ".join(surface.split())
    if not surface:
        return None
    start = quote.find(surface)
    if start < 0:
        return None
    return start, start + len(surface)


def quote_excerpt(quote: str, surface: str, limit: int = QUOTE_LIMIT) -> tuple[str, tuple[int, int] | None]:
    """Return the quote on one line, cut to about ``limit`` characters around the surface text.

    Also returns the span of the surface text inside the excerpt (None if the quote does not
    contain it). Cuts fall on spaces and are marked with an ellipsis.
    """
    quote = " ".join(quote.split())
    span = highlight_span(quote, surface)
    if len(quote) <= limit:
        return quote, span
    start, end = span if span is not None else (0, 0)
    room = max(limit - (end - start), 0)
    left = max(0, start - room // 2)
    right = min(len(quote), end + room - (start - left))
    left = max(0, min(left, right - limit))
    if left > 0:
        space = quote.find(" ", left, start)
        left = space + 1 if space >= 0 else left
    if right < len(quote):
        space = quote.rfind(" ", end, right)
        right = space if space >= 0 else right
    excerpt = quote[left:right]
    prefix = "… " if left > 0 else ""
    suffix = " …" if right < len(quote) else ""
    shifted = None if span is None else (start - left + len(prefix), end - left + len(prefix))
    return prefix + excerpt + suffix, shifted


def _conflict_record(conflict: Conflict, claims_by_id: dict[str, Claim]) -> ConflictRecord:
    sides = tuple(
        ConflictSide(
            display=side_display(value),
            value=value,
            claims=tuple(
                sorted(
                    (claims_by_id[cid] for cid in value.claims if cid in claims_by_id),
                    key=lambda claim: (claim.source, claim.line, claim.column),
                )
            ),
        )
        for value in conflict.values
    )
    return ConflictRecord(conflict, sides)


def _facts(claims: Iterable[Claim], conflicts: tuple[ConflictRecord, ...]) -> tuple[FactRecord, ...]:
    grouped: dict[FactKey, list[Claim]] = {}
    for claim in claims:
        grouped.setdefault(claim.fact_key, []).append(claim)
    by_key: dict[FactKey, list[ConflictRecord]] = {}
    for record in conflicts:
        key = conflict_fact_key(record.conflict)
        by_key.setdefault(key, []).append(record)
        grouped.setdefault(key, [])
    return tuple(
        FactRecord(key, tuple(members), tuple(by_key.get(key, ()))) for key, members in grouped.items()
    )
