"""factlint resolve: from a conflict id to a resolutions entry that settles the conflict."""

from __future__ import annotations

import os
from pathlib import Path

import yaml
from click.testing import CliRunner

from factlint import cli
from factlint.api import check
from factlint.config import Config


def _corpus(tmp_path: Path) -> Path:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "sheet.md").write_text("The MI300X carries 192 GB of HBM3.\n", encoding="utf-8")
    (corpus / "blog.md").write_text("Each MI300X ships with 128 GB of HBM3.\n", encoding="utf-8")
    return corpus


def test_resolve_prints_an_entry_that_resolves_the_conflict(tmp_path: Path) -> None:
    corpus = _corpus(tmp_path)
    conflict = check([str(corpus)], Config(cache=False)).conflicts[0]
    runner = CliRunner()
    os.chdir(tmp_path)
    result = runner.invoke(cli.cli, ["resolve", conflict.id[:8], str(corpus), "--no-cache"])
    assert result.exit_code == 0, result.output
    entry = yaml.safe_load(result.stdout)[0]
    assert (entry["entity"], entry["attribute"]) == ("MI300X", "memory_capacity")
    resolutions = tmp_path / "resolutions.yaml"
    resolutions.write_text(result.stdout, encoding="utf-8")
    settled = check([str(corpus)], Config(cache=False, resolutions=str(resolutions)))
    assert [c.status for c in settled.conflicts if c.id == conflict.id] == ["resolved"]


def test_resolve_with_an_unknown_id_is_an_error(tmp_path: Path) -> None:
    corpus = _corpus(tmp_path)
    os.chdir(tmp_path)
    result = CliRunner().invoke(cli.cli, ["resolve", "k-nothing", str(corpus), "--no-cache"])
    assert result.exit_code == 2
    assert "no conflict has an id starting with 'k-nothing'" in result.output


def test_source_priors_reach_the_consensus(tmp_path: Path) -> None:
    corpus = _corpus(tmp_path)
    sheet, blog = str(corpus / "sheet.md"), str(corpus / "blog.md")
    favour_sheet = check([str(corpus)], Config(cache=False, source_priors=((sheet, 0.95), (blog, 0.1))))
    favour_blog = check([str(corpus)], Config(cache=False, source_priors=((sheet, 0.1), (blog, 0.95))))
    lead = [r.conflicts[0].consensus for r in (favour_sheet, favour_blog)]
    assert all(c is not None for c in lead)
    assert lead[0].value != lead[1].value  # type: ignore[union-attr]
