"""Figures the text hands to another product: "gave 288 GB; that is the MI355X figure".

A correction often keeps a figure and says whose it really is: "I first wrote 96 GB per
card, but that is the Gaudi2 number", "listed 288 GB; that's the MI355X figure". The
figure is then a true claim of the product named, not a withdrawn one of the product
before it. A doubted figure answered by the same figure given to another product ("does
it have 8 TB/s? No: 8 TB/s is the B200 figure") belongs to that product too. So does a figure a
remark points back at and hands over with a verb ("printed 26 TOPS; that figure belongs to the
older Hailo-8"), and one opening an answer's clause as the product named ("no, 288 GB is the
MI355X;").
The words are the language's (english.yaml).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation
from factlint.claims.segments import Mention


class Reassignments:
    """Finds the product a remark after a figure says the figure belongs to."""

    def __init__(self, language: Language) -> None:
        copulas = alternation(language.reassignment_copulas) if language.reassignment_copulas else r"(?!)"
        nouns = alternation(language.reassignment_nouns) if language.reassignment_nouns else r"(?!)"
        articles = alternation(language.articles)
        # Between the figure and "that is": a few words of its own clause ("per card there", "for
        # the B200 at first"; a dotted name is one word: "for inf2.xlarge"), no other figure, then the
        # clause break that opens the remark ("; ", ", but ", " (", " -- ", a typed dash).
        # A plural remark may cover figures joined to this one: "gave it as 48 GB and 295 W. Those are
        # the W7900's figures" hands both over.
        joined = rf"(?:\s+{alternation(language.list_conjunctions)}\s+\d[\d.,]*[ \t]?[^\W\d][\w/]*)?"
        self._to_remark = re.compile(
            rf"[\"”’']?(?:[ \t]+[^\W\d](?:[\w\-']|\.(?=\w))*){{0,6}}?{joined}"
            r"[ \t]*(?:[;:,(]|\.(?=[ \t\n])|[ \t](?:--?|[–—]))[ \t\n]*"
            rf"(?:{alternation(language.clause_conjunctions)}[ \t]+)?",
            re.I,
        )
        # "No: 8 TB/s is ...": a new sentence that answers the one holding the figure
        self._answer = re.compile(
            rf"[?.][ \t]+(?:{alternation(language.answer_openers)}[ \t]*[:,;.\-–—]?[ \t]*)?", re.I
        )
        self._remark = compile_folded(rf"{copulas}\s+{articles}\s+", re.I)
        # "that figure belongs to the older Hailo-8": the remark's noun is its subject, a verb handing
        # it over, then the product (perhaps after a word or two: "the older", "the first-gen")
        pointers = alternation(language.reassignment_pointers) if language.reassignment_pointers else r"(?!)"
        handing = (
            alternation(language.subject_reassignment_verbs)
            if language.subject_reassignment_verbs
            else r"(?!)"
        )
        self._noun_remark = compile_folded(
            rf"{pointers}\s+(?:{nouns})\s+(?:{handing})\s+(?:{articles}\s+)?", re.I
        )
        # "no, 288 GB is the MI355X;": a figure opening its clause is the product named right after
        # "is the", when the clause ends there (a noun after it, "the MI355X memory", says more)
        self._clause_open = re.compile(
            r"(?:^|[.;:!?(]|[ \t][-–—]+|,)[ \t\n]*(?:[^\W\d][\w']*[ \t]*,[ \t]*)?$"
        )
        self._is_product = compile_folded(
            rf"[ \t]+{alternation(language.answer_copulas)}[ \t]+{articles}[ \t]+", re.I
        )
        self._clause_end = re.compile(r"[ \t]*(?:[;,.)!?]|[ \t][-–—]|$)")
        # "the 16 GB figure was the T4 pool's": the figure opens the remark as its subject
        self._the_before = re.compile(r"(?<![\w-])the[ \t]+[`\"“']?$", re.I)
        verbs = (
            alternation(language.subject_reassignment_verbs)
            if language.subject_reassignment_verbs
            else r"(?!)"
        )
        gap = r"\s+(?:>[ \t>]*)?"  # a wrapped line of a quoted block goes on after its ">"
        self._subject_remark = compile_folded(rf"{gap}(?:{nouns}){gap}{verbs}{gap}(?:{articles}{gap})?", re.I)
        # "The 160 W some users saw in 4.1.x is the n150s figure": a short clause of its own (no
        # clause break, no sentence end) between the figure and "is the <product> figure"
        self._clause_remark = compile_folded(
            rf"(?:[ \t]+[^\s,;:!?()]*[^\s,;:!?().]){{1,6}}?[ \t]+{alternation(language.answer_copulas)}"
            rf"[ \t]+(?:{articles}[ \t]+)?",
            re.I,
        )
        # "the 48 GB under ATOM in v2 belonged to RNGD": a short clause of its own, then a verb of
        # ownership names the owner itself
        self._clause_owned = (
            compile_folded(
                rf"[`\"”']?(?:[ \t]+[^\s,;:!?()]*[^\s,;:!?().]){{0,6}}?[ \t]+"
                rf"{alternation(language.ownership_verbs)}[ \t]+(?:{articles}[ \t]+)?",
                re.I,
            )
            if language.ownership_verbs
            else None
        )
        # the owner: a possessive, also of its pool or card ("the T4 pool's"), or the remark's noun
        self._owned_after = compile_folded(
            rf"(?:[ \t]+[a-z]+)?['’]s(?![\w])|(?:['’]s)?\s+(?:{nouns})(?![\w\-])", re.I
        )
        self._same_is = compile_folded(rf"\s+{alternation(language.answer_copulas)}\s+{articles}\s+", re.I)
        # "the figure of the first-generation WSE-1", "the number for the T4": the noun before its product
        self._noun_of = compile_folded(rf"(?:{nouns})\s+(?:of|for)\s+(?:{articles}\s+)?", re.I)
        self._word = re.compile(r"[^\W\d][\w\-]*\s+")
        # "the MLU370-X4's figure": a model number (letters and digits) owning the figure in a possessive
        self._model_owned = compile_folded(
            rf"(?=[\w\-]*\d)[A-Za-z][\w\-]*[A-Za-z0-9]['’]s\s+(?:{nouns})(?![\w\-])", re.I
        )
        # "the T4 number", "the BR104's figure", or a bare possessive ending the remark ("the BR104's)")
        self._noun_after = compile_folded(
            rf"(?:['’]s)?\s+(?:{nouns})(?![\w\-])|['’]s(?=[ \t]*(?:[).,;:!?]|$))", re.I | re.M
        )

    def owner(self, text: str, end: int, mentions: list[Mention], start: int | None = None) -> str | None:
        """Return the product a remark right after the figure ending at ``end`` gives it to, or None.

        "288 GB; that is the MI355X figure" -> MI355X; "gave 18 GB. That is the figure of the
        first-generation WSE-1" -> WSE-1 (the remark may open the next sentence). With the figure's
        ``start``, a figure that is the subject of the remark counts too: "the 16 GB figure was the T4
        pool's" -> T4, also after a clause of its own ("the 160 W some users saw is the n150s figure").
        """
        gap = self._to_remark.match(text, end)
        remark = self._remark.match(text, gap.end()) if gap is not None else None
        if remark is not None:
            named = self._named_at(text, remark.end(), mentions)
            noun = self._noun_of.match(text, remark.end()) if named is None else None
            at = noun.end() if noun is not None else -1
            for _ in range(3 if noun is not None else 0):  # at most two words before the product
                named = next((mention.entity for mention in mentions if mention.start == at), None)
                word = self._word.match(text, at)
                if named is not None or word is None:
                    break
                at = word.end()
            return named
        handed = self._noun_remark.match(text, gap.end()) if gap is not None else None
        if handed is not None:
            return self._product_within(text, handed.end(), mentions, words=2)
        if start is not None and self._clause_open.search(text, max(0, start - 24), start):
            copula = self._is_product.match(text, end)
            if copula is not None:
                for mention in mentions:
                    if mention.start == copula.end() and self._clause_end.match(text, mention.end):
                        return mention.entity
        if start is None or not self._the_before.search(text, max(0, start - 8), start):
            return None
        subject = self._subject_remark.match(text, end) or self._clause_remark.match(text, end)
        if subject is None:
            owned = self._clause_owned.match(text, end) if self._clause_owned is not None else None
            return self._product_within(text, owned.end(), mentions, words=0) if owned is not None else None
        for mention in mentions:
            if mention.start == subject.end() and self._owned_after.match(text, mention.end):
                return mention.entity
        return None

    def unknown_owner(self, text: str, end: int) -> bool:
        """Return True when a remark right after the figure ending at ``end`` gives it to a model
        number no product name matched ("256 here (that is the ZX-4's figure)"): the figure is
        another product's, not the one before it."""
        gap = self._to_remark.match(text, end)
        remark = self._remark.match(text, gap.end()) if gap is not None else None
        return remark is not None and self._model_owned.match(text, remark.end()) is not None

    def owner_in(self, rest: str, end: int, names_in: Callable[[str], list[Mention]]) -> str | None:
        """Return :meth:`owner` read in ``rest``, the figure's sentence and those after it, so a remark
        opening the next sentence counts; the product names are found only when a remark follows."""
        gap = self._to_remark.match(rest, end)
        if gap is None or self._remark.match(rest, gap.end()) is None:
            return None
        return self.owner(rest, end, names_in(rest))

    def answered(self, text: str, start: int, end: int, names_in: Callable[[str], list[Mention]]) -> bool:
        """Return True when the next sentence gives the figure ``text[start:end]`` to a product:
        "whether it has 8 TB/s. No: 8 TB/s is the B200 figure" (that one is the B200's claim)."""
        answer = self._answer.match(text, end)
        figure = text[start:end]
        if answer is None or not text.startswith(figure, answer.end()):
            return False
        same = self._same_is.match(text, answer.end() + len(figure))
        return same is not None and self._named_at(text, same.end(), names_in(text)) is not None

    def _product_within(self, text: str, at: int, mentions: list[Mention], words: int) -> str | None:
        """Return the product named at ``at`` or after at most ``words`` words from it, or None."""
        for _ in range(words + 1):
            named = next((mention.entity for mention in mentions if mention.start == at), None)
            word = self._word.match(text, at)
            if named is not None or word is None:
                return named
            at = word.end()
        return None

    def _named_at(self, text: str, at: int, mentions: list[Mention]) -> str | None:
        """Return the product named at ``at`` when the remark's noun ("figure", "number") follows it."""
        for mention in mentions:
            if mention.start == at and self._noun_after.match(text, mention.end):
                return mention.entity
        return None
