"""The command line: exit codes, error lines, output routing, help examples."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from factlint import api, cli
from factlint.api import Extraction
from factlint.config import Config
from factlint.models import (
    Claim,
    Conflict,
    ConflictValue,
    Finding,
    Reconciliation,
    Report,
    Severity,
    SourceSummary,
)

CLAIM = Claim(
    id="c-1234abcd", source="a.md", line=3, column=5, entity="Trainium2", scope="chip",
    attribute="memory_capacity", value=96.0, unit="GB", text="96 GB", quote="Each chip has 96 GB.",
    rule="unit-after-cue", confidence=0.9,
)  # fmt: skip


def _report(*severities: Severity) -> Report:
    values = (ConflictValue(96.0, "GB", ("c1",), ("a.md",)), ConflictValue(192.0, "GB", ("c2",), ("b.md",)))
    conflicts = tuple(
        Conflict(f"k-{i}", "Trainium2", "chip", "memory_capacity", severity, values, "96 GB vs 192 GB")
        for i, severity in enumerate(severities)
    )
    return Report(
        "0.1.0", (SourceSummary("a.md", "0" * 64, 1),), (CLAIM,), Reconciliation(conflicts=conflicts)
    )


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def fake_check(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict[str, object]:
    """Make api.check return the report stored under "report" and record its arguments."""
    calls: dict[str, object] = {"report": _report()}

    def check(paths: list[str], config: Config, **options: object) -> Report:
        calls["paths"], calls["config"], calls["options"] = paths, config, options
        return calls["report"]  # type: ignore[return-value]

    monkeypatch.setattr(api, "check", check)
    monkeypatch.chdir(tmp_path)  # no factlint.yaml here: defaults only
    return calls


@pytest.mark.parametrize(
    ("severities", "options", "code"),
    [
        ((), [], 0),
        ((Severity.ERROR,), [], 1),
        ((Severity.WARNING,), [], 0),
        ((Severity.WARNING,), ["--fail-on", "warning"], 1),
        ((Severity.ERROR,), ["--fail-on", "never"], 0),
        ((Severity.ERROR,), ["--exit-zero"], 0),
    ],
)
def test_check_exit_codes(
    runner: CliRunner,
    fake_check: dict[str, object],
    severities: tuple[Severity, ...],
    options: list[str],
    code: int,
) -> None:
    fake_check["report"] = _report(*severities)
    result = runner.invoke(cli.cli, ["check", "docs", *options])
    assert result.exit_code == code, result.output


def test_check_passes_paths_and_overrides_to_the_api(
    runner: CliRunner, fake_check: dict[str, object]
) -> None:
    result = runner.invoke(cli.cli, ["check", "a.md", "b/", "--pack", "p.yaml", "--fail-on", "warning"])
    assert result.exit_code == 0, result.output
    assert fake_check["paths"] == ["a.md", "b/"]
    config = fake_check["config"]
    assert isinstance(config, Config) and config.packs == ("p.yaml",) and config.fail_on == "warning"


def test_machine_format_writes_only_its_payload_to_stdout(
    runner: CliRunner, fake_check: dict[str, object]
) -> None:
    result = runner.invoke(cli.cli, ["check", "docs", "--format", "json"])
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    assert payload["claims"][0]["id"] == "c-1234abcd"


def test_output_file_receives_the_report_and_stdout_stays_empty(
    runner: CliRunner, fake_check: dict[str, object], tmp_path: Path
) -> None:
    target = tmp_path / "report.json"
    result = runner.invoke(cli.cli, ["check", "docs", "--format", "json", "--output", str(target)])
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    assert json.loads(target.read_text(encoding="utf-8"))["claims"][0]["source"] == "a.md"


def test_missing_paths_is_a_usage_error_with_exit_2(runner: CliRunner, fake_check: dict[str, object]) -> None:
    result = runner.invoke(cli.cli, ["check"])
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: ")
    assert result.stdout == ""


def test_config_error_is_one_error_line_naming_file_and_key(runner: CliRunner, tmp_path: Path) -> None:
    config = tmp_path / "factlint.yaml"
    config.write_text("fail_on: sometimes\n", encoding="utf-8")
    result = runner.invoke(cli.cli, ["check", "docs", "--config", str(config)])
    assert result.exit_code == 2
    assert (
        result.stderr.strip()
        == f"Error: {config}: fail_on: must be one of error, warning, never, got 'sometimes'"
    )


def test_bad_option_value_exits_2(runner: CliRunner) -> None:
    result = runner.invoke(cli.cli, ["check", "docs", "--format", "pdf"])
    assert result.exit_code == 2


def test_format_choices_match_the_renderers() -> None:
    from factlint.reports import OutputFormat

    assert set(cli.FORMAT_NAMES) == {fmt.value for fmt in OutputFormat}


def test_extract_writes_the_claims_table(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    extraction = Extraction((CLAIM,), (SourceSummary("a.md", "0" * 64, 1),))
    monkeypatch.setattr(api, "extract_run", lambda paths, config: extraction)
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(cli.cli, ["extract", "a.md", "--format", "json"])
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    assert [claim["id"] for claim in payload["claims"]] == ["c-1234abcd"]
    assert payload["conflicts"] == []


def test_explain_shows_rule_confidence_and_quote(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    extraction = Extraction((CLAIM,), (SourceSummary("a.md", "0" * 64, 1),))
    monkeypatch.setattr(api, "extract_run", lambda paths, config: extraction)
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(cli.cli, ["explain", "c-1234", "a.md"])
    assert result.exit_code == 0, result.output
    assert "unit-after-cue" in result.stdout
    assert "0.90" in result.stdout
    assert "Each chip has 96 GB." in result.stdout
    missing = runner.invoke(cli.cli, ["explain", "c-zzzz", "a.md"])
    assert missing.exit_code == 2
    assert "no claim has an id starting with 'c-zzzz'" in missing.stderr


def test_schema_prints_a_json_schema(runner: CliRunner) -> None:
    result = runner.invoke(cli.cli, ["schema"])
    assert result.exit_code == 0
    assert "$schema" in json.loads(result.stdout) or "properties" in json.loads(result.stdout)


@pytest.mark.parametrize("command", sorted(cli.cli.commands))
def test_every_command_help_has_an_example(runner: CliRunner, command: str) -> None:
    result = runner.invoke(cli.cli, [command, "--help"])
    assert result.exit_code == 0
    assert "Example:" in result.output
    assert "factlint " + command in result.output


def test_python_dash_m_runs_the_cli() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "factlint", "--version"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0
    assert "factlint" in result.stdout


def test_cache_jobs_and_baseline_options_reach_the_config(
    runner: CliRunner, fake_check: dict[str, object]
) -> None:
    result = runner.invoke(cli.cli, ["check", "docs", "--no-cache", "--jobs", "3", "--baseline", "b.json"])
    assert result.exit_code == 0, result.output
    config = fake_check["config"]
    assert isinstance(config, Config)
    assert (config.cache, config.jobs, config.baseline) == (False, 3, "b.json")
    assert fake_check["options"]["focus"] is None  # type: ignore[index]


def test_against_reconciles_everything_but_focuses_on_the_new_paths(
    runner: CliRunner, fake_check: dict[str, object]
) -> None:
    result = runner.invoke(cli.cli, ["check", "new.md", "--against", "corpus/"])
    assert result.exit_code == 0, result.output
    assert fake_check["paths"] == ["new.md", "corpus/"]
    assert fake_check["options"]["focus"] == ["new.md"]  # type: ignore[index]


def test_findings_at_fail_on_fail_the_run(runner: CliRunner, fake_check: dict[str, object]) -> None:
    finding = Finding("suppression-without-reason", "give a reason", "a.md", 3, "error")
    fake_check["report"] = dataclasses.replace(_report(), findings=(finding,))
    result = runner.invoke(cli.cli, ["check", "docs", "--format", "json"])
    assert result.exit_code == 1
    assert "a.md:3: error: give a reason [suppression-without-reason]" in result.stderr
    assert json.loads(result.stdout)["findings"][0]["kind"] == "suppression-without-reason"


def test_progress_bar_stays_silent_when_stderr_is_not_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    with cli._ProgressBar() as progress:
        for done in range(1, 101):
            progress.update(done, 100)
    assert capsys.readouterr().err == ""
