"""gettext PO catalogues read as entries of a source string and its translation (decision 0226).

A catalogue (``.po``, a template ``.pot``) is a list of entries separated by blank lines: optional
comments (``#`` translator, ``#.`` extracted, ``#:`` source references, ``#,`` flags, ``#|`` the
previous source string), an optional ``msgctxt``, the source string ``msgid`` (and ``msgid_plural``)
and the translation ``msgstr`` (or ``msgstr[n]``), each a run of double-quoted pieces that are one
string. The first entry, with an empty ``msgid``, is the header: its ``Language:`` field names the
translation's language.

Each string is a paragraph of its own at the line it starts on: the translation restates the source
string, so both state the figures. The source string is written in the source language's notation
(English: ``1,835 TFLOPS``, ``1.23 TB/s``) and the translation in its language's (German:
``1.835 TFLOPS``, ``1,23 TB/s``), so each paragraph carries its own decimal notation rather than
the document's one guess. The context ``msgctxt`` is a heading over the entry's strings: it can
name what the strings are about (``price:kr.max1100.1x``). Comments are instructions and
bookkeeping, not content, and are dropped, as are obsolete ``#~`` entries. A ``fuzzy`` entry's
translation was made for an older source string: its figures that the current source string no
longer states are stale and blanked out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from factlint.models import Block, BlockKind
from factlint.sources.blocks import anchored_block
from factlint.sources.htmltext import AnchoredText, join
from factlint.sources.packaged import packaged_file
from factlint.sources.suffixrules import SuffixRule

_KEYWORD = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)[ \t]+(?=\")")
_PIECE = re.compile(r'[ \t]*"((?:\\.|[^"\\])*)"[ \t]*$')
# escapes replaced by as many characters, so that offsets into a piece stay offsets into the file
_ESCAPES = {"\\n": "  ", "\\t": "  ", '\\"': ' "', "\\\\": " \\"}
_ESCAPE = re.compile(r"\\.")
# a figure standing on its own: not the digits of a name ("A6000", "H100")
_FIGURE = re.compile(r"(?<![\w.,])\d+(?:[.,\u202f\u00a0]\d+)*")


@dataclass(frozen=True)
class CatalogueKeys:
    """The suffixes, header field, flag and locale notation lists of ``pocatalogue.yaml``."""

    suffixes: SuffixRule
    language_field: str
    stale_flag: str
    comma_languages: frozenset[str]
    point_locales: frozenset[str]
    source_language: str

    def comma_decimal(self, locale: str) -> bool:
        """Return True if ``locale`` ("de", "pt_BR", "de-CH.UTF-8") writes decimal commas."""
        name = re.split(r"[.@]", locale.strip())[0].replace("-", "_")
        if name.lower() in self.point_locales:
            return False
        return name.split("_")[0].lower() in self.comma_languages


@cache
def catalogue_keys() -> CatalogueKeys:
    """Return the catalogue knowledge of ``pocatalogue.yaml``."""
    known = packaged_file("factlint.sources", "pocatalogue.yaml")
    return CatalogueKeys(
        suffixes=SuffixRule.from_file(known),
        language_field=str(known.value("language_field")),
        stale_flag=str(known.value("stale_flag")),
        comma_languages=known.folded_words("comma_decimal_languages"),
        point_locales=known.folded_words("point_decimal_locales"),
        source_language=str(known.value("source_language")),
    )


def is_po_catalogue(lines: Sequence[str], suffix: str) -> bool:
    """Return True if the document is a PO catalogue: by its suffix, or (a ``.txt`` file or one
    without a suffix) by its first line of content opening an entry and a ``msgstr`` line below it."""
    by_suffix = catalogue_keys().suffixes.decides(suffix)
    if by_suffix is not None:
        return by_suffix
    for index, line in enumerate(lines):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if not stripped.startswith(("msgid ", "msgctxt ")):
            return False
        return any(later.startswith("msgstr") for later in lines[index + 1 : index + 40])
    return False


@dataclass
class _Entry:
    """One entry as read so far: its flags, context and strings (keyword, pieces)."""

    flags: set[str] = field(default_factory=set)
    context: list[AnchoredText] = field(default_factory=list)
    strings: list[tuple[str, list[AnchoredText]]] = field(default_factory=list)

    def string(self, keyword: str) -> str:
        """Return the text of the first string of ``keyword`` ("msgid"), or ""."""
        for name, pieces in self.strings:
            if name == keyword:
                return "".join(piece.text for piece in pieces)
        return ""


def parse_po_catalogue(lines: Sequence[str], body_line: int = 1) -> list[Block]:
    """Return the blocks of a catalogue: a paragraph per non-empty source string and translation,
    under the entry's context, each carrying the decimal notation of its language."""
    keys = catalogue_keys()
    entries = _entries(lines, body_line)
    target: bool | None = None
    blocks: list[Block] = []
    source = keys.comma_decimal(keys.source_language)
    for entry in entries:
        if entry.string("msgid") == "" and not entry.context:
            target = _header_notation(entry.string("msgstr"), keys)
            continue
        heading = "".join(piece.text for piece in entry.context).strip()
        headings = (heading,) if heading else ()
        stale = keys.stale_flag in entry.flags
        figures = _figures(entry.string("msgid"), source) if stale else set()
        for keyword, pieces in entry.strings:
            translated = keyword.startswith("msgstr")
            if keyword == "msgid_plural" or not pieces:
                continue  # the plural source restates the singular one with a placeholder
            notation = target if translated else source
            text, anchors, _ = join(pieces, "")
            if not text.strip():
                continue
            if translated and stale:
                text = _without_stale(text, figures, bool(notation))
            blocks.append(
                anchored_block(
                    BlockKind.PARAGRAPH,
                    AnchoredText(text, tuple(anchors)),
                    headings,
                    decimal_comma=notation,
                )
            )
    return blocks


def _entries(lines: Sequence[str], body_line: int) -> list[_Entry]:
    """Return the entries of the catalogue in order; obsolete ``#~`` lines and comments are skipped."""
    entries: list[_Entry] = []
    entry = _Entry()
    current: list[AnchoredText] | None = None
    for index in range(body_line - 1, len(lines)):
        line = lines[index]
        stripped = line.strip()
        if not stripped:
            if entry.strings or entry.context:
                entries.append(entry)
            entry, current = _Entry(), None
            continue
        if stripped.startswith("#"):
            if stripped.startswith("#,"):
                entry.flags.update(flag.strip() for flag in stripped[2:].split(","))
            current = None
            continue
        keyword = _KEYWORD.match(line)
        start = keyword.end() if keyword else 0
        piece = _PIECE.match(line, start)
        if piece is None:
            current = None
            continue
        if keyword is not None:
            if keyword[1] == "msgctxt":
                current = entry.context
            else:
                current = []
                entry.strings.append((keyword[1], current))
        if current is not None and piece[1]:
            text = _ESCAPE.sub(lambda escape: _ESCAPES.get(escape[0], escape[0]), piece[1])
            current.append(AnchoredText(text, ((0, index + 1, piece.start(1) + 1),)))
    if entry.strings or entry.context:
        entries.append(entry)
    return entries


def _header_notation(header: str, keys: CatalogueKeys) -> bool | None:
    """Return whether the header's language writes decimal commas; None when it names none."""
    field_match = re.search(rf"(?:^|\s){re.escape(keys.language_field)}:[ \t]*([\w.@\-]+)", header)
    if field_match is None:
        return None
    return keys.comma_decimal(field_match[1])


def _value(figure: str, comma_decimal: bool) -> float | None:
    """Return the value of ``figure`` written in the given notation, or None if it is not one."""
    grouping, decimal = (".", ",") if comma_decimal else (",", ".")
    digits = re.sub(r"[\u202f\u00a0]", "", figure).replace(grouping, "").replace(decimal, ".")
    try:
        return float(digits)
    except ValueError:
        return None


def _figures(text: str, comma_decimal: bool) -> set[float]:
    """Return the values of the figures standing on their own in ``text``."""
    values = (_value(match[0], comma_decimal) for match in _FIGURE.finditer(text))
    return {value for value in values if value is not None}


def _without_stale(text: str, current: set[float], comma_decimal: bool) -> str:
    """Return ``text`` with the figures ``current`` does not hold replaced by spaces."""

    def blank(match: re.Match[str]) -> str:
        value = _value(match[0], comma_decimal)
        return match[0] if value in current else " " * len(match[0])

    return _FIGURE.sub(blank, text)
