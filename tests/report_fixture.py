"""A small hand-built Report (invented products and sentences) that every report format is tested on."""

from __future__ import annotations

import dataclasses
import hashlib

from factlint.models import (
    Claim,
    Conflict,
    ConflictValue,
    Consensus,
    Finding,
    Note,
    Reconciliation,
    Report,
    Severity,
    SourceSummary,
    SourceTrust,
    ValueForm,
)

LAUNCH = "docs/launch-notes.md"
SHEET = "docs/spec-sheet.md"
BLOG = "notes/blog-post.txt"
BROKEN = "notes/broken.md"


def _sha(path: str) -> str:
    return hashlib.sha256(path.encode()).hexdigest()


def _claim(cid: str, source: str, line: int, column: int, **fields: object) -> Claim:
    return Claim(id=cid, source=source, line=line, column=column, rule="fixture", **fields)  # type: ignore[arg-type]


def fixture_claims() -> tuple[Claim, ...]:
    """Return eleven claims about two invented chips and one instance, from three sources."""
    return (
        _claim(
            "c-0001", LAUNCH, 12, 27, entity="Zephyr9", scope="chip", attribute="memory_capacity",
            value=96.0, unit="GB", text="96 GB", quote="Each Zephyr9 chip carries 96 GB of stacked memory.",
        ),
        _claim(
            "c-0002", LAUNCH, 18, 28, entity="Zephyr9", scope=None, attribute="release_date",
            value="2025-03", unit="date", text="March 2025",
            quote="The Zephyr9 became generally available in March 2025.",
        ),
        _claim(
            "c-0003", LAUNCH, 21, 31, entity="Z9.large", scope="instance", attribute="memory_capacity",
            value=1536.0, unit="GB", text="1,536 GB",
            quote="A Z9.large instance pairs 16 chips for 1,536 GB of memory in total.",
        ),
        _claim(
            "c-0004", LAUNCH, 14, 22, entity="Zephyr9", scope="chip", attribute="memory_bandwidth",
            value=3.2, unit="TB/s", text="3.2 TB/s", quote="Memory bandwidth is 3.2 TB/s per chip.",
            rounding=0.05,
        ),
        _claim(
            "c-0005", SHEET, 8, 21, entity="Zephyr9", scope="chip", attribute="memory_capacity",
            value=96.0, unit="GB", text="96GB", quote="| Memory per chip | 96GB HBM |",
        ),
        _claim(
            "c-0006", SHEET, 9, 24, entity="Zephyr9", scope="chip", attribute="memory_bandwidth",
            value=3.2, unit="TB/s", text="3,200 GB/s", quote="| Bandwidth per chip | 3,200 GB/s |",
        ),
        _claim(
            "c-0007", SHEET, 10, 25, entity="Zephyr9", scope="chip", attribute="compute_throughput",
            value=1200.0, unit="TFLOPS", text="1,200 TFLOPS", quote="| Dense FP8 compute | 1,200 TFLOPS |",
            precision="FP8", sparsity="dense",
        ),
        _claim(
            "c-0008", SHEET, 15, 27, entity="Zephyr8", scope="chip", attribute="process_node",
            value=3.0, unit="nm", text="3nm", quote="| Zephyr8 process | TSMC 3nm |",
        ),
        _claim(
            "c-0009", BLOG, 5, 43, entity="Zephyr9", scope="chip", attribute="memory_capacity",
            value=144.0, unit="GB", text="144 GB",
            quote=(
                "We spent two weeks with an early evaluation board, ran the usual training and inference "
                "suites on it, compared the numbers with the previous generation, and our review unit "
                "reported 144 GB of HBM on every Zephyr9 chip, which would make it the roomiest part in "
                "its class if the shipping boards keep that configuration."
            ),
            confidence=0.9,
        ),
        _claim(
            "c-0010", BLOG, 7, 37, entity="Zephyr9", scope=None, attribute="release_date",
            value="2024", unit="date", text="2024", quote="Zephyr9 boards were already shipping in 2024,",
        ),
        _claim(
            "c-0011", BLOG, 11, 33, entity="Zephyr8", scope="chip", attribute="process_node",
            value=4.0, low=4.0, high=5.0, unit="nm", text="4/5nm", form=ValueForm.ALTERNATIVES,
            quote="The older Zephyr8 is likely a 4/5nm design.", qualifier="likely", confidence=0.7,
        ),
    )  # fmt: skip


def fixture_reconciliation() -> Reconciliation:
    """Return two error conflicts on Zephyr9, a hedged warning on Zephyr8 and a look-alike note."""
    memory = Conflict(
        id="k-memory",
        entity="Zephyr9",
        scope="chip",
        attribute="memory_capacity",
        severity=Severity.ERROR,
        values=(
            ConflictValue(96.0, "GB", ("c-0001", "c-0005"), (LAUNCH, SHEET), display="96 GB"),
            ConflictValue(144.0, "GB", ("c-0009",), (BLOG,), display="144 GB"),
        ),
        explanation="96 GB (2 sources) vs 144 GB (1 source)",
        consensus=Consensus(value="96 GB", confidence=0.8, decided=True, reason="2 of 3 sources agree"),
    )
    release = Conflict(
        id="k-release",
        entity="Zephyr9",
        scope=None,
        attribute="release_date",
        severity=Severity.ERROR,
        values=(
            ConflictValue("2025-03", "date", ("c-0002",), (LAUNCH,)),
            ConflictValue("2024", "date", ("c-0010",), (BLOG,)),
        ),
        explanation="2025-03 (1 source) vs 2024 (1 source): different years",
        consensus=Consensus(value="", confidence=0.5, decided=False, reason="one source on each side"),
    )
    process = Conflict(
        id="k-process",
        entity="Zephyr8",
        scope="chip",
        attribute="process_node",
        severity=Severity.WARNING,
        values=(
            ConflictValue(3.0, "nm", ("c-0008",), (SHEET,), display="3 nm"),
            ConflictValue(4.0, "nm", ("c-0011",), (BLOG,), display="likely 4/5 nm"),
        ),
        explanation="3 nm (1 source) vs likely 4/5 nm (1 source, hedged)",
    )
    note = Note(
        kind="scope",
        message="1,536 GB per Z9.large instance is 16 chips x 96 GB per chip: not a conflict",
        claims=("c-0003", "c-0001"),
    )
    trust = (
        SourceTrust(LAUNCH, 0.75, agreed=3, disagreed=1),
        SourceTrust(SHEET, 1.0, agreed=3, disagreed=0),
        SourceTrust(BLOG, 0.0, agreed=0, disagreed=3, facts=("Zephyr9 · chip · memory_capacity",)),
    )
    return Reconciliation(
        conflicts=(memory, release, process), notes=(note,), fact_count=6, source_trust=trust
    )


def fixture_report() -> Report:
    """Return the Report every golden file is rendered from: three read sources and one unreadable."""
    claims = fixture_claims()

    def count(path: str) -> int:
        return sum(1 for claim in claims if claim.source == path)

    sources = (
        SourceSummary(LAUNCH, _sha(LAUNCH), count(LAUNCH)),
        SourceSummary(SHEET, _sha(SHEET), count(SHEET)),
        SourceSummary(BLOG, _sha(BLOG), count(BLOG)),
        SourceSummary(BROKEN, _sha(BROKEN), 0, error="line 3: front matter is not valid YAML"),
    )
    return Report(
        tool_version="0.1.0",
        sources=sources,
        claims=claims,
        reconciliation=fixture_reconciliation(),
        pack_name="ai-accelerators",
        findings=(
            Finding(
                kind="suppression-unused",
                message="the suppression of Zephyr9 power matches no conflict",
                path=".factlint.yaml",
                line=4,
            ),
            Finding(
                kind="source-unreadable-part",
                message="a table row has 3 cells where its header has 4; the row was skipped",
                path=SHEET,
                line=9,
                severity="error",
            ),
        ),
    )


def baselined_report() -> Report:
    """Return the fixture Report with the memory conflict baselined and the process-node one resolved."""
    report = fixture_report()
    status = {"k-memory": "baselined", "k-process": "resolved"}
    conflicts = tuple(dataclasses.replace(c, status=status.get(c.id, c.status)) for c in report.conflicts)
    reconciliation = dataclasses.replace(report.reconciliation, conflicts=conflicts)
    return dataclasses.replace(report, reconciliation=reconciliation)


def clean_report() -> Report:
    """Return a Report with two agreeing sources and no conflicts."""
    claims = tuple(c for c in fixture_claims() if c.attribute == "memory_bandwidth")
    sources = (SourceSummary(LAUNCH, _sha(LAUNCH), 1), SourceSummary(SHEET, _sha(SHEET), 1))
    return Report("0.1.0", sources, claims, Reconciliation(conflicts=(), fact_count=1), "ai-accelerators")


HOSTILE_QUOTE = "| Memory | *96GB* per chip [link](x) <script>alert(1)</script> |"


def with_hostile_quote(report: Report) -> Report:
    """Return ``report`` with one quote full of Markdown and HTML syntax, to test escaping."""
    claims = tuple(
        dataclasses.replace(claim, quote=HOSTILE_QUOTE, text="*96GB*") if claim.id == "c-0005" else claim
        for claim in report.claims
    )
    return dataclasses.replace(report, claims=claims)


# Document text that must never become markup in the page.
HTML_HOSTILE_QUOTE = (
    'Vendor page says <script>window.__pwned = 1</script> 192 GB <img src=x onerror="window.__pwned = 2">'
)


def html_fixture_report() -> Report:
    """Return a small invented Report: three readable sources, one broken, three conflicts."""
    claims = (
        Claim(
            "c-a1",
            "docs/alpha.md",
            12,
            18,
            "Trainium2",
            "chip",
            "memory_capacity",
            96.0,
            "GB",
            "96 GB",
            "Each Trainium2 package carries 96 GB of high-bandwidth memory.",
        ),
        Claim(
            "c-a2",
            "docs/alpha.md",
            20,
            3,
            "Trainium2",
            "chip",
            "release_date",
            "2024",
            "date",
            "2024",
            "| Shipping | 2024 |",
            qualifier=None,
        ),
        Claim(
            "c-a3",
            "docs/alpha.md",
            24,
            30,
            "Trainium2",
            "chip",
            "compute_throughput",
            1300.0,
            "TFLOPS",
            "1.3 petaflops",
            "Dense FP8 math tops out near 1.3 petaflops per chip.",
            precision="FP8",
            sparsity="dense",
            qualifier="about",
        ),
        Claim(
            "c-b1",
            "docs/beta & notes.md",
            7,
            41,
            "Trainium2",
            "chip",
            "memory_capacity",
            192.0,
            "GB",
            "192 GB",
            HTML_HOSTILE_QUOTE,
        ),
        Claim(
            "c-b2",
            "docs/beta & notes.md",
            9,
            1,
            "Trainium2",
            "chip",
            "release_date",
            "2023-12",
            "date",
            "December 2023",
            "General availability followed in December 2023.",
        ),
        Claim(
            "c-g1",
            "notes/gamma.txt",
            3,
            10,
            "Trainium2",
            "chip",
            "memory_capacity",
            96.0,
            "GB",
            "96GB",
            "gamma notes: 96GB HBM3 on every chip, four stacks.",
        ),
        Claim(
            "c-g2",
            "notes/gamma.txt",
            5,
            1,
            "Trainium2",
            "chip",
            "compute_throughput",
            650.0,
            "TFLOPS",
            "650 TFLOPS",
            "650 TFLOPS FP8 (dense) per chip in our own benchmark.",
            precision="FP8",
            sparsity="dense",
        ),
        Claim(
            "c-g3",
            "notes/gamma.txt",
            8,
            1,
            "Trn2",
            "instance",
            "process_node",
            3.0,
            "nm",
            "3/5nm",
            "Built on a 3/5nm process.",
            low=3.0,
            high=5.0,
            form=ValueForm.ALTERNATIVES,
        ),
    )
    conflicts = (
        Conflict(
            "k-mem",
            "Trainium2",
            "chip",
            "memory_capacity",
            Severity.ERROR,
            (
                ConflictValue(96.0, "GB", ("c-a1", "c-g1"), ("docs/alpha.md", "notes/gamma.txt"), "96 GB"),
                ConflictValue(192.0, "GB", ("c-b1",), ("docs/beta & notes.md",), "192 GB"),
            ),
            "96 GB (2 sources, 2 claims) vs 192 GB (1 source): exact values differ by 2x,\n"
            "beyond the rounding of either (±0.5 GB).",
            consensus=Consensus(
                "96 GB", 0.8, True, "favoured by 2 independent sources with trust 0.75 and 0.67"
            ),
        ),
        Conflict(
            "k-flops",
            "Trainium2",
            "chip",
            "compute_throughput",
            Severity.WARNING,
            (
                ConflictValue(1300.0, "TFLOPS", ("c-a3",), ("docs/alpha.md",), "about 1,300 TFLOPS"),
                ConflictValue(650.0, "TFLOPS", ("c-g2",), ("notes/gamma.txt",), "650 TFLOPS"),
            ),
            "about 1.3 PFLOPS = 1,300 TFLOPS, widened by 10% to 1,170-1,430; 650 TFLOPS lies outside.",
            kind="derived",
            precision="FP8",
            sparsity="dense",
            consensus=Consensus("", 0.5, False, "one source each, equally trusted"),
        ),
        Conflict(
            "k-date",
            "Trainium2",
            "chip",
            "release_date",
            Severity.WARNING,
            (
                ConflictValue("2024", "date", ("c-a2",), ("docs/alpha.md",)),
                ConflictValue("2023-12", "date", ("c-b2",), ("docs/beta & notes.md",)),
            ),
            "2024 vs 2023-12: different years.",
            status="baselined",
        ),
    )
    return Report(
        tool_version="0.0.0-golden",
        sources=(
            SourceSummary("docs/alpha.md", "a" * 64, 3),
            SourceSummary("docs/beta & notes.md", "b" * 64, 2),
            SourceSummary("notes/gamma.txt", "c" * 64, 3),
            SourceSummary("docs/broken.md", "d" * 64, 0, "line 2: front matter is not valid YAML"),
        ),
        claims=claims,
        reconciliation=Reconciliation(
            conflicts=conflicts,
            notes=(
                Note("scope", "Trn2 instance figures are not compared with per-chip figures.", ("c-g3",)),
                Note("copy", "notes/gamma.txt repeats docs/alpha.md word for word.", ("c-g1", "c-a1")),
            ),
            fact_count=4,
            source_trust=(
                SourceTrust(
                    "docs/alpha.md",
                    0.75,
                    3,
                    1,
                    ("Trainium2 chip memory_capacity", "Trainium2 chip release_date"),
                ),
                SourceTrust("docs/beta & notes.md", 0.0, 0, 2, ("Trainium2 chip memory_capacity",)),
                SourceTrust("notes/gamma.txt", 0.67, 2, 1, ("Trainium2 chip memory_capacity",)),
            ),
        ),
        pack_name="accelerators",
        findings=(
            Finding(
                "suppression-unused", "This suppression matches no conflict any more.", "docs/alpha.md", 30
            ),
        ),
    )


# Golden files under tests/golden/: file name -> (report factory, format, color).
# tests/golden/regenerate.py writes them; tests/test_reports_golden.py compares byte for byte.
GOLDEN_CASES: dict[str, tuple[str, str, bool]] = {
    "report.txt": ("fixture_report", "text", False),
    "report.ansi.txt": ("fixture_report", "text", True),
    "report.md": ("fixture_report", "markdown", False),
    "report.json": ("fixture_report", "json", False),
    "report.csv": ("fixture_report", "csv", False),
    "report.sarif": ("fixture_report", "sarif", False),
    "report.github.txt": ("fixture_report", "github", False),
    "report.junit.xml": ("fixture_report", "junit", False),
    "baselined.txt": ("baselined_report", "text", False),
    "baselined.md": ("baselined_report", "markdown", False),
    "baselined.json": ("baselined_report", "json", False),
    "baselined.sarif": ("baselined_report", "sarif", False),
    "baselined.github.txt": ("baselined_report", "github", False),
    "baselined.junit.xml": ("baselined_report", "junit", False),
    "clean.txt": ("clean_report", "text", False),
    "clean.md": ("clean_report", "markdown", False),
    "clean.json": ("clean_report", "json", False),
    "clean.sarif": ("clean_report", "sarif", False),
    "clean.github.txt": ("clean_report", "github", False),
    "clean.junit.xml": ("clean_report", "junit", False),
    "report.html": ("html_fixture_report", "html", False),
}
