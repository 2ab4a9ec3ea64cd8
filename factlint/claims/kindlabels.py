"""Machine keys that a kind noun opens: "server kx14: 4 x MI210", "node rb7 - 8x L40S".

A line that names a machine and a colon describes that machine ("A3 Ultra: 8x H200"). Inventory
tools, logs and runbooks often write the machine's kind before its name, in lower case and
maybe after a determiner ("server kx14:", "the node gpu-07:", "host a12:"); the kind noun is one
of the pack's machine scope nouns, so the name still keys the line.
"""

from __future__ import annotations

import re

from factlint.claims.discovery import MACHINE_SCOPES
from factlint.claims.language import Language, alternation
from factlint.pack import KnowledgePack


class KindLabels:
    """Knows the kind nouns (with a determiner) that may open a line before a machine's key."""

    def __init__(self, pack: KnowledgePack, language: Language) -> None:
        nouns = [noun for scope, group in pack.scopes if scope in MACHINE_SCOPES for noun in group]
        determiners = alternation(list(language.hosted_determiners)) if language.hosted_determiners else None
        determiner = rf"(?:{determiners}[ \t]+)?" if determiners else ""
        self._opener = (
            re.compile(rf"[\s*\-•+#>`_]*{determiner}{alternation(nouns)}[ \t]+[`*_]*", re.I)
            if nouns
            else None
        )

    def opens(self, text: str, start: int, end: int) -> bool:
        """Return True when ``text[start:end]`` is only a machine kind noun, maybe after markup and
        a determiner ("server ", "the node ")."""
        return self._opener is not None and self._opener.fullmatch(text, start, end) is not None
