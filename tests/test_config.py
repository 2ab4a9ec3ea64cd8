"""Configuration files: discovery, validation naming file and key, overrides."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

import pytest

from factlint.config import Config, find_config_file, load_config, make_config, read_config_file
from factlint.errors import ConfigError


def test_yaml_file_settings_are_read(tmp_path: Path) -> None:
    path = tmp_path / "factlint.yaml"
    path.write_text("fail_on: warning\ntolerances:\n  memory_bandwidth: 0.05\n", encoding="utf-8")
    config = load_config(path)
    assert config.fail_on == "warning"
    assert config.tolerance("memory_bandwidth") == 0.05


def test_pyproject_tool_table_is_read_and_hyphens_accepted(tmp_path: Path) -> None:
    path = tmp_path / "pyproject.toml"
    path.write_text('[tool.factlint]\nfail-on = "never"\nexclude = ["drafts/*"]\n', encoding="utf-8")
    assert read_config_file(path) == {"fail_on": "never", "exclude": ["drafts/*"]}
    assert load_config(path).exclude == ("drafts/*",)


def test_discovery_walks_up_from_the_start_folder(tmp_path: Path) -> None:
    (tmp_path / "factlint.yaml").write_text("fail_on: never\n", encoding="utf-8")
    nested = tmp_path / "a" / "b"
    nested.mkdir(parents=True)
    assert find_config_file(nested) == (tmp_path / "factlint.yaml").resolve()


def test_pyproject_without_factlint_table_is_not_a_config(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    assert find_config_file(tmp_path) is None or find_config_file(tmp_path).parent != tmp_path


def test_overrides_beat_the_file_and_none_keeps_the_file_value(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "factlint.yaml"
    path.write_text("fail_on: warning\npacks: [mine.yaml]\n", encoding="utf-8")
    config = load_config(path, {"fail_on": "never", "packs": None})
    assert config.fail_on == "never"
    assert config.packs == ("mine.yaml",)


def test_unknown_key_names_file_and_key(tmp_path: Path) -> None:
    path = tmp_path / "factlint.yaml"
    path.write_text("fail_onn: warning\n", encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert str(path) in str(caught.value)
    assert "fail_onn" in str(caught.value)


def test_bad_value_names_file_and_key(tmp_path: Path) -> None:
    path = tmp_path / "factlint.yaml"
    path.write_text("tolerances:\n  memory_capacity: 3\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"tolerances\.memory_capacity"):
        load_config(path)


def test_invalid_yaml_reports_the_line(tmp_path: Path) -> None:
    path = tmp_path / "factlint.yaml"
    path.write_text("fail_on: warning\npacks: [a, b\n", encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert caught.value.path == str(path)
    assert caught.value.line is not None


def test_make_config_defaults_equal_config_defaults() -> None:
    assert make_config({}) == Config()


def test_paths_in_a_parent_config_are_relative_to_that_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "factlint.yaml").write_text("paths: [docs]\nbaseline: base.json\n", encoding="utf-8")
    nested = tmp_path / "sub"
    nested.mkdir()
    monkeypatch.chdir(nested)
    config = load_config()
    assert config.paths == ("../docs",)
    assert config.baseline == "../base.json"


def test_values_of_the_wrong_kind_name_the_key(tmp_path: Path) -> None:
    path = tmp_path / "factlint.yaml"
    for text, key in [("jobs: many\n", "jobs"), ("cache: sometimes\n", "cache"), ("include: 3\n", "include"),
                      ("format: pdf\n", "format"), ("jobs: 0\n", "jobs")]:  # fmt: skip
        path.write_text(text, encoding="utf-8")
        with pytest.raises(ConfigError, match=rf"{path}: {key}: "):
            load_config(path)


def test_every_setting_declares_its_help() -> None:
    for setting in fields(Config):
        assert setting.metadata.get("help"), setting.name


def test_formats_map_output_formats_to_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "factlint.yaml"
    path.write_text("formats:\n  sarif: out/factlint.sarif\n  junit: junit.xml\n", encoding="utf-8")
    assert load_config(path).formats == (("sarif", "out/factlint.sarif"), ("junit", "junit.xml"))
    path.write_text("formats:\n  pdf: report.pdf\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"formats: must be a mapping of format"):
        load_config(path)
