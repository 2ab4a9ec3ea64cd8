"""A language file must give every word list: one left out is refused, never read as empty."""

from __future__ import annotations

from importlib import resources

import pytest
import yaml

from factlint.claims.language import english, read_language
from factlint.errors import ConfigError


def _english_lists() -> dict[str, object]:
    text = resources.files("factlint.claims").joinpath("english.yaml").read_text(encoding="utf-8")
    return yaml.safe_load(text)


def test_the_english_file_reads_as_the_packaged_language() -> None:
    assert read_language(_english_lists(), "english.yaml") == english()


@pytest.mark.parametrize("left_out", ["number_words", "weekdays", "figure_nouns", "single_counts"])
def test_a_language_file_leaving_out_a_word_list_is_refused(left_out: str) -> None:
    lists = {name: words for name, words in _english_lists().items() if name != left_out}
    with pytest.raises(ConfigError, match=f"english.yaml: missing word lists: {left_out}$"):
        read_language(lists, "english.yaml")


@pytest.mark.parametrize(("name", "stray"), [("one_pronoun_before", True), ("months", False)])
def test_a_word_yaml_reads_as_true_or_false_is_refused(name: str, stray: bool) -> None:
    lists = _english_lists()
    words = lists[name]
    lists[name] = [*words, stray] if isinstance(words, list) else {**words, stray: 1}
    with pytest.raises(ConfigError, match=f"english.yaml: word list {name} holds {stray}, which is no word"):
        read_language(lists, "english.yaml")
