"""factlint as a CI gate, end to end in a real git repository: baseline, new conflict, cache, suppressions."""

from __future__ import annotations

import importlib.util
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import gate_scenario
import pytest
from gate_scenario import BASELINE, NEW_DOCUMENT, add_new_document, build_repository, git, invoke

from factlint import api
from factlint.config import Config

GOLDEN = Path(__file__).parent / "golden" / "gate"


@pytest.fixture
def repository(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    build_repository(tmp_path)
    return tmp_path


def _failing_facts(fmt: str, output: str) -> set[str]:
    """Return "entity/attribute" of every conflict the output presents as failing."""
    if fmt == "json":
        conflicts = json.loads(output)["conflicts"]
        return {f"{c['entity']}/{c['attribute']}" for c in conflicts if c["status"] == "open"}
    if fmt == "sarif":
        results = json.loads(output)["runs"][0]["results"]
        failing = [
            result
            for result in results
            if result.get("level") == "error"
            and not result.get("suppressions")
            and result.get("baselineState") != "unchanged"
        ]
        return {_sarif_fact(result["message"]["text"]) for result in failing}
    if fmt == "github":
        pattern = re.compile(r"^::error .*title=Conflicting (\S+) · \S+ · (\w+)", re.MULTILINE)
        return {f"{match[1]}/{match[2]}" for match in pattern.finditer(output)}
    cases = ET.fromstring(output).iter("testcase")
    return {
        f"{case.get('classname')}/{(case.get('name') or '').split(' · ')[-1]}"
        for case in cases
        if case.find("failure") is not None
    }


def _sarif_fact(message: str) -> str:
    match = re.search(r"(\S+) · \S+ · (\w+)", message)
    return f"{match[1]}/{match[2]}" if match else message


def test_the_baseline_records_the_known_conflict_by_fact(repository: Path) -> None:
    entries = json.loads((repository / BASELINE).read_text(encoding="utf-8"))["entries"]
    assert [(e["entity"], e["attribute"], e["values"]) for e in entries] == [
        ("Trainium2", "memory_capacity", ["192 GB", "96 GB"])
    ]


def test_known_conflicts_pass_before_the_new_document(repository: Path) -> None:
    result = invoke("check", "corpus", "--baseline", BASELINE, "--format", "json")
    assert result.exit_code == 0, result.output
    statuses = [c["status"] for c in json.loads(result.stdout)["conflicts"]]
    assert statuses == ["baselined"]


@pytest.mark.parametrize("fmt", gate_scenario.GATE_FORMATS)
def test_exactly_the_new_conflict_fails_in_each_format(repository: Path, fmt: str) -> None:
    add_new_document(repository)
    result = invoke("check", "corpus", "--baseline", BASELINE, "--format", fmt)
    assert result.exit_code == 1
    assert _failing_facts(fmt, result.stdout) == {"Inferentia2/memory_capacity"}


def test_changed_since_reports_only_conflicts_of_changed_files(repository: Path) -> None:
    add_new_document(repository)
    result = invoke("check", "corpus", "--changed-since", "HEAD", "--format", "json")
    assert result.exit_code == 1
    conflicts = json.loads(result.stdout)["conflicts"]
    assert [(c["entity"], c["attribute"]) for c in conflicts] == [("Inferentia2", "memory_capacity")]
    (repository / NEW_DOCUMENT).unlink()
    clean = invoke("check", "corpus", "--changed-since", "HEAD", "--format", "json")
    assert clean.exit_code == 0
    assert json.loads(clean.stdout)["conflicts"] == []


def test_against_checks_a_new_document_against_the_corpus(repository: Path) -> None:
    (repository / "draft.md").write_text(
        "# Draft\n\nEach Inferentia2 chip has 64 GB of HBM.\n", encoding="utf-8"
    )
    result = invoke("check", "draft.md", "--against", "corpus", "--format", "json")
    assert result.exit_code == 1
    conflicts = json.loads(result.stdout)["conflicts"]
    assert [c["entity"] for c in conflicts] == ["Inferentia2"]


def test_a_second_run_reads_claims_from_the_cache(repository: Path) -> None:
    add_new_document(repository)
    first = api.check(["corpus"], Config())
    second = api.check(["corpus"], Config())
    assert first.cache_hits == 3  # the corpus was cached when the baseline was written; the draft is new
    assert second.cache_hits == len(second.sources) == 4
    assert second.claims == first.claims
    assert (repository / ".factlint_cache" / ".gitignore").read_text(encoding="utf-8").splitlines()[-1] == "*"
    assert "factlint_cache" not in git(repository, "status", "--porcelain")
    assert api.check(["corpus"], Config(cache=False)).cache_hits == 0


def test_the_json_report_is_the_same_with_and_without_the_cache(repository: Path) -> None:
    fresh = invoke("check", "corpus", "--no-cache", "--format", "json")
    invoke("check", "corpus", "--format", "json")
    cached = invoke("check", "corpus", "--format", "json")
    assert cached.stdout == fresh.stdout
    assert "from the cache" in cached.stderr and "from the cache" not in fresh.stderr


def test_a_changed_document_misses_the_cache(repository: Path) -> None:
    api.check(["corpus"], Config())
    (repository / "corpus" / "old.md").write_text(
        "# Rewritten\n\nTrainium2 chips carry 96 GB.\n", encoding="utf-8"
    )
    report = api.check(["corpus"], Config())
    assert report.cache_hits == 2
    assert report.conflicts == ()


def test_parallel_extraction_gives_the_same_claims(repository: Path) -> None:
    add_new_document(repository)
    serial = api.check(["corpus"], Config(cache=False))
    parallel = api.check(["corpus"], Config(cache=False, jobs=2))
    assert parallel.claims == serial.claims
    assert parallel.conflicts == serial.conflicts


def test_a_valid_suppression_silences_the_new_conflict(repository: Path) -> None:
    add_new_document(
        repository, '<!-- factlint: ignore attribute=memory_capacity reason="draft" until=2999-12-31 -->\n'
    )
    result = invoke("check", "corpus", "--baseline", BASELINE, "--format", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["findings"] == []


def test_an_expired_suppression_no_longer_applies(repository: Path) -> None:
    add_new_document(
        repository, '<!-- factlint: ignore attribute=memory_capacity reason="draft" until=2001-01-31 -->\n'
    )
    result = invoke("check", "corpus", "--baseline", BASELINE, "--format", "json")
    assert result.exit_code == 1
    payload = json.loads(result.stdout)
    assert [c["entity"] for c in payload["conflicts"] if c["status"] == "open"] == ["Inferentia2"]
    assert [f["kind"] for f in payload["findings"]] == ["suppression-expired"]
    assert "suppression-expired" in result.stderr


def test_a_suppression_without_reason_fails_the_run(repository: Path) -> None:
    add_new_document(repository, "<!-- factlint: ignore attribute=memory_capacity -->\n")
    result = invoke("check", "corpus", "--baseline", BASELINE, "--format", "json")
    assert result.exit_code == 1
    assert [f["kind"] for f in json.loads(result.stdout)["findings"]] == ["suppression-without-reason"]


def test_stale_baseline_entries_are_listed_with_the_refresh_command(repository: Path) -> None:
    (repository / "corpus" / "old.md").write_text(
        "# Fixed\n\nEvery Trainium2 chip ships with 96 GB.\n", encoding="utf-8"
    )
    result = invoke("check", "corpus", "--baseline", BASELINE, "--format", "json")
    assert result.exit_code == 0
    findings = json.loads(result.stdout)["findings"]
    assert [(f["kind"], f["severity"]) for f in findings] == [("baseline-stale", "note")]
    assert f"factlint baseline corpus --output {BASELINE}" in findings[0]["message"]
    assert "Trainium2 / chip / memory_capacity" in result.stderr


def test_a_broken_baseline_is_a_tool_error(repository: Path) -> None:
    (repository / "bad.json").write_text("{not json", encoding="utf-8")
    result = invoke("check", "corpus", "--baseline", "bad.json")
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: bad.json:1: invalid JSON")


def test_init_writes_a_starter_config_once(repository: Path) -> None:
    assert invoke("init").exit_code == 0
    assert "# fail_on: error" in (repository / "factlint.yaml").read_text(encoding="utf-8")
    again = invoke("init")
    assert again.exit_code == 2
    assert "already exists" in again.stderr


def test_config_file_paths_and_baseline_are_used_when_no_path_is_given(repository: Path) -> None:
    (repository / "factlint.yaml").write_text(
        f"paths: [corpus]\nbaseline: {BASELINE}\nformat: json\n", encoding="utf-8"
    )
    add_new_document(repository)
    result = invoke("check")
    assert result.exit_code == 1
    assert _failing_facts("json", result.stdout) == {"Inferentia2/memory_capacity"}


def _regenerate_module():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("gate_regenerate", GOLDEN / "regenerate.py")
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def test_gate_outputs_match_the_golden_files() -> None:
    for name, text in _regenerate_module().outputs().items():
        expected = (GOLDEN / name).read_text(encoding="utf-8")
        assert text == expected, (
            f"{name} changed: run `python tests/golden/gate/regenerate.py` and review the diff"
        )


def test_formats_setting_writes_extra_reports_in_the_same_run(repository: Path) -> None:
    (repository / "factlint.yaml").write_text(
        f"paths: [corpus]\nbaseline: {BASELINE}\nformats:\n  sarif: out.sarif\n  junit: out.xml\n",
        encoding="utf-8",
    )
    add_new_document(repository)
    result = invoke("check", "--format", "github")
    assert result.exit_code == 1
    assert _failing_facts("github", result.stdout) == {"Inferentia2/memory_capacity"}
    assert _failing_facts("sarif", (repository / "out.sarif").read_text(encoding="utf-8")) == {
        "Inferentia2/memory_capacity"
    }
    assert _failing_facts("junit", (repository / "out.xml").read_text(encoding="utf-8")) == {
        "Inferentia2/memory_capacity"
    }
