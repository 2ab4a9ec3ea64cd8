"""Properties over random Markdown-ish input and the seed corpus: positions always map back."""

from __future__ import annotations

import pathlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from factlint.config import Config
from factlint.models import BlockKind, Document
from factlint.sources import load_document, load_sources
from factlint.sources.blocks import is_boilerplate
from factlint.sources.reader import plain_symbols

SEEDS = pathlib.Path(__file__).resolve().parents[1].parent / "shared" / "corpus" / "seeds"

_WORDS = st.sampled_from(
    [
        "Vega",
        "has",
        "2.8",
        "TB/s.",
        "e.g.",
        "(note)",
        "**Bold:**",
        "[[Link]]",
        "x",
        "|",
        "`code`",
        "…",
        "GB",
        "\u00a0",
        "\t",
        "Memory:",
        "<b>",
        "***",
    ]
)
_INLINE = st.lists(_WORDS, min_size=1, max_size=8).map(" ".join)
_PREFIX = st.sampled_from(["", "", "  ", "- ", "* ", "1. ", "  - ", "> ", "# ", "## ", "• ", "(2) ", "\t"])
_LINE = st.one_of(
    st.tuples(_PREFIX, _INLINE).map("".join),
    st.just(""),
    st.just("| A | B |"),
    st.just("|---|---|"),
    st.just("| 1 GB | 2 GB |"),
    st.just("```"),
    st.just("---"),
    st.just("===="),
    st.just("Skip to content"),
)
_DOCUMENT = st.lists(_LINE, max_size=25).map("\n".join)


def assert_positions_match(document: Document, text: str) -> None:
    """Assert every character of every block sits at its position in ``text``.

    The reader reads a few symbols as their plain forms, one for one (a no-break space as a
    space): positions are compared in the text as read.
    """
    lines = plain_symbols(text).split("\n")
    for block in document.blocks:
        assert block.text, block
        for offset, char in enumerate(block.text):
            if char == "\n":
                continue
            line, column = block.position(offset)
            assert lines[line - 1][column - 1] == char, (block, offset)
        for start, end in block.sentences:
            assert block.text[start:end].strip() == block.text[start:end]


@pytest.mark.parametrize("suffix", [".md", ".txt"])
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=_DOCUMENT)
def test_random_documents_map_back_exactly(tmp_path: pathlib.Path, suffix: str, text: str) -> None:
    path = tmp_path / f"random{suffix}"
    path.write_text(text, encoding="utf-8")
    document = load_document(path, path.name)
    if document.error is not None:  # only front matter can be malformed here
        assert text.startswith("---") and document.error.startswith("line ")
        return
    assert_positions_match(document, text)


@pytest.mark.seeds
@pytest.mark.skipif(not SEEDS.is_dir(), reason="seed corpus not present")
def test_seed_corpus_structure() -> None:
    documents = load_sources([str(SEEDS)], Config())
    assert len(documents) >= 4
    for document in documents:
        assert document.error is None
        text = (SEEDS / pathlib.Path(document.path).name).read_text(encoding="utf-8-sig")
        assert_positions_match(document, text.replace("\r\n", "\n"))
        lines = text.split("\n")
        for block in document.blocks:
            assert not is_boilerplate(lines[block.line - 1])
            if block.kind is BlockKind.TABLE_ROW:
                assert block.table_headers and block.cells
            if block.kind in (BlockKind.PARAGRAPH, BlockKind.LIST_ITEM):
                assert block.sentences
    formats = sorted(document.format for document in documents)
    assert "markdown" in formats and "text" in formats
