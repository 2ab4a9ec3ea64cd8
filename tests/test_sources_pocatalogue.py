"""gettext PO catalogues read as source strings and translations in their own notation
(sources/pocatalogue.py).

Our own catalogue, about other products than any evaluation document."""

from __future__ import annotations

from factlint.sources.pocatalogue import catalogue_keys, is_po_catalogue, parse_po_catalogue

CATALOGUE = [
    "# French translation of the fleet dashboard.",
    'msgid ""',
    'msgstr ""',
    '"Project-Id-Version: fleet 2.0\\n"',
    '"Language: fr\\n"',
    "",
    "#. Translators: keep the units.",
    "#: src/cards.tsx:12",
    'msgctxt "card:L40S"',
    'msgid "48 GB, 864 GB/s, 1,466 TFLOPS"',
    'msgstr "48 Go, 864 Go/s, 1 466 TFLOPS"',
    "",
    "#, fuzzy",
    '#| msgid "L4: 24 GB, 72 W"',
    'msgid "L4: 24 GB, 75 W"',
    'msgstr "L4 : 24 Go, 72 W"',
    "",
    'msgid ""',
    '"Rent it for "',
    '"$2.10 per hour."',
    'msgstr ""',
    "",
    '#~ msgid "L4: 24 GB, 70 W"',
    '#~ msgstr "L4 : 24 Go, 70 W"',
]


def test_a_catalogue_is_known_by_its_suffix_or_its_first_entry() -> None:
    assert is_po_catalogue(["anything"], ".po")
    assert is_po_catalogue(["anything"], ".POT")
    assert is_po_catalogue(["# comment", 'msgid "a"', 'msgstr "b"'], ".txt")
    assert not is_po_catalogue(["msgid is a keyword of gettext", "the L4 has 24 GB"], ".txt")
    assert not is_po_catalogue(['msgid "a"', 'msgstr "b"'], ".md")


def test_each_string_is_a_paragraph_in_its_languages_notation_under_its_context() -> None:
    blocks = parse_po_catalogue(CATALOGUE)
    source, translation = blocks[0], blocks[1]
    assert (source.line, source.column, source.text) == (10, 8, "48 GB, 864 GB/s, 1,466 TFLOPS")
    assert source.decimal_comma is False and translation.decimal_comma is True
    assert source.headings == translation.headings == ("card:L40S",)
    assert translation.position(translation.text.index("1 466")) == (11, 26)


def test_header_comments_and_obsolete_entries_are_not_read() -> None:
    texts = [block.text for block in parse_po_catalogue(CATALOGUE)]
    assert not any("Project-Id-Version" in text or "Translators" in text or "70 W" in text for text in texts)
    assert not any("src/cards" in text for text in texts)


def test_a_fuzzy_translation_keeps_only_the_figures_its_source_still_states() -> None:
    blocks = parse_po_catalogue(CATALOGUE)
    stale = next(block for block in blocks if block.line == 16)
    assert "24 Go" in stale.text and "72" not in stale.text
    assert len(stale.text) == len("L4 : 24 Go, 72 W")
    assert not any(block.line == 14 for block in blocks)  # the previous source string


def test_a_string_over_several_lines_is_one_paragraph_placed_piece_by_piece() -> None:
    blocks = parse_po_catalogue(CATALOGUE)
    rent = next(block for block in blocks if block.text.startswith("Rent"))
    assert rent.text == "Rent it for $2.10 per hour."
    assert rent.position(rent.text.index("$2.10")) == (20, 2)
    assert all(block.line != 21 for block in blocks)  # an untranslated entry's empty msgstr


def test_locales_say_their_notation() -> None:
    keys = catalogue_keys()
    assert keys.comma_decimal("de") and keys.comma_decimal("pt_BR") and keys.comma_decimal("nl-NL.UTF-8")
    assert not keys.comma_decimal("en_GB") and not keys.comma_decimal("ja")
    assert not keys.comma_decimal("de_CH") and not keys.comma_decimal("es_MX")
