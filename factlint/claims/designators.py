"""Names a document gives its own set-ups: "Configuration B: 8 x MI325X" makes "Configuration B"
the MI325X for the rest of the document ("In Configuration B the bandwidth reads 5.3 TB/s")."""

from __future__ import annotations

import re

from factlint.claims.entities import EntityMatcher
from factlint.claims.language import Language, alternation
from factlint.models import Document

_REACH = 60  # how far after the label its product must be named


class Designators:
    """Finds labels such as "Option A:" or "Config 2 (" that open a line and name a product."""

    def __init__(self, language: Language) -> None:
        nouns = alternation(language.designator_nouns)
        self._label_re = re.compile(
            rf"^[\s>*#\-+•|]*(?:\*\*|__)?((?:{nouns})\s+(?:[A-Z]|\d{{1,4}}|[IVX]{{1,4}}))"
            r"(?:\*\*|__)?\s*(?:[:=—–]|-\s|\()",
        )

    def aliases(self, document: Document, matcher: EntityMatcher) -> tuple[tuple[str, str], ...]:
        """Return (label, entity) pairs for labels that name exactly one product right after them.

        A label given to two different products in one document names neither.
        """
        named: dict[str, set[str]] = {}
        for block in document.blocks:
            for line in block.text.splitlines():
                match = self._label_re.match(line)
                if match is None:
                    continue
                mentions = matcher.find(line[match.end() : match.end() + _REACH])
                if mentions:
                    named.setdefault(match.group(1), set()).add(mentions[0].entity)
        return tuple(
            (label, entities.pop())
            for label, entities in named.items()
            if len(entities) == 1 and matcher.resolve(label) is None
        )
