"""Sentences that take back or hedge the figures stated just before them.

"Revision A listed 5 nm. That was itself wrong." withdraws the 5 nm: the next sentence is
short and does nothing but refute the one before; so does a bare verdict ("Wrong -- ...").
"The 7 nm figure reported for it is unconfirmed." keeps the 7 nm, hedged.
The words are the language's (english.yaml).
"""

from __future__ import annotations

import re

from factlint.claims.fastre import compile_folded
from factlint.claims.forwardsearch import ForwardSearch
from factlint.claims.language import Language, alternation
from factlint.claims.removals import removal_pattern

_SENTENCE_END = re.compile(r"[.;!?](?:\s|$)|\n\s*\n")
_DIGIT = re.compile(r"\d")
_RECAP_REACH = 120  # how far after "I said" the fix may stand in one unpunctuated sentence
_NUMBER_UNIT = re.compile(r"\d[\d.,]*\s*([A-Za-z/%]*)")  # a number and the unit word after it
# a character of a sentence's words: no figure, no sentence end, a line break only inside a paragraph
_WORDING = r"(?:[^.!?;\d\n]|\n(?![ \t]*\n))"
_CLAUSE_BREAK = re.compile(r"\s*(?:;|\s[-–—]{1,2})\s")  # "...; both were wrong", "... -- that was a typo"


class Refutations:
    """Finds refuting next sentences and hedges after a figure, for one language."""

    def __init__(self, language: Language) -> None:
        self._sentence_end = ForwardSearch(_SENTENCE_END)  # asked from every figure of a line
        parts = (
            language.refutation_subjects,
            language.refutation_verbs,
            language.refutation_predicates,
        )
        self._refutation = None
        if all(parts):
            subjects, verbs, predicates = (alternation(part) for part in parts)
            adverbs = alternation(language.refutation_adverbs) if language.refutation_adverbs else None
            adverb = rf"(?:{adverbs}\s+)?" if adverbs else ""
            # "It has never been substantiated for the 910C.", "That was wrong - it came from ...",
            # "that was an error in our model, and the rating of 750 W is used"; a quoted line may
            # wrap before the phrase ("That was an error\n> of the editors"):
            # a short phrase naming what is refuted, or a clause break, may follow the predicate
            # "The vendor told me flatly that it's not true, so ignore it.": reported, contracted
            reporter = (
                rf"(?:[\w&.-]+(?:\s+[\w&.-]+){{0,2}}\s+(?:{alternation(language.refutation_reporters)})"
                rf"\s+(?:\w+ly\s+)?(?:that\s+)?)?"
                if language.refutation_reporters
                else ""
            )
            self._refutation = compile_folded(
                rf"[\s\"'”’)>]*{reporter}{subjects}(?:\s+{verbs}|['’]s)\s+{adverb}{predicates}"
                rf"(?:\s+and\s+[^.!?;]*|[\s>]+(?:for|of|about|in|on)\s+[^.!?;:\n]{{1,30}}?)?"
                rf"\s*(?:[.!]+[\"'”’)]*(?:\s|$)|$|[;:](?:\s|$)|\s[-–—]{{1,2}}\s|,\s+(?:and|but|so)\s)",
                re.I,
            )
        # "That figure belonged to a pre-production profile and is not supported.": a figure named
        # by a noun, said to belong elsewhere or not to stand; a weaker predicate than a refutation
        # ("not supported") needs the figure noun as its subject, since "That is not supported" may
        # be said of a feature
        self._withdrawn_figure = None
        if all(parts) and language.refuted_figure_nouns and language.withdrawal_predicates:
            copulas = alternation(language.refutation_verbs)
            hedge = (
                rf"(?:{alternation(language.refutation_adverbs)}\s+)?" if language.refutation_adverbs else ""
            )
            withdrawn = alternation(language.refutation_predicates + language.withdrawal_predicates)
            attributed = (
                rf"(?:\s+{alternation(language.attribution_verbs)}\s+[^.!?;]{{1,80}}?\s+and)?"
                if language.attribution_verbs
                else ""
            )
            self._withdrawn_figure = compile_folded(
                rf"[\s\"'”’)>]*(?:that|this|the|those|these)\s+{alternation(language.refuted_figure_nouns)}"
                rf"{attributed}\s+{copulas}\s+{hedge}{withdrawn}\s*(?:[.!]+[\"'”’)]*(?:\s|$)|$|[;:,](?:\s|$))",
                re.I,
            )
        # "Wrong -- ...", "Incorrect: ...", "Not true." opening the next sentence
        self._verdict = (
            compile_folded(
                rf"[\s\"'”’)>]*{alternation(language.refutation_verdicts)}\s*(?:--|[-–—:,;!.?]|$)", re.I
            )
            if language.refutation_verdicts
            else None
        )
        # "...; I reverted.", "I reverted it.": the change told just before is undone
        self._reversion = (
            compile_folded(
                rf"[\s,;:\-–—]*(?:{alternation(language.reversion_subjects)}\s+)?"
                rf"{alternation(language.reversion_verbs)}\s*(?:[.!]+(?:\s|$)|$|[;:,](?:\s|$)|\s[-–—]{{1,2}}\s)",
                re.I,
            )
            if language.reversion_verbs
            else None
        )
        # "I said ..." anywhere in its sentence: after a lead-in ("Correction: I said ...") or, in
        # captions that run on with no full stop, deep inside one ("... oh and one correction I said
        # the X was 300 watts")
        self._recap = (
            compile_folded(rf"(?<![\w'’]){alternation(language.recap_openers)}\b", re.I)
            if language.recap_openers
            else None
        )
        fix = rf"{alternation(language.fix_openers)}\s+(?:about\s+|~\s*)?[$€£]?\d"
        self._fix = compile_folded(rf"[\s]*{fix}", re.I) if language.fix_openers else None
        self._inner_fix = compile_folded(rf"(?<![\w'’]){fix}", re.I) if language.fix_openers else None
        self._hedge = (
            compile_folded(alternation(language.hedges_after), re.I) if language.hedges_after else None
        )
        # "reaches 53 TFLOPS on the MI50; unconfirmed, not used": a bare hedge as the clause after a
        # semicolon ("; unconfirmed reports say 32 GB" opens a sentence of its own)
        self._bare_hedge = (
            compile_folded(rf"\s*{alternation(language.hedges_after)}\s*(?:[,.;!)]|$)", re.I)
            if language.hedges_after
            else None
        )
        # "kb. 5,30 USD/hour); the value is not final": a clause after a semicolon that opens on the
        # figure it speaks of hedges it as the same clause would
        self._figure_clause = (
            compile_folded(rf";\s+{alternation(language.refutation_subjects)}", re.I)
            if language.refutation_subjects
            else None
        )
        # "...275 W per the dealer; unconfirmed.": a last clause that is the hedge alone doubts every
        # figure of the clause before it
        self._final_hedge = (
            compile_folded(rf"\s*{alternation(language.hedges_after)}\s*[.!]?[\s\"”)]*$", re.I)
            if language.hedges_after
            else None
        )
        # "... takes 58 W under full load. We could not confirm this measurement and consider it
        # unconfirmed.": a next sentence with no figure of its own that takes the figure up by a
        # pronoun or a figure noun and doubts it hedges the figure before it
        self._hedged_next = (
            compile_folded(
                rf"[\s\"'”’)>]*(?={_WORDING}{{0,160}}?(?<![\w'’]){alternation(language.refutation_subjects)}"
                rf"(?![\w'’])){_WORDING}{{0,160}}?{alternation(language.hedges_after)}{_WORDING}{{0,60}}?"
                r"[.!](?:\s|$)",
                re.I,
            )
            if language.hedges_after and language.refutation_subjects
            else None
        )
        # "...at 550 W; we have not seen that, treat it as unconfirmed": the next clause doubts the
        # figure through a pronoun taking it up
        self._pronoun_hedge = (
            compile_folded(
                rf"(?<![\w'’])(?:it|that|this)(?![\w'’])[^.;!?\d]{{0,40}}?{alternation(language.hedges_after)}",
                re.I,
            )
            if language.hedges_after
            else None
        )
        # "The 25 kW figure is wrong.": a later sentence naming a figure by its number refutes it
        self._named = None
        if all(parts) and language.refuted_figure_nouns:  # verbs, predicates, adverb: built above
            self._named = compile_folded(
                r"\bthe\s+[~$≈]?(\d[\d.,]*\d|\d)\s*[^\s\d.,;:]{0,12}\s+"
                rf"{alternation(language.refuted_figure_nouns)}\s+(?:\w+\s+){{0,3}}?{verbs}\s+{adverb}{predicates}",
                re.I,
            )
        # "The figure of 10,000 GPUs quoted in some press reports is incorrect": named before its number
        self._named_of = None
        if all(parts) and language.refuted_figure_nouns:
            self._named_of = compile_folded(
                rf"\bthe\s+{alternation(language.refuted_figure_nouns)}\s+of\s+[~$≈£€]?(\d[\d.,]*\d|\d)"
                rf"[^.;!?\n]{{0,120}}?\s{verbs}\s+{adverb}{predicates}",
                re.I,
            )
        self._named_cache: dict[str, tuple[tuple[int, str], ...]] = {}
        # "We found no source for that and removed it.": the writer took the figure out (removals.py)
        self._removal = removal_pattern(language)

    def refutes_previous(self, after: str) -> bool:
        """Return True when ``after`` (the text after a sentence) opens with a sentence that only refutes it.

        "That was itself wrong.", "This is incorrect.", "That figure was later withdrawn."
        """
        if self._refutation is not None and self._refutation.match(after) is not None:
            return True
        if self._reversion is not None and self._reversion.match(after) is not None:
            return True
        if self._withdrawn_figure is not None and self._withdrawn_figure.match(after) is not None:
            return True
        if self._removal is not None and self._removal.match(after) is not None:
            return True
        return self._verdict is not None and self._verdict.match(after) is not None

    def hedges_previous(self, text: str, pos: int) -> bool:
        """Return True when ``text`` from ``pos`` (the end of a sentence) opens with a sentence that only
        doubts its figure: "We have not been able to confirm this measurement.", "This is unverified."."""
        return self._hedged_next is not None and self._hedged_next.match(text, pos) is not None

    def refuting_clause(self, sentence: str) -> int | None:
        """Return where a clause refuting the rest of ``sentence`` begins, or None if none does.

        "Rev. 1 listed it at 24 GB and 200 W; both were wrong and are corrected above.": the
        clause after the semicolon refutes the figures before it, as a next sentence would; so does
        one naming them by a figure noun ("...; that figure is wrong, the data sheet says 32 GB").
        """
        patterns = [p for p in (self._refutation, self._reversion, self._withdrawn_figure) if p is not None]
        for boundary in _CLAUSE_BREAK.finditer(sentence):
            if any(p.match(sentence, boundary.end()) is not None for p in patterns):
                return boundary.start()
        return None

    def recap_fixed_by(self, sentence: str, after: str) -> int | None:
        """Return where ``sentence`` recaps the writer's own words that ``after`` opens by fixing, or None.

        "Also said the X was 96 GB. It is 64 GB.": the recapped 96 GB, and any figure after the
        recap's opening words, is withdrawn; figures before them stand.
        """
        if self._recap is None or self._fix is None or self._fix.match(after) is None:
            return None
        recaps = [m for m in self._recap.finditer(sentence) if _DIGIT.search(sentence, m.end())]
        return recaps[-1].start() if recaps else None

    def recapped_span(self, sentence: str) -> tuple[int, int] | None:
        """Return (start, end) of a recap of one's own words that ``sentence`` itself fixes, or None.

        "one correction I said the L40S was 300 watts it's 350 watts": captions write no full
        stop before the fix, so the figures between the recap and the fix are withdrawn.
        """
        if self._recap is None or self._inner_fix is None:
            return None
        for recap in self._recap.finditer(sentence):
            fix = self._inner_fix.search(sentence, recap.end(), recap.end() + _RECAP_REACH)
            if fix is None:
                continue
            recapped = list(_NUMBER_UNIT.finditer(sentence, recap.end(), fix.start()))
            fixed = _NUMBER_UNIT.match(sentence, fix.end() - 1)
            # "I said it was 300 watts and it's 48 GB too" fixes nothing: with no full stop to go
            # by, the new figure must be written in the recapped one's unit
            if recapped and fixed is not None and fixed.group(1).lower() == recapped[-1].group(1).lower():
                return recap.start(), fix.start()
        return None

    def named_refutations(self, text: str) -> tuple[tuple[int, str], ...]:
        """Return (position, number) of each figure a sentence of ``text`` names by its number and refutes.

        "A CS-3 draws about 25 kilowatts. [...] The 25 kW figure is wrong.": the earlier 25 is withdrawn;
        "The figure of 25 kW given in the brochure is wrong." withdraws its own 25 kW as well.
        """
        if self._named is None:
            return ()
        found = self._named_cache.get(text)
        if found is None:
            found = tuple((match.start(), match.group(1)) for match in self._named.finditer(text))
            if self._named_of is not None:  # placed at its verdict: it refutes its own figure too
                found += tuple((match.end(), match.group(1)) for match in self._named_of.finditer(text))
            if len(self._named_cache) < 10_000:
                self._named_cache[text] = found
        return found

    def hedged_after(self, text: str, end: int, next_figure: int | None) -> bool:
        """Return True when a hedge ("unconfirmed") follows a figure ending at ``end`` in its sentence.

        The hedge must come before the sentence ends and before ``next_figure`` (where the
        next figure starts), so that it speaks of this figure.
        """
        if self._hedge is None:
            return False
        stop = self._sentence_end.search(text, end)
        if (
            stop is not None
            and self._figure_clause is not None
            and self._figure_clause.match(text, stop.start())
        ):
            stop = self._sentence_end.search(text, stop.end())
        limit = min(
            stop.start() if stop else len(text), next_figure if next_figure is not None else len(text)
        )
        if self._hedge.search(text, end, limit) is not None:
            return True
        if stop is None or text[stop.start()] != ";" or self._pronoun_hedge is None:
            return False
        if self._final_hedge is not None and self._final_hedge.match(text, stop.end()):
            return True  # "864 GB/s and 275 W per the dealer; unconfirmed.": a verdict on the whole clause
        if (
            self._bare_hedge is not None
            and (next_figure is None or next_figure > stop.start())
            and self._bare_hedge.match(text, stop.end())
        ):
            return True  # "(7 nm, reportedly 80 GB; unconfirmed)" doubts the 80 GB only
        # the clause after the semicolon, up to the sentence's end, before any other figure
        clause_end = self._sentence_end.search(text, stop.end())
        clause_limit = min(
            clause_end.start() if clause_end else len(text),
            next_figure if next_figure is not None else len(text),
        )
        return self._pronoun_hedge.search(text, stop.end(), clause_limit) is not None


__all__ = ["Refutations"]
