"""OCR repair of plain text (factlint.sources.scanned): slips, broken words, page furniture."""

from __future__ import annotations

from pathlib import Path

import pytest

from factlint.models import BlockKind
from factlint.sources import load_document
from factlint.sources.scanned import repair_scanned_text


def _repair(text: str) -> tuple[str, ...]:
    return repair_scanned_text(text.split("\n")).lines


# A scan with several slips: every figure reads as the digits a reader sees.
SCANNED = """\
The Vantor X2 board carries l28 GB of HBM3 and draws l0.5 kW.
It was shown in March 2O25 and sells for $ 42,OOO per board,
or EUR l9,5OO in the EU. Its cache holds 4O MB, its flash l,5 TB.
"""


@pytest.mark.parametrize(
    ("slip", "figure"),
    [
        ("l28 GB", "128 GB"),
        ("l0.5 kW", "10.5 kW"),
        ("March 2O25", "March 2025"),
        ("$ 42,OOO", "$ 42,000"),
        ("EUR l9,5OO", "EUR 19,500"),
        ("4O MB", "40 MB"),
        ("l,5 TB", "1,5 TB"),  # a decimal comma
    ],
)
def test_slips_in_number_position_read_as_digits(slip: str, figure: str) -> None:
    repaired = "\n".join(_repair(SCANNED))
    assert slip not in repaired
    assert figure in repaired


def test_a_slip_figure_at_a_line_end_takes_its_unit_from_the_next_line() -> None:
    text = "The Vantor X3 has l92\nGB of HBM3e and sells for $ 5O,OOO."
    assert _repair(text)[0].endswith("has 192")


def test_a_slip_word_at_a_line_end_before_a_unit_stays() -> None:
    text = "Its code is Xl2 and lO\nGB of HBM3e; $ 5O,OOO and l28 GB."
    assert _repair(text)[0] == "Its code is Xl2 and lO"


def test_slip_repair_keeps_every_column() -> None:
    lines = SCANNED.split("\n")
    repaired = repair_scanned_text(lines).lines
    assert [len(line) for line in repaired] == [len(line) for line in lines]


@pytest.mark.parametrize(
    "code",
    ["H100", "MI300X", "O1 preview", "I/O die", "lOGb port", "Llama 3 70B", "model O3", "SN40L", "l2 cache"],
)
def test_codes_and_words_are_never_slips(code: str) -> None:
    text = f"The l28 GB part and the 2O24 launch sit beside the {code} here.\nAlso $ 3,OOO each."
    repaired = _repair(text)
    assert code in repaired[0]
    assert "128 GB" in repaired[0]


def test_one_slip_in_a_clean_document_is_left_alone() -> None:
    text = "The Orin module lists l6 GB of memory.\nEverything else here is clean text at 25 W."
    assert _repair(text) == tuple(text.split("\n"))


def test_figures_after_words_not_in_number_position_are_left_alone() -> None:
    text = "Sold in l0 regions, version 2O and code lO1; also l28 GB and $ 9,OOO."
    repaired = _repair(text)[0]
    assert "l0 regions" in repaired and "2O and" in repaired and "lO1" in repaired
    assert "128 GB" in repaired and "$ 9,000" in repaired


@pytest.mark.parametrize(
    ("broken", "joined"),
    [
        ("a new stor-\nage tier for the rack", "a new storage\n    tier for the rack"),
        ("it does-\nn't run older code", "it doesn't\n    run older code"),
        ("a heat-\nsink was added here", "a heatsink\n     was added here"),
        ("the new Trai-\nnium2 chip", "the new Trainium2\n      chip"),  # a name's digits after the break
        ("a stor\u00ad\nage tier", "a storage\n    tier"),  # a soft hyphen
        ("a stor¬\nage tier", "a storage\n    tier"),  # a recogniser's break mark
    ],
)
def test_words_broken_at_line_end_are_joined(broken: str, joined: str) -> None:
    text = broken + "\nand heatsink again."
    assert "\n".join(_repair(text)).startswith(joined)


@pytest.mark.parametrize(
    ("broken", "kept"),
    [
        ("a liquid-\ncooled chassis", "a liquid-cooled"),  # a compound's second half
        ("an off-\npackage DRAM die", "an off-package"),  # a compound's first half
        ("state-of-the-\nart silicon", "state-of-the-art"),  # a chain of hyphens
        ("the Bright-\nField platform", "the Bright-Field"),  # a capital after the break
        ("eight d-\nMatrix cards", "eight d-Matrix"),  # a one-letter head: a name's hyphen
        ("the new MX-\nC8 chassis", "the new MX-C8"),  # a code broken at its hyphen
    ],
)
def test_compounds_keep_their_hyphen(broken: str, kept: str) -> None:
    assert _repair(broken)[0].endswith(kept)


def test_a_word_the_document_writes_closed_is_joined_closed() -> None:
    text = "Made by Deep-\nRiver in Oslo.\nDeepRiver also makes boards."
    assert _repair(text)[0].endswith("DeepRiver")


@pytest.mark.parametrize(
    "text", ["built on the 3-\n5 nm class nodes", "sold in 2023-\n2024 only", "the X-\n9 board"]
)
def test_figures_and_ranges_broken_at_line_end_are_never_joined(text: str) -> None:
    assert _repair(text) == tuple(text.split("\n"))


PAGED = """\
ORBIT LABS  |  Product Guide  |  page 1

The Orbit Q4 card has 96 GB of memory and the
board draws 350 W at full load in the standard

- 1 -

ORBIT LABS  |  Product Guide  |  page 2

chassis, which is why we ship it with two fans.

Page 2 of 3

ORBIT LABS  |  Product Guide  |  page 3
"""


def test_page_numbers_and_running_headers_are_blanked() -> None:
    repair = repair_scanned_text(PAGED.split("\n"))
    assert sorted(repair.furniture) == [0, 5, 7, 11, 13]
    assert all(not repair.lines[index] for index in repair.furniture)


def test_a_paragraph_runs_on_across_a_page_break(tmp_path: Path) -> None:
    path = tmp_path / "guide.txt"
    path.write_text(PAGED, encoding="utf-8")
    document = load_document(path, "guide.txt")
    paragraphs = [block for block in document.blocks if block.kind is BlockKind.PARAGRAPH]
    assert len(paragraphs) == 1
    block = paragraphs[0]
    assert block.line == 3
    assert "350 W" in block.text and "two fans" in block.text
    # the second half keeps its own line in the file
    assert block.position(block.text.index("chassis")) == (10, 1)
    assert block.position(block.text.index("350 W")) == (4, 13)


def test_a_page_break_after_a_finished_sentence_ends_the_paragraph(tmp_path: Path) -> None:
    text = PAGED.replace("in the standard", "in the standard case.").replace(
        "chassis, which", "Chassis which"
    )
    path = tmp_path / "guide.txt"
    path.write_text(text, encoding="utf-8")
    paragraphs = [b for b in load_document(path, "guide.txt").blocks if b.kind is BlockKind.PARAGRAPH]
    assert [block.line for block in paragraphs] == [3, 10]


def test_a_repeated_table_header_in_an_unpaged_document_stays() -> None:
    header = "Model      Memory     Power"
    text = f"{header}\nAx1        16 GB      75 W\n\n{header}\nAx2        32 GB      150 W"
    repair = repair_scanned_text(text.split("\n"))
    assert not repair.furniture


def test_figure_lines_that_share_a_shape_are_not_running_headers(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text(
        "Memory\n\nThe H100 has 80 GB.\n\n- 12 -\n\nThe H200 has 141 GB.\n\n- 13 -\n", encoding="utf-8"
    )
    texts = [block.text for block in load_document(path, "notes.txt").blocks]
    assert texts == ["Memory", "The H100 has 80 GB.", "The H200 has 141 GB."]


def test_a_repeated_line_beside_page_numbers_is_furniture_unless_it_states_a_figure() -> None:
    text = "Draft 3\n\nThe card is fast.\n\n- 1 -\n\nDraft 4\n\nIt is quiet.\n\n- 2 -\n"
    assert sorted(repair_scanned_text(text.split("\n")).furniture) == [
        4,
        6,
        10,
    ]  # "Draft 3" opens the file, beside no number
    with_units = text.replace("Draft 3", "Draft 3 GB").replace("Draft 4", "Draft 4 GB")
    assert sorted(repair_scanned_text(with_units.split("\n")).furniture) == [4, 10]


def test_a_broken_word_whose_tail_is_its_whole_line_moves_down() -> None:
    assert _repair("The new accel-\nerator\nnext") == ("The new", "accelerator", "next")
