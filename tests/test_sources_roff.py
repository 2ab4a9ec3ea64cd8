"""Reading Unix manual pages in troff source (man and mdoc macros) into blocks of what the page shows."""

from __future__ import annotations

import pathlib
import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from factlint.models import Block, BlockKind
from factlint.sources.detect import is_roff
from factlint.sources.loader import load_document
from factlint.sources.outputrecords import find_records
from factlint.sources.roff import parse_roff
from factlint.sources.roffinline import printed
from tests.sourcefiles import placed

MAN_PAGE = r""".\" Manual page for gpustat(1); generated, do not edit
.TH GPUSTAT 1 "June 2025" "gpustat 3.4.1" "User Commands"
.SH NAME
gpustat \- show the accelerators of this host
.SH DESCRIPTION
.B gpustat
reads every board it finds. The 80 GB of HBM3 on an
.B NVIDIA H100 SXM
shows as 74.5 GiB with \fB\-\-binary\fR.
.\" a hidden remark about 999 W
The \fIMI300X\fR draws up to 750\ W\(emmore than most.
.SH OPTIONS
.TP
.B \-\-watch
Refresh every 2 seconds.
.TP
.BR \-\-limit " " \fIN\fR
Show at most \fIN\fR boards.
.SH EXAMPLES
.nf
$ gpustat
gpu 0  NVIDIA H100 SXM   bus 0000:1b:00.0
  memory        80 GB
  power cap     700 W
gpu 1  Intel Gaudi 3     bus 0000:2c:00.0
  memory:       128 GB
.fi
.SH SEE ALSO
.BR nvidia\-smi (1),
.BR rocm\-smi (1)
"""

MDOC_PAGE = r""".Dd May 3, 2025
.Dt NPUINFO 8
.Os
.Sh NAME
.Nm npuinfo
.Nd list neural processing units
.Sh DESCRIPTION
The
.Nm
utility prints the 16 GB of LPDDR5 on each card, see
.Xr lspci 8 .
.Bl -tag -width Ds
.It Fl v
Print 45 TOPS figures too.
.El
.Bd -literal
npu 0  Hailo-10H
  int4      40 TOPS
.Ed
"""


def _blocks(source: str) -> list[Block]:
    return parse_roff(source.split("\n"))[0]


def _texts(blocks: list[Block], kind: BlockKind = BlockKind.PARAGRAPH) -> list[str]:
    return [block.text for block in blocks if block.kind is kind]


def test_headings_and_title_come_from_the_requests() -> None:
    blocks, title = parse_roff(MAN_PAGE.split("\n"))
    assert title == "GPUSTAT(1)"
    assert _texts(blocks, BlockKind.HEADING)[:3] == ["NAME", "DESCRIPTION", "OPTIONS"]
    assert not any("June 2025" in block.text or "3.4.1" in block.text for block in blocks)


def test_font_macro_arguments_continue_the_sentence_each_on_its_line() -> None:
    paragraph = next(text for text in _texts(_blocks(MAN_PAGE)) if "HBM3" in text)
    assert " ".join(paragraph.split()) == (
        "gpustat reads every board it finds. The 80 GB of HBM3 on an NVIDIA H100 SXM shows as "
        "74.5 GiB with --binary. The MI300X draws up to 750 W\u2014more than most."
    )
    block = next(block for block in _blocks(MAN_PAGE) if "HBM3" in block.text)
    assert placed(block, "NVIDIA H100 SXM", MAN_PAGE.split("\n")) == (8, 4)
    assert placed(block, "74.5 GiB", MAN_PAGE.split("\n"))[0] == 9
    assert placed(block, "750", MAN_PAGE.split("\n"))[0] == 11


def test_comments_are_hidden() -> None:
    assert not any("999" in block.text for block in _blocks(MAN_PAGE))
    assert not any("generated" in block.text for block in _blocks(MAN_PAGE))


def test_tagged_paragraph_opens_with_its_tag_as_label() -> None:
    blocks = [block for block in _blocks(MAN_PAGE) if block.headings == ("OPTIONS",)]
    assert [(block.text, block.label) for block in blocks] == [
        ("--watch: Refresh every 2 seconds.", "--watch"),
        ("--limit N: Show at most N boards.", "--limit N"),
    ]


def test_output_records_become_rows_under_their_header() -> None:
    rows = [block for block in _blocks(MAN_PAGE) if block.kind is BlockKind.TABLE_ROW]
    assert [(row.line, row.headings[-1], row.cells[1].text) for row in rows] == [
        (23, "gpu 0 NVIDIA H100 SXM bus 0000:1b:00.0", "80 GB"),
        (24, "gpu 0 NVIDIA H100 SXM bus 0000:1b:00.0", "700 W"),
        (26, "gpu 1 Intel Gaudi 3 bus 0000:2c:00.0", "128 GB"),
    ]
    assert rows[0].cells[1].column == MAN_PAGE.split("\n")[22].index("80 GB") + 1


def test_see_also_is_skipped() -> None:
    assert not any("nvidia-smi" in block.text for block in _blocks(MAN_PAGE))


def test_mdoc_page() -> None:
    blocks, title = parse_roff(MDOC_PAGE.split("\n"))
    assert title == "NPUINFO(8)"
    texts = _texts(blocks)
    assert "The\nutility prints the 16 GB of LPDDR5 on each card, see\nlspci(8)." in texts
    assert "-v: Print 45 TOPS figures too." in texts
    rows = [block for block in blocks if block.kind is BlockKind.TABLE_ROW]
    assert [(row.line, row.headings[-1], row.cells[1].text) for row in rows] == [
        (18, "npu 0 Hailo-10H", "40 TOPS")
    ]


def test_mdoc_no_macro_prints_its_arguments_and_not_its_name() -> None:
    # "No" is a YAML 1.1 boolean: unquoted in roff.yaml it was read as False, never as a macro
    source = ".Dd May 3, 2025\n.Dt FANCTL 8\n.Os\n.Sh DESCRIPTION\n"
    source += "Each fan spins at up to\n.Sy 9000 No rpm .\n"
    assert "Each fan spins at up to\n9000 rpm." in _texts(_blocks(source))


def test_unknown_requests_and_macro_definitions_print_nothing() -> None:
    source = ".TH X 1\n.de Zz\nHidden 5 W body\n..\n.SH NOTES\n.ad l\n.hy 0\nThe card uses 75 W.\n.Zz 9 W\n"
    assert _texts(_blocks(source)) == ["The card uses 75 W."]


@pytest.mark.parametrize(
    ("escaped", "shown"),
    [
        (r"\fBbold\fR and \f(CWmono\fP", "bold and mono"),
        (r"7\-15\ W", "7-15 W"),
        (r"a\(emb\(enc", "a\u2014b\u2013c"),
        (r"it\(aqs \e \&.x", "it's \\ .x"),
        (r"4\(mu8\~GB \(ti3", "4\u00d78 GB ~3"),
        (r"\s-1SMALL\s0 \*(Tm\*R", "SMALL \u2122\u00ae"),
        (r"\[em]\h'2m'x", "\u2014x"),
        (r"text \" a comment", "text "),
    ],
)
def test_escapes(escaped: str, shown: str) -> None:
    assert printed(escaped, 1, 1).text() == shown


@pytest.mark.parametrize(
    ("text", "suffix", "expected"),
    [
        (MAN_PAGE, ".1", True),
        (MDOC_PAGE, ".8", True),
        (MAN_PAGE, ".txt", True),
        (MAN_PAGE, "", True),
        (MAN_PAGE, ".3p", True),
        (MAN_PAGE, ".man", True),
        ("Release 1.8 notes\n.SH is a macro\n", ".txt", False),  # prose that mentions a request
        ("version 2\n", ".1", False),  # a ".1" file that is not roff
        (MAN_PAGE, ".md", False),
    ],
)
def test_detection(text: str, suffix: str, expected: bool) -> None:
    assert is_roff(text, suffix) is expected


def test_loader_reads_a_page_by_its_section_suffix(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "gpustat.1"
    path.write_text(MAN_PAGE, encoding="utf-8")
    document = load_document(path, "gpustat.1")
    assert document.format == "roff"
    assert document.title == "GPUSTAT(1)"


def test_records_need_an_indented_body() -> None:
    lines = textwrap.dedent(
        """\
        NAME   MEMORY
        a100   80 GB
        h100   80 GB"""
    ).split("\n")
    assert find_records(lines, 0, len(lines)) == []


@settings(max_examples=100, deadline=None)
@given(st.lists(st.text(alphabet=".\\\"'fBIR()[]*sSH TPnfiEXe-0123 \n", max_size=30), max_size=12))
def test_any_source_reads_without_error(lines: list[str]) -> None:
    for block in parse_roff("\n".join(lines).split("\n"))[0]:
        for offset in range(len(block.text)):
            line, column = block.position(offset)
            assert line >= 1 and column >= 1


def test_a_tag_waits_for_its_body_and_joins_a_second_tag() -> None:
    source = (
        ".TH X 1\n.SH OPTIONS\n.TP\n.B \\-a\n.TQ\n.B \\-\\-all\n.PD 0\nList 8 cards.\n.SH NOTES\nPlain.\n"
    )
    assert [(block.text, block.label) for block in _blocks(source) if block.kind is BlockKind.PARAGRAPH] == [
        ("-a, --all: List 8 cards.", "-a, --all"),
        ("Plain.", None),
    ]
