"""Tell figures given of each counted thing: "8 GPUs with 192 GB each", "four cards, each with 48 GB".

A figure followed by "each" ("apiece"), or opened by "each with", sizes one of the things a
count before it counts, not the whole. So do the later items of a list of figures that "each
with" opens: "each with 432 GB of HBM4 and 19.6 TB/s of bandwidth", and the earlier items of a
list of figures that "each" closes: "(OAM, 128 GB HBM2e and 900 W each)".
"""

from __future__ import annotations

import re

from factlint.claims.language import Language, alternation
from factlint.claims.matchspans import MatchSpans

# Where "each" stands in the last segment asked about: a pattern opening on "each" can hold only
# there. One instance for every reader of a segment, so the segment is scanned for it once.
EACH_WORDS = MatchSpans(re.compile("each", re.I))


class EachFigures:
    """Finds figures written of each counted thing; one per language."""

    def __init__(self, language: Language) -> None:
        approximate = alternation(language.approximators, words=False, hyphens=False)
        apiece = alternation(language.apiece_words, words=False, hyphens=False)
        self._each_after = re.compile(rf"[ \t]*(?:of\s+\w+(?:\s+\w+)?\s+)?{apiece}\b", re.I)
        # "each with", "each having about", "each of 16 GB" (a translation's "egyenként 16 GB-os"): what
        # opens a figure of each counted thing
        each_with = rf"\beach\s+(?:with|having|carrying|holding|offering|of)\s+(?:{approximate}\s+)?"
        self._each_before = re.compile(each_with + r"$", re.I)
        # "each with 432 GB of HBM4 and 19.6 TB/s of bandwidth": the later items of a list of figures
        # "each" opens ("each with eight V100 GPUs and 100 Gbps" lists the machine's parts, no figures)
        # A count in words may open the list: "each with eight H100 GPUs, 640 GB of HBM3 and about
        # 10.2 kW" sizes each machine, its parts counted first (a slide's or a brochure's habit).
        number_words = tuple(word for word, _ in language.number_words)
        counted_words = alternation(number_words, words=False, hyphens=False)
        self._each_list_before = re.compile(
            # a whole bracket may stand between ("180 GB (in total 1,440 GB) and 8 TB/s"), and "at" joins a
            # size to its speed ("128 GB of HBM at 3.7 TB/s")
            each_with
            + rf"(?:\d[\d.,]*\s*[A-Za-z/%]+\b|(?:{counted_words})\s+(?=[A-Za-z]))"
            + r"(?:[^;:.()]|\.(?=\d)|\([^()]*\))*?"
            # "... and a 300 W board power": an article may open the later item
            + rf"(?:,|\band|\bat)\s+(?:(?:a|an)\s+)?(?:{approximate}\s+)?$",
            re.I,
        )
        # "128 GB HBM2e and 900 W each", "80 GB, 3.35 TB/s and 700 W each": an earlier item of a
        # list of figures, in one clause, that "each" closes
        self._each_list_after = re.compile(
            r"(?:[ \t]+[A-Za-z][\w\-]*){0,3}(?:\s*,\s*|\s+and\s+)(?:(?:a|an)\s+)?"
            + rf"(?:{approximate}\s+)?\d[\d.,]*\s*[A-Za-z/%]+(?:[^;:.()]|\.(?=\d))*?[ \t]{apiece}\b",
            re.I,
        )

    def is_each(self, text: str, start: int, end: int) -> bool:
        """Return True for a figure at ``start``..``end`` that "each" follows ("192 GB each") or
        "each with" opens ("each with 48 GB")."""
        if self._each_after.match(text, end):
            return True
        # ``_each_before.search(text, 0, start)``, tried only where "each" stands
        openings = EACH_WORDS.starts_within(text, 0, start)
        return any(self._each_before.match(text, at, start) for at in reversed(openings))

    def list_opening(self, text: str, start: int) -> int | None:
        """Return where "each with" opens the list of figures whose later item starts at ``start``,
        or None when the figure is no later item of such a list."""
        found = self._each_list_before.search(text, max(0, start - 120), start)
        return found.start() if found is not None else None

    def is_each_or_listed(self, text: str, start: int, end: int) -> bool:
        """Return True for a figure of each counted thing, a later item of an "each with" list included."""
        return (
            self.is_each(text, start, end)
            or bool(self._each_list_before.search(text, max(0, start - 120), start))
            or bool(self._each_list_after.match(text, end, end + 120))
        )
