"""Row ids of tables: a first column of "R1", "R2", "R3" labels the rows and names no product."""

from __future__ import annotations

import re
from collections.abc import Callable

from factlint.models import Block, BlockKind, Document

# "R1", "A-2", "Q3", "REQ-12": a short prefix of capitals and a small number.
_ROW_ID = re.compile(r"([A-Z]{1,4})-?(\d{1,3})")
# "RC-G01", "A-007": a prefix and a serial number written to a fixed width with leading zeros.
_SERIAL = re.compile(r"([A-Z][A-Z\-]{0,6}?)(\d{2,4})")
_RUN = 3  # rows numbered one after another from 0 or 1, evidence enough without an id header


def row_ids(
    document: Document, id_headers: frozenset[str], names_product: Callable[[str], bool]
) -> frozenset[str]:
    """Return the first-column cells of ``document``'s tables that are row ids, not product names.

    A table's first column holds row ids when its header is an id word ("Ref", "ID", "#") or
    when its cells number the rows in order ("R1", "R2", "R3" ...) while another cell of each
    row names a known product ("| R1 | NVIDIA H200 | ... |"). ``id_headers`` are lower case;
    ``names_product`` says whether a cell's text names a known product. Under an id header,
    rows of totals below the items ("| subtotal |") do not keep the items' ids from counting.
    """
    found: set[str] = set()
    for rows in _tables(document):
        header = rows[0].table_headers[0].strip().lower() if rows[0].table_headers else ""
        firsts = [row.cells[0].text.strip() for row in rows]
        shaped = [_ROW_ID.fullmatch(text) for text in firsts]
        if header in id_headers and not all(shaped):
            found.update(_numbered_items(firsts, shaped, names_product))
            continue
        if _serials(firsts):
            found.update(firsts)
            continue
        if not all(shaped):
            continue
        if header in id_headers or (
            _numbered_in_order(shaped) and all(_names_other(row, names_product) for row in rows)
        ):
            found.update(firsts)
    return frozenset(found)


def _serials(firsts: list[str]) -> bool:
    """Return True for cells that are serial numbers of one series: "RC-G01", "RC-G04", "RC-G12".

    One prefix, one width of digits and a leading zero somewhere: products are not numbered
    with padding, asset and line ids are.
    """
    matches = [_SERIAL.fullmatch(text) for text in firsts]
    if len(firsts) < 2 or not all(matches):
        return False
    prefixes = {match.group(1) for match in matches if match}
    widths = {len(match.group(2)) for match in matches if match}
    padded = any(match.group(2).startswith("0") for match in matches if match)
    return len(prefixes) == 1 and len(widths) == 1 and padded


def _tables(document: Document) -> list[list[Block]]:
    """Return the document's table rows grouped by table: consecutive rows under the same headers."""
    tables: list[list[Block]] = []
    previous: Block | None = None
    for block in document.blocks:
        if block.kind is not BlockKind.TABLE_ROW or len(block.cells) < 2:
            previous = None
            continue
        if previous is not None and previous.table_headers == block.table_headers:
            tables[-1].append(block)
        else:
            tables.append([block])
        previous = block
    return tables


def _numbered_items(
    firsts: list[str], shaped: list[re.Match[str] | None], names_product: Callable[[str], bool]
) -> list[str]:
    """Return the cells that number items 0 or 1, 2, 3 ... under one prefix, naming no product."""
    runs: dict[str, list[tuple[str, int]]] = {}
    for text, match in zip(firsts, shaped, strict=True):
        if match is not None and not names_product(text):
            runs.setdefault(match.group(1), []).append((text, int(match.group(2))))
    found: list[str] = []
    for run in runs.values():
        numbers = [number for _, number in run]
        if (
            len(run) >= 2
            and numbers[0] in (0, 1)
            and numbers == list(range(numbers[0], numbers[0] + len(run)))
        ):
            found.extend(text for text, _ in run)
    return found


def _numbered_in_order(shaped: list[re.Match[str] | None]) -> bool:
    """Return True for ids of one prefix numbered 0 or 1, 2, 3 ... down the column."""
    if len(shaped) < _RUN or len({match.group(1) for match in shaped if match}) != 1:
        return False
    numbers = [int(match.group(2)) for match in shaped if match]
    return numbers[0] in (0, 1) and numbers == list(range(numbers[0], numbers[0] + len(numbers)))


def _names_other(row: Block, names_product: Callable[[str], bool]) -> bool:
    return any(names_product(cell.text) for cell in row.cells[1:])
