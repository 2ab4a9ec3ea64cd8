"""Quantity objects and change records of data records: a figure with its unit in fields of its own.

APIs write a quantity as an object rather than a string: GraphQL and REST schemas
(``"capacity": {"value": 8, "unit": "GB"}``), schema.org ``QuantitativeValue`` (``value``/``unitCode``),
money objects (``amount``/``currency``). The unit is often an enum spelling (``GB_PER_S``,
``TERA_FLOPS``) or a UN/CEFACT code (``E34``). Such an object is one field of the record holding it:
its text is "8 GB" under the object's key, at the value's place. A record that counts something in an
object of its own (``"cores": {"kind": "TENSIX", "count": 96}``) states that count under the key.

Change records (``{"field": "memory.bandwidth", "old": "118.4", "new": "102.4"}``, an audit log's or
an issue tracker's ``from``/``to``) state the record's current value of the field they name; the old
value is superseded and states nothing.
"""

from __future__ import annotations

import re
from functools import cache

import yaml

from factlint.sources.packaged import packaged_file

_ENUM_BREAK = re.compile(r"[_\s]+")
_NUMERIC = re.compile(r"[~$≈<>+\-]?\s?\d")
YAML_NULLS = frozenset({"", "null", "~"})  # the texts of a JSON or YAML null
# and "none", an enum unit's word for no unit ("unit": "NONE")
_NULLS = YAML_NULLS | {"none"}


def quantity_text(node: yaml.Node) -> yaml.ScalarNode | None:
    """Return the value scalar of a quantity object (``{"value": 8, "unit": "GB"}``) with its text
    made "8 GB" (the unit spelled as text), else None: an object holding one value key, one unit key
    and nothing else but term fields (``precision``, ``sparsity``)."""
    if not isinstance(node, yaml.MappingNode):
        return None
    value = unit = None
    for key, field in node.value:
        if not isinstance(key, yaml.ScalarNode) or not isinstance(field, yaml.ScalarNode):
            return None
        name = str(key.value).lower()
        if name in _keys("value_keys"):
            value = field
        elif name in _keys("unit_keys"):
            unit = field
        elif name not in _keys("term_keys"):
            return None
    if value is None or unit is None or not _NUMERIC.match(str(value.value)):
        return None
    return _with_unit(value, str(unit.value))


def unit_merged(node: yaml.MappingNode) -> dict[int, yaml.ScalarNode]:
    """Return, for a record holding a value key and a unit key among other fields (a ``peak`` entry
    with its ``precision``), the index of its value field mapped to the value with its unit as text,
    and the index of its unit field mapped to an empty scalar; {} for any other record."""
    value_at = unit_at = None
    for index, (key, field) in enumerate(node.value):
        if isinstance(key, yaml.ScalarNode) and isinstance(field, yaml.ScalarNode):
            name = str(key.value).lower()
            if name in _keys("value_keys") and _NUMERIC.match(str(field.value)):
                value_at = index
            elif name in _keys("unit_keys"):
                unit_at = index
    if value_at is None or unit_at is None:
        return {}
    value = node.value[value_at][1]
    unit = node.value[unit_at][1]
    assert isinstance(value, yaml.ScalarNode) and isinstance(unit, yaml.ScalarNode)
    return {value_at: _with_unit(value, str(unit.value)), unit_at: _blank(unit)}


def counted_object(node: yaml.Node) -> yaml.ScalarNode | None:
    """Return the count of an object that only counts something of its record (``"cores": {"kind":
    "TENSIX", "count": 96}``): one count key, other fields words; None for a self-named part
    (``{"model": ..., "count": 8}``) or an object with other figures (a port list entry)."""
    if not isinstance(node, yaml.MappingNode):
        return None
    count = None
    for key, field in node.value:
        if not isinstance(key, yaml.ScalarNode) or not isinstance(field, yaml.ScalarNode):
            return None
        name = str(key.value).lower()
        if name in _keys("count_keys") and str(field.value).isdigit():
            count = field
        elif name in _keys("name_keys") or _NUMERIC.match(str(field.value)):
            return None
    return count


def unit_words(unit: str) -> str:
    """Return a unit field's spelling as unit text: ``GB_PER_S`` -> "GB/s", ``TERA_FLOPS`` ->
    "TFLOPS", ``E34`` -> "GB"; a spelling already written as text ("GiB", "TB/s") is kept."""
    spelled = _unit_spellings()
    whole = spelled.get(unit.strip().upper())
    if whole is not None:
        return whole
    if "_" not in unit:
        return unit.strip()
    return "".join(spelled.get(word.upper(), word) for word in _ENUM_BREAK.split(unit.strip()) if word)


def change_parts(node: yaml.Node) -> tuple[str, yaml.ScalarNode] | None:
    """Return (field path, new value) of a change record (``{"field": "tdpWatts", "old": "300",
    "new": "350"}``), else None."""
    if not isinstance(node, yaml.MappingNode):
        return None
    path = new = None
    for key, field in node.value:
        if not isinstance(key, yaml.ScalarNode) or not isinstance(field, yaml.ScalarNode):
            continue
        name = str(key.value).lower()
        if name in _keys("change_field_keys"):
            path = str(field.value).strip()
        elif name in _keys("change_new_keys"):
            new = field
    if not path or new is None or is_null(str(new.value)):
        return None
    return path, new


def is_change_list(node: yaml.Node) -> bool:
    """Return True for a list of change records (a record's ``revisions`` or ``history``)."""
    return (
        isinstance(node, yaml.SequenceNode)
        and bool(node.value)
        and all(change_parts(item) is not None for item in node.value)
    )


def changed_value(record: yaml.MappingNode, path: str, new: yaml.ScalarNode) -> yaml.ScalarNode:
    """Return a change's new value with the unit of the field it changes, when the record writes
    that field as a quantity object (``memory.bandwidth`` -> ``{"value": ..., "unit": "GB_PER_S"}``);
    else the new value as written."""
    target: yaml.Node = record
    for step in path.split("."):
        if not isinstance(target, yaml.MappingNode):
            return new
        found = next(
            (field for key, field in target.value if isinstance(key, yaml.ScalarNode) and key.value == step),
            None,
        )
        if found is None:
            return new
        target = found
    quantity = quantity_text(target)
    if quantity is None or " " not in str(quantity.value):
        return new
    return _with_unit(new, str(quantity.value).split(" ", 1)[1])


def is_null(text: str) -> bool:
    """Return True for a JSON or YAML null's text ("null", "~") or an empty one."""
    return text.strip().lower() in _NULLS


def _with_unit(value: yaml.ScalarNode, unit: str) -> yaml.ScalarNode:
    """Return a copy of scalar ``value`` whose text carries ``unit`` after it, at the same place."""
    words = unit_words(unit)
    text = f"{value.value} {words}" if words and not is_null(words) else str(value.value)
    return yaml.ScalarNode(value.tag, text, value.start_mark, value.end_mark, value.style)


def _blank(node: yaml.ScalarNode) -> yaml.ScalarNode:
    return yaml.ScalarNode(node.tag, "", node.start_mark, node.end_mark, node.style)


@cache
def _keys(group: str) -> frozenset[str]:
    return frozenset(key.lower() for key in packaged_file("factlint.sources", "datakeys.yaml").words(group))


@cache
def _unit_spellings() -> dict[str, str]:
    spelled = packaged_file("factlint.sources", "datakeys.yaml").word_map("unit_spellings")
    return {key.upper(): value for key, value in spelled.items()}
