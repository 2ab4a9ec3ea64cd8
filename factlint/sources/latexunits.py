"""Print siunitx quantities as a reader sees them: ``\\SI{1.5}{\\tera\\byte\\per\\second}`` -> "1.5 TB/s".

The units package's ``\\unit[40]{GB}`` and ``\\unitfrac`` print the same way.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from factlint.sources.latexmarkup import MASK, LatexSource, Span, knowledge

# In a unit argument: a macro with an optional brace argument ("\tothe{3}"), or literal text.
_UNIT_TOKEN = re.compile(r"\\([A-Za-z]+)[ \t]*(?:\{([^{}]*)\})?|([^\\]+)")
_POWERS = {"square": "²", "squared": "²", "cubic": "³", "cubed": "³"}
_SUPERSCRIPTS = str.maketrans("0123456789-+", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺")
# What siunitx ignores in a number, and its exponent: "1.2e3", "6.02E23".
_NUMBER_NOISE = re.compile(r"\\[,;: !]|[{}\s~\x00]")
_EXPONENT = re.compile(r"([-+]?[\d.]*)[eEdD]([-+]?\d+)")
_SYMBOL = re.compile(r"\\([A-Za-z]+)")
_VALUE = re.compile(r"\s*[-+]?[\d.,]+\s*")


def unit_text(written: str, declared: Mapping[str, str]) -> str:
    """Return the unit a siunitx unit argument prints: "\\giga\\byte\\per\\second" -> "GB/s".

    ``declared`` holds the units the document declares (``\\DeclareSIUnit{\\GBps}{...}``);
    literal text ("GB/s") is printed as written. Units of a product are written together
    ("\\kilo\\watt\\hour" -> "kWh"), as the names of units are in the figures read later.
    """
    known = knowledge()
    pieces: list[str] = []
    prefix = ""
    power = ""  # "\square" before its unit
    per = False
    for match in _UNIT_TOKEN.finditer(written.replace(MASK, "")):
        name, argument, literal = match.groups()
        if literal is not None:
            literal = literal.replace("{", "").replace("}", "").replace("~", " ").strip()
            if literal:
                pieces.append(("/" if per else "") + literal)
                per = False
            continue
        if name == "per":
            per = True
            continue
        if name in known.unit_prefixes:
            prefix += known.unit_prefixes[name]
            continue
        if name in ("square", "cubic"):
            power = _POWERS[name]
            continue
        if name in ("squared", "cubed") and pieces:
            pieces[-1] += _POWERS[name]
            continue
        if name in ("tothe", "raiseto") and argument and pieces:
            pieces[-1] += argument.strip().translate(_SUPERSCRIPTS)
            continue
        unit = declared.get(name) or known.units.get(name) or known.unit_abbreviations.get(name)
        if unit is None:
            continue
        pieces.append(("/" if per else "") + prefix + unit + power)
        prefix, power, per = "", "", False
    return "".join(pieces)


def number_text(written: str) -> str:
    """Return the number a siunitx number argument prints: "1,5" -> "1.5", "2e3" -> "2×10³".

    A comma is a decimal marker to siunitx, as a full stop is; spaces and thin spaces
    between digits are ignored; "+-" is "±"; comparators print as symbols ("\\approx 3").
    """
    text = _NUMBER_NOISE.sub("", written)
    symbols = knowledge().symbols
    text = _SYMBOL.sub(lambda match: symbols.get(match.group(1), ""), text)
    text = text.replace("+-", "±").replace(",", ".")
    exponent = _EXPONENT.fullmatch(text)
    if exponent is not None:
        mantissa, power = exponent.groups()
        tens = "10" + power.lstrip("+").translate(_SUPERSCRIPTS)
        return f"{mantissa}×{tens}" if mantissa else tens
    return text.replace("x", " × ")


def number_list(written: str) -> list[str]:
    """Return the numbers of a siunitx list argument ("1;2;4" -> ["1", "2", "4"])."""
    return [number_text(part) for part in written.split(";") if _NUMBER_NOISE.sub("", part)]


def spoken_list(items: list[str]) -> str:
    """Return items as siunitx lists print them: "1, 2 and 4"."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


# Quantity commands (siunitx, and the units package's \unit[..]{..}, \unitfrac) -> how many
# mandatory arguments they take.
QUANTITIES = {
    "SI": 2, "qty": 2, "num": 1, "tablenum": 1, "si": 1, "unit": 1, "SIrange": 3, "qtyrange": 3,
    "numrange": 2, "SIlist": 2, "qtylist": 2, "numlist": 1, "ang": 1, "unitfrac": 2, "numproduct": 1,
    "qtyproduct": 2,
}  # fmt: skip


@dataclass(frozen=True)
class Printed:
    """What a quantity command prints, as (text, source offset) pieces, and the offset after it."""

    pieces: tuple[tuple[str, int], ...]
    after: int


def quantity(source: LatexSource, name: str, after: int, declared: Mapping[str, str]) -> Printed:
    """Return what the quantity command ``name`` (arguments from ``after``) prints.

    Each number is anchored where it is written and each unit where its argument starts, so
    a figure keeps its line. ``\\SI{3}[\\$]{}`` prints its pre-unit first ("$3").
    """
    text = source.text
    pieces: list[tuple[str, int]] = []
    value = source.optional(after)
    if name == "unit" and value is not None and _VALUE.fullmatch(_written(source, value.inside)):
        # the units package's \unit[40]{GB}; siunitx's \unit[options]{..} prints a unit only
        arguments, after = source.options_and_arguments(value.after, 1)
        pieces.append((number_text(text[value.inside.start : value.inside.end]), value.inside.start))
        if arguments:
            pieces.append((" " + unit_text(_written(source, arguments[0]), declared), arguments[0].start))
        return Printed(tuple(pieces), after)
    if name in ("SI", "qty"):
        arguments, after = source.options_and_arguments(after, 1)
        prefix = source.optional(after)
        unit = source.argument(prefix.after if prefix else after)
        if not arguments or unit is None:
            return Printed((), after)
        if prefix is not None:
            pieces.append((unit_text(_written(source, prefix.inside), declared), prefix.inside.start))
        pieces.append((number_text(_written(source, arguments[0])), arguments[0].start))
        printed = unit_text(_written(source, unit.inside), declared)
        if printed:
            pieces.append((" " + printed, unit.inside.start))
        return Printed(tuple(pieces), unit.after)
    arguments, after = source.options_and_arguments(after, QUANTITIES[name])
    if len(arguments) < QUANTITIES[name] or name == "ang":
        return Printed((), after)
    written = [_written(source, span) for span in arguments]
    starts = [span.start for span in arguments]
    if name in ("num", "tablenum", "numproduct"):
        pieces.append((number_text(written[0]), starts[0]))
    elif name in ("si", "unit"):
        pieces.append((unit_text(written[0], declared), starts[0]))
    elif name in ("SIrange", "qtyrange", "numrange"):
        pieces += [(number_text(written[0]), starts[0]), ("–" + number_text(written[1]), starts[1])]
    elif name in ("SIlist", "qtylist", "numlist"):
        pieces.append((spoken_list(number_list(written[0])), starts[0]))
    elif name == "qtyproduct":
        pieces.append((number_text(written[0]), starts[0]))
    elif name == "unitfrac":
        pieces.append((unit_text(written[0], declared) + "/" + unit_text(written[1], declared), starts[0]))
    if name in ("SIrange", "qtyrange", "SIlist", "qtylist", "qtyproduct"):
        pieces.append((" " + unit_text(written[-1], declared), starts[-1]))
    return Printed(tuple(pieces), after)


def _written(source: LatexSource, span: Span) -> str:
    return source.text[span.start : span.end]
