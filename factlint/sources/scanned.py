"""Repair OCR'd plain text in place: digit slips, line-end hyphenation, page furniture.

A scanned print read back by a recogniser has letters for digits inside figures ("l44 GB",
"2O24", "$ 289,OOO"), words broken at the end of a line ("accel-" / "erator"), and the page's
running header, footer and number between paragraphs. Every repair keeps each line where it
was: a slip is one character for one; a broken word's tail moves up and leaves spaces behind
(or, when the tail is all its line holds, the head moves down to it); furniture lines become
blank. So the repaired lines map one to one onto the file's lines and every figure keeps its
line and column (the line map is the identity).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from factlint.sources.packaged import packaged_file

MIN_SLIPS = 2  # a lone slip-like token in a clean document is more likely a code than a misread
RUNNING_LINE_MAX_CHARS = 100

# A word broken at a line end: a hyphen, a soft hyphen (U+00AD) or the "¬" some recognisers write.
_HYPHEN_END = re.compile(r"[(\"'“‘]?([A-Za-z](?:[A-Za-z'-]*[A-Za-z])?)([-\u00ad¬])")
_TAIL = re.compile(r"[ \t]*([A-Za-z][A-Za-z0-9]*(?:'[A-Za-z]+)?)(?![\w-])")  # "erator", "nium2", "n't"
_LETTERS = re.compile(r"[A-Za-z]+")
_WORD = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)*")
_ALIGNED = re.compile(r"\S {3,}\S")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")  # "1,152", "10.8", "1,5" (a decimal comma)
_GROUPED = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?")
_YEAR = re.compile(r"(?:19|20)\d\d")


@dataclass(frozen=True)
class ScanRepair:
    """Lines of a plain-text document after OCR repair, one per line of the file."""

    lines: tuple[str, ...]
    furniture: frozenset[int] = frozenset()  # 0-based indices of page furniture (blank in ``lines``)
    # 0-based indices of the blank and furniture lines of a page break that falls inside a
    # paragraph: the paragraph runs on across them.
    page_gaps: frozenset[int] = frozenset()
    slips: int = 0  # digit slips read as digits


@dataclass(frozen=True)
class _Words:
    """The word lists of ``scanned.yaml``."""

    digit_slips: dict[str, str]
    units: tuple[str, ...]
    currencies: tuple[str, ...]
    year_openers: frozenset[str]
    compound_tails: frozenset[str]
    compound_heads: frozenset[str]
    page_number: re.Pattern[str]


@cache
def _words() -> _Words:
    known = packaged_file("factlint.sources", "scanned.yaml")
    return _Words(
        digit_slips=known.word_map("digit_slips"),
        units=tuple(sorted(known.words("units"), key=len, reverse=True)),
        currencies=known.words("currencies"),
        year_openers=known.folded_words("year_openers"),
        compound_tails=known.folded_words("compound_tails"),
        compound_heads=known.folded_words("compound_heads"),
        page_number=known.alternation("page_numbers", re.I),
    )


@cache
def _slip_token() -> re.Pattern[str]:
    """A token of digits and slip letters, with "," or "." between groups, not inside a word."""
    chars = "0-9" + re.escape("".join(_words().digit_slips))
    return re.compile(rf"(?<![\w.,/\-])[{chars}]+(?:[.,][{chars}]+)*(?![{chars}])")


@cache
def _unit_after() -> re.Pattern[str]:
    units = "|".join(re.escape(unit) for unit in _words().units)
    return re.compile(rf"[ \t]?(?:{units})(?![A-Za-z0-9])")


def repair_scanned_text(lines: Sequence[str], body_line: int = 1) -> ScanRepair:
    """Return ``lines`` (from ``body_line`` on) with OCR damage repaired, line for line.

    Page furniture and broken words are repaired in any plain text (their shapes are
    unmistakable); digit slips only in a document that shows them more than once, or once
    beside other signs of a scan, since one slip-like token alone is more likely a code.
    """
    start = body_line - 1
    repaired = list(lines)
    furniture = _furniture(repaired, start)
    for index in furniture:
        repaired[index] = ""
    page_gaps = _page_gaps(repaired, start, furniture)
    joins = _join_broken_words(repaired, start, page_gaps)
    slips = [
        (index, match)
        for index in range(start, len(repaired))
        for match in _slips(repaired[index], repaired[index + 1] if index + 1 < len(repaired) else "")
    ]
    signs = joins + len(furniture)
    if len(slips) < MIN_SLIPS and not (slips and signs):
        slips = []
    table = str.maketrans(_words().digit_slips)
    for index, (begin, end) in slips:
        line = repaired[index]
        repaired[index] = line[:begin] + line[begin:end].translate(table) + line[end:]
    return ScanRepair(tuple(repaired), frozenset(furniture), frozenset(page_gaps), len(slips))


def _slips(line: str, following: str = "") -> list[tuple[int, int]]:
    """Return the (start, end) offsets of tokens in ``line`` that are figures with digit slips.

    ``following`` is the next line: a figure at the end of a line may have its unit there.
    """
    words = _words()
    table = str.maketrans(words.digit_slips)
    found = []
    for match in _slip_token().finditer(line):
        token = match.group(0)
        digits = sum(char.isdigit() for char in token)
        if digits == 0 or digits == len(token) - token.count(",") - token.count("."):
            continue
        value = token.translate(table)
        position = _in_number_position(line, match.start(), match.end(), value)
        if not position and not line[match.end() :].strip():
            position = _unit_after().match(following.lstrip()) is not None  # "l44" / "GB of HBM3E"
        if _NUMBER.fullmatch(value) is None or not position:
            continue
        found.append((match.start(), match.end()))
    return found


def _in_number_position(line: str, start: int, end: int, value: str) -> bool:
    """Return True if the token at ``line[start:end]`` stands where a figure stands."""
    words = _words()
    if _unit_after().match(line, end):
        return True
    before = line[:start].rstrip()
    if before.endswith(words.currencies):
        return True
    if _GROUPED.fullmatch(value) and sum(char.isdigit() for char in line[start:end]) >= 2:
        return True
    previous = before.split()[-1:] or [""]
    return _YEAR.fullmatch(value) is not None and previous[0].lower() in words.year_openers


def _furniture(lines: list[str], start: int) -> set[int]:
    """Return the indices of page numbers and running headers or footers.

    A running line repeats word for word apart from a page number ("page 1", "page 2"), or
    repeats in shape (digits aside) right beside a page number at a page's edge. A line
    that states a figure with a unit is never one: it is the document's content.
    """
    page_number = _words().page_number
    numbers = {index for index in range(start, len(lines)) if page_number.fullmatch(lines[index].strip())}
    texts = {index: _unnumbered(lines[index]) for index in range(start, len(lines)) if lines[index].strip()}
    same = Counter(texts.values())
    shapes = Counter(_shape(text) for text in texts.values())
    running = set()
    for index, text in texts.items():
        if len(text) > RUNNING_LINE_MAX_CHARS or index in numbers or _has_figure(lines[index]):
            continue
        if same[text] < 2 and not (shapes[_shape(text)] >= 2 and _beside_number(lines, index, numbers)):
            continue
        words = lines[index].split()
        ends_numbered = bool(words) and page_number.fullmatch(" ".join(words[-2:])) is not None
        if not ends_numbered and (len(numbers) < 2 or _ALIGNED.search(lines[index].strip())):
            continue  # a repeated table header or title, not a page's running line
        running.add(index)
    return numbers | running


def _unnumbered(line: str) -> str:
    """Return a line's text without a closing page number ("... | page 2"), runs of spaces as one."""
    words = line.split()
    page_number = _words().page_number
    for size in (2, 1):
        if len(words) > size and page_number.fullmatch(" ".join(words[-size:])):
            return " ".join([*words[:-size], "#"])
    return " ".join(words)


def _has_figure(line: str) -> bool:
    """Return True if ``line`` holds a number followed by a unit ("80 GB", "350 W")."""
    return any(_unit_after().match(line, match.end()) for match in _NUMBER.finditer(line))


def _beside_number(lines: list[str], index: int, numbers: set[int]) -> bool:
    """Return True if the nearest text line above or below ``index`` is a page number."""
    for step in (-1, 1):
        near = index + step
        while 0 <= near < len(lines) and not lines[near].strip():
            near += step
        if near in numbers:
            return True
    return False


def _shape(line: str) -> str:
    """Return a line's text with digits as "#" and runs of spaces as one."""
    return " ".join(re.sub(r"\d+", "#", line).split())


def _page_gaps(lines: list[str], start: int, furniture: set[int]) -> set[int]:
    """Return the blank and furniture lines between two halves of a paragraph a page break split."""
    gaps: set[int] = set()
    index = start
    while index < len(lines):
        if lines[index].strip():
            index += 1
            continue
        end = index
        while end < len(lines) and not lines[end].strip():
            end += 1
        gap = range(index, end)
        if index > start and end < len(lines) and any(line in furniture for line in gap):
            before, after = lines[index - 1].rstrip(), lines[end].lstrip()
            if before.endswith(("-", "\u00ad", "¬")) or (before[-1:] not in ".!?:" and after[:1].islower()):
                gaps.update(gap)
        index = end
    return gaps


def _join_broken_words(lines: list[str], start: int, page_gaps: set[int]) -> int:
    """Join words broken at line ends ("accel-" / "erator") in place; return how many were joined.

    A compound broken at its hyphen ("transformer-" / "only") keeps the hyphen; a figure or
    range broken there ("3-" / "5 nm", "2023-" / "2024") is never touched.
    """
    known = {word.lower() for line in lines[start:] for word in _WORD.findall(line)}
    words = _words()
    joined = 0
    for index in range(start, len(lines) - 1):
        trimmed = lines[index].rstrip()
        tokens = trimmed.split()
        ending = _HYPHEN_END.fullmatch(tokens[-1]) if tokens else None
        if ending is None:
            continue
        following = index + 1
        while following in page_gaps:
            following += 1
        tail_match = _TAIL.match(lines[following]) if following < len(lines) else None
        if tail_match is None:
            continue
        parts = ending.group(1).split("-")
        head, tail = parts[-1], tail_match.group(1)
        letters = _LETTERS.match(tail)
        hyphened = f"{head}-{letters.group(0) if letters else tail}".lower()
        closed = hyphened.replace("-", "")
        keep_hyphen = ending.group(2) == "-" and (
            hyphened in known
            or (
                closed not in known
                and (
                    len(parts) > 1
                    or tail[0].isupper()
                    or tail.lower() in words.compound_tails
                    or head.lower() in words.compound_heads
                )
            )
        )
        if len(head) < 2 and not keep_hyphen:
            continue  # "d-" / "Matrix" is a name's hyphen, never a broken word
        word = f"{head}-{tail}" if keep_hyphen else f"{head}{tail}"
        below = lines[following]
        rest = below[tail_match.end() :]
        if rest.strip():
            lines[index] = trimmed[: len(trimmed) - len(head) - 1] + word
            lines[following] = " " * tail_match.end() + rest
        else:
            above = trimmed[: len(trimmed) - len(head) - 1].rstrip()
            if not above.strip():
                continue  # the word is both lines: leave them
            lines[index] = above
            lines[following] = below[: tail_match.start(1)] + word + rest
        joined += 1
    return joined
