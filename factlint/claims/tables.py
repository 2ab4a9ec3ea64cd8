"""What a table row's position says about its cells: column and row entities, cue words."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from factlint.claims.attributes import CONTEXT_DISTANCE, CueText
from factlint.claims.fastre import FoldedPattern, compile_folded
from factlint.claims.formrows import row_form_scope
from factlint.claims.peakrates import peak_rate_owned
from factlint.claims.quantities import QuantityReader
from factlint.claims.ratiokeys import names_ratio
from factlint.claims.readingcolumns import ReadingWords, reading_columns
from factlint.claims.resolve import Resolver
from factlint.claims.segments import Mention, Segment, SegmentReader
from factlint.claims.verdicts import RowStatus, StatusWords, Verdict, note_columns, row_status
from factlint.models import Block, BlockKind
from factlint.pack import PART_KINDS

_FREE_DIGIT = re.compile(r"(?<![\w.])\d")  # a digit that starts a number ("HBM3" holds none)
_LETTER = re.compile(r"[A-Za-z]")
_RECORD_KEY = re.compile(r"[a-z0-9]+(?:[-_][a-z0-9]+)+")  # "mi300x-assistant", "inf2_canary": a data key
# A row label that counts: plural ("Tensor Cores"), "per", "number of", "#"; "| Chip | 1 | 2 |" numbers parts.
_COUNTING_LABEL = compile_folded(r"\b(?:per|number\s+of|count)\b|#|[a-z]s\W*$", re.I)
# A field cell ("| TPU v5p | chips per pod | 8,960 |") names the attribute of the row's
# figures, but the figure's own column header is nearer evidence when it has a cue.
FIELD_DISTANCE = CONTEXT_DISTANCE + 10


# A set-up's number or letter in a label column: "1", "12", "B"
_SET_UP_NUMBER = re.compile(r"\d{1,3}|[A-Z]")


@dataclass(frozen=True)
class HeaderWords:
    """Column headers that change how a column is read: superseded values, field names."""

    withdrawn: FoldedPattern  # "| old | new |": the old column is superseded
    reading: FoldedPattern  # "| power_draw_w |", "| mem_used_mib |": a runtime reading
    measured_peak: FoldedPattern  # "| measured_peak_w |": a measured peak, not a reading
    setting: FoldedPattern  # "| power_limit_w |": beside readings, an operator's setting
    rated: FoldedPattern  # "| TDP (W) |", "| Rated power |": a rating, also beside readings
    idle: FoldedPattern  # "| Idle (W) |": a reading at rest
    host_cpu: FoldedPattern  # "| CPU |": the host's processors, so a bare "| RAM |" is the host's
    field: FoldedPattern  # "| Product | Metric | Value |": the Metric cell names the attribute
    discount: FoldedPattern  # "| Discount |", "| ext_cost |": its money is no unit's price
    commitment: FoldedPattern  # "| 1-year commitment |": a rate at the time its sibling columns state
    unit: FoldedPattern  # "| Spec | Unit | L40S |": the Unit cell names the unit of the row's numbers
    memory: FoldedPattern  # "| Memory (GiB) |": a column of memory with nothing said of whose
    device_memory: FoldedPattern  # "| GPU memory (GiB) |": a column of the accelerators' memory
    host_memory: FoldedPattern  # "| Host RAM (GiB) |", "host_ram_gib": the host's memory, named so
    device: FoldedPattern  # "| TDP (W) |": a figure only a device has, the model column's in a machine row
    peak_rate: FoldedPattern  # "int8_tops": a peak rating, the model's in a record of per-unit chip keys
    spend: FoldedPattern  # "| cost_usd |", "| credits |": beside a unit price, a bill line's spend
    unit_price: FoldedPattern  # "| unit_price_usd |", "| rate |": a price per unit of use
    usage_unit: FoldedPattern  # "| usage_unit |": the cell names what the row's usage is counted in
    usage_times: tuple[tuple[str, FoldedPattern], ...]  # (rate, usage-unit cells of that time)
    usage_rate: FoldedPattern  # "chip-hour" in a row's description: its prices are per hour
    relation: FoldedPattern  # "| Replaces |": a column naming products related to the row's
    relation_key: FoldedPattern  # "measured vs accelerator": a data key naming a compared product
    ratio: FoldedPattern  # "| Speedup |", "measured speedup": a column of multipliers
    ratio_key: FoldedPattern  # "perf per watt vs v6e": a data key's multiplier against a baseline
    attachment: FoldedPattern  # "T4 GPU attached to n1-standard-8": the machine owns the row
    total: FoldedPattern  # "| 8× H100 | 640 GB total |": the sum over the row machine's chips
    per_device_note: FoldedPattern  # "All values are per accelerator": a note before a table
    quantity: FoldedPattern  # "| Quantity |" right after a model column: how many of the model
    description: FoldedPattern  # "| description |": a line item's text, naming its product first
    accessory: FoldedPattern  # "cabling kit", "installation": a line item that is no product itself
    converted: FoldedPattern  # "| Approx. in USD |": the column before it, in dollars
    bare_price: FoldedPattern  # "| Variant Price |": a selling price naming no currency
    bundle: FoldedPattern  # "Four cards", "4-pack": a short cell counting units sold together
    counted: (
        FoldedPattern  # "| 8 adet AMD Instinct MI325X |", "| 8 pcs H200 |": a count, a counter, a product
    )
    status: StatusWords  # "| status |": whether a row's figures stand, are hedged or withdrawn
    form_factor: FoldedPattern  # "| Form factor |", "form_factor": a column naming a row's form
    board_words: frozenset[str]  # "| board |": a form carrying several chips, lower-cased
    designator: FoldedPattern  # "| Lot |": a first column numbering the set-ups a document labelled


@dataclass(frozen=True)
class FieldCell:
    """A cell that names the attribute of its row's figures ("chips per pod", "TDP (W)")."""

    index: int
    text: str  # identifiers read as words: "announce_date" -> "announce date"


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
    # a record naming its item in a cell after its label, beside keys naming another product
    # ("instance: p5.48xlarge", "h100_mem_gb: 80"): the keyed columns are that product's
    keyed_columns: bool = False
    discounted: tuple[bool, ...] = ()  # columns of discounted prices ("| 3-year commitment |")
    host_memory: tuple[bool, ...] = ()  # "| Memory (GiB) |" beside "| GPU memory |": the host's RAM
    readings: tuple[bool, ...] = ()  # columns of runtime readings and settings ("| mem_used_mib |")
    fields: tuple[FieldCell, ...] = ()
    field_unit: tuple[str, str] | None = None  # the unit a field cell names ("Power (W)")
    field_rate: str | None = None
    field_count_scope: str | None = None  # the scope a field cell counts ("chips per pod")
    row_count_scope: str | None = None  # the scope the row label counts ("| Tensor Cores | 568 |")
    row_names: tuple[str, ...] = ()  # entities the row's text cells name ("| H200 | HGX H200 8-GPU |")
    counted_names: tuple[str, ...] = ()  # entities the row's count cells name ("| 8 × MI210 |")
    related: str | None = None  # the product a relation cell names ("| Baseline | A10 |"): multipliers' base
    model_fields: tuple[
        str | None, ...
    ] = ()  # per column, the model a "gpu model" cell names for "gpu ..." keys
    label_counts_chips: bool = False  # "| 8x B200 | p6-b200.48xlarge |": the label counts the row's chips
    model_cell: int | None = None  # the cell naming the row's model ("| H100 80GB HBM3 |"): a name, no figure
    totals: tuple[bool, ...] = ()  # per cell, whether it says its figure is a total ("640 GB total")
    row_rate: str | None = None  # the time a row's usage is counted in ("| usage_unit | hour |")
    row_usage_scope: str | None = None  # the scope a row bills per ("T4 GPU attached to n1-standard-8")
    bundle_cell: int | None = (
        None  # a name cell counting units ("| OPT-L4 ×2 |"): the row's figures are their sum
    )
    unknown_machine: bool = False  # "| Bluebell | NVIDIA H100 |": a machine the pack lacks owns the row
    device_columns: tuple[bool, ...] = ()  # columns a note before the table states per accelerator
    unnamed_item: bool = False  # a line item whose description names no product: its figures are nobody's
    fleet: bool = False  # "| GB300 NVL72 | 6 racks | 432 |": the row counts several machines of its kind
    description_cell: int | None = None  # a line item's description naming the row's product at its head
    status: RowStatus | None = None  # what the row's status cell says of its figures ("debunked")
    notes: tuple[bool, ...] = ()  # columns of free notes: a unit cell names no unit of their numbers
    form_scope: str | None = None  # "| board |", "A16 64GB BOARD": the row sells a board (formrows.py)

    @staticmethod
    def build(
        block: Block,
        resolver: Resolver,
        segments: SegmentReader,
        quantities: QuantityReader,
        header_words: HeaderWords,
        by_headers: dict[tuple[str, ...], tuple[tuple[Any, ...], ...]] | None = None,
        *,
        row_ids: frozenset[str] = frozenset(),
        per_device: bool = False,
        bare_price_unit: tuple[str, str] | None = None,
        continued: str | None = None,
    ) -> TableContext:
        """Return the context of a table-row block.

        ``by_headers`` keeps what the headers say between the rows of a table (and
        tables with the same headers); pass the same dict for the same resolver.
        ``row_ids`` are the document's first-column cells that number rows ("R1"): no names.
        ``per_device``: a sentence before the table states its figures per accelerator.
        ``bare_price_unit``: the currency of a price column that names none ("| Variant Price |"),
        when the document names no other currency than the dollar.
        ``continued``: the product of the row above, when this row repeats its key (see catalogue.py).
        """
        headers = _converted_headers(block.table_headers, header_words)
        known = by_headers.get(headers) if by_headers is not None else None
        if known is None:
            column_units = tuple(
                _column_unit(header, quantities, header_words, resolver.names_baseline) for header in headers
            )
            known = (
                tuple(
                    resolver.title_subject(segments.mentions(header)) if index else None
                    for index, header in enumerate(headers)
                ),
                _count_scopes(
                    headers,
                    resolver,
                    model_columns := _model_columns(headers, resolver, header_words),
                    header_words.quantity,
                ),
                column_units,
                _column_rates(headers, quantities, header_words),
                tuple(bool(header_words.withdrawn.fullmatch(header.strip())) for header in headers),
                _discounted_columns(headers, header_words),
                tuple(bool(header_words.field.fullmatch(header.strip())) for header in headers),
                _host_memory_columns(headers, header_words),
                model_columns,
                reading_columns(
                    headers,
                    column_units,
                    ReadingWords(
                        header_words.reading,
                        header_words.measured_peak,
                        header_words.setting,
                        header_words.rated,
                        header_words.idle,
                        header_words.ratio,
                    ),
                ),
                _relation_columns(headers, header_words),
                _usage_unit_columns(headers, header_words),
            )
            if by_headers is not None and len(by_headers) < 10_000:
                by_headers[headers] = known
        (
            column_entities,
            count_scopes,
            units,
            rates,
            withdrawn,
            discounted,
            field_headers,
            host_memory,
            model_columns,
            readings,
            relations,
            usage_units,
        ) = known
        if bare_price_unit is not None:
            units = tuple(
                # "| Unit price (invoice) |": an aside naming no unit leaves a price header
                unit
                or (
                    bare_price_unit
                    if _bare_price_header(header, header_words.bare_price, quantities)
                    else None
                )
                for unit, header in zip(units, headers, strict=True)
            )
        cells = [cell.text for cell in block.cells]
        row_label = cells[0] if cells else ""
        fields = tuple(
            FieldCell(index, text.replace("_", " "))
            for index, text in enumerate(cells)
            if index and index < len(headers) and field_headers[index] and not _FREE_DIGIT.search(text)
        )
        attached = _attached_row(cells, resolver, segments, header_words.attachment)
        described = _described_item(cells, headers, header_words, resolver, segments)
        row_entity = (
            attached[0]
            if attached is not None
            else _row_entity(
                _labelled_cells(cells, headers, header_words.designator),
                column_entities,
                resolver,
                segments,
                row_ids,
                headers,
                relations,
                described,
            )
        )
        # A variant of the row above is its product's; a row that describes an item of its own
        # naming no product ("CREDIT NOTE CN-12 PRICE ADJ" under a repeated asset number) is not.
        if row_entity is None and continued is not None and (described is None or not cells[described.index]):
            row_entity, described = continued, None
        model_fields = _model_fields(cells, model_columns, resolver, segments)
        notes = note_columns(headers, header_words.status)
        keyed_columns = (
            row_entity is not None
            and any(column_entities)
            and resolver.title_subject(segments.mentions(row_label)) is None
        )
        return TableContext(
            row_label=row_label,
            headers=headers,
            column_entities=column_entities,
            row_entity=row_entity,
            count_scopes=count_scopes,
            units=units,
            row_unit=quantities.unit_in_label(row_label)
            or _unit_column(cells, headers, quantities, header_words),
            rates=rates,
            withdrawn=withdrawn,
            keyed_columns=keyed_columns,
            discounted=discounted,
            host_memory=host_memory,
            readings=readings,
            fields=fields,
            field_unit=next((u for f in fields if (u := quantities.unit_in_label(f.text))), None),
            field_rate=next((r for f in fields if (r := quantities.rate_in_label(f.text))), None),
            field_count_scope=next((s for f in fields if (s := resolver.counted_scope(f.text))), None),
            row_count_scope=resolver.counted_scope(row_label) if _COUNTING_LABEL.search(row_label) else None,
            row_names=_row_names(cells, column_entities, resolver, segments),
            counted_names=_counted_names(cells, column_entities, segments),
            related=_related(cells, relations, resolver, segments),
            model_fields=model_fields,
            model_cell=_model_cell(cells, model_columns, header_words.counted) if model_fields else None,
            label_counts_chips=row_entity is not None
            and (
                _counts_chips_of(row_label, row_entity, resolver, segments)
                or _names_machine_counting_chips(row_label, row_entity, resolver, segments)
            ),
            row_rate=_row_rate(cells, usage_units, header_words),
            row_usage_scope=attached[1] if attached is not None else None,
            totals=tuple(bool(header_words.total.search(text)) for text in cells),
            bundle_cell=_bundle_cell(
                cells,
                column_entities,
                segments,
                # "| KX-H200.8 | 8 pcs |": a machine's count cell counts its parts; no bundle is sold
                header_words.bundle if resolver.kind(row_entity) in PART_KINDS else None,
            )
            if row_entity is not None
            else None,
            unknown_machine=row_entity is None
            and not any(column_entities)
            and _machine_named(cells, headers, resolver, segments) == (None,),
            device_columns=_device_columns(headers, count_scopes, resolver, header_words)
            if per_device
            else (),
            unnamed_item=row_entity is None and described is not None,
            fleet=row_entity is not None and _counts_machines(cells, row_entity, resolver),
            description_cell=described.index
            if described is not None and described.entity is not None and described.entity == row_entity
            else None,
            status=row_status(cells, headers, notes, header_words.status, one_fact=bool(fields)),
            form_scope=row_form_scope(
                cells,
                headers,
                described.index if described is not None else None,
                header_words.form_factor,
                header_words.board_words,
                resolver.scope_of_noun,
            ),
            notes=notes,
        )

    def candidates(self, cell_index: int) -> list[tuple[str, str, float]]:
        """Return the entities a cell's position suggests, most specific first.

        In a comparison table (two or more entity columns) the column decides; in a
        table with a single entity in its header, a row that names its own entity
        ("Trn1 vs P4d") is more specific than the header ("Trainium vs NVIDIA").
        """
        if cell_index < len(self.model_fields) and self.model_fields[cell_index]:
            if self.row_entity and cell_index < len(self.totals) and self.totals[cell_index]:
                # "| dl2q.24xlarge | 8× AI 100 | 128 GB total |": the chips' sum, the machine's figure
                return [(self.row_entity, "table.row-total", 0.85)]
            # "gpu_model: MI300X" then "gpu_mem_gb: 192": the key's noun says whose figure it is
            return [(self.model_fields[cell_index] or "", "table.model-field", 0.9)]
        column = None
        if cell_index < len(self.column_entities) and self.column_entities[cell_index]:
            column = (self.column_entities[cell_index] or "", "table.column-entity", 0.95)
        row = (self.row_entity, "table.row-entity", 0.9) if self.row_entity else None
        comparison = self.keyed_columns or sum(entity is not None for entity in self.column_entities) >= 2
        ordered = [column, row] if comparison else [row, column]
        return [candidate for candidate in ordered if candidate is not None]

    def part_of_item(self, segment: Segment, entity: str, resolver: Resolver) -> bool:
        """Return True when ``entity`` is a part the row's product is described as built of.

        "GPU server X, HGX B200 8-GPU, 8x B200, 14.3 kW max", "GroqRack (9x GroqNode, 72 LPUs)":
        a board or node listed in the description of the machine the row sells holds chips
        too, but the counts and power the line lists are the machine's.
        """
        row = self.row_entity
        if row is None or segment.cell_index is None or segment.cell_index != self.description_cell:
            return False
        return (
            entity != row
            and resolver.contained(entity) is not None
            and resolver.contained(row) is not None
            and not resolver.is_container_scope(resolver.kind(entity), resolver.kind(row))
        )

    def container_in_row(self, inner: str, resolver: Resolver) -> str | None:
        """Return the entity another cell of the row names that holds ``inner``, if any.

        "| NVIDIA H200 | HGX H200 8-GPU | 8 |": the 8 H200s of a count column are the HGX
        H200's, the platform the row names, not some other machine built of H200s.
        """
        return next((name for name in self.row_names if resolver.holds(name, inner)), None)

    def row_chip(self, resolver: Resolver) -> str | None:
        """Return the one chip the row's count cells name ("| G482-Z54 | 8 × MI210 |"), or None."""
        chips = {name for name in self.counted_names if resolver.kind(name) == "chip"}
        return next(iter(chips)) if len(chips) == 1 else None

    def names_model(self, segment: Segment) -> bool:
        """Return True for the cell naming the row's model: its numbers are part of the name."""
        return self.model_cell is not None and segment.cell_index == self.model_cell

    def cues(self, segment: Segment) -> list[CueText]:
        """Return the row label, column header and field cells as cue texts for a cell."""
        cues = [CueText(self.row_label, CONTEXT_DISTANCE)]
        index = segment.cell_index or 0
        if index < len(self.headers):
            cues.append(CueText(self.headers[index], CONTEXT_DISTANCE + 5))
        cues.extend(CueText(field.text, FIELD_DISTANCE) for field in self.fields if field.index != index)
        return cues

    def header_of(self, segment: Segment) -> str | None:
        """Return the header of a cell's column, or None for a cell past the headers."""
        index = segment.cell_index or 0
        return self.headers[index] if index < len(self.headers) else None

    def labels(self, segment: Segment) -> list[str]:
        """Return the texts that describe a cell's figures: column header, row label, field cells."""
        index = segment.cell_index or 0
        header = [self.headers[index]] if index < len(self.headers) else []
        fields = [field.text for field in self.fields if field.index != index]
        return [*header, self.row_label, *fields]

    def form_scope_of(self, segment: Segment) -> str | None:
        """Return the row's form scope for a figure in a cell of its own, or None.

        A figure in a notes column or in the product's description ("METIS M.2 214TOPS") is
        read where it stands: the chip's TOPS stay the chip's.
        """
        index = segment.cell_index
        if index is None or index == self.description_cell or (index < len(self.notes) and self.notes[index]):
            return None
        return self.form_scope

    def own_labels(self, segment: Segment) -> list[str]:
        """Return the cell's column header and row label, without the row's other field cells."""
        index = segment.cell_index or 0
        return [*([self.headers[index]] if index < len(self.headers) else []), self.row_label]

    def unit(self, segment: Segment) -> tuple[str, str] | None:
        """Return the unit named for a cell's bare numbers by its column header, row label or field."""
        index = segment.cell_index or 0
        column = self.units[index] if index < len(self.units) else None
        if index < len(self.notes) and self.notes[index]:
            return column  # "| notes | HiZQ 2.0 |": the row's Unit cell is the value cell's
        return column or self.row_unit or self.field_unit

    def rate(self, segment: Segment) -> str | None:
        """Return the time unit the cell's column (or the row's field) gives its prices in, if any."""
        index = segment.cell_index or 0
        column = self.rates[index] if index < len(self.rates) else None
        return column or self.field_rate or self.row_rate

    def is_withdrawn(self, segment: Segment) -> bool:
        """Return True for a cell in a column of old values ("| was |", "| previous |")."""
        index = segment.cell_index or 0
        return index < len(self.withdrawn) and self.withdrawn[index]

    def verdict(self, segment: Segment) -> Verdict | None:
        """Return what the row's status cell says of a cell's figures ("debunked"), if it covers the cell."""
        index = segment.cell_index or 0
        status = self.status
        if status is None or (index < len(status.covered) and not status.covered[index]):
            return None
        return status.verdict

    def withdrawn_numbers(self, segment: Segment) -> frozenset[str]:
        """Return the numbers a withdrawn row states, for a cell the status does not cover (a note)."""
        status = self.status
        if status is None or status.verdict is not Verdict.WITHDRAWN or self.verdict(segment) is not None:
            return frozenset()
        return status.numbers

    def is_host_memory(self, segment: Segment) -> bool:
        """Return True for a cell in a column of the host's memory ("| Memory |" beside "| GPU memory |")."""
        index = segment.cell_index or 0
        return index < len(self.host_memory) and self.host_memory[index]

    def is_reading(self, segment: Segment) -> bool:
        """Return True for a cell in a column of runtime readings or settings ("| power_draw_w |")."""
        index = segment.cell_index or 0
        return index < len(self.readings) and self.readings[index]

    def is_bundle_total(self, segment: Segment) -> bool:
        """Return True for a figure of a bundle row given without its own count: the units' sum.

        "| OPT-L4 ×2 | L4 | 2 × 24 GB | 144 W |": the 144 W is what the pair draws; "2 × 24 GB"
        still gives each unit's size.
        """
        index = segment.cell_index or 0
        return (
            self.bundle_cell is not None
            and index != self.bundle_cell
            and not _CHIP_COUNT_LABEL.search(segment.text)
        )

    def is_discounted(self, segment: Segment) -> bool:
        """Return True for a cell in a column of discounted prices ("| 1-year commitment |")."""
        index = segment.cell_index or 0
        return index < len(self.discounted) and self.discounted[index]

    def is_per_device(self, segment: Segment) -> bool:
        """Return True for a cell whose figure a note before the table states per accelerator."""
        index = segment.cell_index or 0
        return index < len(self.device_columns) and self.device_columns[index]

    def count_scope(self, segment: Segment) -> str | None:
        """Return the scope of the things a cell counts: its column's, else its row field's."""
        index = segment.cell_index or 0
        column = self.count_scopes[index] if index < len(self.count_scopes) else None
        if column is not None and self.fleet:
            return None  # a count over several machines is no one machine's
        return column or self.field_count_scope or self.row_count_scope


def _counts_machines(cells: list[str], entity: str, resolver: Resolver) -> bool:
    """Return True for a row that counts two or more machines as large as its product or larger.

    "| GB300 NVL72 | 6 racks | 432 |", "| CS-3 (4 systems) | 4 |": the row is a fleet of the
    product, so its count columns add up several machines. "| Alps | 2,688 nodes |" counts the
    parts of a cluster: still the cluster's row.
    """
    kind = resolver.kind(entity)
    for text in cells:
        for match in _MACHINE_COUNT.finditer(text):
            scope = resolver.scope_of_noun.get(match.group(2).lower())
            if (
                float(match.group(1).replace(",", "")) >= 2
                and resolver.is_container_scope(scope, "card")
                and not resolver.is_container_scope(kind, scope)
            ):
                return True
    return False


_MACHINE_COUNT = re.compile(r"(?<![\w.,\-])(\d[\d,]*)\s+([A-Za-z]+)\b")


def _unit_column(
    cells: list[str], headers: tuple[str, ...], quantities: QuantityReader, header_words: HeaderWords
) -> tuple[str, str] | None:
    """Return the unit a row's Unit cell names ("| GDDR6 memory | GB | 48 | 24 |" -> GB), if any.

    The cell must stand in a column headed "Unit" (or with an empty header) and hold
    nothing but the unit.
    """
    for index, text in enumerate(cells[1:], start=1):
        header = headers[index].strip() if index < len(headers) else ""
        if (not header or header_words.unit.fullmatch(header)) and text.strip():
            unit = quantities.unit_in_label(text)
            if unit is not None and not _FREE_DIGIT.search(text):
                return unit
    return None


@dataclass(frozen=True)
class ModelColumn:
    """A column naming a row's accelerator model, and the columns whose figures are that model's.

    Read from the headers alone, once per table: "| System | Accelerator | Acc. memory (GB) |".
    """

    index: int
    noun: str  # "accelerator", or "gpu" of a "gpu model" key
    owned: tuple[bool, ...]  # per column: its figures are the model's


def _model_columns(
    headers: tuple[str, ...], resolver: Resolver, header_words: HeaderWords
) -> tuple[ModelColumn, ...]:
    """Return the model columns of a table, in column order.

    A key ``gpu_model`` owns the columns that open with its noun (``gpu_mem_gb``, ``gpu_tdp_w``)
    or state a figure per its noun (``card_mem_gb`` beside ``card_count``, read "mem gb per
    card"); a column headed by a chip noun alone ("| Accelerator |") owns those opening with the
    noun or a shortening of it ("Acc. memory", "accel_mem_gb"), while "Memory per accelerator"
    beside it stays the row's system's, at chip scope. A figure only a
    device has ("tdp_w") is the model's too. Columns that count ("# Acc.", "accel_per_node") are
    the machine's, not the model's, and so are columns that sum over the units
    (``gpu_mem_total_gb``), unless the row holds readings of the moment: beside ``mem_used_mib`` a
    ``mem_total_mib`` is the device's own capacity, not a sum.
    """
    keys = [header.strip().lower() for header in headers]
    device_headers = header_words.device
    readings = any(header_words.reading.search(key) for key in keys)
    found = []
    for index, key in enumerate(keys):
        noun = _model_noun(key, resolver)
        if noun is None:
            continue
        keyed = _MODEL_KEY.fullmatch(key) is not None  # "gpu model", not a bare "| Accelerator |"
        owned = tuple(
            other != index
            and (
                (
                    (_opens_with(key_text, noun) or (keyed and _per_noun(key_text, noun)))
                    and (readings or not header_words.total.search(key_text))
                )
                or bool(device_headers.search(key_text))
            )
            and not _is_count_header(key_text, resolver)
            for other, key_text in enumerate(keys)
        )
        if keyed:
            opens = [
                other != index and (_opens_with(key_text, noun) or _per_noun(key_text, noun))
                for other, key_text in enumerate(keys)
            ]
            peaks = peak_rate_owned(
                keys,
                opens,
                [_is_count_header(key_text, resolver) for key_text in keys],
                header_words.peak_rate,
                header_words.total,
                lambda key: _names_machine(key, resolver),
            )
            owned = tuple(own or peak for own, peak in zip(owned, peaks, strict=True))
        found.append(ModelColumn(index, noun, owned))
    return tuple(found)


def _names_machine(key: str, resolver: Resolver) -> bool:
    """Return True when a word of ``key`` is a noun of a scope outside the card ("node tops")."""
    nouns = resolver.scope_of_noun
    return any(resolver.is_container_scope(nouns.get(word), "card") for word in key.split())


def _model_cell(
    cells: list[str], model_columns: tuple[ModelColumn, ...], counted: FoldedPattern
) -> int | None:
    """Return the index of the cell naming the row's model, unless it counts the model's units.

    "| NVIDIA H100 80GB HBM3 |" only names (its numbers are part of the name); "| 8× H100 |"
    and "| 8 adet MI325X |" (a counter word instead of the times sign) also count the chips of
    the row's machine, so their figure is read.
    """
    index = next((column.index for column in model_columns if column.index < len(cells)), None)
    if index is None:
        return None
    text = cells[index].strip()
    return None if _COUNT_CELL.fullmatch(text) or counted.fullmatch(text) else index


def _model_fields(
    cells: list[str], model_columns: tuple[ModelColumn, ...], resolver: Resolver, segments: SegmentReader
) -> tuple[str | None, ...]:
    """Return, per column, the model the row's first model cell names for the columns it owns.

    A record ``gpu_model: MI300X`` with ``gpu_mem_gb: 192`` and ``gpu_tdp_w: 750`` gives the two
    figures to the MI300X, even when the record is about the instance that holds it.
    """
    for column in model_columns:
        if column.index >= len(cells):
            continue
        text = cells[column.index]
        # a submission's part name joins its words with hyphens: "H200-SXM-141GB"
        model = resolver.title_subject(segments.mentions(text)) or resolver.title_subject(
            segments.mentions(text.replace("-", " "))
        )
        if model is None:
            return ()
        return tuple(model if owned else None for owned in column.owned)
    return ()


def _count_scopes(
    headers: tuple[str, ...],
    resolver: Resolver,
    model_columns: tuple[ModelColumn, ...],
    quantity: FoldedPattern,
) -> tuple[str | None, ...]:
    """Return, per column, the scope its header counts: "Accelerators", "# of chips", and "# Acc."
    or "Quantity" right after a model column headed "Accelerator"."""
    scopes = [resolver.counted_scope(header) for header in headers]
    keys = [header.strip().lower() for header in headers]
    noun = model_columns[0].noun if model_columns else None
    scope = resolver.scope_of_noun.get(noun) if noun else None
    if scope is None or noun is None:
        return tuple(scopes)
    for index, key in enumerate(keys):
        if scopes[index] is not None:
            continue
        counted = _COUNT_OPENER.match(key)
        abbreviated = counted is not None and _abbreviates(key[counted.end() :].strip(), noun)
        if abbreviated or (index == model_columns[0].index + 1 and quantity.fullmatch(key)):
            scopes[index] = scope
    return tuple(scopes)


def _abbreviates(word: str, noun: str) -> bool:
    """Return True for ``noun`` or a shortening of it with three letters or more ("acc." of "accelerator")."""
    stem = word.rstrip(".")
    return stem == noun or (
        len(stem) >= 3 and stem.isalpha() and noun.startswith(stem) and word != stem + "s"
    )


_COUNT_OPENER = re.compile(r"(?:#|number\s+of|no\.)\s*")


def _model_noun(key: str, resolver: Resolver) -> str | None:
    """Return the noun of a model column's header ("gpu model" -> "gpu", "accelerator"), or None."""
    nouns = resolver.scope_of_noun
    match = _MODEL_KEY.fullmatch(key)
    if match is not None:
        # "system model" names the machine the row is about, not a part whose figures it owns
        return None if resolver.is_container_scope(nouns.get(match.group(1)), "card") else match.group(1)
    if nouns.get(key) == "chip" and key.isalpha() and not (key.endswith("s") and key[:-1] in nouns):
        return key  # "| Accelerator |" names the model; "| GPUs |" counts them
    return None


def _opens_with(key: str, noun: str) -> bool:
    """Return True when ``key``'s first word is ``noun`` or abbreviates it ("acc." of "accelerator")."""
    first, _, rest = key.partition(" ")
    return bool(rest) and _abbreviates(first, noun)


def _per_noun(key: str, noun: str) -> bool:
    """Return True when ``key`` states a figure per ``noun`` ("memory per gpu", and a counted part's
    "card mem gb" read per part as "mem gb per card"): the figure of each unit of the model."""
    head, per, last = key.rpartition(" per ")
    return bool(head and per) and _abbreviates(last, noun)


def _is_count_header(key: str, resolver: Resolver) -> bool:
    """Return True for a header that counts ("# acc.", "accel per node", "number of gpus")."""
    return key.startswith(("#", "number of", "no.", "count")) or resolver.counted_scope(key) is not None


_MODEL_KEY = re.compile(r"([a-z]+) (?:model|type|sku|part)")


def _row_names(
    cells: list[str],
    column_entities: tuple[str | None, ...],
    resolver: Resolver,
    segments: SegmentReader,
) -> tuple[str, ...]:
    """Return the entities the row's name cells (not its figures, not entity columns) name."""
    names: list[str] = []
    for index, text in enumerate(cells):
        if (index < len(column_entities) and column_entities[index]) or not _LETTER.search(text):
            continue
        mentions = segments.mentions(text)
        if mentions and not _FREE_DIGIT.search(_outside(text, mentions)):
            names.extend(m.entity for m in mentions)
    return tuple(dict.fromkeys(names))


# "price per accel hour": the time a data key's price is given per, after its noun
_RATE_TAIL = re.compile(r"\s+per\s+[\w\- ]+$", re.I)


def _bare_price_header(header: str, bare_price: FoldedPattern, quantities: QuantityReader) -> bool:
    """Return True for a price header that names no currency, alone or per a time ("price per accel hour")."""
    text = _ASIDE.sub("", header).strip()
    if bare_price.fullmatch(text):
        return True
    tail = _RATE_TAIL.search(text)
    return (
        tail is not None
        and bool(bare_price.fullmatch(text[: tail.start()]))
        and quantities.rate_in_label(text) is not None
    )


def _counted_names(
    cells: list[str], column_entities: tuple[str | None, ...], segments: SegmentReader
) -> tuple[str, ...]:
    """Return the entities the row's count cells name ("| 8 × MI210 |"), not entity columns'."""
    names: list[str] = []
    for index, text in enumerate(cells):
        if (index < len(column_entities) and column_entities[index]) or not _COUNT_CELL.fullmatch(text):
            continue
        names.extend(m.entity for m in segments.mentions(text))
    return tuple(dict.fromkeys(names))


def _labelled_cells(cells: list[str], headers: tuple[str, ...], designator: FoldedPattern) -> list[str]:
    """Return ``cells`` with a bare number under a label noun's header read as the label it numbers.

    "| Lot | ... |" over "| 1 | ... |" is the row of "Lot 1": when the document gave "Lot 1" a
    product ("Lot nr. 1 - ...", then "Offered product: X", see designators.py), the row is X's.
    """
    if not cells or not headers or not _SET_UP_NUMBER.fullmatch(cells[0].strip()):
        return cells
    header = headers[0].strip()
    if not designator.fullmatch(header):
        return cells
    return [f"{header} {cells[0].strip()}", *cells[1:]]


def _row_entity(
    cells: list[str],
    column_entities: tuple[str | None, ...],
    resolver: Resolver,
    segments: SegmentReader,
    row_ids: frozenset[str] = frozenset(),
    headers: tuple[str, ...] = (),
    relations: tuple[bool, ...] = (),
    described: DescribedItem | None = None,
) -> str | None:
    """Return the entity a row names: in its label, else in another text cell outside entity columns.

    A line item's description that opens with a product's name ("Supermicro X1 server, 8x
    B200, 14.3 kW") names the row's product, before any part number or SKU cell.

    Columns naming one product by their keys ("gaudi3_mem_gb") make no comparison: a row whose
    label names nothing is then named by another cell ("| aws | p5.48xlarge | 8 | 80 |").

    A cell under a relation header ("| Replaces | GPU |") names another product than the
    row's: it is skipped, and of the other cells one under a header naming a product kind
    ("GPU", "Accelerator") goes first.

    "| Memory bandwidth | Inferentia2 | 820 GB/s |" is about Inferentia2. A row whose label
    counts chips and whose other text cell names a container of them ("| 8x B200 |
    p6-b200.48xlarge | 113.93 |") is about the container: its chip-scope figures still move
    to the chip it contains. So is a row whose label names the chip when a cell counts the
    chips the container holds ("| h100 | XE9680 | 8 x H100 SXM |"); a bare "| H100 |
    p5.48xlarge |" stays the chip's row.
    """
    if not cells:
        return None
    related = set(index for index, relation in enumerate(relations) if relation)
    label_mentions = [] if cells[0].strip() in row_ids or 0 in related else segments.mentions(cells[0])
    if _names_unknown_by_its_parts(cells[0], label_mentions):
        return None
    label = resolver.title_subject(label_mentions)
    if len(set(filter(None, column_entities))) > 1 or (label is not None and any(column_entities)):
        return label  # a comparison of products by column: only the label names the row's own
    if label is None and (machine := _machine_named(cells, headers, resolver, segments)) is not None:
        return machine[0]
    if label is None and described is not None and described.entity is not None:
        return described.entity
    order = list(range(1, len(cells)))
    if related:
        nouns = resolver.scope_of_noun
        order.sort(key=lambda index: index >= len(headers) or headers[index].strip().lower() not in nouns)
    # "| mi300x-assistant | Standard_ND96isr_MI300X_v5 |": a record's key that only mentions a
    # product yields to a cell naming the machine built of it, or a size of its family.
    keyed = label is not None and bool(_RECORD_KEY.fullmatch(cells[0].strip()))
    for index in order:
        text = cells[index]
        if (index < len(column_entities) and column_entities[index]) or index in related:
            continue
        if described is not None and described.accessory and index == described.index:
            continue  # "H100 cabling kit" is no H100
        if (
            described is not None
            and index != described.index
            and not segments.mentions(cells[described.index])
        ):
            continue  # a line item described as no product: its codes ("| EAR99 |") name none either
        mentions = segments.mentions(text)
        entity = resolver.title_subject(mentions)
        # "| HL-338 |": digits inside the name are no figure of the cell
        unnamed = "".join(
            " " if any(m.start <= i < m.end for m in mentions) else c for i, c in enumerate(text)
        )
        # "TPU v6e chip-hour in us-east1 (3 year commitment, 45% off)": a description's aside
        # holds figures of its own, so the words around it still only name the row's product.
        # "DGX B200 system (8x B200 GPU, 14.3 kW)": so does an aside after the product's name.
        if len(_ASIDE.sub(" ", unnamed).split()) >= _DESCRIPTION_WORDS or _named_before_aside(
            text, mentions, entity
        ):
            unnamed = _ASIDE.sub(" ", unnamed)
        parts_at = _parts_after(text, mentions, entity, resolver)
        if parts_at is not None:
            unnamed = unnamed[:parts_at]  # "AWS g6e.xlarge, one L40S with 48 GB": the chip's own figures
        if entity is None or _FREE_DIGIT.search(unnamed):
            continue
        if label is None or (_CHIP_COUNT_LABEL.search(cells[0]) and resolver.holds(entity, label)):
            return entity
        if resolver.holds(entity, label) and any(
            _counts_chips_of(cell, entity, resolver, segments) for cell in cells[1:]
        ):
            return entity  # "| h100 | Dell XE9680 | 8 x H100 SXM |": a partition named after its chip
        if keyed and _narrower(entity, label, resolver):
            return entity
    return label


@dataclass(frozen=True)
class DescribedItem:
    """A line item's description cell and the product named at its head, if any."""

    index: int
    entity: str | None
    accessory: bool = False  # "H100 cabling kit", "installation": sold with a product, not it


def _described_item(
    cells: list[str],
    headers: tuple[str, ...],
    header_words: HeaderWords,
    resolver: Resolver,
    segments: SegmentReader,
) -> DescribedItem | None:
    """Return a row's description cell and the product it opens with; None for a row without one.

    "Qualcomm Cloud AI 100 Ultra PCIe card, 4 SoCs, 128 GB": the name before the first figure,
    comma or aside, after at most a few vendor words. A name followed by an accessory or service
    noun ("H100 cabling kit", "3-year support, XE9680") is not the item sold.
    """
    for index, text in enumerate(cells):
        if index >= len(headers) or not header_words.description.fullmatch(headers[index].strip()):
            continue
        mentions = segments.mentions(text)
        unnamed = _outside(text, mentions)
        cut = _HEAD_END.search(unnamed)
        head_end = cut.start() if cut else len(text)
        head = [m for m in mentions if m.start < head_end]
        if header_words.accessory.search(unnamed, 0, head_end):
            return DescribedItem(index, None, accessory=True)
        if not head or len(text[: head[0].start].split()) > _VENDOR_WORDS:
            return DescribedItem(index, None)
        if any(_NAME_GOES_ON.match(text, mention.end) for mention in head):
            return DescribedItem(index, None)  # "SN40L-16 system": a longer model than the one known
        # "Intel Gaudi 3 PCIe accelerator card HL-338": the card sold, not the chip it holds
        return DescribedItem(index, resolver.title_subject(resolver.without_parts(head)))
    return None


# The end of a description's head: a figure, a comma, an aside or a semicolon.
_HEAD_END = re.compile(r"(?<![\w.])\d|[,;(]")
_NAME_GOES_ON = re.compile(r"-\w")
_VENDOR_WORDS = 3  # "Dell", "Hewlett Packard Enterprise": words before the product's name


_MAKER_ONLY = re.compile(r"\s*(?:(?!(?i:one|an?|single)\b)[A-Z][\w&\-]*\s+)?")  # "AWS " before the name


def _parts_after(text: str, mentions: list[Mention], entity: str | None, resolver: Resolver) -> int | None:
    """Return where the description of a machine's chips begins after its name, or None.

    "AWS g6e.xlarge, one L40S with 48 GB (cloud)": after the machine and a comma, a phrase
    naming the chip it holds describes that chip; its figures are no count of the cell.
    """
    named = next((m for m in mentions if m.entity == entity and not m.group), None)
    if named is None or not _MAKER_ONLY.fullmatch(text, 0, named.start):
        return None  # "one XE9680, 8x H100 SXM": a counted machine is a part of the row's, not its name
    comma = text.find(",", named.end)
    if comma < 0 or text[named.end : comma].strip(" )"):
        return None
    chip = next((m for m in mentions if m.start > comma), None)
    return comma if chip is not None and entity is not None and resolver.holds(entity, chip.entity) else None


def _named_before_aside(text: str, mentions: list[Mention], entity: str | None) -> bool:
    """Return True when ``text`` names ``entity`` outside parentheses, before its first aside."""
    opening = text.find("(")
    return opening > 0 and any(
        mention.entity == entity and not mention.group and mention.end <= opening for mention in mentions
    )


def _machine_named(
    cells: list[str], headers: tuple[str, ...], resolver: Resolver, segments: SegmentReader
) -> tuple[str | None] | None:
    """Return the machine a row's system cell names by its family alone, or (None,) for a machine the
    pack does not know; None when no system cell settles whose row it is.

    "| Leonardo (Booster) |" is the pack's one machine of the Leonardo family; "| Alps | ... |
    NVIDIA GH200 |" with no Alps machine in the pack is still not the chip's row.
    """
    if cells and _names_unknown_by_its_parts(cells[0], segments.mentions(cells[0])):
        return (None,)
    column = _machine_column(headers, resolver)
    if column is None or column >= len(cells):
        return None
    name = cells[column].strip()
    if not name or resolver.title_subject(segments.mentions(name)) is not None:
        return None
    known = resolver.machine_of_family(_ASIDE.sub("", name).strip())
    if known is not None or _PROPER_NAME.fullmatch(name):
        return (known,)
    return None


def _names_unknown_by_its_parts(label: str, mentions: list[Mention]) -> bool:
    """Return True for a row label naming a machine the pack lacks by its proper name, with the
    known chips it is built of only in an aside ("| Sirocco (MI250X) |"): not the chip's row."""
    label = label.strip()
    return (
        len(mentions) == 1
        and bool(mentions[0].group)
        and label[:1].isupper()
        and _NAME_THEN_ASIDE.fullmatch(label) is not None
    )


def _machine_column(headers: tuple[str, ...], resolver: Resolver) -> int | None:
    """Return the index of the column headed by a machine noun ("| System |", "| Cluster |"), or None."""
    for index, header in enumerate(headers):
        scope = resolver.scope_of_noun.get(header.strip().lower())
        if resolver.is_container_scope(scope, "card"):
            return index
    return None


def _attached_row(
    cells: list[str], resolver: Resolver, segments: SegmentReader, attachment: FoldedPattern
) -> tuple[str, str] | None:
    """Return the machine a row's description attaches its chip to and the chip's scope, or None.

    A bill line "Nvidia T4 GPU attached to n1-standard-8" prices the chips the named machine
    rents out: the machine owns the row, and its prices are per chip.
    """
    for text in cells[1:]:
        found = attachment.search(text)
        if found is None:
            continue
        mentions = segments.mentions(text)
        before = [m.entity for m in mentions if m.end <= found.start()]
        after = [m.entity for m in mentions if m.start >= found.end()]
        if not before or not after:
            continue
        chip_scope = resolver.kind(before[-1])
        if resolver.is_container(after[0], chip_scope or ""):
            return after[0], chip_scope or ""
    return None


def _bundle_cell(
    cells: list[str],
    column_entities: tuple[str | None, ...],
    segments: SegmentReader,
    bundle: FoldedPattern | None,
) -> int | None:
    """Return the index of a cell counting two or more units of an option no product names, or None.

    "| OPT-L4 ×2 | L4 | ... |" offers two L4 cards as one option; so does a shop export's variant
    "| Pack | Four cards |" or "| 4-pack |", a short cell of its own. A count of a named product
    ("| p5.48xlarge | 8× H100 |", "| 8x B200 | p6-b200.48xlarge |") is read as a chip count.
    """
    if any(column_entities):
        return None
    for index, text in enumerate(cells):
        if (
            bundle is not None
            and len(text.split()) <= _BUNDLE_WORDS
            and bundle.search(text)
            and not segments.mentions(text)
        ):
            return index
        count = _CHIP_COUNT_LABEL.search(text)
        if count is None or int(re.sub(r"\D", "", count.group(0))) < 2:
            continue
        rest = text[: count.start()] + " " + text[count.end() :]
        if _FREE_DIGIT.search(rest) or not _LETTER.search(rest):
            continue  # "2 × 24 GB" multiplies a figure; a bare "8x" names nothing
        if not segments.mentions(text):
            return index
    return None


def _narrower(entity: str, label: str, resolver: Resolver) -> bool:
    """Return True when ``entity`` holds ``label``'s chip or is another model of its family and kind."""
    if entity == label:
        return False
    if resolver.holds(entity, label):
        return True
    named, labelled = resolver.pack.entity(entity), resolver.pack.entity(label)
    return (
        named is not None
        and labelled is not None
        and named.kind == labelled.kind
        and named.family is not None
        and named.family == labelled.family
    )


# "8x B200", "8 × H100", "H100 x8": a label counting chips describes the machine that holds them;
# a bare "H100" beside "p5.48xlarge" is still the chip's row.
_ASIDE = re.compile(r"\([^()]*\)")
# "Alps", "Tursa (GPU partition)": a machine's proper name, not a model code ("HLS-Gaudi3")
_PROPER_NAME = re.compile(r"[A-Z][a-z]+(?: [A-Z][a-z]+)*(?: \([^()]*\))?")
_NAME_THEN_ASIDE = re.compile(r"[^\W\d_]+ \([^()]*\)(?:,[^()]*)?")  # "Garbí (MI250X), retired"
_DESCRIPTION_WORDS = 3  # a text cell of this many words outside its asides describes, not counts
_NOTE_MARK = re.compile(r"(?<=\S)\s*(?:\(\d{1,2}\)|\[\d{1,2}\]|[¹²³⁴⁵⁶⁷⁸⁹*†‡]+)\s*$")
_BUNDLE_WORDS = 4  # "Four cards", "Pack of 2 units": a variant's option, not a sentence
_CHIP_COUNT_LABEL = re.compile(r"(?<![\w.])\d+\s*[x×](?!\w)|(?<=\s)[x×]\s*\d+(?![\w.])", re.IGNORECASE)


# A cell that only counts units of one product: "8x H100", "16 × Trainium2", "GPU: 4 x GH200".
_COUNT_CELL = re.compile(r"(?:[A-Za-z]+\s*:\s*)?[ \t*_]*\d{1,4}[ \t]*[x×][ \t]*[^|\d\s][^|]*")


# A machine's name, then a field or an aside counting chips: "p5.48xlarge, 8x H100", "DGX (8x H100)".
_NAME_THEN_FIELD = re.compile(r"\s*(?P<name>[^,(|]+?)\s*[,(]\s*(?P<count>[^,()|]+?)\s*(?:\)|\Z|[,(])")


def counts_held_chips(
    text: str,
    container: str,
    names: Callable[[str], Sequence[str]],
    holds: Callable[[str, str], bool],
) -> bool:
    """Return True for a cell that only counts chips ``container`` holds ("4 x GH200").

    ``names`` gives the entities a text names; ``holds(container, chip)`` says what it holds.
    """
    if not _COUNT_CELL.fullmatch(text):
        return False
    named = names(text)
    return len(named) == 1 and holds(container, named[0])


def _counts_chips_of(text: str, container: str, resolver: Resolver, segments: SegmentReader) -> bool:
    """Return True for a cell that only counts the chips ``container`` holds, as the segments read it."""
    return counts_held_chips(
        text, container, lambda cell: [m.entity for m in segments.mentions(cell)], resolver.holds
    )


def _names_machine_counting_chips(
    text: str, container: str, resolver: Resolver, segments: SegmentReader
) -> bool:
    """Return True for a cell naming ``container`` and then only counting the chips it holds.

    "p5.48xlarge, 8x H100 SXM", "DGX H100 (8x H100)": the name, then a comma-separated field
    or an aside that counts the machine's chips; the count is the machine's.
    """
    split = _NAME_THEN_FIELD.match(text)
    if split is None:
        return False
    named = [m.entity for m in segments.mentions(split.group("name"))]
    return named == [container] and _counts_chips_of(split.group("count"), container, resolver, segments)


def _outside(text: str, mentions: list[Mention]) -> str:
    """Return ``text`` with the entity names it mentions blanked out."""
    for mention in sorted(mentions, key=lambda m: m.start, reverse=True):
        text = text[: mention.start] + " " * (mention.end - mention.start) + text[mention.end :]
    return text


_UNIT_IN_PARENTHESES = re.compile(r"\s*[(\[][^()\[\]]*[)\]]\s*$")
# a data key's unit ("ram gib") or a header's after a comma ("RAM, GB", Russian "ОЗУ, ГБ")
_UNIT_WORD = re.compile(r"(?:\s+|\s*,\s*)(?:[kMGTP]i?B|bytes?|[КМГТП]Б)\s*$", re.I)


def per_device_rows(blocks: Sequence[Block], note: FoldedPattern) -> frozenset[tuple[int, int]]:
    """Return the positions (line, column) of the table rows whose table follows a note stating
    its figures per accelerator ("All values are per accelerator unless indicated otherwise.")."""
    found: set[tuple[int, int]] = set()
    noted = False
    previous: Block | None = None
    for block in blocks:
        if block.kind is BlockKind.TABLE_ROW:
            if previous is None or previous.kind is not BlockKind.TABLE_ROW:
                noted = (
                    previous is not None
                    and previous.kind is BlockKind.PARAGRAPH
                    and bool(note.search(previous.text))
                )
            if noted:
                found.add((block.line, block.column))
        previous = block
    return frozenset(found)


def _device_columns(
    headers: tuple[str, ...],
    count_scopes: tuple[str | None, ...],
    resolver: Resolver,
    header_words: HeaderWords,
) -> tuple[bool, ...]:
    """Return, per column, whether a per-accelerator note covers it: not a count, not a total,
    and not scoped to another unit by its header ("Network per node", "Instance memory")."""
    return tuple(
        index > 0
        and count_scopes[index] is None
        and not header_words.total.search(header)
        and all(
            resolver.scope_of_noun.get(word) in (None, "chip")
            for word in re.findall(r"[^\W\d_]+", header.lower())
        )
        for index, header in enumerate(headers)
    )


def _converted_headers(headers: tuple[str, ...], header_words: HeaderWords) -> tuple[str, ...]:
    """Return the headers with each currency-conversion header ("| Approx. in USD |") read
    after the header of the column it converts ("| Price (€ per GPU-hour) |"), whose figure it is.

    A note mark closing a header ("| approx. in USD (1) |", "| Price [2] |", "| TDP¹ |") refers to
    a note under the table: the column is read without it.
    """
    headers = tuple(_NOTE_MARK.sub("", header).strip() for header in headers)
    if not any(header_words.converted.fullmatch(h) for h in headers):
        return headers
    return tuple(
        f"{headers[index - 1]} ({header})"
        if index > 1 and header_words.converted.fullmatch(header)
        else header
        for index, header in enumerate(headers)
    )


_CONVERTED_TAIL = re.compile(r"\(((?:[^()]|\([^()]*\))*)\)\s*$")  # "Price (approx. in USD (1))"


def converted_with(header: str, header_words: HeaderWords, words: FoldedPattern) -> bool:
    """Return True for a header that ``_converted_headers`` joined to a conversion header
    holding one of ``words`` ("Price for hour (approx. in USD)" with "approx.")."""
    tail = _CONVERTED_TAIL.search(header)
    if tail is None:
        return False
    conversion = _NOTE_MARK.sub("", tail.group(1)).strip()
    return bool(header_words.converted.fullmatch(conversion)) and words.search(conversion) is not None


def _column_unit(
    header: str,
    quantities: QuantityReader,
    header_words: HeaderWords,
    names_baseline: Callable[[str], bool],
) -> tuple[str, str] | None:
    """Return the unit a column header names for its bare numbers (see ``unit_in_label``).

    A header joined to a conversion header ("Price/h (approx. USD/h)", "₹/GPU-hour (approx.
    US$/GPU-hour)") names the dollars of its conversion: the column's bare numbers are dollars.
    """
    if names_ratio(header, header_words.ratio_key, quantities, names_baseline):
        return "x", "multiple"  # "perf_per_watt_vs_v6e = 2.0": a multiplier, "watt" its denominator
    unit = quantities.unit_in_label(header)
    if unit is None and header_words.ratio.search(header.strip(" :*_")):
        return "x", "multiple"  # "| Speedup |": a ratio's bare numbers are multipliers
    tail = _CONVERTED_TAIL.search(header)
    if unit is not None or tail is None or not header_words.converted.fullmatch(tail.group(1)):
        return unit
    for word in _TAIL_WORD.split(tail.group(1)):
        found = quantities.unit_in_label(word) if word else None
        if found is not None and found[1] == "USD":
            return found
    return None


_TAIL_WORD = re.compile(r"[\s()\[\]/]+")  # "approx. US$/GPU-hour" -> "approx.", "US$", "GPU-hour"


def _column_rates(
    headers: tuple[str, ...], quantities: QuantityReader, header_words: HeaderWords
) -> tuple[str | None, ...]:
    """Return, per column, the time unit its prices are per: the header's own, or for a
    reserved, committed or spot column the one a sibling column states ("| On-demand (per
    chip-hour) | 1-year commitment |": the commitment prices are per hour too)."""
    rates = tuple(quantities.rate_in_label(header) for header in headers)
    shared = next((rate for rate in rates if rate), None)
    return tuple(
        rate or (shared if index and header_words.commitment.search(header) else None)
        for index, (header, rate) in enumerate(zip(headers, rates, strict=True))
    )


def _discounted_columns(headers: tuple[str, ...], header_words: HeaderWords) -> tuple[bool, ...]:
    """Return, per column, whether its prices are no product's list price: a discount or order
    total ("| Discount |", "| ext_cost |"), or a bill's spend beside a unit price
    ("| unit_price_usd | cost_usd | credits_usd |")."""
    billed = any(header_words.unit_price.search(header) for header in headers)
    return tuple(
        bool(header_words.discount.search(header))
        or (billed and bool(header_words.spend.fullmatch(header.strip())))
        for header in headers
    )


def _row_rate(cells: list[str], usage_units: tuple[bool, ...], header_words: HeaderWords) -> str | None:
    """Return the time a row's usage is counted in, which makes its unit prices rates: a
    usage-unit cell that is a time ("| usage_unit | hour |"), else "chip-hour" in a text cell."""
    for index, text in enumerate(cells):
        if index < len(usage_units) and usage_units[index]:
            for rate, pattern in header_words.usage_times:
                if pattern.fullmatch(text.strip()):
                    return rate
    if any(header_words.usage_rate.search(text) for text in cells if not _FREE_DIGIT.match(text)):
        return "hour"
    return None


def _usage_unit_columns(headers: tuple[str, ...], header_words: HeaderWords) -> tuple[bool, ...]:
    """Return, per column, whether its cells name the unit a row's usage is counted in ("| usage_unit |")."""
    return tuple(
        bool(header.strip() and header_words.usage_unit.fullmatch(header.strip())) for header in headers
    )


def _host_memory_columns(headers: tuple[str, ...], header_words: HeaderWords) -> tuple[bool, ...]:
    """Return, per column, whether it holds the host's memory: a header naming the host's memory
    ("Host RAM (GiB)", "system memory gb"), or a bare memory header in a table that has a column of
    the accelerators' memory or of the host's CPUs as well."""
    combined = tuple(
        _names_host(header, header_words) or bool(header_words.host_memory.fullmatch(_without_unit(header)))
        for header in headers
    )
    if not any(combined) and not any(
        header_words.device_memory.search(header) or header_words.host_cpu.fullmatch(header.strip())
        for header in headers
    ):
        return ()
    return tuple(
        joint or _names_memory(header, header_words) for joint, header in zip(combined, headers, strict=True)
    )


def _names_memory(header: str, header_words: HeaderWords) -> bool:
    """Return True for a header naming memory and nothing else ("Memory (GiB)", "RAM")."""
    return bool(header_words.memory.fullmatch(_without_unit(header)))


def _without_unit(header: str) -> str:
    """Return a header without its unit: "Memory (GiB)" -> "Memory", "host ram gib" -> "host ram"."""
    return _UNIT_WORD.sub("", _UNIT_IN_PARENTHESES.sub("", header)).strip()


def _names_host(header: str, header_words: HeaderWords) -> bool:
    """Return True for a header joining the host's processors and memory ("vCPU / RAM", "CPUs / Memory")."""
    parts = header.split("/")
    if len(parts) != 2:
        return False
    processors = parts[0].strip()
    # "vCPU": a virtual CPU is still the host's
    plain = processors[1:] if processors[:1].lower() == "v" else processors
    return bool(header_words.host_cpu.fullmatch(plain)) and _names_memory(parts[1], header_words)


def _related(
    cells: Sequence[str], relations: tuple[bool, ...], resolver: Resolver, segments: SegmentReader
) -> str | None:
    """Return the product the row's first cell under a relation header names ("| vs | A10 |")."""
    if not any(relations):
        return None
    for index, text in enumerate(cells):
        if index and index < len(relations) and relations[index]:
            entity = resolver.title_subject(segments.mentions(text))
            if entity is not None:
                return entity
    return None


def _relation_columns(headers: tuple[str, ...], header_words: HeaderWords) -> tuple[bool, ...]:
    """Return, per column, whether its header names a relation ("Replaces", "Successor", "vs."),
    or is a data key holding a comparison word ("vs accelerator", "baseline model")."""
    return tuple(
        bool(
            header_words.relation.fullmatch(header.strip(" :*_").strip())
            or (header == header.lower() and header_words.relation_key.search(header))
        )
        for header in headers
    )
