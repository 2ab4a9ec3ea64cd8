"""What a doubt does to a claim, shared by doubting legends, remarks and record notes.

A doubt written apart from the figure (a legend under a table, a remark about a product's figures,
a record's own note) makes the figure ``likely``, as the words would beside it. It outweighs a plain
figure and ``about``; a bound (``up to``) is kept, since a doubted ceiling is still a ceiling.
"""

from __future__ import annotations

import dataclasses
import re
from functools import cache

from factlint.claims.fastre import FoldedPattern, compile_folded
from factlint.claims.language import alternation
from factlint.models import Claim

# The end of a sentence a doubt reaches to: "never confirmed. The MI60 ..." doubts no further.
SENTENCE_END = re.compile(r"[.;!?](?:\s|$)")

_REPLACED = (None, "about")  # the qualifiers a doubt replaces (a bound is kept)


def made_likely(claim: Claim) -> Claim:
    """Return ``claim`` qualified ``likely`` when a doubt outweighs its qualifier, else ``claim``."""
    return dataclasses.replace(claim, qualifier="likely") if claim.qualifier in _REPLACED else claim


@cache
def doubt_words(hedges: tuple[str, ...]) -> FoldedPattern:
    """Return one folded pattern finding any of the doubting words ``hedges`` ("never confirmed")."""
    return compile_folded(alternation(hedges), re.I)
