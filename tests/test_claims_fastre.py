"""The ASCII twin of a case-insensitive pattern finds exactly what the pattern finds."""

from __future__ import annotations

import re
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from factlint.claims.extract import Extractor
from factlint.claims.fastre import WARM_UP, FoldedPattern, compile_folded
from factlint.pack import load_pack


def _folded_patterns() -> list[tuple[str, FoldedPattern]]:
    """Return every folded pattern an extractor for the default pack compiles, by attribute path."""
    found: list[tuple[str, FoldedPattern]] = []
    seen: set[int] = set()

    def walk(value: object, path: str) -> None:
        if id(value) in seen:
            return
        seen.add(id(value))
        if isinstance(value, FoldedPattern):
            found.append((path, value))
        elif isinstance(value, list | tuple):
            for index, item in enumerate(value):
                walk(item, f"{path}[{index}]")
        elif type(value).__module__.startswith("factlint.claims") and hasattr(value, "__dict__"):
            for name, item in vars(value).items():
                walk(item, f"{path}.{name}")

    walk(Extractor(load_pack()), "extractor")
    for module in list(sys.modules.values()):
        if module is not None and module.__name__.startswith("factlint.claims"):
            for name, value in vars(module).items():
                if isinstance(value, FoldedPattern):
                    walk(value, f"{module.__name__}.{name}")
    return found


PATTERNS = _folded_patterns()


def _words(pattern: FoldedPattern) -> list[str]:
    return re.findall(r"[A-Za-z]+", pattern.pattern) or ["x"]


def _texts(words: list[str]) -> st.SearchStrategy[str]:
    piece = st.one_of(
        st.sampled_from(words),
        st.sampled_from(words).map(str.upper),
        st.sampled_from(words).map(str.title),
        st.sampled_from([" ", "  ", "-", "(", ")", ".", ",", "$", "~", "/", "\n", "\t", "_"]),
        st.from_regex(r"\d{1,4}(?:[.,]\d{1,3})?", fullmatch=True),
        st.sampled_from(["\u212a", "\u017f", "\u0130", "\u00a0", "\u00d7", "\u00b5", "\u00df", "é"]),
        st.text(alphabet=st.characters(max_codepoint=127), max_size=3),
    )
    return st.lists(piece, max_size=14).map("".join)


def _spans(matches: object) -> list[tuple[tuple[int, int], tuple[str | None, ...]]]:
    return [(m.span(), m.groups()) for m in matches]  # type: ignore[attr-defined]


def test_the_claims_patterns_have_ascii_twins() -> None:
    assert len(PATTERNS) > 30
    assert all(pattern.ascii_pattern(warm=False) is not pattern._any for _, pattern in PATTERNS)


@pytest.mark.parametrize(("path", "pattern"), PATTERNS, ids=[path for path, _ in PATTERNS])
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_twin_finds_what_the_pattern_finds(path: str, pattern: FoldedPattern, data: st.DataObject) -> None:
    text = data.draw(_texts(_words(pattern)))
    original = pattern._any
    twin = pattern.ascii_pattern(warm=False)
    ascii_text = text.encode("ascii", "replace").decode("ascii")
    for sample in (text, ascii_text):
        assert _spans(pattern.finditer(sample)) == _spans(original.finditer(sample))
        for position in range(0, len(sample) + 1, 5):
            expected = original.match(sample, position)
            got = pattern.match(sample, position)
            assert (got and (got.span(), got.groups())) == (expected and (expected.span(), expected.groups()))
    assert _spans(twin.finditer(ascii_text)) == _spans(original.finditer(ascii_text))


def test_non_ascii_text_uses_the_original_pattern() -> None:
    pattern = compile_folded(r"(?<![\w])(?:kilo|seconds?)(?![\w])", re.I)
    # The Kelvin sign and the long s fold to "k" and "s" under re.I.
    assert pattern.search("\u212ailo").span() == (0, 4)
    assert pattern.search("\u017feconds").span() == (0, 7)
    assert pattern.search("KILO").span() == (0, 4)
    assert pattern.search("kilos") is None


def test_scoped_flags_and_plain_patterns_keep_their_meaning() -> None:
    text = "aBc abC ABc dx Dx DX xa(b)c"
    for source, flags in ((r"a(?i:b)c|(?-i:D)x", re.I), (r"a(?i:b)c|D(?i:x)", 0), (r"(?:ab|ac|b)d|x", 0)):
        expected = [m.span() for m in re.finditer(source, text + " abd acd bd Abd", flags)]
        assert [
            m.span() for m in compile_folded(source, flags).finditer(text + " abd acd bd Abd")
        ] == expected
    assert [m.group(0) for m in compile_folded(r"a(?i:b)c|(?-i:D)x", re.I).finditer(text)] == [
        "aBc",
        "abC",
        "ABc",
        "Dx",
        "DX",
    ]


def test_the_twin_takes_over_after_the_warm_up() -> None:
    pattern = compile_folded(r"(?<![\w])(?:warm|cold)\s+up(?![\w])", re.I)
    for _ in range(WARM_UP):
        assert pattern.search("a WARM  up").span() == (2, 10)
    assert pattern.ascii_pattern() is not pattern._any
    assert pattern.search("a WARM  up").span() == (2, 10)


def test_a_look_behind_every_alternative_opens_with_is_tested_once() -> None:
    pattern = compile_folded(r"(?<!\w)ships?\s+in|(?<!\w)ships?\s+by|(?<!\w)due\s+(?:in|by)", re.I)
    twin = pattern.ascii_pattern(warm=False)
    assert twin is not pattern._any
    text = "It ships in May; the card Ships by June, reships in July, is due by fall and undue in spring."
    found = [match.span() for match in twin.finditer(text)]
    assert found == [match.span() for match in re.finditer(pattern.pattern, text, re.I)]
    assert len(found) == 3
