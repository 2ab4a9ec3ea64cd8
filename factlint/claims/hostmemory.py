"""Memory figures that belong to a machine's host processors, not to its accelerators.

"host memory (1.5 TB DDR5)" and "system memory 1.5TB" name the host's RAM right before the
figure, "n/a (host 4 GB)" names the host itself right before it, "120 GB LPDDR5X (CPU)" and
"480 GB of LPDDR5X on the CPU" right after it, as does a remark right after it ("the 2 TB is
host DDR5"); "each Grace CPU brings 120 GB of LPDDR5X" gives the figure to a CPU named earlier in
the sentence with no accelerator named in between, in one phrase (a comma outside a parenthesis
opened after the CPU ends it). The words are the language's (english.yaml).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation
from factlint.claims.spans import SENTENCE_MARKS, opening_after

_REACH = 90  # characters before a figure searched for its owner


class HostMemory:
    """Tells a host's memory figure from an accelerator's, for one language."""

    def __init__(self, language: Language, names_product: Callable[[str], bool]) -> None:
        self._names_product = names_product
        self._label = None
        if language.host_memory_labels:
            self._label = compile_folded(
                r"(?<![\w\-])"
                + alternation(language.host_memory_labels)
                # "Host RAM is 24 x 96 GB": the label may size each of so many modules; a CLI's
                # dotted leader sets the label apart as a colon does ("Host memory ...... 768 GB")
                + r"\s*(?:[:(=]|of|is|was|\.{3,}|…{2,})?\s*(?:\d{1,4}\s*[x×]\s*)?\Z",
                re.I,
            )
        self._denied = None
        if language.device_memory_denials:
            self._denied = compile_folded(
                r"[^.;:()]{0,40}?[\s(,\u2013\u2014-]\s*"
                + alternation(language.device_memory_denials)
                + r"(?![\w\-])",
                re.I,
            )
        # "the 2304GB is host DDR5", "the 1 TB was system memory": the figure said to be the host's
        self._said_host = None
        if language.host_memory_labels and language.host_nouns and language.copulas:
            self._said_host = compile_folded(
                rf"\s+{alternation(language.copulas)}\s+(?:(?:the|its|their)\s+)?(?:"
                + alternation(language.host_memory_labels)
                + "|"
                + alternation(language.host_nouns)
                + r"\s+[\w\-]+)",
                re.I,
            )
        self._host_noun = None
        if language.host_nouns:
            self._host_noun = compile_folded(
                r"(?<![\w\-])" + alternation(language.host_nouns) + r"\s*:?\s*\Z", re.I
            )
        self._device_type = None
        if language.accelerator_memory_types:
            self._device_type = compile_folded(
                r"\s*(?:of\s+)?" + alternation(language.accelerator_memory_types) + r"(?![\w\-])", re.I
            )
        self._owner = None
        if language.host_processor_nouns and language.accelerator_nouns:
            self._owner = compile_folded(
                r"(?<![\w\-])(?:(?P<host>"
                + alternation(language.host_processor_nouns)
                + r")(?![\w\-])(?!\s+cores?\b)|(?P<device>"
                + alternation(language.accelerator_nouns)
                + r")(?![\w\-]))",
                re.I,
            )

        self._owner_after = None
        if language.host_processor_nouns and language.accelerator_nouns:
            # "120 GB LPDDR5X (CPU)", "480 GB of LPDDR5X on the CPU": the owner written after the
            # figure, not shared with an accelerator ("for the CPU and GPU")
            devices = alternation(language.accelerator_nouns)
            self._owner_after = compile_folded(
                r"(?:\s+(?:of\s+)?[\w\-]+)?\s*(?:\(\s*|\s+(?:of|on|for|in|attached\s+to)\s+(?:the\s+|its\s+|each\s+)?)"
                r"(?:[\w\-]+\s+)?"
                + alternation(language.host_processor_nouns)
                + r"(?![\w\-])(?!\s+cores?\b)"
                + rf"(?!\s*(?:and|&|/|\+|,)\s*(?:the\s+|its\s+)?{devices}(?![\w\-]))",
                re.I,
            )

    def is_host(self, text: str, start: int, end: int) -> bool:
        """Return True when the memory figure at ``start:end`` is labelled as, or owned by, the host's."""
        if self._device_type and self._device_type.match(text, end):
            return False  # "a Grace CPU sharing 384 GB of HBM3e": the accelerators' memory
        if self._label and self._label.search(text, max(0, start - 40), start):
            return True
        if self._said_host and self._said_host.match(text, end):
            return True
        if self._denied and self._denied.match(text, end):
            return True
        if self._host_noun and self._is_host_labelled(text, start):
            return True
        owner = self._owner_after.match(text, end) if self._owner_after else None
        if owner is not None and not self._names_product(owner.group(0)):
            return True
        if self._owner is None:
            return False
        window = max(opening_after(text, start, SENTENCE_MARKS), start - _REACH)
        nouns = list(self._owner.finditer(text, window, start))
        if not nouns or not nouns[-1].group("host"):
            return False
        between = text[nouns[-1].end() : start]
        if "," in re.sub(r"\([^()]*\Z", "", between):
            return False  # "with two host CPUs, for 384 GB": a new phrase, not the CPU's
        return not self._names_product(between)

    def _is_host_labelled(self, text: str, start: int) -> bool:
        """Return True when a bare host noun labels the figure at ``start`` ("n/a (host 4 GB)"),
        not one naming a product as the host ("UCS C885A M8 host: 2 TiB": that machine's memory)."""
        assert self._host_noun is not None
        noun = self._host_noun.search(text, max(0, start - 40), start)
        if noun is None:
            return False
        phrase = max(opening_after(text, noun.start(), (*SENTENCE_MARKS, "(", ",", ";")), noun.start() - 40)
        return not self._names_product(text[phrase : noun.start()])
