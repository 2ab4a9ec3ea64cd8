"""Tests of the HTML report: golden output, escaping, self-containment and the view-model."""

from __future__ import annotations

import dataclasses
import re
from html.parser import HTMLParser

import pytest
from hypothesis import given
from hypothesis import strategies as st
from report_fixture import html_fixture_report

from factlint.models import Claim, Reconciliation, Report, SourceSummary, ValueForm
from factlint.reports.html import build_page, link_prefix_for, render_html
from factlint.reports.html_format import file_href, split_quote


class _Elements(HTMLParser):
    """Collects every start tag with its attributes, and the text inside <script> elements."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.scripts: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._in_script = tag == "script"

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script:
            self.scripts.append(data)


def _parse(page: str) -> _Elements:
    parser = _Elements()
    parser.feed(page)
    parser.close()
    return parser


def _report(**changes: object) -> Report:
    return dataclasses.replace(html_fixture_report(), **changes)


def test_rendering_is_deterministic() -> None:
    assert render_html(html_fixture_report()) == render_html(html_fixture_report())


def test_document_text_with_markup_is_shown_as_text_never_as_markup() -> None:
    page = render_html(html_fixture_report())
    elements = _parse(page)
    assert "<script>window.__pwned" not in page
    assert "<img src=x" not in page
    assert "&lt;script&gt;window.__pwned = 1&lt;/script&gt;" in page
    assert [tag for tag, _ in elements.tags].count("script") == 1, "only the page's own script"
    assert "__pwned" not in "".join(elements.scripts)
    assert not [tag for tag, _ in elements.tags if tag == "img"]
    handlers = [(tag, name) for tag, attrs in elements.tags for name in attrs if name.startswith("on")]
    assert handlers == []


def test_hostile_entity_and_path_cannot_break_attributes_or_links() -> None:
    base = html_fixture_report()
    hostile = 'x" onmouseover="alert(1)'
    claim = Claim(
        "c-evil", "javascript:alert(1)", 1, 1, hostile, None, "memory_capacity", 8.0, "GB", "8 GB",
        "</script><script>alert(1)</script> 8 GB",
    )  # fmt: skip
    report = dataclasses.replace(
        base,
        claims=(*base.claims, claim),
        sources=(*base.sources, SourceSummary("javascript:alert(1)", "e" * 64, 1)),
    )
    elements = _parse(render_html(report))
    hrefs = [attrs.get("href") or "" for _, attrs in elements.tags]
    assert not [href for href in hrefs if href.lower().startswith("javascript:")]
    assert "javascript%3Aalert%281%29#L1" in hrefs
    assert not [name for _, attrs in elements.tags for name in attrs if name.startswith("on")]
    assert [tag for tag, _ in elements.tags].count("script") == 1


def test_page_is_self_contained() -> None:
    page = render_html(html_fixture_report())
    elements = _parse(page)
    assert not [tag for tag, _ in elements.tags if tag in ("link", "iframe", "object", "embed", "img")]
    assert not [attrs for _, attrs in elements.tags if "src" in attrs]
    assert not re.search(r"https?://", page), "no URL that could make the page reach the network"
    assert "@import" not in page and "url(" not in page


def test_ids_are_unique_and_every_control_target_exists() -> None:
    elements = _parse(render_html(html_fixture_report()))
    ids = [attrs["id"] for _, attrs in elements.tags if attrs.get("id")]
    assert len(ids) == len(set(ids))
    targets = [attrs["aria-controls"] for _, attrs in elements.tags if attrs.get("aria-controls")]
    assert len(targets) == 3
    assert set(targets) <= set(ids)


def test_interactive_controls_are_real_buttons_links_and_form_fields() -> None:
    elements = _parse(render_html(html_fixture_report()))
    toggles = [attrs for tag, attrs in elements.tags if "toggle" in (attrs.get("class") or "")]
    assert toggles and all(attrs.get("type") == "button" for attrs in toggles)
    # Expanded in the markup so the evidence reads without JavaScript; the script collapses it on load.
    assert all(attrs.get("aria-expanded") == "true" for attrs in toggles)
    sort_buttons = [attrs for tag, attrs in elements.tags if tag == "button" and attrs.get("class") == "sort"]
    assert len(sort_buttons) == 8 + 6 + 6  # conflicts, sources (with trust), claims columns
    names = {attrs.get("name") for tag, attrs in elements.tags if tag in ("select", "input")}
    assert names == {"entity", "attribute", "severity", "status", "source", "q"}


def test_page_has_colour_schemes_print_styles_and_focus_styles() -> None:
    page = render_html(html_fixture_report())
    assert "@media (prefers-color-scheme: dark)" in page
    assert "@media print" in page
    assert ":focus-visible" in page


def test_summary_counts_the_run() -> None:
    summary = build_page(html_fixture_report()).summary
    assert (summary.sources, summary.sources_with_errors, summary.claims, summary.facts) == (4, 1, 8, 4)
    assert summary.conflicts == 3
    assert {c.label: c.count for c in summary.by_severity} == {"error": 1, "warning": 2}
    assert {c.label: c.count for c in summary.by_kind} == {"direct": 2, "derived": 1}
    assert {c.label: c.count for c in summary.by_status} == {"open": 2, "baselined": 1}


def test_conflict_count_is_shown_where_the_browser_test_reads_it() -> None:
    page = render_html(html_fixture_report())
    assert '<dd id="summary-conflicts" data-count="3">3</dd>' in page


def test_conflicts_are_listed_errors_first_with_their_evidence() -> None:
    page = build_page(html_fixture_report())
    assert [c.severity for c in page.conflicts] == ["error", "warning", "warning"]
    memory = page.conflicts[0]
    assert memory.values_text == "96 GB vs 192 GB"
    assert memory.sources == ("docs/alpha.md", "docs/beta & notes.md", "notes/gamma.txt")
    first = memory.values[0].claims[0]
    assert (first.quote.before, first.quote.match) == ("Each Trainium2 package carries ", "96 GB")
    assert first.quote.after == " of high-bandwidth memory."
    assert first.href == "docs/alpha.md#L12"
    assert memory.values[1].claims[0].href == "docs/beta%20%26%20notes.md#L7"


def test_reconciler_notes_about_a_conflicts_claims_appear_in_its_evidence() -> None:
    conflicts = build_page(html_fixture_report()).conflicts
    assert [note.kind for note in conflicts[0].notes] == ["copy"]
    assert [c.notes for c in conflicts[1:]] == [(), ()]


def test_quote_without_the_surface_text_is_shown_unhighlighted() -> None:
    claim = dataclasses.replace(html_fixture_report().claims[0], text="ninety-six GB")
    row = build_page(_report(claims=(claim,))).claims[0]
    assert row.quote.match == "" and row.quote.before == claim.quote


def test_values_are_written_as_a_person_reads_them() -> None:
    page = build_page(html_fixture_report())
    values = {row.id: row.value for row in page.claims}
    assert values["c-g3"] == "3/5 nm"
    assert values["c-a3"] == "1,300 TFLOPS"
    assert values["c-b2"] == "2023-12"
    ranged = Claim(
        "c-r", "a.md", 1, 1, "X", None, "cost_savings", 40.0, "%", "30-50%", "30-50% cheaper",
        low=30.0, high=50.0, form=ValueForm.RANGE,
    )  # fmt: skip
    assert build_page(_report(claims=(ranged,))).claims[0].value == "30–50%"
    date_conflict = page.conflicts[2]
    assert date_conflict.values_text == "2024 vs 2023-12"


def test_chart_ranks_areas_by_conflict_count() -> None:
    base = html_fixture_report()
    extra = dataclasses.replace(base.conflicts[1], id="k-flops-2")
    report = _report(reconciliation=Reconciliation((*base.conflicts, extra), base.reconciliation.notes, 4))
    bars = build_page(report).chart.bars
    assert [(bar.attribute, bar.errors, bar.warnings) for bar in bars] == [
        ("compute_throughput", 0, 2),
        ("memory_capacity", 1, 0),
        ("release_date", 0, 1),
    ]
    assert bars[0].warning_width > bars[1].error_width > 0


def test_filters_offer_every_entity_attribute_source_and_status() -> None:
    filters = build_page(html_fixture_report()).filters
    assert filters.entities == ("Trainium2", "Trn2")
    assert "process_node" in filters.attributes
    assert filters.statuses == ("open", "resolved", "baselined")
    assert "docs/broken.md" in filters.sources
    assert filters.severities == ("error", "warning")


def test_report_without_conflicts_says_the_sources_agree() -> None:
    page = render_html(_report(reconciliation=Reconciliation(conflicts=(), fact_count=2)))
    assert "No conflicts: the sources agree" in page
    assert "<svg" not in page


def test_consensus_is_shown_with_its_confidence_or_the_reason_there_is_none() -> None:
    conflicts = build_page(html_fixture_report()).conflicts
    decided, undecided = conflicts[0].consensus, conflicts[1].consensus
    assert decided is not None and undecided is not None
    assert (decided.decided, decided.display, decided.confidence) == (True, "96 GB", "80%")
    assert (undecided.decided, undecided.reason) == (False, "one source each, equally trusted")
    assert conflicts[2].consensus is None
    page = render_html(html_fixture_report())
    assert "(confidence 80%)" in page
    assert "<strong>No consensus:</strong> one source each, equally trusted" in page


def test_sources_show_trust_with_the_facts_that_earned_it() -> None:
    rows = {row.path: row for row in build_page(html_fixture_report()).sources}
    alpha = rows["docs/alpha.md"]
    assert (alpha.trust, alpha.agreed, alpha.disagreed) == ("0.75", 3, 1)
    assert alpha.facts == ("Trainium2 chip memory_capacity", "Trainium2 chip release_date")
    assert rows["docs/broken.md"].trust == "" and rows["docs/broken.md"].error.startswith("line 2")
    assert "Facts that earned it" in render_html(html_fixture_report())


def test_sources_without_trust_scores_say_so() -> None:
    base = html_fixture_report()
    reconciliation = dataclasses.replace(base.reconciliation, source_trust=())
    page = render_html(_report(reconciliation=reconciliation))
    assert "This run did not score the sources' trust." in page
    assert "Facts that earned it" not in page


@pytest.mark.parametrize("prefix", ["", "../"])
def test_link_prefix_is_prepended_to_relative_source_links(prefix: str) -> None:
    page = build_page(html_fixture_report(), prefix)
    assert page.sources[0].href == prefix + "docs/alpha.md"


@given(st.text(), st.text())
def test_split_quote_keeps_every_character_of_the_quote(quote_text: str, text: str) -> None:
    parts = split_quote(quote_text, text)
    assert parts.before + parts.match + parts.after == quote_text
    assert parts.match in (text, "")


@given(st.text(min_size=1), st.text(max_size=5), st.one_of(st.none(), st.integers(1, 10_000)))
def test_source_links_never_carry_a_scheme_other_than_file(path: str, prefix: str, line: int | None) -> None:
    href = file_href(path, prefix, line)
    scheme = re.match(r"^([A-Za-z][A-Za-z0-9+.-]*):", href)
    assert scheme is None or scheme.group(1) == "file"
    assert not re.search(r"[\s\"'<>]", href)


@pytest.mark.parametrize(
    ("output", "expected"),
    [
        ("report.html", ""),
        ("out/report.html", "../"),
        ("a/b/report.html", "../../"),
        ("../report.html", "work/"),
        ("/tmp/work/out/report.html", "../"),
    ],
)
def test_link_prefix_leads_from_the_page_back_to_the_working_directory(output: str, expected: str) -> None:
    assert link_prefix_for(output, "/tmp/work") == expected
