"""The chip a card carries, named by another form factor: "the HL-338 PCIe card; the OAM is 900 W".

A chip sold in two forms (a PCIe card and an OAM or SXM module) is often written as one against
the other: "600 W is the HL-338 PCIe card; the OAM is 900 W". With the card as the topic, a clause
whose subject is only a form-factor word that names no SKU of the card's family, and that is not
the form the text wrote the card with, is about the chip itself in its other form: an accelerator
module is the chip's own form ("600 W per OAM" is each chip's power), so its figures are the
chip's the card carries. A card holding several chips, or written with no form factor, gives
nothing: the contrast must be in the text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from factlint.claims.language import alternation
from factlint.claims.segments import Mention
from factlint.pack import KnowledgePack

_REACH = 24  # characters around the card's name that may say its form: "the Gaudi 3 PCIe card (HL-338)"


class FormContrast:
    """Finds the chip of a card contrasted with its other form; built once per pack and language."""

    def __init__(self, pack: KnowledgePack, form_factor_words: Sequence[str]) -> None:
        self._pack = pack
        self._forms = frozenset(word.lower() for word in form_factor_words)
        # the form factor written with the card: "the HL-338 PCIe card", "the Gaudi 3 PCIe card (HL-338)"
        self._form = re.compile(r"(?<![\w-])(" + alternation(list(form_factor_words)) + r")(?![\w-])", re.I)

    def carried_chip(
        self, text: str, subject: int, word: str, entity: str, mentions: Sequence[Mention]
    ) -> str | None:
        """Return the chip card ``entity`` carries when the subject ``word`` (at ``subject``) is a
        form factor and the text last wrote the card, before it, with another one, else None."""
        if word.lower() not in self._forms:
            return None
        card = self._pack.entity(entity)
        if card is None or card.kind != "card" or card.contains is None or card.contains.count != 1:
            return None
        written = [mention for mention in mentions if mention.entity == entity and mention.end <= subject]
        if not written:
            return None
        last = written[-1]
        near = {
            form.group(1).lower()
            for form in self._form.finditer(
                text, max(0, last.start - _REACH), min(last.end + _REACH, subject)
            )
        }
        if not near or word.lower() in near:
            return None
        return card.contains.entity
