"""Validation of JSON reports against the shipped schema (factlint/schemas/report.schema.json)."""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from factlint.errors import FactlintError

SCHEMA_RESOURCE = "report.schema.json"


class ReportValidationError(FactlintError):
    """A JSON report does not match the report contract."""


@functools.cache
def report_schema() -> dict[str, Any]:
    """Return the JSON Schema (draft 2020-12) of the JSON report, as shipped in the package."""
    text = resources.files("factlint").joinpath("schemas", SCHEMA_RESOURCE).read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    Draft202012Validator.check_schema(schema)
    return schema


def validate_report(obj: Any) -> None:
    """Return None if ``obj`` is a valid JSON report, else raise ReportValidationError naming where and why.

    Beyond the schema, checks that every claim id a conflict or note cites is a claim of the report.
    """
    validator = Draft202012Validator(report_schema())
    error = best_match(validator.iter_errors(obj))
    if error is not None:
        raise ReportValidationError(f"report does not match the schema at {error.json_path}: {error.message}")
    _check_references(obj)


def _check_references(obj: dict[str, Any]) -> None:
    claim_ids = [claim["id"] for claim in obj["claims"]]
    known = set(claim_ids)
    if len(known) != len(claim_ids):
        duplicate = next(cid for cid in claim_ids if claim_ids.count(cid) > 1)
        raise ReportValidationError(f"report lists claim {duplicate!r} twice")
    for index, conflict in enumerate(obj["conflicts"]):
        for side, value in enumerate(conflict["values"]):
            for cid in value["claims"]:
                if cid not in known:
                    where = f"$.conflicts[{index}].values[{side}].claims"
                    raise ReportValidationError(
                        f"{where} cites claim {cid!r}, which the report does not list"
                    )
    for index, note in enumerate(obj["notes"]):
        for cid in note["claims"]:
            if cid not in known:
                raise ReportValidationError(
                    f"$.notes[{index}].claims cites claim {cid!r}, which the report does not list"
                )
