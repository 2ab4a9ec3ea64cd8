"""The words of the correction-note, shared-count, withdrawn and phrase-end rules come from the
Language (english.yaml), not from Python: another word list changes what the rules read."""

from __future__ import annotations

import dataclasses

from factlint.claims.bothcounts import give_machines_their_shared_count
from factlint.claims.correctionowners import give_corrections_their_owner
from factlint.claims.language import english
from factlint.claims.withdrawn import WithdrawnFigures
from factlint.models import Block, BlockKind, Claim, Document


def _document(text: str) -> Document:
    block = Block(kind=BlockKind.PARAGRAPH, text=text, line=1, column=1, headings=("Notes",))
    return Document(path="notes.md", sha256="0", format="markdown", blocks=(block,))


def _claim(entity: str, column: int, rule: str) -> Claim:
    return Claim(
        id=f"c-{entity}-{column}",
        source="notes.md",
        line=1,
        column=column,
        entity=entity,
        scope="chip",
        attribute="power",
        value=450.0,
        unit="W",
        text="450 W",
        quote="",
        rule=rule,
    )


def test_correction_note_words_come_from_the_language() -> None:
    text = "The Kestrel card draws 450 W. Right one is 450 W."
    column = text.rindex("450") + 1
    claims = [_claim("Kestrel", 24, "prose.nearest-subject"), _claim("Topic", column, "context.heading")]
    document = _document(text)
    assert give_corrections_their_owner(claims, document, english())[1].entity == "Topic"
    language = dataclasses.replace(english(), correction_adjectives=("right one",))
    assert give_corrections_their_owner(claims, document, language)[1].entity == "Kestrel"


def test_shared_count_words_come_from_the_language() -> None:
    text = "We rent an Alpha box and a Beta box (pair 4 x Gamma)."
    kinds = {"Alpha": "instance", "Beta": "instance", "Gamma": "chip"}

    def names_in(part: str) -> list[str]:
        return [name for name in ("Alpha", "Beta", "Gamma") if name in part]

    document = _document(text)
    assert give_machines_their_shared_count([], document, names_in, kinds.get, english()) == []
    language = dataclasses.replace(english(), listed_distributives=(("pair", 2),))
    added = give_machines_their_shared_count([], document, names_in, kinds.get, language)
    assert sorted(claim.entity for claim in added) == ["Alpha", "Beta"]


def test_past_copula_words_come_from_the_language() -> None:
    text = "the bandwidth era 1.2 TB/s in v3"
    start = text.index("1.2")
    end = start + len("1.2 TB/s")
    assert not WithdrawnFigures(english(), ()).is_superseded(text, start, end)
    language = dataclasses.replace(english(), past_copulas=("was", "era"))
    assert WithdrawnFigures(language, ()).is_superseded(text, start, end)
