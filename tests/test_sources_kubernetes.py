"""Reading Kubernetes manifests and Helm values files: comment blocks, headings, skipped settings."""

from __future__ import annotations

import pathlib

from factlint.models import BlockKind, Document
from factlint.sources import kubernetes, load_document

VALUES = """\
# serving chart values (chart 1.4.0)
pools:
  # ----------------------------------------------
  # Gaudi 3 pool: 4 nodes with 8 cards each.
  # Each card: 128 GB HBM2e,
  # 900 W.
  # ----------------------------------------------
  gaudi:
    replicas: 4
    nodeSelector: {habana.ai/model: gaudi3}
    resources:
      limits: {habana.ai/gaudi: 8, memory: 512Gi}
    annotations:
      ops.example.com/hbm-per-card: "128 GB"
      ops.example.com/why: "we moved 2 racks here in 2025"
      ops.example.com/team: ml-infra
    enabled: false  # parked since 2025-11
"""


def _load(tmp_path: pathlib.Path, name: str, text: str) -> Document:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return load_document(path, name)


def test_a_comment_run_is_one_paragraph_anchored_line_by_line(tmp_path: pathlib.Path) -> None:
    document = _load(tmp_path, "values.yaml", VALUES)
    block = next(block for block in document.blocks if block.text.startswith("Gaudi 3 pool"))
    assert block.kind is BlockKind.PARAGRAPH
    assert block.text == "Gaudi 3 pool: 4 nodes with 8 cards each.\nEach card: 128 GB HBM2e,\n900 W."
    assert (block.line, block.column) == (4, 5)
    assert block.position(block.text.index("900 W")) == (6, 5)


def test_the_opening_sentence_of_a_comment_block_heads_the_subtree_below_it(tmp_path: pathlib.Path) -> None:
    document = _load(tmp_path, "values.yaml", VALUES)
    row = next(block for block in document.blocks if block.kind is BlockKind.TABLE_ROW)
    assert row.table_headers == ("", "hbm per card")
    # the file's own header comment stands directly above "pools:" and heads the whole tree
    assert row.headings == ("serving chart values (chart 1.4.0)", "Gaudi 3 pool: 4 nodes with 8 cards each.")
    assert row.position(row.text.index("128")) == (14, 38)
    comment = next(block for block in document.blocks if block.text.startswith("Gaudi 3 pool"))
    assert comment.headings == ("serving chart values (chart 1.4.0)",)


def test_configuration_settings_and_wordless_annotations_give_no_blocks(tmp_path: pathlib.Path) -> None:
    document = _load(tmp_path, "values.yaml", VALUES)
    texts = [block.text for block in document.blocks]
    assert not any("512Gi" in text or "gaudi3" in text or "ml-infra" in text for text in texts)
    assert "we moved 2 racks here in 2025" in texts
    assert "parked since 2025-11" in texts


def test_a_yaml_file_without_pod_settings_is_read_as_data(tmp_path: pathlib.Path) -> None:
    document = _load(tmp_path, "fleet.yaml", "# first line 1\n# second line 2\nnodes:\n  replicas: 3\n")
    paragraphs = [block.text for block in document.blocks if block.kind is BlockKind.PARAGRAPH]
    assert paragraphs == ["first line 1", "second line 2"]


def test_an_alias_to_its_own_ancestor_ends_the_key_walk(tmp_path: pathlib.Path) -> None:
    # the key walk followed "self" back into "a" forever
    document = _load(tmp_path, "loop.yaml", "a: &x\n  name: a\n  self: *x\n")
    assert document.error is not None and "nested too deeply" in document.error


class _CountedScope(kubernetes._Scope):
    """A key scope that counts how often its lines are looked at."""

    looked = 0

    def __getattribute__(self, name: str) -> object:
        if name in ("first_line", "last_line"):
            _CountedScope.looked += 1
        return super().__getattribute__(name)


def test_each_line_looks_at_the_scopes_open_at_it_not_every_scope() -> None:
    count = 2000
    scopes = [_CountedScope(3 * number + 1, 3 * number + 2, f"pool {number}") for number in range(count)]
    _CountedScope.looked = 0
    titles = kubernetes._headings(set(range(1, 3 * count + 1)), scopes)
    assert titles[4] == ("pool 1",) and titles[6] == ()
    assert _CountedScope.looked < 20 * count  # was every scope for every line: count**2


def test_a_prose_label_in_a_comment_is_read_and_a_commented_out_setting_is_not(
    tmp_path: pathlib.Path,
) -> None:
    text = (
        "# Memory: 80GB\n# TDP: 700W\n# B200: 1000W\n\n# replicas: 4\n# memory: 80Gi\n# tpuV5e:\n"
        "replicas: 2\nnodeSelector: {pool: gpu}\nresources:\n  limits: {memory: 1Gi}\n"
    )
    document = _load(tmp_path, "values.yaml", text)
    paragraphs = [block.text for block in document.blocks if block.kind is BlockKind.PARAGRAPH]
    assert paragraphs == ["Memory: 80GB\nTDP: 700W\nB200: 1000W"]


STYLED = """\
apiVersion: v1
kind: Pod
metadata:
  annotations:
    example.io/folded: >
      The pool moved to H100 cards
      with 80 GB each in 2025.
    example.io/literal: |
      Each node: 8 cards,
        700 W per card.
    example.io/escaped: "It has 80\\u00a0GB and 3.35\\tTB/s of HBM3."
    example.io/quoted: 'It''s 700 W and 80 GB.'
    example.io/plain: The pool moved to H100 cards
      with 80 GB each in 2025.
    example.io/hbm-per-card: "128 GB"
"""


def test_every_character_of_an_annotation_is_placed_where_it_is_written(tmp_path: pathlib.Path) -> None:
    document = _load(tmp_path, "pod.yaml", STYLED)
    lines = STYLED.split("\n")
    assert len(document.blocks) == 6
    for block in document.blocks:
        for offset, character in enumerate(block.text):
            if character.isalnum() and character.isascii():
                line, column = block.position(offset)
                assert lines[line - 1][column - 1] == character, (block.text, offset)
