"""A question about the whole machine moves a thread from a chip to the machine that holds it.

"Is anybody on the Zephyr Z2? We rent it on a zx-8 instance." then "What about the whole
box? ..." asks about the zx-8, not the Z2: the question names no product, only the container
("the whole box", "the entire system"), so the answer's figures belong to the machine the
thread has named holding the chip. A question about "the card" names no container and keeps
the chip; a thread that named no machine holding the chip keeps it too.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from factlint.claims.fastre import FoldedPattern

_QUESTION_END = re.compile(r"\?")


def whole_machine_question(text: str, whole_machine: FoldedPattern) -> bool:
    """Return True when the block's first sentence is a question that speaks of the whole machine."""
    mark = _QUESTION_END.search(text)
    if mark is None:
        return False
    opening = text[: mark.start()]
    if any(stop in opening for stop in (". ", ".\n", "! ")):
        return False  # the question is not the block's opening sentence
    return whole_machine.search(opening) is not None


def holding_machine(
    chip: str,
    named: Iterable[str],
    is_machine: Callable[[str], bool],
    holds: Callable[[str, str], bool],
) -> str | None:
    """Return the last of ``named`` (products in text order) that is a machine holding ``chip``, or None."""
    machines = [entity for entity in named if is_machine(entity) and holds(entity, chip)]
    return machines[-1] if machines else None
