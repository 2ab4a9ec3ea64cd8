"""A record's term fields: the precision, sparsity or qualifier its figures are stated in.

A data record may state the terms of its figure in fields of their own rather than in the figure's
key: ``peak { precision: PRECISION_INT8 tops: 92 qualifier: "up to" }`` in a protobuf catalog,
``{"dtype": "bf16", "tflops": 990}`` in a benchmark's JSON, a ``sparsity: dense`` key in YAML. Such a
field (its key's last word in ``datakeys.yaml`` ``term_keys``) qualifies every figure of its record,
as a header's words do, so its words go in front of the other keys' headers ("up to precision int8
tops"); the term field itself states no figure and keeps its own header.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from factlint.sources.quantityfields import YAML_NULLS


def termed_headers(
    headers: Sequence[str], cells: Sequence[tuple[str, int, int]], first: int, terms: Collection[str]
) -> tuple[str, ...]:
    """Return a record's headers with the words of its term fields (last header word in ``terms``:
    ``precision``, ``qualifier``) in front of each other field's header from index ``first`` on
    (the name cell before it is left alone); unchanged when the record has no term field."""
    termed = [
        index
        for index in range(first, len(headers))
        if headers[index].split()
        and headers[index].split()[-1].lower() in terms
        and cells[index][0].strip().lower() not in YAML_NULLS  # a null states no term
    ]
    if not termed:
        return tuple(headers)
    # the qualifier first: a bound opens a header as it opens a phrase ("up to ... tops")
    termed.sort(key=lambda index: headers[index].split()[-1].lower() != "qualifier")
    words = " ".join(cells[index][0].strip().lower() for index in termed)
    return tuple(
        f"{words} {header}" if index >= first and index not in termed else header
        for index, header in enumerate(headers)
    )
