"""Dates a sentence gives the table after it: "from 16 March 2026 the following configurations
are put into service:" over a table of configurations dates each row's product.

A provider's notice announces what it starts to offer in one sentence and lists the offer in a
table right below: the sentence names no product, only a noun phrase pointing ahead ("the
following configurations", "the instances below"), a date and a cue of release. Each row of the
table is one of those products, so each takes the date, placed where the sentence writes it
(tests/eval/README.md, rule 7 on availability dates). A sentence that names a product of its own
dates that product, and a table further down (after other prose) is another topic.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from factlint.claims.dates import DateMention
from factlint.claims.language import alternation
from factlint.models import Block, BlockKind


@dataclass(frozen=True)
class TableDate:
    """A date of a sentence (offsets into its block's text) and the products of the table after it."""

    date: DateMention
    sentence: tuple[int, int]
    entities: tuple[str, ...]


class FollowingTables:
    """Finds sentences that date the products of the table after them."""

    def __init__(self, pointers: Sequence[str]) -> None:
        # "the following configurations", "the servers listed below"
        self._pointer = re.compile(alternation(tuple(pointers)), re.I) if pointers else None

    def dated_rows(
        self,
        blocks: Sequence[Block],
        index: int,
        dates: Callable[[str], list[DateMention]],
        is_release: Callable[[str, DateMention], bool],
        products: Callable[[str], list[str]],
    ) -> TableDate | None:
        """Return the date block ``index`` gives the table right after it, or None.

        ``dates`` reads a sentence's dates, ``is_release`` says whether a date of a sentence is a
        release date by its cue, ``products`` names the products a text names (in order).
        """
        block = blocks[index]
        if self._pointer is None or block.kind not in (BlockKind.PARAGRAPH, BlockKind.LIST_ITEM):
            return None
        rows = []
        for following in blocks[index + 1 :]:
            if following.kind is not BlockKind.TABLE_ROW:
                break
            rows.append(following)
        if not rows:
            return None
        for start, end in reversed(block.sentence_spans()):
            sentence = block.text[start:end]
            if not self._pointer.search(sentence) or products(sentence):
                continue
            found = [m for m in dates(sentence) if not m.bare_year and is_release(sentence, m)]
            if len(found) != 1:
                return None
            named = []
            for row in rows:
                first = next((cell for cell in row.cells if cell.text.strip()), None)
                owner = products(first.text) if first is not None else []
                if owner:
                    named.append(owner[0])
            entities = tuple(dict.fromkeys(named))
            if not entities:
                return None
            date = found[0]
            moved = DateMention(
                date.start + start, date.end + start, date.value, date.low, date.high, date.qualifier
            )
            return TableDate(moved, (start, end), entities)
        return None
