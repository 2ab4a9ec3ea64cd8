"""Figures written right after a counted product: "12 x Jetson AGX Orin 64GB: 64 GB, 204.8 GB/s".

An inventory line or a lab guide opens on a count of a product and lists what one of them
has: "6 x RTX A6000 cards: 48 GB GDDR6, 768 GB/s, 300 W", or it counts the product inside
an unnamed container and sizes it in an aside, "8 nodes, each with 2 x L40S (48 GB per GPU,
864 GB/s, 350 W)". The count says how many were bought; the figures are one product's.
A total ("640 GB total") is the set's, and so is none of this.
"""

from __future__ import annotations

import re

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation
from factlint.claims.segments import COUNTED, Mention

# "- 12 x ", "• 4× AMD ": a count opening the item, the name (or its maker) right after it
_HEAD_COUNT = re.compile(r"[\s\-*•·]*\d{1,4}\s*[x×]\s*(?:[A-Z][\w\-]*\s+){0,2}\Z")
_ONE_LIST = re.compile(r"(?:[ \t]+per[ \t]+[\w\-]+)?[ \t]*:[^.;()\n]*\Z")
# After the name: describing words ("developer kits", "SXM5"; no function word such as "per system"
# or "over a domain"), then the colon or comma that opens the list of one product's figures
_HEAD_LIST = r"\s*[:,](?:[^.;()\n]|\.(?=\S)|\([^()]*\)|\n(?![ \t]*[-*•·]\s))*\Z"
# ... or an aside that is still open at the figure
_ASIDE = r"\s*\([^()]*\Z"
_SENTENCE_END = re.compile(r"[.!?;]\s")
# "one WSE-3, which has 900,000 cores and is rated at 125 petaflops": a relative clause on the
# counted product, up to the figure; a comma and a new conjunction close it ("..., and the node")
_RELATIVE_BODY = re.compile(r"(?:(?!,\s*(?:and|but|while|whereas|so)\b)[^.;()\n]|\.(?=\d))*\Z", re.I)


class CountedHeads:
    """Knows when a figure is written of one of the products counted right before it."""

    def __init__(self, language: Language) -> None:
        self._total = compile_folded(r"\b" + alternation(language.total_markers) + r"\b", re.I)
        words = rf"(?:[ \t]+(?!{alternation(language.function_words)}(?![\w\-]))[\w\-]+){{0,3}}"
        self._head_gap = compile_folded(words + _HEAD_LIST, re.I)
        self._aside_gap = compile_folded(words + _ASIDE, re.I)
        relatives = alternation(language.relative_pronouns, words=False, hyphens=False)
        quantifiers = alternation(language.relative_quantifiers, words=False, hyphens=False)
        self._relative_gap = compile_folded(words + rf"\s*,\s*(?:{quantifiers}\s+of\s+)?{relatives}\s", re.I)
        # "8 x GroqCard, one Groq LPU per card: 230 MB, 14 nm": the one chip of each unit, in a field
        # of its own (after a comma, or the colon of a machine's key: "inf2.xlarge: one Inferentia2
        # chip with 32 GB"), then its figures after a colon; or the object of a machine's verb of
        # holding ("each g5.xlarge has one A10G with 24 GB")
        ones = alternation(language.single_counts, hyphens=False)
        holds = alternation(language.container_verbs, hyphens=False)
        self._one_field = re.compile(
            rf"(?:^|[,;(:]|(?i:\b{holds}))\s*(?i:{ones})\s+(?:[A-Z][\w\-]*\s+){{0,2}}\Z"
        )
        # "one L40S with 48 GB": a single unit "with" its figure is that unit's (of several, it may be a sum)
        having = alternation(language.having_prepositions, words=False, hyphens=False)
        approximate = alternation(language.approximators, words=False, hyphens=False)
        self._one_with = re.compile(
            rf"(?:[ \t]+[A-Za-z][\w\-]*)?[ \t]+{having}[ \t]+(?:{approximate}[ \t]+)?\Z"
        )
        # "the CS-3 holds one WSE-3 with 900,000 cores, 44 GB of SRAM and 125 petaflops": the one chip a
        # machine holds, then the list of its figures after "with", up to the end of the clause
        verbs = alternation(language.container_verbs, hyphens=False)
        self._held_one = re.compile(rf"\b(?i:{verbs})\s+(?i:{ones})\s+(?:[A-Z][\w\-]*\s+){{0,2}}\Z")
        self._held_list = re.compile(rf"[ \t]+{having}[ \t]+[^.;()\n]*\Z")

    def comma_listed(self, text: str, start: int, mentions: list[Mention]) -> bool:
        """Return True when the figure at ``start`` follows a counted product and a comma:
        "8x H100, 640 GB" (in a machine's row, what the machine holds and its own size)."""
        before = [m for m in mentions if m.end <= start]
        if not before or before[-1].role != COUNTED:
            return False
        return text[before[-1].end : start].lstrip().startswith(",")

    def owner(self, text: str, start: int, end: int, mentions: list[Mention]) -> str | None:
        """Return the counted product whose own figure the one at ``start`` is, or None.

        The figure must follow the counted name with no other product named between: in
        the list a counted name opens its item with, in an aside right after the name, or
        in a relative clause on it ("runs one WSE-3, which is rated at 125 petaflops").
        """
        before = [m for m in mentions if m.end <= start]
        if not before or before[-1].role != COUNTED:
            return None
        counted = before[-1]
        if self._total.search(text, max(0, start - 12), min(len(text), end + 20)):
            return None  # "640 GB total GPU memory": the set's, not one product's
        if self._aside_gap.fullmatch(text, counted.end, start):
            return counted.entity
        relative = self._relative_gap.match(text, counted.end, start)
        if relative is not None and _RELATIVE_BODY.fullmatch(text, relative.end(), start):
            return counted.entity
        one = self._one_field.search(text, max(0, counted.start - 40), counted.start)
        if one is not None and (
            _ONE_LIST.fullmatch(text, counted.end, start)
            or self._one_with.fullmatch(text, counted.end, start)
        ):
            return counted.entity  # "one LPU per card: 230 MB", "g6e.xlarge, one L40S with 48 GB"
        held = self._held_one.search(text, max(0, counted.start - 40), counted.start)
        if held is not None and self._held_list.fullmatch(text, counted.end, start):
            return counted.entity  # "holds one WSE-3 with 900,000 cores and 44 GB of SRAM"
        sentence_start = max((m.end() for m in _SENTENCE_END.finditer(text, 0, counted.start)), default=0)
        if not _HEAD_COUNT.fullmatch(text, sentence_start, counted.start):
            return None
        return counted.entity if self._head_gap.fullmatch(text, counted.end, start) else None
