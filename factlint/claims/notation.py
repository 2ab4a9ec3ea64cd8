"""Decide, once per document, whether its numbers use decimal commas ("12,5 TFLOPS").

A document either writes "1,024.5" (points for decimals, the default) or "1.024,5" (commas
for decimals, grouping dots). The decision weighs all of a document's evidence:

- a number grouped with dots and closed by a decimal comma ("14.999,00") or a declared
  notation ("decimal commas", "German notation") says commas;
- a number grouped with commas and closed by a decimal point ("14,999.00") says points, unless it
  restates the number just before it ("1 307,4 = 1,307.4": a translator's key to the notation);
- otherwise short decimal commas before a unit ("8,5 kW"), or alone in a field of a
  semicolon-separated row ("NVIDIA L4;24;30,3;72": a European-locale spreadsheet), say commas,
  unless the document
  groups thousands with commas ("1,024") or writes short decimal points before a unit ("3.2 Tbps")
  at least half as often: a translated bulletin's lone exchange rate "1 EUR = 1,167 USD" does not
  outvote a dozen "3,2 TB/s".

An English document is never read as comma-decimal on a lone "1.024 TB" either way.
"""

from __future__ import annotations

import re

from factlint.claims.language import Language, says_any

# Each number pattern opens on its first digit and only then looks behind it ("\d(?<![\d,.]\d)"
# is "(?<![\d,.])\d"): a pattern that opens on a character class lets the engine skip to the
# next digit, where one that opens on a look-behind is tried at every character of a document.
# a unit left in Cyrillic counts as one in Latin letters ("1,6 ТБ/с", "4,2 МВт": Russian notation)
_COMMA_DECIMAL = re.compile(r"\d(?<![\d,.]\d)\d*,\d{1,2}(?![\d,])\s?[A-Za-z%\u0400-\u04ff]")
# not inside a name: "ALT-G3.8XL" is an instance, not 3.8 of anything
_POINT_DECIMAL = re.compile(r"\d(?<![\w,.]\d)\d*\.\d{1,2}(?![\d.])\s?[A-Za-z%]")
_THOUSANDS_COMMA = re.compile(r"\d,\d{3}(?!\d)")
# a number grouped with dots or spaces and closed by a decimal comma, glossed right after it
_GLOSSED = re.compile(r"\d{1,3}(?:[. \u00a0\u202f]\d{3})*,\d+")
_DOTS_THEN_COMMA = re.compile(r"\d(?<![\d,.]\d)\d{0,2}(?:\.\d{3})+,\d+(?![\d.,])")
_COMMAS_THEN_POINT = re.compile(r"\d(?<![\d,.]\d)\d{0,2}(?:,\d{3})+\.\d+(?![\d.,])")
# A field of a semicolon-separated row that is one number with a decimal comma ("38,7", "4 741,20",
# "ca. 0,5") or point ("38.7"): a European-locale spreadsheet writes no unit beside its cells.
_FIELD_OPEN = r"(?:^|;)[ \t]*(?:[^\W\d]{1,7}\.[ \t]*|[~≈][ \t]*)?"
_FIELD_COMMA = re.compile(_FIELD_OPEN + r"-?\d{1,3}(?:[. \u202f]?\d{3})*,\d{1,2}[ \t]*(?=;|$)", re.M)
_FIELD_POINT = re.compile(_FIELD_OPEN + r"-?\d+\.\d{1,2}[ \t]*(?=;|$)", re.M)


def _glosses(text: str, start: int, number: str) -> bool:
    """Return True when ``number`` (at ``start``) restates the number just before it in the other
    notation ("1 307,4 = 1,307.4", "2.039,5 (2,039.5)"): a translator's key to the notation."""
    digits = re.sub(r"\D", "", number)
    before = text[max(0, start - 24) : start]
    return any(re.sub(r"\D", "", found) == digits for found in _GLOSSED.findall(before))


def uses_comma_decimals(text: str, language: Language) -> bool:
    """Return True when the document ``text`` writes decimals with commas and groups with dots."""
    if any(not _glosses(text, m.start(), m.group()) for m in _COMMAS_THEN_POINT.finditer(text)):
        return False
    if _DOTS_THEN_COMMA.search(text) or says_any(text, language.comma_notation_cues):
        return True
    if "," not in text:  # the cheap test that usually settles it
        return False
    commas = len(_COMMA_DECIMAL.findall(text))
    points = len(_THOUSANDS_COMMA.findall(text)) + len(_POINT_DECIMAL.findall(text))
    if ";" in text:
        commas += len(_FIELD_COMMA.findall(text))
        points += len(_FIELD_POINT.findall(text))
    return commas > 2 * points
