"""Find the header of a message forwarded or quoted inside a body ("From: ...", "Subject: ...").

A forwarded offer pasted into an e-mail, or a reply that quotes its parent's header, carries
header lines in the middle of prose: read as text, ``To: Dana Reyes`` becomes a heading and
``Date: Mon, 9 Feb 2026`` a sentence. A run of at least two header lines, one of them a sender
or a subject, is a header; only its subject is prose (the title of what follows). The field
names of several mail clients and languages are in ``mailheaders.yaml``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from factlint.sources.packaged import packaged_file

_MIN_RUN = 2
_NAME_MAX_WORDS = 5  # "Dr. Jana van der Berg"
_Run = list[tuple[int, str, re.Match[str]]]  # (0-based line, field name, match) of consecutive header lines
# A sender written as a name only: letters, spaces, quotes, commas, dots, hyphens, brackets.
_PERSON = re.compile(r"[^\W\d_][^\d@:;]{0,80}")


@dataclass(frozen=True)
class HeaderLine:
    """One line of a quoted or forwarded message's header."""

    subject: str | None  # the subject's text when the line is the Subject field, else None
    column: int  # 0-based column where the subject's text starts (0 for other lines)


@dataclass(frozen=True)
class _Vocabulary:
    field: re.Pattern[str]  # "> From: ..." -> group "name", value from match.end()
    introducer: re.Pattern[str]
    sender: frozenset[str]
    subject: frozenset[str]
    common_words: frozenset[str]


@functools.cache
def _vocabulary() -> _Vocabulary:
    known = packaged_file("factlint.sources", "mailheaders.yaml")
    sender = frozenset(name.casefold() for name in known.words("sender_fields"))
    subject = frozenset(name.casefold() for name in known.words("subject_fields"))
    others = {name.casefold() for name in known.words("other_fields")}
    names = "|".join(re.escape(name) for name in sorted(sender | subject | others, key=len, reverse=True))
    field = re.compile(r"[ \t]*(?:>[ \t]*)*(?P<name>" + names + r")[ \t]*:[ \t]*(?=\S)", re.IGNORECASE)
    introducer = known.alternation("introducers", re.IGNORECASE)
    common_words = frozenset(name.casefold() for name in known.words("common_word_fields"))
    return _Vocabulary(field, introducer, sender, subject, common_words)


def find_mail_headers(lines: Sequence[str], first: int = 0) -> dict[int, HeaderLine]:
    """Return the header lines of quoted or forwarded messages, by 0-based line index.

    The lines that introduce a forwarded message ("---------- Forwarded message ---------",
    "-----Original Message-----") are included, as header lines without a subject.
    """
    vocabulary = _vocabulary()
    found: dict[int, HeaderLine] = {}
    run: _Run = []

    def close_run() -> None:
        if len(run) >= _MIN_RUN and _is_header(run, lines, vocabulary):
            for index, name, match in run:
                subject = lines[index][match.end() :].strip() if name in vocabulary.subject else None
                found[index] = HeaderLine(subject, match.end())
        run.clear()

    for index in range(first, len(lines)):
        line = lines[index]
        if vocabulary.introducer.fullmatch(line.strip().lstrip("> \t")):
            close_run()
            found[index] = HeaderLine(None, 0)
            continue
        match = vocabulary.field.match(line)
        name = match.group("name").casefold() if match is not None else ""
        if match is None or (name in vocabulary.common_words and not _names_someone(line[match.end() :])):
            close_run()
            continue
        run.append((index, name, match))
    close_run()
    return found


def _is_header(run: _Run, lines: Sequence[str], vocabulary: _Vocabulary) -> bool:
    """Return True if a run of "Name: value" lines is a message header, not a list of records.

    "From: $2.10/hour" over "To: $3.50/hour" is a range, not a header: a sender names a person
    or an address, never a figure.
    """
    names = {name for _, name, _ in run}
    for index, name, match in run:
        if name in vocabulary.sender and _names_someone(lines[index][match.end() :]):
            return True
    return bool(names & vocabulary.subject) and len(names - vocabulary.subject) > 0


def _names_someone(value: str) -> bool:
    """Return True if a header field's value is an address or a short name, not a sentence or a figure."""
    stripped = value.strip()
    return "@" in stripped or (
        _PERSON.fullmatch(stripped) is not None and len(stripped.split()) <= _NAME_MAX_WORDS
    )
