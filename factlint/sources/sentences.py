"""Split block text into sentences without breaking decimals, versions, abbreviations or parentheses."""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from functools import cache
from sys import maxsize

from factlint.sources.packaged import packaged_file

# A full stop, "!" or "?" (with closing quotes or brackets, and a question's closing emphasis:
# "**Is it 128 GB?** 128 GB.") followed by whitespace: a candidate end.
# Or a line end followed by a line that opens a new statement ("Memory: 96 GB", "**B:** ...").
# The punctuation comes first (lookbehinds after it) so the regex engine skips ahead to
# candidate characters instead of testing every position. The second alternative needs a line
# break, so single-line text (most blocks) is searched with the first alternative alone.
# The optional lookahead captures what follows (opening quotes, brackets or a code span's
# backtick, then the first visible character), so no second regex runs per candidate; both
# groups are None when only space follows. A backtick opens a sentence as a quote does: "by the
# hour. `ab.h200.4` gives you ..." starts one on a lower-case instance name.
_PUNCTUATION_END = (
    r"[.!?](?<!\.\.[.!?])(?<!…[.!?])[\"'”’)\]]*(?:(?<=[?!])[*_]{1,3})?(?=\s)(?:(?=\s*([\"'“‘(\[`]*)(\S)))?"
)
_CANDIDATE_END_ONE_LINE = re.compile(_PUNCTUATION_END)
# A run of dots between a name and its value ("n150d ........ $1,099", "MI300X …… $15,000"):
# four or more dots or two or more ellipses, or three dots or one ellipsis set off by spaces
# before a figure ("TDP ... 750 W"; "more text … here" is prose).
LEADER = r"(?:[ \t]*(?:\.{4,}|…{2,})[ \t]*[^\s.…]|[ \t]+(?:\.{3}|…)[ \t]+[$€£~≈]?\d)"
# A line that is a name, a leader and a value: a record of its own, like "Field: value".
LEADER_RECORD = rf"[^\s.…][^\n]{{0,40}}?{LEADER}"
_CANDIDATE_END = re.compile(
    _PUNCTUATION_END + r"|(?<=\S)(?=[ \t]*\n[ \t]*(?:[A-Z][\w ()/.+-]{0,40}:[ \t]+\S"
    r"|(?:\*\*|__)[^*_\n]{1,80}?(?::(?:\*\*|__)|(?:\*\*|__):)"
    r"|" + LEADER_RECORD + "))"
)
_NON_SPACE = re.compile(r"\S")
# Hungarian writes a year, a month and a quarter's Roman numeral as ordinals, each with its dot:
# "2026. 03. 16.", "2026. II. negyedév" (the second quarter of 2026). Their inner dots end no
# sentence; the date's last dot may ("... from 2026. 03. 16. The tariff ..."). Lithuanian writes a
# year's letter before a quarter's numeral: "2026 m. II ketv." (the second quarter of 2026).
_YEAR_FIRST_DATE = re.compile(
    r"(?<![\w.])(?:19|20)\d\d\.[ \t](?:\d{1,2}\.[ \t]\d{1,2}(?=\.)|(?:IV|I{1,3})\.[ \t](?=[^\W\d_A-Z]))"
    r"|(?<![\w.])(?:19|20)\d\d[ \t]m\.(?=[ \t](?:IV|I{1,3})[ \t.])"
)
# The whole token before a full stop ("e.g", "U.S", "trn1"), not the tail of "TB/s".
_WORD_BEFORE = re.compile(r"(?<![^\s(\[\"'“‘])([\w.]*\w)\.$")
_DOTTED_LETTERS = re.compile(r"[a-z](?:\.[a-z])*")  # "f", "n.d", "e.g"
_OPENERS = "([\"'“‘"  # what may stand right before such a token, besides whitespace


@dataclass(frozen=True)
class Abbreviations:
    """Words whose full stop does not end a sentence."""

    always: frozenset[str]
    before_numbers: frozenset[str]
    counters: frozenset[str]  # "8 stk. Wormhole chips": after a number, no sentence's end


@cache
def abbreviations() -> Abbreviations:
    """Return the abbreviations shipped in ``abbreviations.yaml``."""
    known = packaged_file("factlint.sources", "abbreviations.yaml")
    return Abbreviations(
        always=known.folded_words("abbreviations"),
        before_numbers=known.folded_words("before_numbers"),
        counters=known.folded_words("counters"),
    )


def is_abbreviation(word: str) -> bool:
    """Return True when ``word`` (without its final full stop) is an abbreviation, not a sentence's
    last word: a listed one ("approx", "ref"), a single letter, or dotted letters ("n.d", "e.g")."""
    lowered = word.lower()
    known = abbreviations()
    if lowered in known.always or lowered in known.before_numbers or lowered in known.counters:
        return True
    return bool(_DOTTED_LETTERS.fullmatch(lowered))


def split_sentences(text: str) -> tuple[tuple[int, int], ...]:
    """Return (start, end) offsets of the sentences of ``text``, whitespace trimmed."""
    candidates = (_CANDIDATE_END if "\n" in text else _CANDIDATE_END_ONE_LINE).finditer(text)
    spans: list[tuple[int, int]] = []
    start = _skip_space(text, 0)
    dates = [m.span() for m in _YEAR_FIRST_DATE.finditer(text)] if ". " in text else []
    for match in candidates:
        mark, end = match.span()
        if end <= start or text.count("(", start, mark) > text.count(")", start, mark):
            continue  # inside parentheses: "(approx. 3 chips. See below)" stays whole
        if dates and _inside(dates, mark):
            continue  # "2026. II. negyedév": the dots of a year-first date
        if mark == end:  # a line end before a "Field:" or bold-label line
            spans.append((start, end))
            start = _skip_space(text, end)
            continue
        next_char = match.group(2)
        if next_char is None:
            continue  # only space follows
        following = match.start(1)
        line_break = "\n" in text[end:following]
        if not line_break and not (next_char.isupper() or next_char.isdigit() or match.group(1)):
            continue
        if text[mark] == "." and not _full_stop_ends(text, start, mark, next_char, line_break):
            continue
        spans.append((start, end))
        start = following
    tail_end = len(text.rstrip())
    if start < tail_end:
        spans.append((start, tail_end))
    if "\n " in text or "\n\t" in text:
        return tuple(part for span in spans for part in _outline_entries(text, *span))
    return tuple(spans)


def _inside(spans: list[tuple[int, int]], offset: int) -> bool:
    """Return True when ``offset`` falls in one of ``spans`` (sorted, not overlapping)."""
    at = bisect_right(spans, (offset, maxsize)) - 1  # the last span starting at or before offset
    return at >= 0 and spans[at][0] <= offset < spans[at][1]


_INDENTED_LINE = re.compile(r"\n([ \t]*)(?=\S)")


def _outline_entries(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Return the span cut where a line steps back out of the indented lines before it.

    Notes written as an outline ("TPU v1  28 nm" over deeper lines of its figures, then
    "TPU v2 ...") open a new entry at each shallower line; hard-wrapped prose keeps one indent.
    """
    parts: list[tuple[int, int]] = []
    depth: int | None = None
    for line in _INDENTED_LINE.finditer(text, start, end):
        indent = len(line.group(1).expandtabs(4))
        if depth is not None and 0 < indent < depth:
            cut = len(text[start : line.start()].rstrip()) + start
            if cut > start:
                parts.append((start, cut))
            start = line.end()
        depth = indent
    parts.append((start, end))
    return parts


def _skip_space(text: str, offset: int) -> int:
    found = _NON_SPACE.search(text, offset)
    return found.start() if found else len(text)


def _full_stop_ends(text: str, start: int, mark: int, next_char: str, line_break: bool) -> bool:
    """Decide whether the full stop at ``mark``, followed by ``next_char``, closes a sentence."""
    word = _word_before(text, start, mark)
    if word is None:
        return True
    lowered = word.lower()
    known = abbreviations()
    single = len(lowered) == 1 and lowered.isalpha()
    unit_letter = single and _after_number(text, mark - 1)
    if line_break and (lowered in known.always or unit_letter) and next_char.islower():
        # "8 stk.\ngraphics processors ...", Lithuanian "in 2020 m.\nlapkričio mėn." (the year's
        # word): hard-wrapped text goes on after the abbreviation or a letter after a number
        return False
    if unit_letter and lowered not in known.always:
        return True  # "draws 350 W. The MI300X ...": a unit symbol, not an initial (a listed "r." is none)
    if lowered in known.counters and _after_number(text, mark - len(word)):
        return False  # "8 stk.\nWormhole chips": a counter stands before what it counts
    if lowered in known.always or single:
        return line_break and not word[-1].isupper()
    return not (lowered in known.before_numbers and next_char.isdigit())


def _after_number(text: str, offset: int) -> bool:
    """Return True when a number, then at most one space, stands right before ``text[offset]``."""
    before = offset - 1
    if before >= 0 and text[before] == " ":
        before -= 1
    return before >= 0 and text[before].isdigit()


def _word_before(text: str, start: int, mark: int) -> str | None:
    """Return the whole token ending just before the full stop at ``mark`` (see ``_WORD_BEFORE``)."""
    # What ``_WORD_BEFORE.search(text, low, mark + 1)`` finds, without the regex: only the
    # start of the run of word characters and dots ending at ``mark`` can match (inside
    # the run the character before is a word character or dot, which the look-behind
    # rejects), and only when that run starts at or after ``low`` (the last space).
    low = max(start, text.rfind(" ", start, mark) + 1)
    begin = mark
    while begin > low and _in_token(text[begin - 1]):
        begin -= 1
    if begin == mark or not _is_word_char(text[mark - 1]):
        return None
    if begin > 0 and not (text[begin - 1].isspace() or text[begin - 1] in _OPENERS):
        return None  # the run goes on below ``low``, or follows "/" as in "TB/s."
    return text[begin:mark]


def _in_token(char: str) -> bool:
    return char.isalnum() or char == "_" or char == "."


def _is_word_char(char: str) -> bool:
    return char.isalnum() or char == "_"
