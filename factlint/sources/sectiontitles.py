"""Recognise the numbered section titles of plain text ("3. ESTIMATED COST", "II. Technical requirements").

Scraped pages, notices and PDF pastes number their sections the way they number list items.
A line is read as a section title, not an item, when it is short, names something in title
or upper case without sentence punctuation or figures of its own, and heads content: the
line after it does not run its words on, and no neighbouring line is another item of the
same kind (a list of several numbered lines in a row is a list).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from factlint.sources.packaged import packaged_file
from factlint.sources.wrapwidth import dangles, fills_line

TITLE_MAX_CHARS = 90
TITLE_MAX_WORDS = 14  # words outside brackets
# A title may list a few things ("Pricing, availability and support"); a longer line with a comma
# outside brackets is a sentence's clause ("On the affected servers, the tool measured ...").
LISTING_MAX_WORDS = 6

_ROMAN = r"[IVXLC]{1,6}"
_DECIMAL = r"\d{1,2}(?:\.\d{1,2}){0,3}"
# Figures outside brackets make a record ("2. H100 80GB", "1. Memory 96 GB"): a number with a unit
# (short upper case or lower case) or a price. A number before a capitalised word is part of a
# name ("RTX PRO 6000 Blackwell"), and one after a slash a number's ("bulletin 4/2025").
_QUANTITY = re.compile(r"(?<![\w.,/-])\d[\d.,']*[ \t]?(?:%|[A-Z]{1,4}\b|[a-z]\w*)|[$€£₹]\s?\d")
_BRACKETED = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")
_END_PUNCTUATION = frozenset(".!?;:,…")
_CLOSERS = "\"'”’)]"
_MID_SENTENCE = re.compile(r"[.!?;:][ \t]+\S")  # "Install it. Then reboot", "Memory: 80 GB"


@dataclass(frozen=True)
class SectionTitle:
    """A section title line: its text and its depth in the outline ("2" is 1, "2.1" is 2)."""

    text: str
    depth: int


@functools.cache
def _numbered_line() -> re.Pattern[str]:
    listed = packaged_file("factlint.sources", "sectiontitles.yaml").words("section_words")
    words = sorted(set(listed), key=len, reverse=True)
    keyword = "|".join(re.escape(word) for word in words)
    return re.compile(
        rf"[ \t]*(?:(?P<word>{keyword})[ \t]*[-\u2013 \t][ \t]*(?P<label>{_DECIMAL}|{_ROMAN}|[A-Z])\b\.?"
        rf"|(?P<multi>\d{{1,2}}(?:\.\d{{1,2}}){{1,3}})\.?(?=[ \t])"
        rf"|(?P<single>\d{{1,2}}|{_ROMAN})\.(?=[ \t]))"
        r"(?:[ \t]*[-\u2013\u2014:.][ \t]*|[ \t]+|[ \t]*$)(?P<title>.*)",
        re.IGNORECASE,
    )


def _marker(line: str) -> tuple[str, int] | None:
    """Return the numbering style ("word", "decimal", "roman") and depth of a numbered line, if it is one."""
    match = _numbered_line().fullmatch(line.rstrip())
    if match is None:
        return None
    if match.group("word"):
        return ("word:" + match.group("word").lower(), 1)
    if match.group("multi"):
        return ("decimal", match.group("multi").count(".") + 1)
    single = match.group("single")
    if single.isdigit():
        return ("decimal", 1)
    if single != single.upper():
        return None  # "iv." in lower case numbers items, not sections
    return ("roman", 1)


def _names_a_title(title: str, keyword: bool) -> bool:
    """Return True if ``title`` (after the number) reads as a title, not a sentence or a record."""
    if not title:
        return keyword  # "ANNEX B" alone
    if len(title) > TITLE_MAX_CHARS or not title[0].isalpha() or not title[0].isupper():
        return False
    bare = _BRACKETED.sub(" ", title)
    words = len(bare.split())
    if words > TITLE_MAX_WORDS or _QUANTITY.search(bare) or _MID_SENTENCE.search(bare):
        return False
    if "," in bare and words > LISTING_MAX_WORDS:
        return False
    return title.rstrip(_CLOSERS)[-1:] not in _END_PUNCTUATION and not dangles(title)


def _neighbour(lines: Sequence[str], index: int, step: int) -> str:
    """Return the nearest non-blank line before (``step`` -1) or after (+1) ``index``, or ""."""
    index += step
    while 0 <= index < len(lines):
        if lines[index].strip():
            return lines[index]
        index += step
    return ""


def _run_around(lines: Sequence[str], index: int, start: int) -> list[str]:
    """Return the lines next to ``index`` up to the blank lines before and after it."""
    first = index
    while first > start and lines[first - 1].strip():
        first -= 1
    last = index
    while last + 1 < len(lines) and lines[last + 1].strip():
        last += 1
    return [*lines[first:index], *lines[index + 1 : last + 1]]


def section_title(
    lines: Sequence[str], index: int, start: int = 0, width: int | None = None
) -> SectionTitle | None:
    """Return the section title line ``index`` (0-based) of ``lines`` is, or None.

    Lines before ``start`` (a header block already read) do not count as neighbours; ``width``
    is the column the document's prose is hard-wrapped at, if it is.
    """
    line = lines[index]
    match = _numbered_line().fullmatch(line.rstrip())
    marker = _marker(line)
    if match is None or marker is None:
        return None
    title = match.group("title").strip()
    if not _names_a_title(title, bool(match.group("word"))):
        return None
    following = _neighbour(lines, index, 1)
    if not following.strip():
        return None  # heads nothing
    before = _neighbour(lines[start:], index - start, -1)
    if _marker(following) == marker or (before and _marker(before) == marker):
        return None  # one of several numbered lines in a row: a list
    indent = len(line) - len(line.lstrip())
    if any(
        _marker(other) == marker and len(other) - len(other.lstrip()) == indent
        for other in _run_around(lines, index, start)
    ):
        return None  # an item of a list whose items run on over several lines (centred titles differ)
    after = lines[index + 1] if index + 1 < len(lines) else ""
    if after.strip():
        hanging = match.start("title") if title else len(line)
        after_indent = len(after) - len(after.lstrip())
        if (
            after.lstrip()[:1].islower()
            or (after_indent > indent and after_indent == hanging)
            or fills_line(line, after, width)
        ):
            return None  # the item's words run on below it
    depth = marker[1]
    return SectionTitle(line.strip(), depth)
