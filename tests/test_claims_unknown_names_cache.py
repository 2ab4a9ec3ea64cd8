"""Discovery's unknown-name spans are read once per text and matcher, and stay correct."""

from __future__ import annotations

from factlint.claims.discovery import EntityDiscoverer
from factlint.claims.entities import EntityMatcher
from factlint.claims.language import english
from factlint.pack import load_pack


def test_repeated_questions_about_one_text_give_the_same_spans() -> None:
    pack = load_pack()
    language = english()
    discoverer = EntityDiscoverer(pack, language)
    matcher = EntityMatcher(pack, language=language)
    text = "The ZT-77 draws 40 W and the H100 holds 80 GB; the QX-9 draws 75 W."
    first = discoverer.unknown_names(text, matcher)
    assert first == discoverer._scan_unknown_names(text, matcher)
    assert [text[s:e] for s, e in first] == ["ZT-77", "QX-9"]
    first.clear()  # a caller changing its list must not change the next answer
    assert discoverer.unknown_names(text, matcher) == discoverer._scan_unknown_names(text, matcher)
    other = "Only the RV-12 here: 12 GB."
    assert [other[s:e] for s, e in discoverer.unknown_names(other, matcher)] == ["RV-12"]
