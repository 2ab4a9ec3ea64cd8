"""XLIFF translation files read as segments of a source text and its translation (decision 0262).

An XLIFF file (1.2: ``<file>``/``<trans-unit>``/``<source>``/``<target>``; 2.0: ``<file>``/``<unit>``/
``<segment>``/``<source>``/``<target>``) is what translation tools exchange: each unit holds a piece of
a document in the source language and its translation. Like a gettext catalogue's strings (decision
0226), every source and target is a paragraph of its own at the line it starts on, read in its own
language's number notation: the source in the source language's (``srcLang``, ``source-language``),
the target in the target language's (``trgLang``, ``target-language``), an element's own ``xml:lang``
first. Inline codes that stand for native markup (``<ph/>``, ``<bpt>``...) are not text and are
left out; codes that wrap text (``<pc>``, ``<g>``, ``<mrk>``) keep it. Notes a translator or reviewer
left are read as prose in the source language. The original data of codes and proposed alternative
translations are never read. A ``<file>``'s ``original`` names the document translated
(``ucs-x9-brief-rev3.docx``): its name is a heading over the file's units, so the product a brief is
about owns the figures its segments give without naming it, as a page's title does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from factlint.models import Block, BlockKind
from factlint.sources.blocks import anchored_block, make_block
from factlint.sources.htmltext import AnchoredText
from factlint.sources.packaged import packaged_file
from factlint.sources.pocatalogue import catalogue_keys
from factlint.sources.suffixrules import SuffixRule
from factlint.sources.xmltree import XmlDocument, XmlElement, XmlSyntaxError, depth_problems, parse_xml_tree

# The root element of an XLIFF file, after the declaration, comments and white space.
_XLIFF_ROOT = re.compile(r"\A\ufeff?\s*(?:<\?xml[^>]*>\s*)?(?:<!--.*?-->\s*)*<(?:\w+:)?xliff[\s>]", re.DOTALL)
# The word separators of a file name ("dgx-b200_sheet"), each read as a space.
_SEPARATORS = re.compile(r"[-_]")


@dataclass(frozen=True)
class XliffKeys:
    """The suffixes and element and attribute names of ``xliff.yaml``, lower case."""

    suffixes: SuffixRule
    texts: frozenset[str]
    notes: frozenset[str]
    codes: frozenset[str]
    skipped: frozenset[str]
    source_attributes: tuple[str, ...]
    target_attributes: tuple[str, ...]
    own_language: str
    file: str
    original: str


@cache
def xliff_keys() -> XliffKeys:
    """Return the XLIFF knowledge of ``xliff.yaml``."""
    known = packaged_file("factlint.sources", "xliff.yaml")
    return XliffKeys(
        suffixes=SuffixRule.from_file(known),
        texts=known.folded_words("texts"),
        notes=known.folded_words("notes"),
        codes=known.folded_words("codes"),
        skipped=known.folded_words("skipped"),
        source_attributes=tuple(word.lower() for word in known.words("source_language_attributes")),
        target_attributes=tuple(word.lower() for word in known.words("target_language_attributes")),
        own_language=str(known.value("own_language_attribute")).lower(),
        file=str(known.value("file_element")).lower(),
        original=str(known.value("original_attribute")).lower(),
    )


def is_xliff(text: str, suffix: str) -> bool:
    """Return True if the document is an XLIFF file: by its suffix, or (an ``.xml`` or ``.txt`` file
    or one without a suffix) by its root element ``<xliff>``."""
    by_suffix = xliff_keys().suffixes.decides(suffix)
    if by_suffix is not None:
        return by_suffix
    return "xliff" in text[:4096] and _XLIFF_ROOT.match(text[:4096]) is not None


def read_xliff(text: str, first_line: int = 1) -> XmlDocument:
    """Return the blocks of an XLIFF file: a paragraph per source, target and note, each carrying the
    decimal notation of its language; or an error naming the line where the XML is malformed."""
    try:
        root = parse_xml_tree(text, first_line)
    except XmlSyntaxError as error:
        return XmlDocument(error=str(error))
    blocks: list[Block] = []
    _walk(root, xliff_keys(), ("", ""), blocks)
    return XmlDocument(tuple(blocks), None, problems=depth_problems(root))


def _file_heading(element: XmlElement, keys: XliffKeys) -> Block | None:
    """Return the heading a ``<file>`` element's ``original`` makes: the name of the document translated
    without its folders, suffix and word separators ("docs/dgx-b200_sheet.docx" reads "dgx b200 sheet"),
    placed where the name stands; None when the element names no document."""
    runs = element.places.get(keys.original) if element.tag == keys.file else None
    if not runs or len(runs) != 1:
        return None  # none, or a name with references or white space in it: no file name
    run = runs[0]
    start = max(run.text.rfind("/"), run.text.rfind("\\")) + 1
    stem = run.text[start:].rsplit(".", 1)[0]  # the name without its suffix
    name = _SEPARATORS.sub(" ", stem)  # one space per separator, so columns stay the file's
    if not name.strip():
        return None
    lead = len(name) - len(name.lstrip())
    return make_block(BlockKind.HEADING, name.strip(), run.line, run.column + start + lead)


def _walk(
    element: XmlElement,
    keys: XliffKeys,
    languages: tuple[str, str],
    blocks: list[Block],
    headings: tuple[str, ...] = (),
) -> None:
    """Add the paragraphs below ``element`` to ``blocks``; ``languages`` are the (source, target)
    languages named by the elements around it ("" when none is), ``headings`` the file names over it."""
    source = _attribute(element, keys.source_attributes) or languages[0]
    target = _attribute(element, keys.target_attributes) or languages[1]
    heading = _file_heading(element, keys)
    if heading is not None:
        blocks.append(heading)
        headings = (heading.text,)
    for child in element.elements():
        if child.tag in keys.skipped:
            continue
        if child.tag in keys.texts or child.tag in keys.notes:
            named = target if child.tag == "target" else source
            language = child.attrs.get(keys.own_language) or named
            block = _paragraph(child, keys, language, headings)
            if block is not None:
                blocks.append(block)
            continue
        _walk(child, keys, (source, target), blocks, headings)


def _attribute(element: XmlElement, names: tuple[str, ...]) -> str:
    """Return the first of the attributes ``names`` that ``element`` carries, or ""."""
    return next((element.attrs[name] for name in names if element.attrs.get(name)), "")


def _paragraph(
    element: XmlElement, keys: XliffKeys, language: str, headings: tuple[str, ...]
) -> Block | None:
    """Return the paragraph of a text element without its native codes, in ``language``'s notation
    (None: the document's); None when it holds no text."""
    pieces: list[tuple[str, int, int]] = []
    for run in element.runs(skipped=keys.codes):  # native inline codes left out
        parts = run.text.split("\n")
        for index, part in enumerate(parts):
            # a line break reads as a space, standing at the end of the line it ends
            spaced = part if index == len(parts) - 1 else part + " "
            if spaced:
                pieces.append((spaced, run.line + index, run.column if index == 0 else 1))
    text = "".join(part for part, _, _ in pieces)
    if not text.strip():
        return None
    anchors, offset = [], 0
    for part, line, column in pieces:
        anchors.append((offset, line, column))
        offset += len(part)
    anchored = AnchoredText(text, tuple(anchors))
    start = len(text) - len(text.lstrip())
    anchored = anchored.slice(start, len(text.rstrip()))
    notation = catalogue_keys().comma_decimal(language) if language else None
    return anchored_block(BlockKind.PARAGRAPH, anchored, headings, decimal_comma=notation)
