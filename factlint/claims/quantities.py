"""Find numeric quantities in text: numbers, ranges, alternatives, bounds, units, counts."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from itertools import pairwise
from typing import Any

from factlint.claims.fastre import compile_folded
from factlint.claims.footnotes import reference_digit_spans
from factlint.claims.language import Language, alternation
from factlint.models import ValueForm
from factlint.pack import KnowledgePack

# The space inside a unit of several words, which a wrapped line may turn into a line break.
_WORD_GAP = r"(?:[ \t]+|[ \t]*\n[ \t]*)"
# Indian grouping ("1,00,000", "3,85,00,000": lakh and crore) is one number when it is round, its
# last group 000 or a group 00: a list of sizes ("16,32,64,128") never is.
_INDIAN_DIGITS = r"\d{1,2}(?:,\d{2})*(?:,\d{2},000|,00(?:,\d{2})*,\d{3})(?![\d]|,\d)"
_ANY_INDIAN_DIGITS = r"\d{1,2}(?:,\d{2})+,\d{3}(?![\d]|,\d)"
_DIGITS = rf"{_INDIAN_DIGITS}(?:\.\d+)?|\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?|\d+(?:\.\d+)?"
# A converted price keeps its source's decimal comma even in a document of decimal points
# ("2,49 EUR (approx. 2,89 USD)"): one or two digits after a comma, then a currency, are cents.
_CENTS_BEFORE_CURRENCY = (
    r"(?<![\d.,])\d+,\d{1,2}(?![\d,.])(?=[ \t\u00a0]?(?:USD|US\$|EUR|€|\$|dollars?)(?![A-Za-z]))"
)
# So do one or two digits after a comma behind a dollar sign ("≈ $ 25,10"): never thousands.
_CENTS_AFTER_SIGN = r"(?:(?<=\$)|(?<=\$[ \u00a0]))\d+,\d{1,2}(?![\d,.])"
# "US$ 531.200" and "≈ $ 25,10" may stand apart from their number; "R$ 2.874" is another currency's.
# An invoice or a log writes the code before the sum: "USD 4,150 each"; wrapped text may end a
# line on the code and go on with the sum ("a quote of USD" / "    5,800 each").
_CURRENCY_SIGN = (
    r"(?P<cur>US\$[ \u00a0]?|(?<![A-Za-z])USD(?:[ \u00a0]|[ \t]*\n[ \t]*)|(?<![A-Za-z])\$[ \u00a0]|\$)?"
)
_CENTS = re.compile(r"\d+,\d{1,2}")
_POINT_DIGITS = _CENTS_BEFORE_CURRENCY + "|" + _CENTS_AFTER_SIGN + "|" + _DIGITS
_DIGITS_COMMA_DECIMAL = r"\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+(?:,\d+)?"
# A number in E notation standing as a word of its own: "1.03079215104e+11", "6.4E3"
_E_NOTATION = r"(?<![\w.])\d+(?:\.\d+)?[eE][+-]?\d{1,3}(?![\w.])"
# Thousands grouped with one space, no-break or thin space ("3 341 TFLOPS") or an apostrophe
# ("10'368 GPUs", Swiss style); read() keeps such a reading only where a unit follows and
# nothing makes it two figures.
_GROUP_SPACE = "\u0020\u00a0\u202f\u2009'\u2019"
_SPACED_DIGITS = rf"(?<![\d.,])\d{{1,3}}(?:[{_GROUP_SPACE}]\d{{3}})+(?!\d)"
_SPACED_NUMBER = re.compile(_SPACED_DIGITS)
# Separators that only ever group thousands: a figure grouped with them alone is one figure
# whatever follows ("10'368 nodes", "4\u2009096 chips").
# the text before a figure opens its table cell, perhaps with an abbreviation or a sign before it
# ("| ca. 9 000 |", "| ~4 300 |")
_CELL_START = re.compile(r"(?:^|\|)[ \t]*(?:[^\W\d]{1,7}\.[ \t]*|[~≈][ \t]*)?$")
# How far before a bracket's end an amount's bracket may open: "(approx. 2,89 USD)", "(~$65)".
_BRACKETED_AMOUNT = 30
_SLASH_GAP = re.compile(r"/[ \t]+")  # "/ GPU-hr": a rate's slash typed with a space after it
_CELL_END = re.compile(r"[ \t]*(?:\||$)")
# An analyst's estimate mark glued to the rest of a cell ("500e", "1,835E"): the cell is the figure.
# Only a whole cell, so "176e" inside a sentence or an id stays part of a word.
_ESTIMATE_CELL = re.compile(r"[eE][ \t]*")
_PLAIN_NUMBER = re.compile(r"\d[\d,.]*")  # a word that is a number of its own
# "core count is 354", "GPU count: 8": a label of counted nouns before a bare number
_COUNT_LABEL = re.compile(
    r"(?<![\w\-])([A-Za-z][\w\-]*)[ \t]+count(?:[ \t]+(?:is|of)[ \t]+|[ \t]*:[ \t]*)$", re.I
)
_SURE_GROUPS = re.compile(r"\d{1,3}(?:['\u2019\u2009\u202f]\d{3})+")
_BETWEEN_BEFORE = re.compile(r"between\s+\$?$")
# "configurable from 450 W up to 1,000 W": after "from", "up to" closes a range as "to" does
_FROM_BEFORE = re.compile(r"\bfrom\s+\$?$", re.I)
_LETTERS_AT_END = re.compile(r"[A-Za-z]+$")
# What ends the clause a count is read in when looking back for the thing it counts; not a colon,
# which joins a label to its value ("CPU: 2 sockets").
_CLAUSE_BREAK = re.compile(r"[,;!?\n]|\.(?!\d)|\b(?:and|but|while|whereas|plus)\b", re.IGNORECASE)
_HOST_CLAUSE_CHARS = 80
_SENTENCE_BREAK = re.compile(r"[.!?](?=\s)|\n")
# "1.03e+11": a mantissa standing as a word of its own, then the exponent mark ("TPU v5e67%" is glued)
_EXPONENT_BEFORE = re.compile(r"(?<![\w.])\d+(?:\.\d+)?[eE][+-]?$")


_NOUN_GAP = re.compile(r"[\s\-]+")


def _noun_key(noun: str) -> str:
    """Return a scope noun as the pack lists it: lower case, one space where text wrote spaces or
    hyphens ("Xe-cores" is the pack's "xe cores")."""
    return _NOUN_GAP.sub(" ", noun.lower())


@dataclass(frozen=True)
class Quantity:
    """A number (or range, or alternatives) as written, with what follows it.

    ``kind`` says what the number measures: "unit" (a unit from the pack), "count"
    (things of a scope: "16 chips"), "multiplier" ("4x"), or "bare" (nothing).
    """

    start: int  # span of the whole mention, qualifier words excluded
    end: int
    low: float
    high: float
    form: ValueForm
    decimals: int  # digits after the decimal separator as written
    kind: str
    unit: str | None = None  # unit surface form as written ("GB", "petaflops", "$")
    unit_pint: str | None = None
    count_scope: str | None = None
    counted_start: int | None = None  # span between the number and the counted noun
    counted_end: int | None = None
    scale: float = 1.0
    rate: str | None = None  # "hour" for "$21.50/hour"
    plus: bool = False  # written with a trailing "+" ("100,000+")
    unit_end: int | None = None  # where the number-and-unit phrase ends


# A times sign run into a model name after a count: "8XH100NVL", "4xA100" (not "32xlarge", "0x1F").
_GLUED_TIMES = re.compile(r"[xX×](?=[A-Za-z]+\d)")


class QuantityReader:
    """Compiled patterns for one pack and language; reuse it across documents."""

    def __init__(self, pack: KnowledgePack, language: Language) -> None:
        self.pack = pack
        self.language = language
        self._units = dict(pack.units)
        # read() depends only on its arguments and on this reader's pack, fixed at construction,
        # and Quantity is frozen: a sentence repeated across documents is read once.
        self._read_cache: dict[tuple[str, bool], tuple[Quantity, ...]] = {}
        self._names = {name.lower() for entity in pack.entities for name in entity.names}
        lowered: dict[str, set[str]] = {}
        for surface, expr in pack.units:
            lowered.setdefault(surface.lower(), set()).add(expr)
        # Case-insensitive fallback only where the lower-cased form is unambiguous
        # ("tflops" yes; "gb/s" could be GB/s or Gb/s, so it must match exactly).
        self._units_folded = {low: next(iter(exprs)) for low, exprs in lowered.items() if len(exprs) == 1}
        self._units_by_fold: dict[str, list[tuple[str, str]]] = {}
        for surface, expr in pack.units:
            self._units_by_fold.setdefault(surface.lower(), []).append((surface, expr))
        surfaces = [s for s, _ in pack.units if s != "$"]
        # A unit of several words may wrap too ("1.8 terabytes a\nsecond" in captions).
        body = "|".join(
            re.escape(s).replace(r"\ ", _WORD_GAP) for s in sorted(surfaces, key=len, reverse=True)
        )
        # A wrapped line may part a number from its unit ("roughly 300\npetaflops").
        self._unit_re = compile_folded(
            rf"(?:[ \t]|\n[ \t]*(?:>[ \t>]*)?)?-?(?:{body})(?![A-Za-z\d])", re.IGNORECASE
        )
        closers = sorted(language.from_range_closers, key=len, reverse=True)
        # "from 450 W to 1,000 W", "from 450 W do 1.000 W": the words after "from" closing a range
        self._from_range_words = "|".join(re.escape(word) for word in closers) + "|or"
        self._range_closers = {"to", "up to", *(word.lower() for word in closers)}
        self._scale_re = re.compile(
            r"\s?("
            + "|".join(re.escape(w) for w, _ in sorted(language.scale_words, key=lambda x: -len(x[0])))
            + r")(?![A-Za-z])"
        )
        self._scales = dict(language.scale_words)
        # "4 nm and 5 nm respectively": one figure each of two things
        self._respectively = re.compile(
            r"[\s,]*" + alternation(language.respective_words, words=False) + r"\b", re.I
        )
        self._slash_alternatives = frozenset(language.slash_alternative_units)
        self._money_words = {word.lower(): scale for word, scale in language.money_words}
        self._money_word_re = compile_folded(
            r"[ \t]+(" + "|".join(re.escape(w) for w, _ in language.money_words) + r")(?![\w-])", re.I
        )
        self._scopes = {_noun_key(noun): scope for scope, nouns in pack.scopes for noun in nouns}
        scope_nouns = alternation([n for _, nouns in pack.scopes for n in nouns])
        # "1,472 IPU-Cores", "32 AI-Cores": a brand or unit word hyphened to a core noun is read as
        # the spaced "IPU Cores" is, a word before it (decision 0257)
        core_nouns = alternation([n for scope, nouns in pack.scopes if scope == "core" for n in nouns])
        # A wrapped line may part a count from what it counts ("carries eight\nMI300A APUs"),
        # but not a new list item or quoted line.
        gap = r"(?:[ \t]+|[ \t]*\n[ \t]*(?![-*\u2022+|>#]))"
        self._count_re = compile_folded(
            rf"(?:[ \t]*-[ \t]*|{gap})(?:of\s+(?:the|its|these|those)\s+)?"
            rf"((?:[\w.\-()]+{gap}){{0,3}}?(?:[A-Za-z][A-Za-z\d]*-(?={core_nouns}))?)({scope_nouns})",
            re.IGNORECASE,
        )
        # "1 440 GB accelerator memory": a scope noun before what the figure measures modifies it
        self._measured_after_re = compile_folded(
            rf"[ \t]+{alternation(language.measured_nouns)}(?![\w\-])", re.IGNORECASE
        )
        # "400 GPU-hours": a unit of use made of a scope noun, no count of it
        self._usage_after_re = compile_folded(
            rf"[ \t]*-?[ \t]*{alternation(language.usage_time_nouns)}(?![\w\-])", re.IGNORECASE
        )
        # "8 L40S Tensor Core GPUs": a scope noun right after another is the compound's head.
        self._head_noun_re = compile_folded(rf"[ \t]+({scope_nouns})", re.IGNORECASE)
        rates = [(name, suffix) for name, suffixes in language.rate_suffixes for suffix in suffixes]
        # "$3.49 / GPU-hr": a slide or a table may space the rate's slash
        self._rate_re = compile_folded(
            r"\s*("
            + "|".join(_spaced_slash(s) for _, s in sorted(rates, key=lambda r: -len(r[1])))
            + r")(?![A-Za-z])",
            re.IGNORECASE,
        )
        self._rates = {suffix.lower(): name for name, suffix in rates}
        self._rate_anywhere_re = compile_folded(
            r"("
            + "|".join(re.escape(s) for _, s in sorted(rates, key=lambda r: -len(r[1])))
            + r")(?![A-Za-z])",
            re.IGNORECASE,
        )
        words = sorted(self.language.number_words, key=lambda w: -len(w[0]))
        one_word = "|".join(re.escape(w) for w, _ in words)
        # a run of number words: "a hundred and ninety-two", "two hundred fifty-six"
        self._word_re = compile_folded(
            rf"(?<![\w-])((?:{one_word})(?:(?:\s+and\s+|\s+|-)(?:{one_word}))*(?:\s+and\s+a\s+half)?)(?![\w])",
            re.I,
        )
        self._multiplier_words = {w.lower(): v for w, v in language.multiplier_words}
        self._multiplier_word_re = compile_folded(
            alternation([w for w, _ in language.multiplier_words]) + r"(?=\s+(?:the|as)\b)", re.I
        )
        # Any number or multiplier written as a word: a cheap test for "may hold a figure".
        self.word_pattern = compile_folded(
            alternation([w for w, _ in words] + [w for w, _ in language.multiplier_words]), re.I
        )
        # "up from 750 W to 1,000 W", "raised memory from 192 GB to 256 GB": a change, not a range;
        # the words between may be possessives ("raises the 910B's memory from 32 GB to 64 GB").
        self._change_before_re = compile_folded(
            alternation(language.change_verbs) + r"(?:\s+[\w\-'’]+){0,3}?\s+from\s+$", re.I
        )
        # "3 FP8 petaflops", "1,299 dense FP8 TFLOPS", "2,614 FP8 sparse TFLOPS": a precision, with a
        # sparsity word on either side, may stand between number and unit
        sparsity = alternation([phrase for _, phrases in pack.sparsity for phrase in phrases])
        self._precision_re = re.compile(
            rf"[ \t]+(?:{sparsity}[ \t]+)?{alternation(pack.precisions)}(?:[ \t]+{sparsity})?(?=\s)"
        )
        self._stop_words = {
            "of",
            "in",
            "per",
            "and",
            "or",
            "with",
            "to",
            "for",
            "the",
            "a",
            "an",
            "at",
            "by",
            "on",
            "than",
            "each",
            "every",
            "is",
            "are",
            "from",
            "into",
        }
        # "two 3rd Gen Xeon processors" counts a host's CPUs, no accelerators
        self._stop_words.update(word.lower() for word in language.host_cpu_brands)
        # "a 46,225 mm2 die": a unit the pack does not measure sizes the part it comes before
        self._stop_words.update(word.lower() for unit in language.size_units for word in unit.split())
        self._host_socket_nouns = {noun.lower() for noun in language.host_socket_nouns}
        self._auxiliary_core_words = {word.lower() for word in language.auxiliary_core_words}
        host_core_words = (*language.host_core_words, *language.host_cpu_brands)
        self._host_core_words = {word.lower() for word in host_core_words}
        hosts = alternation((*language.host_processor_nouns, *language.host_cpu_brands))
        self._host_cpu_re = compile_folded(rf"(?<![\w\-])(?:{hosts})(?![\w\-])", re.IGNORECASE)
        self._host_cpu_after_re = compile_folded(
            rf"(?:[ \t]+[\w\-]+){{0,3}}?[ \t]+(?:{hosts})(?![\w\-])", re.IGNORECASE
        )

    @cached_property
    def _number_res(self) -> dict[bool, re.Pattern[str]]:
        # After a rupee sign any Indian grouping is one number ("₹1,23,45,678"), round or not.
        marks = [
            f"(?<={re.escape(mark + gap)})" for mark in self.language.indian_currency for gap in ("", " ")
        ]
        indian = rf"(?:{'|'.join(marks)}){_ANY_INDIAN_DIGITS}(?:\.\d+)?|" if marks else ""
        point = f"{_E_NOTATION}|{indian}{_POINT_DIGITS}"
        return {
            comma: re.compile(
                rf"{_CURRENCY_SIGN}(?P<num>{_DIGITS_COMMA_DECIMAL if comma else point})"
                r"(?P<plus>\+)?"
            )
            for comma in (False, True)
        }

    @cached_property
    def _spaced_number_res(self) -> dict[bool, re.Pattern[str]]:
        return {
            comma: re.compile(
                rf"{_CURRENCY_SIGN}"
                rf"(?P<num>{_SPACED_DIGITS}(?:{',' if comma else '[.]'}\d+)?)(?![\d.,]\d)"
                rf"(?P<plus>\+)?"
            )
            for comma in (False, True)
        }

    def _spaced_number(self, text: str, position: int, comma_decimal: bool) -> re.Match[str] | None:
        """Return a number grouped with spaces at ``position`` when it is one figure with a unit.

        "3 341 TFLOPS", "1 472 cores" and "10'368 nodes" are one figure each; "2 100 GB cards" is two cards of
        100 GB (a scope noun right after the unit), and a number with neither a unit nor a
        counted noun right after it is never joined.
        """
        match = self._spaced_number_res[comma_decimal].match(text, position)
        if match is None:
            return None
        if match.group("cur") or _SURE_GROUPS.fullmatch(match.group("num").split(",")[0].split(".")[0]):
            return match if not _glued_after_number(text, match.end()) else None
        unit = self._unit_at(text, match.end())
        if unit is None and _CELL_START.search(text, 0, position) and _CELL_END.match(text, match.end()):
            return match  # "| 2 048 |": a table cell holding one figure, its unit in the header
        if unit is None:
            counted = self._count_at(text, match.end())  # "1 472 cores"
            return match if counted is not None and counted[1] == counted[2] else None
        if unit[1] in ("multiple", "percent"):
            return None
        counted = self._count_at(text, unit[2])
        if (
            counted is not None
            and counted[1] == counted[2]
            and not self._measured_after_re.match(text, counted[3])
        ):
            return None
        return match

    def read_scaled_money(self, text: str, read: list[Quantity]) -> list[Quantity]:
        """Return the money of a cell that is only a number and a scale word ("3.7M", "1.2 billion")
        beside a Unit cell naming its currency; else ``read`` unchanged."""
        number = _CELL_NUMBER.match(text)
        if number is None or not (scale := self._scale_re.match(text, number.end())):
            return read
        if text[scale.end() :].strip():
            return read
        start = number.start(1)  # the digits, past any padding of the cell
        money = self.read("$" + text[start : scale.end()])
        return [
            replace(
                q,
                start=max(q.start - 1, 0) + start,
                end=q.end - 1 + start,
                unit_end=(q.unit_end or q.end) - 1 + start,
            )
            for q in money
        ]

    def read(self, text: str, *, comma_decimal: bool = False) -> list[Quantity]:
        """Return the quantities in text, left to right, each number used once (a new list)."""
        key = (text, comma_decimal)
        cached = self._read_cache.get(key)
        if cached is None:
            cached = tuple(self._read(text, comma_decimal))
            if len(self._read_cache) < 50_000:
                self._read_cache[key] = cached
        return list(cached)

    def _read(self, text: str, comma_decimal: bool) -> list[Quantity]:
        found: list[Quantity] = []
        consumed = 0
        # Nearly every text holds a space; only one with digits grouped by spaces needs the check.
        has_spaced = _SPACED_NUMBER.search(text) is not None
        marks = reference_digit_spans(text)
        for match in self._number_res[comma_decimal].finditer(text):
            if match.start() < consumed:
                continue
            if marks and any(start < match.start("num") < end for start, end in marks):
                continue  # "750[^4]", "700[2]": a note's mark glued to the figure, no figure itself
            spaced = self._spaced_number(text, match.start(), comma_decimal) if has_spaced else None
            match = spaced or match
            if _EXPONENT_BEFORE.search(text, max(0, match.start("num") - 24), match.start("num")):
                continue  # "1.03e+11 bytes": the exponent of a number in E notation counts no bytes
            glue = _glue_before(text, match.start("num"))
            if glue == "label" and (
                self._unit_at(text, match.end()) is None or self._name_runs_in(text, match.start("num"))
            ):
                continue
            if glue == "name":
                continue
            quantity = self._parse(text, match, comma_decimal)
            if quantity is not None:
                found.append(quantity)
                consumed = quantity.end
        found.extend(self._read_words(text, found))
        found.sort(key=lambda q: q.start)
        return found

    def _name_runs_in(self, text: str, start: int) -> bool:
        """Return True when the label glued before ``start`` and the digits after it begin a
        known name: "Gaudi3128 GB" may be Gaudi3 with 128 GB."""
        label = re.search(r"[A-Za-z]+$", text[max(0, start - 30) : start])
        digits = re.match(r"\d+", text[start:])
        if label is None or digits is None:
            return False
        word = label.group(0).lower()
        return any(word + digits.group(0)[:end] in self._names for end in range(1, len(digits.group(0))))

    def _parse(self, text: str, match: re.Match[str], comma_decimal: bool) -> Quantity | None:
        low = _to_float(match.group("num"), comma_decimal)
        decimals = _decimals(match.group("num"), comma_decimal)
        currency = (match.group("cur") or "").rstrip() or None  # "US$ 531.200" is spaced from its sign
        end = match.end()
        high, form = low, ValueForm.EXACT
        plus = bool(match.group("plus"))

        def found(stop: int, kind: str, **fields: Any) -> Quantity:
            """Return the quantity as read by the time it is returned (a range widens low/high)."""
            return Quantity(match.start(), stop, low, high, form, decimals, kind, plus=plus, **fields)

        first_unit = self._unit_at(text, end) if not currency else None
        # A range or alternatives: "30-50%", "30%-50%", "3/5nm", "3 or 5 nm", "$2-3M".
        before = text[max(0, match.start() - 9) : match.start()]
        words = (
            "to|or|and"
            if _BETWEEN_BEFORE.search(before)
            else self._from_range_words
            if _FROM_BEFORE.search(before)
            else "to|or"
        )
        # "5 nm and 6 nm": one chip's chiplet nodes, both written with their unit
        chiplets = first_unit is not None and first_unit[0] in self._slash_alternatives and "and" not in words
        if chiplets:
            words += "|and"
        second = _second_number(first_unit[0] if first_unit else "", words, comma_decimal).match(text, end)
        if second and chiplets and second.group(2) == "and":
            again = self._unit_at(text, second.end())
            if first_unit is None or again is None or again[0] != first_unit[0]:
                second = None  # "7nm and 16 cores": the second number is something else
            elif self._respectively.match(text, again[2]):
                second = None  # "4 nm and 5 nm respectively": one node each of two chips
        if currency and second is None:
            scaled = self._scaled_money_range(text, end, words, comma_decimal)
            if scaled is not None:
                second, low = scaled[0], round(low * scaled[1], 9)
                high = low
        if (
            second
            and (second.group(2) or "").lower() in self._range_closers
            and self._change_before_re.search(text[max(0, match.start() - 60) : match.start()])
        ):
            second = None
        if second and _repeats_unit(text, end, second):
            # The unit written after the first number too: "120 W to 180 W" is a range, but
            # "12 TB or 1.2 PB" gives one size twice and "80 GB / 94 GB" lists two variants.
            again = self._unit_at(text, second.end())
            # "80 GB / 94 GB" lists two variants; "5 nm / 6 nm" are one chip's chiplet nodes
            listed = second.group(1) == "/" and (
                first_unit is None or first_unit[0] not in self._slash_alternatives
            )
            if listed or again is None or first_unit is None or again[0] != first_unit[0]:
                second = None
        if second and not plus and self._ends_cleanly(text, second.end(), currency=bool(currency)):
            other = _to_float(second.group(3), comma_decimal)
            separator = second.group(1) or second.group(2)
            if other > low or separator in ("/", "or"):
                high = other
                alternatives = separator in ("/", "or") or (chiplets and separator == "and")
                form = ValueForm.ALTERNATIVES if alternatives else ValueForm.RANGE
                decimals = max(decimals, _decimals(second.group(3), comma_decimal))
                end = second.end()
        if not plus and text[end : end + 1] == "+":
            plus, end = True, end + 1
        scale = 1.0
        if currency:
            scale_match = self._scale_re.match(text, end)
            if scale_match:
                scale, end = self._scales[scale_match.group(1)], scale_match.end()
            rate_match = self._rate_at(text, end)
            rate = self._rate_of(rate_match.group(1)) if rate_match else None
            unit_end = rate_match.end() if rate_match else end
            return found(
                end, "unit", unit=currency, unit_pint="USD", scale=scale, rate=rate, unit_end=unit_end
            )
        money = self._money_after(text, end)
        if money is not None:
            scale, surface, unit_end, rate = money
            return found(
                unit_end, "unit", unit=surface, unit_pint="USD", scale=scale, rate=rate, unit_end=unit_end
            )
        unit = first_unit if end == match.end() else self._unit_at(text, end)
        if unit is None and _GLUED_TIMES.match(text, end):
            unit = (text[end], "multiple", end + 1)  # "8XH100NVL": a count run into a model name
        if unit is None and _glued_after_number(text, end) and not _estimate_cell(text, match.start(), end):
            return None  # "2nd", "176B", "32xlarge": part of a word, not a quantity
        if unit is not None:
            surface, expr, unit_end = unit
            kind = "multiplier" if expr == "multiple" else "unit"
            return found(unit_end, kind, unit=surface, unit_pint=expr, unit_end=unit_end)
        label = _COUNT_LABEL.search(text, max(0, match.start() - 40), match.start())
        labelled = self._scopes.get(_noun_key(label.group(1))) if label is not None else None
        if labelled is not None:  # "the core count is 354 (training nodes)": the label says what it counts
            return found(end, "count", count_scope=labelled, unit_end=end)
        count = self._count_at(text, end)
        if count is not None:
            scope, counted_start, counted_end, count_end = count
            return found(
                count_end,
                "count",
                count_scope=scope,
                counted_start=counted_start,
                counted_end=counted_end,
                unit_end=count_end,
            )
        return found(end, "bare", unit_end=end)

    def _rate_at(self, text: str, end: int) -> re.Match[str] | None:
        """Return the match of a rate suffix at ``end``, or after the bracket an equivalent amount
        closes there: "2,49 EUR (approx. 2,89 USD) per GPU-hour" rates both amounts."""
        rate_match = self._rate_re.match(text, end)
        if rate_match is not None or text[end : end + 1] != ")":
            return rate_match
        opened = text.rfind("(", max(0, end - _BRACKETED_AMOUNT), end)
        if opened < 0 or ")" in text[opened:end]:
            return None
        return self._rate_re.match(text, end + 1)

    def _rate_of(self, suffix: str) -> str:
        """Return the time unit of a rate suffix as written ("/ GPU-hr" -> "hour")."""
        return self._rates[_SLASH_GAP.sub("/", suffix).lower()]

    def rate_in_label(self, label: str) -> str | None:
        """Return the time unit a header gives prices ("On-demand (per chip-hour)" -> "hour").

        A data key split into words ("on demand usd hr", "usd per gpu hr") names it by a
        time word after the currency.
        """
        match = self._rate_anywhere_re.search(label)
        if match:
            return self._rates[match.group(1).lower()]
        key = _DATA_KEY_RATE.search(label) if _is_data_key(label) else None
        return _KEY_RATES[key.group(1)] if key else None

    def unit_in_label(self, label: str) -> tuple[str, str] | None:
        """Return the unit a table header or row label names for its bare numbers.

        "HBM (GB)", "Bandwidth [TB/s]", "TDP, W", "Price in $" and a label that is only a
        unit ("GB/s", the cell of a Unit column) name a unit; the unit is returned as
        (surface form, pint expression).
        """
        label = label.strip()
        data_key = _is_data_key(label)
        if data_key:
            label = _per_second(label)  # a data key's "gb per s" is GB/s, not GB per something
        match = _LABEL_UNIT.search(label)
        if match is not None:
            surfaces = [next(group for group in match.groups() if group)]
            # "FP8 (TFLOPS, dense)": the unit is one of the parenthesised words
            surfaces += [part.strip() for part in surfaces[0].split(",")[:3] if "," in surfaces[0]]
            # "List price (USD per GPU-hour)": the unit stands before the scope
            surfaces += [_PER_TAIL.sub("", surfaces[0])] if _PER_TAIL.search(surfaces[0]) else []
        elif _BARE_UNIT.fullmatch(label):
            surfaces = [label]
        elif _PER_TAIL.search(label) and label != _PER_TAIL.sub("", label):
            # "USD per hr", "HBM GB per GPU", a data key "usd_per_hr": the unit stands before "per";
            # "USD per hour, per instance": so does a rate before the scope clause.
            # A data key may write it after the scope: "mem_per_gpu_GB".
            before = self.unit_in_label(_PER_TAIL.sub("", label).rstrip(" ,;"))
            return before or (self._data_key_unit(label) if data_key else None)
        else:
            # "BF16 TFLOPS", "Memory GB": a header whose last word is a unit written in capitals;
            # in a header all in lower case (a data key, "hbm gb", "tdp w") any unit word
            last = _LAST_WORD.search(label)
            casual = _CASUAL_LAST_WORD.search(label) if data_key else None
            surfaces = (
                [last.group(0)]
                if last and (_SHOUTED_UNIT.fullmatch(last.group(0)) or _MONEY_RATE.fullmatch(last.group(0)))
                else [casual.group(0)]
                if casual
                else []
            )
        for surface in surfaces:
            if surface in ("$", "US$", "USD", "usd") or _MONEY_RATE.fullmatch(surface):
                return surface, "USD"  # "$/hr": the rate is read by rate_in_label
            scaled = self._scaled_money(surface)
            if scaled is not None:
                return surface, scaled
            expr = self._units.get(surface) or self._folded_unit(surface)
            if expr == "multiple" and match is None and len(surface) > 1:
                return (
                    None  # a column headed "Times" holds durations, not multipliers; a Unit cell "x" is one
                )
            if expr:
                return surface, expr
        if match is not None and match.group(1) and match.start() > 0:
            # "On-demand $/hr (us-east-1)": a parenthesis naming no unit (a region, a note) is no
            # unit label; the words before it may still name one
            return self.unit_in_label(label[: match.start()])
        return self._data_key_unit(label) if data_key else None

    def _scaled_money(self, surface: str) -> str | None:
        """Return the pint expression of money counted in a scale word: "USD m", "$M", "$bn" -> megaUSD."""
        match = _SCALED_MONEY.fullmatch(surface)
        if match is None:
            return None
        word = match.group(1)
        scale = self._scales.get(word) or self._scales.get(word.upper()) or self._scales.get(word.lower())
        return f"{_SCALE_PREFIXES[scale]}USD" if scale in _SCALE_PREFIXES else None

    def _data_key_unit(self, label: str) -> tuple[str, str] | None:
        """Return the unit a data key names among its words ("hbm gb per chip", "usd per gpu hr").

        A key split into words writes its unit anywhere, before a "per" scope or a rate word;
        "gb per s" is GB/s. The last word that is a unit wins.
        """
        words = _per_second(label).split()
        # Keys lose case: "mem bw tbps" is terabytes (memory moves bytes), "efa gbps" gigabits.
        bytes_meant = bool(_MEMORY_KEY.search(label))
        for word in reversed(words):
            if word in _MONEY_WORDS:
                return word, "USD"
            expr = self._units.get(word) or self._folded_unit(word)
            slashless = _SLASHLESS_RATE.fullmatch(word)
            if expr is None and slashless is not None:
                # "nvlink_gbs", "memory_bw_tbs": a key drops the slash of "GB/s" ("gbps" is Gb/s)
                word = f"{slashless.group(1).upper()}B/s"
                expr = self._units.get(word)
            if expr is None:
                expr = next(
                    (
                        e
                        for surface, e in self._units_by_fold.get(word, [])
                        if ("B" in surface) == bytes_meant
                    ),
                    None,
                )
            if expr and expr != "multiple":
                return word, expr
        return None

    def _folded_unit(self, surface: str) -> str | None:
        """Return the unit of a surface written in another case ("tflops"), never mixing bits and bytes.

        "Pb/s" is petabits, not the pack's "PB/s": where the writer minds case (a capital
        elsewhere), a b whose case differs is another unit; all lower case ("80 gb") is casual.
        """
        folded = surface.lower()
        if surface == folded:
            return self._units_folded.get(folded)
        # Where the writer minds case, the b's case picks the unit even when the lower-cased
        # form is shared: all-capitals text writes "3.7TB/S" (bytes) and "400GB/S", never "Tb/S".
        exprs = {
            expr
            for known, expr in self._units_by_fold.get(folded, ())
            if not any(a != b and a in "bB" for a, b in zip(surface, known, strict=True))
        }
        return next(iter(exprs)) if len(exprs) == 1 else None

    def starts_measure(self, text: str, position: int) -> bool:
        """Return True when a unit of measurement (not a multiplier: "times") starts at ``position``."""
        unit = self._unit_at(text, position)
        return unit is not None and unit[1] != "multiple"

    def starts_value(self, text: str, position: int) -> bool:
        """Return True when a number with a unit of measurement starts at ``position`` ("80 GB")."""
        match = _PLAIN_NUMBER.match(text, position)
        return match is not None and self.starts_measure(text, match.end())

    def starts_unit(self, text: str, position: int) -> bool:
        """Return True when a unit of the pack (optionally after one space) starts at ``position``."""
        return self._unit_at(text, position) is not None

    def _scaled_money_range(
        self, text: str, end: int, words: str, comma_decimal: bool
    ) -> tuple[re.Match[str], float] | None:
        """Return the second half of a money range whose halves each carry a scale ("$3.7M-$4M",
        "$400K to $1.2M") and the factor that puts the first half in the second's scale, or None."""
        first = self._scale_re.match(text, end)
        if first is None:
            return None
        second = _second_number("", words, comma_decimal).match(text, first.end())
        if second is None:
            return None
        last = self._scale_re.match(text, second.end())
        if last is None:
            return None
        return second, self._scales[first.group(1)] / self._scales[last.group(1)]

    def _ends_cleanly(self, text: str, position: int, *, currency: bool) -> bool:
        """Return True when a number ends at position, or runs straight into its unit."""
        if not _glued_after_number(text, position):
            return True
        if currency:
            return self._scale_re.match(text, position) is not None
        return self._unit_at(text, position) is not None

    def _unit_at(self, text: str, position: int) -> tuple[str, str, int] | None:
        if text.startswith("`", position) and text.startswith(" ", position + 1):
            # "the `48` GB under ATOM": a number quoted as code, its unit written after the quote
            position += 1
        match = self._unit_re.match(text, position)
        if not match:
            # A precision may stand between number and unit: "3 FP8 petaflops", "990 dense BF16 TFLOPS".
            precision = self._precision_re.match(text, position)
            match = self._unit_re.match(text, precision.end()) if precision else None
            if not match:
                return None
        surface = match.group(0).lstrip(" \t\n>-")
        if "\n" in surface:
            surface = " ".join(surface.split())
        expr = self._units.get(surface) or self._folded_unit(surface)
        if expr is None:
            return None
        if expr == "multiple" and surface.lower() == "x" and match.group(0)[:1].isspace():
            return None  # "4 x 4" is a dimension, not a multiplier
        return surface, expr, match.end()

    def _money_after(self, text: str, end: int) -> tuple[float, str, int, str | None] | None:
        """Return (scale, unit, end, rate) of money named after a number, or None.

        "3 million dollars", "2 dollars an hour": the currency follows the number and its
        scale word, and a time unit may follow the currency.
        """
        spoken = self._money_word_re.match(text, end) if self._money_words else None
        if spoken is not None:  # "25 grand": a word that is both the scale and the currency
            return self._money_words[spoken.group(1).lower()], spoken.group(1), spoken.end(), None
        scale, at = 1.0, end
        scale_match = self._scale_re.match(text, end)
        if scale_match is not None:
            scale, at = self._scales[scale_match.group(1)], scale_match.end()
        unit = self._unit_at(text, at)
        if unit is None and (sign := _SIGN_AFTER.match(text, at)) is not None:
            unit = "$", "USD", sign.end()  # "approx. 44,50 $": the sign after the number, French style
        if unit is None or unit[1] != "USD":
            return None
        rate_match = self._rate_at(text, unit[2])
        if rate_match is None:
            return scale, unit[0], unit[2], None
        return scale, unit[0], rate_match.end(), self._rate_of(rate_match.group(1))

    def _count_at(self, text: str, position: int) -> tuple[str, int, int, int] | None:
        match = self._count_re.match(text, position)
        if not match:
            return None
        between = match.group(1).split()
        if any(word.lower().strip("()") in self._stop_words for word in between):
            return None
        # "Cobalt 100 offers 128 cores": the later number is the count ("Zen 4 cores" is a name)
        if any(word[:1].islower() and _PLAIN_NUMBER.fullmatch(after) for word, after in pairwise(between)):
            return None
        if match.group(1).count("(") > match.group(1).count(")"):
            # "128 (8 accelerators each)", "36 DGX B300 (8 GPUs each)": the noun is inside an aside
            # opened after the number; the aside's own number counts it, not the one outside
            return None
        noun, noun_start, end = match.group(2), match.start(2), match.end()
        head = self._head_noun_re.match(text, end)
        qualifiers = list(between)  # "8 host cores": a scope noun before the head qualifies it
        while head is not None and head.group(1)[-1:] in "sS":  # "an 8 GPU server" counts GPUs
            qualifiers.extend(noun.split())
            noun, noun_start, end = head.group(1), head.start(1), head.end()
            head = self._head_noun_re.match(text, end)
        scope = self._scopes.get(_noun_key(noun))
        if scope is None or self._usage_after_re.match(text, end):
            return None
        if scope == "core" and self._counts_other_cores(qualifiers):
            return None  # "4 assistant cores", "8 CPU-cores": cores beside the product's, or its host's
        if noun.lower() in self._host_socket_nouns and self._names_host_cpu(text, position, match.group(1)):
            return None  # "CPU: 2 sockets", "2 CPU sockets": a host's CPU slots
        if scope == "core" and self._counts_host_cores(text, match.group(0), end):
            return None  # "a 14-core Neoverse CPU", "20 CPU cores": the host processor's cores
        return scope, match.start(1), noun_start, end

    def _counts_other_cores(self, between: list[str]) -> bool:
        """Return True when the words between a count and its core noun name auxiliary cores ("48
        compute cores plus 4 assistant cores") or are all words of a host processor ("8 CPU cores",
        "16 CPU-cores"): no count of the product's own cores."""
        if any(word.lower().strip("()") in self._auxiliary_core_words for word in between):
            return True
        # spaced or hyphened alike (decision 0259): only host words qualify the cores
        return bool(between) and all(word.lower().strip("-") in self._host_core_words for word in between)

    def _counts_host_cores(self, text: str, counted: str, end: int) -> bool:
        """Return True when a count of cores ending at ``end`` describes a CPU named within three
        words after it ("a 14-core Neoverse-V3AE CPU"): that CPU's size, no count of the product's
        cores. Cores counted as the product's own ("24 Zen 4 CPU cores") stay."""
        hyphened = counted.lstrip(" \t").startswith("-") and counted.count(" ") <= 1
        return hyphened and self._host_cpu_after_re.match(text, end) is not None

    def _names_host_cpu(self, text: str, position: int, between: str) -> bool:
        """Return True when the words between a count and its noun, or its clause before the count
        ending at ``position``, name a host CPU."""
        if self._host_cpu_re.search(between):
            return True
        window = text[max(0, position - _HOST_CLAUSE_CHARS) : position]
        breaks = list(_CLAUSE_BREAK.finditer(window))
        clause = window[breaks[-1].end() :] if breaks else window
        if self._host_cpu_re.search(clause) is not None:
            return True
        if between.strip():
            return False  # "8 OAM sockets": a word between names what the sockets take
        # "EPYC 9755: 128 cores per socket, two sockets": bare sockets in a sentence about a host CPU
        stops = list(_SENTENCE_BREAK.finditer(window))
        sentence = window[stops[-1].end() :] if stops else window
        return self._host_cpu_re.search(sentence) is not None

    def _word_value(self, run: str) -> tuple[float, int]:
        """Return the value of a run of number words and the length of its part that reads as one.

        "a hundred and ninety-two" is 192 and "two thousand five hundred" 2500; a run that
        stops making one number ("twenty twenty-four", a spoken year) ends before the word
        that breaks it.
        """
        if run.lower() in self.language.number_values:
            return self.language.number_values[run.lower()], len(run)
        half = _AND_A_HALF.search(run)
        if half is not None:
            whole, whole_end = self._word_value(run[: half.start()])
            if whole_end == half.start():
                return whole + 0.5, len(run)
            return whole, whole_end
        total, current, last = 0.0, 0.0, None
        value, good_end = 0.0, 0
        for word in _NUMBER_WORD_PART.finditer(run):
            lowered = word.group(0).lower()
            if lowered == "and":
                continue
            step = 1.0 if lowered == "a" else self.language.number_values.get(lowered)
            if step is None:
                break
            if last is not None and not _follows(last, step):
                break  # "twenty twenty-four", "five six": not one number
            if step == 100:
                current = (current or 1) * 100
            elif step == 1000:
                total, current = total + (current or 1) * 1000, 0.0
            else:
                current += step
            last = step
            if lowered != "a":
                value, good_end = total + current, word.end()
        return value, good_end

    def _read_words(self, text: str, numeric: list[Quantity]) -> list[Quantity]:
        """Return quantities written as words: "four NeuronCores", "twice the memory"."""
        found: list[Quantity] = []
        if not self.word_pattern.search(text):
            return found  # both word patterns below match only where this one does
        for match in self._word_re.finditer(text):
            if any(q.start <= match.start() < q.end for q in numeric) or (
                found and match.start() < found[-1].end  # the upper end of a range of words
            ):
                continue
            value, end = self._word_value(match.group(1))
            end += match.start()
            high, form = value, ValueForm.EXACT
            # "two to three million dollars": a range of words.
            upper = _WORD_TO.match(text, end)
            second = self._word_re.match(text, upper.end()) if upper else None
            if second is not None:
                other, other_end = self._word_value(second.group(1))
                if value < other <= 10 * value:  # not "four to five hundred thousand" (4 to 500,000)
                    high, form, end = other, ValueForm.RANGE, second.start() + other_end
            money = self._money_after(text, end)
            if money is not None:
                scale, surface, unit_end, rate = money
                found.append(
                    _spelled(
                        match.start(),
                        unit_end,
                        value,
                        high,
                        form,
                        "unit",
                        unit=surface,
                        unit_pint="USD",
                        scale=scale,
                        rate=rate,
                    )
                )
                continue
            if form is ValueForm.RANGE:
                high, form, end = value, ValueForm.EXACT, match.start() + self._word_value(match.group(1))[1]
            unit = self._unit_at(text, end)
            # "three times the memory" is a multiplier; "four x" is not.
            if unit is not None and (unit[1] != "multiple" or unit[0].lower() in ("times", "fold")):
                kind = "multiplier" if unit[1] == "multiple" else "unit"
                found.append(
                    _spelled(
                        match.start(),
                        unit[2],
                        value,
                        value,
                        ValueForm.EXACT,
                        kind,
                        unit=unit[0],
                        unit_pint=unit[1],
                    )
                )
                continue
            count = self._count_at(text, end)
            if count is not None:
                scope, counted_start, counted_end, count_end = count
                found.append(
                    _spelled(
                        match.start(),
                        count_end,
                        value,
                        value,
                        ValueForm.EXACT,
                        "count",
                        count_scope=scope,
                        counted_start=counted_start,
                        counted_end=counted_end,
                    )
                )
            elif OF_THEM.match(text, end):
                # "carries four of these": a bare count the extractor gives the product just named
                found.append(_spelled(match.start(), end, value, value, ValueForm.EXACT, "bare"))
        for match in self._multiplier_word_re.finditer(text):
            if any(q.start <= match.start() < q.end for q in numeric):
                continue
            value = self._multiplier_words[match.group(0).lower()]
            found.append(
                Quantity(
                    match.start(),
                    match.end(),
                    value,
                    value,
                    ValueForm.EXACT,
                    0,
                    "multiplier",
                    unit=match.group(0),
                    unit_pint="multiple",
                    unit_end=match.end(),
                )
            )
        return found


_LABEL_UNIT = re.compile(r"[(\[]\s*([^()\[\]]{1,24}?)\s*[)\]]\s*$|,\s*(\S{1,8})$|\bin\s+(\S{1,8})$")
_PLAIN_NUMBER = re.compile(_DIGITS)
_CELL_NUMBER = re.compile(r"\s*(\d[\d,]*(?:\.\d+)?)")  # a cell opening on a number: "3.7M"
_BARE_UNIT = re.compile(r"[^\s\d]{1,8}")  # a short label with no digit or space may be a unit alone
_NUMBER_WORD_PART = re.compile(r"[A-Za-z]+")
_AND_A_HALF = re.compile(r"\s+and\s+a\s+half$", re.I)  # "one and a half terabytes"
_WORD_TO = re.compile(r"\s+to\s+")


def _spaced_slash(suffix: str) -> str:
    """Return a pattern of a rate suffix that lets a space follow its slash ("/ hr" for "/hr")."""
    escaped = re.escape(suffix)
    return "/[ \t]?" + escaped[1:] if suffix.startswith("/") else escaped


def _follows(last: float, step: float) -> bool:
    """Return True if a number word worth ``step`` may follow one worth ``last`` in one number."""
    if step == 100:
        return last < 100
    if step == 1000:
        return last < 1000
    return last >= 100 or (last in _TENS and step < 10)


_TENS = frozenset(range(20, 100, 10))
_LAST_WORD = re.compile(r"(?<=\s)\S{2,8}$")
_CASUAL_LAST_WORD = re.compile(r"(?<=[a-z0-9] )[a-z/]{1,8}$")
_SHOUTED_UNIT = re.compile(r"[A-Z][A-Za-z]*[A-Z][A-Za-z/]*")  # "TFLOPS", "GB/s", "TB": not "Cores"
_PER_SECOND = re.compile(r"\b([a-z]+)\s+per\s+(?:s|sec|second)\b")  # "hbm bw gb per s": GB/s
# "bandwidth gb s" (``bandwidth_gb_s``): a key drops the "per" of a byte or bit rate as well
_UNIT_SECOND = re.compile(r"\b([kmgtp]i?b|[kmgtp]bit)\s+(?:s|sec)\b")
_MONEY_WORDS = frozenset({"usd", "dollars"})
# A dollar sign after a number ("44,50 $"), unless it opens the next figure ("8 $500").
_SIGN_AFTER = re.compile(r"[ \u00a0]?\$(?![ \u00a0]?[\d(])")
# A data key split into words: lower case, save a unit it may keep in capitals ("mem per gpu GB",
# "tdp W", "peak bf16 dense TFLOPS"); "Memory GB" and "HBM (GB)" are written headers.
_DATA_KEY = re.compile(r"[a-z][a-z0-9]*(?: (?:[a-z0-9]+|[A-Za-z]{1,8}(?:/[a-z])?))*")
_SCALED_MONEY = re.compile(r"(?:US\$|\$|USD)\s?([A-Za-z]{1,8})")  # a header's "USD m", "$M", "$bn"
_SCALE_PREFIXES = {1.0e3: "kilo", 1.0e6: "mega", 1.0e9: "giga", 1.0e12: "tera"}
_SLASHLESS_RATE = re.compile(r"([kmgtp])bs")  # a data key's "gbs", "tbs": GB/s, TB/s
_MEMORY_KEY = re.compile(r"\b(?:mem|memory|hbm|dram|gddr\d?|lpddr\d?|vram|sram)\b")
# "on demand usd hr", "usd per gpu hr": a time word after the currency in a data key; "price per
# accel hour" names the price by its noun (its currency comes from the document, see tables.py)
_DATA_KEY_RATE = re.compile(
    r"\b(?:usd|dollars|price|cost)\b(?:\s+\w+){0,3}?\s+(hr|hour|h|mo|month|yr|year)\b"
)
_KEY_RATES = {
    "hr": "hour",
    "hour": "hour",
    "h": "hour",
    "mo": "month",
    "month": "month",
    "yr": "year",
    "year": "year",
}
_PER_TAIL = re.compile(r"(?<=\S)\s+per\s+[A-Za-z][\w\-]*(?:\s+[A-Za-z][\w\-]*)?\s*$", re.I)
_MONEY_RATE = re.compile(r"(?:(?:US)?\$|USD)\s?/\s?\w{1,5}")  # "$/hr", "$/h", "USD/hr"


@lru_cache(maxsize=512)
def _second_number(unit: str, words: str, comma_decimal: bool) -> re.Pattern[str]:
    """Return the pattern of the second half of a range or alternatives ("-50%", " or 5")."""
    return re.compile(
        # The first unit may be repeated, spaced or not: "30-50%", "120 W to 180 W".
        rf"(?:[ \t]?{re.escape(unit)})?(?:\s*(-|–|—|/)\s*|\s+({words})\s+)(?:\$)?"
        rf"({_DIGITS_COMMA_DECIMAL if comma_decimal else _DIGITS})(?![\d.,]*\d)"
    )


def _repeats_unit(text: str, end: int, second: re.Match[str]) -> bool:
    """Return True when a unit stands, after a space, between a number and its range's second half."""
    separator = second.start(1) if second.group(1) else second.start(2)
    return text[end : end + 1].isspace() and bool(text[end:separator].strip())


def _to_float(digits: str, comma_decimal: bool) -> float:
    digits = re.sub(f"[{_GROUP_SPACE}]", "", digits)
    if comma_decimal or _CENTS.fullmatch(digits):
        return float(digits.replace(".", "").replace(",", "."))
    return float(digits.replace(",", ""))


def _decimals(digits: str, comma_decimal: bool) -> int:
    if not comma_decimal and "e" in digits.lower():  # "1.03e+11": the mantissa's digits, shifted
        mantissa, exponent = re.split("[eE]", digits)
        return max(0, _decimals(mantissa, comma_decimal) - int(exponent))
    separator = "," if comma_decimal or _CENTS.fullmatch(digits) else "."
    return len(digits.split(separator, 1)[1]) if separator in digits else 0


def _glue_before(text: str, start: int) -> str | None:
    """Return what a number is glued to on its left, if anything.

    "name" for names and versions ("v5p", "BLOOM-176B", "Trn1.32xlarge"); "label" for a
    scraped label that ran into its value ("Capacity64GB"), which counts only when a unit
    follows; None for a free-standing number.
    """
    if start == 0:
        return None
    before = text[start - 1]
    if before.isalpha():
        word = _LETTERS_AT_END.search(text[max(0, start - 30) : start])
        is_label = word is not None and len(word.group(0)) >= 4 and word.group(0)[-1].islower()
        return "label" if is_label else "name"
    if before == "_" or before.isdigit():
        return "name"
    if before in "-.:" and start >= 2 and text[start - 2].isalnum():
        return "name"
    return None


# "16 of them", "four of these;": a count of the product just named ("these"/"those" where no noun follows)
OF_THEM = re.compile(
    r"\s+of\s+(?:them\b|these(?=[ \t]*(?:[^\w \t]|$))|those(?=[ \t]*(?:[^\w \t]|$)))", re.I | re.M
)


def _spelled(
    start: int, stop: int, low: float, high: float, form: ValueForm, kind: str, **fields: Any
) -> Quantity:
    """Return a quantity written in number words (no decimals), ending where its unit ends."""
    return Quantity(start, stop, low, high, form, 0, kind, unit_end=stop, **fields)


def _estimate_cell(text: str, start: int, end: int) -> bool:
    """Return True when the text is one figure and an estimate mark glued to it ("500e")."""
    return not text[:start].strip() and _ESTIMATE_CELL.fullmatch(text, end) is not None


def _glued_after_number(text: str, end: int) -> bool:
    return end < len(text) and (text[end].isalpha() or text[end] == "_")


def _per_second(label: str) -> str:
    """Return a data key with its rate per second written as a unit: "gb per s", "gb s" -> "gb/s"."""
    return _UNIT_SECOND.sub(r"\1/s", _PER_SECOND.sub(r"\1/s", label))


def _is_data_key(label: str) -> bool:
    """Return True for a header that is a data key split into words ("mem per accel GB", "tdp w")."""
    return bool(_DATA_KEY.fullmatch(label)) and not label.isupper()
