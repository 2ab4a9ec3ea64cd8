"""The HTML report: one self-contained page rendered from a view-model with jinja2 templates."""

from __future__ import annotations

import os

import jinja2

from factlint.models import Report
from factlint.reports.html_view import Page, build_page

__all__ = ["Page", "build_page", "link_prefix_for", "render_html"]


def render_html(report: Report, *, link_prefix: str = "") -> str:
    """Return the report as one self-contained HTML page.

    Source paths become relative links; ``link_prefix`` is prepended to relative paths
    so the links still resolve when the page is written away from the working directory.
    """
    return _environment().get_template("report.html.j2").render(page=build_page(report, link_prefix))


def link_prefix_for(output_path: str, working_dir: str | None = None) -> str:
    """Return the ``link_prefix`` that makes source links work from a page written to ``output_path``.

    Source paths are relative to the working directory; a page written elsewhere needs the
    way back, e.g. ``"../"`` for ``--output reports/report.html``.
    """
    cwd = os.path.abspath(working_dir or os.getcwd())
    page_dir = os.path.normpath(os.path.dirname(os.path.join(cwd, output_path)))  # absolute output stays
    back = os.path.relpath(cwd, page_dir)
    return "" if back == "." else back.replace(os.sep, "/") + "/"


def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("factlint.reports", "templates"),
        autoescape=True,  # every template, whatever its name: document text is never markup
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
