"""Readers stay linear on long lines and long paragraphs; the linear forms read what the former ones read.

Linearity is shown by counting what is searched, never by timing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from factlint.sources import delimited, org, orginline
from factlint.sources.detect import _MARKDOWN_SIGNS, _WIKITEXT_SIGNS, is_markdown, is_wikitext
from factlint.sources.orginline import org_inline_text
from factlint.sources.rstlines import SourceLine
from factlint.sources.ruledtables import RULE_LINE, is_rule

# The former rule pattern: "[ \t]*[+|]?[ \t]*" on each side split a run of spaces between two
# quantifiers, so a rule-like line ending in text failed only after trying every split.
_FORMER_RULE_LINE = re.compile(
    r"[ \t]*[+|]?[ \t]*:?[-=]{2,}:?(?:[ \t]*[+|][ \t]*:?[-=]{2,}:?)*[ \t]*[+|]?[ \t]*"
)


@given(st.text(alphabet=st.sampled_from([" ", "\t", "+", "|", "-", "=", ":", "x"]), max_size=24))
def test_rule_line_matches_what_the_former_pattern_matched(line: str) -> None:
    assert bool(RULE_LINE.fullmatch(line)) == bool(_FORMER_RULE_LINE.fullmatch(line))


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("-----+------", True),
        ("+-----+-----+", True),
        ("  |:----|----:|  ", True),
        ("-- " + " " * 20_000 + "x", False),  # a signature-like line ending in text: no rule
        ("+" + " " * 20_000 + "+--", False),
        ("---" + " " * 20_000 + "|", True),
    ],
)
def test_rules_and_long_look_alikes(line: str, expected: bool) -> None:
    assert is_rule(line) is expected


# The former Markdown signs: "[ \t]*\|?[ \t]*" before a table's delimiter row split a line's
# leading spaces between two quantifiers, so a plain-text line of spaces then text took their square.
_FORMER_MARKDOWN_SIGNS = re.compile(
    r"^(?:"
    r"#{1,6}[ \t]+\S"
    r"|[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*\|"
    r"|[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]+(?:\*\*|__)[^*_\n]{1,80}?(?::(?:\*\*|__)|(?:\*\*|__):)"
    r"|(?:\*\*|__)[^*_\n]{1,80}?(?::(?:\*\*|__)|(?:\*\*|__):)"
    r"|```|~~~"
    r")",
    re.MULTILINE,
)


@given(
    st.text(
        alphabet=st.sampled_from([" ", "\t", "|", ":", "-", "\n", "*", "#", "x", "1", ".", "`"]), max_size=30
    )
)
def test_markdown_signs_are_found_where_the_former_pattern_found_them(text: str) -> None:
    found, former = _MARKDOWN_SIGNS.search(text), _FORMER_MARKDOWN_SIGNS.search(text)
    assert (found and found.span()) == (former and former.span())


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (" " * 20_000 + "x\n", False),  # a plain-text line of spaces and then text
        ("\t" * 20_000 + "| x\n", False),
        ("model | memory\n" + " " * 20_000 + "|---|---|\n", True),
    ],
)
def test_markdown_signs_in_long_lines(text: str, expected: bool) -> None:
    assert is_markdown(text, ".txt", has_front_matter=False) is expected


_FORMER_WIKITEXT_HEADING = re.compile(r"^(={2,6})[ \t]*[^=\n]+?[ \t]*\1[ \t]*$", re.MULTILINE)


@given(st.text(alphabet=st.sampled_from([" ", "\t", "=", "\n", "x"]), max_size=30))
def test_wikitext_heading_sign_is_found_where_the_former_pattern_found_it(text: str) -> None:
    assert bool(_WIKITEXT_SIGNS[2].search(text)) == bool(_FORMER_WIKITEXT_HEADING.search(text))


@pytest.mark.parametrize(
    ("heading", "expected"),
    [
        ("== " + " " * 20_000 + "x", False),  # a heading opened and never closed
        ("== " + " " * 20_000 + "x ==", True),
        ("=== Memory ===  ", True),
        ("== a = b ==", False),
    ],
)
def test_wikitext_heading_sign_in_long_lines(heading: str, expected: bool) -> None:
    text = f"{heading}\n'''bold''' and [[a link]]\n"
    assert is_wikitext(text, ".txt") is expected


class _CountingPattern:
    """Stands in for ``orginline._INLINE``: counts the characters each search is given."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.searched = 0

    def search(self, text: str, start: int, end: int) -> re.Match[str] | None:
        self.searched += end - start
        return self.pattern.search(text, start, end)


def _lines(text: str) -> list[SourceLine]:
    return [SourceLine(number, 1, line) for number, line in enumerate(text.split("\n"), start=1)]


@pytest.mark.parametrize("tail", ["", "[fn:1]", " see <2025-03-01>."])
def test_org_paragraph_of_many_emphasis_spans_is_searched_once(
    monkeypatch: pytest.MonkeyPatch, tail: str
) -> None:
    text = "The Lumen R7 holds 40 GB of /HBM3e/ and runs at *2.1 GHz* in board form. " * 400 + tail
    counting = _CountingPattern(orginline._INLINE)
    monkeypatch.setattr(orginline, "_INLINE", counting)
    printed = org_inline_text(_lines(text))
    assert printed is not None and "40 GB of HBM3e" in printed.text
    assert counting.searched <= 2 * len(text)


def _former_found(
    inline: orginline._Inline, start: int, end: int
) -> Iterator[re.Match[str] | orginline._Emphasis]:
    """The former ``_found``, which searched again after every emphasis span."""
    position, match = start, None
    while position < end:
        if match is None or match.start() < position:
            match = orginline._INLINE.search(inline.text, position, end)
        limit = match.start() if match is not None else end
        found = orginline._first_emphasis(inline, position, limit, end) or match
        if found is None:
            return
        yield found
        position = found.end()


_ORG_PIECES = [
    "a",
    "7",
    " ",
    "\n",
    "/",
    "*",
    "=",
    "+",
    "[fn:2]",
    "[[x][y]]",
    "<2024-05-06>",
    "\\\\",
    "x_{2}",
    "[",
]


@given(st.lists(st.sampled_from(_ORG_PIECES), max_size=30))
def test_org_inline_text_is_what_the_former_search_gave(pieces: list[str]) -> None:
    lines = _lines("".join(pieces))
    now = org_inline_text(lines, one_line=False)
    current = orginline._found
    orginline._found = _former_found  # type: ignore[assignment]
    try:
        before = org_inline_text(lines, one_line=False)
    finally:
        orginline._found = current  # type: ignore[assignment]
    assert now == before


def _former_field_starts(line: str, delimiter: str) -> list[int]:
    """The former ``_field_starts``, which walked every line character by character."""
    starts = [0]
    quoted = False
    position = 0
    while position < len(line):
        char = line[position]
        if quoted and char == '"' and line.startswith('"', position + 1):
            position += 1
        elif char == '"' and (quoted or not line[starts[-1] : position].strip(" ")):
            quoted = not quoted
        elif char == delimiter and not quoted:
            starts.append(position + 1)
        position += 1
    return starts


@given(
    st.text(alphabet=st.sampled_from(["a", "7", " ", ",", ";", "\t", "|", '"']), max_size=30),
    st.sampled_from([",", ";", "\t", "|"]),
)
def test_field_starts_are_where_the_former_walk_put_them(line: str, delimiter: str) -> None:
    assert delimited.field_starts(line, delimiter) == _former_field_starts(line, delimiter)


def _former_note_heading() -> re.Pattern[str]:
    """The former Org log-note header, with "[ \t]*(?:\\\\)?[ \t]*" after its timestamp."""
    patterns = org.org_knowledge().words("log_note_headings")
    alternatives = "|".join(f"(?:{pattern})" for pattern in patterns)
    return re.compile(rf"(?:{alternatives})[^\n]*?{orginline.TIMESTAMP}[ \t]*(?:\\\\)?[ \t]*$")


_NOTE_PIECES = [
    "Note taken on ",
    "Refiled on ",
    "[2026-02-03 Tue 09:15]",
    "<2026-02-03>",
    " ",
    "\t",
    "\\\\",
    "x",
]


@given(st.lists(st.sampled_from(_NOTE_PIECES), max_size=8))
def test_org_note_header_is_read_where_the_former_pattern_read_it(pieces: list[str]) -> None:
    line = "".join(pieces)
    assert bool(org._note_heading().match(line)) == bool(_former_note_heading().match(line))


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("Note taken on [2026-02-03 Tue 09:15]" + " " * 20_000 + "x", False),  # text after: no header
        ("Note taken on [2026-02-03 Tue 09:15] \\\\" + " " * 20_000, True),
        ("Refiled on [2026-02-03 Tue 09:15]", True),
    ],
)
def test_org_note_header_in_long_lines(line: str, expected: bool) -> None:
    assert (org._note_heading().match(line) is not None) is expected
