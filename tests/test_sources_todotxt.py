"""todo.txt task lists read one task per block, bookkeeping dropped (sources/todotxt.py). Our own lists."""

from __future__ import annotations

import pathlib

import pytest

from factlint.claims import extract_claims
from factlint.models import BlockKind
from factlint.pack import load_pack
from factlint.sources.todotxt import is_todo_list, list_title, task_words
from tests.source_text import load_text

RACK_TASKS = """
(A) 2025-09-01 Quote 4x MI210, 64 GB HBM2e each, $9,800 per card +renderfarm @buy due:2025-09-12 id:7
x 2025-09-03 2025-09-01 Confirm that the L4 runs at 72 W on the 1U riser +renderfarm @lab dep:7
(B) 2025-09-04 Ask facilities whether 350 W per slot fits the rack budget +renderfarm @email est:2h
(C) 2025-09-05 Re-read the Gaudi 2 notes, 96 GB HBM2e per OAM +H100-migration @desk rec:1w
"""

# A change log with dated lines but no +project or @context tag: prose, read as before.
DATED_LOG = """
2025-09-01 Added the MI210 row with 64 GB of HBM2e.
2025-09-02 Fixed the L4 power to 72 W.
2025-09-03 Noted that the Gaudi 2 carries 96 GB.
"""


def test_a_list_is_known_by_its_name_whatever_it_holds() -> None:
    for name in ("todo.txt", "DONE.TXT", "lab.todo.txt", "archive.done.txt"):
        assert is_todo_list(("Call the reseller",), name, pathlib.PurePath(name).suffix)


def test_a_list_is_known_by_tasks_with_tags() -> None:
    lines = tuple(RACK_TASKS.strip("\n").splitlines())
    assert is_todo_list(lines, "rack-tasks.txt", ".txt")
    assert is_todo_list(lines, "rack-tasks", "")


def test_dated_lines_without_tags_and_other_suffixes_are_no_list() -> None:
    assert not is_todo_list(tuple(DATED_LOG.strip("\n").splitlines()), "changes.txt", ".txt")
    assert not is_todo_list(tuple(RACK_TASKS.strip("\n").splitlines()), "rack-tasks.md", ".md")
    one_task = ("Minutes of the rack review", "(A) 2025-09-01 Order risers +renderfarm", "The L4 was fine.")
    assert not is_todo_list(one_task, "minutes.txt", ".txt")


def test_task_words_drop_dates_priority_tags_and_pairs_and_keep_positions() -> None:
    line = "x 2025-09-03 2025-09-01 (B) Order +renderfarm 2x L4 @lab at $2,300 due:2025-09-12 +15% buffer"
    words = task_words(line, 3)
    assert words is not None
    assert words.text == "(B) Order 2x L4 at $2,300 +15% buffer"
    price = words.text.index("$2,300")
    assert words.position(price) == (3, line.index("$2,300") + 1)
    assert task_words("(A) 2025-09-01 +renderfarm @lab due:2025-09-12", 1) is None


def test_each_task_is_a_block_of_its_own_and_the_title_is_the_file_name(tmp_path: pathlib.Path) -> None:
    document = load_text(tmp_path, "rack-tasks.txt", RACK_TASKS)
    assert [block.kind for block in document.blocks] == [BlockKind.LIST_ITEM] * 4
    assert [block.line for block in document.blocks] == [1, 2, 3, 4]
    assert document.blocks[0].text.startswith("Quote 4x MI210")
    assert document.blocks[0].column == len("(A) 2025-09-01 ") + 1
    assert document.title == "rack-tasks"
    assert list_title("edge.todo.txt") == "edge"


@pytest.fixture(scope="module")
def pack():
    return load_pack()


def test_bookkeeping_is_no_claim_and_tasks_keep_their_own_products(tmp_path: pathlib.Path, pack) -> None:
    claims = extract_claims(load_text(tmp_path, "rack-tasks.txt", RACK_TASKS), pack)
    found = {(claim.line, claim.entity, claim.attribute, claim.value) for claim in claims}
    assert (1, "MI210", "memory_capacity", 64.0) in found
    assert (1, "MI210", "price", 9800.0) in found
    assert (2, "L4", "power", 72.0) in found
    assert (4, "Gaudi2", "memory_capacity", 96.0) in found
    assert not [claim for claim in claims if claim.attribute in ("release_date", "announce_date")]
    assert not [claim for claim in claims if claim.line == 3]  # a task naming no product: nobody's 350 W
    assert not [claim for claim in claims if claim.entity == "H100"]  # named only in a tag


def test_dated_log_lines_stay_prose(tmp_path: pathlib.Path, pack) -> None:
    document = load_text(tmp_path, "changes.txt", DATED_LOG)
    assert document.title is None
    claims = extract_claims(document, pack)
    assert {(claim.entity, claim.value) for claim in claims} >= {("MI210", 64.0), ("L4", 72.0)}
