"""Short spellings of a generation word in a product's name: "first-gen Inferentia" for the pack's
"first-generation Inferentia" (``generation_nouns`` and ``generation_ordinals`` in ``english.yaml``)."""

from __future__ import annotations

import re

from factlint.claims.language import Language


class GenerationNames:
    """Gives the names a pack's name holding a generation word is also written as."""

    def __init__(self, language: Language) -> None:
        # "first-generation" also matches "first generation": a hyphen in the long form is either
        self._forms = tuple(
            (
                re.compile(rf"{re.escape(word)}[\s\-]+{re.escape(noun)}", re.I),
                _short_forms(word, numerals, noun, shorts),
            )
            for noun, shorts in language.generation_nouns
            for word, *numerals in language.generation_ordinals
        )

    def variants(self, name: str) -> tuple[str, ...]:
        """Return ``name`` written with each short form of the generation word it holds ("first-gen
        Inferentia", "1st-gen Inferentia" for "first-generation Inferentia"), or () if it holds none."""
        for pattern, shorts in self._forms:
            found = pattern.search(name)
            if found is not None:
                return tuple(name[: found.start()] + short + name[found.end() :] for short in shorts)
        return ()


def _short_forms(word: str, numerals: list[str], noun: str, shorts: tuple[str, ...]) -> tuple[str, ...]:
    """Return the short forms of "<word>-<noun>": the word with a short noun, and each numeral with the
    noun or a short noun, hyphened or spaced ("first-gen", "1st gen", "1st-generation")."""
    written = [(word, short) for short in shorts]
    written += [(numeral, each) for numeral in numerals for each in (*shorts, noun)]
    return tuple(f"{first}{joint}{second}" for first, second in written for joint in ("-", " "))
