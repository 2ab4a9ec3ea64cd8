"""The CSV report is the claims table, contract columns first, and reads back into the same Claims."""

from __future__ import annotations

import dataclasses
from io import StringIO

import pandas as pd
from report_fixture import fixture_report

from factlint.claims.table import CONTRACT_COLUMNS, claims_to_frame
from factlint.reports import OutputFormat, render
from factlint.reports.csv_report import read_claims_csv


def test_header_puts_contract_columns_first() -> None:
    header = render(fixture_report(), OutputFormat.CSV).splitlines()[0].split(",")
    assert tuple(header[: len(CONTRACT_COLUMNS)]) == CONTRACT_COLUMNS
    assert "precision" in header and "confidence" in header


def test_csv_round_trips_through_pandas() -> None:
    report = fixture_report()
    text = render(report, OutputFormat.CSV)
    frame = pd.read_csv(StringIO(text))
    expected = claims_to_frame(report.claims)
    assert list(frame["id"]) == list(expected["id"])
    assert list(frame["quote"]) == list(expected["quote"])  # commas and pipes survive quoting
    assert frame.loc[frame["id"] == "c-0009", "confidence"].item() == 0.9
    assert read_claims_csv(text) == list(report.claims)


def test_quotes_with_commas_quotes_and_newlines_survive() -> None:
    report = fixture_report()
    awkward = dataclasses.replace(report.claims[0], quote='He said "96 GB", then\nchanged, it')
    text = render(dataclasses.replace(report, claims=(awkward, *report.claims[1:])), OutputFormat.CSV)
    assert read_claims_csv(text)[0] == awkward
