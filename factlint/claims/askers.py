"""Who asked a reader question: "**Q: Is it 128 GB?** *(Tomasz, Gdańsk)*".

Newsletters, advice columns and mailbags sign a reader's question with the asker's name in
brackets or after a dash. Such a byline answers nothing, so the question still reaches the
answer in the next block.
"""

from __future__ import annotations

import re

# A question mark, its closing emphasis, then one bracketed or dash-led signature with no
# sentence or figure in it: "?** *(Tomasz, Gdańsk)*", "? (anon)", "?_ — J.R., Leeds".
_SIGNED = re.compile(
    r"\?[*_\"'”’]*\s+[*_]*"
    r"(?:\([^()\d?!.]{1,60}(?:\.[^()\d?!.]{0,20}){0,4}\)|[—–-][ \t]+[^\d?!\n]{1,60})"
    r"[\s*_]*\Z"
)


def unsigned(sentence: str) -> str:
    """Return ``sentence`` without the asker's byline after its question mark (unchanged when
    it has none): "Is it 128 GB?** *(anon)*" -> "Is it 128 GB?**"."""
    if "?" not in sentence:
        return sentence
    signed = _SIGNED.search(sentence)
    return sentence if signed is None else sentence[: signed.start() + 1]


__all__ = ["unsigned"]
