"""Resolutions: accepted values and ignored conflicts from a YAML file, and the template editors paste."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from test_reconcile import make_claims, run

from factlint.config import Config
from factlint.errors import ConfigError
from factlint.pack import load_pack
from factlint.reconcile.resolutions import load_resolutions, resolution_template

MEMORY_CLAIMS = [
    {"source": "a.md", "value": 96, "text": "96 GB"},
    {"source": "b.md", "value": 192, "text": "192 GB"},
]


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "resolutions.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_accepted_value_resolves_the_conflict_and_flags_the_contradiction(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        """
resolutions:
  - entity: Trainium2
    scope: chip
    attribute: memory_capacity
    accept: 96 GB
    note: vendor data sheet
    date: 2026-11-20
""",
    )
    result = run(make_claims(MEMORY_CLAIMS), config=Config(resolutions=path))
    statuses = {c.kind: c.status for c in result.conflicts}
    assert statuses == {"direct": "resolved", "resolution": "open"}
    against = next(c for c in result.conflicts if c.kind == "resolution")
    assert [v.display for v in against.values] == ["192 GB", "accepted 96 GB"]
    assert against.values[0].claims == ("c-b-1",)
    assert against.values[1].claims == ("c-a-0",)
    assert against.severity.value == "error"
    assert "192 GB (1 source) contradicts the accepted value 96 GB" in against.explanation
    assert "resolutions.yaml entry 1: vendor data sheet" in against.explanation


def test_accepted_value_in_another_unit_is_converted(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "- {entity: Trainium2, scope: chip, attribute: memory_capacity, accept: 0.096 TB}\n",
    )
    result = run(make_claims(MEMORY_CLAIMS), config=Config(resolutions=path))
    against = [c for c in result.conflicts if c.kind == "resolution"]
    assert [v.display for v in against[0].values] == ["192 GB", "accepted 0.096 TB"]


def test_no_claim_contradicts_an_accepted_value_that_all_meet(tmp_path: Path) -> None:
    path = write(tmp_path, "- {entity: Trainium2, scope: chip, attribute: memory_capacity, accept: 96 GB}\n")
    claims = make_claims(
        [{"source": "a.md", "value": 96}, {"source": "b.md", "value": 256, "qualifier": "up to"}]
    )
    result = run(claims, config=Config(resolutions=path))
    assert result.conflicts == ()


def test_ignored_fact_keeps_its_conflict_with_status_ignored(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "- {entity: Trainium2, scope: chip, attribute: memory_capacity, ignore: two SKUs share the name}\n",
    )
    result = run(make_claims(MEMORY_CLAIMS), config=Config(resolutions=path))
    assert [(c.kind, c.status) for c in result.conflicts] == [("direct", "ignored")]


def test_resolution_of_another_fact_changes_nothing(tmp_path: Path) -> None:
    path = write(tmp_path, "- {entity: Trainium1, scope: chip, attribute: memory_capacity, accept: 32 GB}\n")
    result = run(make_claims(MEMORY_CLAIMS), config=Config(resolutions=path))
    assert [c.status for c in result.conflicts] == ["open"]
    assert [n.kind for n in result.notes] == ["unused_resolution"]


def test_accepted_date_compares_at_written_precision(tmp_path: Path) -> None:
    path = write(tmp_path, "- {entity: Trainium2, attribute: announce_date, accept: 2023-11}\n")
    claims = make_claims(
        [
            {"source": "a.md", "value": "2023", "text": "2023"},
            {"source": "b.md", "value": "2024", "text": "2024"},
        ],
        {"scope": None, "attribute": "announce_date", "unit": "date"},
    )
    result = run(claims, config=Config(resolutions=path))
    against = next(c for c in result.conflicts if c.kind == "resolution")
    assert [v.display for v in against.values] == ["2024", "accepted 2023-11"]


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("- {entity: Trainium2, attribute: memory_capacity}\n", "resolutions[0].accept"),
        ("- {entity: X, attribute: memory_capacity, accept: 96 GB, ignore: x}\n", "resolutions[0].accept"),
        ("- {attribute: memory_capacity, accept: 96 GB}\n", "resolutions[0].entity"),
        ("- {entity: X, attribute: memory_size, accept: 96 GB}\n", "resolutions[0].attribute"),
        ("- {entity: X, attribute: memory_capacity, accept: lots}\n", "resolutions[0].accept"),
        ("- {entity: X, attribute: memory_capacity, accept: 96 parsecs}\n", "resolutions[0].accept"),
        ("- {entity: X, attribute: announce_date, accept: soon}\n", "resolutions[0].accept"),
        ("- {entity: X, attribute: memory_capacity, accept: 1 GB, colour: red}\n", "resolutions[0].colour"),
        ("- {entity: X, attribute: memory_capacity, ignore: ''}\n", "resolutions[0].ignore"),
        ("- just a string\n", "resolutions[0]"),
        ("resolutions: {entity: X}\n", "resolutions"),
        ("entries: []\n", "entries"),
    ],
)
def test_malformed_file_names_file_and_key(tmp_path: Path, text: str, key: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as caught:
        load_resolutions(path, load_pack())
    assert caught.value.key == key
    assert caught.value.path == path
    assert path in str(caught.value)


def test_invalid_yaml_names_the_line(tmp_path: Path) -> None:
    path = write(tmp_path, "resolutions:\n  - entity: [unclosed\n")
    with pytest.raises(ConfigError) as caught:
        load_resolutions(path, load_pack())
    assert caught.value.path == path
    assert caught.value.line is not None


def test_missing_file_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read resolutions file"):
        load_resolutions(str(tmp_path / "absent.yaml"), load_pack())


def test_template_round_trips_into_a_resolution(tmp_path: Path) -> None:
    claims = make_claims(
        [
            {"source": "a.md", "value": 96, "text": "96 GB"},
            {"source": "b.md", "value": 96, "text": "96 GB"},
            {"source": "c.md", "value": 192, "text": "192 GB"},
        ]
    )
    conflict = run(claims).conflicts[0]
    template = resolution_template(conflict)
    assert template.startswith(f"# {conflict.id}: ")
    entry = yaml.safe_load(template)[0]
    assert entry["accept"] == "96 GB"  # the consensus value is suggested
    assert (entry["entity"], entry["scope"], entry["attribute"]) == ("Trainium2", "chip", "memory_capacity")
    path = write(tmp_path, "resolutions:\n" + "\n".join("  " + line for line in template.splitlines()) + "\n")
    resolved = run(claims, config=Config(resolutions=path))
    assert {c.kind: c.status for c in resolved.conflicts} == {"direct": "resolved", "resolution": "open"}
