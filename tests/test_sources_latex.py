"""Reading LaTeX source into blocks of what the typeset page shows, with file positions kept."""

from __future__ import annotations

import pathlib
import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from source_text import load_text as _load

from factlint.models import Block, BlockKind
from factlint.sources import load_document
from factlint.sources.detect import is_latex
from factlint.sources.latex import parse_latex
from factlint.sources.latexmarkup import MASK, mask_comments
from factlint.sources.latexunits import number_text, unit_text


def _blocks(source: str) -> list[Block]:
    return parse_latex(textwrap.dedent(source).strip("\n").split("\n")).blocks


def _at(block: Block, needle: str) -> tuple[int, int]:
    return block.position(block.text.index(needle))


def test_sections_are_headings_and_carry_their_subject() -> None:
    blocks = _blocks(r"""
        \chapter{Accelerators}\label{ch:acc}
        \section*{Cloud TPU v5e}
        Each chip has 16\,GB of HBM2.
        \subsection[Short]{Pods}
        A pod holds 256 chips.
    """)
    assert [(b.kind, b.text) for b in blocks if b.kind is BlockKind.HEADING] == [
        (BlockKind.HEADING, "Accelerators"),
        (BlockKind.HEADING, "Cloud TPU v5e"),
        (BlockKind.HEADING, "Pods"),
    ]
    paragraph = next(b for b in blocks if b.text.startswith("Each"))
    assert paragraph.text == "Each chip has 16 GB of HBM2."
    assert paragraph.headings == ("Accelerators", "Cloud TPU v5e")
    assert blocks[-1].headings == ("Accelerators", "Cloud TPU v5e", "Pods")


def test_siunitx_quantities_print_number_and_unit_on_their_own_line() -> None:
    blocks = _blocks(r"""
        The card has \SI{24}{\giga\byte} at
        \qty{864}{\giga\byte\per\second}, runs at \SI{2.52}{\giga\hertz},
        draws \SIrange{275}{300}{\watt} and peaks at \num{1,5}\,\si{\peta\flops}.
    """)
    text = blocks[0].text
    assert "24 GB" in text and "864 GB/s" in text and "2.52 GHz" in text
    assert "275–300 W" in text and "1.5 PFLOPS" in text
    assert _at(blocks[0], "864") == (2, 6)
    assert _at(blocks[0], "275") == (3, 16)


def test_units_the_document_declares_and_common_abbreviations() -> None:
    blocks = _blocks(r"""
        \DeclareSIUnit\GBps{\giga\byte\per\second}
        \newcommand{\mem}{HBM3}
        The part reaches \SI{3.35}{\GBps} of \mem{} and a \SI{1}{\GHz} clock; 96\,\GB in all.
    """)
    assert blocks[0].text == "The part reaches 3.35 GB/s of HBM3 and a 1 GHz clock; 96 GB in all."


@pytest.mark.parametrize(
    ("written", "printed"),
    [
        (r"\tera\byte\per\second", "TB/s"),
        (r"\kilo\watt\hour", "kWh"),
        (r"\nano\metre", "nm"),
        (r"\gibi\byte", "GiB"),
        (r"\square\milli\metre", "mm²"),
        (r"GB/s", "GB/s"),
        (r"\tera\flops", "TFLOPS"),
    ],
)
def test_unit_text(written: str, printed: str) -> None:
    assert unit_text(written, {}) == printed


@pytest.mark.parametrize(
    ("written", "printed"), [("1.555", "1.555"), ("1,5", "1.5"), ("2e3", "2×10³"), ("12 345", "12345")]
)
def test_number_text(written: str, printed: str) -> None:
    assert number_text(written) == printed


def test_comments_are_not_read_and_escaped_percent_is_text() -> None:
    blocks = _blocks(r"""
        Utilisation reached 85\,\% on the MI210. % an older run gave 64 GB
        % The MI210 was 300 W in the draft.
        It has 64\,GB.
    """)
    assert blocks[0].text == "Utilisation reached 85 % on the MI210. It has 64 GB."
    assert len(blocks) == 1


def test_a_comment_line_does_not_end_a_paragraph_but_a_blank_line_after_one_does() -> None:
    source = "First line\n% note\nsame paragraph.\n% closing note\n\nNext paragraph."
    blocks = parse_latex(source.split("\n")).blocks
    assert [b.text for b in blocks] == ["First line\nsame paragraph.", "Next paragraph."]


def test_mask_keeps_offsets() -> None:
    text = "a 50\\% b % hidden\nc"
    masked = mask_comments(text)
    assert len(masked) == len(text)
    assert masked.startswith("a 50\\% b ") and masked.endswith("c") and MASK in masked


def test_math_hedges_and_multipliers() -> None:
    blocks = _blocks(r"""
        It reaches $\approx$\SI{2}{\tera\byte\per\second}, $\sim$3 exaflops per pod,
        and runs 2.5$\times$ faster; a $10^{18}$ FLOPS machine.
    """)
    assert blocks[0].text.startswith("It reaches ≈2 TB/s, ~3 exaflops per pod,\nand runs 2.5× faster;")
    assert "10¹⁸ FLOPS" in blocks[0].text


def test_references_and_citations_print_nothing() -> None:
    blocks = _blocks(r"""
        As Table~\ref{tab:2} shows, the part has 40 GB~\cite{smith2023}.
        See Section~\ref{sec:x}, and~\cite[p.~3]{lee2021}.
    """)
    assert blocks[0].text == "As Table shows, the part has 40 GB.\nSee Section, and."


def test_footnote_is_a_note_of_its_own_after_its_paragraph() -> None:
    blocks = _blocks(r"""
        The H200 has 141 GB.\footnote{The NVL variant is
        rated at 600\,W.} It ships in 2024.
    """)
    assert blocks[0].text == "The H200 has 141 GB.[^1] It ships in 2024."
    assert blocks[1].text == "[^1]: The NVL variant is\nrated at 600 W."
    assert _at(blocks[1], "600") == (2, 10)


def test_lists_description_terms_and_nested_items() -> None:
    blocks = _blocks(r"""
        The Gaudi 3 in brief:
        \begin{description}
          \item[Memory] \SI{128}{\giga\byte}
          \item[Power] 900\,W
        \end{description}
        \begin{itemize}
          \item One item.
          \begin{enumerate}
            \item Nested 7\,nm.
          \end{enumerate}
        \end{itemize}
    """)
    items = [b for b in blocks if b.kind is BlockKind.LIST_ITEM]
    assert [(b.text, b.label) for b in items[:2]] == [("Memory: 128 GB", "Memory"), ("Power: 900 W", "Power")]
    assert items[0].list_intro == "The Gaudi 3 in brief:"
    assert [b.text for b in items[2:]] == ["One item.", "Nested 7 nm."]


def test_tabular_rows_with_header_rules_multicolumn_and_notes() -> None:
    blocks = _blocks(r"""
        \begin{table}
        \caption{Device figures.}
        \begin{threeparttable}
        \begin{tabular}{@{}lrr@{}}
        \toprule
        Device & \multicolumn{2}{c}{Memory} \\
        \cmidrule(lr){2-3}
               & Size (GB) & BW (TB/s) \\
        \midrule
        L40S \& L40 & 48 & 0.864 \\
        Gaudi 2 & 96\tnote{a} & --- \\ \hline
        \bottomrule
        \end{tabular}
        \begin{tablenotes}
        \item[a] Per OAM module.
        \end{tablenotes}
        \end{threeparttable}
        \end{table}
    """)
    assert blocks[0].kind is BlockKind.PARAGRAPH and blocks[0].text == "Device figures."
    rows = [b for b in blocks if b.kind is BlockKind.TABLE_ROW]
    assert [b.text for b in rows] == ["L40S & L40 | 48 | 0.864", "Gaudi 2 | 96[a] | —"]
    assert rows[0].table_headers == ("Device", "Memory Size (GB)", "Memory BW (TB/s)")
    assert _at(rows[1], "96") == (11, 11)
    assert blocks[-1].text == "[a] Per OAM module." and blocks[-1].kind is BlockKind.PARAGRAPH


def test_table_without_rules_takes_a_first_row_of_words_as_header() -> None:
    blocks = _blocks(r"""
        \begin{tabular}{ll}
        Chip & TDP (W) \\
        \multirow{2}{*}{MI300X} & 750 \\
         & 750 \\
        \end{tabular}
    """)
    rows = [b for b in blocks if b.kind is BlockKind.TABLE_ROW]
    assert rows[0].table_headers == ("Chip", "TDP (W)")
    assert [b.text for b in rows] == ["MI300X | 750", "MI300X | 750"]


def test_preamble_is_read_only_for_title_and_definitions() -> None:
    latex = parse_latex(
        textwrap.dedent(r"""
            \documentclass{article}
            \usepackage[binary-units]{siunitx}
            \title{Inference hardware notes}
            \newcommand{\acc}{Trainium2}
            \begin{document}
            \maketitle
            The \acc{} has 96 GiB.
            \end{document}
            Trailing text after the document is not read.
        """)
        .strip("\n")
        .split("\n")
    )
    assert latex.title == "Inference hardware notes"
    assert [b.text for b in latex.blocks] == ["The Trainium2 has 96 GiB."]
    assert latex.blocks[0].line == 7
    assert latex.problems == ()


def test_unclosed_heading_stops_at_the_paragraph_break_and_is_reported() -> None:
    latex = parse_latex(
        textwrap.dedent(r"""
            \documentclass{article}
            \begin{document}
            \section{Memory of the accelerators
            The Gaudi 3 carries 128 GB of HBM2e.

            The MI325X carries 256 GB of HBM3E.
            \end{document}
        """)
        .strip("\n")
        .split("\n")
    )
    assert [(b.kind, b.text, b.line) for b in latex.blocks] == [
        (BlockKind.HEADING, "Memory of the accelerators The Gaudi 3 carries 128 GB of HBM2e.", 3),
        (BlockKind.PARAGRAPH, "The MI325X carries 256 GB of HBM3E.", 6),
    ]
    assert latex.problems == ("line 3: heading argument not closed before the paragraph ends",)


def test_skipped_environments_are_not_read() -> None:
    blocks = _blocks(r"""
        \begin{comment}
        The B200 has 200 GB.
        \end{comment}
        \begin{verbatim}
        mem = 80GB
        \end{verbatim}
        Shown: 192 GB.
    """)
    assert [b.text for b in blocks] == ["Shown: 192 GB."]


def test_detection_by_suffix_and_by_content() -> None:
    source = "\\section{A}\ntext\n\\begin{itemize}\n\\item x\n\\end{itemize}\n"
    assert is_latex(source, ".txt")
    assert is_latex("anything", ".tex")
    assert not is_latex(source, ".md")
    assert not is_latex("We wrote \\section{A} in our paper once.\n", ".txt")
    assert not is_latex("C:\\Users\\me\\begin{x}\n", ".txt")


def test_loaded_txt_file_of_latex_is_read_as_latex(tmp_path: pathlib.Path) -> None:
    document = _load(
        tmp_path,
        "chapter.txt",
        r"""
        \section{Setup}\label{sec:setup}
        We used the MI250X with 128\,GB of HBM2e.
        \begin{itemize}
        \item It draws 560\,W.
        \end{itemize}
        """,
    )
    assert document.format == "latex"
    assert [b.kind for b in document.blocks] == [BlockKind.HEADING, BlockKind.PARAGRAPH, BlockKind.LIST_ITEM]


_LATEX_PIECES = st.sampled_from([
    "text ", "128\\,GB ", "\\SI{3.2}{\\tera\\byte\\per\\second} ", "% comment\n", "\n\n", "\\section{X}\n",
    "\\footnote{n 5 W}", "$\\approx$", "\\textbf{b}", "{", "}", "\\\\", "~", "\\%", "&", "--",
    "\\begin{itemize}\n\\item a\n", "\\end{itemize}\n", "\\begin{tabular}{ll}\na & 1 \\\\\n",
    "\\end{tabular}\n",
    "\\cite{k}", "$x^{2}$", "\\newcommand{\\x}{y}", "\\x ", "\\item[t] ", "\\multicolumn{2}{c}{m}",
])  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(st.lists(_LATEX_PIECES, max_size=30))
def test_any_source_reads_to_blocks_whose_digits_map_to_the_file(pieces: list[str]) -> None:
    source = "".join(pieces)
    lines = source.split("\n")
    blocks = parse_latex(lines).blocks
    for block in blocks:
        for offset, char in enumerate(block.text):
            if char in "0123456789" and "[^" not in block.text[max(0, offset - 3) : offset + 1]:
                line, column = block.position(offset)
                assert lines[line - 1][column - 1] == char


def test_bold_label_opening_a_block_labels_it_and_a_frame_title_is_a_heading() -> None:
    blocks = _blocks(r"""
        \begin{frame}[fragile]{Inferentia2 at a glance}
        \textbf{Memory:} \SI{32}{\giga\byte} of HBM.

        \textbf{Inf2 instance}: 12 chips.

        \textbf{Note} that a bold word is no label.
        \end{frame}
    """)
    assert (blocks[0].kind, blocks[0].text) == (BlockKind.HEADING, "Inferentia2 at a glance")
    assert [(b.text, b.label) for b in blocks[1:]] == [
        ("Memory: 32 GB of HBM.", "Memory"),
        ("Inf2 instance: 12 chips.", "Inf2 instance"),
        ("Note that a bold word is no label.", None),
    ]


def test_siunitx_pre_unit_and_a_lone_dollar_sign() -> None:
    blocks = _blocks(r"""
        The rate is \SI{4.20}[\$]{} per chip-hour; the kit is $1,099 today.
    """)
    assert blocks[0].text == "The rate is $4.20 per chip-hour; the kit is $1,099 today."


def test_an_iffalse_block_hides_what_it_holds() -> None:
    masked = mask_comments("Rated 5 GB. \\iffalse old: 9 GB \\fi Done.")
    assert "9 GB" not in masked and masked.startswith("Rated 5 GB. ") and masked.endswith(" Done.")
    assert len(masked) == len("Rated 5 GB. \\iffalse old: 9 GB \\fi Done.")  # offsets kept


def test_a_declared_unit_that_prints_nothing_is_no_crash() -> None:
    source = "\\DeclareSIUnit{\\token}{\\text{tok}}\nThroughput is 40 \\token per second.\n"
    blocks = parse_latex(source.splitlines(keepends=True), 1).blocks
    assert [block.kind for block in blocks] == [BlockKind.PARAGRAPH]
    assert "Throughput is 40" in blocks[0].text


def test_a_macro_whose_footnote_uses_it_again_ends() -> None:
    source = "\\newcommand{\\loop}{\\footnote{\\loop}}\nSee here\\loop.\n"
    blocks = parse_latex(source.splitlines(keepends=True), 1).blocks
    assert blocks[0].text.startswith("See here")


def test_starred_verb_prints_what_it_quotes() -> None:
    blocks = parse_latex(["Type \\verb*|{x}| now.\n"], 1).blocks
    assert "{x}" in blocks[0].text and "|" not in blocks[0].text


def test_loaded_latex_document_carries_its_problems(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "notes.tex"
    path.write_text("\\section{Draft\n\nThe TPU v5e has 16 GB of HBM2.\n", encoding="utf-8")
    document = load_document(path, "notes.tex")
    assert document.error is None
    assert document.problems == ("line 1: heading argument not closed before the paragraph ends",)
    assert [block.text for block in document.blocks][-1] == "The TPU v5e has 16 GB of HBM2."


def test_footnote_in_a_description_term_is_read_once() -> None:
    blocks = _blocks(r"""
        \begin{description}
        \item[MI250X\footnote{The OAM module draws 560 W.}] carries 128 GB of HBM2e.
        \end{description}
    """)
    assert [b.text for b in blocks] == [
        "MI250X[^1]: carries 128 GB of HBM2e.",
        "[^1]: The OAM module draws 560 W.",
    ]
