"""Tests of the evaluation scorer (factlint.evaluation) with hand-made claim lists."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from factlint.evaluation import (
    GoldFileError,
    canonical_fact,
    evaluate,
    format_evaluation,
    load_gold,
    main,
    values_agree,
)
from factlint.models import Claim, ValueForm
from factlint.pack import load_pack

GOLD = """\
name: tiny
root: {root}
attributes: [memory_capacity, chip_count, announce_date, release_date, cost_savings, relative_performance,
  compute_throughput]
documents:
  - doc: a.md
    claims:
      - {{line: 3, entity: Trainium2, scope: chip, attribute: memory_capacity, value: 96, unit: GB}}
      - {{line: 4, entity: Trn1, scope: instance, attribute: chip_count, value: 16, unit: count,
          qualifier: up to}}
      - {{line: 5, entity: Trainium2, scope: chip, attribute: announce_date, value: "2023-11", unit: date}}
      - {{line: 6, entity: Gaudi3, scope: chip, attribute: release_date, value: "2024", low: "2024-07",
          high: "2024-09", unit: date}}
      - {{line: 7, entity: Trn1, scope: instance, attribute: cost_savings, value: 30, low: 30, high: 50,
          unit: "%"}}
      - {{line: 8, entity: Trainium2, scope: chip, attribute: relative_performance, value: 4, unit: x,
          baseline: Trainium1}}
      - {{line: 9, entity: H100 SXM, scope: chip, attribute: compute_throughput, value: 1979, unit: TFLOPS,
          precision: FP8, sparsity: dense}}
  - doc: b.txt
    claims: []
"""


@pytest.fixture
def gold_path(tmp_path: Path) -> Path:
    path = tmp_path / "gold.yaml"
    path.write_text(GOLD.format(root=tmp_path), encoding="utf-8")
    return path


def claim(
    tmp_path: Path, line: int, entity: str, scope: str | None, attribute: str, value, unit: str, **extra
):
    """Return a predicted claim in document a.md (or extra['doc']) of tmp_path."""
    doc = extra.pop("doc", "a.md")
    return Claim(
        id=f"c-{line}-{attribute}-{value}",
        source=str(tmp_path / doc),
        line=line,
        column=1,
        entity=entity,
        scope=scope,
        attribute=attribute,
        value=value,
        unit=unit,
        text=str(value),
        quote=str(value),
        **extra,
    )


def perfect(tmp_path: Path) -> list[Claim]:
    return [
        claim(tmp_path, 3, "Trainium2", "chip", "memory_capacity", 96.0, "GB"),
        claim(tmp_path, 4, "Trn1", "instance", "chip_count", 16.0, "count", qualifier="up to"),
        claim(tmp_path, 5, "Trainium2", "chip", "announce_date", "2023-11", "date"),
        claim(
            tmp_path,
            6,
            "Gaudi3",
            "chip",
            "release_date",
            "2024",
            "date",
            low="2024-07",
            high="2024-09",
            form=ValueForm.RANGE,
        ),
        claim(
            tmp_path,
            7,
            "Trn1",
            "instance",
            "cost_savings",
            30.0,
            "%",
            low=30.0,
            high=50.0,
            form=ValueForm.RANGE,
        ),
        claim(tmp_path, 8, "Trainium2", "chip", "relative_performance", 4.0, "x", baseline="Trainium1"),
        claim(
            tmp_path,
            9,
            "H100 SXM",
            "chip",
            "compute_throughput",
            1979.0,
            "TFLOPS",
            precision="FP8",
            sparsity="dense",
        ),
    ]


def test_perfect_predictions_score_one(gold_path: Path, tmp_path: Path) -> None:
    result = evaluate(gold_path, perfect(tmp_path))
    assert (result.overall.gold, result.overall.predicted, result.overall.matched) == (7, 7, 7)
    assert result.overall.precision == result.overall.recall == result.overall.f1 == 1.0
    assert not result.misses and not result.false_hits
    assert all(field.accuracy == 1.0 for field in result.fields if field.compared)


def test_nothing_predicted_scores_zero_and_lists_every_miss(gold_path: Path) -> None:
    result = evaluate(gold_path, [])
    assert result.overall.recall == 0.0 and result.overall.precision == 0.0 and result.overall.f1 == 0.0
    assert len(result.misses) == 7


def test_value_within_half_a_percent_matches_but_one_percent_does_not(
    gold_path: Path, tmp_path: Path
) -> None:
    close = claim(tmp_path, 3, "Trainium2", "chip", "memory_capacity", 96.0 * 1.004, "GB")
    far = claim(tmp_path, 3, "Trainium2", "chip", "memory_capacity", 96.0 * 1.01, "GB")
    assert evaluate(gold_path, [close]).overall.matched == 1
    result = evaluate(gold_path, [far])
    assert result.overall.matched == 0
    assert result.false_hits == (far,)
    assert result.misses[0].nearest == far


@pytest.mark.parametrize(
    ("field", "wrong"),
    [("entity", "Trainium1"), ("scope", "instance"), ("line", 4), ("attribute", "memory_bandwidth")],
)
def test_a_wrong_identity_field_is_a_miss_and_a_false_hit(
    gold_path: Path, tmp_path: Path, field: str, wrong: object
) -> None:
    values = {"line": 3, "entity": "Trainium2", "scope": "chip", "attribute": "memory_capacity"}
    values[field] = wrong
    predicted = claim(
        tmp_path, values["line"], values["entity"], values["scope"], values["attribute"], 96.0, "GB"
    )
    result = evaluate(gold_path, [predicted])
    if field == "attribute":  # memory_bandwidth is not scored by this gold file
        assert result.ignored == 1 and not result.false_hits
    else:
        assert result.false_hits == (predicted,)
    assert result.overall.matched == 0


def test_dates_must_be_equal_strings(gold_path: Path, tmp_path: Path) -> None:
    year_only = claim(tmp_path, 5, "Trainium2", "chip", "announce_date", "2023", "date")
    assert evaluate(gold_path, [year_only]).overall.matched == 0
    quarter_start = claim(tmp_path, 6, "Gaudi3", "chip", "release_date", "2024-07", "date")
    assert evaluate(gold_path, [quarter_start]).overall.matched == 1


def test_a_range_matches_by_bounds_or_by_an_end_and_bounds_are_scored(
    gold_path: Path, tmp_path: Path
) -> None:
    midpoint = claim(
        tmp_path, 7, "Trn1", "instance", "cost_savings", 40.0, "%", low=30.0, high=50.0, form=ValueForm.RANGE
    )
    upper_end = claim(tmp_path, 7, "Trn1", "instance", "cost_savings", 50.0, "%")
    assert evaluate(gold_path, [midpoint]).overall.matched == 1
    result = evaluate(gold_path, [upper_end])
    assert result.overall.matched == 1
    bounds = next(field for field in result.fields if field.field == "bounds")
    assert (bounds.compared, bounds.correct) == (1, 0)


def test_qualifier_precision_and_baseline_are_field_accuracies_not_match_keys(
    gold_path: Path, tmp_path: Path
) -> None:
    predicted = [
        claim(tmp_path, 4, "Trn1", "instance", "chip_count", 16.0, "count"),
        claim(tmp_path, 8, "Trainium2", "chip", "relative_performance", 4.0, "x", baseline="trainium1"),
        claim(tmp_path, 9, "H100 SXM", "chip", "compute_throughput", 1979.0, "TFLOPS", precision="BF16"),
    ]
    result = evaluate(gold_path, predicted)
    assert result.overall.matched == 3
    fields = {field.field: (field.correct, field.compared) for field in result.fields}
    assert fields["qualifier"] == (2, 3)
    assert fields["baseline"] == (1, 1)  # compared without regard to case
    assert fields["precision"] == (0, 1)
    assert fields["sparsity"] == (0, 1)


def test_each_prediction_matches_at_most_one_gold_claim(tmp_path: Path) -> None:
    gold = tmp_path / "gold.yaml"
    gold.write_text(
        textwrap.dedent(
            f"""\
            root: {tmp_path}
            documents:
              - doc: a.md
                claims:
                  - {{line: 2, entity: P4d, scope: instance, attribute: network_bandwidth, value: 400,
                      unit: Gbps}}
                  - {{line: 2, entity: P4d, scope: instance, attribute: network_bandwidth, value: 400,
                      unit: Gbps, qualifier: about}}
            """
        ),
        encoding="utf-8",
    )
    exact = claim(tmp_path, 2, "P4d", "instance", "network_bandwidth", 400.0, "Gbps")
    hedged = claim(tmp_path, 2, "P4d", "instance", "network_bandwidth", 400.0, "Gbps", qualifier="about")
    one = evaluate(gold, [hedged])
    assert (one.overall.matched, len(one.misses)) == (1, 1)
    assert one.matches[0].gold.qualifier == "about"  # the closer label is taken
    both = evaluate(gold, [exact, hedged])
    assert both.overall.matched == 2
    assert next(field for field in both.fields if field.field == "qualifier").correct == 2


def test_predictions_outside_the_gold_documents_are_ignored(gold_path: Path, tmp_path: Path) -> None:
    elsewhere = claim(tmp_path, 3, "Trainium2", "chip", "memory_capacity", 96.0, "GB", doc="other.md")
    in_b = claim(tmp_path, 1, "Trainium2", "chip", "memory_capacity", 96.0, "GB", doc="b.txt")
    result = evaluate(gold_path, [elsewhere, in_b])
    assert result.ignored == 1
    assert result.false_hits == (in_b,)  # b.txt is covered and has no claims


def test_scores_per_attribute(gold_path: Path, tmp_path: Path) -> None:
    predicted = [
        *perfect(tmp_path)[:2],
        claim(tmp_path, 3, "Trainium2", "chip", "memory_capacity", 192.0, "GB"),
    ]
    result = evaluate(gold_path, predicted)
    memory = next(score for score in result.attributes if score.label == "memory_capacity")
    assert (memory.gold, memory.predicted, memory.matched) == (1, 2, 1)
    assert memory.precision == 0.5 and memory.recall == 1.0
    assert memory.f1 == pytest.approx(2 / 3)
    dates = next(score for score in result.attributes if score.label == "announce_date")
    assert (dates.gold, dates.predicted, dates.matched) == (1, 0, 0)


def test_report_lists_table_misses_and_false_hits(gold_path: Path, tmp_path: Path) -> None:
    wrong = claim(tmp_path, 3, "Trainium2", "chip", "memory_capacity", 192.0, "GB")
    text = format_evaluation(evaluate(gold_path, [wrong]))
    assert "memory_capacity" in text and "overall" in text
    assert "misses (7):" in text and "false hits (1):" in text
    assert "Trainium2 / chip / memory_capacity = 192 GB" in text
    assert "misses" not in format_evaluation(evaluate(gold_path, [wrong]), details=False)


@pytest.mark.parametrize(
    ("claim_text", "message"),
    [
        ("{line: 3, entity: X, attribute: power, unit: W}", "missing value"),
        ("{line: 3, entity: X, attribute: announce_date, value: 2023, unit: date}", "does not fit unit"),
        (
            "{line: 3, entity: X, attribute: power, value: 5, unit: W, quote: copied}",
            "unknown field(s) quote",
        ),
    ],
)
def test_malformed_gold_files_are_reported_with_file_and_claim(
    tmp_path: Path, claim_text: str, message: str
) -> None:
    gold = tmp_path / "bad.yaml"
    gold.write_text(f"documents:\n  - doc: a.md\n    claims:\n      - {claim_text}\n", encoding="utf-8")
    with pytest.raises(GoldFileError, match=r"bad\.yaml") as raised:
        load_gold(gold)
    assert message in str(raised.value)
    assert "claim 1" in str(raised.value)


def test_main_exits_2_on_a_bad_gold_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    gold = tmp_path / "bad.yaml"
    gold.write_text("claims: []\n", encoding="utf-8")
    assert main([str(gold)]) == 2
    assert "needs a 'documents' list" in capsys.readouterr().err


@given(
    st.floats(min_value=1e-3, max_value=1e9, allow_nan=False),
    st.floats(min_value=0.5, max_value=2.0, allow_nan=False),
)
def test_value_agreement_is_symmetric_and_reflexive(value: float, factor: float) -> None:
    assert values_agree(value, value)
    assert values_agree(value, value * factor) == values_agree(value * factor, value)


def test_a_containers_per_chip_figure_is_its_chips_fact_with_a_pack(gold_path: Path, tmp_path: Path) -> None:
    # Trn1 contains Trainium chips: "Trn1 / chip" names the same fact as the chip's own.
    pack = load_pack()
    inner = pack.entity(pack.entity("Trn1").contains.entity)
    assert canonical_fact("Trn1", "chip", "memory_capacity", pack) == (inner.name, "chip", "memory_capacity")
    assert canonical_fact("Trn1", "instance", "memory_capacity", pack) == (
        "Trn1",
        "instance",
        "memory_capacity",
    )
    # a rental's per-chip-hour price stays the rental's
    assert canonical_fact("Trn1", "chip", "hourly_price", pack) == ("Trn1", "chip", "hourly_price")
    assert canonical_fact("Trn1", "chip", "memory_capacity", None) == ("Trn1", "chip", "memory_capacity")
    written_on_container = claim(tmp_path, 3, "Trn2", "chip", "memory_capacity", 96.0, "GB")
    assert evaluate(gold_path, [written_on_container]).overall.matched == 0
    assert evaluate(gold_path, [written_on_container], pack).overall.matched == 1
