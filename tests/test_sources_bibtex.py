"""Reading BibTeX bibliographies: entries as sections, prose fields as paragraphs, file places."""

from __future__ import annotations

import pathlib
import textwrap

from factlint.models import Block, BlockKind
from factlint.sources import load_document
from factlint.sources.bibtex import parse_bibtex

BIBLIOGRAPHY = """\
% reading list, synced 2025-09-30 (exporter 4.2.1)
@string{hc = {Hot Chips}}

@inproceedings{doe2023orion,
  author    = {Doe, Jane and Roe, Rick},
  title     = {The {Orion X2}: a {7-Billion}-Parameter Accelerator},
  booktitle = hc # { 35},
  year      = 2023,
  pages     = {101--112},
  doi       = {10.1234/abcd.2023.5678},
  abstract  = {The Orion X2 pairs 96 GB of memory with 3.2\\,TB/s of
               bandwidth and draws 20\\% less power than its
               predecessor.},
  note      = "Slides at \\url{https://example.org/x2}; see also {\\emph{errata}}.",
}

@comment{this entry is ignored: 640 GB}
"""


def _blocks(text: str) -> list[Block]:
    lines = textwrap.dedent(text).split("\n")
    blocks, title = parse_bibtex(lines)
    assert title is None
    return blocks


def test_each_entry_is_a_section_headed_by_its_title_and_labelled_by_its_key() -> None:
    blocks = _blocks(BIBLIOGRAPHY)
    heading = blocks[0]
    assert heading.kind is BlockKind.HEADING
    assert heading.text == "The Orion X2: a 7-Billion-Parameter Accelerator"
    assert heading.label == "doe2023orion"
    assert [b.kind for b in blocks[1:]] == [BlockKind.PARAGRAPH, BlockKind.PARAGRAPH]
    assert all(b.headings == (heading.text,) for b in blocks[1:])


def test_only_prose_fields_are_read_and_comments_are_skipped() -> None:
    text = " ".join(b.text for b in _blocks(BIBLIOGRAPHY))
    for metadata in ("10.1234", "101", "2023", "Doe", "Hot Chips", "640 GB", "2025-09-30"):
        assert metadata not in text


def test_markup_is_unescaped_and_each_figure_keeps_its_file_place() -> None:
    abstract, note = _blocks(BIBLIOGRAPHY)[1:]
    assert "3.2 TB/s" in abstract.text
    assert "20% less" in abstract.text
    assert abstract.position(abstract.text.index("96 GB")) == (11, 35)
    assert abstract.position(abstract.text.index("20%")) == (12, 36)
    assert note.text == "Slides at https://example.org/x2; see also errata."


def test_a_bib_file_loads_as_a_bibliography(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "refs.bib"
    path.write_text(textwrap.dedent(BIBLIOGRAPHY), encoding="utf-8")
    document = load_document(path, "refs.bib")
    assert document.error is None
    assert [b.kind for b in document.blocks][:1] == [BlockKind.HEADING]


def test_an_unclosed_entry_reads_to_the_end_of_the_file() -> None:
    blocks = _blocks("@misc{x,\n  title = {Open {entry},\n  note = {never closed\n")
    assert blocks and blocks[0].kind is BlockKind.HEADING
