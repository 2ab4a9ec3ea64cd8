"""Slash lists of measures in table labels ("dense / sparse", "FP16 / FP8", "SXM / PCIe").

A row label "TF32 Tensor (dense / sparse)" says that a cell "183 / 366" holds two
figures, one per term in order, not alternatives or a range. Without such a label a
cell "a / b" keeps its usual reading. A line "Cores / Threads: 192 / 384" names a field
per figure in the same way: each figure takes its cue from its own field name only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from factlint.claims.fastre import compile_folded
from factlint.claims.language import alternation
from factlint.claims.quantities import Quantity
from factlint.claims.variants import variant_suffixes
from factlint.pack import KnowledgePack

_NUMBER = r"[~≈$]?(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
_GROUP = re.compile(rf"(?<![\w.,/]){_NUMBER}(?:\s*/\s*{_NUMBER})+(?![\w.,/]*\d)")
_SEPARATOR = re.compile(r"\s*/\s*")
# "Cores / Threads: 192 / 384": field names of one to three words each, a colon, the values.
_FIELD = r"[A-Za-z][A-Za-z0-9\-]*(?: [A-Za-z][A-Za-z0-9\-]*){0,2}"
_FIELD_LIST = re.compile(
    rf"^[ \t*_\->]*(?P<label>{_FIELD}(?:[ \t]*/[ \t]*{_FIELD})+)[*_]*[ \t]*:[*_]*[ \t]*(?=[~≈$]?\d)", re.M
)
_FIELD_NAME = re.compile(_FIELD)


@dataclass(frozen=True)
class SlashTerm:
    """One term of a slash list: what it sets on its figure and the value it sets."""

    kind: str  # "sparsity", "precision", "variant" or "field"
    value: str  # "dense", "FP8", or the variant word or field name as written ("PCIe", "Cores")
    # A field's place in its line and the place of the whole list of fields.
    span: tuple[int, int] | None = None
    label: tuple[int, int] | None = None

    def own_label(self, text: str) -> str:
        """Return ``text`` with the list's other field names blanked: each figure reads its own."""
        if self.span is None or self.label is None:
            return text
        start, end = self.label
        own_start, own_end = self.span
        blank = " " * (end - start)
        masked = blank[: own_start - start] + text[own_start:own_end] + blank[own_end - start :]
        return text[:start] + masked + text[end:]


class SlashLists:
    """Knows the terms of one pack: sparsity words, precisions and SKU suffixes."""

    def __init__(self, pack: KnowledgePack) -> None:
        self._terms: dict[str, SlashTerm] = {}
        for name, phrases in pack.sparsity:
            for phrase in phrases:
                self._terms.setdefault(_norm(phrase), SlashTerm("sparsity", name))
        for precision in pack.precisions:
            self._terms.setdefault(precision.lower(), SlashTerm("precision", precision))
        # SKU words with a letter: "PCIe", "NVL", "80GB" (but not the "2" of Gaudi2).
        variants = [suffix for suffix in variant_suffixes(pack) if any(c.isalpha() for c in suffix)]
        words = [*(p for _, phrases in pack.sparsity for p in phrases), *pack.precisions]
        term = alternation([*words, *variants], words=False)
        self._list_re = compile_folded(rf"(?<![\w/]){term}(?:\s*/\s*{term})+(?![\w/])", re.I)

    def terms_in(self, labels: list[str]) -> tuple[SlashTerm, ...]:
        """Return the terms of the first label holding a slash list (its last list), or ()."""
        for label in labels:
            found = list(self._list_re.finditer(label))
            if found:
                return tuple(self._term(word) for word in _SEPARATOR.split(found[-1].group(0)))
        return ()

    def field_list(self, text: str) -> tuple[tuple[SlashTerm, ...], int | None]:
        """Return the field names of a "Cores / Threads: 192 / 384" line and where its values start.

        Lists of the pack's own terms ("dense / sparse: ...") are left to :meth:`terms_in`.
        Returns ((), None) when the text opens with no such list.
        """
        match = _FIELD_LIST.search(text)
        if match is None or self._list_re.fullmatch(match["label"]):
            return (), None
        label = match.span("label")
        fields = tuple(
            SlashTerm("field", name.group(0), span=name.span(), label=label)
            for name in _FIELD_NAME.finditer(text, *label)
        )
        return fields, match.end()

    def _term(self, word: str) -> SlashTerm:
        known = self._terms.get(_norm(word))
        return known if known is not None else SlashTerm("variant", word.strip())

    @staticmethod
    def unslash(text: str, count: int, at: int | None = None) -> tuple[str, list[list[int]]]:
        """Return text with the slashes of each group of exactly ``count`` numbers blanked.

        ``at``: only the group starting there counts (the values after a list of field names).

        The result has the same length as ``text``; the second item lists, per group,
        where each of its numbers starts ("183 / 366" -> "183   366", [[0, 6]]).
        """
        chars: list[str] | None = None
        groups = []
        for match in _GROUP.finditer(text):
            if at is not None and match.start() != at:
                continue
            starts = [match.start()]
            for separator in _SEPARATOR.finditer(text, match.start(), match.end()):
                starts.append(separator.end())
            starts = [start + (text[start] in "~≈") for start in starts]  # where the reader starts it
            if len(starts) != count:
                continue
            chars = chars if chars is not None else list(text)
            for index in range(match.start(), match.end()):
                if text[index] == "/":
                    chars[index] = " "
            groups.append(starts)
        return ("".join(chars) if chars is not None else text), groups


def share_units(quantities: list[Quantity], groups: list[list[int]]) -> list[Quantity]:
    """Return the quantities with the unit of a group's measured number given to its bare ones.

    In "989 / 1979 TFLOPS" only the last number carries the unit, which both share.
    """
    by_start = {quantity.start: index for index, quantity in enumerate(quantities)}
    shared = list(quantities)
    for starts in groups:
        members = [by_start[start] for start in starts if start in by_start]
        measured = [shared[i] for i in members if shared[i].kind in ("unit", "multiplier")]
        if not measured:
            continue
        model = measured[-1]
        for index in members:
            if shared[index].kind == "bare":
                shared[index] = replace(
                    shared[index],
                    kind=model.kind,
                    unit=model.unit,
                    unit_pint=model.unit_pint,
                    rate=model.rate,
                )
    return shared


def term_at(start: int, groups: list[list[int]], terms: tuple[SlashTerm, ...]) -> SlashTerm | None:
    """Return the term of the figure whose number starts at ``start``, if it stands in a group."""
    for starts in groups:
        for position, number_start in enumerate(starts):
            if number_start == start:
                return terms[position]
    return None


def _norm(word: str) -> str:
    return " ".join(word.lower().split())
