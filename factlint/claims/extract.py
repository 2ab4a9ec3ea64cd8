"""Stage entry: read every numeric claim of a document and attribute it to a fact."""

from __future__ import annotations

import copy
import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from factlint.claims.attributes import CONTEXT_DISTANCE, FAR_CONTEXT_DISTANCE, AttributeChooser, CueText
from factlint.claims.dates import DateMention, DateReader
from factlint.claims.entities import EntityMatcher
from factlint.claims.language import alternation, english
from factlint.claims.quantities import Quantity, QuantityReader
from factlint.claims.resolve import Attribution, Fallback, Resolver, mark_counted
from factlint.claims.segments import BASELINE, COUNTED, SUBJECT, Mention, Segment, SegmentReader
from factlint.models import Block, BlockKind, Claim, Document, ValueForm
from factlint.pack import Attribute, KnowledgePack

_DIGIT = re.compile(r"\d")
_FREE_DIGIT = re.compile(r"(?<![\w.,])\d")  # a digit that starts a number
_COMMA_DECIMAL = re.compile(r"(?<![\d,.])\d+,\d{1,2}(?![\d,])\s?[A-Za-z%]")
_POINT_DECIMAL = re.compile(r"(?<![\d,.])\d+\.\d{1,2}(?![\d.])\s?[A-Za-z%]")
_THOUSANDS_COMMA = re.compile(r"\d,\d{3}(?!\d)")


def extract_claims(document: Document, pack: KnowledgePack) -> list[Claim]:
    """Return every numeric claim in ``document``, attributed with ``pack``.

    Aliases from the document's front matter that do not already name a pack entity
    become aliases of the document's subject (the entity its title names).
    """
    if document.error is not None:
        return []
    extractor = _extractor(pack)
    extra = _document_aliases(document, extractor.matcher)
    if extra:
        extractor = extractor.with_matcher(extractor.matcher.extended(extra))
    return extractor.extract(document)


@lru_cache(maxsize=8)
def _extractor(pack: KnowledgePack) -> Extractor:
    return Extractor(pack)


def _document_aliases(document: Document, matcher: EntityMatcher) -> tuple[tuple[str, str], ...]:
    subject = matcher.resolve(document.title) if document.title else None
    if subject is None:
        return ()
    return tuple((alias, subject) for alias in document.aliases if matcher.resolve(alias) is None)


@dataclass(frozen=True)
class _Figure:
    """A quantity or date found in a segment, before attribution."""

    start: int
    end: int
    quantity: Quantity | None = None
    date: DateMention | None = None


class Extractor:
    """Everything compiled for one pack; call :meth:`extract` per document."""

    def __init__(self, pack: KnowledgePack, extra_aliases: Iterable[tuple[str, str]] = ()) -> None:
        language = self.language = english()
        self.pack = pack
        self.matcher = EntityMatcher(pack, extra_aliases)
        self.segments = SegmentReader(self.matcher, language)
        self.quantities = QuantityReader(pack, language)
        self.dates = DateReader(language)
        self.attributes = AttributeChooser(pack, language)
        self.resolver = Resolver(pack, self.matcher, language)
        qualifiers = dict(pack.qualifiers)
        self._qualifiers = {k.lower(): v for k, v in qualifiers.items()}
        bounds = [k for k, v in qualifiers.items() if v not in ("likely",)]
        hedges = [k for k, v in qualifiers.items() if v == "likely"]
        self._bound_re = re.compile(r"(" + alternation(bounds, words=False) + r")[\s$~≈(]*$", re.I)
        self._hedge_re = re.compile(alternation(hedges) + r"(?=(?:\s+[\w\-/.]+){0,3}\s*[$~]?$)", re.I)
        self._name_cue_re = re.compile(alternation(pack.name_cues) + r"[\s\-]*$", re.I)
        self._non_claim_re = re.compile(r"[\s\-]*(?:[\w.]+\s+)?" + alternation(pack.non_claim_words), re.I)
        self._precision_re = re.compile(alternation(pack.precisions), re.I)
        self._precisions = {p.lower(): p for p in pack.precisions}
        self._sparsity = [(name, re.compile(alternation(list(words)), re.I)) for name, words in pack.sparsity]
        self._measures = [(name, re.compile(alternation(list(words)), re.I)) for name, words in pack.measures]
        self._phrase_after = re.compile(
            r"\s*(?:than|compared\s+(?:to|with)|vs\.?|versus|relative\s+to|over)\s+((?:[\w\-]+\s*){1,4})",
            re.I,
        )

    def with_matcher(self, matcher: EntityMatcher) -> Extractor:
        """Return a copy of this extractor that finds entities with ``matcher``."""
        clone = copy.copy(self)
        clone.matcher = matcher
        clone.segments = SegmentReader(matcher, self.language)
        clone.resolver = Resolver(self.pack, matcher, self.language)
        return clone

    # -- document and block level ------------------------------------------------

    def extract(self, document: Document) -> list[Claim]:
        """Return the claims of one document in reading order."""
        comma_decimal = _uses_comma_decimals("\n".join(block.text for block in document.blocks))
        subject = self._document_subject(document)
        claims: list[Claim] = []
        seen: set[str] = set()
        for block in document.blocks:
            for claim in self._block_claims(document, block, subject, comma_decimal):
                if claim.id not in seen:
                    seen.add(claim.id)
                    claims.append(claim)
        return claims

    def _document_subject(self, document: Document) -> str | None:
        if document.title:
            found = self.matcher.resolve(document.title)
            if found:
                return found
        for block in document.blocks:
            topic = self.resolver.first_subject(self.segments.mentions(block.text))
            if topic:
                return topic
        return None

    def _block_fallbacks(self, block: Block, subject: str | None) -> list[Fallback]:
        fallbacks = []
        if block.label:
            entity = self.resolver.title_subject(self.segments.mentions(block.label))
            if entity:
                fallbacks.append(Fallback(entity, "context.label", 0.85))
        if block.list_intro:
            entity = self.resolver.first_subject(self.segments.mentions(block.list_intro))
            if entity:
                fallbacks.append(Fallback(entity, "context.list-intro", 0.8))
        for heading in reversed(block.headings):
            entity = self.resolver.title_subject(self.segments.mentions(heading))
            if entity:
                fallbacks.append(Fallback(entity, "context.heading", 0.75))
                break
        if subject:
            fallbacks.append(Fallback(subject, "context.document-subject", 0.6))
        return fallbacks

    def _block_claims(
        self, document: Document, block: Block, subject: str | None, comma: bool
    ) -> list[Claim]:
        if not self._may_hold_figures(block.text):
            return []
        fallbacks = self._block_fallbacks(block, subject)
        table = _TableContext.build(block, self) if block.kind is BlockKind.TABLE_ROW else None
        claims: list[Claim] = []
        previous: list[str] = []  # earlier sentences of the block, for a carried-over subject
        for segment in self.segments.segments(block):
            if table is not None and segment.cell_index == 0 and len(block.cells) > 1:
                continue  # a row label names the row; its numbers are part of names
            if self._may_hold_figures(segment.text):
                carried = self._carried_subject(previous) if table is None else None
                mentions = self.segments.mentions(segment.text)
                claims.extend(
                    self._segment_claims(document, segment, mentions, fallbacks, table, carried, comma)
                )
            previous.append(segment.text)
        return claims

    def _carried_subject(self, previous: list[str]) -> str | None:
        """Return the topic of the nearest earlier sentence that names one."""
        for text in reversed(previous):
            topic = self.resolver.first_subject(self.segments.mentions(text))
            if topic:
                return topic
        return None

    def _may_hold_figures(self, text: str) -> bool:
        return bool(_DIGIT.search(text)) or bool(self.quantities.word_pattern.search(text))

    # -- segment level -------------------------------------------------------------

    def _figures(self, text: str, mentions: list[Mention], comma: bool) -> list[_Figure]:
        def overlaps(start: int, end: int) -> bool:
            return any(m.start < end and start < m.end for m in mentions)

        dates = [
            d
            for d in self.dates.read(text)
            if not overlaps(d.start, d.end) and not self._is_name(text, d.start)
        ]
        figures = [_Figure(d.start, d.end, date=d) for d in dates]
        for quantity in self.quantities.read(text, comma_decimal=comma):
            if quantity.kind == "bare" or overlaps(quantity.start, quantity.start + 1):
                continue
            if any(d.start < quantity.end and quantity.start < d.end for d in dates):
                continue
            if (
                quantity.unit_pint is None
                and quantity.kind != "count"
                and self._is_name(text, quantity.start)
            ):
                continue
            if quantity.kind in ("unit", "multiplier") and self._non_claim_re.match(text, quantity.end):
                continue
            figures.append(_Figure(quantity.start, quantity.end, quantity=quantity))
        figures.sort(key=lambda f: f.start)
        return figures

    def _is_name(self, text: str, start: int) -> bool:
        return bool(self._name_cue_re.search(text[max(0, start - 30) : start]))

    def _segment_claims(
        self,
        document: Document,
        segment: Segment,
        mentions: list[Mention],
        fallbacks: list[Fallback],
        table: _TableContext | None,
        carried: str | None,
        comma: bool,
    ) -> list[Claim]:
        text = segment.text
        figures = self._figures(text, mentions, comma)
        if not figures:
            return []
        counted_spans = [
            (f.quantity.counted_start, f.quantity.counted_end)
            for f in figures
            if f.quantity is not None and f.quantity.counted_start is not None
        ]
        mentions = mark_counted(
            mentions, [(s, e) for s, e in counted_spans if s is not None and e is not None]
        )
        context = table.cues(segment) if table else self._prose_cues(segment.block)
        claims = []
        for figure in figures:
            claim = self._claim(document, segment, figure, mentions, fallbacks, table, carried, context)
            if claim is not None:
                claims.append(claim)
        return claims

    def _prose_cues(self, block: Block) -> list[CueText]:
        cues = []
        if block.label:
            cues.append(CueText(block.label, FAR_CONTEXT_DISTANCE))
        if block.list_intro:
            cues.append(CueText(block.list_intro, FAR_CONTEXT_DISTANCE))
        return cues

    def _claim(
        self,
        document: Document,
        segment: Segment,
        figure: _Figure,
        mentions: list[Mention],
        fallbacks: list[Fallback],
        table: _TableContext | None,
        carried: str | None,
        context: list[CueText],
    ) -> Claim | None:
        text = segment.text
        quantity, date = figure.quantity, figure.date
        if date is not None:
            attribute = self.attributes.for_dates(text, date.start, date.end, context)
            if attribute is None:
                return None
            factor, offset, attribute_rule = 1.0, 0.0, "date-cue"
        else:
            assert quantity is not None
            next_is_entity = any(
                m.start >= quantity.end and not text[quantity.end : m.start].strip(" the") for m in mentions
            )
            choice = self.attributes.for_quantity(quantity, text, context, next_is_entity=next_is_entity)
            if choice is None:
                return None
            attribute, factor, offset, attribute_rule = (
                choice.attribute,
                choice.factor,
                choice.offset,
                choice.rule,
            )
        attribution = self._attribute_entity(segment, figure, attribute, mentions, fallbacks, table, carried)
        if attribution is None:
            return None
        return self._build(
            document, segment, figure, attribute, factor, offset, attribute_rule, attribution, mentions
        )

    def _attribute_entity(
        self,
        segment: Segment,
        figure: _Figure,
        attribute: Attribute,
        mentions: list[Mention],
        fallbacks: list[Fallback],
        table: _TableContext | None,
        carried: str | None,
    ) -> Attribution | None:
        text = segment.text
        end = figure.quantity.unit_end or figure.end if figure.quantity else figure.end
        counted_scope = attribute.count_scope if attribute.is_count else None
        per_entity = self.resolver.per_entity(text, end, mentions)
        if per_entity and (counted_scope is None or self.resolver.is_container(per_entity, counted_scope)):
            return Attribution(per_entity, self.resolver.kind(per_entity), "per-entity", 0.95)
        candidates: list[tuple[str, str, float]] = []
        if table is not None and segment.cell_index is not None:
            candidates.extend(table.candidates(segment.cell_index))
        in_clause = self.resolver.in_clause(
            text, figure.start, mentions, holders=attribute.holders, container_of=counted_scope
        )
        if in_clause is not None:
            position = (
                1 if table is not None and candidates and candidates[0][1] == "table.column-entity" else 0
            )
            candidates.insert(position, (in_clause[0], in_clause[1], 0.9))
        if carried and table is None:
            candidates.append((carried, "prose.previous-sentence", 0.75))
        candidates.extend((f.entity, f.rule, f.confidence) for f in fallbacks)
        for entity, rule, confidence in candidates:
            if self.resolver.kind(entity) not in attribute.holders:
                continue
            if counted_scope is not None:
                if not self.resolver.is_container(entity, counted_scope):
                    continue
                counted = [
                    m.entity for m in mentions if m.role == COUNTED and figure.start <= m.start < figure.end
                ]
                entity = self.resolver.specialise(entity, counted)
                return Attribution(entity, self.resolver.kind(entity), rule + "+count", confidence)
            stated = self.resolver.stated_scope(text, figure.start, end)
            return self.resolver.fit_scope(Attribution(entity, None, rule, confidence), stated)
        return None

    # -- building the claim ------------------------------------------------------------

    def _build(
        self,
        document: Document,
        segment: Segment,
        figure: _Figure,
        attribute: Attribute,
        factor: float,
        offset: float,
        attribute_rule: str,
        attribution: Attribution,
        mentions: list[Mention],
    ) -> Claim:
        text = segment.text
        block_offset = segment.offset + figure.start
        line, column = segment.block.position(block_offset)
        surface_end = figure.quantity.unit_end if figure.quantity and figure.quantity.unit_end else figure.end
        surface = text[figure.start : surface_end].strip()
        confidence = attribution.confidence * (0.85 if attribute_rule == "unit-default" else 1.0)
        if any(m.fuzzy for m in mentions if m.entity == attribution.entity):
            confidence *= 0.9
        qualifier = self._qualifier(text, figure)
        base = {
            "id": _claim_id(document.path, line, column, attribute.name),
            "source": document.path,
            "line": line,
            "column": column,
            "entity": attribution.entity,
            "scope": attribution.scope,
            "attribute": attribute.name,
            "text": surface,
            "quote": segment.quote,
            "qualifier": qualifier,
            "confidence": round(min(confidence, 1.0), 3),
            "rule": f"{attribution.rule}; {attribute_rule}",
        }
        if figure.date is not None:
            date = figure.date
            form = ValueForm.RANGE if date.low else ValueForm.EXACT
            return Claim(value=date.value, unit="date", low=date.low, high=date.high, form=form, **base)  # type: ignore[arg-type]
        quantity = figure.quantity
        assert quantity is not None
        low = quantity.low * factor + offset
        high = quantity.high * factor + offset
        value = (low + high) / 2 if quantity.form is ValueForm.RANGE else low
        rounding = 0.5 * 10 ** (-quantity.decimals) * factor
        extra = self._fact_qualifiers(text, figure, attribute, mentions)
        return Claim(
            value=_tidy(value),
            unit=attribute.unit,
            low=_tidy(low) if quantity.form is not ValueForm.EXACT else None,
            high=_tidy(high) if quantity.form is not ValueForm.EXACT else None,
            form=quantity.form,
            rounding=_tidy(rounding),
            **extra,
            **base,  # type: ignore[arg-type]
        )

    def _qualifier(self, text: str, figure: _Figure) -> str | None:
        if figure.date is not None and figure.date.qualifier:
            return figure.date.qualifier
        before = text[max(0, figure.start - 40) : figure.start]
        bound = self._bound_re.search(before)
        hedge = self._hedge_re.search(before)
        if bound and (hedge is None or bound.start() > hedge.start()):
            return self._qualifiers.get(re.sub(r"\s+", " ", bound.group(1).lower()), bound.group(1).lower())
        if hedge:
            return "likely"
        if figure.quantity is not None and figure.quantity.plus:
            return "at least"
        return None

    def _fact_qualifiers(
        self, text: str, figure: _Figure, attribute: Attribute, mentions: list[Mention]
    ) -> dict[str, str | None]:
        # What qualifies a figure stands inside it ("3 FP8 petaflops"), after it up to the
        # next number ("989 TFLOPS of dense BF16"), or just before it ("peak 900 GB/s").
        next_number = _FREE_DIGIT.search(text, figure.end)
        after_end = min(next_number.start() if next_number else len(text), figure.end + 40)
        window = text[max(0, figure.start - 15) : after_end]
        extra: dict[str, str | None] = {}
        if attribute.name == "compute_throughput":
            precision = self._precision_re.search(text, figure.start, after_end) or self._precision_re.search(
                text, max(0, figure.start - 15), figure.start
            )
            if precision is not None:
                extra["precision"] = self._precisions.get(precision.group(0).lower(), precision.group(0))
            before = text[max(0, figure.start - 15) : figure.start]
            after = text[figure.start : after_end]
            extra["sparsity"] = next(
                (name for part in (after, before) for name, regex in self._sparsity if regex.search(part)),
                None,
            )
        if attribute.unit.endswith("/s") or attribute.unit.endswith("ps"):
            extra["measure"] = next((name for name, regex in self._measures if regex.search(window)), None)
        if attribute.unit == "x":
            extra["baseline"] = self._baseline(text, figure, mentions)
        return extra

    def _baseline(self, text: str, figure: _Figure, mentions: list[Mention]) -> str | None:
        for mention in mentions:
            if mention.start < figure.end:
                continue
            between = text[figure.end : mention.start]
            if (
                mention.role == BASELINE
                or not between.strip(" the")
                or re.fullmatch(r"[\s\w\-]*\bof\s+", between)
            ):
                return mention.entity
        phrase = self._phrase_after.search(text, figure.end)
        if phrase:
            words = re.sub(r"\s+", " ", phrase.group(1)).strip(" .,;").lower()
            return words or None
        return None


@dataclass(frozen=True)
class _TableContext:
    """What a table row's position tells about its cells: column and row entities, cues."""

    row_label: str
    headers: tuple[str, ...]
    column_entities: tuple[str | None, ...]
    row_entity: str | None

    @staticmethod
    def build(block: Block, extractor: Extractor) -> _TableContext:
        headers = block.table_headers
        column_entities = tuple(
            extractor.resolver.title_subject(extractor.segments.mentions(header)) if index else None
            for index, header in enumerate(headers)
        )
        row_label = block.cells[0].text if block.cells else ""
        row_entity = extractor.resolver.title_subject(extractor.segments.mentions(row_label))
        return _TableContext(row_label, headers, column_entities, row_entity)

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
        cues = [CueText(self.row_label, CONTEXT_DISTANCE)]
        index = segment.cell_index or 0
        if index < len(self.headers):
            cues.append(CueText(self.headers[index], CONTEXT_DISTANCE + 5))
        return cues


def _uses_comma_decimals(text: str) -> bool:
    """Return True when a document writes decimals with commas ("12,5 TFLOPS") and never with points."""
    return (
        bool(_COMMA_DECIMAL.search(text))
        and not _POINT_DECIMAL.search(text)
        and not _THOUSANDS_COMMA.search(text)
    )


def _claim_id(source: str, line: int, column: int, attribute: str) -> str:
    digest = hashlib.sha1(f"{source}\0{line}\0{column}\0{attribute}".encode()).hexdigest()
    return f"c-{digest[:12]}"


def _tidy(value: float) -> float:
    return float(f"{value:.10g}")


__all__ = ["BASELINE", "COUNTED", "SUBJECT", "Extractor", "extract_claims"]
