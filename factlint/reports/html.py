"""The HTML report: one self-contained page rendered from a view-model with jinja2 templates."""

from __future__ import annotations

import jinja2

from factlint.models import Report
from factlint.reports.html_view import Page, build_page

__all__ = ["Page", "build_page", "render_html"]


def render_html(report: Report, *, link_prefix: str = "") -> str:
    """Return the report as one self-contained HTML page.

    Source paths become relative links; ``link_prefix`` is prepended to relative paths
    so the links still resolve when the page is written away from the working directory.
    """
    return _environment().get_template("report.html.j2").render(page=build_page(report, link_prefix))


def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("factlint.reports", "templates"),
        autoescape=True,  # every template, whatever its name: document text is never markup
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
