"""YAML-driven extraction cases: text in, claims out (tests/cases/extraction_*.yaml)."""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from factlint.claims import extract_claims
from factlint.models import Claim
from factlint.pack import load_pack
from factlint.sources import load_document
from factlint.sources.scanned import repair_scanned_text

CASES_DIR = Path(__file__).parent / "cases"
# what regedit writes before an integer's hexadecimal digits (sources/registry.py)
_REGISTRY_INTEGER = re.compile(r"(?:[dq]word|hex\([4b]\)):$", re.IGNORECASE)


def _cases() -> list[Any]:
    cases = []
    for path in sorted(CASES_DIR.glob("extraction_*.yaml")):
        for case in yaml.safe_load(path.read_text(encoding="utf-8")):
            cases.append(pytest.param(case, id=case["id"]))
    return cases


@pytest.fixture(scope="module")
def pack():
    return load_pack()


def _matches(claim: Claim, expected: dict[str, Any]) -> bool:
    for field, wanted in expected.items():
        actual = getattr(claim, field)
        if field == "form":
            actual = actual.value
        if (
            isinstance(wanted, int | float)
            and not isinstance(wanted, bool)
            and isinstance(actual, int | float)
        ):
            if not math.isclose(float(actual), float(wanted), rel_tol=1e-6):
                return False
        elif actual != wanted:
            return False
    return True


def _describe(claims: list[Claim]) -> str:
    return "\n".join(
        f"  {c.line}:{c.column} {c.entity} {c.scope} {c.attribute} {c.value} low={c.low} high={c.high} "
        f"q={c.qualifier} p={c.precision} s={c.sparsity} b={c.baseline} [{c.text}] ({c.rule})"
        for c in claims
    )


@pytest.mark.parametrize("case", _cases())
def test_extraction_case(case: dict[str, Any], pack, tmp_path: Path) -> None:
    path = tmp_path / case["name"]
    path.write_text(case["text"], encoding="utf-8")
    document = load_document(path, case["name"])
    assert document.error is None, document.error
    if case.get("pack"):  # a user pack of the case's own products, on top of the default one
        user_pack = tmp_path / "case-pack.yaml"
        user_pack.write_text(case["pack"], encoding="utf-8")
        pack = load_pack([str(user_pack)])
    claims = extract_claims(document, pack)
    for unwanted in case.get("absent") or []:
        found = [claim for claim in claims if _matches(claim, unwanted)]
        assert not found, f"unwanted {unwanted}:\n{_describe(found)}"
    unmatched = list(claims)
    for expected in case.get("expect") or []:
        found = next((claim for claim in unmatched if _matches(claim, expected)), None)
        assert found is not None, f"missing {expected}\nextracted:\n{_describe(claims)}"
        unmatched.remove(found)
    if case.get("only"):
        assert not unmatched, f"unexpected claims:\n{_describe(unmatched)}"


def test_every_claim_points_at_its_text(pack, tmp_path: Path) -> None:
    """The line and column of each claim locate its surface text in the original file.

    A scan's digit slips are read in place ("l28 GB" as "128 GB"): the claim's text is the
    repaired file's, at the same line and column.
    """
    for param in _cases():
        case = param.values[0]
        path = tmp_path / case["name"]
        path.write_text(case["text"], encoding="utf-8")
        lines = path.read_text(encoding="utf-8").splitlines()
        repaired = repair_scanned_text(lines).lines
        document = load_document(path, case["name"])
        # An e-mail's or a calendar's text is decoded: a fold, a soft line break or an escape may
        # follow a figure's first character.
        shown = 1 if document.format in ("email", "icalendar", "vcard") else 3
        for claim in extract_claims(document, pack):
            surface = claim.text.split()[0][:shown]
            if path.suffix == ".feature":
                # A Gherkin outline row is its template filled in: a sign glued before a placeholder
                # ("$<rate>") is the template's, the figure after it the row's cell.
                surface = surface.lstrip("$€£¥") or surface
            if path.suffix == ".reg" and _REGISTRY_INTEGER.search(lines[claim.line - 1], 0, claim.column - 1):
                surface = ""  # a DWORD or QWORD: hexadecimal in the file, its decimal value in the claim
            assert any(
                line[claim.column - 1 :].startswith(surface)
                for line in (lines[claim.line - 1], repaired[claim.line - 1])
            ), (case["id"], claim)
