"""The compass words of cloud region codes come from the Language (english.yaml), not from
Python: another word list changes which codes discovery reads as regions."""

from __future__ import annotations

import dataclasses

from factlint.claims.discovery import EntityDiscoverer
from factlint.claims.entities import EntityMatcher
from factlint.claims.language import english
from factlint.pack import load_pack


def _codes(language_words: tuple[str, ...] | None) -> dict[str, str | None]:
    pack = load_pack()
    language = english()
    if language_words is not None:
        language = dataclasses.replace(language, region_directions=language_words)
    discoverer = EntityDiscoverer(pack, language)
    matcher = EntityMatcher(pack, language=language)
    return {code: discoverer._code(code, matcher) for code in ("AP-SOUTHEAST-2", "EU-NORD-3", "ZK-TORA-4")}


def test_english_region_words_refuse_region_codes() -> None:
    codes = _codes(None)
    assert codes["AP-SOUTHEAST-2"] is None  # a region
    assert codes["EU-NORD-3"] == "EU-NORD-3"  # no English compass word: may name a machine
    assert codes["ZK-TORA-4"] == "ZK-TORA-4"  # look-alike without a compass word stays a code


def test_swapped_region_words_change_what_is_a_region() -> None:
    codes = _codes(("nord", "sud", "est", "ouest"))
    assert codes["EU-NORD-3"] is None
    assert codes["AP-SOUTHEAST-2"] == "AP-SOUTHEAST-2"
    assert codes["ZK-TORA-4"] == "ZK-TORA-4"
