"""Read labels that scraping ran into their values ("pod256", "BW1,600 Gbps") as if spaced."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from factlint.claims.variants import variant_suffixes
from factlint.pack import KnowledgePack

# A letter run glued to the number after it.
_GLUED = re.compile(r"(?<![A-Za-z])([A-Za-z]{2,})(\d[\d,.]*)")
_GROUPED = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?")  # "1,600": digit grouping, never in a name
_MONTH_YEAR = re.compile(r"/\d{4}(?!\d)")  # "available12/2024"
_TOKEN_END = re.compile(r"[^\s,;:()]*")


class GlueSplitter:
    """Knows the label words of one pack: cue words, scope nouns and one-word entity names."""

    def __init__(self, pack: KnowledgePack, unit_at: Callable[[str, int], bool]) -> None:
        """``unit_at(text, position)`` says whether a unit of the pack starts at ``position``."""
        self._unit_at = unit_at
        words: set[str] = set()
        for attribute in pack.attributes:
            for cue in attribute.cues:
                words.add(cue.split()[-1].lower())
        words.update(noun.lower() for _, nouns in pack.scopes for noun in nouns)
        words.update(name.lower() for entity in pack.entities for name in entity.names)
        self._label_words = {word for word in words if word.isalpha()}
        # "H200 SXM141 GB": a SKU word ends the name, but only a unit after its digits makes them a
        # value: a form's generation ends a cell or a line as often ("8 x A100 SXM4", "PCIe5").
        self._form_words = {word for word in variant_suffixes(pack) if word.isalpha()} - self._label_words
        # Whole tokens that are names or terms in their own right: "HBM3e", "Trainium2", "FP8".
        self._known = {cue.lower() for attribute in pack.attributes for cue in attribute.cues}
        self._known.update(name.lower() for entity in pack.entities for name in entity.names)
        self._known.update(precision.lower() for precision in pack.precisions)

    def unglue(self, text: str, name_ends: Iterable[int] = ()) -> str:
        """Return ``text`` with a space in place of the last letter of each label glued to its value.

        The result has the same length, so offsets into it are offsets into ``text``; read
        numbers and dates from it and words from ``text``. A label is split from its value
        when the label is a known word (cue, scope noun, entity name) or the value carries
        digit grouping ("BW1,600"), the whole token is not itself a known name ("HBM3",
        "Trainium2", "A100" stay), and the value ends its line, runs into a unit or is a
        month/year date. ``name_ends`` are where entity names end; one that ends inside a
        token ("MI300X|192 GB", as the entity matcher allows) is split from its value too.
        """
        chars: list[str] | None = None
        for end in name_ends:
            if 0 < end < len(text) and text[end].isdigit() and text[end - 1].isalpha():
                chars = chars if chars is not None else list(text)
                chars[end - 1] = " "
        first = _GLUED.search(text)
        if first is None:
            return "".join(chars) if chars is not None else text
        for match in _GLUED.finditer(text, first.start()):
            label, number = match.group(1), match.group(2).rstrip(",.")
            token_end = _TOKEN_END.match(text, match.start(2)).end()  # type: ignore[union-attr]
            token = text[match.start(1) : token_end].lower()
            if token in self._known or any(
                token[:end] in self._known for end in range(len(label) + 1, len(token))
            ):
                continue  # "HBM3e", "Trainium2"; "Gaudi3128 GB" may be Gaudi3 with 128 GB
            after = match.start(2) + len(number)
            known_label = label.lower() in self._label_words or (
                label.lower() in self._form_words and self._unit_at(text, after)
            )
            if not known_label and not _GROUPED.fullmatch(number):
                continue
            if not self._ends_value(text, after):
                continue
            chars = chars if chars is not None else list(text)
            chars[match.start(2) - 1] = " "
        return "".join(chars) if chars is not None else text

    def _ends_value(self, text: str, position: int) -> bool:
        rest = text[position : text.find("\n", position) if "\n" in text[position:] else len(text)]
        if not rest.strip():
            return True
        return bool(_MONTH_YEAR.match(text, position)) or self._unit_at(text, position)
