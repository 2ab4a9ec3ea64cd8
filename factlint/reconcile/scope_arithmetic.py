"""Scope arithmetic: a container's figure against count x its parts' figure (16 x 32 GB = 512 GB)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from factlint.config import Config
from factlint.models import Claim, Conflict, ConflictValue, Note, ValueForm
from factlint.pack import Entity, KnowledgePack
from factlint.reconcile.direct import CheckFindings, FactKey, check_conflict
from factlint.reconcile.explain import describe_set, format_number, support, with_unit
from factlint.reconcile.grouping import ValueOption, value_options


@dataclass(frozen=True)
class Containment:
    """A container fact read as ``count`` x a part: what scope arithmetic compares against."""

    container_label: str  # "Trn1 instance"
    part: Entity
    count: int


@dataclass(frozen=True)
class PartFigure:
    """The per-part options of one entity: the contained entity itself or its family look-alike."""

    entity: Entity
    exact: bool  # False for the family member named like the family ("Trainium" for Trainium1)
    options: tuple[ValueOption, ...]


def scope_arithmetic(
    facts: Mapping[FactKey, Sequence[Claim]], pack: KnowledgePack, config: Config
) -> CheckFindings:
    """Return notes for container figures that match count x part figure, conflicts for those that cannot."""
    notes: list[Note] = []
    conflicts: list[Conflict] = []
    for fact_key, claims in facts.items():
        attribute = pack.attribute(fact_key[2])
        if attribute is None or not attribute.additive:
            continue
        containment = containment_of(fact_key, facts, pack, config)
        if containment is None:
            continue
        parts = part_figures(fact_key, containment.part, facts, pack, config)
        if not parts:
            continue
        container_options, _ = value_options(claims, config)
        for option in container_options:
            found_notes, conflict = _check_option(fact_key, option, containment, parts)
            notes.extend(found_notes)
            if conflict is not None:
                conflicts.append(conflict)
    return CheckFindings(tuple(notes), tuple(conflicts))


def containment_of(
    fact_key: FactKey, facts: Mapping[FactKey, Sequence[Claim]], pack: KnowledgePack, config: Config
) -> Containment | None:
    """Return how a fact's entity splits into parts, or None when the pack cannot say."""
    entity_name, scope = fact_key[0], fact_key[1]
    entity = pack.entity(entity_name)
    if entity is None:
        return None
    if entity.contains is not None and scope in (None, entity.kind):
        part = pack.entity(entity.contains.entity)
        if part is None:
            return None
        count_attributes = {a.name for a in pack.attributes if a.is_count and a.count_scope == part.kind}
        count = entity.contains.count or _stated_count(entity, count_attributes, facts, config)
        if not count:
            return None
        return Containment(_label(entity.name, entity.kind), part, int(count))
    if scope is not None and scope != entity.kind:
        # A part's figure stated at a container scope ("Trainium1 ... 512 GB per instance").
        counts = {
            e.contains.count
            for e in pack.entities
            if e.contains is not None and e.contains.entity == entity.name and e.kind == scope
        }
        if len(counts) == 1 and None not in counts:
            return Containment(f"{entity.name} {scope}", entity, int(counts.pop()))  # type: ignore[arg-type]
    return None


def part_figures(
    fact_key: FactKey,
    part: Entity,
    facts: Mapping[FactKey, Sequence[Claim]],
    pack: KnowledgePack,
    config: Config,
) -> tuple[PartFigure, ...]:
    """Return the stated per-part figures of the same attribute: the part, then its family look-alike.

    The chips of a system with a configuration of its own (pack ``own_config``: a GB200
    NVL72's B200s run 186 GB) are measured by the system's own per-chip figures, never the
    chip sold alone.
    """
    container = pack.entity(fact_key[0])
    if container is not None and container.contains is not None and container.contains.own_config:
        own = facts.get((container.name, part.kind, *fact_key[2:]), ())
        options, _ = value_options(list(own), config)
        return (PartFigure(part, True, tuple(options)),) if options else ()
    figures = []
    candidates = [(part, True)]
    family = pack.entity(part.family) if part.family and part.family != part.name else None
    if family is not None and family.kind == part.kind:
        candidates.append((family, False))
    for entity, exact in candidates:
        claims = [
            claim
            for scope in (entity.kind, None)
            for claim in facts.get((entity.name, scope, *fact_key[2:]), ())
        ]
        options, _ = value_options(claims, config)
        if options:
            figures.append(PartFigure(entity, exact, tuple(options)))
    return tuple(figures)


def _check_option(
    fact_key: FactKey, option: ValueOption, containment: Containment, parts: Sequence[PartFigure]
) -> tuple[list[Note], Conflict | None]:
    count = containment.count
    notes = _consistent_notes(option, containment, parts)
    exact = next((figure for figure in parts if figure.exact), None)
    if exact is None or any(option.meets_values(p.values.scaled(count)) for p in exact.options):
        return notes, None
    if all(option.values.low >= p.values.scaled(count).high for p in exact.options):
        # More than the parts add up to: host memory, CPUs or switches may be counted too.
        part_label = _label(exact.entity.name, exact.entity.kind)
        parts_shown = " or ".join(p.display for p in exact.options)
        notes.append(
            Note(
                kind="scope_arithmetic",
                message=f"{option.display} per {containment.container_label} exceeds {count} x "
                f"{parts_shown} per {part_label}: the figure may count more than the "
                f"{exact.entity.name} chips",
                claims=(*option.claim_ids, *(c for p in exact.options for c in p.claim_ids)),
            )
        )
        return notes, None
    return notes, _derived_conflict(fact_key, option, containment, exact)


def _consistent_notes(
    option: ValueOption, containment: Containment, parts: Sequence[PartFigure]
) -> list[Note]:
    """Return one note per part figure the container figure adds up from.

    The part and its family look-alike ("Trainium1" and "Trainium") stating the same figure
    make one note naming the part (``parts`` lists it first), not two notes saying one sum.
    """
    count = containment.count
    matches: dict[str, list[tuple[PartFigure, ValueOption]]] = {}
    for figure in parts:
        for part_option in figure.options:
            if option.meets_values(part_option.values.scaled(count)):
                matches.setdefault(part_option.display, []).append((figure, part_option))
    notes = []
    for display, stated in matches.items():
        first = stated[0][0]
        also = [figure.entity.name for figure, _ in stated[1:] if figure is not first]
        also_text = f" (also stated for {' and '.join(dict.fromkeys(also))})" if also else ""
        claim_ids = (*option.claim_ids, *(c for _, part_option in stated for c in part_option.claim_ids))
        notes.append(
            Note(
                kind="scope_arithmetic",
                message=f"{option.display} per {containment.container_label} = {count} x "
                f"{display} per {_label(first.entity.name, first.entity.kind)}{also_text}: consistent",
                claims=tuple(dict.fromkeys(claim_ids)),
            )
        )
    return notes


def _derived_conflict(
    fact_key: FactKey, option: ValueOption, containment: Containment, figure: PartFigure
) -> Conflict:
    count, unit = containment.count, option.claims[0].unit
    part_label = _label(figure.entity.name, figure.entity.kind)
    container_side = ConflictValue(
        value=option.claims[0].value,
        unit=unit,
        claims=option.claim_ids,
        sources=option.sources,
        display=f"{option.display} per {containment.container_label}",
    )
    sides = [container_side]
    sets = [describe_set(option.values, unit)]
    for part_option in sorted(figure.options, key=lambda o: o.sort_key):
        value = part_option.claims[0].value
        total = float(value) * count if isinstance(value, float | int) else value
        product = with_unit(format_number(float(total)), unit) if isinstance(total, float) else str(total)
        sides.append(
            ConflictValue(
                value=total,
                unit=unit,
                claims=part_option.claim_ids,
                sources=part_option.sources,
                display=f"{count} x {part_option.display} per {part_label} = {product}",
            )
        )
        sets.append(describe_set(part_option.values.scaled(count), unit))
    explanation = " vs ".join(f"{side.display} {support(side.sources, side.claims)}" for side in sides)
    explanation += (
        f"; the {containment.container_label} holds {count} {figure.entity.name} "
        f"(full complement assumed); compared as {' vs '.join(sets)}"
    )
    return check_conflict(fact_key, sides, explanation, "derived")


def _stated_count(
    entity: Entity, count_attributes: set[str], facts: Mapping[FactKey, Sequence[Claim]], config: Config
) -> int | None:
    """Return the part count the documents agree on for a container the pack gives no count for."""
    claims = [
        claim
        for (name, scope, attribute, *_), fact_claims in facts.items()
        if name == entity.name and scope in (None, entity.kind) and attribute in count_attributes
        for claim in fact_claims
    ]
    options, _ = value_options(claims, config)
    firm = [o for o in options if o.is_firm and o.claims[0].form is ValueForm.EXACT]
    if len(options) != 1 or len(firm) != 1:
        return None
    value = firm[0].claims[0].value
    return int(value) if isinstance(value, float | int) and float(value).is_integer() and value > 0 else None


def _label(name: str, kind: str) -> str:
    """Return "Trn1 instance", but "Trn2 UltraServer" (the name already says what it is)."""
    return name if kind.lower() in name.lower() else f"{name} {kind}"
