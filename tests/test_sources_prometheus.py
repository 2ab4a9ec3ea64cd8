"""Reading metrics exposition text (Prometheus text format, OpenMetrics) as device records."""

from __future__ import annotations

import math
import pathlib
import textwrap

import pytest

from factlint.models import BlockKind, Document
from factlint.sources import load_document
from factlint.sources.exposition import (
    exposition_knowledge,
    exposition_rows,
    is_exposition,
    metric_attribute,
    metric_unit,
    name_words,
    parse_sample,
)

EXPORTER = """\
# HELP tpu_hbm_capacity_bytes HBM capacity of the chip.
# TYPE tpu_hbm_capacity_bytes gauge
tpu_hbm_capacity_bytes{chip="0",model_name="TPU v5e"} 1.7179869184e+10 1712345678000
# HELP tpu_hbm_used_bytes HBM in use.
# TYPE tpu_hbm_used_bytes gauge
tpu_hbm_used_bytes{chip="0",model_name="TPU v5e"} 9.1e+09
# HELP tpu_board_power_limit Board power limit (in mW).
# TYPE tpu_board_power_limit gauge
tpu_board_power_limit{chip="0",model_name="TPU v5e"} 197000
# HELP tpu_core_temp_celsius Core temperature.
tpu_core_temp_celsius{chip="0",model_name="TPU v5e"} 52
"""


def _lines(text: str) -> list[str]:
    return textwrap.dedent(text).split("\n")


def _load(tmp_path: pathlib.Path, name: str, text: str) -> Document:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return load_document(path, name)


@pytest.mark.parametrize(
    ("text", "value"),
    [("1.03079215104e+11", 1.03079215104e11), ("600000", 600000.0), ("-3.5E-2", -0.035), (".5", 0.5)],
)
def test_sample_values_take_every_float_form(text: str, value: float) -> None:
    sample = parse_sample(f'm_bytes{{a="b"}} {text}')
    assert sample is not None and sample.value == pytest.approx(value)


def test_infinite_and_missing_values_parse_but_are_not_finite() -> None:
    for text in ("+Inf", "-Inf", "NaN"):
        sample = parse_sample(f"m_watts {text}")
        assert sample is not None and not math.isfinite(sample.value)


def test_labels_keep_their_place_and_a_timestamp_is_no_value() -> None:
    line = '  x_watts{node="gpu-3",rack="B2"} 412 1712345678000'
    sample = parse_sample(line)
    assert sample is not None
    assert sample.value == 412
    assert [(key, value) for key, value, _ in sample.labels] == [("node", "gpu-3"), ("rack", "B2")]
    assert line[sample.labels[0][2] :].startswith("gpu-3")
    assert line[sample.value_column :].startswith("412")


def test_exposition_needs_samples_and_a_marker() -> None:
    assert is_exposition(_lines(EXPORTER))
    assert is_exposition(['pdu_watts{outlet="A1"} 300'])
    assert not is_exposition(["step 3", "total 4"])  # bare words and numbers: no exporter's page
    assert not is_exposition(["# HELP a_bytes x", "The card has 80 GB of memory."])
    assert not is_exposition(["# Heading", "", "text"])


def test_name_words_split_snake_camel_and_upper_names() -> None:
    assert name_words("DCGM_FI_DEV_FB_TOTAL") == ("dcgm", "fi", "dev", "fb", "total")
    assert name_words("gpu:powerDraw_watts") == ("gpu", "power", "draw", "watts")


def test_units_come_from_the_suffix_then_the_help_text() -> None:
    knowledge = exposition_knowledge()
    assert metric_unit("x_memory_total_bytes", None, knowledge) == "B"
    assert metric_unit("x_power_mW", None, knowledge) == "mW"
    assert metric_unit("x_power_MW", None, knowledge) is None  # megawatts are no card's
    assert metric_unit("X_FB_TOTAL", "Framebuffer total (in MiB).", knowledge) == "MiB"
    assert metric_unit("x_power", "Power draw in milliwatts.", knowledge) == "mW"
    assert metric_unit("x_power", "Power draw of the card.", knowledge) is None


def test_attributes_come_from_the_name_words() -> None:
    knowledge = exposition_knowledge()

    def attribute(name: str) -> str | None:
        found = metric_attribute(name, knowledge)
        return found.name if found else None

    assert attribute("DCGM_FI_DEV_FB_TOTAL") == "memory_capacity"
    assert attribute("habanalabs_memory_total_bytes") == "memory_capacity"
    assert attribute("DCGM_FI_DEV_FB_USED") is None
    assert attribute("node_memory_MemAvailable_bytes") is None
    assert attribute("DCGM_FI_DEV_POWER_USAGE") == "power"
    assert attribute("x_power_default_limit_mW") == "power"
    assert attribute("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION") is None
    assert attribute("x_clock_soc_mhz") is None


def test_rows_state_totals_and_limits_as_written_with_their_unit() -> None:
    rows = exposition_rows(_lines(EXPORTER), 0, 11, ("Metrics",), None)
    assert [(row.line, row.text) for row in rows] == [
        (3, "TPU v5e | 1.7179869184e+10 bytes"),
        (9, "TPU v5e | 197000 mW"),
    ]
    memory = rows[0]
    assert memory.kind is BlockKind.TABLE_ROW
    assert memory.table_headers == ("model_name", "memory")
    assert memory.headings == ("Metrics",)
    assert memory.position(memory.text.index("1.7")) == (3, EXPORTER.split("\n")[2].index("1.7") + 1)


def test_a_partition_sample_is_a_slice_and_states_nothing() -> None:
    lines = [
        "# HELP acc_fb_total Memory total (in MiB).",
        'acc_fb_total{gpu="1",modelName="NVIDIA A100 80GB",GPU_I_PROFILE="2g.20gb"} 19968',
        'acc_fb_total{gpu="0",modelName="NVIDIA A100 80GB",GPU_I_PROFILE=""} 81920',
    ]
    rows = exposition_rows(lines, 0, 3, (), None)
    assert [row.text for row in rows] == ["NVIDIA A100 80GB | 81920 MiB"]


def test_machine_named_samples_take_the_machine_the_paragraph_names() -> None:
    lines = ['rack_outlet_power_watts{outlet="B1",instance="ml-11"} 4120']
    lead = "Readings from row B, where two DGX H100 nodes share a PDU:"
    (row,) = exposition_rows(lines, 0, 1, (), lead)
    assert row.label == "DGX H100"
    # the host name is no product (a code such as "ml-11" could pass for an instance): not in the row
    assert row.text == "4120 W"
    # no machine named above: nothing to hold the figure
    assert exposition_rows(lines, 0, 1, (), "Readings from row B:") == []
    # a machine's memory is its host's RAM, no accelerator's
    host = ['node_memory_MemTotal_bytes{instance="ml-11"} 5.4e+11']
    assert exposition_rows(host, 0, 1, (), lead) == []


def test_whole_files_are_read_by_suffix_and_by_content(tmp_path: pathlib.Path) -> None:
    for name in ("tpu.prom", "tpu.metrics", "scrape.txt"):
        document = _load(tmp_path, name, EXPORTER)
        rows = [block for block in document.blocks if block.kind is BlockKind.TABLE_ROW]
        assert [row.line for row in rows] == [3, 9], name


def test_a_markdown_fence_of_samples_is_read_whatever_its_language(tmp_path: pathlib.Path) -> None:
    text = "# Incident\n\nScrape of the TPU host:\n\n```text\n" + EXPORTER + "```\n\nAll good.\n"
    document = _load(tmp_path, "incident.md", text)
    rows = [block for block in document.blocks if block.kind is BlockKind.TABLE_ROW]
    assert [row.line for row in rows] == [8, 14]
    assert rows[0].headings == ("Incident",)


def test_a_writers_comment_with_a_figure_is_read_as_prose_at_its_place(tmp_path: pathlib.Path) -> None:
    text = '# Lab notes. The H100 nodes draw 700 W.\ngpu_count{site="lab"} 8\n# HELP x_watts Power.\n'
    document = _load(tmp_path, "scrape.txt", text)
    paragraphs = [block for block in document.blocks if block.kind is BlockKind.PARAGRAPH]
    assert [(block.text, block.line, block.column) for block in paragraphs] == [
        ("Lab notes. The H100 nodes draw 700 W.", 1, 3)
    ]


def test_rate_length_money_and_share_units_come_from_suffixes_and_help_text() -> None:
    knowledge = exposition_knowledge()
    assert metric_unit("hbm_bandwidth_bytes_per_second", None, knowledge) == "B/s"
    assert metric_unit("gpu_peak_flops", None, knowledge) == "FLOPS"
    assert metric_unit("die_litho_nanometres", None, knowledge) == "nm"
    assert metric_unit("rental_price_usd", None, knowledge) == "USD"
    assert metric_unit("reserved_discount_percent", None, knowledge) == "percent"
    assert metric_unit("npu_peak_ops", "Peak integer rate in OP/s.", knowledge) == "OP/s"
    assert metric_unit("link_rate", "Link rate in bytes per second.", knowledge) == "B/s"
    assert metric_unit("hbm_size", "HBM fitted, in bytes.", knowledge) == "B"


def test_catalogue_names_state_the_attributes_of_a_spec_sheet() -> None:
    knowledge = exposition_knowledge()

    def attribute(name: str) -> str | None:
        found = metric_attribute(name, knowledge)
        return None if found is None else found.name

    assert attribute("npu_hbm_bytes") == "memory_capacity"
    assert attribute("npu_hbm_bandwidth_bytes_per_second") == "memory_bandwidth"
    assert attribute("npu_sram_bytes") == "on_chip_memory"
    assert attribute("npu_peak_flops") == "compute_throughput"
    assert attribute("npu_process_node_nanometers") == "process_node"
    assert attribute("npu_cores") == "core_count"
    assert attribute("chassis_gpu_count") == "chip_count"
    assert attribute("rental_price_usd") == "price"
    assert attribute("spot_discount_percent") == "cost_savings"
    # what a machine or a process does, not what a device is
    assert attribute("node_memory_Cached_bytes") is None
    assert attribute("process_resident_memory_bytes") is None
    assert attribute("npu_core_temp_celsius") is None
    assert attribute("npu_achieved_flops") is None
    assert attribute("gpu_busy_count") is None


def test_a_precision_label_and_the_help_texts_sparsity_head_a_throughput_row() -> None:
    lines = _lines(
        """\
        # HELP npu_peak_flops Peak rate per chip, dense.
        npu_peak_flops{chip_model="TPU v5e",dtype="bf16"} 1.97e+14
        """
    )
    rows = exposition_rows(lines, 0, len(lines), (), None)
    assert [(row.table_headers, row.text) for row in rows] == [
        (("chip_model", "dense BF16 compute"), "TPU v5e | 1.97e+14 FLOPS")
    ]


def test_a_machine_label_written_as_a_model_names_the_machine_and_a_host_name_does_not() -> None:
    lines = _lines(
        """\
        # HELP rack_price_usd Quoted price per chassis.
        rack_price_usd{server="DGX H100"} 289000
        rack_price_usd{server="dgx-rack2-07"} 289000
        # HELP cloud_price_usd On-demand price per instance hour.
        cloud_price_usd{instance="P5"} 98.32
        cloud_price_usd{instance="exporter:9100"} 98.32
        """
    )
    rows = exposition_rows(lines, 0, len(lines), (), None)
    assert [row.text for row in rows] == ["DGX H100 | 289000 USD", "P5 | 98.32 USD/hour"]


def test_an_idle_reading_and_a_histograms_children_state_nothing() -> None:
    lines = _lines(
        """\
        # HELP card_power_watts Board power at scrape time.
        card_power_watts{gpu_model="L4",state="idle"} 16
        card_power_watts{gpu_model="L4",state="busy"} 70
        # HELP standby_power_watts Board power while idle.
        standby_power_watts{gpu_model="L4"} 12
        # HELP step_flops Achieved rate per step.
        # TYPE step_flops histogram
        step_flops_count{gpu_model="L4"} 1200
        step_flops_sum{gpu_model="L4"} 3.1e+15
        """
    )
    rows = exposition_rows(lines, 0, len(lines), (), None)
    assert [row.text for row in rows] == ["L4 | 70 W"]
