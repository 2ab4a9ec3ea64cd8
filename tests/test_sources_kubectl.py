"""Reading pasted kubectl output: node sections, label and annotation entries, Capacity, Events."""

from __future__ import annotations

from factlint.models import BlockKind
from factlint.sources.kubectl import kubectl_blocks, kubectl_spans
from factlint.sources.markdown import parse_markdown
from factlint.sources.plaintext import parse_plain_text

# A node of our own: a TPU-like pool with labels, an annotation, a resource table and an event.
DUMP = [
    "notes from the on-call shift",
    "$ kubectl describe node pool-b-9",
    "Name:               pool-b-9",
    "Labels:             node.kubernetes.io/instance-type=zz.h200.4x",
    "                    nvidia.com/gpu.count=4",
    "                    nvidia.com/gpu.product=NVIDIA-H200",
    "                    nvidia.com/gpu.memory=143771",
    "Annotations:        ops.example/rate-usd-per-hour: 15.20",
    "Capacity:",
    "  cpu:                96",
    "  memory:             1056732274Ki",
    "  nvidia.com/gpu:     4",
    "Allocatable:",
    "  nvidia.com/gpu:     3",
    "Events:",
    "  Type    Reason   Age   From      Message",
    "  Normal  Bench    1h    burnin    step time 1.2x the older pool",
    "",
    "that was all.",
]


def test_span_runs_from_the_prompt_to_the_blank_line_before_prose() -> None:
    assert kubectl_spans(DUMP, 0, len(DUMP)) == [(1, 17)]


def test_text_without_kubectl_has_no_span() -> None:
    assert kubectl_spans(["$ ls -l", "total 0"], 0, 2) == []


def test_node_blocks_are_headed_by_the_machine_type_and_placed_in_the_file() -> None:
    blocks = kubectl_blocks(DUMP, 1, 17, ("Shift notes",))
    assert all(block.headings == ("Shift notes", "zz.h200.4x") for block in blocks)
    rows = {
        (block.line, block.table_headers, block.text) for block in blocks if block.kind is BlockKind.TABLE_ROW
    }
    assert (5, ("gpus",), "4") in rows
    assert (6, ("device name", "gpu memory MiB"), "NVIDIA H200 | 143771") in rows
    assert (12, ("gpus",), "4") in rows
    assert not any(block.line in (10, 11, 14) for block in blocks)  # cpu, host memory, Allocatable
    memory = next(block for block in blocks if "143771" in block.text)
    assert memory.position(memory.text.index("143771")) == (7, 43)
    event = next(block for block in blocks if block.kind is BlockKind.PARAGRAPH)
    assert (event.line, event.column, event.text) == (17, 36, "step time 1.2x the older pool")


def test_plain_text_and_markdown_read_the_dump_alike() -> None:
    plain = [block for block in parse_plain_text(DUMP) if block.line in range(2, 18)]
    markdown = [block for block in parse_markdown(DUMP)[0] if block.line in range(2, 18)]
    assert [(block.line, block.text) for block in plain] == [(block.line, block.text) for block in markdown]
    assert any(block.text == "4" and block.line == 5 for block in plain)
    assert any(block.text == "that was all." for block in parse_plain_text(DUMP))


def test_yaml_output_of_a_node_object_reads_labels_and_capacity() -> None:
    lines = [
        "$ kubectl get node n1 -o yaml",
        "metadata:",
        "  labels:",
        "    node.kubernetes.io/instance-type: zz.l4.2x",
        "    nvidia.com/gpu.count: '2'",
        "status:",
        "  capacity:",
        "    nvidia.com/gpu: '2'",
        "    memory: 264000000Ki",
    ]
    blocks = kubectl_blocks(lines, 0, len(lines), ())
    assert [(block.line, block.text, block.headings) for block in blocks] == [
        (5, "2", ("zz.l4.2x",)),
        (8, "2", ("zz.l4.2x",)),
    ]


def test_a_console_fence_in_markdown_is_read_as_kubectl_output() -> None:
    lines = ["# Pool check", "", "```console", *DUMP[1:17], "```", "", "Back to prose: 5 nodes left."]
    blocks, _ = parse_markdown(lines)
    rows = [(block.line, block.text, block.headings) for block in blocks if block.kind is BlockKind.TABLE_ROW]
    assert (7, "4", ("Pool check", "zz.h200.4x")) in rows  # the gpu.count label, two lines lower
    assert any(block.text == "Back to prose: 5 nodes left." for block in blocks)
