"""Regenerate the HTML report golden file from the hand-built fixture Report.

Run from the repository root:  .venv/bin/python tests/golden/html/regenerate.py
Never edit report.html by hand; change the fixture or the templates and run this script.
"""

from __future__ import annotations

import sys
from pathlib import Path

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
from factlint.reports.html import render_html

GOLDEN = Path(__file__).with_name("report.html")

# Document text that must never become markup in the page.
HOSTILE_QUOTE = (
    'Vendor page says <script>window.__pwned = 1</script> 192 GB <img src=x onerror="window.__pwned = 2">'
)


def fixture_report() -> Report:
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
            HOSTILE_QUOTE,
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


def main() -> int:
    """Write the golden file and return 0."""
    GOLDEN.write_text(render_html(fixture_report()), encoding="utf-8")
    print(f"wrote {GOLDEN}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
