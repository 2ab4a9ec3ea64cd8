"""Sentences about an unnamed device of some kind: "an accelerator has 400 TFLOPS and 2 TB/s".

An exercise, a worked example or a thought experiment speaks of "a hypothetical accelerator"
or "a chip with 128 MB of SRAM": the figures are of no named product, so neither the sentence
before nor the document's topic takes them (tests/eval/README.md, rule 1: figures about an
unnamed thing are no claims).
"""

from __future__ import annotations

import re

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation

_SENTENCE_END = re.compile(r"[.!?;]\s|\n\s*(?=[A-Z])")  # a line opening on a capital: a heading before
_LABEL = r"(?:[A-Z][\w.\- ]{0,30}:\s+)?"  # "Exercise 3.2: ", "Q4: "


class UnnamedDevices:
    """Knows how a sentence opens on an unnamed device: an article, a word or two, a device noun."""

    def __init__(self, language: Language) -> None:
        articles = alternation(language.unnamed_device_articles)
        nouns = alternation(language.accelerator_nouns)
        self._opening = compile_folded(
            rf"\W*{_LABEL}{articles}\s+(?:[\w\-]+\s+){{0,2}}?{nouns}(?![\w\-])", re.I
        )
        machines = alternation(language.unnamed_machine_nouns) if language.unnamed_machine_nouns else r"(?!)"
        # "a UBB kit with eight Gaudi 3 accelerators", "a server holding 8 H100": a machine of no name
        self._unnamed_machine = compile_folded(
            rf"(?<![\w\-])(?:a|an)\s+(?:[\w\-]+\s+){{0,2}}?{machines}\s+"
            rf"(?:with|holding|carrying|housing|of)\s+(?:\d[\d,]*|[a-z]+)\s",
            re.I,
        )

    def unnamed_machine_before(self, text: str, start: int) -> bool:
        """Return True when the sentence holding ``start`` speaks, before it, of an unnamed machine
        that holds counted chips ("a UBB kit with eight Gaudi 3 accelerators would list at ...")."""
        sentence_start = 0
        for end in _SENTENCE_END.finditer(text, 0, start):
            sentence_start = end.end()
        return self._unnamed_machine.search(text, sentence_start, start) is not None

    def opens_sentence(self, text: str, start: int) -> bool:
        """Return True when the sentence holding offset ``start`` opens on an unnamed device before it."""
        sentence_start = 0
        for end in _SENTENCE_END.finditer(text, 0, start):
            sentence_start = end.end()
        opening = self._opening.match(text, sentence_start)
        return opening is not None and opening.end() <= start
