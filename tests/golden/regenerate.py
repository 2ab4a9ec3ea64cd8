"""Regenerate the report golden files from tests/report_fixture.py: python tests/golden/regenerate.py."""

from __future__ import annotations

import sys
from pathlib import Path

GOLDEN = Path(__file__).resolve().parent
sys.path.insert(0, str(GOLDEN.parent))

import report_fixture  # noqa: E402

from factlint.reports import OutputFormat, render  # noqa: E402


def golden_text(name: str) -> str:
    """Return what the golden file ``name`` should contain, rendered now."""
    factory, fmt, color = report_fixture.GOLDEN_CASES[name]
    report = getattr(report_fixture, factory)()
    return render(report, OutputFormat(fmt), color=color)


def main() -> None:
    """Write every golden file."""
    for name in report_fixture.GOLDEN_CASES:
        (GOLDEN / name).write_bytes(golden_text(name).encode("utf-8"))
        print(f"wrote tests/golden/{name}")


if __name__ == "__main__":
    main()
