"""Knowledge packs: entities, scopes, units, attributes and cue words, loaded from YAML."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from factlint.errors import ConfigError
from factlint.units import conversion_factor, dimensionality

DEFAULT_PACK = "accelerators.yaml"
# libyaml's loader reads the default pack about nine times faster than the pure-Python one.
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

PRODUCT_KINDS = ("core", "chip", "card", "instance", "server", "pod", "cluster", "product")
# The kinds of one accelerator: the chip, and the card or module that carries it. A machine's count
# of parts counts these ("4 x GH200"), and a figure of one of them ("per GPU") is no machine's.
PART_KINDS = ("chip", "card")
# A figure of one of these is no whole machine's: a part's, or a core's inside a chip.
PART_SCOPES = ("core", *PART_KINDS)
ORGANIZATION = "organization"
# Kinds that are no product: a company's or a program's figures are never a product's.
NON_PRODUCT_KINDS = (ORGANIZATION, "software")
ENTITY_KINDS = (*PRODUCT_KINDS, *NON_PRODUCT_KINDS)


@dataclass(frozen=True)
class SmallSizes:
    """Sizes of another attribute that belong to this one when written small: on-chip memory
    takes memory capacity's sizes under a thousand MB ("the Bow IPU memory ... 900 MB")."""

    attribute: str  # the attribute whose small sizes they are
    units: tuple[str, ...]  # the pint units a small size is written in
    below: float  # a small size is under this many of its unit


@dataclass(frozen=True)
class Containment:
    """What a container entity (instance, server, cluster) holds: ``count`` x ``entity``."""

    entity: str
    count: int | None = None  # the full complement; None when sizes vary
    # The held chips run a configuration of this product's own (other memory or power than the
    # chip sold alone), so a per-chip figure stated of the container stays with it at chip scope.
    own_config: bool = False


@dataclass(frozen=True)
class Entity:
    """A thing documents state facts about, with the names it goes by."""

    name: str
    kind: str
    family: str | None = None
    aliases: tuple[str, ...] = ()
    contains: Containment | None = None
    case_sensitive: tuple[str, ...] = ()  # names that are ordinary words: matched only as written
    # (attribute, largest figure in its canonical unit) that replace the attribute's scope
    # ceilings for this entity: a wafer-scale chip carries what no other chip could.
    ceilings: tuple[tuple[str, float], ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in ENTITY_KINDS:
            raise ValueError(f"entity {self.name!r}: kind must be one of {', '.join(ENTITY_KINDS)}")
        stray = [name for name in self.case_sensitive if name not in self.names]
        if stray:
            raise ValueError(
                f"entity {self.name!r}: case_sensitive names {stray[0]!r}, which is none of its names"
            )

    @property
    def names(self) -> tuple[str, ...]:
        """Return the canonical name followed by every alias."""
        return (self.name, *self.aliases)


@dataclass(frozen=True)
class Attribute:
    """A measurable property with its canonical unit and the words that signal it."""

    name: str
    unit: str  # canonical unit as shown in reports: "GB", "TB/s", "date", "count"
    pint: str | None = None  # pint expression of the canonical unit, None for date/count
    cues: tuple[str, ...] = ()
    default: bool = False  # the attribute a bare unit of this dimension falls back to
    relative_to: str | None = None  # for multipliers of another attribute
    count_scope: str | None = None  # for counts: the scope of the things counted
    additive: bool = False  # a container's figure is the sum of its parts' (memory, bandwidth, power)
    holders: tuple[str, ...] = PRODUCT_KINDS  # entity kinds a figure of this attribute can belong to
    needs_cue: bool = False  # never read from the unit alone: money is not always a price
    # A figure of the chip itself (on-chip memory, cores, the bandwidth of the memory it drives):
    # a machine of one chip has none of its own, so its figure is its chip's ("CS-3 (1x WSE-3,
    # 44 GB SRAM)").
    of_chip: bool = False
    # The scope of a machine this figure is stated for when only a noun names it: an hourly
    # price is a rental's, so "8-GPU nodes at $27.92/hr" prices an instance, not a server.
    rented_scope: str | None = None
    # Cue words that name a scope on their own: "TBP" is total *board* power, a card's.
    scoped_cues: tuple[tuple[str, str], ...] = ()
    # (scope, largest figure one unit of that scope can carry, in the canonical unit): a
    # "chip" figure above it is a system's total, not the chip's (claims/plausibility.py).
    ceilings: tuple[tuple[str, float], ...] = ()
    # Sizes of another attribute this one takes when written small, with no word of that one near.
    small_sizes_of: SmallSizes | None = None

    @property
    def is_date(self) -> bool:
        """Return True for attributes whose values are ISO partial dates."""
        return self.unit == "date"

    @property
    def is_count(self) -> bool:
        """Return True for attributes that count things (chips, cores)."""
        return self.unit == "count"


@dataclass(frozen=True)
class KnowledgePack:
    """A validated knowledge pack; build one with :func:`load_pack`."""

    name: str
    version: str
    entities: tuple[Entity, ...]
    attributes: tuple[Attribute, ...]
    scopes: tuple[tuple[str, tuple[str, ...]], ...]  # (scope, nouns), innermost first
    units: tuple[tuple[str, str], ...]  # (surface form, pint expression)
    qualifiers: tuple[tuple[str, str], ...]  # (surface form, canonical qualifier)
    vendor_prefixes: tuple[str, ...] = ()
    name_cues: tuple[str, ...] = ()
    precisions: tuple[str, ...] = ()
    sparsity: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (dense|sparse, phrases)
    measures: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (measure, phrases)
    non_claim_words: tuple[str, ...] = ()
    chip_links: tuple[str, ...] = ()  # chip-to-chip links: their figures are per chip even in a node's row
    # Scopes whose entities are particular installations (a named supercomputer), never a
    # product line: "a cluster of 4,096 GPUs" names none of them.
    named_only_scopes: tuple[str, ...] = ()
    # Scopes that each name one whole machine (instance, server): a named machine called by
    # another of their nouns keeps its own kind ("an 8-GPU p4d node" is the P4d instance).
    machine_scopes: tuple[str, ...] = ()
    # Regular expressions of words that, written right after a known chip's name, name a larger
    # system built of it ("GB200 NVL4"): see docs/decisions/0192-sibling-shaped-product-names.md.
    system_suffixes: tuple[str, ...] = ()
    not_products: tuple[str, ...] = ()  # names shaped like models that are not products
    # (kind, regular expression): shapes of product names the pack need not list one by one
    # (cloud instance sizes); see docs/decisions/0063-entity-discovery.md.
    name_patterns: tuple[tuple[str, str], ...] = ()
    # (kind, regular expression): shapes of names that are products only where a document
    # names products (a table's first column, before a figure): "yh.gn.h20.8x" but not "torch.cuda.amp".
    placed_name_patterns: tuple[tuple[str, str], ...] = ()
    # Server vendors' product-line words ("PowerEdge", "ProLiant") and model-number prefixes
    # ("SYS-"): a discovered name written with one is a machine; see 0076-discovered-machines.md.
    machine_lines: tuple[str, ...] = ()
    machine_prefixes: tuple[str, ...] = ()
    fingerprint: str = ""
    _entity_index: dict[str, Entity] = field(default_factory=dict, compare=False, repr=False)
    _attribute_index: dict[str, Attribute] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._entity_index.update({entity.name: entity for entity in self.entities})
        self._attribute_index.update({attribute.name: attribute for attribute in self.attributes})

    def entity(self, name: str) -> Entity | None:
        """Return the entity with this canonical name, or None."""
        return self._entity_index.get(name)

    def attribute(self, name: str) -> Attribute | None:
        """Return the attribute with this canonical name, or None."""
        return self._attribute_index.get(name)

    @property
    def scope_names(self) -> tuple[str, ...]:
        """Return the scope names, innermost first."""
        return tuple(scope for scope, _ in self.scopes)

    def with_entities(self, extra: Iterable[Entity]) -> KnowledgePack:
        """Return a copy of the pack with entities added or replaced by name."""
        merged = {entity.name: entity for entity in self.entities}
        merged.update({entity.name: entity for entity in extra})
        return KnowledgePack(
            name=self.name,
            version=self.version,
            entities=tuple(merged.values()),
            attributes=self.attributes,
            scopes=self.scopes,
            units=self.units,
            qualifiers=self.qualifiers,
            vendor_prefixes=self.vendor_prefixes,
            name_cues=self.name_cues,
            precisions=self.precisions,
            sparsity=self.sparsity,
            measures=self.measures,
            non_claim_words=self.non_claim_words,
            chip_links=self.chip_links,
            named_only_scopes=self.named_only_scopes,
            machine_scopes=self.machine_scopes,
            system_suffixes=self.system_suffixes,
            not_products=self.not_products,
            name_patterns=self.name_patterns,
            placed_name_patterns=self.placed_name_patterns,
            machine_lines=self.machine_lines,
            machine_prefixes=self.machine_prefixes,
            fingerprint=self.fingerprint,
        )


def load_pack(paths: Iterable[str | Path] = ()) -> KnowledgePack:
    """Return the default pack merged with each pack file in ``paths``, in order.

    A user pack may add or replace entities (by name), attributes, units, scopes and
    qualifiers; set ``replace: true`` at its top level to start from an empty pack.
    Raises :class:`ConfigError` naming the file and key of the first problem.
    """
    default_text = resources.files("factlint.packs").joinpath(DEFAULT_PACK).read_text(encoding="utf-8")
    raw = _parse(default_text, f"<default pack {DEFAULT_PACK}>")
    digest = hashlib.sha256(default_text.encode())
    origin = f"<default pack {DEFAULT_PACK}>"
    for path in paths:
        text = _read(Path(path))
        overlay = _parse(text, str(path))
        digest.update(text.encode())
        raw = overlay if overlay.get("replace") else _merge(raw, overlay)
        origin = str(path)
    return _build(raw, origin, digest.hexdigest()[:16])


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as error:
        raise ConfigError(f"cannot read knowledge pack: {error.strerror}", path=str(path)) from error


def _parse(text: str, origin: str) -> dict[str, Any]:
    try:
        data = yaml.load(text, Loader=_SAFE_LOADER)  # a safe loader: plain data only
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        raise ConfigError(
            f"invalid YAML: {getattr(error, 'problem', error)}",
            path=origin,
            line=mark.line + 1 if mark else None,
        ) from error
    if not isinstance(data, dict):
        raise ConfigError("a knowledge pack must be a YAML mapping", path=origin)
    stray = _stray_item(data, ())
    if stray is not None:
        where, item = stray
        raise ConfigError(
            f"holds {item!r}, which is no word (quote it)",
            path=origin,
            key=_key_path(where),
            line=_line_of(text, where),
        )
    return data


# The lists of a pack whose items are mappings; every other list is a list of words.
_RECORD_LISTS = frozenset({"entities", "name_patterns", "placed_name_patterns"})


def _stray_item(value: object, where: tuple[str | int, ...]) -> tuple[tuple[str | int, ...], object] | None:
    """Return the place and value of the first list item that should be a word and is not, or None.

    YAML reads an unquoted ``yes`` as true and ``12`` as a number; ``str()`` would turn them into
    the words "True" and "12", so they are refused instead.
    """
    if isinstance(value, dict):
        for key, inner in value.items():
            stray = _stray_item(inner, (*where, str(key)))
            if stray is not None:
                return stray
    elif isinstance(value, list):
        records = bool(where) and where[-1] in _RECORD_LISTS
        for index, item in enumerate(value):
            if records and isinstance(item, dict):
                stray = _stray_item(item, (*where, index))
                if stray is not None:
                    return stray
            elif not isinstance(item, str):
                return (*where, index), item
    return None


def _key_path(where: tuple[str | int, ...]) -> str:
    """Return a place in a pack as its key path: ("entities", 3, "aliases", 0) -> entities[3].aliases[0]."""
    return "".join(f"[{step}]" if isinstance(step, int) else f".{step}" for step in where).lstrip(".")


def _line_of(text: str, where: tuple[str | int, ...]) -> int | None:
    """Return the 1-based line of the node at ``where`` in a pack's YAML text, or None."""
    node: yaml.Node | None = yaml.compose(text, Loader=yaml.SafeLoader)
    for step in where:
        if isinstance(node, yaml.SequenceNode) and isinstance(step, int) and step < len(node.value):
            node = node.value[step]
        elif isinstance(node, yaml.MappingNode):
            node = next((value for key, value in node.value if key.value == step), None)
        else:
            return None
    return node.start_mark.line + 1 if node is not None else None


def _merge(base: dict[str, Any], overlay: Mapping[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in overlay.items():
        if key == "entities":
            # The overlay's entities come first: where one of their names is also a name of a
            # base entity ("e150" of a user's `Grayskull e150`), the user's pack wins the match.
            overlay_names = {entry.get("name") for entry in value or [] if isinstance(entry, dict)}
            # An entity restated without ceilings keeps the base pack's: what a wafer-scale chip
            # can carry does not change because a user added an alias.
            base_ceilings = {
                entry.get("name"): entry["ceilings"]
                for entry in base.get("entities", [])
                if isinstance(entry, dict) and "ceilings" in entry
            }
            merged["entities"] = [
                *(
                    {**entry, "ceilings": base_ceilings[entry["name"]]}
                    if isinstance(entry, dict)
                    and "ceilings" not in entry
                    and entry.get("name") in base_ceilings
                    else entry
                    for entry in value or []
                ),
                *(
                    entry
                    for entry in base.get("entities", [])
                    if not (isinstance(entry, dict) and entry.get("name") in overlay_names)
                ),
            ]
        elif isinstance(value, dict) and isinstance(base.get(key), dict):
            merged[key] = {**base[key], **value}
        elif isinstance(value, list) and isinstance(base.get(key), list):
            merged[key] = [*base[key], *[item for item in value if item not in base[key]]]
        else:
            merged[key] = value
    return merged


def _build(raw: dict[str, Any], origin: str, fingerprint: str) -> KnowledgePack:
    def fail(key: str, message: str) -> ConfigError:
        return ConfigError(message, path=origin, key=key)

    known = {
        "name",
        "version",
        "vendor_prefixes",
        "scopes",
        "units",
        "attributes",
        "entities",
        "name_cues",
        "qualifiers",
        "precisions",
        "sparsity",
        "measures",
        "non_claim_words",
        "chip_links",
        "named_only_scopes",
        "machine_scopes",
        "system_suffixes",
        "not_products",
        "name_patterns",
        "placed_name_patterns",
        "machine_lines",
        "machine_prefixes",
        "replace",
    }
    for key in raw:
        if key not in known:
            raise fail(str(key), f"unknown key (expected one of: {', '.join(sorted(known))})")

    units = tuple((str(surface), str(expr)) for surface, expr in _mapping(raw, "units", fail).items())
    for surface, expr in units:
        if conversion_factor(expr, expr) is None:
            raise fail(f"units.{surface}", f"pint does not understand the unit {expr!r}")

    scopes = tuple(
        (str(scope), tuple(str(noun) for noun in _list(nouns, f"scopes.{scope}", fail)))
        for scope, nouns in _mapping(raw, "scopes", fail).items()
    )
    attributes = tuple(
        _attribute(str(name), spec, fail) for name, spec in _mapping(raw, "attributes", fail).items()
    )
    attribute_names = {attribute.name for attribute in attributes}
    for attribute in attributes:
        if attribute.relative_to and attribute.relative_to not in attribute_names:
            raise fail(f"attributes.{attribute.name}.relative_to", f"no attribute {attribute.relative_to!r}")
        small = attribute.small_sizes_of
        if small is not None and small.attribute not in attribute_names:
            raise fail(
                f"attributes.{attribute.name}.small_sizes_of.attribute", f"no attribute {small.attribute!r}"
            )

    scope_names = {scope for scope, _ in scopes}
    named_only = tuple(str(v) for v in _list(raw.get("named_only_scopes"), "named_only_scopes", fail))
    for scope in named_only:
        if scope not in scope_names:
            raise fail("named_only_scopes", f"no scope {scope!r}")
    machines = tuple(str(v) for v in _list(raw.get("machine_scopes"), "machine_scopes", fail))
    for scope in machines:
        if scope not in scope_names:
            raise fail("machine_scopes", f"no scope {scope!r}")
    for attribute in attributes:
        if attribute.rented_scope is not None and attribute.rented_scope not in scope_names:
            raise fail(f"attributes.{attribute.name}.rented_scope", f"no scope {attribute.rented_scope!r}")
        for cue, scope in attribute.scoped_cues:
            if scope not in scope_names:
                raise fail(f"attributes.{attribute.name}.scoped_cues.{cue}", f"no scope {scope!r}")

    unit_exprs = dict(units)
    specs = _mapping(raw, "attributes", fail)
    attributes = tuple(
        replace(
            attribute,
            ceilings=_scope_ceilings(attribute, specs[attribute.name], scope_names, unit_exprs, fail),
        )
        for attribute in attributes
    )
    attribute_index = {attribute.name: attribute for attribute in attributes}

    def entity_ceilings(name: str, value: Any) -> tuple[tuple[str, float], ...]:
        key = f"entities.{name}.ceilings"
        ceilings = []
        for attribute_name, figure in _mapping(
            {"ceilings": value}, "ceilings", lambda _k, m: fail(key, m)
        ).items():
            attribute = attribute_index.get(str(attribute_name))
            if attribute is None:
                raise fail(f"{key}.{attribute_name}", f"no attribute {attribute_name!r}")
            ceilings.append(
                (attribute.name, _figure(figure, attribute, unit_exprs, f"{key}.{attribute_name}", fail))
            )
        return tuple(ceilings)

    entities = tuple(
        _entity(index, spec, fail, entity_ceilings)
        for index, spec in enumerate(_list(raw.get("entities"), "entities", fail))
    )
    names = [entity.name for entity in entities]
    for entity in entities:
        if entity.contains and entity.contains.entity not in names:
            raise fail(f"entities.{entity.name}.contains.entity", f"no entity {entity.contains.entity!r}")

    return KnowledgePack(
        name=str(raw.get("name", "unnamed")),
        version=str(raw.get("version", "0")),
        entities=entities,
        attributes=attributes,
        scopes=scopes,
        units=units,
        qualifiers=tuple((str(k), str(v)) for k, v in _mapping(raw, "qualifiers", fail).items()),
        vendor_prefixes=tuple(str(v) for v in _list(raw.get("vendor_prefixes"), "vendor_prefixes", fail)),
        name_cues=tuple(str(v) for v in _list(raw.get("name_cues"), "name_cues", fail)),
        machine_lines=tuple(str(v) for v in _list(raw.get("machine_lines"), "machine_lines", fail)),
        machine_prefixes=tuple(str(v) for v in _list(raw.get("machine_prefixes"), "machine_prefixes", fail)),
        precisions=tuple(str(v) for v in _list(raw.get("precisions"), "precisions", fail)),
        sparsity=_phrase_groups(raw, "sparsity", fail),
        measures=_phrase_groups(raw, "measures", fail),
        non_claim_words=tuple(str(v) for v in _list(raw.get("non_claim_words"), "non_claim_words", fail)),
        chip_links=tuple(str(v) for v in _list(raw.get("chip_links"), "chip_links", fail)),
        named_only_scopes=named_only,
        machine_scopes=machines,
        system_suffixes=_system_suffixes(raw, fail),
        not_products=_not_products(raw, fail),
        name_patterns=_name_patterns(raw, fail),
        placed_name_patterns=_name_patterns(raw, fail, "placed_name_patterns"),
        fingerprint=fingerprint,
    )


def _system_suffixes(raw: Mapping[str, Any], fail: Any) -> tuple[str, ...]:
    """Return the system_suffixes entries, each a regular expression that compiles."""
    entries = tuple(str(v).strip() for v in _list(raw.get("system_suffixes"), "system_suffixes", fail))
    for index, entry in enumerate(entries):
        try:
            re.compile(entry)
        except re.error as error:
            raise fail(f"system_suffixes[{index}]", f"invalid regular expression: {error}") from error
    return entries


def _not_products(raw: Mapping[str, Any], fail: Any) -> tuple[str, ...]:
    """Return the not_products entries: words, stems ("HBM*") and regular expressions ("re:Q[1-4]")."""
    entries = tuple(str(v).strip() for v in _list(raw.get("not_products"), "not_products", fail))
    for index, entry in enumerate(entries):
        if not entry.removeprefix("re:").rstrip("*"):
            raise fail(f"not_products[{index}]", "empty entry")
        if entry.startswith("re:"):
            try:
                re.compile(entry[3:])
            except re.error as error:
                raise fail(f"not_products[{index}]", f"invalid regular expression: {error}") from error
    return entries


def _name_patterns(
    raw: Mapping[str, Any], fail: Any, field_name: str = "name_patterns"
) -> tuple[tuple[str, str], ...]:
    """Return the entries of a list of name shapes as (kind, regular expression) pairs, checked."""
    patterns = []
    for index, entry in enumerate(_list(raw.get(field_name), field_name, fail)):
        key = f"{field_name}[{index}]"
        if not isinstance(entry, Mapping) or set(entry) != {"kind", "pattern"}:
            raise fail(key, "must be a mapping with a kind and a pattern")
        kind, pattern = str(entry["kind"]), str(entry["pattern"])
        if kind not in PRODUCT_KINDS:
            raise fail(f"{key}.kind", f"unknown product kind {kind!r} (known: {', '.join(PRODUCT_KINDS)})")
        try:
            re.compile(pattern)
        except re.error as error:
            raise fail(f"{key}.pattern", f"invalid regular expression: {error}") from error
        patterns.append((kind, pattern))
    return tuple(patterns)


def _mapping(raw: Mapping[str, Any], key: str, fail: Any) -> Mapping[Any, Any]:
    value = raw.get(key) or {}
    if not isinstance(value, Mapping):
        raise fail(key, "must be a mapping")
    return value


def _phrase_groups(raw: Mapping[str, Any], key: str, fail: Any) -> tuple[tuple[str, tuple[str, ...]], ...]:
    return tuple(
        (str(name), tuple(str(p) for p in _list(phrases, f"{key}.{name}", fail)))
        for name, phrases in _mapping(raw, key, fail).items()
    )


def _list(value: Any, key: str, fail: Any) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise fail(key, "must be a list")
    return value


def _attribute(name: str, spec: Any, fail: Any) -> Attribute:
    key = f"attributes.{name}"
    if not isinstance(spec, Mapping):
        raise fail(key, "must be a mapping")
    unknown = set(spec) - {
        "unit",
        "pint",
        "cues",
        "default",
        "relative_to",
        "count_scope",
        "additive",
        "holders",
        "needs_cue",
        "of_chip",
        "rented_scope",
        "scoped_cues",
        "ceilings",
        "small_sizes_of",
    }
    if unknown:
        raise fail(f"{key}.{sorted(unknown)[0]}", "unknown key")
    if "unit" not in spec:
        raise fail(f"{key}.unit", "missing")
    unit = str(spec["unit"])
    pint_expr = spec.get("pint")
    if unit not in ("date", "count"):
        if not pint_expr:
            raise fail(f"{key}.pint", "missing (the pint expression of the canonical unit)")
        if conversion_factor(str(pint_expr), str(pint_expr)) is None:
            raise fail(f"{key}.pint", f"pint does not understand the unit {pint_expr!r}")
        dimensionality(str(pint_expr))
    return Attribute(
        name=name,
        unit=unit,
        pint=str(pint_expr) if pint_expr else None,
        cues=tuple(str(cue) for cue in _list(spec.get("cues"), f"{key}.cues", fail)),
        default=bool(spec.get("default", False)),
        relative_to=spec.get("relative_to"),
        count_scope=spec.get("count_scope"),
        additive=bool(spec.get("additive", False)),
        holders=_holders(spec.get("holders"), f"{key}.holders", fail),
        needs_cue=bool(spec.get("needs_cue", False)),
        of_chip=bool(spec.get("of_chip", False)),
        rented_scope=str(spec["rented_scope"]) if spec.get("rented_scope") else None,
        scoped_cues=_scoped_cues(spec.get("scoped_cues"), f"{key}.scoped_cues", fail),
        small_sizes_of=_small_sizes(spec.get("small_sizes_of"), f"{key}.small_sizes_of", fail),
    )


def _small_sizes(value: Any, key: str, fail: Any) -> SmallSizes | None:
    if value is None:
        return None
    if not isinstance(value, Mapping) or set(value) != {"attribute", "units", "below"}:
        raise fail(key, "must be a mapping of attribute, units and below")
    units = tuple(str(unit) for unit in _list(value["units"], f"{key}.units", fail))
    for unit in units:
        if conversion_factor(unit, unit) is None:
            raise fail(f"{key}.units", f"pint does not understand the unit {unit!r}")
    below = value["below"]
    if isinstance(below, bool) or not isinstance(below, int | float):
        raise fail(f"{key}.below", "must be a number")
    return SmallSizes(str(value["attribute"]), units, float(below))


def _scoped_cues(value: Any, key: str, fail: Any) -> tuple[tuple[str, str], ...]:
    if value is None:
        return ()
    if not isinstance(value, Mapping):
        raise fail(key, "must be a mapping of cue word to scope")
    return tuple((str(cue), str(scope)) for cue, scope in value.items())


def _holders(value: Any, key: str, fail: Any) -> tuple[str, ...]:
    if value is None:
        return PRODUCT_KINDS
    kinds = tuple(str(kind) for kind in _list(value, key, fail))
    unknown = [kind for kind in kinds if kind not in ENTITY_KINDS]
    if unknown:
        raise fail(key, f"unknown entity kind {unknown[0]!r} (known: {', '.join(ENTITY_KINDS)})")
    return kinds


_FIGURE = re.compile(r"\s*(-?[\d,]*\.?\d+)\s*(.*?)\s*")


def _figure(value: Any, attribute: Attribute, units: Mapping[str, str], key: str, fail: Any) -> float:
    """Return a ceiling ("1 TB", "$500,000", or a bare number in the canonical unit) in the canonical unit."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    text = str(value).strip()
    prefix = next((surface for surface in ("US$", "$") if text.startswith(surface)), None)
    match = _FIGURE.fullmatch(text[len(prefix) :] if prefix else text)
    if match is None or attribute.pint is None:
        raise fail(key, f"expected a number and a unit, got {value!r}")
    surface = prefix or match.group(2)
    expr = units.get(surface) or next((e for s, e in units.items() if s.lower() == surface.lower()), None)
    factor = conversion_factor(expr, attribute.pint) if expr else (1.0 if not surface else None)
    if factor is None:
        raise fail(key, f"the unit {surface!r} is no unit of {attribute.name} ({attribute.unit})")
    return float(
        f"{float(match.group(1).replace(',', '')) * factor:.12g}"
    )  # 1 TB is 1000 GB, not 1000.0000000000001


def _scope_ceilings(
    attribute: Attribute, spec: Mapping[str, Any], scopes: set[str], units: Mapping[str, str], fail: Any
) -> tuple[tuple[str, float], ...]:
    """Return an attribute's ``ceilings`` as (scope, largest figure in the canonical unit) pairs."""
    key = f"attributes.{attribute.name}.ceilings"
    ceilings = []
    for scope, value in _mapping(spec, "ceilings", lambda _k, m: fail(key, m)).items():
        if scope not in scopes:
            raise fail(f"{key}.{scope}", f"no scope {scope!r}")
        ceilings.append((str(scope), _figure(value, attribute, units, f"{key}.{scope}", fail)))
    return tuple(ceilings)


def _entity(index: int, spec: Any, fail: Any, ceilings: Any = None) -> Entity:
    key = f"entities[{index}]"
    if not isinstance(spec, Mapping) or "name" not in spec:
        raise fail(key, "each entity needs at least a name")
    key = f"entities.{spec['name']}"
    unknown = set(spec) - {"name", "kind", "family", "aliases", "contains", "case_sensitive", "ceilings"}
    if unknown:
        raise fail(f"{key}.{sorted(unknown)[0]}", "unknown key")
    contains = spec.get("contains")
    containment = None
    if contains is not None:
        if not isinstance(contains, Mapping) or "entity" not in contains:
            raise fail(f"{key}.contains", "must be a mapping with an entity (and optional count)")
        containment = Containment(
            entity=str(contains["entity"]),
            count=contains.get("count"),
            own_config=bool(contains.get("own_config", False)),
        )
    aliases = tuple(str(alias) for alias in _list(spec.get("aliases"), f"{key}.aliases", fail))
    cased = spec.get("case_sensitive", False)
    if cased is True:
        case_sensitive: tuple[str, ...] = (str(spec["name"]), *aliases)
    elif cased is False:
        case_sensitive = ()
    else:
        case_sensitive = tuple(str(name) for name in _list(cased, f"{key}.case_sensitive", fail))
    try:
        return Entity(
            name=str(spec["name"]),
            kind=str(spec.get("kind", "product")),
            family=spec.get("family"),
            aliases=aliases,
            contains=containment,
            case_sensitive=case_sensitive,
            ceilings=ceilings(str(spec["name"]), spec["ceilings"]) if ceilings and "ceilings" in spec else (),
        )
    except ValueError as error:
        field_name = "case_sensitive" if "case_sensitive" in str(error) else "kind"
        raise fail(f"{key}.{field_name}", str(error)) from error
