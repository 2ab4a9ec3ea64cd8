"""Choose the attribute a quantity measures, from its unit's dimension and nearby cue words."""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable
from dataclasses import dataclass

from factlint.claims.convertedprices import converted_price_before_re
from factlint.claims.fastre import FoldedPattern, compile_folded
from factlint.claims.language import Language, alternation, either
from factlint.claims.listedfigures import may_share_listed_cue, shares_listed_cue
from factlint.claims.namedprices import NamedPrices
from factlint.claims.ofnouns import FigureNouns
from factlint.claims.parallelitems import parallel_items_before
from factlint.claims.quantities import Quantity
from factlint.claims.spanindex import SpanIndex, StartWindow
from factlint.claims.variants import variant_suffixes
from factlint.pack import Attribute, KnowledgePack
from factlint.units import conversion_factor

CONTEXT_DISTANCE = 30  # how far a row label or column header counts as standing from a cell's number
FAR_CONTEXT_DISTANCE = 120  # a list intro or bold label
_OPENER_END = re.compile(r"\s*[,:\u2013\u2014-]\s")  # the comma or dash closing an opening date
# "From May 5 2025 the ...", and with a gloss of the date in brackets: "In the 2026. II. negyedév (II.
# quarter) we plan to introduce ..."
_BRACKET_BEFORE = re.compile(r"\([ \t]*$")
_UNPUNCTUATED_OPENER_END = re.compile(r"(?:\s*\([^()\n]{1,40}\))?[\W_]*\s(?=[A-Za-z])")
_WORDS_BEFORE = re.compile(r"((?:[\w.+]+(?:-[\w.+]+)* ){0,2}[\w.+]+(?:-[\w.+]+)*)[ -]$")  # "Tesla V100 "
# "12 Jan 2026 10:03:18", "2026-01-14T09:12", "04.03.26, 09:23:16": a date with the time of day
# to the second (or ISO's "T") stamps a record (a message, a log line, a ticket's edit), no release
_TIME_OF_DAY = re.compile(r"(?:[ \t]*,?[ \t]*\d{1,2}:\d{2}:\d{2}|T\d{2}:\d{2})(?!\d)")
_CLAUSE_BREAK = compile_folded(r"[,;:]|\b(?:and|or|but|while|then|whereas)\b", re.I)
_LABEL_COLON = re.compile(r"[*_]*[ \t]*:[ \t]*")  # "**Sampling:** H2 2026": a label's colon


_SUM_SCALE = 1e6  # money written in millions or more ("$2.9 million", "$3.99M")


@dataclass(frozen=True)
class CueText:
    """Text whose cue words can name an attribute, and how far it stands from the number."""

    text: str
    distance: int


@dataclass(frozen=True)
class AttributeChoice:
    """The attribute chosen for a quantity and how the value converts into its unit."""

    attribute: Attribute
    factor: float  # multiply the written number by this to get the canonical unit
    offset: float = 0.0  # added after scaling: "50% better" -> 1 + 0.5
    rule: str = "cue"


class AttributeChooser:
    """Picks attributes with one compiled cue pattern per pack."""

    def __init__(self, pack: KnowledgePack, language: Language) -> None:
        self.pack = pack
        self._cue_owners: dict[str, list[str]] = {}
        for attribute in pack.attributes:
            for cue in attribute.cues:
                self._cue_owners.setdefault(_norm(cue), []).append(attribute.name)
        self._cue_cache: dict[str, list[tuple[int, int, str]]] = {}
        self._cue_windows: dict[str, StartWindow] = {}
        # the attribute that takes another's small sizes (on-chip memory, memory capacity's), by the other
        self._small_sizes = {
            a.small_sizes_of.attribute: (a, a.small_sizes_of)
            for a in pack.attributes
            if a.small_sizes_of is not None and a.default
        }
        # "TPU v4 launched in 2021": a version that ends a product's name names the product.
        versioned = [name for e in pack.entities for name in e.names if _VERSION_BEFORE.search(name + " ")]
        self._versioned_name = (
            compile_folded(r"(?<![\w.])" + alternation(versioned) + r"\s+$", re.I) if versioned else None
        )
        # "On March 3, 2025, AWS launched ...": a sentence opening on its date
        self._opening_date = compile_folded(rf"[\W_]*(?:{alternation(language.date_openers)}\s+)?", re.I)
        # "From the 3 of February of 2025 the partition is open": translated text drops the comma
        # after an opening date that a preposition introduces
        # "OK: in March 2023 the H800 was in use": a one-word reply or label before the opener
        self._opening_word = compile_folded(
            rf"[\W_]*(?:[A-Za-z]{{1,12}}:\s+)?{alternation(language.date_openers)}\s+(?:the\s+)?[\W_]*", re.I
        )
        # "In March 2024, NVIDIA said the B200 would ship": the date is the saying's
        date_cues = {
            _norm(cue) for attribute in pack.attributes if attribute.is_date for cue in attribute.cues
        }
        self._reporting = compile_folded(
            alternation([verb for verb in language.reporting_verbs if _norm(verb) not in date_cues]), re.I
        )
        self._rates_cache: dict[str, list[Attribute]] = {}
        # "$24.90 shipping", "Freight: $180.00": a side charge of a sale, named right next to it
        charges = alternation(language.charge_nouns)
        self._charge_after_re = compile_folded(
            rf"[ \t]*(?:{charges}|{alternation(language.making_costs)}(?![\w-]))", re.I
        )
        # "$5,000 more than the H100", "about 1,800 dollars more": a difference of prices, no price
        self._difference_re = compile_folded(rf"[ \t]*{alternation(language.price_differences)}", re.I)
        self._per_measure_re = compile_folded(
            rf"[ \t]*(?:per|/|a|an)[ \t]*{alternation(language.measure_nouns)}(?![\w/])", re.I
        )
        self._charge_before_re = compile_folded(rf"{charges}[ \t]*[:(]?[ \t]*\+?[ \t]*$", re.I)
        self._phrase_break = _phrase_break(language)
        self._volume_nouns = frozenset(_norm(noun) for noun in language.volume_nouns)
        storage = alternation(language.storage_nouns) if language.storage_nouns else r"(?!)"
        self._storage_before_re = compile_folded(rf"(?<![\w\-]){storage}(?:\s+{storage})?\W{{0,3}}$", re.I)
        quotas = alternation(language.quota_nouns) if language.quota_nouns else r"(?!)"
        self._quota_before_re = compile_folded(rf"(?<![\w\-]){quotas}(?![\w\-])[^.;:()]*$", re.I)
        incidents = alternation(language.incident_verbs) if language.incident_verbs else r"(?!)"
        rivals = alternation(language.rival_count_verbs) if language.rival_count_verbs else r"(?!)"
        # "replaces some 160 GPUs", "does the work of ~40 CPUs"
        hedges = rf"(?:{alternation(language.approximators)}\s*)?" if language.approximators else ""
        self._rival_before_re = compile_folded(rf"(?<![\w\-]){rivals}\s+{hedges}$", re.I)
        increments = alternation(language.increment_words) if language.increment_words else r"(?!)"
        self._increment_before_re = compile_folded(rf"(?<![\w\-]){increments}\s+{hedges}$", re.I)
        self._incident_after_re = compile_folded(rf"[ \t]+{incidents}(?![\w\-])", re.I)
        # "1 x NVIDIA A16 (4 GPUs on one card)": the chips of one card, no count of the machine's
        self._card_share_after_re = compile_folded(rf"[ \t]+{alternation(language.card_share_phrases)}", re.I)
        off_chip = alternation(language.off_chip_memory_words)  # an empty list never matches
        self._off_chip_re = compile_folded(rf"(?<![\w\-]){off_chip}(?![\w\-])", re.I)
        self._storage_re = compile_folded(rf"(?<![\w\-]){storage}(?![\w\-])", re.I)
        dies = alternation(language.supporting_die_nouns) if language.supporting_die_nouns else r"(?!)"
        # "6 nm I/O dies", "6 nm base die" name the die; "5 nm and I/O chiplets in 6 nm" opens its next item
        joins = alternation((*language.list_conjunctions, *language.clause_conjunctions))
        self._supporting_die_after_re = compile_folded(
            rf"[ \t]+(?:(?!{joins}[ \t])[^\W\d]+[ \t]+)?{dies}(?![\w\-])", re.I
        )
        # "the I/O dies on N6 (6 nm)", "IOD: 6 nm": the die named just before its node
        self._supporting_die_before_re = compile_folded(
            rf"(?<![\w\-]){dies}[ \t]*:?[ \t]+(?:[^\W\d]+[ \t]+){{0,2}}(?:N\d+[ \t]*\([ \t]*)?$", re.I
        )
        # The attributes a unit can measure and the factor into each one's unit, by unit.
        self._unit_candidates: dict[
            str, tuple[list[tuple[Attribute, float]], list[Attribute], dict[str, float]]
        ] = {}
        # "(PCIe)" after "2 TB/s" names the H100 PCIe, not an interface: variant suffixes
        # standing alone in parentheses are not cue words.
        self._variant_suffixes = variant_suffixes(pack)
        cues = {c for a in pack.attributes for c in a.cues}
        # A cue written with "..." lets a few words stand at that point ("reached ... customers"
        # reads "reached early cloud customers"); each is known by the phrase it fills.
        self._gapped = [(re.compile(_gapped(cue), re.I), _norm(cue)) for cue in sorted(cues) if _GAP in cue]
        self._cues = cues
        self._non_cues = frozenset(language.non_cues)
        self._other_event_re = compile_folded(alternation(language.other_date_events), re.I)
        self._expectations = frozenset(_norm(cue) for cue in language.expectation_cues)
        self._cue_re = self._compile_cues(self._non_cues)
        # "H100 PCIe", "Dojo Training Tile": a cue word inside a product's name names no attribute,
        # nor does a SKU suffix that is a cue right after a product's name ("ZT-40 PCIe").
        named = self._names_with_cues(name for entity in pack.entities for name in entity.names)
        if named:
            self._non_cues |= named
            self._cue_re = self._compile_cues(self._non_cues)
        self._suffix_cues = frozenset(s for s in self._variant_suffixes if self._cue_re.fullmatch(s))
        self._known_names = frozenset(name.lower() for entity in pack.entities for name in entity.names)
        self._improvement_re = compile_folded(
            r"\s*(?:" + alternation(language.improvement_words) + r")", re.I
        )
        self._margin_re = compile_folded(
            r"\b(?:" + alternation(language.margin_verbs) + r")\s*[~≈]?\s*$", re.I
        )
        # A rise verb before a percentage, in its clause with at most a few words between.
        self._rise_re = compile_folded(
            alternation(language.increase_verbs)
            + r"(?:\s+[\w\-]+){0,4}?\s+(?:by\s+)?(?:up\s+to\s+|about\s+|~)?$",
            re.I,
        )
        # "costs 17% more than": a premium, unless the phrase after names the saving itself
        # ("30% more performance per dollar").
        self._costlier_re = compile_folded(r"\s*" + alternation(language.increase_comparatives), re.I)
        # "is priced about 9% below the X": a price verb, a few words, the figure, then a word
        # setting it under another price; the figure is a saving even with no cost noun
        hedges = alternation(language.approximators, words=False, hyphens=False)
        self._priced_below_before_re = compile_folded(
            rf"(?<![\w\-]){alternation(language.pricing_verbs)}(?:[ \t]+[\w\-]+){{0,2}}?[ \t]+"
            rf"(?:{hedges}[ \t]+|~[ \t]*)?$",
            re.I,
        )
        self._below_after_re = compile_folded(rf"[ \t]+{alternation(language.below_words)}(?![\w\-])", re.I)
        # "cost roughly 6% of throughput", "lost 4% of its peak performance": a share of speed
        self._performance_share_re = compile_folded(
            r"[ \t]+of[ \t]+(?:(?:the|its|their|our|your)[ \t]+)?(?:[\w\-]+[ \t]+){0,2}?"
            + alternation(language.performance_share_nouns)
            + r"(?![\w\-])",
            re.I,
        )
        self._less_consumed_re = compile_folded(
            r"\s*"
            + alternation(language.decrease_comparatives)
            + r"\s+"
            + alternation(language.consumption_nouns),
            re.I,
        )
        self._skip_re = compile_folded(r"(?:\s+(?:" + alternation(language.comparatives) + r"))*", re.I)
        # "12% education discount", "the partner discount of 10%": a class of buyer's discount
        classes, discounts = alternation(language.customer_classes), alternation(language.discount_nouns)
        self._customer_discount_after_re = compile_folded(
            rf"[ \t]*{classes}[ \t-]+{discounts}(?![\w-])", re.I
        )
        approximate = alternation(language.approximators, words=False, hyphens=False)
        self._customer_discount_before_re = compile_folded(
            rf"(?<![\w-]){classes}[ \t-]+{discounts}[ \t]+(?:of[ \t]+)?(?:{approximate}[ \t]+|~)?$",
            re.I,
        )
        # "~$24.16 (-49%)", "38,50 EUR/h (−30 %)": a signed drop right after a price is that
        # price's saving over the one it replaces
        discount_nouns = frozenset(language.discount_nouns)  # the saving attribute's cues
        self._saving = next(
            (a for a in pack.attributes if a.pint == "percent" and set(a.cues) & discount_nouns), None
        )
        # "5% off for 16+", "8% off list": a percentage taken off a price, ended by its clause, or
        # followed by a word of the price or by an order's size; not "20% off for 3 months" (a
        # campaign) nor "5% off the training time" (another quantity)
        periods = alternation(language.discount_period_words)
        self._off_price_re = compile_folded(
            r"[ \t]*"
            + alternation(language.discount_off_words)
            + r"(?:[ \t]*(?:$|[,;.)!\n])|[ \t]+"
            + alternation(language.discount_off_followers)
            + r"(?![\w-])|[ \t]+"
            + alternation(language.discount_off_volume_words)
            + rf"[ \t]+\d[\d,.]*\+?(?![\d,.]*[ \t]*{periods}(?![\w-])))",
            re.I,
        )
        money = alternation(["$", "€", "£", "¥", "₹", "USD", *language.other_currencies], words=False)
        amount = r"\d[\d.,]*"
        self._price_drop_before_re = compile_folded(
            rf"(?:(?:{money})[ \t]?{amount}|{amount}[ \t]?(?:{money}))(?:[ \t]*/[ \t]*[\w-]+)?"
            r"[ \t]*\([ \t]*[-\u2212\u2013][ \t]*$",
            re.I,
        )
        # "GST @ 18%", "MWST 8.1%", "18% VAT": a tax levied on the price, no saving
        taxes = alternation(language.tax_nouns)
        self._tax_before_re = compile_folded(
            rf"(?<![\w-]){taxes}[ \t]*(?:@|at|of|rate|rate of|:)?[ \t]*(?:{approximate}[ \t]+|~)?$", re.I
        )
        self._tax_after_re = compile_folded(rf"[ \t]*{taxes}(?![\w-])", re.I)
        # "$18,000 per GPU", "$289,000 a node", "$2,500 apiece": money for one unit of a product
        # is its price even with no price word ("per GPU-hour" is a rate, not this).
        units = alternation([noun for _, nouns in pack.scopes for noun in nouns] + ["unit", "units"])
        self._unit_price_re = compile_folded(
            # "**$1,399** each", "\"two to three million dollars\" per system": emphasis or a
            # quotation may close between the money and its unit
            rf"[\s*_\"”’]*(?:(?:per|a|an|each|/)\s*(?:{units})(?![\w\-/])"
            rf"|{alternation(language.apiece_words)})",
            re.I,
        )
        # "23,000 CNY each, so ~$3,200": dollars converting a unit price just given take its role
        self._converted_price_before_re = converted_price_before_re(
            language, [noun for _, nouns in pack.scopes for noun in nouns] + ["unit", "units"]
        )
        # "the fanless board for $1,299": a sale's money with no price word; a hedge or bound may
        # stand between ("for around $1,000").
        hedge = r"(?:[ \t]+[A-Za-z~≈]+){0,2}?[ \t]*[~≈]?[ \t]*"
        # an empty word list gives a never-matching alternation
        self._sale_before_re = compile_folded(
            rf"(?<![\w]){alternation(language.sale_prepositions)}{hedge}$", re.I
        )
        # "128 GB, 273 GB/s, 240 W PSU, $3,999 (Founders Edition).": money that closes an item of
        # a list of measured figures is the listed thing's price, as a spec sheet's last line is
        self._listed_after_re = re.compile(
            r"(?:^|[,:;(])[ \t]*[^,;:$€£\n]{0,30}?\d[\d.,]*(?:[-–][\d.,]+)?"  # an item's figure
            r"[ \t]?[A-Za-z][^,;:$€£\n]{0,30},[ \t]*$"  # its unit and words, then the list's comma
        )
        self._item_end_re = re.compile(r"[ \t]*(?:\([^()\n]{0,40}\))?[ \t]*(?:[.,;)]|$)")
        self._named_prices = NamedPrices(language)
        self._figure_nouns = FigureNouns(language.figure_noun_links)
        # "it launched in December 2022 at 6,800 dollars": a launch's money; what stands between
        # the verb and "at" is a short date or place, never other money nor a clause break
        self._launch_before_re = compile_folded(
            rf"(?<![\w]){alternation(language.launch_price_verbs)}"
            rf"(?:[ \t]+(?:in|on|back in)[ \t]+[^\n,;.$€£]{{1,24}}?)?[ \t]+at{hedge}$",
            re.I,
        )

    def _compile_cues(self, non_cues: frozenset[str]) -> FoldedPattern:
        return compile_folded(
            # Non-cues join the alternation so that, being longer, they win and then count for nothing.
            # A gapped cue comes first: "lists ... for" is longer than the price cue "lists".
            "".join(f"(?<![\\w]){_gapped(cue)}(?![\\w])|" for cue in sorted(self._cues) if _GAP in cue)
            + alternation(list({c for c in self._cues if _GAP not in c} | non_cues), digits_after=True),
            re.I,
        )

    def _names_with_cues(self, names: Iterable[str]) -> frozenset[str]:
        """Return the names that hold a cue word ("H100 PCIe"): text that names no attribute."""
        return frozenset(name for name in names if self._cue_re.search(name))

    def with_names(self, names: Iterable[str]) -> AttributeChooser:
        """Return this chooser, or a copy for one document that reads no cue inside ``names``.

        A product name the document itself introduces ("ZX-9 PCIe") is no cue word either.
        """
        names = list(names)
        clone = copy.copy(self)
        clone._known_names = self._known_names | {name.lower() for name in names}
        clone._cue_cache = {}
        clone._cue_windows = {}
        named = self._names_with_cues(names) - self._non_cues
        if named:
            clone._non_cues = self._non_cues | named
            clone._cue_re = clone._compile_cues(clone._non_cues)
        return clone

    def cues(self, text: str) -> list[tuple[int, int, str]]:
        """Return (start, end, normalised cue) for each cue word in text."""
        found = self._cue_cache.get(text)
        if found is None:
            found = [
                (m.start(), m.end(), self._cue_of(m.group(0)))
                for m in self._head_cues(text)
                if not self.is_variant_label(text, m.start(), m.end())
                and not self._suffix_of_name(text, m.start(), m.group(0))
                and not (m.group(0)[-1].isdigit() and text[m.end() : m.end() + 1].isdigit())  # "L2" of "L20"
                and not self._software_version_before(text, m.start())
            ]
            if len(self._cue_cache) < 50_000:
                self._cue_cache[text] = found
        return found

    def _cue_window(self, text: str, cues: list[tuple[int, int, str]]) -> StartWindow:
        """Return the start window of ``text``'s cues (see :meth:`cues`), kept per text."""
        window = self._cue_windows.get(text)
        if window is None:
            window = StartWindow([(start, end) for start, end, _ in cues])
            if len(self._cue_windows) < 50_000:
                self._cue_windows[text] = window
        return window

    def _suffix_of_name(self, text: str, start: int, written: str) -> bool:
        """Return True when a cue is a SKU suffix written right after a product's name ("A40 PCIe")."""
        if written.replace(" ", "").lower() not in self._suffix_cues:
            return False
        before = _WORDS_BEFORE.search(text, max(0, start - 40), start)
        if before is None:
            return False
        words = before.group(1).lower().split()
        return any(" ".join(words[i:]) in self._known_names for i in range(len(words)))

    def _software_version_before(self, text: str, start: int) -> bool:
        """Return True when a software version stands right before ``start`` ("SDK v2.1 released")."""
        since = max(0, start - 40)
        if not _VERSION_BEFORE.search(text, since, start):
            return False
        return self._versioned_name is None or not self._versioned_name.search(text, since, start)

    def _cue_of(self, written: str) -> str:
        """Return the normalised cue a matched phrase stands for, gapped cues by their pattern."""
        cue = _norm(written)
        if cue in self._cue_owners:
            return cue
        return next((name for pattern, name in self._gapped if pattern.fullmatch(written)), cue)

    def _head_cues(self, text: str) -> list[re.Match[str]]:
        """Return the cue matches of text; of two overlapping cues, the one reaching further right.

        The head of an English noun phrase comes last: in "the memory bandwidth" the cue is
        "memory bandwidth", not "the memory".
        """
        matches: list[re.Match[str]] = []
        for match in self._cue_re.finditer(text):
            if matches and match.start() < matches[-1].end():
                continue
            best = match
            for inner in range(match.start() + 1, match.end()):
                if (
                    text[inner - 1] in " -"
                    and (other := self._cue_re.match(text, inner))
                    and other.end() > best.end()
                ):
                    best = other
            matches.append(best)
        return matches

    def confirms_unit(self, word: str, unit: str) -> bool:
        """Return True when ``word`` is a cue of the only attribute measured in ``unit``.

        Such a word after a figure repeats what the unit already says ("5 nm node"), so it
        cannot make the figure a count of something else.
        """
        known = self._unit_candidates.get(unit)
        if known is None:
            known = self._unit_candidates[unit] = self._candidates_for(unit)
        attributes = known[1]
        return len(attributes) == 1 and attributes[0].name in self._cue_owners.get(_norm(word), [])

    def date_cue_owners(self, text: str) -> frozenset[str]:
        """Return the names of the date attributes whose cue words ``text`` holds, wherever they stand."""
        names = {name for match in self._head_cues(text) for name in self.owners(self._cue_of(match.group()))}
        return frozenset(name for name in names if (a := self.pack.attribute(name)) is not None and a.is_date)

    def _own_noun(self, quantity: Quantity, text: str, attributes: list[Attribute]) -> Attribute | None:
        """Return the one attribute among ``attributes`` that the figure's own of-phrase names
        ("64 GB of co-packaged HBM"), or None when it names none or several."""
        cue = self._figure_nouns.own_cue(text, quantity.unit_end or quantity.end, self.cues(text))
        if cue is None:
            return None
        named = [a for a in attributes if a.name in self.owners(cue)]
        return named[0] if len(named) == 1 else None

    def owners(self, cue: str) -> list[str]:
        """Return the names of the attributes a normalised cue word points to."""
        return self._cue_owners.get(cue, [])

    def is_variant_label(self, text: str, start: int, end: int) -> bool:
        """Return True when text[start:end] alone in parentheses names a SKU ("(PCIe)", "(40GB)")."""
        alone = text[start - 1 : start] == "(" and text[end : end + 1] == ")"
        return alone and text[start:end].replace(" ", "").lower() in self._variant_suffixes

    def for_dates(
        self, text: str, start: int, end: int, context: list[CueText], others: list[tuple[int, int]]
    ) -> Attribute | None:
        """Return the date attribute whose cue stands nearest the date, or None without a cue or for
        a timestamp."""
        if _TIME_OF_DAY.match(text, end):
            return None
        candidates = [a for a in self.pack.attributes if a.is_date]
        opener = _OPENER_END.match(text, end)
        if opener is None and self._opening_word.fullmatch(text, 0, start):
            opener = _UNPUNCTUATED_OPENER_END.match(text, end)
        if opener is not None and (
            self._opening_date.fullmatch(text, 0, start) or self._opening_word.fullmatch(text, 0, start)
        ):
            # "On March 3, 2025, AWS launched Trn2": the sentence's own verb dates it
            said = self._reporting.search(text, opener.end())
            blanked = (
                text[:end]
                + " " * (opener.end() - end)
                + text[opener.end() : said.start() if said else len(text)]
            )
            return self._nearest(
                candidates, blanked, start, end, context, others, after_bonus=False, after_limit=60
            )
        if self._dates_other_event(text, start):
            return None
        # A date takes a cue after it only when the two are adjacent ("the 2024 launch"), and
        # not a noun of volumes: "2024 PRC shipments" counts a year's units, it dates no release.
        return self._nearest(
            candidates,
            text,
            start,
            end,
            context,
            others,
            after_bonus=False,
            after_limit=12,
            skip_after=self._volume_nouns,
        )

    def for_quantity(
        self,
        quantity: Quantity,
        text: str,
        context: list[CueText],
        others: list[tuple[int, int]],
        *,
        next_is_entity: bool,
        compares: bool = False,
    ) -> AttributeChoice | None:
        """Return the attribute a unit or multiplier quantity measures, or None.

        ``others`` are the spans of the segment's other figures: a cue word belongs to
        the figure nearest it, so it is not read past another figure. ``compares`` says a
        multiplier is set against a product ("1.3x over the MI300X").
        """
        if quantity.kind == "count":
            if self._quota_before_re.search(text, max(0, quantity.start - 60), quantity.start):
                return None  # "the default limit rose to 8 GPUs": an allowance, no machine's count
            if self._incident_after_re.match(text, quantity.end):
                return None  # "two GPUs failed burn-in": the chips an incident hit
            if _BRACKET_BEFORE.search(text, max(0, quantity.start - 4), quantity.start) and (
                self._card_share_after_re.match(text, quantity.unit_end or quantity.end)
            ):
                return None  # "1 x A16 (4 GPUs on one card)": a card's chips, not the machine's count
            if self._rival_before_re.search(text, max(0, quantity.start - 60), quantity.start):
                return None  # "one server replaces 160 GPUs": the rival's chips
            if self._increment_before_re.search(text, max(0, quantity.start - 40), quantity.start):
                return None  # "racks for another 9,216 GPUs": chips added, not the machine's count
            for attribute in self.pack.attributes:
                if attribute.is_count and attribute.count_scope == quantity.count_scope:
                    return AttributeChoice(attribute, 1.0, rule="count-noun")
            return None
        if quantity.unit_pint is None:
            return None
        unit = quantity.unit_pint + (f" / {quantity.rate}" if quantity.rate else "")
        if unit == "percent":
            return self._for_percent(quantity, text, context, others)
        if unit == "multiple":
            return self._for_multiplier(
                quantity, text, context, next_is_entity=next_is_entity, compares=compares
            )
        known = self._unit_candidates.get(unit)
        if known is None:
            known = self._unit_candidates[unit] = self._candidates_for(unit)
        candidates, attributes, factors = known
        if quantity.rate and all(a.pint != unit for a in attributes):
            return None  # "$1,640/mo" is no hourly price: a monthly commitment is another fact
        if self.is_side_money(quantity, text):
            return None
        if not candidates:
            return None
        if (
            not quantity.rate
            and unit.endswith("byte")
            and self._storage_before_re.search(text, max(0, quantity.start - 30), quantity.start)
        ):
            return None  # "system memory 1.5TB, NVMe 15.36TB": a disk's size, whatever cue is near
        if unit == "nanometer" and (
            self._supporting_die_after_re.match(text, quantity.unit_end or quantity.end)
            or self._supporting_die_before_re.search(text, max(0, quantity.start - 40), quantity.start)
        ):
            return None  # "5 nm compute chiplets on 6 nm I/O dies": the I/O die's node is not the product's
        # Money with no time unit may still be a rate when a rate's cue names it ("| On-demand |
        # $1.20 |"); such attributes are chosen by cue only, never as the unit's default.
        by_cue_only = self._rates_of(quantity, unit)
        own = self._own_noun(quantity, text, attributes)
        chosen = own or self._nearest(
            attributes + by_cue_only if by_cue_only else attributes,
            text,
            quantity.start,
            quantity.end,
            context,
            others,
        )
        if chosen in by_cue_only:
            return AttributeChoice(chosen, quantity.scale, rule="cue-rate")
        if chosen is not None and not self._fits_bits(chosen, unit, text, quantity):
            # "768 GiB memory, 100 Gbps": a rate in bits is a link's unless its own cue says
            # "memory bandwidth"; a bare "memory" near it is another figure's noun.
            rest = [a for a in attributes if a is not chosen]
            chosen = self._nearest(rest, text, quantity.start, quantity.end, context, others)
        rule = "cue"
        if chosen is None:
            # "the H100 (900 GB/s) and the A100 (600 GB/s)": the first item's cue is the list's
            items = parallel_items_before(text, quantity.start, quantity.unit, others)
            if items:
                item_spans = [span for span in others if span not in items]
                chosen = self._nearest(attributes, text, items[-1][0], items[-1][1], context, item_spans)
        if chosen is None and len(candidates) == 1:
            only = candidates[0][0]  # only one attribute is measured in this unit
            if not only.needs_cue:
                chosen, rule = only, "unit"
            elif self._unit_price_re.match(text, quantity.end):
                chosen, rule = only, "unit-price"
            elif self._sale_before_re.search(text, max(0, quantity.start - 60), quantity.start):
                chosen, rule = only, "sale-price"
            elif self._converted_price_before_re.search(
                text, max(0, quantity.start - 80), quantity.start
            ) and (
                self._item_end_re.match(text, quantity.end) or self._unit_price_re.match(text, quantity.end)
            ):
                chosen, rule = only, "converted-price"
            elif self._launch_before_re.search(text, max(0, quantity.start - 60), quantity.start):
                chosen, rule = only, "launch-price"
            elif self._named_prices.priced(text, quantity.start, self._known_names):
                chosen, rule = only, "named-at-price"
            elif self._listed_after_re.search(
                text, max(0, quantity.start - 80), quantity.start
            ) and self._item_end_re.match(text, quantity.end):
                chosen, rule = only, "listed-price"
        if chosen is None:
            defaults = [a for a, _ in candidates if a.default]
            if not defaults:
                return None
            # Prefer the default whose canonical unit shares words with the written one
            # (bits stay with network bandwidth, bytes with memory bandwidth).
            chosen = max(defaults, key=lambda a: _unit_kinship(unit, a.pint or ""))
            rule = "unit-default"
            if self._sizes_storage(quantity, text, context):
                return None
        chosen = self._on_chip_size(chosen, candidates, unit, text, quantity)
        if chosen.name == "network_bandwidth" and self._port_rate(text, quantity):
            return None
        return AttributeChoice(chosen, factors[chosen.name] * quantity.scale, rule=rule)

    def _port_rate(self, text: str, quantity: Quantity) -> bool:
        """Return True when a link rate is one port's of a counted part that is no product:
        "2 x BlueField-3, 400 Gb/s each" (README rule 1: a port list is neither summed nor
        labelled per port; "8x H100, 400 Gb/s each" stays the chips' rate)."""
        if _EACH_AFTER.match(text, quantity.unit_end or quantity.end) is None:
            return False
        counted = _COUNTED_PART_BEFORE.search(text, max(0, quantity.start - 60), quantity.start)
        if counted is None:
            return False
        words = counted.group(1).lower().split()
        return not any(" ".join(words[:n]) in self._known_names for n in range(1, len(words) + 1))

    def _dates_other_event(self, text: str, start: int) -> bool:
        """Return True when the nearest event before a date in its clause is no announcement nor
        release: "cancelled as a product in Jan 2025", "customer sampling expected H2 2026",
        "Customer sampling: H2 2026"."""
        since = max(0, start - 50)
        events = list(self._other_event_re.finditer(text[since:start]))
        if not events:
            return False
        event_end = since + events[-1].end()
        label = _LABEL_COLON.match(text, event_end, start)
        if label is not None:  # "Customer sampling: H2 2026": the event labels the date after it
            event_end = label.end()
        if _CLAUSE_BREAK.search(text[event_end:start]):
            return False
        # a cue ending past the event, after it or holding it ("serial deliveries started in Q3
        # 2025": a release), outweighs it
        return not any(
            event_end < cue_end <= start and cue not in self._expectations
            for _, cue_end, cue in self.cues(text)
        )

    def _on_chip_size(
        self,
        chosen: Attribute,
        candidates: list[tuple[Attribute, float]],
        unit: str,
        text: str,
        quantity: Quantity,
    ) -> Attribute:
        """Return the attribute that takes the small sizes of ``chosen`` (the pack's ``small_sizes_of``)
        for a size written that small that names no off-chip memory, else ``chosen``.

        "Corrected the Bow IPU memory from 918 MB to 900 MB": no accelerator carries megabytes of
        HBM or DRAM; a size that small with a generic "memory" cue is the chip's SRAM.
        """
        taker = self._small_sizes.get(chosen.name)
        if taker is None:
            return chosen
        small, sizes = taker
        if unit not in sizes.units or quantity.high >= sizes.below:
            return chosen  # "81559 MiB" is a GPU's HBM as a tool prints it
        if not any(a.name == small.name for a, _ in candidates):
            return chosen
        if self._off_chip_re.search(text, max(0, quantity.start - 40), quantity.end + 40):
            return chosen
        return small

    def _sizes_storage(self, quantity: Quantity, text: str, context: list[CueText]) -> bool:
        """Return True when a size with no cue of its own is a storage device's: a storage noun
        written right before it ("NVMe SSD 30.72 TB") or heading its cell ("| Local NVMe |")."""
        if self._storage_before_re.search(text, max(0, quantity.start - 30), quantity.start):
            return True
        return any(
            cue.distance <= CONTEXT_DISTANCE + 5 and self._storage_re.search(cue.text) for cue in context
        )

    def is_side_money(self, quantity: Quantity, text: str) -> bool:
        """Return True for money that is no product's price: a side charge of a sale ("+ $24.90
        shipping", "Freight: $180"), a rate per unit of use ("$0.0125 per GB-hour") or a
        difference of prices ("$5,000 more than the H100")."""
        if quantity.unit_pint != "USD":
            return False
        if self._per_measure_re.match(text, quantity.unit_end or quantity.end):
            return True
        if self._difference_re.match(text, quantity.unit_end or quantity.end):
            return True
        return not quantity.rate and (
            self._charge_after_re.match(text, quantity.end) is not None
            or self._charge_before_re.search(text, max(0, quantity.start - 40), quantity.start) is not None
        )

    def _fits_bits(self, chosen: Attribute, unit: str, text: str, quantity: Quantity) -> bool:
        """Return False when a rate written in bits took a byte attribute by a word of no rate.

        A memory rate is written in bits only with its full name near ("1.2 Tbps of memory
        bandwidth"); a bare "memory" or "HBM3e" cue before "3.2 Tbps" belongs to a size.
        """
        if "bit" not in unit or "bit" in (chosen.pint or "") or "/" not in unit:
            return True
        window = text[max(0, quantity.start - 40) : quantity.end + 40]
        return any(
            _RATE_WORD in cue and chosen.name in self._cue_owners.get(cue, ())
            for _, _, cue in self.cues(window)
        )

    def _candidates_for(
        self, unit: str
    ) -> tuple[list[tuple[Attribute, float]], list[Attribute], dict[str, float]]:
        """Return the attributes measured in a unit's dimension, with the factor into each one's unit."""
        candidates = [
            (attribute, factor)
            for attribute in self.pack.attributes
            if attribute.pint and attribute.pint not in ("percent", "multiple")
            if (factor := conversion_factor(unit, attribute.pint)) is not None
        ]
        return candidates, [a for a, _ in candidates], dict((a.name, f) for a, f in candidates)

    def _rates_of(self, quantity: Quantity, unit: str) -> list[Attribute]:
        """Return the attributes measured in ``unit`` per some time, for a quantity written without one."""
        if quantity.rate or quantity.scale >= _SUM_SCALE:
            return []  # "the training bill reached $2.9 million": a sum in millions is no rate a cue names
        found = self._rates_cache.get(unit)
        if found is None:
            found = self._rates_cache[unit] = [
                a
                for a in self.pack.attributes
                if a.pint and a.pint.startswith(f"{unit} /") and conversion_factor(unit, a.pint) is None
            ]
        return found

    def _saving_rule(self, quantity: Quantity, text: str) -> str | None:
        """Return the rule by which a percent figure is a price's saving, if one holds."""
        if self._price_drop_before_re.search(text, max(0, quantity.start - 40), quantity.start):
            return "price-drop"
        if self._below_after_re.match(text, quantity.end) and self._priced_below_before_re.search(
            text, max(0, quantity.start - 60), quantity.start
        ):
            return "priced-below"
        if self._off_price_re.match(text, quantity.end):
            return "percent-off"
        return None

    def _for_percent(
        self, quantity: Quantity, text: str, context: list[CueText], others: list[tuple[int, int]]
    ) -> AttributeChoice | None:
        percent_attributes = [a for a in self.pack.attributes if a.pint == "percent"]
        relative = [a for a in self.pack.attributes if a.pint == "multiple"]
        improvement = self._improvement_re.match(text, quantity.end) is not None
        if self._margin_re.search(text[max(0, quantity.start - 40) : quantity.start]):
            # "won by ~10%": a lead of the product over the other, a performance multiple
            default = next((a for a in relative if a.default), None)
            if default is not None:
                return AttributeChoice(default, 0.01, offset=1.0, rule="percent-margin")
        candidates = percent_attributes + (relative if improvement else [])
        saving_rule = self._saving_rule(quantity, text) if self._saving is not None else None
        if self._saving is not None and saving_rule is not None:
            return AttributeChoice(self._saving, 1.0, rule=saving_rule)
        if improvement:
            # "40% better inference power efficiency": the noun after the comparative says what
            # improved, before any cue of an earlier clause ("50% faster training and").
            phrase = text[quantity.end : _phrase_end(self._phrase_break, text, quantity.end)]
            denominator = self._ratio_denominator(phrase)
            if denominator is not None:
                return self._ratio_choice(denominator, relative, "percent-improvement", 0.01, 1.0)
            named = self._head_noun(relative, phrase)
            if named is not None:
                return AttributeChoice(named, 0.01, offset=1.0, rule="percent-improvement")
        chosen = self._nearest(candidates, text, quantity.start, quantity.end, context, others)
        if chosen is None:
            chosen = self._listed_percent(percent_attributes, text, quantity, context, others)
        if chosen is None:
            return None
        if chosen.pint == "multiple":
            return AttributeChoice(chosen, 0.01, offset=1.0, rule="percent-improvement")
        if self._rise_re.search(text, max(0, quantity.start - 60), quantity.start):
            return None  # "raised H100 prices by 10%": a rise, not a saving
        if chosen.pint == "percent" and self._less_consumed_re.match(text, quantity.end):
            return None  # "used 41% less energy": a consumption measured, not money saved
        if chosen.pint == "percent" and (
            self._customer_discount_after_re.match(text, quantity.end)
            or self._customer_discount_before_re.search(text, max(0, quantity.start - 60), quantity.start)
        ):
            return None  # "a 12% education discount": what a class of buyer pays, no product's saving
        if chosen.pint == "percent" and (
            self._tax_after_re.match(text, quantity.end)
            or self._tax_before_re.search(text, max(0, quantity.start - 30), quantity.start)
        ):
            return None  # "exclusive of GST @ 18%": a tax rate
        if chosen.pint == "percent" and self._performance_share_re.match(text, quantity.end):
            return None  # "capping it cost 6% of throughput": performance given up, no money saved
        costlier = self._costlier_re.match(text, quantity.end)
        if costlier is not None:
            phrase = text[costlier.end() : _phrase_end(self._phrase_break, text, costlier.end())]
            if not any(chosen.name in self._cue_owners.get(cue, ()) for _, _, cue in self.cues(phrase)):
                return None  # "costs about 17% more than the H100": a premium, not a saving
        return AttributeChoice(chosen, 1.0)

    def _listed_percent(
        self,
        candidates: list[Attribute],
        text: str,
        quantity: Quantity,
        context: list[CueText],
        others: list[tuple[int, int]],
    ) -> Attribute | None:
        """Return the attribute of the percentage listed just before this one under the same cue, or None.

        "a discount of 25 % for 12 months and 40 % for 36 months", "25 % is granted, for 36
        months - 40 %": a second rate of one cue, with only its condition between (no cue of its
        own, no sentence or clause end), is of the first one's attribute.
        """
        earlier = [(s, e) for s, e in others if e <= quantity.start and _PERCENT_END.search(text, s, e)]
        if not earlier:
            return None
        first_start, first_end = earlier[-1]
        between = text[first_end : quantity.start]
        if len(between) > _LISTED_REACH or _LIST_STOP.search(between) or self.cues(between):
            return None
        return self._nearest(candidates, text, first_start, first_end, context, others)

    def _head_noun(self, candidates: list[Attribute], window: str) -> Attribute | None:
        """Return the attribute of the first noun phrase's head in ``window``: the last of a run
        of cues written next to each other ("inference power efficiency" -> the efficiency)."""
        names = {a.name for a in candidates}
        run: tuple[int, int, str] | None = None
        for cue in self.cues(window):
            owners = [o for o in self._cue_owners.get(cue[2], ()) if o in names]
            if not owners:
                continue
            if run is not None and not _ADJACENT.fullmatch(window, run[1], cue[0]):
                break
            run = (cue[0], cue[1], owners[0])
        return self.pack.attribute(run[2]) if run else None

    def _ratio_denominator(self, window: str) -> str | None:
        """Return the "per ..." cue right after the first noun phrase of ``window``, if any.

        "3.8x the throughput per watt", "30% better performance per dollar": a ratio is named by
        its denominator, not by the noun before it.
        """
        found = self.cues(window)
        if not found or _PER_CUE.match(found[0][2]):
            return None
        run_end = found[0][1]
        for start, end, cue in found[1:]:
            if not _ADJACENT.fullmatch(window, run_end, start):
                return None
            if _PER_CUE.match(cue):
                return cue
            run_end = end
        return None

    def _ratio_choice(
        self, denominator: str, relative: list[Attribute], rule: str, factor: float = 1.0, offset: float = 0.0
    ) -> AttributeChoice | None:
        """Return the relative attribute a ratio's denominator names, or None where it names none
        (per dollar, README rule 9: not a claim)."""
        by_name = {a.name: a for a in relative}
        owner = next((by_name[o] for o in self._cue_owners.get(denominator, ()) if o in by_name), None)
        if owner is None:
            return None
        return AttributeChoice(owner, factor, offset=offset, rule=rule)

    def _for_multiplier(
        self, quantity: Quantity, text: str, context: list[CueText], *, next_is_entity: bool, compares: bool
    ) -> AttributeChoice | None:
        relative = [a for a in self.pack.attributes if a.pint == "multiple"]
        # The noun right after the multiplier names what is multiplied: "4x more memory", also past
        # a bracket restating the figure ("5,6krát (5.6 times) faster", as a translation glosses it).
        gloss = _MULTIPLIER_GLOSS.match(text, quantity.end)
        opening = gloss.end() if gloss else quantity.end
        after = self._skip_re.match(text, opening)
        phrase_end = _phrase_end(self._phrase_break, text, after.end() if after else opening)
        window = text[opening:phrase_end]
        denominator = self._ratio_denominator(window)
        if denominator is not None:
            return self._ratio_choice(denominator, relative, "multiplier-noun")
        chosen = self._nearest(relative, window, 0, 0, [], [], max_distance=len(window))
        if chosen is not None:
            return AttributeChoice(chosen, 1.0, rule="multiplier-noun")
        # "its FP8 peak is about 1.2x higher": a comparative with no noun after it measures
        # what the clause named before the multiplier.
        bare = after is not None and not text[after.end() : phrase_end].strip(" \t\n.,;:!?)")
        # ("**1.5x**: ...": the emphasis closing after it leaves the multiplier as bare)
        if next_is_entity or bare or not window.strip(" \t\n.,;:!?)*_"):
            # "4x Trainium1" is a performance claim only where something says so (a
            # "Performance" row label, "performance is 4x ..."); "4x A100" alone counts cards.
            before = text[: quantity.start]
            if next_is_entity and _UNITS_USED_BEFORE.search(before[-12:]):
                return None  # "throughput ... on 8x HL-325L", "runs with 8x H100": units in use
            chosen = self._nearest(relative, before, len(before), len(before), context, [])
            if chosen is not None:
                return AttributeChoice(chosen, 1.0, rule="multiplier-baseline")
        if compares:
            # "gets 1.3x over the MI300X": with no noun saying what, a comparison of two
            # products is of the multiplier's default attribute (performance).
            chosen = self._nearest(
                relative, text[: quantity.start], quantity.start, quantity.start, context, []
            )
            default = next((a for a in relative if a.default), None)
            chosen = chosen or default
            if chosen is not None:
                return AttributeChoice(chosen, 1.0, rule="multiplier-comparison")
        return None

    def _nearest(
        self,
        candidates: list[Attribute],
        text: str,
        start: int,
        end: int,
        context: list[CueText],
        others: list[tuple[int, int]],
        *,
        after_bonus: bool = True,
        after_limit: int = 10_000,
        max_distance: int = 10_000,
        skip_after: frozenset[str] = frozenset(),
    ) -> Attribute | None:
        names = {a.name for a in candidates}
        best: tuple[float, int, str] | None = None
        cues = self.cues(text)
        # only cues that can pass the distance limits below: a long line holds thousands
        window = self._cue_window(text, cues)
        first, last = window.bounds(start - max_distance - window.longest, end + after_limit)
        figures: SpanIndex | None = None  # built on the first cue that needs it
        tail_known, previous, tail_listed, tail_restated = False, None, False, False
        if last - first > _MANY_CUES:
            figures = SpanIndex(others)
            tail_known = True
            previous, tail_listed, tail_restated = _figure_before(text, figures, start, end)
            if previous is not None and not tail_listed and not tail_restated:
                # every cue ending by the figure before is refused below: skip them unread
                first = max(first, window.bounds(previous[0] - window.longest, previous[0])[0])
        for cue_start, cue_end, cue in cues[first:last]:
            # cheap refusals first (``_better`` would refuse them too): on a long line the search
            # for figures between a cue and this one is what costs
            if not any(owner in names for owner in self._cue_owners.get(cue, ())):
                continue
            if cue_end <= start:
                distance = start - cue_end
                if distance > max_distance:
                    continue
                if figures is None:
                    figures = SpanIndex(others)
                if not tail_known:
                    tail_known = True
                    previous, tail_listed, tail_restated = _figure_before(text, figures, start, end)
                if previous is not None and previous[0] >= cue_end:  # another figure stands between
                    if not tail_listed and not (tail_restated and _LABEL_COLON.match(text, cue_end)):
                        continue
                    between = figures.within(cue_end, start)
                    if not (
                        _LABEL_COLON.match(text, cue_end) and _restates_unit(text, between, start, end)
                    ) and not shares_listed_cue(text, between, start, end):
                        continue  # the cue is the other figure's own
            elif cue_start >= end:
                # with cues in text order each refusal here holds for every later cue too (a longer
                # gap holds what a shorter one does), so the first refusal ends the scan
                if cue_start - end > after_limit:
                    if window.ordered:
                        break
                    continue
                clause_break = _CLAUSE_BREAK.search(text, end, cue_start)
                if clause_break is not None:
                    # a break ending at the gap's edge ("and" read as a whole word) may not be one
                    # when the gap goes on
                    if window.ordered and clause_break.end() < cue_start:
                        break
                    continue
                if cue in skip_after:
                    continue
                distance = cue_start - end - (5 if after_bonus else 0)
                if figures is None:
                    figures = SpanIndex(others)
                if figures.any_within(end, cue_start):
                    if window.ordered:
                        break
                    continue
            else:
                continue
            best = _better(best, distance, cue, names, self._cue_owners, max_distance)
        for cue_text in context:
            for _, _, cue in self.cues(cue_text.text):
                best = _better(best, cue_text.distance, cue, names, self._cue_owners, max_distance)
        if best is None:
            return None
        return self.pack.attribute(best[2])


def _better(
    best: tuple[float, int, str] | None,
    distance: float,
    cue: str,
    names: set[str],
    owners: dict[str, list[str]],
    max_distance: int,
) -> tuple[float, int, str] | None:
    if distance > max_distance:
        return best
    for owner in owners.get(cue, ()):
        if owner in names:
            candidate = (distance, -len(cue), owner)
            if best is None or candidate[:2] < best[:2]:
                best = candidate
            break
    return best


_RATE_WORD = "bandwidth"  # the word by which a byte attribute's cue names a rate


# The unit a figure's surface is written in: what follows its digits ("130 TB/s" -> "tb/s").
_SURFACE_UNIT = re.compile(r"[~≈<>$]?\s*[\d.,]+\s*([^\d\s;,()]+)")


_LABEL_COLON = re.compile(r"[ \t]*(?:\([^()\n]*\)[ \t]*)?:")  # "NVLink:", "ICI (per chip):"
_MANY_CUES = 16  # cues in reach of a figure past which its neighbours are asked first


def _figure_before(
    text: str, figures: SpanIndex, start: int, end: int
) -> tuple[tuple[int, int] | None, bool, bool]:
    """Return the figure right before this one (``start``-``end``), or None, and whether a cue behind
    it may still be this figure's: through a list ending in it, or a label restating its unit."""
    previous = figures.last_before(start)
    if previous is None:
        return None, False, False
    listed = may_share_listed_cue(text, previous, start, end)
    return previous, listed, _restates_unit(text, [previous], start, end)


def _restates_unit(text: str, between: list[tuple[int, int]], start: int, end: int) -> bool:
    """Return True when every figure between a label's cue and this one is written in its unit.

    "NVLink: 130 TB/s per rack; 1.8 TB/s per GPU": the label's cue names the whole list of
    one measure, each figure at its own scope.
    """
    own = _SURFACE_UNIT.match(text, start, end)
    if own is None:
        return False
    unit = own.group(1).lower()
    for other_start, other_end in between:
        other = _SURFACE_UNIT.match(text, other_start, other_end)
        if other is None or other.group(1).lower() != unit:
            return False
    return True


def _unit_kinship(written: str, canonical: str) -> tuple[bool, int]:
    """Return how alike two pint units are: same bits-or-bytes first, then shared words."""
    return ("bit" in written) == ("bit" in canonical), len(set(written.split()) & set(canonical.split()))


# A noun phrase ends at punctuation, a conjunction or the next number ("V100" is a name, not a number).
_PERCENT_END = re.compile(r"(?:%|\bpercent)\Z", re.I)
_LISTED_REACH = 60  # characters between two rates of one list
_LIST_STOP = re.compile(r"[.;:!?](?:\s|\Z)|[()]")


# a comma, colon, bracket or a pipe between printed fields ("1.15x  |  tok/s per W: ...") ends it,
# and so does a conjunction (english.yaml's phrase_break_conjunctions)
def _phrase_break(language: Language) -> re.Pattern[str]:
    """Return the pattern of what ends the phrase after a figure."""
    words = (
        rf"|\s{either(language.phrase_break_conjunctions)}\s" if language.phrase_break_conjunctions else ""
    )
    return re.compile(rf"[,;:()\[\]|]|(?<![\w.])\d{words}")


def _phrase_end(phrase_break: re.Pattern[str], text: str, position: int) -> int:
    match = phrase_break.search(text, position)
    return match.start() if match else len(text)


# "Neuron SDK 2.21.0 released on ...", "v1.4 shipped": what a version number names is software.
_VERSION_BEFORE = re.compile(r"(?<![\w.])(?:v\d+(?:\.\d+)*|\d+(?:\.\d+){2,})\s+$", re.I)
_GAP = "..."
# a short bracket right after a multiplier that restates it: "5,6krát (5.6 times)", "3x (three times)"
_MULTIPLIER_GLOSS = re.compile(
    r"[ \t]*\([ \t]*(?:[~≈][ \t]*)?(?:\d[\d.,]*|[a-z]+(?:[ \-][a-z]+)?)[ \t]*(?:x|×|times|-?fold)[ \t]*\)",
    re.I,
)
_UNITS_USED_BEFORE = re.compile(r"\b(?:on|with|across|using|onto|into)\s+\Z", re.I)
_ADJACENT = re.compile(r"[ \t]+")
_PER_CUE = re.compile(r"per\s", re.I)
# the words a gapped cue lets in, at most four; a name may hold dots ("p5.48xlarge", "WIS-L40S.4")
_GAP_WORDS = r"(?:\s+[\w\-]+(?:\.[\w\-]+)*){0,4}?"


# ", 400 Gb/s each": one part's figure
_EACH_AFTER = re.compile(r"[ \t]+each\b", re.I)
# "2 x BlueField-3, ", "8 × ConnectX-7 at ": a counted part, then its per-part figure
_COUNTED_PART_BEFORE = re.compile(
    r"(?<![\w.])\d{1,3}[ \t]*[x×][ \t]+([A-Za-z][\w\-]*(?:[ \t]+[A-Za-z][\w\-]*){0,2}?)"
    r"[ \t]*(?:,|at|@)[ \t]*$"
)


def _gapped(cue: str) -> str:
    """Return the regex of a cue with "..." gaps: its words in order, a few words at each gap."""
    parts = [re.escape(part.strip()).replace(r"\ ", r"\s+") for part in cue.split(_GAP)]
    return (_GAP_WORDS + r"\s+").join(parts)


def _norm(cue: str) -> str:
    return re.sub(r"\s+", " ", cue.strip().lower())
