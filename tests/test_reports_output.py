"""write_output replaces files atomically and leaves no temporary files behind; render dispatches."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from report_fixture import fixture_report

from factlint.reports import MACHINE_FORMATS, OutputFormat, render, write_output


def test_write_creates_a_file(tmp_path: Path) -> None:
    target = tmp_path / "report.json"
    write_output("{}\n", str(target))
    assert target.read_text(encoding="utf-8") == "{}\n"
    assert os.listdir(tmp_path) == ["report.json"]


def test_write_replaces_an_existing_file_and_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "report.md"
    target.write_text("old report, longer than the new one\n", encoding="utf-8")
    target.chmod(0o640)
    write_output("néw\n", str(target))
    assert target.read_bytes() == "néw\n".encode()
    assert target.stat().st_mode & 0o777 == 0o640
    assert os.listdir(tmp_path) == ["report.md"]


def test_a_failed_write_leaves_the_old_file_and_no_temp_file(tmp_path: Path) -> None:
    target = tmp_path / "report.txt"
    target.write_text("old\n", encoding="utf-8")
    with pytest.raises(UnicodeEncodeError):
        write_output("bad \udcff surrogate", str(target))
    assert target.read_text(encoding="utf-8") == "old\n"
    assert os.listdir(tmp_path) == ["report.txt"]


def test_relative_path_writes_into_the_working_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    write_output("x\n", "out.csv")
    assert (tmp_path / "out.csv").read_text(encoding="utf-8") == "x\n"
    assert os.listdir(tmp_path) == ["out.csv"]


def test_output_format_accepts_strings_and_rejects_unknown_ones() -> None:
    report = fixture_report()
    assert render(report, "markdown") == render(report, OutputFormat.MARKDOWN)
    with pytest.raises(ValueError, match="yaml"):
        render(report, "yaml")
    assert OutputFormat.JSON.is_machine and not OutputFormat.TEXT.is_machine
    assert OutputFormat.HTML not in MACHINE_FORMATS
