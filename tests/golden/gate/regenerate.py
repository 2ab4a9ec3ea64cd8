"""Regenerate the CI-gate golden files: python tests/golden/gate/regenerate.py (then review the diff)."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

import gate_scenario  # noqa: E402

GOLDEN_FILES = {
    "sarif": "new-conflict.sarif",
    "github": "new-conflict.github.txt",
    "junit": "new-conflict.junit.xml",
}


def outputs() -> dict[str, str]:
    """Return {golden file name: text} for the scenario, built in a fresh temporary repository."""
    previous = Path.cwd()
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        os.chdir(root)
        try:
            gate_scenario.build_repository(root)
            gate_scenario.add_new_document(root)
            rendered = gate_scenario.gate_outputs()
        finally:
            os.chdir(previous)
    return {name: rendered[fmt] for fmt, name in GOLDEN_FILES.items()}


if __name__ == "__main__":
    for name, text in outputs().items():
        (HERE / name).write_text(text, encoding="utf-8")
        print(f"wrote {HERE / name}")
