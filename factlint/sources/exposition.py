"""Metrics exposition text (Prometheus text format, OpenMetrics) read as records of the devices it samples.

An exporter's page is a run of ``# HELP``/``# TYPE``/``# UNIT`` comments and samples::

    # HELP accel_memory_total_bytes Total device memory in bytes.
    accel_memory_total_bytes{model="X1",device="0"} 1.7179869184e+10

A sample whose metric states an attribute (its name's words, ``exposition.yaml``) in a known unit
(the name's unit suffix, else the unit its ``# HELP`` text names) and whose labels name a model or
a machine becomes a TABLE_ROW of two cells: the name, and the value as written with its unit's word
("1.03079215104e+11 bytes", "600000 mW"), anchored at the value in the file. Everything else (used memory,
temperatures, clocks, info metrics, samples of a partition) reads nothing.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

import yaml

from factlint.models import Block
from factlint.sources.datablocks import comment_blocks, record_block

EXPOSITION_SUFFIXES = frozenset({".prom", ".metrics"})

_NAME = r"[A-Za-z_:][A-Za-z0-9_:]*"
_NUMBER = r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|[+-]?Inf|NaN"
_TIMESTAMP = r"(?:[ \t]+-?\d+(?:\.\d+)?)?"
_SAMPLE = re.compile(
    rf"(?P<name>{_NAME})(?:\{{(?P<labels>[^{{}}]*)\}})?[ \t]+(?P<value>{_NUMBER}){_TIMESTAMP}[ \t]*"
)
_LABEL = re.compile(r'(?P<key>[A-Za-z_][A-Za-z0-9_]*)\s*=\s*"(?P<value>(?:[^"\\]|\\.)*)"')
_COMMENT = re.compile(rf"#[ \t]+(?P<kind>HELP|TYPE|UNIT)[ \t]+(?P<name>{_NAME})(?:[ \t]+(?P<text>.*))?")
_WORD_BREAK = re.compile(r"[_:]+|(?<=[a-z0-9])(?=[A-Z])")
# "in bytes", "(in MiB)", "(W)", "in FLOP/s", "in bytes per second": a unit word, with its rate
_HELP_UNIT = re.compile(
    r"\bin[ \t]+(?P<in>[A-Za-z]+(?:/s\b|[ \t]+per[ \t]+second\b)?)"
    r"|\((?:in[ \t]+)?(?P<bracket>[A-Za-z]+(?:/s)?)\)"
)
_WORD = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True)
class MetricAttribute:
    """An attribute a metric name can state: the words it needs and refuses, its row header and unit kind."""

    name: str
    all_of: tuple[frozenset[str], ...]
    none_of: frozenset[str]
    header: str
    unit: str
    ends: frozenset[str] = frozenset()


@dataclass(frozen=True)
class ExpositionKnowledge:
    """The unit suffixes, attribute words and label keys of ``exposition.yaml``."""

    unit_suffixes: dict[str, str]
    help_units: dict[str, str]
    attributes: tuple[MetricAttribute, ...]
    model_labels: frozenset[str]
    machine_labels: frozenset[str]
    machine_attributes: frozenset[str]
    partition_labels: frozenset[str]
    machine_nouns: frozenset[str]
    unit_words: dict[str, str]
    unit_kinds: dict[str, frozenset[str]]
    precision_labels: frozenset[str]
    sparsity_phrases: tuple[tuple[str, tuple[str, ...]], ...]
    hourly_words: frozenset[str]
    hourly_phrases: tuple[str, ...]
    reading_words: frozenset[str]


@dataclass(frozen=True)
class Sample:
    """One sample line: its metric name, labels (key, value, 0-based column of the value) and value."""

    name: str
    labels: tuple[tuple[str, str, int], ...]
    value: float
    value_column: int
    text: str  # the value as written: "1.03079215104e+11"


@cache
def exposition_knowledge() -> ExpositionKnowledge:
    """Return the knowledge of ``exposition.yaml``, read once."""
    text = resources.files("factlint.sources").joinpath("exposition.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    attributes = tuple(
        MetricAttribute(
            name,
            tuple(frozenset(str(word) for word in words) for words in entry["all_of"]),
            frozenset(str(word) for word in entry["none_of"]),
            str(entry["header"]),
            str(entry["unit"]),
            frozenset(str(word) for word in entry.get("ends") or ()),
        )
        for name, entry in data["attributes"].items()
    )
    return ExpositionKnowledge(
        unit_suffixes={str(key): str(value) for key, value in data["unit_suffixes"].items()},
        help_units={str(key).lower(): str(value) for key, value in data["help_units"].items()},
        attributes=attributes,
        model_labels=frozenset(str(key).lower() for key in data["model_labels"]),
        machine_labels=frozenset(str(key).lower() for key in data["machine_labels"]),
        machine_attributes=frozenset(str(key) for key in data["machine_attributes"]),
        partition_labels=frozenset(str(key).lower() for key in data["partition_labels"]),
        machine_nouns=frozenset(str(key).lower() for key in data["machine_nouns"]),
        unit_words={str(key): str(value) for key, value in data["unit_words"].items()},
        unit_kinds={
            str(key): frozenset(str(unit) for unit in units) for key, units in data["unit_kinds"].items()
        },
        precision_labels=frozenset(str(key).lower() for key in data["precision_labels"]),
        sparsity_phrases=tuple(
            (str(kind), tuple(str(phrase).lower() for phrase in phrases))
            for kind, phrases in data["sparsity_phrases"].items()
        ),
        hourly_words=frozenset(str(word).lower() for word in data["hourly_words"]),
        hourly_phrases=tuple(str(phrase).lower() for phrase in data["hourly_phrases"]),
        reading_words=frozenset(str(word).lower() for word in data["reading_words"]),
    )


def parse_sample(line: str) -> Sample | None:
    """Return the sample a line of exposition text holds, or None if it is no sample."""
    stripped = line.strip()
    match = _SAMPLE.fullmatch(stripped)
    if match is None:
        return None
    margin = len(line) - len(line.lstrip())
    labels = tuple(
        (label.group("key"), label.group("value"), margin + match.start("labels") + label.start("value"))
        for label in _LABEL.finditer(match.group("labels") or "")
    )
    value = match.group("value")
    number = float(value.replace("Inf", "inf").replace("NaN", "nan"))
    return Sample(match.group("name"), labels, number, margin + match.start("value"), value)


def is_exposition(lines: Sequence[str], first: int = 0, last: int | None = None) -> bool:
    """Return True when every non-blank line from ``first`` to ``last`` (0-based, exclusive) is an
    exposition comment or sample, with at least one sample and one ``# TYPE``/``# HELP`` line or
    labelled sample (a bare ``step 3`` alone is no exposition)."""
    end = len(lines) if last is None else last
    samples = 0
    marked = False
    for line in lines[first:end]:
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("#"):
            marked = marked or _COMMENT.fullmatch(stripped) is not None
            continue
        sample = parse_sample(line)
        if sample is None:
            return False
        samples += 1
        marked = marked or bool(sample.labels)
    return samples > 0 and marked


def name_words(name: str) -> tuple[str, ...]:
    """Return a metric name's words, lower-case: "DCGM_FI_DEV_FB_TOTAL" -> dcgm, fi, dev, fb, total."""
    return tuple(word.lower() for word in _WORD_BREAK.split(name) if word)


def metric_attribute(name: str, knowledge: ExpositionKnowledge) -> MetricAttribute | None:
    """Return the attribute a metric name states, or None."""
    ordered = name_words(name)
    words = set(ordered)
    for attribute in knowledge.attributes:
        if words & attribute.none_of:
            continue
        if attribute.ends and (not ordered or ordered[-1] not in attribute.ends):
            continue
        if all(words & group for group in attribute.all_of):
            return attribute
    return None


def metric_unit(name: str, help_text: str | None, knowledge: ExpositionKnowledge) -> str | None:
    """Return the unit a metric's name ends in, else the one its ``# HELP`` text names, or None."""
    raw = [word for word in re.split(r"[_:]+", name) if word]  # "power_mW": the case tells mW from MW
    for size in (3, 2, 1):  # "_bytes_per_second" before "_second"
        if len(raw) < size:
            continue
        last = "_".join(raw[-size:])
        for key in (last, last.lower()):
            if key in knowledge.unit_suffixes and (key == last or last.lower() != "mw"):
                return knowledge.unit_suffixes[key]
    for match in _HELP_UNIT.finditer(help_text or ""):
        word = re.sub(r"[ \t]+", " ", match.group("in") or match.group("bracket") or "").lower()
        if word in knowledge.help_units:
            return knowledge.help_units[word]
    return None


def exposition_rows(
    lines: Sequence[str], first: int, last: int, headings: tuple[str, ...], label: str | None
) -> list[Block]:
    """Return a TABLE_ROW for each sample between 0-based lines ``first`` and ``last`` that states an
    attribute of a named model or machine (``label``: the paragraph above the samples)."""
    knowledge = exposition_knowledge()
    helps: dict[str, str] = {}
    units: dict[str, str] = {}
    rows: list[Block] = []
    for index in range(first, last):
        stripped = lines[index].strip()
        comment = _COMMENT.fullmatch(stripped)
        if comment is not None:
            target = (
                helps
                if comment.group("kind") == "HELP"
                else units
                if comment.group("kind") == "UNIT"
                else None
            )
            if target is not None:
                target[comment.group("name")] = comment.group("text") or ""
            continue
        if stripped.startswith("#"):
            # a writer's own comment ("# Lab notes: the H100 nodes draw 700 W") is prose at its place
            rows.extend(comment_blocks(lines, index, index + 1, headings, label))
            continue
        sample = parse_sample(lines[index])
        if sample is None or not math.isfinite(sample.value):
            continue
        row = _sample_row(sample, index, helps, units, knowledge, headings, label)
        if row is not None:
            rows.append(row)
    return rows


def _sample_row(
    sample: Sample,
    index: int,
    helps: dict[str, str],
    units: dict[str, str],
    knowledge: ExpositionKnowledge,
    headings: tuple[str, ...],
    label: str | None,
) -> Block | None:
    attribute = metric_attribute(sample.name, knowledge)
    if attribute is None:
        return None
    family = _family(sample.name, helps)
    if family != sample.name and not sample.name.endswith("_total"):
        return None  # a histogram's or summary's "_count", "_sum", "_bucket": no figure of a device
    help_text = helps.get(family, "")
    unit = metric_unit(sample.name, help_text, knowledge) or metric_unit(
        units.get(family, ""), None, knowledge
    )
    if attribute.unit == "count":
        if unit is not None or not sample.value.is_integer():
            return None
    elif unit is None or unit not in knowledge.unit_kinds[attribute.unit]:
        return None
    keyed = {key.lower(): (value, column) for key, value, column in sample.labels}
    if any(keyed.get(key, ("", 0))[0] for key in knowledge.partition_labels):
        return None  # "1g.6gb": a slice of the device, not the device
    if _is_state_reading(help_text, keyed, knowledge):
        return None
    named = next((key for key in keyed if key in knowledge.model_labels and keyed[key][0]), None)
    machine = None
    if named is None:
        named = next((key for key in keyed if key in knowledge.machine_labels and keyed[key][0]), None)
        if named is None or attribute.name not in knowledge.machine_attributes:
            return None
        if not _is_model_name(keyed[named][0]):
            machine = _machine_phrase(label or "", knowledge)
            if machine is None:
                return None
    header = _sample_header(attribute, help_text, keyed, knowledge)
    # the value as written, then its unit's word: a claim's text starts where the file has it
    text = (
        sample.text
        if unit is None
        else f"{sample.text} {_unit_word(attribute, unit, sample.name, help_text, knowledge)}"
    )
    value = (text, index + 1, sample.value_column + 1)
    if machine is not None:
        # a host name ("dgx-f1") is no product: the row is the named machine's, given by its label
        return record_block((header,), [value], headings, machine)
    name, name_column = keyed[named]
    return record_block((named, header), [(name, index + 1, name_column + 1), value], headings, None)


def _is_model_name(value: str) -> bool:
    """Return True when a machine label's value is written as a model's name ("HLS-Gaudi2",
    "Tarnwell TX-4U", "G6e"), not as a host name or address ("gpu-a07", "inv-exporter:9427")."""
    return ":" not in value and (" " in value.strip() or any(character.isupper() for character in value))


def _is_state_reading(
    help_text: str, labels: dict[str, tuple[str, int]], knowledge: ExpositionKnowledge
) -> bool:
    """Return True when a label value or the HELP text puts the sample in a state (idle, standby):
    a reading of that state, not a rating."""
    words = set(_WORD.findall(help_text.lower()))
    for value, _ in labels.values():
        words.update(_WORD.findall(value.lower()))
    return bool(words & knowledge.reading_words)


def _sample_header(
    attribute: MetricAttribute,
    help_text: str,
    labels: dict[str, tuple[str, int]],
    knowledge: ExpositionKnowledge,
) -> str:
    """Return the header of a sample's record: the attribute's, after a throughput's sparsity (from
    its HELP text) and number format (from a precision label): "dense FP16 compute"."""
    if attribute.unit != "compute":
        return attribute.header
    parts: list[str] = []
    lowered = help_text.lower()
    sparsity = next(
        (
            kind
            for kind, phrases in knowledge.sparsity_phrases
            if any(_has_phrase(lowered, p) for p in phrases)
        ),
        None,
    )
    if sparsity is not None:
        parts.append(sparsity)
    precision = next(
        (labels[key][0] for key in labels if key in knowledge.precision_labels and labels[key][0]), None
    )
    if precision is not None:
        parts.append(precision.upper())
    return " ".join([*parts, attribute.header])


def _has_phrase(text: str, phrase: str) -> bool:
    """Return True when ``phrase`` stands in ``text`` as whole words."""
    return re.search(rf"(?<![a-z0-9]){re.escape(phrase)}(?![a-z0-9])", text) is not None


def _unit_word(
    attribute: MetricAttribute, unit: str, name: str, help_text: str, knowledge: ExpositionKnowledge
) -> str:
    """Return the word a value is written with: the unit's, "USD/hour" for a price the name or
    HELP text gives per hour."""
    word = knowledge.unit_words[unit]
    if attribute.unit == "money":
        lowered = help_text.lower()
        if set(name_words(name)) & knowledge.hourly_words or any(
            _has_phrase(lowered, phrase) for phrase in knowledge.hourly_phrases
        ):
            return f"{word}/hour"
    return word


def _family(name: str, helps: dict[str, str]) -> str:
    """Return the metric family a sample belongs to: its name, or the name without a histogram's or
    counter's suffix when only that has a ``# HELP``."""
    if name in helps:
        return name
    for suffix in ("_total", "_sum", "_count", "_bucket", "_created", "_info"):
        if name.endswith(suffix) and name[: -len(suffix)] in helps:
            return name[: -len(suffix)]
    return name


def _machine_phrase(paragraph: str, knowledge: ExpositionKnowledge) -> str | None:
    """Return the machine name a paragraph gives its nodes ("rack C9 holding two X nodes" -> "X"), or None."""
    words = paragraph.replace("`", " ").replace(",", " , ").replace("(", " ( ").replace(")", " ) ").split()
    for position, word in enumerate(words):
        if word.lower().strip(":;.") not in knowledge.machine_nouns or position == 0:
            continue
        start = position
        while start > 0 and start > position - 3 and _name_word(words[start - 1]):
            start -= 1
        if start < position:
            return " ".join(words[start:position])
    return None


def _name_word(word: str) -> bool:
    """Return True for a word that can be part of a product name: one with a capital or a digit."""
    return any(character.isupper() or character.isdigit() for character in word) and word not in ",()"
