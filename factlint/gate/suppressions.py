"""Inline suppressions: ``<!-- factlint: ignore ... -->`` comments that silence claims, and their findings."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from factlint.models import BlockKind, Claim, Document, Finding

COMMENT = re.compile(r"<!--\s*factlint:\s*(?P<verb>ignore-file|ignore)\b(?P<body>.*?)-->", re.DOTALL)
ARGUMENT = re.compile(r'(?P<key>[A-Za-z_]+)\s*=\s*(?:"(?P<quoted>[^"]*)"|(?P<bare>[^\s"]+))')
FILTER_KEYS = ("entity", "attribute", "scope")
KNOWN_KEYS = (*FILTER_KEYS, "reason", "until")
FENCE = re.compile(r"^\s{0,3}(```|~~~)")


@dataclass(frozen=True)
class Suppression:
    """One ignore comment: which claims it silences (by filters and lines), why and until when."""

    path: str
    line: int  # where the comment is
    filters: tuple[tuple[str, str], ...]  # (entity|attribute|scope, value), all must match
    reason: str | None
    until: dt.date | None
    file_level: bool = False
    first_line: int = 0  # lines whose claims it covers (inclusive); unused for file-level comments
    last_line: int = 0

    def covers(self, claim: Claim) -> bool:
        """Return True when the claim sits where this comment applies and matches every filter."""
        if claim.source != self.path:
            return False
        if not self.file_level and not self.first_line <= claim.line <= self.last_line:
            return False
        return all((getattr(claim, key) or "").casefold() == value.casefold() for key, value in self.filters)

    def expired(self, today: dt.date) -> bool:
        """Return True once the ``until`` date has passed."""
        return self.until is not None and today > self.until

    def describe(self) -> str:
        """Return the comment as a short label, e.g. ``ignore attribute=memory_capacity``."""
        verb = "ignore-file" if self.file_level else "ignore"
        return " ".join([verb, *(f"{key}={value}" for key, value in self.filters)])


@dataclass(frozen=True)
class SuppressionOutcome:
    """The claims that stay, the claims silenced, and the findings about the comments themselves."""

    kept: tuple[Claim, ...]
    suppressed: tuple[Claim, ...]
    findings: tuple[Finding, ...]


def find_suppressions(document: Document, text: str) -> tuple[list[Suppression], list[Finding]]:
    """Return the ignore comments of a document's raw text, and findings for malformed ones.

    A comment sharing its line with other text covers that line; a comment on a line of its
    own covers its line and the next block (paragraph, list item or table row) of the document.
    Comments inside fenced code blocks or inline code are documentation, not suppressions.
    """
    suppressions: list[Suppression] = []
    findings: list[Finding] = []
    in_fence = False
    for number, line in enumerate(
        text.split("\n"), start=1
    ):  # not splitlines(): \x1c-\x1e, \u2028 are no line ends
        if FENCE.match(line):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        for match in COMMENT.finditer(line):
            if line.count("`", 0, match.start()) % 2:
                continue  # inside inline code
            parsed = _parse(document, number, line, match, findings)
            if parsed is not None:
                suppressions.append(parsed)
    return suppressions, findings


def read_suppressions(document: Document) -> tuple[list[Suppression], list[Finding]]:
    """Return the suppressions of a document read from its file (none when it cannot be read)."""
    if document.error is not None:
        return [], []
    try:
        text = Path(document.path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return [], []
    return find_suppressions(document, text)


def apply_suppressions(
    claims: Sequence[Claim], suppressions: Iterable[Suppression], today: dt.date
) -> SuppressionOutcome:
    """Return which claims the suppressions silence, with findings for reasonless, expired and unused ones."""
    suppressions = list(suppressions)
    active = [item for item in suppressions if not item.expired(today)]
    used: set[int] = set()
    kept: list[Claim] = []
    suppressed: list[Claim] = []
    for claim in claims:
        matching = [index for index, item in enumerate(active) if item.covers(claim)]
        used.update(matching)
        (suppressed if matching else kept).append(claim)
    findings = [finding for item in suppressions for finding in _findings(item, today)]
    findings += [
        Finding(
            "suppression-unused",
            f"'{item.describe()}' matches no claim; remove it",
            item.path,
            item.line,
            "warning",
        )
        for index, item in enumerate(active)
        if index not in used
    ]
    return SuppressionOutcome(tuple(kept), tuple(suppressed), tuple(sorted(findings, key=_finding_order)))


def _findings(item: Suppression, today: dt.date) -> list[Finding]:
    findings = []
    if not item.reason:
        findings.append(
            Finding(
                "suppression-without-reason",
                f"'{item.describe()}' gives no reason=\"...\"; say why the conflict may stay",
                item.path,
                item.line,
                "error",
            )
        )
    if item.expired(today):
        findings.append(
            Finding(
                "suppression-expired",
                f"'{item.describe()}' expired on {item.until.isoformat()} and no longer applies",  # type: ignore[union-attr]
                item.path,
                item.line,
                "warning",
            )
        )
    return findings


def _parse(
    document: Document, number: int, line: str, match: re.Match[str], findings: list[Finding]
) -> Suppression | None:
    def invalid(message: str) -> None:
        findings.append(Finding("suppression-invalid", message, document.path, number, "error"))

    arguments = {found["key"]: found["quoted"] if found["quoted"] is not None else found["bare"]
                 for found in ARGUMENT.finditer(match["body"])}  # fmt: skip
    unknown = sorted(set(arguments) - set(KNOWN_KEYS))
    if unknown:
        invalid(f"unknown key {unknown[0]!r} in factlint comment (known: {', '.join(KNOWN_KEYS)})")
        return None
    until = None
    if "until" in arguments:
        try:
            until = dt.date.fromisoformat(arguments["until"])
        except ValueError:
            invalid(f"until={arguments['until']!r} is not a date like 2027-06-30")
            return None
    filters = tuple((key, arguments[key]) for key in FILTER_KEYS if key in arguments)
    file_level = match["verb"] == "ignore-file"
    first, last = _covered_lines(document, number, line, match)
    return Suppression(
        document.path, number, filters, arguments.get("reason") or None, until, file_level, first, last
    )


def _covered_lines(document: Document, number: int, line: str, match: re.Match[str]) -> tuple[int, int]:
    """Return the lines a comment covers: its own line, plus the next block when it stands alone.

    Above a table the next block is the whole table: every row up to its last.
    """
    if (line[: match.start()] + line[match.end() :]).strip():
        return number, number
    following = sorted((block for block in document.blocks if block.line > number), key=lambda b: b.line)
    if not following:
        return number, number
    last = following[0]
    if last.kind is BlockKind.TABLE_ROW:
        for block in following[1:]:
            if block.kind is not BlockKind.TABLE_ROW or block.table_headers != last.table_headers:
                break
            if block.line > last.line + last.text.count("\n") + 1:
                break  # a gap: another table
            last = block
    return number, last.line + last.text.count("\n")


def _finding_order(finding: Finding) -> tuple[str, int, str]:
    return (finding.path or "", finding.line or 0, finding.kind)
