"""Focus on new documents: files changed since a git ref, and conflicts those files take part in."""

from __future__ import annotations

import dataclasses
import subprocess
from collections.abc import Iterable, Sequence
from pathlib import Path

from factlint.errors import UsageError
from factlint.models import Claim, Reconciliation


def changed_since(ref: str, cwd: str | Path | None = None) -> tuple[Path, ...]:
    """Return the absolute paths changed since ``ref`` (committed, staged or not) plus untracked files."""
    top = Path(_git(["rev-parse", "--show-toplevel"], cwd).strip())
    changed = _git(["diff", "--name-only", "--no-renames", ref, "--"], top).splitlines()
    untracked = _git(["ls-files", "--others", "--exclude-standard"], top).splitlines()
    return tuple(sorted({(top / name).resolve() for name in [*changed, *untracked] if name}))


def in_focus(path: str, focus: Sequence[Path]) -> bool:
    """Return True when ``path`` is one of the focus paths or lies inside a focus folder."""
    resolved = Path(path).resolve()
    return any(resolved == target or target in resolved.parents for target in focus)


def focus_on(
    reconciliation: Reconciliation, claims: Iterable[Claim], focus: Sequence[str | Path]
) -> Reconciliation:
    """Return the reconciliation keeping only conflicts in which a claim from a focus path takes part."""
    targets = [Path(target).resolve() for target in focus]
    focused_claims = {claim.id for claim in claims if in_focus(claim.source, targets)}
    kept = tuple(
        conflict
        for conflict in reconciliation.conflicts
        if any(claim_id in focused_claims for value in conflict.values for claim_id in value.claims)
    )
    return dataclasses.replace(reconciliation, conflicts=kept)


def _git(arguments: list[str], cwd: str | Path | None) -> str:
    try:
        result = subprocess.run(
            ["git", *arguments], cwd=cwd, capture_output=True, text=True, check=False, encoding="utf-8"
        )
    except FileNotFoundError as error:
        raise UsageError("--changed-since needs git, which is not installed") from error
    if result.returncode != 0:
        message = result.stderr.strip().splitlines()[-1] if result.stderr.strip() else "failed"
        raise UsageError(f"git {arguments[0]}: {message}")
    return result.stdout
