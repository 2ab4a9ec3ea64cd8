"""Print LaTeX's inline pieces: formulas, raised and lowered scripts, fractions, verbatim text,
table-note marks and siunitx quantities, each as the typeset line shows it."""

from __future__ import annotations

import re
from typing import Protocol

from factlint.sources.latexmarkup import LatexSource
from factlint.sources.latexunits import quantity

_MATH_END = {"$": re.compile(r"\\.|\$", re.DOTALL), "$$": re.compile(r"\\.|\$\$", re.DOTALL)}
_SUPERSCRIPTS = str.maketrans("0123456789-+", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺")
FRACTIONS = frozenset(("frac", "dfrac", "tfrac", "nicefrac", "sfrac", "xfrac"))


class Printer(Protocol):
    """What prints a piece: the source, reading a span as text, adding text, reading a formula."""

    source: LatexSource

    def run(self, start: int, end: int) -> None: ...

    def emit(self, text: str, offset: int) -> None: ...

    def formula(self, start: int, end: int) -> None: ...


def script(printer: Printer, mark: str, offset: int, end: int) -> int:
    """Print a formula's ``^{..}``/``_{..}``: digits raised as "10¹⁸", other text as written;
    return the offset after it."""
    argument = printer.source.argument(offset)
    if argument is None or argument.after > end:
        return offset
    written = printer.source.text[argument.inside.start : argument.inside.end].strip()
    if mark == "^" and re.fullmatch(r"[-+]?\d+", written):
        printer.emit(written.translate(_SUPERSCRIPTS), argument.inside.start)
    else:
        printer.run(argument.inside.start, argument.inside.end)
    return argument.after


def dollar_math(printer: Printer, opening: str, offset: int, end: int) -> int:
    """Print an inline formula ``$..$`` (or ``$$..$$``) and return the offset after it; an
    unclosed "$" is a dollar sign."""
    close = offset
    for match in _MATH_END[opening].finditer(printer.source.text, offset, end):
        if match.group(0) == opening:
            close = match.start()
            break
    else:
        printer.emit(opening, offset - len(opening))
        return offset
    printer.formula(offset, close)
    return close + len(opening)


def fraction(printer: Printer, after: int) -> int:
    """Print ``\\frac{a}{b}`` as "a/b"; return the offset after it."""
    arguments, after = printer.source.options_and_arguments(after, 2)
    if len(arguments) == 2:
        printer.run(arguments[0].start, arguments[0].end)
        printer.emit("/", arguments[1].start)
        printer.run(arguments[1].start, arguments[1].end)
    return after


def verbatim(printer: Printer, after: int) -> int:
    """Print ``\\verb|..|`` as written between its delimiters; return the offset after it."""
    text = printer.source.text
    if after >= len(text):
        return after
    close = text.find(text[after], after + 1)
    close = len(text) if close < 0 else close
    printer.emit(text[after + 1 : close], after + 1)
    return close + 1


def table_note(printer: Printer, start: int, after: int) -> int:
    """Print ``\\tnote{a}`` as "[a]"; return the offset after it."""
    arguments, after = printer.source.options_and_arguments(after, 1)
    if arguments:
        marker = printer.source.text[arguments[0].start : arguments[0].end].strip()
        if marker:
            printer.emit(f"[{marker}]", start)
    return after


def siunitx(printer: Printer, name: str, after: int, units: dict[str, str]) -> int:
    """Print a siunitx (or units package) quantity: "\\SI{40}{\\giga\\byte}" -> "40 GB"; ``units``
    are the document's own unit macros. Return the offset after it."""
    printed = quantity(printer.source, name, after, units)
    for text, offset in printed.pieces:
        printer.emit(text, offset)
    return printed.after
