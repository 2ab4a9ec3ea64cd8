"""The names of Word's WordprocessingML (``wordml.yaml``) and the on/off properties of its elements."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from factlint.sources.packaged import packaged_file
from factlint.sources.xmltree import XmlElement


@dataclass(frozen=True)
class WordKeys:
    """The names of ``wordml.yaml``."""

    zipped_suffixes: frozenset[str]
    document_member: str
    styles_member: str
    note_members: tuple[str, ...]
    namespace: str
    document_part: str
    skipped: frozenset[str]
    struck: frozenset[str]
    elements: dict[str, str]
    characters: dict[str, str]
    note_references: frozenset[str]
    struck_properties: frozenset[str]
    hidden_properties: frozenset[str]
    off_values: frozenset[str]
    heading_styles: re.Pattern[str]
    title_styles: frozenset[str]
    list_styles: frozenset[str]
    header_styles: frozenset[str]


@cache
def word_keys() -> WordKeys:
    """Return the packaged names of the WordprocessingML format."""
    known = packaged_file("factlint.sources", "wordml.yaml")
    return WordKeys(
        zipped_suffixes=frozenset(known.words("zipped_suffixes")),
        document_member=str(known.value("document_member")),
        styles_member=str(known.value("styles_member")),
        note_members=known.words("note_members"),
        namespace=str(known.value("namespace")),
        document_part=str(known.value("document_part")),
        skipped=frozenset(known.words("skipped")),
        struck=frozenset(known.words("struck")),
        elements=known.word_map("elements"),
        characters=known.word_map("characters"),
        note_references=frozenset(known.words("note_references")),
        struck_properties=frozenset(known.words("struck_properties")),
        hidden_properties=frozenset(known.words("hidden_properties")),
        off_values=frozenset(known.words("off_values")),
        heading_styles=re.compile("|".join(f"(?:{p})" for p in known.words("heading_styles")), re.IGNORECASE),
        title_styles=frozenset(known.words("title_styles")),
        list_styles=frozenset(known.words("list_styles")),
        header_styles=frozenset(known.words("header_styles")),
    )


def property_on(properties: XmlElement | None, names: frozenset[str], keys: WordKeys) -> bool:
    """Return True when one of the on/off properties ``names`` is on in ``properties``."""
    if properties is None:
        return False
    return any(
        child.tag in names and child.attrs.get("val", "true").strip().lower() not in keys.off_values
        for child in properties.elements()
    )


def child_element(element: XmlElement | None, tag: str) -> XmlElement | None:
    """Return the first child element of ``element`` named ``tag``, None when there is none."""
    if element is None:
        return None
    return next((child for child in element.elements() if child.tag == tag), None)
