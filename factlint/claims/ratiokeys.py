"""Data keys that name a figure relative to a baseline ("perf_per_watt_vs_v6e", "speedup_vs_a100").

Such a key's number is a multiplier: a unit after ``per`` is the denominator of the compared
measure ("per watt"), not the value's unit, and the words after the comparison word name the
baseline. The key is a ratio key only when those words name a baseline: a product the pack knows,
a member of a pack family written without the family ("vs v6e"), or a generic baseline word
("vs prev gen"); a comparison against anything else ("latency_vs_batch", "power_vs_load_pct") is a
curve or breakdown whose numbers keep the key's unit. A key that names its own unit before the
comparison ("price_usd_vs_list") keeps that unit.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from factlint.claims.fastre import FoldedPattern
from factlint.claims.quantities import QuantityReader

_PER_WORD = re.compile(r"\bper\s+\S+")  # "perf per watt": the unit after "per" is a denominator


def compared_words(header: str, against: FoldedPattern, quantities: QuantityReader) -> str | None:
    """Return the words after a data key's comparison word ("v6e" of "perf per watt vs v6e"), or None.

    ``against`` matches the comparison word with the first word after it ("vs v6e", "relative to
    h100"); the key must be lower-case words, and the words before the comparison, without their
    ``per`` denominators, must name no unit.
    """
    if header != header.lower() or " " not in header:
        return None
    match = against.search(header)
    if match is None or match.start() == 0:
        return None
    before = _PER_WORD.sub(" ", header[: match.start()]).strip()
    if before and quantities.unit_in_label(before) is not None:
        return None
    return header[match.end() - 1 :].strip()


def names_ratio(
    header: str,
    against: FoldedPattern,
    quantities: QuantityReader,
    names_baseline: Callable[[str], bool],
) -> bool:
    """Return True when a data key (lower-case words) names a figure set against a baseline.

    ``names_baseline`` decides whether the words after the comparison word name one (see
    ``Resolver.names_baseline``): "vs batch" or "vs load pct" does not, and the key stays as it was.
    """
    words = compared_words(header, against, quantities)
    return words is not None and names_baseline(words)


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
    words = compared_words(header, against, quantities)
    if words is None:
        return None
    return resolve(words) or variant(entity, words)
