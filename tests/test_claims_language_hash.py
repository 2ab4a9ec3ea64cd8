"""A Language hashes its word lists once, as the generated hash would, and a copy hashes itself again."""

from __future__ import annotations

import dataclasses
import pickle

from factlint.claims.language import Language, english


def _fresh_hash(language: Language) -> int:
    return hash(tuple(getattr(language, spec.name) for spec in dataclasses.fields(language) if spec.compare))


def test_hash_is_that_of_the_word_lists() -> None:
    language = english()
    assert hash(language) == _fresh_hash(language)
    assert hash(language) == hash(language)


def test_changed_copy_hashes_its_own_word_lists() -> None:
    language = english()
    hash(language)
    changed = dataclasses.replace(language, articles=(*language.articles, "yon"))
    assert changed != language
    assert hash(changed) == _fresh_hash(changed)
    assert hash(changed) != hash(language)


def test_pickled_copy_carries_no_hash() -> None:
    language = english()
    hash(language)
    copy = pickle.loads(pickle.dumps(language))
    assert copy == language
    assert not [name for name in vars(copy) if "hash" in name]
    assert hash(copy) == hash(language)
