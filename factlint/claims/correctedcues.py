"""Give a correction's new figure the cue words of the figure it corrects.

"... the memory bandwidth of the H200 NVL was given as 4,0 TB/s. The correct value is 4,8 TB/s.":
the second sentence names no attribute; the sentence before, whose figure it replaces, does. The
corrected figure itself is withdrawn elsewhere (see the correction openers in english.yaml). So
too after a remark handing the figure before to another product: "... gave 18 GB of on-chip SRAM
for the WSE-2. That is the figure of the WSE-1; the WSE-2 has 40 GB" (reassigned.py).
"""

from __future__ import annotations

import re

from factlint.claims.attributes import CueText
from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation
from factlint.claims.segments import Segment

_SENTENCE_END = re.compile(r"[.!?;](?=\s)")
_REACH = 300  # how far back the corrected sentence may start


class CorrectedCues:
    """Finds the sentence a "the correct value is" figure corrects; one per language."""

    def __init__(self, language: Language) -> None:
        self._correction = compile_folded(
            alternation(language.correction_openers)
            + r"\s+(?:is|was|reads|should\s+(?:read|be))\s+(?:now\s+)?$",
            re.I,
        )
        # "That is the figure of the WSE-1; the WSE-2 has 40 GB": a sentence opening with a remark that
        # gives the figure before to another product, then, past a clause break, the right figure
        copulas = alternation(language.reassignment_copulas) if language.reassignment_copulas else r"(?!)"
        nouns = alternation(language.reassignment_nouns) if language.reassignment_nouns else r"(?!)"
        self._reassigned = compile_folded(
            rf"\A\s*{copulas}\s+{alternation(language.articles)}\s+(?:[^\W\d][\w\-']*\s+)?{nouns}"
            r"(?![\w\-])[^.;!?]{0,80}?[;,][^.;!?]{0,80}\Z",
            re.I,
        )

    def of(self, segment: Segment, start: int) -> CueText | None:
        """Return the sentence before ``segment`` as cue text right at the figure starting at
        ``start``, when a correction phrase leads to the figure, or the figure follows a remark
        giving the figure before to another product; else None."""
        if (
            self._correction.search(segment.text, max(0, start - 40), start) is None
            and self._reassigned.match(segment.text, 0, start) is None
        ):
            return None
        before = segment.block.text[max(0, segment.offset - _REACH) : segment.offset].rstrip()
        if not before:
            return None
        # the corrected sentence: from the end of the one before it (its own full stop excluded)
        ends = [m.end() for m in _SENTENCE_END.finditer(before, 0, max(0, len(before) - 1))]
        sentence = before[ends[-1] if ends else 0 :].strip()
        return CueText(sentence, 0) if sentence else None


__all__ = ["CorrectedCues"]
