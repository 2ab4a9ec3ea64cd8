"""An editor's accepted value that no document states still makes a valid JSON report."""

from __future__ import annotations

import json
from pathlib import Path

from factlint.api import check
from factlint.config import Config
from factlint.reports import OutputFormat, render
from factlint.reports.schema import validate_report


def test_accepted_value_stated_nowhere_is_a_valid_conflict_side(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "a.md").write_text("The Gaudi3 carries 128 GB of HBM2e.\n", encoding="utf-8")
    (corpus / "b.md").write_text("Each Gaudi3 accelerator has 128 GB of HBM.\n", encoding="utf-8")
    resolutions = tmp_path / "resolutions.yaml"
    resolutions.write_text(
        "- entity: Gaudi3\n  scope: chip\n  attribute: memory_capacity\n  accept: 144 GB\n"
        "  note: vendor sheet revision 3\n  reference: internal\n  date: 2026-11-01\n",
        encoding="utf-8",
    )
    report = check([str(corpus)], Config(cache=False, resolutions=str(resolutions)))
    against = [c for c in report.conflicts if c.kind == "resolution"]
    assert against, "claims contradicting the accepted value must be flagged against the decision"
    accepted_side = [v for v in against[0].values if not v.claims]
    assert accepted_side and accepted_side[0].value == 144.0
    payload = json.loads(render(report, OutputFormat.JSON))
    validate_report(payload)
