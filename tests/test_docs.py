"""Tests that keep the docs honest: commands, options, settings and CI agree with README.md."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from factlint import cli

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("command", sorted(cli.cli.commands))
def test_every_command_is_in_the_readme_and_has_help(command: str) -> None:
    assert f"`factlint {command}" in README
    result = CliRunner().invoke(cli.cli, [command, "--help"])
    assert result.exit_code == 0
    assert cli.cli.commands[command].help


def test_every_check_option_is_in_the_readme() -> None:
    for param in cli.cli.commands["check"].params:
        for option in param.opts:
            if option.startswith("--"):
                assert option in README, f"{option} of factlint check is not documented in README.md"


def test_every_output_format_is_in_the_readme() -> None:
    for name in cli.FORMAT_NAMES:
        assert f"| `{name}` |" in README


def test_readme_has_exactly_two_setup_commands_and_ci_runs_the_test_one() -> None:
    section = README.split("## Set up and run", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"```console\n(.+?)\n```", section, flags=re.DOTALL)
    assert len(commands) == 2
    install, tests = commands
    assert "factlint check examples/" in install
    test_command = tests.split("&&")[-1].strip()
    assert test_command == ".venv/bin/python -m pytest"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert '"$VENV/bin/python" -m pytest ||' in ci, "CI must run exactly the README's test command"


def test_exit_codes_in_the_readme_match_the_cli() -> None:
    for code in cli.ExitCode:
        assert f"| {code.value} |" in README
