"""Names a document gives its own set-ups: "Configuration B: 8 x MI325X" makes "Configuration B"
the MI325X for the rest of the document ("In Configuration B the bandwidth reads 5.3 TB/s").

An award notice or a tender numbers its lots the same way, with a number mark between the noun
and the number and the product on the line after the lot's title ("Lot nr. 2 - Inference server
(3 pcs)" then "Offered product: X"): the lot is X, written "Lot 2" or "lot 2" later on."""

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
        marks = alternation(language.designator_number_marks, words=False)
        self._label_re = re.compile(
            rf"^[\s>*#\-+•|]*(?:\*\*|__)?(({nouns})\s+(?:(?:{marks})\s*)?([A-Z]|\d{{1,4}}|[IVX]{{1,4}}))"
            r"(?:\*\*|__)?\s*(?:[:=—–]|-\s|\()",
        )

    def aliases(self, document: Document, matcher: EntityMatcher) -> tuple[tuple[str, str], ...]:
        """Return (label, entity) pairs for labels that name exactly one product right after them.

        A label given to two different products in one document names neither. A label whose
        line names no product takes the first product the next line of the text names.
        """
        named: dict[str, set[str]] = {}
        # Each line of text by its line number: a reader may cut the title and the line after it
        # into two blocks.
        numbered = [
            (block.line + offset, line)
            for block in document.blocks
            for offset, line in enumerate(block.text.splitlines())
        ]
        lines = dict(numbered)
        for number, line in numbered:
            match = self._label_re.match(line)
            if match is None:
                continue
            mentions = matcher.find(line[match.end() : match.end() + _REACH])
            if not mentions and number + 1 in lines:
                mentions = matcher.find(lines[number + 1])
            if not mentions:
                continue
            named.setdefault(match.group(1), set()).add(mentions[0].entity)
        return tuple(
            (label, entities.pop())
            for label, entities in named.items()
            if len(entities) == 1 and matcher.resolve(label) is None
        )

    def numbered_aliases(self, labels: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
        """Return (noun and number, entity) pairs for ``labels`` written with a number mark.

        "Lot nr. 1" is referred to as "Lot 1" or "for lot 1" later: the noun and the number name
        the labelled product in any case. A label written without a mark keeps only its own case.
        """
        pairs = []
        for label, entity in labels:
            match = self._label_re.match(label + " (")
            if match is not None and match.group(1) != f"{match.group(2)} {match.group(3)}":
                pairs.append((f"{match.group(2)} {match.group(3)}", entity))
        return tuple(pairs)
