"""Chart series written on one line: "HBM per chip, GB: Maia 200 216 | TPU v7 192 | ...".

A chart's alt text or a caption may name the measure and its unit once, before a colon, and
then list each product with a bare number, the fields split by pipes or middle dots. The
unit of the label holds for every field's number.
"""

from __future__ import annotations

import re
from collections.abc import Callable

# The label before the colon: one phrase after an opening quote, bracket or sentence end.
_SERIES = re.compile(
    r"(?:^|[\"“(\[]|[.:]\s)\s*([A-Za-z][^\"“:|·.\n]{0,40}?(?:,\s*|\s*\()[^\s,:()|]{1,8}\)?)\s*:\s+"
    r"(?=[^|·\n]*\d[^|·\n]*[ \t][|·][ \t][^|·\n]*\d)"  # at least two fields with numbers
)

_FIELDS_END = re.compile(r"[\"”\]\n]")  # an aside "(LPDDR5)" inside a field goes on


def series_unit(
    text: str, unit_in_label: Callable[[str], tuple[str, str] | None]
) -> tuple[tuple[int, int], tuple[str, str]] | None:
    """Return ((start, end) of the fields, the label's unit) of a one-line chart series, or None.

    The fields end where the line, the quote or the bracket holding them does.
    """
    for match in _SERIES.finditer(text):
        unit = unit_in_label(match.group(1))
        if unit is not None:
            end = _FIELDS_END.search(text, match.end())
            return (match.end(), end.start() if end else len(text)), unit
    return None
