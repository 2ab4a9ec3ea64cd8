"""The question an answer replies to: "What does the X card cost? Around $900.".

In a talk's Q&A, an interview or a chat, the sentence right after a question answers it and
often leaves out what was asked about: the question's cue words ("cost") are the answer's.
"""

from __future__ import annotations

import re

from factlint.claims.attributes import CueText
from factlint.claims.segments import Segment

_SENTENCE_END = re.compile(r"[.!?;](?=\s)")
_REACH = 200  # how far back the question may start


def asked_before(segment: Segment) -> CueText | None:
    """Return the question that ends right before ``segment`` in its block, as cue text right at
    the segment's figures; None when the text before it is no question."""
    before = segment.block.text[max(0, segment.offset - _REACH) : segment.offset].rstrip()
    if not before.endswith("?"):
        return None
    ends = [m.end() for m in _SENTENCE_END.finditer(before, 0, len(before) - 1)]
    question = before[ends[-1] if ends else 0 :].strip()
    return CueText(question, 0) if question else None


__all__ = ["asked_before"]
