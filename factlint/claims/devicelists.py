"""The device a list's introduction names by its kind, under a machine built from it.

"The partition sav-x has 64 nodes with one superchip each. Technical data of the superchip:"
introduces a list of the superchip's figures, not of the partition: a list intro that describes
"the <chip or card noun>" of a cluster, pod or server whose pack entry holds one kind of device
gives the list's figures to that device. The list intro "Data of the partition:" keeps them.
Only a sentence that leads into the list counts: one ending in a colon or dash, or a short title-like
line with no sentence punctuation ("Specifications per GPU"). A paragraph that merely precedes a list
and ends a statement ("... about 95 W per card.") describes nothing below it (decision 0256).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from factlint.claims.language import alternation
from factlint.pack import KnowledgePack

# The device scopes a list of per-device figures can be about.
_DEVICE_SCOPES = ("chip", "card")
_SENTENCE_END = re.compile(r"[.!?]\s+(?=[A-Z])")
# A lead-in: a sentence ending in a colon or dash ("Technical data of the superchip:") ...
_LEAD_IN_END = re.compile(r"[:\u2013\u2014-]\s*$")
# ... or a short title-like line with no sentence punctuation at its end ("Specifications per GPU").
_TITLE_MAX_WORDS = 8
_STATEMENT_END = re.compile(r"[.!?;,)\]\"']\s*$")


def leads_into_list(sentence: str) -> bool:
    """Return True when ``sentence`` (an intro's last sentence) leads into the list after it: it ends
    in a colon or dash, or it is a short title-like line with no closing punctuation."""
    if _LEAD_IN_END.search(sentence):
        return True
    return len(sentence.split()) <= _TITLE_MAX_WORDS and not _STATEMENT_END.search(sentence)


class DeviceLists:
    """Finds the device a list intro describes by its kind noun; one per pack."""

    def __init__(self, pack: KnowledgePack) -> None:
        nouns = [noun for scope, words in pack.scopes if scope in _DEVICE_SCOPES for noun in words]
        # "data of the superchip", "specifications per GPU", "figures for each accelerator"
        self._described_re = re.compile(
            r"\b(?:of|for|per)[\s-]+(?:the\s+|each\s+|every\s+|one\s+|a\s+|its\s+)?("
            + alternation(nouns)
            + r")\b",
            re.I,
        )
        self._memo: dict[tuple[str, str], str | None] = {}

    def device(
        self,
        intro: str,
        entity: str,
        kind: Callable[[str], str | None],
        contained: Callable[[str], str | None],
    ) -> str | None:
        """Return the chip or card ``entity`` holds when the intro's last sentence describes that
        device by its kind noun; None when the intro is about ``entity`` itself."""
        key = (intro, entity)
        if key in self._memo:
            return self._memo[key]
        found = None
        outer = kind(entity)
        inner = contained(entity)
        if (
            outer is not None
            and outer not in _DEVICE_SCOPES
            and inner is not None
            and kind(inner) in _DEVICE_SCOPES
        ):
            last = _SENTENCE_END.split(intro.strip())[-1]
            if leads_into_list(last) and self._described_re.search(last):
                found = inner
        self._memo[key] = found
        return found
