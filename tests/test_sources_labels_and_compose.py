"""Deployment YAML: reverse-DNS label keys, comments after quoted values and compose files."""

from __future__ import annotations

import pathlib

from factlint.models import BlockKind, Document
from factlint.sources import load_document
from factlint.sources.labelkeys import label_field


def _load(tmp_path: pathlib.Path, name: str, text: str) -> Document:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return load_document(path, name)


def test_a_reverse_dns_key_reads_as_its_last_segment() -> None:
    assert label_field("org.opencontainers.image.version") == "version"
    assert label_field("com.example.hw.tdp_w") == "tdp_w"
    assert label_field("gpu.hbm.gb") == "gpu.hbm.gb"  # no top-level domain first
    assert label_field("io.count") == "io.count"  # two segments: no owner and field
    assert label_field("com..tdp_w") == "com..tdp_w"


def test_a_record_counting_a_part_by_its_plural_reads_the_part_figures_per_part(
    tmp_path: pathlib.Path,
) -> None:
    document = _load(
        tmp_path,
        "labels.yaml",
        'box:\n  io.acme.hw.model: "Tern-8"\n  io.acme.hw.gpus: "8"\n  io.acme.hw.gpu_hbm_gb: "192"\n'
        '  io.acme.hw.hbm_gb_total: "1536"\n',
    )
    rows = [block for block in document.blocks if block.kind is BlockKind.TABLE_ROW]
    assert [row.table_headers for row in rows] == [("", "model", "gpus", "hbm gb per gpu", "hbm gb total")]


def test_a_comment_with_a_figure_after_a_quoted_value_is_a_sentence(tmp_path: pathlib.Path) -> None:
    document = _load(tmp_path, "fleet.yaml", 'cards:\n  - name: "Gaudi 3"  # 8 per node, OAM\n')
    paragraphs = [block.text for block in document.blocks if block.kind is BlockKind.PARAGRAPH]
    assert paragraphs == ["8 per node, OAM"]


COMPOSE = """x-box: &box
  io.acme.hw.model: "Tern-8"
  io.acme.hw.gpus: "8"
services:
  api:
    image: nginx:1.27
    shm_size: 16gb
    labels:
      <<: *box
    deploy:
      resources:
        reservations:
          devices: [{driver: amd, count: 2}]
    # the Tern-8 idles near 900 W
"""


def test_a_compose_file_skips_service_settings_and_heads_comments_by_product(tmp_path: pathlib.Path) -> None:
    document = _load(tmp_path, "compose.yaml", COMPOSE)
    texts = [block.text for block in document.blocks]
    assert not any("16gb" in text or "amd | 2" in text for text in texts)
    comment = next(block for block in document.blocks if "idles" in block.text)
    assert comment.headings == ("Tern-8",)


def test_services_that_run_nothing_are_no_compose_file(tmp_path: pathlib.Path) -> None:
    document = _load(tmp_path, "catalogue.yaml", "services:\n  rental:\n    shm_size: 16gb\n")
    assert any("16gb" in block.text for block in document.blocks)
