"""Data keys that name a figure relative to a baseline ("perf_per_watt_vs_v6e", "speedup_vs_a100").

Such a key's number is a multiplier: a unit after ``per`` is the denominator of the compared
measure ("per watt"), not the value's unit, and the words after the comparison word name the
baseline (resolved as a product by the table's label baseline). A key that names its own unit
before the comparison ("price_usd_vs_list") keeps that unit.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from factlint.claims.fastre import FoldedPattern
from factlint.claims.quantities import QuantityReader

_PER_WORD = re.compile(r"\bper\s+\S+")  # "perf per watt": the unit after "per" is a denominator


def names_ratio(header: str, against: FoldedPattern, quantities: QuantityReader) -> bool:
    """Return True when a data key (lower-case words) names a figure set against a baseline.

    ``against`` matches the comparison word with the baseline's first word after it ("vs v6e",
    "relative to h100"); the words before it, without their ``per`` denominators, must name no unit.
    """
    if header != header.lower() or " " not in header:
        return False
    match = against.search(header)
    if match is None or match.start() == 0:
        return False
    before = _PER_WORD.sub(" ", header[: match.start()]).strip()
    return not before or quantities.unit_in_label(before) is None


def key_baseline(
    header: str,
    entity: str,
    against: FoldedPattern,
    quantities: QuantityReader,
    resolve: Callable[[str], str | None],
    variant: Callable[[str, str], str | None],
) -> str | None:
    """Return the product a ratio key's words after its comparison word name, or None.

    The words may be a whole name ("speedup vs h100") or, as keys shorten them, the member of the
    row entity's family they name with the family ("perf per watt vs v6e" of TPU v7: TPU v6e).
    """
    if not names_ratio(header, against, quantities):
        return None
    match = against.search(header)
    assert match is not None
    words = header[match.end() - 1 :].strip()
    return resolve(words) or variant(entity, words)
