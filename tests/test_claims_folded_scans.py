"""Patterns run over every block of a document find with their ASCII twin what they find without it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from factlint.claims.correctionowners import correction_pattern
from factlint.claims.fastre import FoldedPattern
from factlint.claims.footnotes import _REFERENCE
from factlint.claims.language import english

_PIECES = st.sampled_from(
    [
        *english().correction_openers,
        "Correct",
        "correct",
        "CORRECT",
        "is",
        "was",
        "should read",
        "should  be",
        "now",
        "the figure",
        "[^4]",
        "[b]",
        "[17]",
        "[",
        "]",
        ")",
        "%",
        ".",
        "-",
        " ",
        "\n",
        "$",
        "~",
        "12",
        "3.5 kW",
        "\u2020",
        "\u00b2",
    ]
)
_TEXTS = st.lists(_PIECES, max_size=16).map("".join)


def _found(pattern: FoldedPattern, text: str) -> list[tuple[tuple[int, int], tuple[str | None, ...]]]:
    return [(m.span(), m.groups()) for m in pattern.finditer(text)]


@settings(max_examples=300, deadline=None)
@given(_TEXTS)
def test_correction_openers_twin_matches_the_pattern(text: str) -> None:
    pattern = correction_pattern(english())
    twin = pattern.ascii_pattern(warm=False)
    assert twin is not pattern._any
    ascii_text = text.encode("ascii", "replace").decode("ascii")
    expected = [(m.span(), m.groups()) for m in pattern._any.finditer(ascii_text)]
    assert [(m.span(), m.groups()) for m in twin.finditer(ascii_text)] == expected
    assert _found(pattern, text) == [(m.span(), m.groups()) for m in pattern._any.finditer(text)]


@settings(max_examples=300, deadline=None)
@given(_TEXTS)
def test_note_references_twin_matches_the_pattern(text: str) -> None:
    twin = _REFERENCE.ascii_pattern(warm=False)
    assert twin is not _REFERENCE._any
    ascii_text = text.encode("ascii", "replace").decode("ascii")
    expected = [(m.span(), m.groups()) for m in _REFERENCE._any.finditer(ascii_text)]
    assert [(m.span(), m.groups()) for m in twin.finditer(ascii_text)] == expected
    assert _found(_REFERENCE, text) == [(m.span(), m.groups()) for m in _REFERENCE._any.finditer(text)]


def test_examples_are_found_by_both() -> None:
    pattern = correction_pattern(english())
    found = pattern.finditer("The right value: correct is $2.10 per hour.")
    assert [m.group(0) for m in found] == ["correct is "]
    assert pattern.search("incorrect is 5 W") is None
    assert [m.group(1) for m in _REFERENCE.finditer("Peak 310 W[^7] and 40 GB[c]; [d] alone")] == ["7", "c"]
