"""Manual-page reader robustness: no quadratic rescans, tags dropped at paragraph breaks, mdoc column
lists, inline links, size escapes, no-fill positions, joined lines and mdoc mark positions."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

import pytest

from factlint.models import Block, BlockKind
from factlint.sources import roff
from factlint.sources.htmltext import AnchoredText
from factlint.sources.roff import parse_roff
from factlint.sources.roffinline import printed
from tests.sourcefiles import placed


class _CountedLines(Sequence[str]):
    """Lines that count how often they are read."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.reads = 0

    def __len__(self) -> int:
        return len(self.lines)

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...
    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        self.reads += 1
        return self.lines[index]

    def __iter__(self) -> Iterator[str]:
        self.reads += len(self.lines)
        return iter(self.lines)


def _blocks(source: str) -> list[Block]:
    return parse_roff(source.split("\n"))[0]


def _paragraphs(source: str) -> list[tuple[str, str | None]]:
    return [(block.text, block.label) for block in _blocks(source) if block.kind is BlockKind.PARAGRAPH]


def test_unclosed_definitions_are_not_rescanned_to_the_end() -> None:
    lines = _CountedLines(
        ("." + ".TH X 1\n.SH D\n" + ".de XX\nfoo bar\n" * 2000 + ".ig\nx\n")[1:].split("\n")
    )
    parse_roff(lines)
    assert lines.reads < 10 * len(lines)


def test_a_closed_definition_still_prints_nothing() -> None:
    assert _paragraphs(".TH X 1\n.SH D\n.de XX\nhidden 9 W\n..\nShown 8 W.\n") == [("Shown 8 W.", None)]


def test_many_tags_with_no_body_join_in_linear_time(monkeypatch: pytest.MonkeyPatch) -> None:
    joined_characters = 0
    real_join = roff.join

    def counting_join(
        parts: list[AnchoredText], separator: str
    ) -> tuple[str, list[tuple[int, int, int]], list[int]]:
        nonlocal joined_characters
        joined_characters += sum(len(part.text) for part in parts)
        return real_join(parts, separator)

    monkeypatch.setattr(roff, "join", counting_join)
    source = ".TH X 1\n.SH D\n" + "".join(f".TP\n.B \\-a{i}\n" for i in range(2000)) + "body\n"
    paragraphs = _paragraphs(source)
    assert paragraphs[0][0].startswith("-a0, -a1, ") and paragraphs[0][0].endswith("-a1999: body")
    assert joined_characters < 2 * len(source)


@pytest.mark.parametrize("request_name", ["PP", "Pp", "El", "SS x"])
def test_an_unused_tag_is_dropped_at_a_paragraph_break(request_name: str) -> None:
    source = f".TH X 1\n.SH D\n.TP\n.B tag\n.{request_name}\nThe L4 has 24 GB.\n"
    assert _paragraphs(source) == [("The L4 has 24 GB.", None)]


@pytest.mark.parametrize("request_name", ["PD 0", "RS"])
def test_an_unused_tag_waits_past_spacing_and_indentation(request_name: str) -> None:
    source = f".TH X 1\n.SH D\n.TP\n.B tag\n.{request_name}\nHas 24 GB.\n"
    assert _paragraphs(source) == [("tag: Has 24 GB.", "tag")]


MDOC_COLUMNS = (
    '.Dd x\n.Dt F 1\n.Sh DESCRIPTION\n.Bl -column "GPU" "Memory"\n.It Sy GPU Ta Sy Memory\n'
    ".It H100 Ta 80 GB\n.It A100 Ta 40 GB\n.El\n.Pp\nThe L4 has 24 GB.\n"
)


def test_mdoc_column_list_rows_split_at_ta() -> None:
    blocks = _blocks(MDOC_COLUMNS)
    rows = [block for block in blocks if block.kind is BlockKind.TABLE_ROW]
    assert [(row.text, row.table_headers, [cell.text for cell in row.cells]) for row in rows] == [
        ("H100 | 80 GB", ("GPU", "Memory"), ["H100", "80 GB"]),
        ("A100 | 40 GB", ("GPU", "Memory"), ["A100", "40 GB"]),
    ]
    assert placed(rows[0], "80 GB", MDOC_COLUMNS.split("\n")) == (6, 13)
    assert _paragraphs(MDOC_COLUMNS) == [("The L4 has 24 GB.", None)]


def test_inline_links_continue_the_sentence() -> None:
    source = (
        ".TH X 1\n.SH DESCRIPTION\nThe\n.UR https://nvidia.com/h100\nNVIDIA H100\n.UE ,\n"
        "has 80 GB of HBM3 memory.\nMail\n.MT a@b.c\nus\n.ME .\n"
    )
    assert _paragraphs(source) == [("The\nNVIDIA H100,\nhas 80 GB of HBM3 memory.\nMail\nus.", None)]


@pytest.mark.parametrize(
    ("escaped", "shown"),
    [
        ("\\s-180 GB\\s0", "80 GB"),
        ("\\s+280 GB", "80 GB"),
        ("\\s1080 GB", "80 GB"),
        ("\\s(1080 GB", "80 GB"),
        ("\\s-(1080 GB", "80 GB"),
        ("\\s480 GB", "80 GB"),
    ],
)
def test_size_escapes_take_groff_digit_counts(escaped: str, shown: str) -> None:
    assert printed(escaped, 1, 1).text() == shown


NO_FILL = (
    ".TH X 1\n.SH E\n.nf\n\\fBdev 0\\fR  NVIDIA H100\n"
    "  \\fBmemory\\fR      80 GB\n  power\\ limit   700 W\n.fi\n"
)


def test_no_fill_text_is_placed_at_its_source_columns() -> None:
    blocks = [block for block in _blocks(NO_FILL) if "GB" in block.text or "W" in block.text]
    memory = next(block for block in blocks if "80 GB" in block.text)
    power = next(block for block in blocks if "700 W" in block.text)
    assert placed(memory, "80 GB", NO_FILL.split("\n")) == (5, 21)
    assert placed(memory, "memory", NO_FILL.split("\n")) == (5, 6)
    assert placed(power, "700 W", NO_FILL.split("\n")) == (6, 18)
    assert [memory.text[cell.column - memory.column :].startswith(cell.text) for cell in memory.cells] == [
        True
    ] * len(memory.cells)


def test_backslash_c_and_a_trailing_backslash_join_lines() -> None:
    assert _paragraphs(".TH X 1\n.SH D\nThe H1\\c\n.B 00\nhas 80\\\nGB.\n") == [("The H100\nhas 80GB.", None)]


def test_an_option_synopsis_after_tp_is_the_tag() -> None:
    source = ".TH X 1\n.SH D\n.TP\n.OP \\-m size\nSets 80 GB.\n"
    assert _paragraphs(source) == [("[-m size]: Sets 80 GB.", "[-m size]")]


def test_mdoc_marks_do_not_shift_the_words() -> None:
    source = ".Dd x\n.Dt F 1\n.Sh D\n.Bl -tag\n.It Fl m Ar size\nSets it.\n.El\nSee\n.Xr foo 1 .\n"
    first, second = (block for block in _blocks(source) if block.kind is BlockKind.PARAGRAPH)
    assert placed(first, "m", source.split("\n")) == (5, 8)
    assert placed(second, "foo", source.split("\n")) == (9, 5)
    assert second.position(second.text.index("1)")) == (9, 9)


def test_an_unclosed_column_list_keeps_its_rows() -> None:
    source = ".Dd x\n.Dt F 1\n.Sh D\n.Bl -column x y\n.It H100 Ta 80 GB\n"
    assert [block.text for block in _blocks(source) if block.kind is BlockKind.TABLE_ROW] == ["H100 | 80 GB"]


def test_typeset_conditions_print_their_body() -> None:
    source = (
        '.TH X 1\n.SH D\n.if t .B "NVIDIA H100"\n.if n .B "NVIDIA H100 (terminal)"\nhas\n'
        ".ie t 80 GB.\n.el 80 GB (terminal).\n.ie \\n(.g .ds x y\n.el hidden 9 W\n"
    )
    block = next(block for block in _blocks(source) if block.kind is BlockKind.PARAGRAPH)
    assert block.text == "NVIDIA H100\nhas\n80 GB."
    assert placed(block, "NVIDIA", source.split("\n")) == (3, 11)
    assert placed(block, "80 GB", source.split("\n")) == (6, 7)
