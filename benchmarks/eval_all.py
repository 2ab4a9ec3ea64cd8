"""Score every gold file at once: benchmarks/eval_all.py [--skip NAME ...] [--hash].

Prints one row per gold set in ``tests/eval/gold``: precision, recall and F1 with the
default pack and, where the set ships ``tests/eval/packs/NAME-products.yaml``, with that
pack loaded too. ``--skip`` leaves out sets that are for final checking only (read the
table in ``tests/eval/README.md``). ``--hash`` also prints a short fingerprint of every
prediction made, so a refactoring can show that it changed no claim.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from factlint.evaluation import evaluate_gold, load_gold
from factlint.evaluation.report import predict_with
from factlint.pack import load_pack

ROOT = Path(__file__).resolve().parent.parent
GOLD_DIR = ROOT / "tests" / "eval" / "gold"
PACK_DIR = ROOT / "tests" / "eval" / "packs"


@dataclass(frozen=True)
class SetScore:
    """Scores of one gold set under one pack, and a digest of the predictions made."""

    name: str
    with_pack: bool
    precision: float
    recall: float
    f1: float
    predictions: int
    digest: str


def score_set(name: str, with_pack: bool) -> SetScore:
    """Return the scores of gold set ``name``, with its products pack when ``with_pack``."""
    gold = load_gold(GOLD_DIR / f"{name}.yaml")
    pack = load_pack([str(PACK_DIR / f"{name}-products.yaml")] if with_pack else [])
    claims = predict_with(gold, pack)
    overall = evaluate_gold(gold, claims, pack).overall
    rows = sorted(
        f"{c.source}|{c.line}|{c.entity}|{c.scope}|{c.attribute}|{c.value}|{c.qualifier}" for c in claims
    )
    digest = hashlib.sha256("\n".join(rows).encode()).hexdigest()
    return SetScore(name, with_pack, overall.precision, overall.recall, overall.f1, len(claims), digest)


def _set_order(path: Path) -> tuple[int, str]:
    digits = "".join(ch for ch in path.stem if ch.isdigit())
    return (int(digits) if digits else 0, path.stem)


def add_set_options(parser: argparse.ArgumentParser) -> None:
    """Add the ``--skip``, ``--only`` and ``--jobs`` options that pick the gold sets to score."""
    parser.add_argument("--skip", nargs="*", default=[], help="gold set names to leave out")
    parser.add_argument("--only", nargs="*", default=[], help="score only these gold set names")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")


def selected_sets(options: argparse.Namespace) -> list[str]:
    """Return the names of the gold sets ``options`` picks, in the order of their numbers."""
    return [
        path.stem
        for path in sorted(GOLD_DIR.glob("*.yaml"), key=_set_order)
        if path.stem not in options.skip and (not options.only or path.stem in options.only)
    ]


def main(argv: list[str] | None = None) -> int:
    """Print the score table of every gold set; return the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_set_options(parser)
    parser.add_argument("--hash", action="store_true", help="print a fingerprint of all predictions")
    options = parser.parse_args(argv)
    names = selected_sets(options)
    jobs = [(name, False) for name in names]
    jobs += [(name, True) for name in names if (PACK_DIR / f"{name}-products.yaml").exists()]
    with ProcessPoolExecutor(max_workers=options.jobs) as pool:
        results = list(pool.map(score_set, *zip(*jobs, strict=True)))
    by_key = {(r.name, r.with_pack): r for r in results}
    print(f"{'set':<12}{'P':>7}{'R':>7}{'F1':>7}   {'pack P':>7}{'R':>7}{'F1':>7}")
    for name in names:
        plain = by_key[(name, False)]
        line = f"{name:<12}{plain.precision:>7.3f}{plain.recall:>7.3f}{plain.f1:>7.3f}"
        packed = by_key.get((name, True))
        if packed:
            line += f"   {packed.precision:>7.3f}{packed.recall:>7.3f}{packed.f1:>7.3f}"
        print(line)
    if options.hash:
        total = sum(r.predictions for r in results)
        combined = hashlib.sha256("".join(r.digest for r in results).encode()).hexdigest()[:16]
        print(f"predictions {total} hash {combined}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
