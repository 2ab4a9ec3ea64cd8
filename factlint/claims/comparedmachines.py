"""Counts that size the machine a comparison is made against: "16x an eight-GPU H100 server".

A comparison often sets its subject against a machine of no name described by what it
holds: "roughly 16x an eight-GPU H100 server", "2x faster than an 8x H200 box". The count
describes the baseline, never the subject, and the "8x" inside is no multiplier: the
comparison's multiplier is the one before, and its baseline is the chip the machine is
named by. A machine compared with a machine stays the machine (no like-for-like move to
its chip).
"""

from __future__ import annotations

import re

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation


def machine_noun_after(language: Language) -> str:
    """Return the pattern of an unnamed machine's noun right after a chip's name: its form
    ("SXM", "PCIe") at most, then the noun ("H100 SXM server", "H200 boxes")."""
    machines = alternation(language.unnamed_machine_nouns) if language.unnamed_machine_nouns else r"(?!)"
    return rf"(?:[ \t]+[A-Z][\w\-]*)?[ \t]+{machines}s?"


class ComparedMachines:
    """Knows the count phrase of an unnamed machine that a comparison is set against."""

    def __init__(self, language: Language) -> None:
        numbers = alternation([word for word, _ in language.number_words], hyphens=False)
        chips = alternation(language.accelerator_nouns, hyphens=False)
        # "8x", "8 x", "eight-GPU", "8-accelerator", "8-way": a count modifying the machine's name
        self.count_modifier = rf"(?:\d{{1,4}}[ \t]*[x×]|(?:\d{{1,4}}|{numbers})-(?:{chips}|way)s?)(?![\w\-])"
        comparisons = alternation(language.strict_comparison_markers, words=False, hyphens=False)
        # "16x an", "1.3x the tokens/s of an", "faster than an", "relative to an"
        self._compared_before = compile_folded(
            rf"(?:(?<![\w.])\d+(?:\.\d+)?[ \t]*[x×](?:[ \t]+the[ \t]+[\w/\-]+(?:[ \t]+[\w/\-]+)?[ \t]+of)?"
            rf"|(?<![\w\-]){comparisons})[ \t\n]+(?:an?|one)[ \t\n]+\Z",
            re.I,
        )
        # after the baseline's chip name: its form ("SXM", "PCIe") at most, then the machine noun
        self._machine_after = compile_folded(rf"{machine_noun_after(language)}(?![\w\-])", re.I)
        # after it, a group of such machines: "than our previous A100 partition"
        groups = alternation(language.machine_group_nouns) if language.machine_group_nouns else r"(?!)"
        self._group_after = compile_folded(rf"(?:[ \t]+[A-Z][\w\-]*)?[ \t]+{groups}s?(?![\w\-])", re.I)
        # before the baseline's chip name: an article, perhaps a count ("than an 8x", "16x an eight-GPU")
        determiners = alternation((*language.articles, *language.single_counts))
        self._article_before = compile_folded(
            rf"(?<![\w\-]){determiners}[ \t\n]+(?:{self.count_modifier}[ \t]+)?\Z", re.I
        )
        # before a group's chip name: one or two determiners ("than our previous", "than the old")
        baseline_words = alternation(language.baseline_determiners)
        self._determiners_before = compile_folded(
            rf"(?<![\w\-]){baseline_words}(?:[ \t\n]+{baseline_words})?[ \t\n]+\Z", re.I
        )
        self._clause_break = re.compile(r"[,;:.!?()]")

    def sizes_baseline(self, text: str, start: int) -> bool:
        """Return True when the count at ``start`` sizes the unnamed machine a comparison is set
        against ("16x an eight-GPU H100 server", "faster than an 8x H200 box")."""
        return self._compared_before.search(text, max(0, start - 60), start) is not None

    def machine_baseline(self, text: str, end: int, baseline_start: int, baseline_end: int) -> bool:
        """Return True when the baseline named between ``baseline_start`` and ``baseline_end``, in the
        multiplier's clause (it ends at ``end``), is a machine of that chip ("16x an eight-GPU H100 server",
        "3x an H100 box", "than our previous A100 partition"), not the chip itself."""
        if self._clause_break.search(text, end, baseline_start):
            return False
        if self._determiners_before.search(text, end, baseline_start) and self._group_after.match(
            text, baseline_end
        ):
            return True
        if not self._article_before.search(text, end, baseline_start):
            return False
        return self._machine_after.match(text, baseline_end) is not None
