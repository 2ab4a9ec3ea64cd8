"""One figure stated of several products at once: "the H100 and H200 both draw 700 W".

"Both A and B", "A and B each" and "A, B and C all" make every product named a subject of
the figures that follow in the clause, so each of them gets the claim.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from itertools import pairwise

from factlint.claims.clausestops import ClauseMentions, ClauseStops
from factlint.claims.language import Language, alternation, either
from factlint.claims.segments import SUBJECT, Mention
from factlint.pack import ORGANIZATION

_CLAUSE_STOP = re.compile(r"[.;!?](?:\s|\Z)|\n\s*\n")
_SENTENCE_STOP = re.compile(r"[.!?](?:\s|\Z)")
# "(both 8 TB/s", "both at 700 W", "both ~5 nm": "both" standing right before a figure
_BOTH_BEFORE_FIGURE = re.compile(
    r"(?<![\w-])both[ \t]+(?:(?:at|with|around|about|rated|rated at)[ \t]+|~[ \t]*)?\Z", re.I
)


# "H800/A800: 400 GB/s", "the MI300X/MI325X draw 750 W": products joined by a slash name both
_SLASH = re.compile(r"[ \t]*/[ \t]*")
_SLASHED_VALUES = re.compile(r"\d[ \t]*/[ \t]*[~≈$]?\d")


def _slashed_pair(
    text: str, named: Sequence[Mention], first: int, start: int, respectively: re.Pattern[str]
) -> tuple[str, ...]:
    """Return the products of the slash list starting at ``named[first]`` that the figure at
    ``start`` is stated of, or (): only the clause's first list, and not before slashed values
    ("A/B: 192/256 GB" gives one figure to each) or other products."""
    last = first
    while last + 1 < len(named) and _SLASH.fullmatch(text, named[last].end, named[last + 1].start):
        last += 1
    if last == first or first != 0 or last != len(named) - 1:
        return ()
    stop = _CLAUSE_STOP.search(text, start)
    if _SLASHED_VALUES.search(text, named[last].end, stop.start() if stop else len(text)):
        return ()
    if respectively.search(text, named[last].end, stop.start() if stop else len(text)):
        return ()
    entities = tuple(dict.fromkeys(m.entity for m in named))
    return entities if len(entities) > 1 else ()


class SharedSubjects:
    """Knows when a figure is stated of several products named together, by the language's plural
    nouns of units ("the instances A and B have") and of products ("both export variants are")."""

    def __init__(self, language: Language) -> None:
        self._stops: tuple[str, ClauseStops] | None = None
        self._mentions: tuple[Sequence[Mention], int, ClauseMentions] | None = None
        the = either(language.list_articles)
        joiners = either(language.list_joiners)
        # "A and B", "A, B and C": products joined in a list, with no word of their own between
        self._join = re.compile(rf"\s*(?:,\s*(?:{joiners}\s+|&\s*)?|\s(?:{joiners}|&)\s+)(?:{the}\s+)?", re.I)
        # "GA: A · B — 2025.10.01": a list may also be joined by a dot
        self._list_join = re.compile(
            rf"\s*(?:,\s*(?:{joiners}\s+|&\s*)?|\s(?:{joiners}|&)\s+|[·•]\s*)(?:{the}\s+)?", re.I
        )
        self._quoted_join = re.compile(r"[`'\"”’]?" + self._list_join.pattern + r"[`'\"“‘]?", re.I)
        # "The H800 and A800 entries ...": the pair of products opening a sentence is its subject.
        self._sentence_opening = re.compile(rf"[\W_]*(?:{the}\s+)?\Z", re.I)
        # What may stand between a clause break and a listed product: "; the B200", ", and the H200".
        self._item_start = re.compile(
            rf"(?:[:;,]|\s(?:{joiners}|&))\s*(?:{joiners}\s+)?(?:{the}\s+)?\Z", re.I
        )
        # A distributive word opening a clause after a list (", both rated 1 PFLOPS", ", all three
        # with 288 GB"); its last word ("both", the count after "all") says how many products it takes.
        counted = {word.lower(): count for word, count in language.list_counts}
        self._counts = counted | {
            word.lower(): count for word, count in language.listed_distributives if count
        }
        counts = either(tuple(word for word, _ in language.list_counts))
        self._listed_both = re.compile(
            rf"(?:,\s+|\(\s*)({either(tuple(word for word, _ in language.listed_distributives))}"
            rf"|{either(language.listed_totals)}(?:\s+(?:{counts}|{either(language.listed_total_tails)}))?)"
            r"\s+[a-z\d]",
            re.I,
        )
        # From a date to the products it dates: "availability, from 3 March 2026, of the instances A and B".
        of = either(language.date_list_prepositions)
        self._date_to_of = re.compile(
            rf"\s*[,)]?\s*{of}\s+(?:{the}\s+)?(?:[a-z][\w\-]*\s+){{0,2}}?(?:{the}\s+)?", re.I
        )
        # "from 16 March 2026 of two new configurations of GPU servers, A and B": a counted noun phrase
        # after the "of", then its apposition listing as many products as it counts.
        self._date_to_counted = re.compile(
            rf"\s*[,)]?\s*{of}\s+(?:{the}\s+)?({counts})\s+(?:[\w\-]+\s+){{0,5}}?[\w\-]+\s*[,:]\s*(?:{the}\s+)?",
            re.I,
        )
        # From a figure to the products named after it: "20% off the list prices of A and B", "$2.10 an
        # hour for the A and the B". A preposition must lead to the list: "2x the A and B" compares.
        self._figure_to_of = re.compile(
            rf"[^.;:!?()\d]{{0,40}}?(?<![\w-]){either(language.figure_list_prepositions)}\s+"
            rf"(?:{the}\s+|{either(language.figure_list_quantifiers)}\s+(?:{the}\s+)?)?[`'\"“‘]?\Z",
            re.I,
        )
        self._except_between = re.compile(rf"\b{either(language.list_comparison_words)}\b", re.I)
        units = alternation(language.shared_unit_nouns, words=False, hyphens=False)
        pairs = alternation(language.pair_nouns, words=False, hyphens=False)
        holds = alternation(language.shared_holding_verbs, words=False, hyphens=False)
        subject_verbs = alternation(language.pair_subject_verbs, words=False, hyphens=False)
        joint = alternation(language.joint_quantifiers, words=False, hyphens=False)
        after = alternation(language.distributives_after, words=False, hyphens=False)
        pronouns = alternation(language.pair_pronouns, words=False, hyphens=False)
        # "... have 640 GB and 1.5 TB respectively": one figure each, not one shared
        self._respectively = re.compile(
            r"\b" + alternation(language.respective_words, words=False) + r"\b", re.I
        )
        self._hold_after = re.compile(rf"\s+{holds}\b", re.I)
        # "the instances A and B have ...": a plural noun of units before the names distributes as "both" does
        self._both_before = re.compile(rf"\b(?:{joint}\s+(?:(?:of\s+)?the\s+)?|the\s+{units}\s+)\Z", re.I)
        # "A and B instances each", "A and B both": a plural noun may stand before the distributive word;
        # a plural noun of units may also stand before the verb ("the P5 and P5e instances have 3,200 Gbps").
        # "A and B are both built on 5 nm", "A and B will both ship": a verb of the pair may come first.
        self._each_after = re.compile(
            rf"(?:\s+[a-z][\w\-]*s)?(?:\s+{subject_verbs})?\s+{after}\b|\s+{units}(?=\s+{holds}\b)",
            re.I,
        )
        self._units_hold = re.compile(rf"\s{units}\Z")  # a name that ends in the plural noun: "P5e instances"
        # "Both are built on 3 nm", "Both of them carry 288 GB": a sentence whose subject is "both"
        # stands for the two products the sentence before named; "Both export variants are capped at
        # ...", "The two cards have ...": a plural noun naming the pair stands for it as "both" does.
        self._both_subject = re.compile(
            rf"[\W_]*(?:{pronouns}(?:\s+of\s+(?:them|these|those|the\s+two))?"
            r"|(?:both\s+(?:of\s+)?(?:the\s+|these\s+|those\s+)?|(?:the|these|those)\s+two\s+)"
            rf"(?:[a-z][\w\-]*\s+){{0,2}}(?:{units}|{pairs}))"
            rf"\s+{subject_verbs}\b",
            re.I,
        )

    def _clause_stops(self, text: str) -> ClauseStops:
        """Return the clause stops of ``text``, found once while the same text is asked about."""
        if self._stops is None or self._stops[0] is not text:
            self._stops = (text, ClauseStops(_CLAUSE_STOP, text))
        return self._stops[1]

    def _clause_mentions(self, mentions: Sequence[Mention]) -> ClauseMentions:
        """Return ``mentions`` indexed by start, built once while the same list is asked about."""
        if self._mentions is None or self._mentions[0] is not mentions or self._mentions[1] != len(mentions):
            self._mentions = (mentions, len(mentions), ClauseMentions(mentions))
        return self._mentions[2]

    def shared_subjects(self, text: str, mentions: Sequence[Mention], start: int) -> tuple[str, ...]:
        """Return the products a figure at ``start`` is stated of together, or () when it names one.

        The coordination must open the figure's clause side ("Both A and B ...", "A and B each
        ...") and no other product may be the subject between it and the figure.
        """
        clause = self._clause_stops(text).clause_start(start)
        named = self._clause_mentions(mentions).within(clause, start)
        for first in range(len(named)):
            last = first
            while last + 1 < len(named) and self._join.fullmatch(
                text, named[last].end, named[last + 1].start
            ):
                last += 1
            if last == first:
                if first:
                    continue  # a slash list shares its figure only when it opens the clause
                slashed = _slashed_pair(text, named, first, start, self._respectively)
                if slashed:
                    return slashed
                continue
            group = named[first : last + 1]
            distributive = (
                self._both_before.search(text, clause, group[0].start)
                or self._each_after.match(text, group[-1].end)
                or (
                    self._units_hold.search(text, group[-1].start, group[-1].end)
                    and self._hold_after.match(text, group[-1].end)
                )
            )
            if not distributive:
                continue
            stop = _CLAUSE_STOP.search(text, start)
            if self._respectively.search(text, group[-1].end, stop.start() if stop else len(text)):
                return ()  # "the A and B servers have 640 GB and 1.5 TB respectively": one figure each
            if any(m.role == SUBJECT for m in named[last + 1 :]):
                return ()
            entities = tuple(dict.fromkeys(m.entity for m in group))
            return entities if len(entities) > 1 else ()
        return ()

    def both_of_before(
        self, text: str, before: str, mentions_of: Callable[[str], Sequence[Mention]]
    ) -> tuple[str, ...]:
        """Return the two products "Both ..." opening ``text`` stands for, or () if it does not.

        ``before`` is the text before the sentence and ``mentions_of`` reads a text's mentions
        (asked only of a sentence that opens on "Both": reading all of a long paragraph before each
        of its sentences would cost its length squared); the sentence right before must name
        exactly two products as subjects ("Two products: the MI350X ... and the MI355X ...").
        """
        if not self._both_subject.match(text):
            return ()
        mentions_before = mentions_of(before)
        body, start = _last_sentence(before)
        subjects = [m for m in mentions_before if m.start >= start and m.role == SUBJECT]
        named = tuple(dict.fromkeys(m.entity for m in subjects))
        if len(named) == 2:
            return named
        # more products named: "Both" stands for the pair the sentence opens on, if it opens on one
        if (
            len(subjects) >= 2
            and self._sentence_opening.match(body, start, subjects[0].start)
            and self._join.fullmatch(body, subjects[0].end, subjects[1].start)
            and (len(subjects) == 2 or not self._join.fullmatch(body, subjects[1].end, subjects[2].start))
            and subjects[0].entity != subjects[1].entity
        ):
            return (subjects[0].entity, subjects[1].entity)
        return ()

    def both_before_figure(
        self, text: str, start: int, before: str, mentions_of: Callable[[str], Sequence[Mention]]
    ) -> tuple[str, ...]:
        """Return the two products a "both" right before the figure at ``start`` stands for, or ().

        "Bandwidth is a wash (both 8 TB/s on paper)": in a sentence naming no product, "both"
        gives the figure to the two products the sentence before named, whatever their roles
        there ("the A has 288 GB vs 180 GB on the B"); it must name exactly two.
        """
        if not _BOTH_BEFORE_FIGURE.search(text, max(0, start - 24), start):
            return ()
        body, sentence = _last_sentence(before)
        named = tuple(dict.fromkeys(m.entity for m in mentions_of(body[sentence:])))
        return named if len(named) == 2 else ()

    def listed_subjects(self, text: str, mentions: Sequence[Mention], start: int) -> tuple[str, ...]:
        """Return the products a ", both ..." clause before ``start`` stands for, or ().

        "A in Q1 with 128 GB, B in Q4 with 144 GB, both rated 1 PFLOPS FP8": the products heading
        the items before the clause (at the sentence's start or after a colon, comma or "and") are
        its subjects; "both" must find exactly two, "all three" three.
        """
        clauses = [
            m
            for m in self._listed_both.finditer(text, 0, start)
            if not _CLAUSE_STOP.search(text, m.end(), start)
        ]
        if not clauses:
            return ()
        clause = clauses[-1]
        before = [m for m in mentions if m.end <= clause.start() and m.role == SUBJECT]
        opening = [
            m
            for m in before
            if m.start == 0 or self._item_start.search(text, 0, m.start) or not text[: m.start].strip()
        ]
        # "for decode A and B are the same box, both ...": a product joined to an item's head heads too
        joined = [
            m for m, n in pairwise(before) if n in opening and self._join.fullmatch(text, m.end, n.start)
        ]
        heads = tuple(dict.fromkeys(m.entity for m in sorted(opening + joined, key=lambda m: m.start)))
        words = clause.group(1).lower().split()
        wanted = self._counts.get(words[-1])
        if len(heads) < 2 or (wanted is not None and len(heads) != wanted):
            return ()
        return heads

    def dated_together(self, text: str, mentions: Sequence[Mention], start: int) -> tuple[str, ...]:
        """Return the products a date at ``start`` is stated of together, or () when it names one.

        "The A and B are available from 1 April; ...", "GA: A · B — 2025.10.01": a date is never
        a sum, so a list of products opening the date's clause shares it with no "both" or "each".
        The list must be the only products named in the clause before the date.
        """
        clause = self._clause_stops(text).clause_start(start)
        named = self._clause_mentions(mentions).within(clause, start)
        if len(named) < 2 or any(m.role != SUBJECT for m in named):
            return ()
        if not all(self._list_join.fullmatch(text, a.end, b.start) for a, b in pairwise(named)):
            return ()
        entities = tuple(dict.fromkeys(m.entity for m in named))
        return entities if len(entities) > 1 else ()

    def dated_after(
        self,
        text: str,
        mentions: Sequence[Mention],
        date_start: int,
        date_end: int,
        kind: Callable[[str], str | None],
    ) -> tuple[str, ...]:
        """Return the products an "of" right after a date at ``date_start``-``date_end`` names, or ().

        "announces the general availability, from 3 March 2026, of the instances A and B": the
        products come after the date, so the clause before it must name none (a maker at most);
        every product of the list the "of" opens shares the date. "of two new servers, A and B"
        counts them first: the list must hold as many.
        """
        clause = self._clause_stops(text).clause_start(date_start)
        if any(
            clause <= m.start < date_start and kind(m.entity) not in (None, ORGANIZATION) for m in mentions
        ):
            return ()
        after = sorted((m for m in mentions if m.start >= date_end), key=lambda m: m.start)
        if not after:
            return ()
        counted = self._date_to_counted.fullmatch(text, date_end, after[0].start)
        if counted is None and not self._date_to_of.fullmatch(text, date_end, after[0].start):
            return ()
        listed = [after[0]]
        for nxt in after[1:]:
            if not self._list_join.fullmatch(text, listed[-1].end, nxt.start):
                break
            listed.append(nxt)
        if any(kind(m.entity) in (None, ORGANIZATION) for m in listed):
            return ()
        if counted is not None and len({m.entity for m in listed}) != self._counts[counted.group(1).lower()]:
            return ()
        return tuple(dict.fromkeys(m.entity for m in listed))

    def listed_after(self, text: str, mentions: Sequence[Mention], end: int, entity: str) -> tuple[str, ...]:
        """Return the products of the list that a figure ending at ``end`` is stated of, or ().

        "up to 20% off the list prices of A and B": the claim went to ``entity``, the first product
        named after the figure; every product joined to it in one list ("A and B", "A, B and C")
        shares it. The list must follow "of", "for" or "on" with no comparison word between.
        """
        after = sorted((m for m in mentions if m.start >= end), key=lambda m: m.start)
        if len(after) < 2 or after[0].entity != entity:
            return ()
        if not self._figure_to_of.fullmatch(text, end, after[0].start) or self._except_between.search(
            text, end, after[0].start
        ):
            return ()
        listed = [after[0]]
        for nxt in after[1:]:
            if not self._quoted_join.fullmatch(text, listed[-1].end, nxt.start):
                break
            listed.append(nxt)
        entities = tuple(dict.fromkeys(m.entity for m in listed))
        return entities if len(entities) > 1 else ()


def _last_sentence(before: str) -> tuple[str, int]:
    """Return ``before`` without trailing space and where its last sentence starts in it."""
    body = before.rstrip()
    stops = [m.end() for m in _SENTENCE_STOP.finditer(body, 0, max(0, len(body) - 1))]
    return body, stops[-1] if stops else 0
