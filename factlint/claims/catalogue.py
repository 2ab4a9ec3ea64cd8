"""Variant rows of a catalogue export: a row that repeats the key of the row above is the same product.

A shop export lists each product once with its name and description, then one row per further
variant (another condition, another pack) that repeats the product's key and leaves the name
empty::

    Handle,Title,Option1 Value,Variant Price
    nvidia-l40,NVIDIA L40 48GB,New,7350
    nvidia-l40,,Open box,6400

The second row's price is the L40's too. A two-cell row that leaves its key blank right under a
row that named its product is that row's second line (a list of figures wrapped in a space-typed
table, see sources/listcells.py)::

    D9 chip      128 cores, 256 MB SRAM,
                 300 W TDP
"""

from __future__ import annotations

from dataclasses import dataclass

from factlint.models import Block


@dataclass(frozen=True)
class _Head:
    """The last row that named its product: its table's headers, its key cell and its product."""

    headers: tuple[str, ...]
    key: str
    entity: str
    line: int  # the last line the head row (or a blank-keyed second line of it) ends on


class VariantRows:
    """Remembers, across the rows of a document, the product of the last row that named one."""

    def __init__(self) -> None:
        self._head: _Head | None = None

    def reset(self) -> None:
        """Forget the last head row (a new document)."""
        self._head = None

    def continued(self, block: Block) -> str | None:
        """Return the product of the row above when ``block`` repeats its key under the same headers
        and leaves a cell empty, or leaves its key blank on the line right under it; else None."""
        head = self._head
        key = _key(block)
        # only a label and its list: a blank-keyed row of a wider table is a total or a note row
        if (
            head is not None
            and not key
            and len(block.cells) == 2
            and block.line == head.line + 1
            and block.table_headers == head.headers
        ):
            self._head = _Head(head.headers, head.key, head.entity, block.line)
            return head.entity  # the row's second line
        if head is None or not key or key != head.key or block.table_headers != head.headers:
            return None
        return head.entity if any(not cell.text for cell in block.cells[1:]) else None

    def note(self, block: Block, entity: str | None) -> None:
        """Remember ``block`` as the head of its variants when it names its product by itself."""
        key = _key(block)
        if entity is not None and key:
            self._head = _Head(block.table_headers, key, entity, block.line)


def _key(block: Block) -> str:
    """Return the text of a row's first cell, its key in an export."""
    return block.cells[0].text.strip() if block.cells else ""
