"""Sentence splitting cases kept in YAML, plus span invariants."""

from __future__ import annotations

import pathlib

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from factlint.sources.sentences import split_sentences

CASES = yaml.safe_load(
    (pathlib.Path(__file__).parent / "fixtures" / "sources" / "sentences.yaml").read_text()
)


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_sentence_case(case: dict) -> None:
    text = case["text"]
    assert [text[start:end] for start, end in split_sentences(text)] == case["sentences"]


@given(st.text(alphabet="ab. !?()\n2A", max_size=80))
def test_spans_are_ordered_trimmed_and_inside_text(text: str) -> None:
    spans = split_sentences(text)
    previous_end = 0
    for start, end in spans:
        assert previous_end <= start < end <= len(text)
        assert not text[start].isspace() and not text[end - 1].isspace()
        previous_end = end
    assert "".join(text[a:b] for a, b in spans).replace(" ", "").replace("\n", "") == "".join(text.split())
