"""Read a LaTeX definition: a macro without parameters (printed where used) or a siunitx unit."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from factlint.sources.latexmarkup import LatexSource, Span
from factlint.sources.latexunits import unit_text

_TEX_DEFINITIONS = frozenset(("def", "gdef", "edef", "xdef"))
_DOCUMENT_COMMANDS = frozenset(("NewDocumentCommand", "RenewDocumentCommand", "DeclareDocumentCommand"))


@dataclass(frozen=True)
class Definition:
    """What a definition defines, and the offset after it."""

    after: int
    macro: str | None = None  # a macro without parameters...
    body: Span | None = None  # ...and what it prints
    unit: tuple[str, str] | None = None  # (name, printed unit) of \DeclareSIUnit


def read_definition(source: LatexSource, name: str, after: int, units: Mapping[str, str]) -> Definition:
    """Return the definition made by the command ``name`` whose arguments start at ``after``.

    A macro with parameters ("\\newcommand{\\x}[1]{..}") is skipped: its uses are read as
    unknown commands, their arguments as text. ``units`` are the units declared so far.
    """
    if name == "DeclareSIUnit":
        arguments, after = source.options_and_arguments(after, 2)
        if len(arguments) < 2 or not (unit := _macro_name(source, arguments[0])):
            return Definition(after)
        return Definition(
            after, unit=(unit, unit_text(source.text[arguments[1].start : arguments[1].end], units))
        )
    if name == "let":
        _, after = source.options_and_arguments(after, 2)
        return Definition(after)
    if name in _TEX_DEFINITIONS:
        return _tex_definition(source, after)
    target = source.argument(after)
    if target is None:
        return Definition(after)
    after = target.after
    if name in _DOCUMENT_COMMANDS:
        spec = source.group(after)
        if spec is None:
            return Definition(after)
        takes = bool(source.text[spec.inside.start : spec.inside.end].strip())
        after = spec.after
    else:
        count = source.optional(after)
        takes = count is not None and source.text[count.inside.start : count.inside.end].strip() not in (
            "",
            "0",
        )
        while (optional := source.optional(after)) is not None:
            after = optional.after
    body = source.group(after)
    if body is None:
        return Definition(after)
    macro = _macro_name(source, target.inside)
    if not macro or takes:
        return Definition(body.after)
    return Definition(body.after, macro, body.inside)


def _tex_definition(source: LatexSource, after: int) -> Definition:
    """Read ``\\def\\name{body}`` (one with parameters, ``\\def\\name#1{..}``, defines nothing read)."""
    start = source.skip_space(after)
    control = source.control(start)
    if control is None:
        return Definition(after)
    after = start + len(control)
    brace = source.text.find("{", after)
    body = source.group(brace) if brace >= 0 else None
    if body is None:
        return Definition(after)
    if source.text[after:brace].strip():
        return Definition(body.after)
    return Definition(body.after, control[1:], body.inside)


def _macro_name(source: LatexSource, span: Span) -> str:
    """Return the name a definition defines ("\\GB" or "{\\GB}" -> "GB")."""
    written = source.text[span.start : span.end].strip(" \t\n\x00{}")
    return written[1:] if written.startswith("\\") else ""
