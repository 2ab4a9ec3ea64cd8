"""Precision of discovered product names: benchmarks/discovery_report.py [--skip NAME ...] [--list].

For every gold set in ``tests/eval/gold`` and the default pack, counts the scored
predictions whose entity the pack does not know (a name factlint discovered in the
document) and how many of them match a gold claim. ``--list`` also prints each wrong one:
document, line, entity, scope, attribute, value and the rule that made it. Pass
``--skip holdout holdout35 holdout36``: those sets are for final checking only.
"""

from __future__ import annotations

import argparse
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from eval_all import add_set_options, selected_sets  # a sibling script: benchmarks/ is on sys.path

from factlint.evaluation import evaluate_gold, load_gold
from factlint.evaluation.report import predict_with
from factlint.pack import load_pack

ROOT = Path(__file__).resolve().parent.parent
GOLD_DIR = ROOT / "tests" / "eval" / "gold"


@dataclass(frozen=True)
class WrongDiscovery:
    """A prediction about a discovered name that matches no gold claim."""

    where: str  # "doc.md:12"
    entity: str
    fact: str  # "scope attribute value"
    rule: str
    labelled: bool  # gold names the entity somewhere in the document: the name is right, the fact not


@dataclass(frozen=True)
class DiscoveryScore:
    """Predictions about discovered names in one gold set, and how many of them match gold."""

    name: str
    predicted: int
    matched: int
    wrong: tuple[WrongDiscovery, ...]

    @property
    def unlabelled(self) -> int:
        """Return the wrong predictions whose name gold never uses in their document."""
        return sum(not wrong.labelled for wrong in self.wrong)

    @property
    def precision(self) -> float:
        """Return matched / predicted (1.0 when nothing was predicted)."""
        return self.matched / self.predicted if self.predicted else 1.0


def score_set(name: str) -> DiscoveryScore:
    """Return the discovered-name predictions of gold set ``name`` with the default pack."""
    gold = load_gold(GOLD_DIR / f"{name}.yaml")
    pack = load_pack([])
    evaluation = evaluate_gold(gold, predict_with(gold, pack), pack)
    labelled = {(gold.resolve(label.doc), label.entity) for label in gold.claims}
    matched = [m.predicted for m in evaluation.matches if pack.entity(m.predicted.entity) is None]
    wrong = tuple(
        WrongDiscovery(
            where=f"{os.path.basename(claim.source)}:{claim.line}",
            entity=claim.entity,
            fact=f"{claim.scope} {claim.attribute} {claim.value}",
            rule=claim.rule,
            labelled=(os.path.normpath(os.path.abspath(claim.source)), claim.entity) in labelled,
        )
        for claim in evaluation.false_hits
        if pack.entity(claim.entity) is None
    )
    return DiscoveryScore(name, len(matched) + len(wrong), len(matched), wrong)


def main(argv: list[str] | None = None) -> int:
    """Print the discovered-name table of every gold set; return the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_set_options(parser)
    parser.add_argument("--list", action="store_true", help="print every wrong prediction")
    options = parser.parse_args(argv)
    names = selected_sets(options)
    with ProcessPoolExecutor(max_workers=options.jobs) as pool:
        results = list(pool.map(score_set, names))
    # "unnamed": wrong predictions whose name gold never uses in that document (a wrong name,
    # not only a wrong fact about a right one).
    print(f"{'set':<12}{'disc':>6}{'match':>7}{'wrong':>7}{'unnamed':>9}{'P':>7}")
    for result in results:
        print(
            f"{result.name:<12}{result.predicted:>6}{result.matched:>7}{len(result.wrong):>7}"
            f"{result.unlabelled:>9}{result.precision:>7.3f}"
        )
    predicted = sum(r.predicted for r in results)
    matched = sum(r.matched for r in results)
    unlabelled = sum(r.unlabelled for r in results)
    precision = matched / predicted if predicted else 1.0
    print(f"{'all':<12}{predicted:>6}{matched:>7}{predicted - matched:>7}{unlabelled:>9}{precision:>7.3f}")
    if options.list:
        for result in results:
            for wrong in result.wrong:
                mark = " " if wrong.labelled else "*"
                print(f"{mark} {result.name}  {wrong.where}  {wrong.entity!r}  {wrong.fact}  [{wrong.rule}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
