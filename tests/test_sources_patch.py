"""Patch sources: format-patch mail, git diff and GNU unified diff read by part (decision 0134)."""

from __future__ import annotations

import pathlib
from collections.abc import Callable, Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from factlint.models import Block, BlockKind
from factlint.sources import load_document, patch
from factlint.sources.patch import is_patch, parse_patch, patch_layout
from factlint.sources.patchreviews import NamedLine, review_blocks

_MAIL = """\
From 89abcdef0123456789abcdef0123456789abcdef Mon Sep 17 00:00:00 2001
From: Kai Berg <kai@example.net>
Date: Wed, 4 Mar 2026 08:30:00 +0000
Subject: [PATCH 1/2] inventory: L40S board power

The L40S row said 300 W; the board is rated 350 W.
---
 inventory/cards.yaml | 3 ++-
 1 file changed, 2 insertions(+), 1 deletion(-)

diff --git a/inventory/cards.yaml b/inventory/cards.yaml
index 1111111..2222222 100644
--- a/inventory/cards.yaml
+++ b/inventory/cards.yaml
@@ -7,4 +7,5 @@ cards:
   - model: L40S
     mem_gb: 48
-    board_w: 300
+    board_w: 350      # rated, not measured
+    fp8_tflops_sparse: 1466
--\x20
2.44.0

Review:
  inventory/cards.yaml:9  The 350 W matches the datasheet.
"""


def _lines(text: str) -> list[str]:
    return text.splitlines()


def _texts(blocks: list[Block]) -> list[tuple[int, str]]:
    return [(block.line, block.text) for block in blocks]


def test_detected_by_suffix_and_by_content() -> None:
    lines = _lines(_MAIL)
    assert is_patch(lines, ".patch")
    assert is_patch(lines, ".txt")  # the format-patch "From <commit> Mon Sep 17 ..." line
    unified = ["--- a/x.yaml", "+++ b/x.yaml", "@@ -1 +1 @@", "-a: 1", "+a: 2"]
    assert is_patch(unified, "")
    assert is_patch(["diff --git a/x b/x", *unified], "")


def test_look_alikes_are_no_patches() -> None:
    # a mail that only starts "From " and a note with dashed lines are no diffs
    assert not is_patch(["From alice@example.org Tue Feb 10 09:14:22 2026", "Subject: hi", "", "text"], "")
    assert not is_patch(["--- notes ---", "+++ more +++", "plain text"], ".txt")
    assert not is_patch(["no diff in here"], ".patch")


def test_layout_separates_message_hunks_and_trailer() -> None:
    lines = _lines(_MAIL)
    layout = patch_layout(lines, 0)
    assert layout.mail
    assert lines[layout.message_end] == "---"
    assert len(layout.hunks) == 1
    hunk = layout.hunks[0]
    assert hunk.file_name == "inventory/cards.yaml"
    assert hunk.context == "cards:"
    assert hunk.new_start == 7
    assert "".join(hunk.kinds) == "  -++"
    assert lines[layout.trailer] == ""  # after the "-- " signature and git's version


def test_blocks_keep_their_lines_and_skip_metadata_and_removed_lines() -> None:
    blocks, title = parse_patch(_lines(_MAIL))
    assert title == "[PATCH 1/2] inventory: L40S board power"
    texts = _texts(blocks)
    assert (6, "The L40S row said 300 W; the board is rated 350 W.") in texts
    rows = [block for block in blocks if block.kind is BlockKind.TABLE_ROW]
    assert len(rows) == 1
    row = rows[0]
    assert row.line == 16
    assert row.table_headers == ("model", "mem gb", "board w", "fp8 tflops sparse")
    # the added field is noted by its comment; the removed "300" is in no block of the hunk
    assert row.text == "L40S | 48 | 350 (rated, not measured) | 1466"
    assert [anchor[1] for anchor in row.anchors] == [16, 17, 19, 20]
    joined = " ".join(text for _, text in texts)
    for metadata in ("index 1111111", "1 file changed", "2.44.0", "@@"):
        assert metadata not in joined


def test_review_comment_is_read_under_the_record_of_its_line() -> None:
    blocks, _ = parse_patch(_lines(_MAIL))
    review = next(block for block in blocks if "datasheet" in block.text)
    assert review.headings == ("L40S",)
    assert review.line == 25


def test_gnu_unified_diff_of_a_text_file_is_plain_text() -> None:
    lines = [
        "--- notes.txt\t2026-03-01 10:00:00.000000000 +0100",
        "+++ notes.txt\t2026-03-02 10:00:00.000000000 +0100",
        "@@ -1,2 +1,2 @@",
        " The Gaudi 3 has 128 GB of HBM2e.",
        "-It draws 600 W.",
        "+It draws 900 W.",
    ]
    blocks, _ = parse_patch(lines)
    assert _texts(blocks) == [(4, "The Gaudi 3 has 128 GB of HBM2e."), (6, "It draws 900 W.")]


def test_hunk_that_does_not_parse_as_yaml_is_plain_text() -> None:
    lines = [
        "diff --git a/a.yaml b/a.yaml",
        "--- a/a.yaml",
        "+++ b/a.yaml",
        "@@ -1,2 +1,2 @@",
        "       deep: 1",
        "+  shallow: [unclosed",
    ]
    blocks, _ = parse_patch(lines)
    assert [block.kind for block in blocks] == [BlockKind.PARAGRAPH]
    assert blocks[0].line == 5


def test_loader_reads_a_patch_file(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "0001-l40s.patch"
    path.write_text(_MAIL, encoding="utf-8")
    document = load_document(path, path.name)
    assert document.error is None
    assert document.title == "[PATCH 1/2] inventory: L40S board power"
    assert any(block.kind is BlockKind.TABLE_ROW for block in document.blocks)


@given(
    st.lists(
        st.sampled_from(
            [
                "diff --git a/x.yaml b/x.yaml",
                "--- a/x.yaml",
                "+++ b/x.yaml",
                "@@ -1,3 +1,3 @@ k:",
                " a: 1",
                "-b: 2",
                "+b: 3",
                "\\ No newline",
                "-- ",
                "2.1.0",
                "x.yaml:2  note 5 W",
                "",
                "  c: [",
                "text 4 GB",
            ]
        ),
        max_size=25,
    )
)
def test_any_line_mix_reads_without_error(lines: list[str]) -> None:
    blocks, _ = parse_patch(lines)
    assert all(1 <= block.line <= max(len(lines), 1) for block in blocks)


def _many_hunks(count: int, file_name: str, body: str) -> list[str]:
    lines = [f"diff --git a/{file_name} b/{file_name}", f"--- a/{file_name}", f"+++ b/{file_name}"]
    for index in range(count):
        lines += [f"@@ -{index * 10 + 1},2 +{index * 10 + 1},2 @@", *body.format(index=index).split("\n")]
    return lines


def test_each_hunk_is_read_on_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hunk is read without the lines above it: the lines read grow with the patch, not its square."""
    read: list[int] = []

    def counted(reader: Callable[..., list[Block]]) -> Callable[..., list[Block]]:
        def wrapper(*args: object) -> list[Block]:
            read.extend(len(arg) for arg in args if isinstance(arg, Sequence) and not isinstance(arg, str))
            return reader(*args)

        return wrapper

    monkeypatch.setattr(patch, "parse_plain_text", counted(patch.parse_plain_text))
    monkeypatch.setattr(patch, "node_blocks", counted(patch.node_blocks))
    text = _many_hunks(300, "s.txt", " ctx line\n-The H100 has 96 GB.\n+The H100 has {index} GB of memory.")
    data = _many_hunks(300, "s.yaml", " - name: H{index}\n-  mem_gb: 1\n+  mem_gb: {index}")
    for lines in (text, data):
        read.clear()
        blocks, _ = parse_patch(lines)
        assert sum(read) <= 2 * len(lines)
        last = blocks[-1]
        assert "299" in last.text and last.position(last.text.rindex("299")) == (
            len(lines),
            lines[-1].rindex("299") + 1,
        )


def test_review_comments_find_their_records_without_a_scan_each(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each review line looks its record up; the records' file names are not read once per line."""
    reads = [0]

    class Counted(NamedLine):
        def __getattribute__(self, name: str) -> object:
            if name == "file_name":
                reads[0] += 1
            return super().__getattribute__(name)

    records = [Counted("data/s.yaml", line, line, f"H{line}") for line in range(1, 401)]
    lines = [f"s.yaml:{line}  fine, {line} GB" for line in range(1, 401)]
    blocks, taken = review_blocks(lines, 0, records)
    assert reads[0] <= 2 * len(records)
    assert len(taken) == 400
    assert [block.headings for block in blocks[:2]] == [("H1",), ("H2",)]


_SERIES = """\
From 1111111111111111111111111111111111111111 Mon Sep 17 00:00:00 2001
From: Kai Berg <kai@example.net>
Subject: [PATCH 1/2] notes: H100 memory

---
 notes.txt | 2 +-

diff --git a/notes.txt b/notes.txt
--- a/notes.txt
+++ b/notes.txt
@@ -1 +1 @@
-The H100 has 40 GB of memory.
+The H100 has 80 GB of memory.
--\x20
2.44.0

From 2222222222222222222222222222222222222222 Mon Sep 17 00:00:00 2001
From: Kai Berg <kai@example.net>
Subject: [PATCH 2/2] notes: A100 memory

---
 notes.txt | 2 +-

diff --git a/notes.txt b/notes.txt
--- a/notes.txt
+++ b/notes.txt
@@ -2 +2 @@
-The A100 has 20 GB of memory.
+The A100 has 40 GB of memory.
--\x20
2.44.0
"""

_LOG = """\
commit 1111111111111111111111111111111111111111 (HEAD -> main)
Author: Kai Berg <kai@example.net>

    notes: H100 memory

diff --git a/notes.txt b/notes.txt
--- a/notes.txt
+++ b/notes.txt
@@ -1 +1 @@
-The H100 has 40 GB of memory.
+The H100 has 80 GB of memory.

commit 2222222222222222222222222222222222222222
Author: Kai Berg <kai@example.net>

    notes: A100 memory

diff --git a/notes.txt b/notes.txt
--- a/notes.txt
+++ b/notes.txt
@@ -2 +2 @@
-The A100 has 20 GB of memory.
+The A100 has 40 GB of memory.
"""


def test_each_patch_of_a_series_is_read_as_a_diff() -> None:
    for text in (_SERIES, _LOG):
        lines = _lines(text)
        blocks, _ = parse_patch(lines)
        texts = [block.text for block in blocks]
        assert not any("20 GB" in block or "diff --git" in block or "+++" in block for block in texts)
        a100 = next(block for block in blocks if "A100 has 40 GB" in block.text)
        assert lines[a100.line - 1][a100.column - 1 :].startswith("The A100")
    assert parse_patch(_lines(_SERIES))[1] == "[PATCH 1/2] notes: H100 memory"


_QUOTED_COMMIT = """\
From 3333333333333333333333333333333333333333 Mon Sep 17 00:00:00 2001
From: Ines Roth <ines@example.org>
Subject: [PATCH 1/2] specs: L40S power

---
 specs.txt | 2 +-

diff --git a/specs.txt b/specs.txt
--- a/specs.txt
+++ b/specs.txt
@@ -1 +1 @@
-The L40S draws 300 W.
+The L40S draws 350 W.
--\x20
2.44.0

From 4444444444444444444444444444444444444444 Mon Sep 17 00:00:00 2001
From: Ines Roth <ines@example.org>
Subject: [PATCH 2/2] specs: L4 power

The wrong figure came in with
commit 3333333333333333333333333333333333333333
and is put right here.
---
 specs.txt | 2 +-

diff --git a/specs.txt b/specs.txt
--- a/specs.txt
+++ b/specs.txt
@@ -2 +2 @@
-The L4 draws 60 W.
+The L4 draws 72 W.
--\x20
2.44.0
"""

_MERGE_LOG = """\
commit 5555555555555555555555555555555555555555
Author: Ines Roth <ines@example.org>

    specs: L4 power

diff --git a/specs.txt b/specs.txt
--- a/specs.txt
+++ b/specs.txt
@@ -1 +1 @@
-The L4 draws 60 W.
+The L4 draws 72 W.

commit 6666666666666666666666666666666666666666
Merge: 5555555 7777777
Author: Ines Roth <ines@example.org>

    Merge branch 'specs'

diff --git a/specs.txt b/specs.txt
--- a/specs.txt
+++ b/specs.txt
@@ -3 +3 @@
-The T4 draws 60 W.
+The T4 draws 70 W.

Reviewed the figures against
commit 6666666666666666666666666666666666666666
and found them right.
"""


def test_a_message_line_quoting_a_commit_starts_no_patch() -> None:
    blocks, _ = parse_patch(_lines(_QUOTED_COMMIT))
    texts = [block.text for block in blocks]
    quoting = "The wrong figure came in with\ncommit 3333333333333333333333333333333333333333\n"
    assert quoting + "and is put right here." in texts
    # the second mail's headers and diffstat stay metadata
    assert not any(text.startswith("From ") or "specs.txt |" in text for text in texts)
    assert patch._series_starts(_lines(_QUOTED_COMMIT), 0) == [16]


def test_a_log_commit_header_needs_its_author_or_merge_line() -> None:
    lines = _lines(_MERGE_LOG)
    assert patch._series_starts(lines, 0) == [12]
    blocks, _ = parse_patch(lines)
    texts = [block.text for block in blocks]
    assert "The T4 draws 70 W." in texts
    assert any(text.startswith("Reviewed the figures against\ncommit 6666") for text in texts)
