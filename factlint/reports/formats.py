"""The output formats and the dispatcher that feeds one Report's records to the renderer of each."""

from __future__ import annotations

import enum

from factlint.models import Report
from factlint.reports.records import build_records


class OutputFormat(enum.StrEnum):
    """A report format; human formats first, then machine formats."""

    TEXT = "text"
    MARKDOWN = "markdown"
    JSON = "json"
    CSV = "csv"
    SARIF = "sarif"
    GITHUB = "github"
    JUNIT = "junit"
    HTML = "html"

    @property
    def is_machine(self) -> bool:
        """Return True for formats other programs parse (payload only, never decorated)."""
        return self in MACHINE_FORMATS


MACHINE_FORMATS = frozenset(
    {OutputFormat.JSON, OutputFormat.CSV, OutputFormat.SARIF, OutputFormat.GITHUB, OutputFormat.JUNIT}
)


def render(report: Report, fmt: OutputFormat | str, *, color: bool = False) -> str:
    """Return ``report`` rendered in ``fmt``; ``color`` adds ANSI styles to the text format only."""
    fmt = OutputFormat(fmt)
    records = build_records(report)
    # Renderer modules are imported on demand, so each format pays only for its own imports
    # (the HTML renderer's Jinja2 is the heavy one).
    if fmt is OutputFormat.TEXT:
        from factlint.reports.text import render_text

        return render_text(records, color=color)
    if fmt is OutputFormat.MARKDOWN:
        from factlint.reports.markdown import render_markdown

        return render_markdown(records)
    if fmt is OutputFormat.JSON:
        from factlint.reports.json_report import render_json

        return render_json(report, records)
    if fmt is OutputFormat.CSV:
        from factlint.reports.csv_report import render_csv

        return render_csv(report.claims)
    if fmt is OutputFormat.SARIF:
        from factlint.reports.sarif import render_sarif

        return render_sarif(records)
    if fmt is OutputFormat.GITHUB:
        from factlint.reports.github import render_github

        return render_github(records)
    if fmt is OutputFormat.JUNIT:
        from factlint.reports.junit import render_junit

        return render_junit(records)
    from factlint.reports.html import render_html

    return render_html(report)
