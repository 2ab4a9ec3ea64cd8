"""Tell figures the text itself withdraws: superseded, retracted and corrected figures.

"(was 7 nm)", "from 32 GB to 96 GB", "600 W → 900 W": the old figure of a change holds no
longer. "An earlier draft gave 600 kW", "250 W, which was wrong": a correction retracts it.
"holds 64 GPUs; the correct number is 72": a bare number sets a corrected figure in place of
the one before it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from factlint.claims.changedlater import LaterChanges
from factlint.claims.fastre import compile_folded
from factlint.claims.glossedfigures import glossing_bracket
from factlint.claims.language import Language, alternation, either
from factlint.claims.quantities import Quantity
from factlint.claims.removedrecords import removed_record_pattern
from factlint.claims.restated import RestatedFigures

_REPLACED_AFTER = re.compile(r"\s*(?:→|->|=>|⇒|⟶)")  # "600 W → 900 W"
_CLAUSE_END = re.compile(r"[ \t]*(?:[.;!?](?:\s|$)|$)")


def _not_retiring(language: Language) -> str:
    """Return a look-ahead refusing a retraction word that retires a product ("withdrawn from
    sale"), or "" when the language names none."""
    if not language.retiring_retractions or not language.retiring_prepositions:
        return ""
    behind = "|".join(f"(?<={re.escape(word)})" for word in language.retiring_retractions)
    return rf"(?!(?:{behind})\s+{either(language.retiring_prepositions)}\b)"


class WithdrawnFigures:
    """Finds figures a change, a retraction or a correction withdraws; one per language."""

    def __init__(self, language: Language, about_words: Sequence[str]) -> None:
        self.restated = RestatedFigures(language)
        self._removed_record = removed_record_pattern(language)
        self.changed_later = LaterChanges(language)
        self._was_before = re.compile(r"(?<![\w\-])" + either(language.past_copulas) + r"\s+[~≈]?\s*$", re.I)
        # "The 7 nm ...": an article right before a figure, after a clause mark. Searched from a few
        # characters before the figure, "^" matches only at the text's real start (a search's
        # ``pos`` is no start of line), so the article opens a clause or the whole text.
        self._subject_article = re.compile(
            # an opening quote may stand before the figure: 'the "3 nm" in rev 12 was wrong'
            r"(?:^|[.;:(]\s+|^\W*)" + either(language.subject_articles) + r"\s+[\"'“‘]?$",
            re.I,
        )
        # A hedge may stand between the marker and the figure: "down from roughly $8".
        hedge = r"(?:" + alternation(list(about_words)) + r"\s*)?"
        self._from_before = compile_folded(r"\b" + either(language.change_from_words) + r"\s+[~$]?$", re.I)
        self._to_after = re.compile(r"\s+" + either(language.change_to_words) + r"\s+[~$]?\d")
        # "from 32,00 Kč/hod (cca 1,37 USD/hod) to 27,50 Kč/hod": the old figure's conversion in the
        # bracket after it is as old as the figure; either amount may open on its currency's code
        # ("from Rp 16.500/jam (approx. USD 0,97/jam) become Rp 13.900/jam")
        money = r"(?:[~$]|" + either(language.other_currencies + language.conversion_currencies) + r"\s*)?"
        self._from_gloss_before = compile_folded(
            r"\b"
            + either(language.change_from_words)
            + r"\s+"
            + money
            + r"\d[\d\s.,]*[^\s()]*(?:\s+[^\s()]+)?\s*\([^()]*$",
            re.I,
        )
        self._gloss_to_after = re.compile(
            r"[^()]*\)\s+" + either(language.change_to_words) + r"\s+" + money + r"\d"
        )
        self._holds_bare = re.compile(r"\b" + either(language.bare_holding_verbs) + r"\s+$", re.I)
        # "I had 192 MB before", "we listed 700 W earlier": the writer's own earlier figure, withdrawn.
        self._own_earlier_before = re.compile(
            rf"\b{either(language.own_earlier_subjects)}\s+{either(language.own_earlier_verbs)}"
            rf"\s+(?:{either(language.own_earlier_objects)}\s+)?[~$]?$",
            re.I,
        )
        self._own_earlier_after = re.compile(
            r"\s+" + either(language.own_earlier_times) + r"(?=\s*(?:[.,;:)!]|$))", re.I
        )
        # "nowhere near the 300 W rating": a reading falls short of the product's rating, which stands.
        self._short_of_before = re.compile(
            rf"\b{either(language.short_of_phrases)}\s+{either(language.short_of_owners)}"
            rf"\s+(?:{either(language.short_of_rating_kinds)}\s+)?[~$]?$",
            re.I,
        )
        self._rating_after = re.compile(
            rf"\s+(?:{either(language.rating_qualifiers)}\s+)?{either(language.rating_nouns)}\b", re.I
        )
        # The time an old figure held, between it and what replaced it: "at launch", "last month",
        # "in January"; and, whatever the language, "in Q1", "in 2024", "until last <word>"
        time_held = (
            r"(?:\s+(?:"
            + alternation(language.time_held_phrases, words=False, hyphens=False)
            + r"|in\s+(?:Q[1-4]|\d{4})|until\s+last\s+\w+))?"
        )
        self._replaced_after = compile_folded(  # an aside may stand between: "was 1.6 (a typo), fixed to"
            # and so may the release that carried the old figure: "was 1.6 TB/s in 3.8.0; corrected to"
            rf"(?:\s+{either(language.release_prepositions)}\s+"
            + rf"(?:{either(language.glued_release_marks)}|{either(language.release_nouns)}\s+)?"
            + r"\d+(?:\.(?:\d+|x))+)?"
            # and so may the time it held: "was $999 at launch, now $1,099", "was 64 GB last month, now"
            + time_held
            + r"\s*(?:\([^()\n]{0,80}\)\s*)?[,;]?\s*"
            + alternation(language.replacement_openers)
            # the replacing figure follows: "December 2025, now go to 144 chips" replaces nothing
            + rf"\s*(?:{either(language.replacing_links)}\s+)?[~≈$€£]?\s*\d",
            re.I,
        )
        self._superseded_re = compile_folded(
            alternation(language.superseded_markers)
            + r"[\s(:\"'“‘]*(?:"
            + either(language.articles)
            + r"\s+)?"  # "not a 4 nm node", "instead of the 80 GB"
            + hedge
            + r"[~$≈]?$",
            re.I,
        )
        self._retracted_before = compile_folded(
            # an earlier revision by its number: "Rev 12 had the L4 nodes at 8 GPUs", "edition 3 gave"
            r"(?:"
            + alternation(language.retraction_openers)
            + r"|"
            + alternation(language.numbered_revisions, digits_after=True)
            + r"\s*\d+)"
            # "Correction to the 3 May memo: it said": the words may end on the colon of a heading
            + r"(?:\s+[\w'’]+){0,6}?"
            # "Correction to my post (<id@host>): I gave": a cited message id or link before the colon
            + rf"(?:\s*\([^()\n]{{1,80}}\))?(?::\s+{either(language.retraction_pronouns)}\b)?\s+"
            + alternation(language.retraction_verbs)
            # "listed the memory as 64 GB", "I first wrote WSE-1 was 7 nm": the retracted field or the
            # withdrawn figure's own subject may stand between the verb and "as"/"was"
            + rf"(?:(?:\s+(?:{either(language.retracted_objects)}"
            + rf"|{either(language.retracted_determiners)}(?:\s+[\w\-]+){{1,2}}|[\w\-]*\d[\w\-]*))?"
            + rf"\s+{either(language.retracted_links)})?"
            + r"[\s:\"'“‘]*"
            + hedge
            + r"[~$≈]?$",
            re.I,
        )
        # "We previously assumed X would ship with 64 GB": the clause of a view given up since
        self._assumed_before = compile_folded(
            r"(?<![\w\-])"
            + alternation(language.revised_assumptions)
            + r"(?![\w\-])(?:[^,;:.!?\n]|\.(?=\d))*$",
            re.I,
        )
        # "250 W, which was wrong", "the 1,200 W quoted last week, which was a typo".
        self._retracted_after = compile_folded(
            # "was withdrawn from sale" retires a product, not a figure; a quote may close on the
            # figure first: 'the "Nano for $99" from the keynote never happened'
            # a word may be a version ("quoted before v3.4.0 was a typo")
            r"[\"”’]?(?:\s+[A-Za-z][\w'’\-]*(?:\.\d+)*){0,4}"
            # and the revision that carried it: "64 GB per GPU in rev 13 (a typo)"
            + rf"(?:\s+{either(language.revision_prepositions)}\s+{either(language.revision_nouns)}"
            + r"\s*[\w.]+)?[\s,;]*"
            # "40 GB -- no such part exists": a dash sets the verdict off as a comma does
            + r"(?:(?:--|[–—])[\s]*)?"
            + alternation(language.retractions_after)
            + _not_retiring(language),
            re.I,
        )
        # " in v3", " in rev. 2", " of the draft 0.9": the numbered revision a past figure stood in
        self._in_revision_after = compile_folded(
            rf"\s+{either(language.revision_prepositions)}\s+(?:the\s+)?"
            + rf"(?:v\d[\w.]*|{either(language.revision_nouns)}\s*\d[\w.]*)(?![\w\-])",
            re.I,
        )
        # "The 7 nm in some reports for X is wrong": the figure heads the clause's subject (an
        # article before it), and the clause's predicate refutes it a few words on.
        # an issue or pull-request number may stand among its words ("The 5 nm in #412 is wrong")
        self._subject_refuted = compile_folded(
            r"[\"'”’]?(?:\s+#?[\w'’\-]+){0,8}?\s+"
            + either(language.refutation_verbs)
            # "was simply wrong", "is clearly false": an adverb may stand before the verdict
            + rf"\s+(?:{either(language.refutation_adverbs)}\s+)?"
            + either(language.refutation_predicates)
            + r"(?![\w\-])",
            re.I,
        )
        # "the 48 GB datasheet error.", "listed 15 kW in error;": the error noun must end the clause,
        # so "96 GB with error correction" keeps its figure.
        self._error_after = (
            compile_folded(
                r"[\"'”’]?(?:\s+[A-Za-z][\w\-]*){0,2}\s+"
                + alternation(language.error_nouns)
                + r"(?=\s*(?:[.,;:!?)\n]|$))",
                re.I,
            )
            if language.error_nouns
            else None
        )
        # "holds 64 GPUs; the correct number is 72": a bare number that corrects the figure before it
        # "Someone claimed the refresh is 7 nm; the vendor said there is none, so ignore that": hearsay
        # before the figure, dismissed where its sentence ends.
        self._hearsay_before = re.compile(alternation(language.hearsay_verbs), re.I)
        self._dismissed_at_end = re.compile(
            rf"[^.!?\n]{{0,120}}?[,;]\s*(?:{either(language.dismissal_adverbs)}\s+)?"
            + either(language.dismissal_verbs)
            + rf"\s+{either(language.dismissed_pronouns)}(?:\s+{either(language.dismissed_nouns)})?"
            + r"\s*(?:[.!]|$)",
            re.I,
        )
        self._correction_is_re = compile_folded(
            alternation(language.correction_openers) + r"\s+(?:is|was|reads|should\s+(?:read|be))\s+$",
            re.I,
        )
        # "10,000 GPUs ... is incorrect; the system has 5,448.": a refuted figure, then the right one bare
        self._refuted_re = compile_folded(r"\b" + alternation(language.refutation_predicates) + r"\b", re.I)

    def marks_change(self, before: str) -> bool:
        """Return True when ``before`` ends on a marker of a superseded figure ("up from", "was")."""
        return self._superseded_re.search(before) is not None

    def is_retracted(self, text: str, start: int, end: int) -> bool:
        """Return True for a figure an earlier text gave and a correction withdraws.

        "An earlier draft gave 600 kW", "250 W, which was wrong".
        """
        return bool(
            self._retracted_before.search(text[max(0, start - 100) : start])
            or self._retracted_after.match(text, end)
            or (
                self._subject_article.search(text, max(0, start - 8), start)
                and self._subject_refuted.match(text, end)
            )
            or (self._error_after is not None and self._error_after.match(text, end) is not None)
            # "deletes a duplicate H100 row that listed 94 GB": what a removed record said
            or (
                self._removed_record is not None
                and self._removed_record.search(text[max(0, start - 120) : start]) is not None
            )
        )

    def is_retracted_after(self, text: str, end: int) -> bool:
        """Return True for a figure whose words after its unit withdraw it: "$8/hr was dropped"."""
        return self._retracted_after.match(text, end) is not None

    def is_superseded(self, text: str, start: int, end: int) -> bool:
        """Return True for a figure the text itself withdraws: "(was 7 nm)", "from 32 GB to 96 GB"."""
        bracket = glossing_bracket(text, start, end)
        if bracket is not None and self.is_superseded(text, *bracket):
            return True  # "was 0xB4 (180 W), corrected to 165 W": the gloss goes with its value
        if _REPLACED_AFTER.match(text, end):
            return True
        if self._superseded_re.search(text[max(0, start - 30) : start]) and not (
            self._short_of_before.search(text[max(0, start - 30) : start])
            and self._rating_after.match(text, end)
        ):
            return True
        if self._replaced_after.match(text, end):
            return True  # "was 144 GB, now 141 GB", "mem_gb was 128, corrected to 96"
        if self._was_before.search(text, max(0, start - 12), start) and self._in_revision_after.match(
            text, end
        ):
            return True  # "the bandwidth was 1.2 TB/s in v3": what an older revision said
        if self.is_retracted(text, start, end) or self.restated.is_superseded(text, start, end):
            return True
        if self.changed_later.is_changed_later(text, start, end):
            return True  # "$0.86 on demand, then cut that to $0.79/hr"
        if self._assumed_before.search(text[max(0, start - 100) : start]):
            return True  # "We previously assumed Gaudi3 would ship with 96 GB"
        if self._own_earlier_before.search(
            text[max(0, start - 40) : start]
        ) and self._own_earlier_after.match(text, end):
            return True  # "I had 192 MB before"
        if self._dismissed_at_end.match(text, end):
            sentence = max(text.rfind(mark, 0, start) for mark in (". ", "! ", "? ", "\n"))
            if self._hearsay_before.search(text, sentence + 1, start):
                return True  # "someone claimed 7 nm; ..., so ignore that"
        if self._from_gloss_before.search(text[max(0, start - 60) : start]) and self._gloss_to_after.match(
            text, end
        ):
            return True
        return bool(
            self._from_before.search(text[max(0, start - 8) : start]) and self._to_after.match(text, end)
        )

    def corrects_before(self, text: str, quantity: Quantity, earlier: Quantity | None = None) -> bool:
        """Return True for a bare number that "the correct number is" sets in place of the figure
        before it, whose unit or count it takes ("holds 64 GPUs; the correct number is 72").

        So does a bare number closing its clause after a verb of holding, once the text since the
        ``earlier`` figure called that figure wrong ("10,000 GPUs ... is incorrect; it has 5,448.").
        """
        if self._correction_is_re.search(text, max(0, quantity.start - 40), quantity.start) is not None:
            return True
        return (
            earlier is not None
            and self._holds_bare.search(text, max(0, quantity.start - 20), quantity.start) is not None
            and _CLAUSE_END.match(text, quantity.end) is not None
            and self._refuted_re.search(text, earlier.end, quantity.start) is not None
        )
