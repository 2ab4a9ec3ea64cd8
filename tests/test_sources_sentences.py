"""Sentence splitting cases kept in YAML, plus span invariants."""

from __future__ import annotations

import pathlib
import re

import pytest
import yaml
from hypothesis import example, given, settings
from hypothesis import strategies as st

from factlint.sources.sentences import abbreviations, split_sentences

CASES = yaml.safe_load(
    (pathlib.Path(__file__).parent / "fixtures" / "sources" / "sentences.yaml").read_text()
)


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_sentence_case(case: dict) -> None:
    text = case["text"]
    assert [text[start:end] for start, end in split_sentences(text)] == case["sentences"]


@given(st.text(alphabet="ab. !?()\n2A", max_size=80))
def test_spans_are_ordered_trimmed_and_inside_text(text: str) -> None:
    spans = split_sentences(text)
    previous_end = 0
    for start, end in spans:
        assert previous_end <= start < end <= len(text)
        assert not text[start].isspace() and not text[end - 1].isspace()
        previous_end = end
    assert "".join(text[a:b] for a, b in spans).replace(" ", "").replace("\n", "") == "".join(text.split())


# The straightforward splitter the optimised one must agree with, kept as an oracle.
_REFERENCE_END = re.compile(
    r"(?<!\.\.)(?<!…)[.!?][\"'”’)\]]*(?=\s)"
    r"|(?<=\S)(?=[ \t]*\n[ \t]*(?:[A-Z][\w ()/.+-]{0,40}:[ \t]+\S"
    r"|(?:\*\*|__)[^*_\n]{1,80}?(?::(?:\*\*|__)|(?:\*\*|__):)"
    r"|[^\s.…][^\n]{0,40}?(?:[ \t]*(?:\.{4,}|…{2,})[ \t]*[^\s.…]|[ \t]+(?:\.{3}|…)[ \t]+[$€£~≈]?\d)))"
)
_REFERENCE_WORD = re.compile(r"(?<![^\s(\[\"'“‘])([\w.]*\w)\.$")


def _reference_split(text: str) -> tuple[tuple[int, int], ...]:
    def skip(offset: int) -> int:
        return next((i for i in range(offset, len(text)) if not text[i].isspace()), len(text))

    def ends(start: int, mark: int, end: int) -> bool:
        if text.count("(", start, mark) > text.count(")", start, mark):
            return False
        if mark == end:
            return True
        following = re.compile(r"\s*([\"'“‘(\[`]*)(\S)").match(text, end)
        if following is None:
            return False
        next_char = following.group(2)
        line_break = "\n" in text[end : following.start(1)]
        if not line_break and not (next_char.isupper() or next_char.isdigit() or following.group(1)):
            return False
        if text[mark] != ".":
            return True
        word = _REFERENCE_WORD.search(text, start, mark + 1)
        if word is None:
            return True
        lowered = word.group(1).lower()
        known = abbreviations()
        unit_letter = len(lowered) == 1 and lowered.isalpha() and re.search(r"\d ?\Z", text[: word.start(1)])
        if line_break and (lowered in known.always or unit_letter) and next_char.islower():
            return False  # a hard-wrapped line going on after an abbreviation or a letter after a number
        if unit_letter:
            return True  # a unit symbol after a number, not an initial
        if lowered in known.counters and re.search(r"\d ?\Z", text[: word.start(1)]):
            return False  # a piece counter after a number stands before what it counts
        if line_break and lowered in known.always and next_char.islower():
            return False  # a hard-wrapped line going on after a listed abbreviation
        if lowered in known.always or (len(lowered) == 1 and lowered.isalpha()):
            return line_break and not word.group(1)[-1].isupper()
        return not (lowered in known.before_numbers and next_char.isdigit())

    spans = []
    start = skip(0)
    for match in _REFERENCE_END.finditer(text):
        if match.end() > start and ends(start, match.start(), match.end()):
            spans.append((start, match.end()))
            start = skip(match.end())
    if start < len(text.rstrip()):
        spans.append((start, len(text.rstrip())))
    return tuple(piece for span in spans for piece in _reference_outline_cuts(text, *span))


def _reference_outline_cuts(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Cut a sentence where an indented line steps back out of a deeper one before it (outline notes)."""
    pieces = []
    previous_depth = None
    offset = text.find("\n", start, end)
    while offset != -1:
        line_start = offset + 1
        indent = len(text[line_start:end]) - len(text[line_start:end].lstrip(" \t"))
        if line_start + indent < end and not text[line_start + indent].isspace():
            depth = len(text[line_start : line_start + indent].expandtabs(4))
            if previous_depth is not None and 0 < depth < previous_depth:
                before = text[start:offset].rstrip()
                if before:
                    pieces.append((start, start + len(before)))
                start = line_start + indent
            previous_depth = depth
        offset = text.find("\n", line_start, end)
    pieces.append((start, end))
    return pieces


_PIECE_LIST = [
    "a", "A", "e.g", "U.S", "vs", "No", "2", "3.5", ".", "..", "…", "!", "?", " ", "\n", "(", ")",
    '"', "“", "”", "’", "]", "**B:**", "Memory: 1", "\t", "x" * 30, "ab.cd" * 6, "GB/s", "\u00a0",
    "....", " … $9", "`",
]  # fmt: skip
_PIECES = st.sampled_from(_PIECE_LIST)


@settings(max_examples=1500)
@given(st.lists(_PIECES, max_size=40).map("".join))
@example("a\n\t\ta\n\ta")  # an outline line stepping back out of a deeper one opens a sentence
@example("5\nA.\tB")  # a letter on the line after a number is an initial, not the number's unit
def test_split_matches_reference_splitter(text: str) -> None:
    assert split_sentences(text) == _reference_split(text)


def test_a_line_break_before_a_dotted_leader_record_ends_the_sentence() -> None:
    text = "Vega S ........ $1,200\nVega XL …… $2,100\nRigel ... 900 W\nand then … more"
    assert [text[a:b] for a, b in split_sentences(text)] == [
        "Vega S ........ $1,200",
        "Vega XL …… $2,100",
        "Rigel ... 900 W\nand then … more",
    ]


def test_a_letter_after_a_number_at_a_line_end_goes_on_in_lower_case() -> None:
    """A Baltic year's word ("2019 m.") or a unit letter wrapped to a line's end, then lower case: one
    sentence; a capital after it still opens the next one (decision 0202)."""
    text = (
        "The Kestrel K2 was shown in 2019 m.\nbalandžio mėn. It has 16 GB.\n"
        "The Orca draws 80 W.\nThe next one follows."
    )
    assert [text[a:b] for a, b in split_sentences(text)] == [
        "The Kestrel K2 was shown in 2019 m.\nbalandžio mėn.",
        "It has 16 GB.",
        "The Orca draws 80 W.",
        "The next one follows.",
    ]


def test_cyrillic_piece_counters_and_hryvnia_end_no_sentence() -> None:
    """Bulgarian "бр." and Serbian "ком." after a count, and "грн." after a price, are abbreviations a
    translation keeps (decision 0234): the sentence goes on past them, also before a capital."""
    text = "Each node holds 8 бр. L40S and 2 ком. Xeon CPUs for 61,50 грн. Per hour. Next one."
    assert [text[a:b] for a, b in split_sentences(text)] == [
        "Each node holds 8 бр. L40S and 2 ком. Xeon CPUs for 61,50 грн. Per hour.",
        "Next one.",
    ]
