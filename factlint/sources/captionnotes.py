"""Caption corrections that an editor's WebVTT note makes to a figure of a named cue.

"NOTE ... in cue 10 the captioner typed 584 gigabytes per second; the slide says 548.": the
note is a comment, not speech, so its own figures are no claims; but the figure it gives
corrects the one captioned in cue 10. The corrected figure is read as part of that cue, placed
at the note where it is written. The words are English (captions.yaml).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from factlint.sources.packaged import packaged_file

_NUMBER = r"\d(?:[\d.,]*\d)?"
_VTT_NOTE = re.compile(r"NOTE(?:[ \t].*)?")


@dataclass(frozen=True)
class Piece:
    """A stretch of a line: its text and its 0-based line and column."""

    text: str
    line: int
    column: int


@dataclass(frozen=True)
class CueCorrection:
    """The figure a note gives for one cue, in place of the one captioned there."""

    cue: str  # the cue's identifier or its 1-based number, as the note names it
    wrong: str  # the captioned figure's number, as written
    right: Piece  # the note's figure
    unit: Piece | None  # the unit words of the note's figure, or of the captioned one when it leaves them out


def note_corrections(lines: Sequence[str], start: int) -> list[CueCorrection]:
    """Return the cue corrections of the WebVTT NOTE blocks from the 0-based line ``start`` on."""
    corrections = []
    in_note = False
    for index in range(start, len(lines)):
        stripped = lines[index].strip()
        if not stripped:
            in_note = False
            continue
        if _VTT_NOTE.fullmatch(stripped):
            in_note = True
            # "NOTE in cue 4 ...": a note's text may start on its first line
            corrections += _corrections(
                lines[index], index, 4 + len(lines[index]) - len(lines[index].lstrip())
            )
        elif in_note:
            corrections += _corrections(lines[index], index, 0)
    return corrections


def _corrections(raw: str, index: int, start: int) -> list[CueCorrection]:
    """Return the corrections one note line makes: each in a sentence that names its cue."""
    found = []
    for begin, end in _sentences(raw, start):
        cue = _patterns().cue.search(raw, begin, end)
        if cue is None:
            continue
        # the figures are after the cue's name or before it ("... 548; see cue 10"), never in it
        fix = _patterns().fix.search(raw, cue.end(), end) or _patterns().fix.search(raw[: cue.start()], begin)
        if fix is None or fix.group("wrong") == fix.group("right"):
            continue
        right = Piece(fix.group("right"), index, fix.start("right"))
        wrong_unit = fix.group("unit").strip()
        words = wrong_unit.split()
        own = raw[fix.end("right") :]
        if words and own.lstrip().lower().startswith(words[0].lower()):
            # "... the slide says 548 gigabytes per second": the note's figure writes its own unit
            column = fix.end("right") + len(own) - len(own.lstrip())
            unit: Piece | None = Piece(raw[column : column + len(wrong_unit)], index, column)
        else:
            unit = (
                Piece(wrong_unit, index, fix.start("unit") + fix.group("unit").index(words[0]))
                if words
                else None
            )
        found.append(CueCorrection(cue.group(1), fix.group("wrong"), right, unit))
    return found


_SENTENCE_END = re.compile(r"[.!?](?=\s|$)")


def _sentences(raw: str, start: int) -> list[tuple[int, int]]:
    """Return the (start, end) spans of the sentences of a note line from ``start`` on."""
    spans = []
    for stop in _SENTENCE_END.finditer(raw, start):
        spans.append((start, stop.end()))
        start = stop.end()
    return [*spans, (start, len(raw))] if raw[start:].strip() else spans


@dataclass(frozen=True)
class _Patterns:
    cue: re.Pattern[str]
    fix: re.Pattern[str]


@cache
def _patterns() -> _Patterns:
    words = packaged_file("factlint.sources", "captions.yaml")
    nouns = _alternation(words.words("cue_nouns"))
    captioned = _alternation(words.words("captioned_verbs"))
    corrected = _alternation(words.words("corrected_verbs"))
    not_unit = _alternation(words.words("unit_enders"))
    cue = re.compile(rf"\b(?:{nouns})\s+(?:#|no\.\s*|number\s+)?(\w[\w-]*)", re.I)
    # "typed 584 gigabytes per second; the slide says 548", "584 GB/s should read 548"
    fix = re.compile(
        rf"(?:\b(?:{captioned})\s+(?:it\s+)?(?:as\s+)?)?(?<![\w.,])(?P<wrong>{_NUMBER})"
        rf"(?P<unit>(?:\s+(?!(?:{not_unit})\b)[A-Za-z][\w/%-]*){{0,4}})\s*(?:[;,:]|\s[-–—]+|\s+but\b)?\s*"
        rf"(?:[A-Za-z'’-]+\s+){{0,3}}?(?:{corrected})\s+(?P<right>{_NUMBER})(?![\d,.]\d)",
        re.I,
    )
    return _Patterns(cue, fix)


def _alternation(words: Sequence[str]) -> str:
    return "|".join(re.escape(word).replace(r"\ ", r"\s+") for word in sorted(words, key=len, reverse=True))


__all__ = ["CueCorrection", "Piece", "note_corrections"]
