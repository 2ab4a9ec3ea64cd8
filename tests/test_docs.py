"""Tests that keep the docs honest: commands, options, settings and CI agree with README.md."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from factlint import cli
from factlint.api import check
from factlint.config import Config, make_config, read_config_file, settings_help, starter_config
from factlint.pack import load_pack

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


def test_every_setting_is_in_the_readme_table() -> None:
    for name, _default, help_text in settings_help():
        assert f"| `{name}` |" in README, f"setting {name} is not documented in README.md"
        assert help_text in README


def test_starter_config_lists_every_setting_and_its_examples_are_valid(tmp_path: Path) -> None:
    text = starter_config()
    uncommented = "\n".join(line[2:] for line in text.splitlines() if re.match(r"# \w+: ", line))
    path = tmp_path / "factlint.yaml"
    path.write_text(uncommented, encoding="utf-8")
    values = read_config_file(path)
    assert set(values) == {name for name, _, _ in settings_help()}
    make_config(values, origin=str(path))  # every example is a valid value


def test_readme_excerpt_names_a_conflict_the_examples_really_produce() -> None:
    excerpt = README.split("## What the report looks like", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    header = next(line.strip() for line in excerpt.splitlines() if line.strip().startswith("ERROR"))
    report = check([str(ROOT / "examples")], Config(cache=False))
    labels = {
        f"ERROR   {c.entity} · {c.scope} · {c.attribute}"
        for c in report.conflicts
        if c.severity.value == "error"
    }
    assert header in labels


def test_pre_commit_hook_runs_factlint_check() -> None:
    (hook,) = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert hook["id"] == "factlint"
    assert hook["entry"] == "factlint check"
    assert "check" in cli.cli.commands
    assert set(hook["types_or"]) == {"markdown", "plain-text"}


def test_every_section_of_the_default_pack_is_documented() -> None:
    guide = (ROOT / "docs" / "knowledge-packs.md").read_text(encoding="utf-8")
    default_pack = yaml.safe_load(
        (ROOT / "factlint" / "packs" / "accelerators.yaml").read_text(encoding="utf-8")
    )
    for key in default_pack:
        assert f"`{key}`" in guide, f"pack key {key!r} is not described in docs/knowledge-packs.md"


@pytest.mark.parametrize("document", ["README.md", "docs/knowledge-packs.md"])
def test_example_packs_in_the_docs_load(document: str, tmp_path: Path) -> None:
    text = (ROOT / document).read_text(encoding="utf-8")
    examples = [
        block for block in re.findall(r"```yaml\n(.*?)```", text, flags=re.DOTALL) if "entities:" in block
    ]
    assert examples
    for index, example in enumerate(examples):
        path = tmp_path / f"pack{index}.yaml"
        path.write_text(example, encoding="utf-8")
        pack = load_pack([path])
        assert any(entity.name == "Gadget9" for entity in pack.entities)
