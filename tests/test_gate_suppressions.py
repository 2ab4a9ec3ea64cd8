"""Inline suppressions: where a comment applies, its filters, and the findings it produces."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from factlint.config import Config
from factlint.gate.suppressions import apply_suppressions, find_suppressions, read_suppressions
from factlint.models import Claim, Document
from factlint.sources import load_sources

TODAY = dt.date(2026, 1, 15)


def _load(tmp_path: Path, text: str) -> Document:
    path = tmp_path / "doc.md"
    path.write_text(text, encoding="utf-8")
    (document,) = load_sources([str(path)], Config())
    return document


def _claim(
    document: Document, line: int, attribute: str = "memory_capacity", entity: str = "Trainium2"
) -> Claim:
    return Claim(
        id=f"c-{line}-{attribute}", source=document.path, line=line, column=1, entity=entity, scope="chip",
        attribute=attribute, value=96.0, unit="GB", text="96 GB", quote="q",
    )  # fmt: skip


def test_comment_alone_covers_the_next_block_only(tmp_path: Path) -> None:
    document = _load(
        tmp_path,
        "# Notes\n\n"
        '<!-- factlint: ignore attribute=memory_capacity reason="old sheet" -->\n'
        "Trainium2 has 96 GB of HBM,\nspread over four stacks.\n\n"
        "Trainium2 has 192 GB of HBM.\n",
    )
    suppressions, findings = read_suppressions(document)
    assert findings == []
    outcome = apply_suppressions(
        [_claim(document, 4), _claim(document, 5), _claim(document, 7)], suppressions, TODAY
    )
    assert [claim.line for claim in outcome.suppressed] == [4, 5]
    assert [claim.line for claim in outcome.kept] == [7]
    assert outcome.findings == ()


def test_comment_above_a_table_covers_every_row_of_it(tmp_path: Path) -> None:
    document = _load(
        tmp_path,
        '<!-- factlint: ignore attribute=memory_capacity reason="vendor sheet, unverified" -->\n'
        "| part | memory |\n| --- | --- |\n"
        "| Trainium2 | 96 GB |\n| Trainium3 | 144 GB |\n\n"
        "| part | memory |\n| --- | --- |\n"
        "| Trainium1 | 32 GB |\n",
    )
    suppressions, _ = read_suppressions(document)
    claims = [_claim(document, 4), _claim(document, 5), _claim(document, 9)]
    outcome = apply_suppressions(claims, suppressions, TODAY)
    assert [claim.line for claim in outcome.suppressed] == [4, 5]
    assert [claim.line for claim in outcome.kept] == [9]


def test_comment_on_the_same_line_covers_that_line(tmp_path: Path) -> None:
    document = _load(
        tmp_path,
        "| part | memory |\n| --- | --- |\n"
        '| Trainium2 | 96 GB <!-- factlint: ignore reason="typo upstream" --> |\n'
        "| Trainium3 | 144 GB |\n",
    )
    suppressions, _ = read_suppressions(document)
    outcome = apply_suppressions([_claim(document, 3), _claim(document, 4)], suppressions, TODAY)
    assert [claim.line for claim in outcome.suppressed] == [3]


def test_filters_must_all_match(tmp_path: Path) -> None:
    document = _load(
        tmp_path,
        '<!-- factlint: ignore entity=trainium2 attribute=memory_bandwidth reason="r" -->\n'
        "Trainium2 has 96 GB of HBM at 2.9 TB/s.\n",
    )
    suppressions, _ = read_suppressions(document)
    claims = [
        _claim(document, 2, "memory_capacity"),
        _claim(document, 2, "memory_bandwidth"),
        _claim(document, 2, "memory_bandwidth", entity="Trainium3"),
    ]
    outcome = apply_suppressions(claims, suppressions, TODAY)
    assert [(c.entity, c.attribute) for c in outcome.suppressed] == [("Trainium2", "memory_bandwidth")]


def test_file_level_comment_covers_every_line(tmp_path: Path) -> None:
    document = _load(
        tmp_path,
        '# Press release\n\n<!-- factlint: ignore-file entity=Trainium2 reason="kept verbatim" -->\n\n'
        "Trainium2 has 96 GB.\n\nMore text.\n\nTrainium2 again: 96 GB.\n",
    )
    suppressions, _ = read_suppressions(document)
    outcome = apply_suppressions([_claim(document, 5), _claim(document, 9)], suppressions, TODAY)
    assert len(outcome.suppressed) == 2


def test_missing_reason_is_an_error_finding_but_still_applies(tmp_path: Path) -> None:
    document = _load(tmp_path, "<!-- factlint: ignore -->\nTrainium2 has 96 GB of HBM.\n")
    suppressions, _ = read_suppressions(document)
    outcome = apply_suppressions([_claim(document, 2)], suppressions, TODAY)
    assert len(outcome.suppressed) == 1
    assert [(f.kind, f.severity, f.line) for f in outcome.findings] == [
        ("suppression-without-reason", "error", 1)
    ]


def test_expired_suppression_stops_suppressing_and_is_reported(tmp_path: Path) -> None:
    document = _load(
        tmp_path, '<!-- factlint: ignore reason="r" until=2025-12-31 -->\nTrainium2 has 96 GB.\n'
    )
    suppressions, _ = read_suppressions(document)
    outcome = apply_suppressions([_claim(document, 2)], suppressions, TODAY)
    assert outcome.suppressed == ()
    assert [f.kind for f in outcome.findings] == ["suppression-expired"]
    still_valid = apply_suppressions([_claim(document, 2)], suppressions, dt.date(2025, 12, 31))
    assert len(still_valid.suppressed) == 1 and still_valid.findings == ()


def test_unused_suppression_is_reported(tmp_path: Path) -> None:
    document = _load(tmp_path, '<!-- factlint: ignore attribute=power reason="r" -->\nTrainium2 has 96 GB.\n')
    suppressions, _ = read_suppressions(document)
    outcome = apply_suppressions([_claim(document, 2)], suppressions, TODAY)
    assert [f.kind for f in outcome.findings] == ["suppression-unused"]


@pytest.mark.parametrize(
    "comment",
    ['<!-- factlint: ignore colour=red reason="r" -->', '<!-- factlint: ignore reason="r" until=soon -->'],
)
def test_malformed_comment_is_an_invalid_finding(tmp_path: Path, comment: str) -> None:
    document = _load(tmp_path, f"{comment}\nTrainium2 has 96 GB.\n")
    suppressions, findings = read_suppressions(document)
    assert suppressions == []
    assert [(f.kind, f.severity) for f in findings] == [("suppression-invalid", "error")]


def test_comments_in_code_are_documentation_not_suppressions(tmp_path: Path) -> None:
    document = _load(tmp_path, "x\n")
    text = (
        '```markdown\n<!-- factlint: ignore reason="example" -->\n```\n'
        'Write `<!-- factlint: ignore reason="x" -->` above a claim.\n'
    )
    assert find_suppressions(document, text) == ([], [])


@given(
    attribute=st.from_regex(r"[a-z][a-z_]{0,20}", fullmatch=True),
    reason=st.text(
        alphabet=st.characters(blacklist_characters='"\n\r-<>', blacklist_categories=("Cs",)), max_size=40
    ),
    until=st.dates(min_value=dt.date(2000, 1, 1), max_value=dt.date(2999, 12, 31)),
    padding=st.sampled_from(["", " ", "  "]),
)
def test_any_well_formed_comment_parses_back(
    attribute: str, reason: str, until: dt.date, padding: str
) -> None:
    document = Document(path="doc.md", sha256="", format="markdown")
    arguments = f'attribute={attribute} reason="{reason}" until={until.isoformat()}'
    comment = f"<!--{padding}factlint: ignore {arguments}{padding}-->"
    suppressions, findings = find_suppressions(document, comment + "\n")
    assert findings == []
    (suppression,) = suppressions
    assert suppression.filters == (("attribute", attribute),)
    assert suppression.reason == (reason or None)
    assert suppression.until == until
