"""The small words of extract.py's and resolve.py's patterns come from english.yaml: every listed
word works, and a word added to a list works too."""

from __future__ import annotations

from dataclasses import replace

import pytest

from factlint.claims import extract
from factlint.claims.entities import EntityMatcher
from factlint.claims.language import Language, english
from factlint.claims.resolve import Resolver
from factlint.pack import load_pack

# (pattern, word list, text before a figure with "{}" where a listed word stands)
_EXTRACT_CASES = [
    ("_COUNT_TIMES_BEFORE", "count_holding_words", "a server {} "),
    ("_PRONOUN_SUBJECT", "clause_subject_pronouns", "Done. {} "),
    ("_INDEFINITE_BEFORE", "indefinite_openers", "we bought {} "),
    ("_OBJECT_BEFORE", "object_prepositions", "81% {} the "),
    ("_AT_LEVEL", "level_verbs", "the price {} at "),
    ("_AT_LEVEL", "level_adverbs", "the price is {} at "),
    ("_OWNER_VERB", "owner_verbs", "the B200 {} "),
    ("_NEED_BEFORE", "need_verbs", "the rack {} "),
    ("_NEED_BEFORE", "need_approximators", "the rack needs {} "),
    ("_COPULA_BEFORE", "copulas", "the price {} "),
    ("_COPULA_BEFORE", "price_hedges", "the price is {} "),
]


@pytest.mark.parametrize(("pattern", "words", "text"), _EXTRACT_CASES)
def test_every_listed_word_opens_its_figure(pattern: str, words: str, text: str) -> None:
    compiled = getattr(extract, pattern)
    listed = getattr(english(), words)
    assert listed
    for word in listed:
        assert compiled.search(text.format(word)) is not None, word


def test_a_word_left_out_of_a_list_does_not_open_a_figure() -> None:
    assert "boasting" not in english().count_holding_words
    assert extract._COUNT_TIMES_BEFORE.search("a server boasting ") is None


@pytest.fixture(scope="module")
def pack():
    return load_pack()


def _resolver(pack, language: Language) -> Resolver:
    return Resolver(pack, EntityMatcher(pack, language=language), language)


def test_a_word_added_to_whole_adverbs_names_the_whole_machine(pack) -> None:
    written = "so the system as a whole carries "
    scope = _resolver(pack, english()).whole_scope(written, len(written))
    assert scope is not None
    text = "so the system all told carries "
    assert _resolver(pack, english()).whole_scope(text, len(text)) is None
    language = replace(english(), whole_adverbs=(*english().whole_adverbs, "all told"))
    assert _resolver(pack, language).whole_scope(text, len(text)) == scope
