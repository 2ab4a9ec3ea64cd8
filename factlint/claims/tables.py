"""What a table row's position says about its cells: column and row entities, cue words."""

from __future__ import annotations

import re
from dataclasses import dataclass

from factlint.claims.attributes import CONTEXT_DISTANCE, CueText
from factlint.claims.quantities import QuantityReader
from factlint.claims.resolve import Resolver
from factlint.claims.segments import Segment, SegmentReader
from factlint.models import Block


@dataclass(frozen=True)
class TableContext:
    """The row label, headers and the entities they name, for one table row."""

    row_label: str
    headers: tuple[str, ...]
    column_entities: tuple[str | None, ...]
    row_entity: str | None
    count_scopes: tuple[str | None, ...]  # the scope a column counts ("| Accelerators |"), if any
    units: tuple[tuple[str, str] | None, ...]  # the unit a column header names ("HBM (GB)"), if any
    row_unit: tuple[str, str] | None  # the unit the row label names ("| Memory (GB) | 96 | 80 |")
    rates: tuple[str | None, ...]  # the time unit of prices in a column ("On-demand (per chip-hour)")
    withdrawn: tuple[bool, ...]  # columns of superseded values ("| old | new |")

    @staticmethod
    def build(
        block: Block,
        resolver: Resolver,
        segments: SegmentReader,
        quantities: QuantityReader,
        withdrawn_header: re.Pattern[str],
    ) -> TableContext:
        """Return the context of a table-row block."""
        headers = block.table_headers
        column_entities = tuple(
            resolver.title_subject(segments.mentions(header)) if index else None
            for index, header in enumerate(headers)
        )
        row_label = block.cells[0].text if block.cells else ""
        return TableContext(
            row_label=row_label,
            headers=headers,
            column_entities=column_entities,
            row_entity=resolver.title_subject(segments.mentions(row_label)),
            count_scopes=tuple(resolver.counted_scope(header) for header in headers),
            units=tuple(quantities.unit_in_label(header) for header in headers),
            row_unit=quantities.unit_in_label(row_label),
            rates=tuple(quantities.rate_in_label(header) for header in headers),
            withdrawn=tuple(bool(withdrawn_header.fullmatch(header.strip())) for header in headers),
        )

    def candidates(self, cell_index: int) -> list[tuple[str, str, float]]:
        """Return the entities a cell's position suggests, most specific first.

        In a comparison table (two or more entity columns) the column decides; in a
        table with a single entity in its header, a row that names its own entity
        ("Trn1 vs P4d") is more specific than the header ("Trainium vs NVIDIA").
        """
        column = None
        if cell_index < len(self.column_entities) and self.column_entities[cell_index]:
            column = (self.column_entities[cell_index] or "", "table.column-entity", 0.95)
        row = (self.row_entity, "table.row-entity", 0.9) if self.row_entity else None
        comparison = sum(entity is not None for entity in self.column_entities) >= 2
        ordered = [column, row] if comparison else [row, column]
        return [candidate for candidate in ordered if candidate is not None]

    def cues(self, segment: Segment) -> list[CueText]:
        """Return the row label and column header as cue texts for a cell."""
        cues = [CueText(self.row_label, CONTEXT_DISTANCE)]
        index = segment.cell_index or 0
        if index < len(self.headers):
            cues.append(CueText(self.headers[index], CONTEXT_DISTANCE + 5))
        return cues

    def unit(self, segment: Segment) -> tuple[str, str] | None:
        """Return the unit named for a cell's bare numbers by its column header or row label."""
        index = segment.cell_index or 0
        column = self.units[index] if index < len(self.units) else None
        return column or self.row_unit

    def rate(self, segment: Segment) -> str | None:
        """Return the time unit the cell's column gives its prices in, if any."""
        index = segment.cell_index or 0
        return self.rates[index] if index < len(self.rates) else None

    def is_withdrawn(self, segment: Segment) -> bool:
        """Return True for a cell in a column of old values ("| was |", "| previous |")."""
        index = segment.cell_index or 0
        return index < len(self.withdrawn) and self.withdrawn[index]

    def count_scope(self, segment: Segment) -> str | None:
        """Return the scope of the things a cell's column counts, if it is a count column."""
        index = segment.cell_index or 0
        return self.count_scopes[index] if index < len(self.count_scopes) else None
