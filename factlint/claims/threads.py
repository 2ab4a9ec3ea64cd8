"""E-mail threads quoted newest first: a value a later reply replaces is not claimed again below it."""

from __future__ import annotations

import re
from collections.abc import Callable

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation
from factlint.models import Block, Claim


class QuotedThread:
    """Knows one language's quote headers ("On Tue, 11 Mar 2025, Ana wrote:")."""

    def __init__(self, language: Language) -> None:
        self._header_re = compile_folded(
            r"^(?:"
            + alternation(language.quote_header_openers)
            + r").{0,160}?"
            + alternation(language.quote_header_endings, words=False)
            + r"\s*$",
            re.I | re.S,
        )

    def message_of_line(self, blocks: tuple[Block, ...]) -> dict[int, int]:
        """Return, for each line of the blocks, how many quote headers stand above it.

        Empty when the document quotes no earlier message: then every line is one message.
        """
        ages: dict[int, int] = {}
        age = 0
        for block in blocks:
            start = 0
            for line in block.text.split("\n"):
                if self._header_re.match(line.lstrip("> \t")):
                    age += 1
                else:
                    # A line of decoded text may run over several lines of the file (an
                    # e-mail's soft line breaks): each of them is this message's.
                    first, last = block.position(start)[0], block.position(start + len(line))[0]
                    ages.update(dict.fromkeys(range(first, max(first, last) + 1), age))
                start += len(line) + 1
        return ages if age else {}

    def drop_replaced(
        self, blocks: tuple[Block, ...], claims: list[Claim], identity: Callable[[Claim], tuple[object, ...]]
    ) -> list[Claim]:
        """Return the claims less those of older (quoted) messages that a newer message states otherwise.

        Top-posted replies sit above the mail they quote, so a figure whose ``identity``
        (entity, scope, attribute) a newer message gives with another value was replaced
        ("128 GB per card" quoted under "Gaudi 2 has 96 GB"); the same value quoted is kept.
        """
        ages = self.message_of_line(blocks)
        if not ages:
            return claims
        kept: dict[tuple[object, ...], list[tuple[int, Claim]]] = {}
        dropped: set[int] = set()
        for index in sorted(range(len(claims)), key=lambda i: ages.get(claims[i].line, 0)):
            claim, age = claims[index], ages.get(claims[index].line, 0)
            same = kept.setdefault(identity(claim), [])
            newer = [other for other_age, other in same if other_age < age]
            if newer and not any(_same_value(claim, other) for other in newer):
                dropped.add(index)
            else:
                same.append((age, claim))
        return [claim for index, claim in enumerate(claims) if index not in dropped]


def _same_value(one: Claim, other: Claim) -> bool:
    """Return True when two claims give one value (within half a percent, as the scorer does)."""
    if isinstance(one.value, (int, float)) and isinstance(other.value, (int, float)):
        return abs(one.value - other.value) <= 0.005 * max(abs(one.value), abs(other.value))
    return one.value == other.value
