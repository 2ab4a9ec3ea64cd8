"""Stage 4: render a Report for people (text, Markdown, HTML) and machines (JSON, CSV, SARIF...)."""

from factlint.reports.formats import MACHINE_FORMATS, OutputFormat, render
from factlint.reports.output import write_output

__all__ = ["MACHINE_FORMATS", "OutputFormat", "render", "write_output"]
