"""Figures of settings, shares, slices and restatements, which state no value of a product.

An incident report writes figures that are nobody's rating:

- a site's power cap changed by someone: "a firmware push reset the policy to the 6 kW per-node
  cap", "per-node cap raised back to 10.2 kW" (``site_cap_phrases`` with a ``setting_change_verbs``
  verb in the same clause);
- the share a cap or budget leaves each part: "the cap left each card roughly 330 W"
  (``share_openers``, the figures after it in its phrase);
- a partition's figure: "with MIG in 1g.6gb mode each slice sees under 6 GB" (a sentence with a
  ``partition_cues`` word or a MIG-style profile, a phrase with a ``slice_nouns`` noun before the
  figure);
- a figure restated in another unit basis: "the exporter's figure is that memory counted in binary
  units (96 GiB)" (a clause with both a ``unit_basis_phrases`` and a ``restated_referents`` phrase,
  the figures after the latter: "37.25 GiB, which is the same memory in binary units" is a reading).

Each rule works on the text of the blocks and yields the file positions of the figures it
withdraws; ``drop_setting_figures`` removes the claims read there.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from factlint.claims.fastre import FoldedPattern
from factlint.claims.language import Language, phrase_pattern
from factlint.models import Claim, Document

_ASCII_DIGIT = re.compile(r"[0-9]")
_CLAUSE_BREAK = re.compile(r"[;|]")
_PHRASE_BREAK = re.compile(r"[;|,]")
# The start of a figure as a claim's column gives it: a sign or a hedge mark, else its first digit.
_FIGURE = re.compile(r"(?<![\w.])[$€£~]?\d")
# A figure with its unit word, then the copula of a remark on it, up to where the remark's referent starts.
_SUBJECT_OF = re.compile(
    r"(?P<figure>(?<![\w.])[$€£~]?\d[\d.,]*(?:[eE][+-]?\d+)?)[ \t]*[A-Za-z/%]*"
    r"[ \t]+(?:is|are|was|were)[ \t]+$"
)
# A partition profile written as a compute-and-memory size: "1g.6gb", "3g.40gb", "2g.20gb".
_PROFILE = re.compile(r"\b\d+g\.\d+gb\b", re.IGNORECASE)


@dataclass(frozen=True)
class SettingPatterns:
    """The compiled word lists of the four rules."""

    site_cap: FoldedPattern
    change: FoldedPattern
    share: FoldedPattern
    partition: FoldedPattern
    slice: FoldedPattern
    basis: FoldedPattern
    referent: FoldedPattern


@lru_cache(maxsize=4)
def setting_patterns(language: Language) -> SettingPatterns:
    """Return the patterns of ``language``'s setting, share, slice and restatement words."""
    return SettingPatterns(
        phrase_pattern(language.site_cap_phrases),
        phrase_pattern(language.setting_change_verbs),
        phrase_pattern(language.share_openers),
        phrase_pattern(language.partition_cues),
        phrase_pattern(language.slice_nouns),
        phrase_pattern(language.unit_basis_phrases),
        phrase_pattern(language.restated_referents),
    )


def setting_positions(document: Document, patterns: SettingPatterns) -> set[tuple[int, int]]:
    """Return the (line, column) file positions of the figures the document's blocks give as
    settings, shares, slices or restatements."""
    positions: set[tuple[int, int]] = set()
    for block in document.blocks:
        if not _has_digit(block.text):
            continue
        for offset in _withdrawn_offsets(block.text, block.sentences, patterns):
            positions.add(block.position(offset))
    return positions


def _has_digit(text: str) -> bool:
    """Return True when a character of ``text`` is a digit (``str.isdigit``: "²" is one too)."""
    if text.isascii():  # the usual case: one regex search instead of a Python loop over the text
        return _ASCII_DIGIT.search(text) is not None
    return any(character.isdigit() for character in text)


def drop_setting_figures(claims: list[Claim], document: Document, language: Language) -> list[Claim]:
    """Return ``claims`` without those read at a figure of a setting, share, slice or restatement."""
    positions = setting_positions(document, setting_patterns(language))
    if not positions:
        return claims
    return [claim for claim in claims if (claim.line, claim.column) not in positions]


def _withdrawn_offsets(
    text: str, sentences: tuple[tuple[int, int], ...], patterns: SettingPatterns
) -> Iterator[int]:
    for start, end in sentences or ((0, len(text)),):
        sentence = text[start:end]
        partitioned = bool(patterns.partition.search(sentence) or _PROFILE.search(sentence))
        for clause_start, clause_end in _parts(sentence, _CLAUSE_BREAK):
            clause = sentence[clause_start:clause_end]
            base = start + clause_start
            if patterns.site_cap.search(clause) and patterns.change.search(clause):
                yield from _figures(clause, base, 0)
            referent = patterns.referent.search(clause)
            if referent is not None and patterns.basis.search(clause):
                yield from _figures(clause, base, referent.end())
                # "the exporter's 1.03e+11 bytes is that memory ...": the figure is what is restated
                subject = _SUBJECT_OF.search(clause, 0, referent.start())
                if subject is not None:
                    yield from _figures(clause[: subject.end("figure")], base, subject.start("figure"))
            for phrase_start, phrase_end in _parts(clause, _PHRASE_BREAK):
                phrase = clause[phrase_start:phrase_end]
                share = patterns.share.search(phrase)
                if share is not None:
                    yield from _figures(phrase, base + phrase_start, share.end())
                if partitioned:
                    noun = patterns.slice.search(phrase)
                    if noun is not None:
                        yield from _figures(phrase, base + phrase_start, noun.end())


def _parts(text: str, breaks: re.Pattern[str]) -> Iterator[tuple[int, int]]:
    """Yield the (start, end) spans of ``text`` between its break characters."""
    start = 0
    for found in breaks.finditer(text):
        yield start, found.start()
        start = found.end()
    yield start, len(text)


def _figures(text: str, base: int, after: int) -> Iterator[int]:
    """Yield the block offsets of the figures of ``text`` from ``after`` on: where the sign or hedge
    mark stands and where the digits start, either of which a claim's column may give."""
    for found in _FIGURE.finditer(text, after):
        yield base + found.start()
        yield base + found.end() - 1
