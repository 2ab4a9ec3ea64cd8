"""The CI-gate scenario shared by tests/test_gate_e2e.py and tests/golden/gate/regenerate.py.

A git repository holding a small corpus that already disagrees once (Trainium2 memory,
recorded in a baseline), to which a new document adds one new contradiction (Inferentia2
memory). Documents are written for this scenario; run from the repository root so every
path in the outputs is relative and the outputs do not depend on the temporary folder.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from click.testing import CliRunner

from factlint import cli

CORPUS = {
    "corpus/spec.md": (
        "---\ntitle: Inferentia2 overview\n---\n# Inferentia2 overview\n\n"
        "Each Inferentia2 chip has 32 GB of HBM.\n"
    ),
    "corpus/blog.md": (
        "# Notes from the lab\n\n"
        "We ran our jobs on Inferentia2, whose chip carries 32 GB of high-bandwidth memory.\n\n"
        "Trainium2 chips come with 96 GB of HBM each.\n"
    ),
    "corpus/old.md": "# An older write-up\n\nEvery Trainium2 chip ships with 192 GB of HBM.\n",
}
NEW_DOCUMENT = "corpus/draft.md"
NEW_TEXT = "# Draft for review\n\n{comment}Each Inferentia2 chip has 64 GB of HBM.\n"
BASELINE = "factlint-baseline.json"
GATE_FORMATS = ("json", "sarif", "github", "junit")


def git(root: Path, *arguments: str) -> str:
    """Run git in ``root`` with a fixed identity; return its stdout."""
    command = ["git", "-c", "user.name=factlint tests", "-c", "user.email=tests@example.invalid", *arguments]
    return subprocess.run(command, cwd=root, check=True, capture_output=True, text=True).stdout


def build_repository(root: Path) -> None:
    """Create the repository: commit the corpus, then its baseline (run with ``root`` as cwd)."""
    git(root, "init", "-q")
    for name, text in CORPUS.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    git(root, "add", "corpus")
    git(root, "commit", "-q", "-m", "corpus")
    result = invoke("baseline", "corpus", "--output", BASELINE)
    assert result.exit_code == 0, result.output
    git(root, "add", BASELINE)
    git(root, "commit", "-q", "-m", "baseline")


def add_new_document(root: Path, comment: str = "") -> None:
    """Write the new, contradicting document (untracked), with an optional line above the claim."""
    (root / NEW_DOCUMENT).write_text(NEW_TEXT.format(comment=comment), encoding="utf-8")


def invoke(*arguments: str) -> object:
    """Run the factlint command line in-process and return click's Result."""
    return CliRunner().invoke(cli.cli, list(arguments))


def gate_outputs() -> dict[str, str]:
    """Return the check output of each gate format for the scenario (cwd = repository root)."""
    outputs = {}
    for fmt in GATE_FORMATS:
        result = invoke("check", "corpus", "--baseline", BASELINE, "--no-cache", "--format", fmt)
        outputs[fmt] = result.stdout  # type: ignore[attr-defined]
    return outputs
