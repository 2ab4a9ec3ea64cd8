"""The shared records: summary line, value formatting and quote excerpts."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from factlint.models import Finding
from factlint.reports.records import Summary, finding_groups, format_number, format_value, quote_excerpt


@pytest.mark.parametrize(
    ("summary", "line"),
    [
        (Summary(3, 2, 1, 5, 4, 61, 1),
         "3 conflicts (2 errors, 1 warning) in 5 facts from 4 sources, 61 claims; "
         "1 source could not be read"),
        (Summary(1, 0, 1, 1, 1, 2, 0), "1 conflict (1 warning) in 1 fact from 1 source, 2 claims"),
        (Summary(0, 0, 0, 2, 3, 4, 2, 1), "No conflicts in 2 facts from 3 sources, 4 claims; "
         "2 sources could not be read; 1 setup problem"),
        (Summary(0, 0, 0, 1, 2, 3, 0, 3, 2), "No conflicts in 1 fact from 2 sources, 3 claims; "
         "2 problems reading the sources; 1 setup problem"),
        (Summary(0, 0, 0, 1, 1, 1, 0, 1, 1), "No conflicts in 1 fact from 1 source, 1 claim; "
         "1 problem reading the sources"),
    ],
)  # fmt: skip
def test_summary_line(summary: Summary, line: str) -> None:
    assert summary.line == line


@pytest.mark.parametrize(
    ("value", "unit", "shown"),
    [
        (96.0, "GB", "96 GB"),
        (2.8, "TB/s", "2.8 TB/s"),
        (16.0, "count", "16"),
        (4.0, "x", "4x"),
        (50.0, "%", "50%"),
        (0.0125, "TB/s", "0.0125 TB/s"),
        (350000000.0, "USD", "350000000 USD"),
        (1 / 3, "x", "0.333333x"),
        ("2023-11", "date", "2023-11"),
    ],
)
def test_format_value(value: float | str, unit: str, shown: str) -> None:
    assert format_value(value, unit) == shown


@given(st.floats(min_value=-1e12, max_value=1e12, allow_nan=False))
def test_format_number_keeps_six_significant_digits(number: float) -> None:
    assert float(format_number(number)) == pytest.approx(number, rel=1e-5, abs=1e-12)
    assert "e" not in format_number(number)


words = st.lists(st.text(alphabet="abcdef|*<", min_size=1, max_size=12), min_size=1, max_size=80)


@given(words, st.data())
def test_quote_excerpt_keeps_the_surface_text_highlighted(tokens: list[str], data: st.DataObject) -> None:
    index = data.draw(st.integers(0, len(tokens) - 1))
    tokens[index] = "SURFACE"
    quote = " ".join(tokens)
    excerpt, span = quote_excerpt(quote, "SURFACE", limit=60)
    assert span is not None and excerpt[span[0] : span[1]] == "SURFACE"
    assert len(excerpt) <= max(60, len(quote)) + 4
    if len(quote) <= 60:
        assert excerpt == quote


def test_finding_groups_put_source_problems_first_and_leave_out_empty_groups() -> None:
    setup = Finding("suppression-unused", "matches no conflict", ".factlint.yaml", 4)
    bad_row = Finding("source-unreadable-part", "ragged row", "data/specs.csv", 7, "error")
    groups = finding_groups([setup, bad_row])
    assert [(heading, [f.kind for f in members]) for heading, members in groups] == [
        ("Problems reading the sources", ["source-unreadable-part"]),
        ("Problems with the run setup", ["suppression-unused"]),
    ]
    assert [heading for heading, _ in finding_groups([setup])] == ["Problems with the run setup"]
    assert finding_groups([]) == []
