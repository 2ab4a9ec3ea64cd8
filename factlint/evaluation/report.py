"""Running extraction over a gold set and printing the scores: ``python -m factlint.evaluation``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from factlint.claims import extract_claims
from factlint.config import make_config
from factlint.evaluation.gold import GoldFileError, GoldSet, describe_fact, load_gold
from factlint.evaluation.scoring import Evaluation, evaluate_gold
from factlint.models import Claim
from factlint.pack import KnowledgePack, load_pack
from factlint.sources import load_sources


def predict(gold: GoldSet, pack_paths: Sequence[str] = ()) -> list[Claim]:
    """Return the claims factlint extracts from the documents of ``gold``."""
    return predict_with(gold, load_pack(pack_paths))


def predict_with(gold: GoldSet, pack: KnowledgePack) -> list[Claim]:
    """Return the claims factlint extracts from the documents of ``gold`` with a loaded pack."""
    documents = load_sources([gold.resolve(doc) for doc in gold.documents], make_config({}))
    return [claim for document in documents for claim in extract_claims(document, pack)]


def format_evaluation(evaluation: Evaluation, *, details: bool = True) -> str:
    """Return a plain-text report: a table per attribute and overall, then misses and false hits."""
    lines = [
        f"== {evaluation.name} ==",
        f"{'attribute':<28}{'gold':>6}{'pred':>6}{'match':>7}  P      R      F1",
    ]
    for score in (*evaluation.attributes, evaluation.overall):
        if score is evaluation.overall:
            lines.append("-" * 70)
        lines.append(
            f"{score.label:<28}{score.gold:>6}{score.predicted:>6}{score.matched:>7}"
            f"  {score.precision:.3f}  {score.recall:.3f}  {score.f1:.3f}"
        )
    lines.append("")
    lines.append("field accuracy on matched claims:")
    for field in evaluation.fields:
        lines.append(f"  {field.field:<10} {field.correct}/{field.compared}  {field.accuracy:.3f}")
    lines.append(f"ignored predictions (other documents or attributes): {evaluation.ignored}")
    if details:
        lines.append("")
        lines.append(f"misses ({len(evaluation.misses)}):")
        for miss in evaluation.misses:
            lines.append(f"  {miss.gold.doc}:{miss.gold.line}  {miss.gold.describe()}")
            if miss.nearest is not None:
                lines.append(f"      nearest: {_describe_claim(miss.nearest)}")
        lines.append(f"false hits ({len(evaluation.false_hits)}):")
        for claim in evaluation.false_hits:
            lines.append(f"  {claim.source}:{claim.line}  {_describe_claim(claim)}")
    return "\n".join(lines)


def _describe_claim(claim: Claim) -> str:
    return f"{describe_fact(claim)}  [{claim.text!r}]"


def main(argv: Sequence[str] | None = None) -> int:
    """Score factlint's extraction against gold files; print the tables. Returns the exit code."""
    parser = argparse.ArgumentParser(
        prog="python -m factlint.evaluation",
        description="Score factlint's claim extraction against hand-labelled gold files.",
        epilog="example: python -m factlint.evaluation tests/eval/gold/seeds.yaml tests/eval/gold/dev.yaml",
    )
    parser.add_argument("gold", nargs="+", help="gold YAML files (tests/eval/gold/*.yaml)")
    parser.add_argument("--pack", action="append", default=[], help="extra knowledge pack file")
    parser.add_argument("--summary", action="store_true", help="print only the score tables")
    options = parser.parse_args(argv)
    try:
        for gold_path in options.gold:
            gold = load_gold(gold_path)
            pack = load_pack(options.pack)
            evaluation = evaluate_gold(gold, predict_with(gold, pack), pack)
            print(format_evaluation(evaluation, details=not options.summary))
            print()
    except GoldFileError as error:
        print(f"Error: {error}", file=sys.stderr)
        return 2
    except NotImplementedError:
        print("Error: factlint.claims.extract_claims is not implemented yet", file=sys.stderr)
        return 2
    return 0
