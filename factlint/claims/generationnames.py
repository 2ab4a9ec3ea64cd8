"""Short spellings of a generation word in a product's name: "first-gen Inferentia" for the pack's
"first-generation Inferentia" (words in ``english.yaml``, ``generation_short_forms``)."""

from __future__ import annotations

import re

from factlint.claims.language import Language


class GenerationNames:
    """Gives the names a pack's name holding a generation word is also written as."""

    def __init__(self, language: Language) -> None:
        # "first-generation" also matches "first generation": a hyphen in the long form is either
        self._forms = tuple(
            (re.compile(r"[\s\-]+".join(map(re.escape, re.split(r"[\s\-]+", long))), re.I), shorts)
            for long, shorts in language.generation_short_forms
        )

    def variants(self, name: str) -> tuple[str, ...]:
        """Return ``name`` written with each short form of the generation word it holds ("first-gen
        Inferentia", "1st-gen Inferentia" for "first-generation Inferentia"), or () if it holds none."""
        for pattern, shorts in self._forms:
            found = pattern.search(name)
            if found is not None:
                return tuple(name[: found.start()] + short + name[found.end() :] for short in shorts)
        return ()
