"""Short spellings of a generation word in a pack name, built from the language's nouns and ordinals."""

from __future__ import annotations

import dataclasses

from factlint.claims.generationnames import GenerationNames
from factlint.claims.language import english


def test_every_ordinal_is_written_short_with_its_word_or_numeral() -> None:
    variants = GenerationNames(english()).variants("Third Generation Widget")
    assert variants == (
        "third-gen Widget",
        "third gen Widget",
        "3rd-gen Widget",
        "3rd gen Widget",
        "3rd-generation Widget",
        "3rd generation Widget",
    )


def test_a_name_without_a_generation_word_has_no_variants() -> None:
    assert GenerationNames(english()).variants("Generation Widget 3") == ()


def test_another_language_supplies_its_own_noun_and_ordinals() -> None:
    language = dataclasses.replace(
        english(), generation_nouns=(("generasjon", ("gen",)),), generation_ordinals=(("andre", "2."),)
    )
    assert GenerationNames(language).variants("andre generasjon Kort") == (
        "andre-gen Kort",
        "andre gen Kort",
        "2.-gen Kort",
        "2. gen Kort",
        "2.-generasjon Kort",
        "2. generasjon Kort",
    )
