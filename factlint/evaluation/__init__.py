"""Accuracy of claim extraction against hand-labelled gold files (tests/eval): P/R/F1 per attribute."""

from factlint.evaluation.gold import VOCABULARY, GoldClaim, GoldFileError, GoldSet, describe_fact, load_gold
from factlint.evaluation.report import format_evaluation, main, predict
from factlint.evaluation.scoring import (
    VALUE_TOLERANCE,
    Evaluation,
    FieldAccuracy,
    Match,
    Miss,
    Score,
    canonical_fact,
    evaluate,
    evaluate_gold,
    values_agree,
)

__all__ = [
    "VALUE_TOLERANCE",
    "VOCABULARY",
    "Evaluation",
    "FieldAccuracy",
    "GoldClaim",
    "GoldFileError",
    "GoldSet",
    "Match",
    "Miss",
    "Score",
    "canonical_fact",
    "describe_fact",
    "evaluate",
    "evaluate_gold",
    "format_evaluation",
    "load_gold",
    "main",
    "predict",
    "values_agree",
]
