"""TaskPaper outlines read as projects, tasks and notes with their tags dropped (sources/taskpaper.py).

Our own outline, about other products than any evaluation document."""

from __future__ import annotations

import pathlib

import pytest

from factlint.claims import extract_claims
from factlint.models import BlockKind
from factlint.pack import load_pack
from factlint.sources.taskpaper import is_taskpaper, parse_taskpaper
from tests.source_text import load_text

LAB_OUTLINE = "\n".join(
    [
        "Render lab refresh: @owner(kai) @review(2026-03-30)",
        "\tBudget line 12-400; three racks in hall B.",
        "Shortlist:",
        "\t- Gaudi 3 shelf @priority(2) @due(2026-03-01)",
        "\t\tGaudi 3: 128 GB HBM2e, 3.7 TB/s.",
        "\t\tVendor says up to 1.5x the throughput of the H100.",
        "\t- Price the H200 boxes @done(2025-12-04) @est(3d)",
        "\t\tThe H200 carries 141 GB per GPU.",
        "Archive:",
        "\t- Look at the MI250X again @cancelled(2025-11-02)",
    ]
)

# A Markdown list with @mentions: no project line, so no outline.
MENTIONS = "\n".join(
    [
        "- ask @dana about the H200 quote",
        "- @li checks the MI300X power (750 W)",
        "- @sam books the lab for 2 days",
        "- @kai orders 4 risers",
    ]
)


def test_an_outline_is_known_by_its_suffix_or_by_projects_and_tagged_tasks() -> None:
    lines = tuple(LAB_OUTLINE.splitlines())
    assert is_taskpaper(("Call the reseller",), ".taskpaper")
    assert is_taskpaper(("Call the reseller",), ".TaskPaper")
    tagged = (*lines, "\t- Rack the spares @flag", "\t- Label the cables @today")
    assert is_taskpaper(tagged, ".txt")
    assert is_taskpaper(tagged, "")
    assert not is_taskpaper(tagged, ".md")
    assert not is_taskpaper(tuple(MENTIONS.splitlines()), ".txt")
    assert not is_taskpaper(("# Notes:", *tagged), ".txt")


def test_projects_are_headings_tasks_items_and_notes_paragraphs_under_them() -> None:
    blocks = parse_taskpaper(tuple(LAB_OUTLINE.splitlines()))
    kinds = [(block.line, block.kind) for block in blocks]
    assert kinds == [
        (1, BlockKind.HEADING),
        (2, BlockKind.PARAGRAPH),
        (3, BlockKind.HEADING),
        (4, BlockKind.LIST_ITEM),
        (5, BlockKind.PARAGRAPH),
        (6, BlockKind.PARAGRAPH),
        (7, BlockKind.LIST_ITEM),
        (8, BlockKind.PARAGRAPH),
        (9, BlockKind.HEADING),
        (10, BlockKind.LIST_ITEM),
    ]
    assert blocks[0].text == "Render lab refresh"
    assert blocks[3].text == "Gaudi 3 shelf"  # the tags are the task's state, not its words
    assert blocks[3].headings == ("Shortlist",)
    assert blocks[5].headings == ("Shortlist", "Gaudi 3 shelf")  # a note is about its task
    assert blocks[6].text == "Price the H200 boxes"
    assert blocks[7].headings == ("Shortlist", "Price the H200 boxes")
    assert blocks[9].headings == ("Archive",)
    assert (blocks[4].line, blocks[4].column) == (5, 3)


@pytest.fixture(scope="module")
def pack():
    return load_pack()


def test_tags_are_no_claims_and_a_note_takes_its_tasks_product(tmp_path: pathlib.Path, pack) -> None:
    claims = extract_claims(load_text(tmp_path, "lab.taskpaper", LAB_OUTLINE), pack)
    found = {(claim.line, claim.entity, claim.attribute, claim.value, claim.baseline) for claim in claims}
    assert (5, "Gaudi3", "memory_capacity", 128.0, None) in found
    assert (6, "Gaudi3", "relative_performance", 1.5, "H100") in found
    assert (8, "H200", "memory_capacity", 141.0, None) in found
    # @due, @done, @cancelled dates, @priority and @est numbers, the budget line: none is a claim
    assert not [claim for claim in claims if claim.line in (1, 2, 4, 7, 10)]
