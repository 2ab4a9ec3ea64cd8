"""Stage entry: read every numeric claim of a document and attribute it to a fact."""

from __future__ import annotations

import copy
import hashlib
import math
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache, partial
from itertools import pairwise
from typing import Any

from factlint.claims import footnotes, machinequestions, noterows, notescope, recordscopes, sectionparts
from factlint.claims.amounts import BareAmounts
from factlint.claims.answers import asked_before
from factlint.claims.apposedmachines import ApposedMachines
from factlint.claims.appositecards import AppositeCards
from factlint.claims.asidetotals import AsideTotals
from factlint.claims.askers import unsigned
from factlint.claims.attributes import FAR_CONTEXT_DISTANCE, AttributeChoice, AttributeChooser, CueText
from factlint.claims.available import AvailableMemory
from factlint.claims.backreferences import drop_back_references
from factlint.claims.barenumbers import BareNumbers
from factlint.claims.basedmachines import BasedMachines
from factlint.claims.boardtotals import counts_boards
from factlint.claims.bothcounts import give_machines_their_shared_count
from factlint.claims.bothrates import share_both_rates
from factlint.claims.bracketedbase import bracketed_base_owner
from factlint.claims.cardcounts import card_counts_as_chips
from factlint.claims.carriedtopic import CarriedTopic, continues_sentence
from factlint.claims.catalogue import VariantRows
from factlint.claims.clausesubjects import ClauseSubjects
from factlint.claims.comparedmachines import ComparedMachines
from factlint.claims.correctedcues import CorrectedCues
from factlint.claims.correctionowners import give_corrections_their_owner
from factlint.claims.correctsentences import drop_corrected_sentences
from factlint.claims.countedasides import CountedAsides
from factlint.claims.countedhead import CountedHeads
from factlint.claims.countedprices import CountedPrices
from factlint.claims.countedsizes import CountedSizes
from factlint.claims.dates import DateMention, DateReader, numeric_date_order
from factlint.claims.definitemachine import DefiniteMachines
from factlint.claims.deploymentcounts import drop_deployment_counts
from factlint.claims.describedcounts import follows_machine_name
from factlint.claims.designators import Designators
from factlint.claims.devicelabels import DeviceLabels
from factlint.claims.devicelists import DeviceLists
from factlint.claims.discountowners import DiscountOwners
from factlint.claims.discovery import CONFIDENCE as DISCOVERED_CONFIDENCE
from factlint.claims.discovery import SHAPE, Discovery, EntityDiscoverer
from factlint.claims.doubtedfigures import doubt_named_figures
from factlint.claims.doubtednotes import doubt_noted_figures
from factlint.claims.eachfigures import EachFigures
from factlint.claims.entities import EntityMatcher
from factlint.claims.equationparts import (
    Measure,
    bracket_total,
    factor_count,
    has_bracket_product,
    held_part_counts,
)
from factlint.claims.equations import EquationTotals
from factlint.claims.fastre import FoldedPattern, compile_folded
from factlint.claims.filenames import file_name_aliases
from factlint.claims.filledmachines import MachineFilling
from factlint.claims.followingtables import FollowingTables
from factlint.claims.formcontrast import FormContrast
from factlint.claims.forwardsearch import ForwardSearch
from factlint.claims.fractionparts import FractionParts
from factlint.claims.glossary import translate_headers
from factlint.claims.glue import GlueSplitter
from factlint.claims.gluedquestions import GluedQuestions
from factlint.claims.groupcounts import GroupCounts
from factlint.claims.heldtimes import HeldTimes
from factlint.claims.hostedfigures import HostedFigures
from factlint.claims.hostmemory import HostMemory
from factlint.claims.joinedratios import JoinedRatios
from factlint.claims.keyedmachine import keyed_machine
from factlint.claims.keyunits import data_key_before, data_key_unit
from factlint.claims.kindlabels import KindLabels
from factlint.claims.language import Language, alternation, either, english
from factlint.claims.leaderfields import leader_key
from factlint.claims.leadfigures import described_after
from factlint.claims.leadingpercent import read_leading_percents
from factlint.claims.listedfigures import list_head_among
from factlint.claims.mailcorrections import drop_mail_corrected
from factlint.claims.markeddoubts import doubt_marked_figures
from factlint.claims.matchspans import MatchSpans
from factlint.claims.memomachines import MachineWords, give_memo_figures_their_machine
from factlint.claims.namedsizes import NamedSizes
from factlint.claims.nametails import NameTails
from factlint.claims.nodes import NodeScopes
from factlint.claims.nodeshare import NodeShares
from factlint.claims.notation import uses_comma_decimals
from factlint.claims.ofthem import OfThemNouns
from factlint.claims.onechipfigures import scope_one_chip_figures
from factlint.claims.orderedspans import OrderedSpans
from factlint.claims.otherspans import OtherSpans
from factlint.claims.pairs import FigurePair, PairReader
from factlint.claims.partitions import partition_names
from factlint.claims.perunitcounts import per_unit_counts
from factlint.claims.placeasides import PlaceAsides
from factlint.claims.placedparts import PlacedParts
from factlint.claims.plausibility import ScalePlausibility
from factlint.claims.precisionlists import other_precision
from factlint.claims.quantities import OF_THEM, Quantity, QuantityReader
from factlint.claims.ratiobaselines import RatioBaselines
from factlint.claims.ratiokeys import key_baseline
from factlint.claims.reassigned import Reassignments
from factlint.claims.referredmeasures import ReferredMeasures
from factlint.claims.refutations import Refutations
from factlint.claims.refutedlater import drop_refuted_earlier
from factlint.claims.relativetopics import RelativeTopics
from factlint.claims.rentedmachines import RentedMachines
from factlint.claims.repetitions import Repetitions
from factlint.claims.reporters import ReportingOpeners
from factlint.claims.requiredlimits import RequiredLimits
from factlint.claims.requirements import Requirements
from factlint.claims.resolve import (
    Attribution,
    Fallback,
    Resolver,
    last_match,
    mark_counted,
    names_many,
)
from factlint.claims.restatedcomments import drop_restated_in_comments
from factlint.claims.roadmaps import RoadmapLists
from factlint.claims.rowids import row_ids
from factlint.claims.rowrefs import row_references
from factlint.claims.segmentindex import LastEnding, MentionStarts
from factlint.claims.segments import BASELINE, COMPARED, COUNTED, SUBJECT, Mention, Segment, SegmentReader
from factlint.claims.series import series_unit
from factlint.claims.settingfigures import drop_setting_figures
from factlint.claims.settings import settable_patterns
from factlint.claims.shapes import NameShapes
from factlint.claims.sharedforms import document_forms, document_part_machines, part_machines, shared_forms
from factlint.claims.sharedrates import share_rates
from factlint.claims.sharedsubjects import SharedSubjects
from factlint.claims.shortcodes import fold_short_codes
from factlint.claims.shortnames import ShortNames
from factlint.claims.singleparts import single_counted_part
from factlint.claims.sitefigures import SiteFigures
from factlint.claims.sizedforms import SizedForms
from factlint.claims.slashedper import SlashPartners
from factlint.claims.slashes import SlashLists, SlashTerm, share_units, term_at
from factlint.claims.somemachines import sizes_some_machine
from factlint.claims.spans import SENTENCE_MARKS, closing_at, opening_after
from factlint.claims.sparsetwins import SparseTwins
from factlint.claims.sparsitywords import nearest_named, word_start
from factlint.claims.supersededabove import drop_superseded_above
from factlint.claims.tables import HeaderWords, TableContext, converted_with, per_device_rows
from factlint.claims.threads import QuotedThread
from factlint.claims.ticks import talk_neighbours
from factlint.claims.timescounts import TimesCounts
from factlint.claims.titlecues import title_cues
from factlint.claims.totalrows import TotalRows
from factlint.claims.trailingasks import TrailingAsks
from factlint.claims.trailingcounts import TrailingCounts
from factlint.claims.translatornotes import TranslatorNotes
from factlint.claims.unheldcounts import drop_unheld_chip_counts
from factlint.claims.unheldmoney import UnheldMoney
from factlint.claims.unitopeners import UnitOpeners
from factlint.claims.unnamed import UnnamedDevices
from factlint.claims.verdicts import StatusWords, Verdict
from factlint.claims.wholesystems import WholeSystems
from factlint.claims.wholetotals import WholeTotals
from factlint.claims.withdrawn import WithdrawnFigures
from factlint.models import Block, BlockKind, Claim, Document, ValueForm
from factlint.pack import NON_PRODUCT_KINDS, ORGANIZATION, PART_KINDS, PART_SCOPES, Attribute, KnowledgePack
from factlint.units import dimensionality

# A machine code standing for a name: a letter, then letters, digits and "-._" with a digit and a
# separator ("nb-mi325x-8", "trn2.48xlarge"); not a bare precision or memory type ("FP8", "HBM3e").
_MACHINE_CODE = re.compile(r"[A-Za-z](?=[\w.-]*\d)(?=[\w.-]*[-._])[\w.-]*[A-Za-z0-9]")
_DIGIT = re.compile(r"\d")
# a numbered section heading on its own line before a sentence: "3.2 EB-H2-2 and EB-H2-1\n"
_NUMBERED_HEADING = re.compile(r"[ \t]*\d{1,2}(?:\.\d{1,2})*\.?[ \t]+[^\n.!?:;]{1,80}\n(?=[ \t]*[A-Z])")
_ARROW_AFTER = re.compile(r"\s*(?:→|->|=>|⇒|⟶)")
_CONTINUED_LINE = re.compile(r"\n[ \t]*[a-z]")  # the next line goes on with the sentence
_INTEGER_FORMAT = re.compile(r"(?:MX)?U?INT\d", re.I)  # INT8, UINT8, MXINT8: operations, not floating point
# A question set off as an FAQ entry's title: "**Q3. How does it compare?**", "Q: Is it 128 GB?".
_FAQ_QUESTION = re.compile(r"\s*(?:(?:\*\*|__)?Q\d*\s*[.:)]\s|(?:\*\*|__)[^*_]*\?(?:\*\*|__)\s*\Z)")
# A question mark in brackets ("$10,000 (?)") marks a figure in doubt (hedges_after), no question.
_QUESTION = re.compile(r"(?<![(\[])\?\s*[\"'”’)*_]*\s*$")
_INNER_QUESTION = re.compile(r"(?<![(\[])\?(?=\s+\S)")
_INNER_QUESTION_AFTER = ForwardSearch(_INNER_QUESTION)  # asked from every figure of a segment
_DOUBTED_FIGURE = re.compile(
    r"(?<![\w.])\d[\d.,]*\s?(?:[A-Za-z/%$€£]+\b)?\s*\?+[\"'”’)*_]*\s*$"
)  # "~ 20 kW?"
_SENTENCE_CLOSE = re.compile(r"[.!?;](?=\s|$)|$")  # where a figure's sentence ends
_EN = english()


_QUESTION_CLAUSE = compile_folded(  # "It's 128 GB, but is it ...?": the question opens after the word
    rf"(?:[,;]\s+{alternation(english().question_clause_openers, words=False, hyphens=False)}|;"
    rf"|\s+{alternation(english().bare_question_clause_openers, words=False, hyphens=False)})\s+",
    re.I,
)
_TAG_QUESTION = compile_folded(  # ", right?", ", isn't it?": the sentence asserts, the tag only checks
    rf",\s*(?:{alternation(english().tag_question_words, words=False, hyphens=False)}"
    rf"|{alternation(english().tag_question_auxiliaries, words=False, hyphens=False)}n['’]t"
    rf"\s+{alternation(english().tag_question_pronouns, words=False, hyphens=False)})"
    r"\s*\?\s*[\"'”’)*_]*\s*$",
    re.I,
)
# What may stand between two figures joined by "and": "94 GB of HBM3 and 3.9 TB/s".
_COORDINATED = re.compile(
    rf"(?:\s+[A-Za-z][\w\-]*){{0,3}},?\s+{either(_EN.figure_coordinators)}\s+(?:[a-z~]+\s+){{0,2}}$"
)
_COMPOUND_COUNT = re.compile(r"[\w.,]+-[A-Za-z]")
# Between two options of one list: "1.5 TB, 12 TB or 1.2 PB"; the last gap holds the "or".
_OPTION_GAP = re.compile(r"\s*(?:,|,?\s+or)\s+")
_OPTION_OR = re.compile(r"\bor\b")
# "available in AWS EC2 Trn1 instances": the noun after "in" is where the product is offered.
_INSIDE = re.compile(
    r"\b" + alternation(english().offering_prepositions, words=False) + r"\s+(?:[\w\-.]+\s+){0,3}$", re.I
)
_SENTENCE_END = re.compile(r"[.!?](?:\[\w+\])?\s")
# Where a document's own date stands: its title and first blocks.
_DATELINE_BLOCKS = 4
_DATELINE_CHARS = 400
# Between two dates of one list whose verb is not repeated: "..., the H100 SXM in October 2022".
_JOINED_DATE = re.compile(
    r"(?:,?\s+and\s+|,\s*(?:and\s+)?)(?:the\s+)?([^,;:.!?]{1,40}?)\s+"
    + either(_EN.joined_date_prepositions)
    + r"\s+$"
)
_ON_NAMED = re.compile(r"\s+" + either(_EN.measured_on) + r"\s+(?:the\s+)?")  # "(was 12 nm on Wormhole)"
_COMPARISON_SIGNS = frozenset("<>≤≥")  # bounds written as signs, not words
_WORD_AFTER = re.compile(r"[ \t]+([^\W\d_]+)")  # the word after a name: "V100 16GB cards"
_NOUN_WORD = re.compile(r"[^\W\d_]+")  # a word of letters, for the scope nouns a sentence writes
_PLACE_WORDS = frozenset(english().place_words)  # "in our rack": a place
_COUNT_APPOSED = re.compile(r"[ \t]*,[ \t]*")  # "g6e.xlarge, one L40S": a count set after the machine's name
_NOTE_MARK = re.compile(r"[ \t]*\(\d{1,2}\)")  # " (4)" after a cell's figure refers to note 4
_OF_NAMED = re.compile(r"\s+" + either(_EN.named_after_prepositions) + r"\s+(?:the\s+|an?\s+)?")
# "a CDNA 3 GPU", "24 Zen 4 cores": a capitalised word that is not the first of its line.
_NAME_WORD_BEFORE = re.compile(r"[\w,]\s+([A-Z][A-Za-z]+)\s$")
_NEED_BEFORE = compile_folded(
    rf"\b{either(_EN.need_verbs)}\s+(?:{either(_EN.need_approximators)}\s+)?[~≈]?$",
    re.I,
)
_NEED_SUBJECT = re.compile(r"(?:['’]s)?(?:\s+[a-z][\w\-]*)?\s+")  # "the GB200 NVL72 rack needs"
_FOOTNOTE = re.compile(r"\s*\[\^[^\]\s]+\]:")  # "[^2]: Configurable from 120 W ..."
_STRUCK = re.compile(r"~~[^~]+~~")  # Markdown strikethrough: withdrawn text
_ASIDE = re.compile(r"\([^()]*\)")
_KEY_WORDS = re.compile(r"[a-z][a-z0-9]*(?: [a-z0-9]+)+")  # a data key split into words: "tdp max w"
_FREE_DIGIT = re.compile(r"(?<![\w.,])\d")  # a digit that starts a number
_ITEM_TAIL = re.compile(r"\s*(?:(?:per|/)\s*[\w\-]+)?\s*")  # what may follow a line item's last figure
_SENTENCE_ENDS = (". ", "! ", "? ", ".\n", "!\n", "?\n", ":\n", "\n\n")  # a line break alone may wrap
_THEN_DATE = re.compile(
    r"\s*,?\s*" + either(_EN.then_date_prepositions) + r"\s+(?:early\s+|mid-?\s*|late\s+)?"
)
_PER_NOUN = re.compile(r"(?:per|/)\s*([A-Za-z][\w\-]*)")  # "per processor" after a count
_LEADING_NUMBER = re.compile(r"[~$≈]?(\d[\d.,]*\d|\d)")
_DENIAL = re.compile(r"\bnot\s+(?:the\s+)?[~$≈]?(\d[\d.,]*\d|\d)(?![\d.,]*\d)")  # "..., not 9.5"
# A sentence whose subject is a bare figure, up to the product it belongs to: "The 23 was the ".
_FIGURE_OWNER = re.compile(
    r"\W*(?:the\s+|that\s+)?[~$]?\d[\d.,]*(?:\s*[A-Za-z/%]+)?\s+"
    rf"{either(_EN.copulas)}\s+(?:{either(_EN.figure_owner_links)}\s+){{0,2}}$",
    re.I,
)
# Between a figure and the system whose configuration it is: "1,400 W in the ", " figure is the ".
_CONFIGURATION_BEFORE = re.compile(
    r"[^.;!?\d]{0,30}?\b(?:in|is|for|with|of)\s+(?:the|an?|its|their)\s+", re.I
)
_BOX_KINDS = frozenset({"card", "server"})  # whole boxes one buys: a module or dev kit, a desktop
_MACHINE_KINDS = frozenset({"server", "instance"})  # what a cluster's partition is made of
_TIMES_BEFORE = re.compile(r"\(\s*(\d{1,3})\s*[x×]\s*$")  # "(4 × " before a bracket's one figure
_LAST_PAIR_KEY = re.compile(r"[;&]\s*([^;&=:\s][^;&=:]*=)\s*$")  # "team=llm;gpus=" before a value
_COUNT_LABEL = compile_folded(r"\b" + either(_EN.count_label_words) + r"\b|#|[a-z]s$", re.I)


def extract_claims(document: Document, pack: KnowledgePack) -> list[Claim]:
    """Return every numeric claim in ``document``, attributed with ``pack``.

    Aliases from the document's front matter that do not already name a pack entity
    become aliases of the document's subject (the entity its title names); bare names the
    document earns ("Corsair" after "d-Matrix") name their products (see shortnames.py). Product names
    the pack does not know become entities of this document only (see discovery.py).
    """
    if document.error is not None:
        return []
    extractor = _extractor(pack)
    percents = read_leading_percents(translate_headers(document, extractor.language.header_glossary))
    document = percents.document
    extra = _document_aliases(document, extractor.matcher)
    texts = [block.text for block in document.blocks]
    whole = "\n".join(texts)
    # Bare model numbers ("the 6000" after "RTX PRO 6000"): a number has no case to match as written
    extra += extractor.bare_numbers.licensed(whole)
    # Model tails ("C885A M8" after "Cisco UCS C885A M8"): the model without its brand and line words
    extra += extractor.name_tails.licensed(whole)
    # Names matched only as written: earned short names ("Helios") and set-ups ("Option B")
    # A contact card's organisation names a maker as a sentence does ("ORG:Rebellions Inc." earns "ATOM")
    cased = extractor.short_names.licensed("\n".join((whole, *document.organisations)))
    cased += partition_names(
        document,
        extractor.matcher,
        lambda name: extractor.resolver.kind(name) in _MACHINE_KINDS,
        extractor.resolver.holds,
    )
    # Short forms the document writes for a sibling of their pack owner ("NVL72" after "GB300 NVL72")
    moved = document_forms(extractor.shared_forms, texts, extractor.matcher)
    extra += document_part_machines(extractor.part_machines, texts, extractor.matcher)
    # "the 8GB module" of a family the document names: its member of that size
    extra += extractor.sized_forms.licensed(whole)
    # "`nvidia/rubin-cpx.yaml`: ...": a file kept under a product's slug names the product
    extra += file_name_aliases(
        whole, lambda text: [(m.start, m.end, m.entity) for m in extractor.matcher.find(text)]
    )
    if extra or cased or moved:
        extractor = extractor.with_matcher(extractor.matcher.extended(extra, cased=cased, moved=moved))
    discovered = fold_short_codes(extractor.discoverer.discover(document, extractor.matcher))
    if discovered:
        extractor = extractor.with_discoveries(discovered)
    # "a G293-Z43 with eight Cloud AI 100 Ultra cards": an open pack server holds them here
    filled = extractor.machine_filling.filled(document.blocks, extractor.matcher, extractor.pack)
    if filled:
        extractor = extractor.with_matcher(
            extractor.matcher.extended((), pack=extractor.pack.with_entities(filled))
        )
    # After discovery: "Lot 211 — Supermicro SYS-420GH-TNGR Gaudi server" labels the server, not Gaudi
    labels = extractor.designators.aliases(document, extractor.matcher)
    # "Lot nr. 1 - ..." is "lot 1" in a sentence later, in any case
    numbered = extractor.designators.numbered_aliases(labels)
    rows = row_references(
        document,
        extractor.matcher,
        extractor.language.item_number_nouns,
        lambda name: extractor.resolver.kind(name) not in (None, "chip"),
        extractor.language.articles,
    )
    if labels or rows:
        extractor = extractor.with_matcher(extractor.matcher.extended(numbered, cased=labels + rows))
    claims = percents.restore(extractor.extract(document))
    claims = drop_mail_corrected(claims, document, extractor.language)
    claims = share_both_rates(claims, document, extractor.language)
    claims = drop_superseded_above(claims, document, extractor.language)
    claims = drop_corrected_sentences(claims, document, extractor.language)
    claims = drop_back_references(claims, document, extractor.language)
    claims = give_memo_figures_their_machine(claims, document.blocks, extractor.machine_words())
    claims = drop_setting_figures(claims, document, extractor.language)
    claims = drop_restated_in_comments(claims, document)
    claims = give_corrections_their_owner(claims, document, extractor.language)
    claims = give_machines_their_shared_count(
        claims,
        document,
        lambda text: [m.entity for m in extractor.matcher.find(text)],
        extractor.resolver.kind,
        extractor.language,
    )

    def named_in(text: str) -> set[str]:
        return {m.entity for m in extractor.matcher.find(text)}

    claims = drop_unheld_chip_counts(claims, pack, named_in)
    claims = drop_deployment_counts(claims, document, extractor.language, pack, named_in)
    claims = doubt_marked_figures(claims, document, extractor.language)
    claims = doubt_named_figures(
        claims,
        document,
        extractor.language,
        lambda text: [(m.start, m.end, m.entity) for m in extractor.matcher.find(text)],
    )
    claims = doubt_noted_figures(claims, document, extractor.language, pack)
    claims = scope_one_chip_figures(claims, pack)
    return drop_refuted_earlier(claims, document, extractor.language, named_in)


_RECENT_EXTRACTORS: dict[int, tuple[KnowledgePack, Extractor]] = {}


def prepare_extraction(pack: KnowledgePack) -> None:
    """Build and keep the extractor of ``pack`` now (returns nothing).

    Building it (word lists, patterns, the pack's name index) takes a second or two once per
    process; a caller that limits each document's time calls this first, so the first
    document is not charged for it.
    """
    _extractor(pack)


def _extractor(pack: KnowledgePack) -> Extractor:
    # Hashing a whole pack per document costs more than reading a short one: the pack
    # objects used recently are looked up by identity first (kept alive here, so their
    # ids are not reused).
    recent = _RECENT_EXTRACTORS.get(id(pack))
    if recent is not None and recent[0] is pack:
        return recent[1]
    extractor = _extractor_for(pack)
    if len(_RECENT_EXTRACTORS) >= 32:
        _RECENT_EXTRACTORS.clear()
    _RECENT_EXTRACTORS[id(pack)] = (pack, extractor)
    return extractor


@lru_cache(maxsize=32)
def _extractor_for(pack: KnowledgePack) -> Extractor:
    return Extractor(pack)


def _document_aliases(document: Document, matcher: EntityMatcher) -> tuple[tuple[str, str], ...]:
    subject = matcher.resolve(document.title) if document.title else None
    if subject is None:
        return ()
    return tuple((alias, subject) for alias in document.aliases if matcher.resolve(alias) is None)


class _ListSubject:
    """Tracks what a list describes: "- 144 chips per Trn3 UltraServer" makes the items
    after it, in the same list, figures of the Trn3 UltraServer."""

    def __init__(self) -> None:
        self._list: tuple[object, ...] | None = None
        self._container: str | None = None

    @staticmethod
    def _key(block: Block) -> tuple[object, ...] | None:
        if block.kind is not BlockKind.LIST_ITEM:
            return None
        return (block.list_intro, block.label, block.headings)

    def container(self, block: Block) -> str | None:
        """Return the container the block's list describes, if an earlier item named one."""
        key = self._key(block)
        if key is None or key != self._list:
            self._list, self._container = key, None
        return self._container

    def learn(self, block: Block, claims: list[Claim], resolver: Resolver) -> None:
        """Remember a container that a list item counts things "per"."""
        if self._key(block) is None:
            return
        for claim in claims:
            if claim.rule.startswith("per-entity") and claim.attribute.endswith("_count"):
                self._container = claim.entity


_REPORTED = "context.reported-after"  # "- Groq claims ~18x ...": the product of the item before


@dataclass(frozen=True)
class _Scene:
    """Everything known about one segment while its figures are attributed."""

    document: Document
    segment: Segment
    mentions: list[Mention]
    fallbacks: list[Fallback]
    table: TableContext | None
    carried: str | None  # the subject of the previous sentence, for prose
    context: list[CueText]  # row label, column header, list intro or label: cue words nearby
    figures: tuple[_Figure, ...]
    label_baseline: str | None  # the product a table cell's labels compare with ("| FP4 vs Trn2 |")
    carried_scope: str | None = None  # the scope the sentence setting ``carried`` named it with ("card")
    chosen: dict[int, AttributeChoice] = field(default_factory=dict)  # by figure start
    roadmap_lists: dict[int, tuple[str, ...]] = field(default_factory=dict)  # by the date's end
    dated_lists: dict[tuple[int, int], tuple[str, ...]] = field(default_factory=dict)  # by the date's span

    # cached: a long line asks these for every figure (decision 0168)
    @cached_property
    def figure_spans(self) -> tuple[tuple[int, int], ...]:
        return tuple((f.start, f.end) for f in self.figures)

    @cached_property
    def mention_starts(self) -> MentionStarts:
        return MentionStarts(self.mentions)

    @cached_property
    def figure_ending(self) -> LastEnding:
        return LastEnding(self.figure_spans)

    @cached_property
    def cue_figures(self) -> tuple[_Figure, ...]:
        """The figures other than compound counts ("8-GPU"), which take no cue from a neighbour."""
        text = self.segment.text
        return tuple(f for f in self.figures if not _is_compound_count(f, text))

    @cached_property
    def cue_spans(self) -> OtherSpans:
        """The spans of the cue figures, built once: each figure reads the others' (decision 0246)."""
        return OtherSpans(self.cue_figures)

    @cached_property
    def cue_quantity_spans(self) -> OtherSpans:
        """The spans of the cue figures that are no date, built once (decision 0246)."""
        return OtherSpans([f for f in self.cue_figures if f.date is None])

    @cached_property
    def ordered_spans(self) -> OrderedSpans:
        """The figures' spans sorted once: each figure finds its neighbours by bisection (0253)."""
        return OrderedSpans(self.figure_spans)

    @cached_property
    def figure_starts(self) -> frozenset[int]:
        """The figures' starts, built once: a pair's owner asks for both of its figures' (0267)."""
        return frozenset(f.start for f in self.figures)

    @cached_property
    def measured_endings(self) -> dict[str, tuple[tuple[_Figure, ...], LastEnding]]:
        """The figures with a quantity grouped by what they measure, each group ordered by end once.

        ``_sibling_rate_scope`` asks every figure for the last earlier figure of its measure (0267).
        """
        groups: dict[str, list[_Figure]] = {}
        for f in self.figures:
            if f.quantity is not None:
                groups.setdefault(_dimension(f.quantity), []).append(f)
        return {
            measure: (tuple(group), LastEnding([(f.start, f.end) for f in group]))
            for measure, group in groups.items()
        }

    @cached_property
    def possessors(self) -> tuple[Mention, ...]:
        """The mentions written with "'s", in order: only they can own a figure as a possessor (0253)."""
        text = self.segment.text
        return tuple(
            m
            for m in self.mentions
            if text[m.start : m.end].endswith(("'s", "’s")) or text[m.end : m.end + 2] in ("'s", "’s")
        )


def _under_row(scene: _Scene) -> bool:
    """Return True when the block right before the scene's block is a table row."""
    blocks = scene.document.blocks
    index = next((i for i, block in enumerate(blocks) if block is scene.segment.block), 0)
    return index > 0 and blocks[index - 1].kind is BlockKind.TABLE_ROW


@dataclass(frozen=True)
class _Figure:
    """A quantity or date found in a segment, before attribution."""

    start: int
    end: int
    quantity: Quantity | None = None
    date: DateMention | None = None
    term: SlashTerm | None = None  # its term in a label's slash list ("dense / sparse")
    pair: FigurePair | None = None  # the "256 GB vs 192 GB" pair it stands in, if any


class Extractor:
    """Everything compiled for one pack; call :meth:`extract` per document."""

    def __init__(self, pack: KnowledgePack) -> None:
        language = self.language = english()
        self.pack = pack
        self.quantities = QuantityReader(pack, language)
        self.matcher = EntityMatcher(pack, value_at=self.quantities.starts_value, language=language)
        self.segments = SegmentReader(self.matcher, language)
        self.glue = GlueSplitter(pack, self.quantities.starts_unit)
        self.slashes = SlashLists(pack)
        self.nodes = NodeScopes(pack, language)
        self.node_shares = NodeShares(language)
        self.whole_systems = WholeSystems(language)
        self.dates = DateReader(language)
        self.refutations = Refutations(language)
        self.corrected_cues = CorrectedCues(language)
        self._translator_notes = TranslatorNotes(language)
        self._place_asides = PlaceAsides(language)
        self.roadmaps = RoadmapLists(language)
        self.following_tables = FollowingTables(language.table_pointers)
        self.discount_owners = DiscountOwners(language)
        self._next_blocks: tuple[Document | None, dict[int, Block]] = (None, {})
        self._vendor_words = frozenset(word.lower() for word in pack.vendor_prefixes)
        self._cued_units = {word.lower(): expr for word, expr in language.cued_units}
        self.bare_amounts = BareAmounts(self.language.bare_amount_nouns, self.language.withdrawn_headers)
        self._cued_unit_re = (
            re.compile(r"[ \t]*(" + alternation(tuple(self._cued_units)) + r")\b", re.I)
            if self._cued_units
            else None
        )
        self._unit_cues = {
            word: compile_folded(r"\b" + alternation(cues) + r"\b", re.I)
            for word, expr in self._cued_units.items()
            if (cues := tuple(c for a in pack.attributes if a.pint == expr for c in a.cues))
        }
        self._dateline: str | None = None  # the month the document being read is dated, set per document
        self._date_order: str | None = None  # the order of the numeric dates of that document
        self._named_so_far: set[str] = set()  # entities the document being read has named so far
        self._named_upto = 0  # blocks before this index are in _named_so_far
        self._block_index = 0  # the block being read
        self._blocks: tuple[Block, ...] = ()
        self._heading_machines: dict[tuple[str, ...], str | None] = {}  # by headings, set per document
        self._containers = _containers_by_part(pack)
        self.attributes = AttributeChooser(pack, language)
        self.resolver = Resolver(pack, self.matcher, language)
        self.plausibility = ScalePlausibility(pack, self.resolver.kind, self.resolver.holds)
        self.discoverer = EntityDiscoverer(pack, language)
        self.machine_filling = MachineFilling(language)
        self.sized_forms = SizedForms(pack)
        self.short_names = ShortNames(pack)
        self.bare_numbers = BareNumbers(pack, self.language.subject_verbs)
        self.name_tails = NameTails(pack)
        self.form_contrast = FormContrast(pack, self.language.form_factor_words)
        self.shared_forms = shared_forms(pack)
        self.part_machines = part_machines(pack)
        self.designators = Designators(language)
        self.requirements = Requirements(language)
        self.required_limits = RequiredLimits(language)
        self.unnamed = UnnamedDevices(language)
        self.compared_machines = ComparedMachines(language)
        self.apposed_machines = ApposedMachines(language)
        self.trailing_counts = TrailingCounts(language)
        self.definite_machines = DefiniteMachines(pack, language)
        self.clause_subjects = ClauseSubjects(pack, language)
        self.based_machines = BasedMachines(pack, language)
        self.parts_lines = sectionparts.PartsLines(language)
        self.name_shapes = NameShapes(pack)
        self.counted_heads = CountedHeads(language)
        self.total_rows = TotalRows(language)
        self.aside_totals = AsideTotals(language)
        self.device_lists = DeviceLists(pack)
        self.shared = SharedSubjects(language)
        self.counted_asides = CountedAsides(language)
        self.relative_topics = RelativeTopics(language)
        self.apposite_cards = AppositeCards(pack, language)
        self.each_figures = EachFigures(language)
        scopes = dict(pack.scopes)
        self.counted_prices = CountedPrices(language)
        self.counted_sizes = CountedSizes(language, scopes.get("chip", ()) + scopes.get("card", ()))
        self.group_counts = GroupCounts(pack, language)
        self.joined_ratios = JoinedRatios(language)
        self.equation_totals = EquationTotals(language)
        self.ratio_baselines = RatioBaselines(language)
        self.device_labels = DeviceLabels.build(language, dict(pack.scopes).get("chip", ()))
        self.placed_parts = PlacedParts(language, self.resolver.scope_of_noun)
        self.times_counts = TimesCounts(self.resolver.scope_of_noun)
        self.reassignments = Reassignments(language)
        self.whole_totals = WholeTotals(language, [noun for _, nouns in pack.scopes for noun in nouns])
        self.held_times = HeldTimes(language)
        self.kind_labels = KindLabels(pack, language)
        self.repetitions = Repetitions(language)
        self.rented_machines = RentedMachines(language)
        self.fraction_parts = FractionParts(language)
        self.unit_openers = UnitOpeners(self.resolver.scope_of_noun, language)
        self.site_figures = SiteFigures(language)
        self.discovered: dict[str, Discovery] = {}
        qualifiers = dict(pack.qualifiers)
        self._qualifiers = {k.lower(): v for k, v in qualifiers.items()}
        bounds = [k for k, v in qualifiers.items() if v not in ("likely",)]
        hedges = [k for k, v in qualifiers.items() if v == "likely"]
        # "| Max power | W | 350 |": a bound opening a table label bounds the row's cells
        # ("from" excepted: a "From" column starts a span). European headers put it after a
        # one-word noun and before the unit: "| Power max., kW |", "| TDP max (W) |".
        label_bounds = [k for k, v in qualifiers.items() if v in ("up to", "at least") and k != "from"]
        bound = alternation(label_bounds)
        self._label_bound_re = compile_folded(
            r"\W*(?:[^\W\d_]+\s+(?=(?:" + bound + r")\.?\s*(?:[,(\[]|$)))?(" + bound + r")", re.I
        )
        # "| approx. in USD |": a converted price is about the figure, whatever its own cell says
        converted_about = [
            k for k, v in qualifiers.items() if v == "about" and k in self.language.conversion_words
        ]
        self._approximate_re = compile_folded(
            alternation(converted_about) if converted_about else "(?!)", re.I
        )
        # A comparison sign bounds a figure (">100 PFLOPS"), but not as the head of an arrow ("-> 9 PFLOPS").
        signs = [k for k in bounds if k in _COMPARISON_SIGNS]
        words = [k for k in bounds if k not in _COMPARISON_SIGNS]
        sign_bound = r"|(?<![\-=<>])" + alternation(signs, words=False) if signs else ""
        # Emphasis may wrap the figure alone: "up to **1,400 W**", "from *$9,000*".
        self._bound_re = compile_folded(
            r"(" + alternation(words, words=False) + sign_bound + r")[\s$~≈(*]*$", re.I
        )
        # "do 400 W" in a translation written in the comma notation: a bound there only
        self._notation_bounds = {word.lower(): bound for word, bound in self.language.notation_bounds}
        self._notation_bound_re = compile_folded(
            r"(?<![\w\-])(" + (alternation(list(self._notation_bounds), words=False) or "(?!)") + r")[ \t]+$",
            re.I,
        )
        self._comma_document = False  # whether the document being read writes decimal commas
        # "a max TDP of 600 W", "Maximum board power: 300 W": a bound before the attribute's cue word,
        # with at most one word between, bounds the figure after the cue as it bounds one after it
        cue_words = sorted(
            {cue for attribute in pack.attributes for cue in attribute.cues}, key=len, reverse=True
        )
        self._cue_bound_re = compile_folded(
            r"(?<![\w])("
            + alternation(language.bounds_after)
            + r")[ \t]+(?:[A-Za-z][\w\-]*[ \t]+)?"
            + alternation(cue_words)
            + r"\s*(?:of|is|at|:|=)?\s*[~$≈]?\s*$",
            re.I,
        )
        # "14.3 kW max": only a space between the figure's unit and the bound
        self._bound_after_re = re.compile(r"[ \t]?(" + alternation(language.bounds_after) + r")", re.I)
        # a data key split into words writes its bound anywhere: "tdp max w", "power max w"
        self._key_bound_re = re.compile(r"(?<![\w])(" + alternation(language.bounds_after) + r")(?![\w])")
        # At the start, after a speaker ("RO: does it ...") or after a clause ("On the X, is ...").
        self.glued_questions = GluedQuestions(self.language.question_openers)
        # "4 boards at $179 each incl. tax?": the mark asks only the addition after the figures
        self.trailing_asks = TrailingAsks(
            self.language.trailing_question_additions,
            self.language.question_openers,
            self.language.alternative_joiners,
            (*hedges, *self.language.hedges_after, *self.language.trailing_question_doubts),
        )
        self._question_opener_re = compile_folded(
            r"(?:^[\s*_>\"'“(\-•–—]*|[,;:?]\s+|\s[-–—]+\s+)"
            + alternation(self.language.question_openers)
            + r"\b",
            re.I,
        )
        self._hedge_re = compile_folded(alternation(hedges) + r"(?=(?:\s+[\w\-/.]+){0,3}\s*[$~]?$)", re.I)
        # "Memory: 128 GB or 96 GB?": two figures offered as answers, asked about, neither in doubt
        joiners = self.language.alternative_joiners
        self._alternatives_re = compile_folded(
            r"(?<![\w.])\d[\d.,]*\s?(?:[A-Za-z/%$€£]+\b)?\s+"
            + alternation(joiners)
            + r"\s+[~$€£]?\s?\d[\d.,]*\s?(?:[A-Za-z/%$€£]+\b)?\s*\?+[\"'”’)*_]*\s*$",
            re.I,
        )
        # "Nov 2023? or later": an alternative offered after the question mark
        self._alternative_after_re = compile_folded(r"\s*" + alternation(joiners) + r"\b", re.I)
        self._function_words = frozenset(word.lower() for word in self.language.function_words)
        mounting = {word.lower() for word in self.language.mounting_prepositions}
        self._phrase_enders = self._function_words | mounting
        ones = alternation(language.single_counts, words=False, hyphens=False)
        # "8 × ", "4 x AMD ", "One " (the one chip of a machine: "One WSE-2 wafer-scale engine: ...")
        self._opening_count = re.compile(rf"\s*(?:\d{{1,4}}\s*[x×]|(?i:{ones}))\s*(?:[A-Z][\w\-]*\s+){{0,2}}")
        self._per_before = re.compile(alternation(language.rate_prepositions, hyphens=False) + r"\s+$", re.I)
        self._per_opening = re.compile(alternation(language.rate_prepositions, hyphens=False) + " ", re.I)
        self._verbs = frozenset(word.lower() for word in self.language.subject_verbs)
        self._reference_headings = frozenset(heading.lower() for heading in self.language.reference_headings)
        self._row_id_headers = frozenset(header.lower() for header in self.language.row_id_headers)
        self._row_ids: frozenset[str] = frozenset()  # the row ids of the document being read
        self._per_device_rows: frozenset[tuple[int, int]] = frozenset()  # see per_device_rows
        self._header_words = HeaderWords(
            withdrawn=compile_folded(alternation(self.language.withdrawn_headers), re.I),
            # a column read at rest ("| Idle (W) |") holds readings as one of use does
            reading=compile_folded(
                alternation(self.language.reading_headers + self.language.idle_words), re.I
            ),
            measured_peak=compile_folded(alternation(self.language.measured_peak_headers), re.I),
            setting=compile_folded(alternation(self.language.setting_headers), re.I),
            rated=compile_folded(
                alternation(self.language.rating_headers + self.language.device_headers), re.I
            ),
            idle=compile_folded(alternation(self.language.idle_words), re.I),
            host_cpu=compile_folded(alternation(self.language.host_cpu_headers), re.I),
            field=compile_folded(alternation(self.language.field_headers), re.I),
            discount=compile_folded(
                alternation(self.language.discount_headers + self.language.total_headers), re.I
            ),
            commitment=compile_folded(alternation(self.language.commitment_headers), re.I),
            unit=compile_folded(alternation(self.language.unit_headers), re.I),
            memory=compile_folded(alternation(self.language.memory_headers), re.I),
            host_memory=compile_folded(alternation(self.language.host_memory_labels), re.I),
            device=compile_folded(alternation(self.language.device_headers), re.I),
            peak_rate=compile_folded(r"\b" + alternation(self.language.peak_rate_headers) + r"\b", re.I),
            relation=compile_folded(alternation(self.language.relation_headers), re.I),
            relation_key=compile_folded(r"\b" + alternation(self.language.relation_key_words) + r"\b", re.I),
            ratio=compile_folded(r"(?:^|\s)" + alternation(self.language.multiplier_headers) + r"$", re.I),
            ratio_key=compile_folded(
                r"\s" + alternation(self.language.ratio_key_words or ("vs",)) + r"\s+\S", re.I
            ),
            converted=_conversion_header(self.language),
            total=compile_folded(r"\b" + alternation(self.language.total_markers) + r"\b", re.I),
            quantity=compile_folded(alternation(self.language.quantity_headers), re.I),
            per_device_note=compile_folded(
                r"\b"
                + alternation(self.language.per_device_notes)
                + r"\s+(?:one\s+|each\s+|an?\s+|the\s+)?"
                + alternation(dict(pack.scopes).get("chip", ()))
                + r"\b",
                re.I,
            ),
            attachment=compile_folded(r"\b" + alternation(self.language.attachment_phrases) + r"\b", re.I),
            device_memory=compile_folded(
                alternation(dict(pack.scopes).get("chip", ()))
                + r"\s+"
                + alternation(self.language.memory_headers),
                re.I,
            ),
            spend=compile_folded(
                alternation(self.language.spend_headers)
                + r"(?:\s+(?:usd|eur|gbp|jpy|\$|€|£)|\s*[(\[](?:usd|eur|gbp|jpy|\$|€|£)[)\]])?",
                re.I,
            ),
            unit_price=compile_folded(alternation(self.language.unit_price_headers), re.I),
            usage_unit=compile_folded(alternation(self.language.usage_unit_headers), re.I),
            usage_times=tuple(
                (rate, compile_folded(alternation(texts), re.I))
                for rate, texts in self.language.usage_time_units
            ),
            usage_rate=compile_folded(alternation(self.language.usage_rate_nouns), re.I),
            description=compile_folded(alternation(self.language.description_headers), re.I),
            accessory=compile_folded(alternation(self.language.accessory_nouns), re.I),
            # "| Spot price per hour |", "| 1-yr reserved price |": pricing terms may open a price header
            bare_price=compile_folded(
                r"(?:"
                + alternation(self.language.commitment_headers + self.language.price_term_words)
                + r"[\s\-]*)*"
                + alternation(self.language.bare_price_headers),
                re.I,
            ),
            bundle=compile_folded(
                r"(?<![\w.])(?:(?:\d{1,3}|"
                + alternation([word for word, value in self.language.number_words if value > 1])
                + r")[\s-]*"
                + alternation(self.language.bundle_nouns)
                + r"|"
                + alternation(self.language.bundle_openers)
                + r"\s+\d{1,3}(?!\w))",
                re.I,
            ),
            counted=compile_folded(
                r"(?:[A-Za-z]+\s*:\s*)?[ \t*_]*\d{1,4}[ \t]+"
                + alternation(self.language.chip_counters)
                + r"[ \t]*[^|\d\s][^|]*",
                re.I,
            ),
            status=StatusWords.build(self.language),
            form_factor=compile_folded(alternation(self.language.form_factor_headers), re.I),
            board_words=frozenset(word.lower() for word in self.language.board_form_words),
            designator=compile_folded(alternation(self.language.designator_nouns), re.I),
        )
        self._other_money = compile_folded(alternation(self.language.other_currencies))
        self._bare_price_unit: tuple[str, str] | None = None  # see TableContext.build
        self._variant_rows = VariantRows()
        about_words = [k for k, v in qualifiers.items() if v == "about"]
        self.withdrawn = WithdrawnFigures(self.language, about_words)
        self.unheld_money = UnheldMoney(pack, self.language, about_words)
        self.named_sizes = NamedSizes(pack, self.language)
        openers = alternation(self.language.correction_openers)
        self._corrected_re = compile_folded(
            r"(?:\s+[\w\-/]+){0,3}?[\s,.;:!—–\-]+"
            + openers
            + r"(?:[\s,.;:!—–\-]+"
            + openers
            + r")*[\s,.;:!—–\-]+(?:[\w'’\-]+\s+){0,3}?(?:[$~≈]?\d|"
            + alternation([w for w, _ in self.language.number_words])
            + r")",
            re.I,
        )
        # "68.8 gigaflops per watt", "$12,000 per kW", "0.5 W per TOPS": a figure divided by an
        # energy, a power or a throughput
        denominators = self.language.energy_denominators + self.language.throughput_denominators
        self._energy_ratio = (
            compile_folded(r"[ \t]*" + alternation(denominators, words=False) + r"(?!\w)", re.I)
            if denominators
            else None
        )
        # "To ask the Secretary of State, how many ...": a written question ends in a full stop
        self._question_formula = (
            compile_folded(r"[\s\"'“(]*" + alternation(self.language.question_formulas), re.I)
            if self.language.question_formulas
            else None
        )
        self._setting_re = compile_folded(
            r"[\W_]*" + alternation(self.language.setting_openers) + r"\s+(?:about\s+|~)?", re.I
        )
        self._settable = settable_patterns(self.language)
        # "8 chips", "8 Wormhole chips": a number, perhaps a name's word, then a chip noun
        self._chip_total_re = re.compile(
            r"(?<![\w.])\d[\d,]*\s+(?:[\w\-]+\s+)?" + alternation(dict(pack.scopes).get("chip", ())) + r"\b",
            re.I,
        )
        # "at the wall-corrected rails" is a correction of the card's reading, not the wall's
        self._whole_product_re = compile_folded(r"\s+" + alternation(self.language.whole_product_nouns), re.I)
        self._whole_machine_re = compile_folded(
            alternation(self.language.whole_machine_phrases) + r"(?![\-])", re.I
        )
        # "phase 2 (2027)", "the second expansion (2028)": the bracket's date is the step's
        self._plan_step_re = compile_folded(
            alternation(self.language.plan_step_nouns) + r"(?:[ \t]+[\w.]+)?[ \t]*\([ \t]*$", re.I
        )
        self._year_noun_re = compile_folded(
            r"[\s\-]+" + alternation(self.language.year_description_nouns), re.I
        )
        self._conditional_re = compile_folded(
            alternation(self.language.conditionals) + r"[^,;.:!?()]*(?:\([^()]*\)[^,;.:!?()]*)*", re.I
        )
        # "over 400 Gbps links": at most one modifier word between the figure and the carrier.
        self._carrier_re = compile_folded(
            r"(?:\s*[\w\-/]+)?\s+" + alternation(self.language.carrier_nouns), re.I
        )
        # A wrapped line may part a count from the chips it counts ("eight\nGH200 superchips").
        self._vendors_between = compile_folded(
            rf"{_WRAP_GAP}(?:" + alternation(pack.vendor_prefixes) + rf"{_WRAP_GAP})*", re.I
        )
        number_words = alternation([word for word, _ in self.language.number_words])
        # "invested $8 billion in Anthropic": money put into a company named after it
        self._put_into = compile_folded(rf"{_WRAP_GAP}in(?:to)?{_WRAP_GAP}", re.I)
        # "$88.49 per hour for a Google Cloud a4-highgpu-8g": the name after "for" is what the money buys
        self._bought_for = compile_folded(
            rf"{_WRAP_GAP}for{_WRAP_GAP}(?:(?:an?|the|one|each|every){_WRAP_GAP})?(?:"
            + alternation(pack.vendor_prefixes)
            + rf"{_WRAP_GAP})*",
            re.I,
        )
        # "750 W, which is the MI300X figure": the relative clause names whose figure it is; so does
        # the clause after a semicolon ("v2 said 95 GB; that is the v5p's figure", "that is X's figure")
        articles = alternation(self.language.articles, words=False, hyphens=False)
        owner_openers = alternation(self.language.figure_owner_openers, words=False, hyphens=False)
        self._figure_of_after = compile_folded(rf"\s*[,;]?\s*{owner_openers}\s+(?:{articles}\s+)?", re.I)
        self._figure_noun_after = compile_folded(
            rf"(?:['’]s)?\s+{alternation(self.language.figure_nouns)}", re.I
        )
        approximate = alternation(self.language.approximators, words=False, hyphens=False)
        # "the H100's 80 GB": a mention may end before or after its "'s"
        # ", and BF16 is 1,307": where the next clause of a sentence opens
        conjunctions = alternation(self.language.clause_conjunctions, words=False, hyphens=False)
        self._next_clause = re.compile(rf";|,?\s+{conjunctions}\s+", re.I)
        # searches from every figure of a segment to where its clause, number, field or sentence
        # ends: one search answers the figures before that end (a long line has thousands)
        self._next_clause_after = ForwardSearch(self._next_clause)
        self._free_digit_after = ForwardSearch(_FREE_DIGIT)
        self._field_break_after = ForwardSearch(_FIELD_BREAK)
        self._sentence_close_after = ForwardSearch(_SENTENCE_CLOSE)
        definite = alternation(self.language.definite_determiners, words=False, hyphens=False)
        self._definite_before = re.compile(rf"\b{definite}\s+$", re.I)  # "the", "its" (October 2022 launch)
        self._possessed = re.compile(rf"(?:['’]s)?[ \t]+(?:~|{approximate}[ \t]+)?\$?")
        # A figure compared against with "the": "less than the 288 GB shown in June", "faster than the
        # 4.8 TB/s of the H200" (that one is the named product's own, see _OF_NAMED).
        self._than_the = compile_folded(
            rf"\b(?:\w+er|less|more)(?:\s+[\w\-]+){{0,2}}?\s+than\s+the\s+(?:{approximate}\s+)?[~$]?$",
            re.I,
        )
        # "the NVL is 600W", "The PCIe one has 80 GB": a variant named by a capitalised word or one with
        # a digit, perhaps with a variant noun after it
        variant_nouns = alternation((*self.language.variant_nouns, *self.language.written_variant_nouns))
        self._variant_subject = re.compile(
            rf"\b(?i:{alternation(self.language.articles)})\s+((?=[\w-]*[A-Z0-9])[\w-]{{2,12}})"
            rf"(?:\s+{variant_nouns})?\s"
        )
        # "there's also a max q edition": speech and captions write a variant in lower case, its parts
        # apart, so only the noun after it ("edition", "version") tells that it names one
        self._spoken_variant = re.compile(
            rf"\b{alternation(self.language.articles)}\s+([a-z][a-z\d]{{0,7}}(?:[\s-][a-z\d]{{1,8}})?)"
            rf"\s+{alternation(self.language.variant_nouns)}",
            re.I,
        )
        # "each of the 8 B200 GPUs has ", "every one of its cards carries about ": one of the named parts
        each_of = alternation(self.language.each_of_openers, words=False, hyphens=False)
        definite = alternation(self.language.definite_determiners, words=False, hyphens=False)
        self._each_of_subject = re.compile(
            rf"\b{each_of}\s+{definite}\s+([^.;:!?]{{1,60}}?)\s+"
            + alternation(self.language.each_of_verbs, words=False, hyphens=False)
            + rf"\s+(?:{approximate}\s+)?[~$≈]?$",
            re.I,
        )
        # "one of the chips", "each one links 16 chips", "two dies in one package": "one" is a
        # pronoun or a unit of packaging, no count (see _is_count)
        ones = alternation([word for word, value in self.language.number_words if value == 1], words=False)
        self._one_re = compile_folded(rf"{ones}\b", re.I)
        pronoun_ones = alternation(self.language.one_pronoun_phrases, words=False, hyphens=False)
        self._one_pronoun_re = compile_folded(rf"{pronoun_ones}\b", re.I)
        not_counting = alternation(self.language.one_pronoun_before, words=False, hyphens=False)
        self._not_one_before_re = compile_folded(rf"\b{not_counting}\s+$", re.I)
        part_of = alternation(self.language.one_part_before, words=False, hyphens=False)
        self._one_part_before_re = compile_folded(rf"\b{part_of}\s+$", re.I)
        # "one GPU draws 700 W", "the bandwidth of one accelerator is 896 GB/s": "one" picks the unit
        # a figure is given for, the subject of the verb the figure completes; it counts nothing
        unit_nouns = alternation([noun for _, nouns in pack.scopes for noun in nouns])
        subject_verbs = alternation(self.language.subject_verbs)
        self._one_unit_subject_re = compile_folded(
            rf"{ones}\s+(?:[\w\-]+\s+){{0,2}}?{unit_nouns}\s+{subject_verbs}(?:\s+[\w\-]+)??"
            rf"(?:\s+(?:to|at))?\s*[~$]?\d",
            re.I,
        )
        self._number_word_before = compile_folded(
            rf"({number_words}){_WRAP_GAP}(?:" + alternation(pack.vendor_prefixes) + rf"{_WRAP_GAP})*$", re.I
        )
        # "DL2q instances use eight of them": a number word counting the chips "them" stands for
        several = alternation([word for word, value in self.language.number_words if value > 1])
        self._number_word_of_them = compile_folded(rf"\b({several})(?=\s+of\s+them\b)", re.I)
        self.of_them_nouns = OfThemNouns(
            [noun for _, nouns in pack.scopes for noun in nouns] + list(self.language.chip_nouns)
        )
        scope_nouns = alternation([noun for _, nouns in pack.scopes for noun in nouns])
        self._apposition_re = compile_folded(
            scope_nouns + r",\s+((?-i:[A-Z][\w\-]*)(?:\s+(?-i:[A-Z][\w\-]*))?),", re.I
        )
        # every match of ``_apposition_re`` holds a comma, spaces and a capital: a clause without one has none
        self._comma_capitals = MatchSpans(re.compile(r",\s+[A-Z]"))
        # "eight Gaudi2 OAM modules": a form factor's name may stand between the chip and its noun
        # "eight Gaudi 2 (HL-225H) cards": a bracketed aside naming the variant may stand before the noun
        self._chip_noun_after = compile_folded(
            r"(?:[ \t]+\([^()\n]{1,40}\))?(?:\s+(?-i:"
            + alternation(self.language.form_factor_words)
            + r"))?\s+"
            + alternation(self.language.chip_nouns),
            re.I,
        )
        # "Dell PowerEdge XE9680 server, 8x ...": a machine's title may end in its scope noun.
        self._scope_noun_tail = compile_folded(rf"(?:\s+{scope_nouns})?\s*,[ \t]*", re.I)
        # "eight GroqCards, one LPU per card": a count of the chips on each unit of a kind
        # "(8 A100 per\n  instance)": a wrapped line may part the words
        wrap = r"(?:[ \t]+|[ \t]*\n[ \t]*)"
        self._per_unit_after = compile_folded(rf"{wrap}(?:per|each|a){wrap}{scope_nouns}\b", re.I)
        self._single_chip_noun_after = compile_folded(
            r"\s+" + alternation(self.language.chip_noun_singulars), re.I
        )
        self._chip_counter = compile_folded(r"\s+" + alternation(self.language.chip_counters), re.I)
        # "8 sheets of Ascend 910B NPU card": after a counter, the chip's name in the singular may
        # go on into its kind and noun
        self._counted_noun_after = compile_folded(
            r"(?:\s+"
            + alternation(self.language.chip_kind_words)
            + r")?\s+"
            + alternation(self.language.chip_noun_singulars),
            re.I,
        )
        # "the CS-3 system, which houses one WSE-3": the gap from a machine's name to a count of
        # the chips it holds; "a CS-3 (one WSE-3, 44 GB SRAM)": an aside opening on the count; "the
        # CS-3 (announced March 2024) holds one WSE-3": a short aside between the name and the verb
        # (and "the X configuration with one Y", a provider's set-up named as such)
        configured = alternation(self.language.configuration_nouns)
        self._held_after_container = compile_folded(
            rf"(?:\s+(?:{scope_nouns}|{configured}))?"
            rf"(?:(?:[ \t]*\([^()\n]{{1,60}}\))?(?:(?:,?\s+(?:which|that))?\s+"
            + alternation(self.language.container_verbs)
            + r")\s+|[ \t]*\([ \t]*)(?:about\s+|up\s+to\s+|~)?",
            re.I,
        )
        # "9,408 nodes, each with one CPU and four GPUs": a count of each unnamed unit's chips
        unit_nouns = alternation(
            [
                n
                for scope, nouns in pack.scopes
                if scope in pack.machine_scopes or scope == "card"
                for n in nouns
            ]
        )
        self._each_unit_before = compile_folded(
            rf"(?<![\w.,])\d[\d,.]*\s+{unit_nouns},?\s+each\s+"
            + either(self.language.each_unit_having_words)
            + r"\b"
            r"[^.;:!?,]*\Z",
            re.I,
        )
        # "partner systems broadly available from Q1 2025", "OEM systems from Q3 2024": the
        # noun a date's clause opens with is what became available, so it scopes the date.
        ranks = {scope: rank for rank, scope in enumerate(pack.scope_names)}
        self._scope_of_outer = {
            noun.lower(): scope
            for scope, nouns in pack.scopes
            for noun in nouns
            if ranks[scope] > ranks.get("chip", 0)
        }
        self._date_scope_re = compile_folded(
            r"(?<![\w\-])("
            + alternation(list(self._scope_of_outer))
            + r")\s+(?:[\w\-]+\s+){0,4}?"
            + either(self.language.date_scope_prepositions)
            + r"\s+(?:the\s+)?$",
            re.I,
        )
        self._company_re = compile_folded(
            r"(?<![\w\-])" + alternation(self.language.company_anaphors) + r"(?![\w\-])", re.I
        )
        self._relative_before_re = compile_folded(
            alternation(self.language.relative_pronouns) + r"\s+$", re.I
        )
        self._reporting_re = compile_folded(alternation(self.language.reporting_verbs), re.I)
        self._source_before_re = compile_folded(
            alternation(self.language.source_prepositions) + r"\s+$", re.I
        )
        self._source_possessive_re = (
            compile_folded(
                r"['’]s\s+(?:[\w\-]+\s+)?"
                + alternation(self.language.source_possessive_nouns)
                + r"(?![\w\-])",
                re.I,
            )
            if self.language.source_possessive_nouns
            else None
        )
        self._hearsay_re = compile_folded(
            r"(?<![\w\-])" + alternation(self.language.hearsay_openers) + r"(?![\w\-])", re.I
        )
        self.thread = QuotedThread(self.language)
        group_counts = alternation([word for word, value in self.language.number_words if value > 1])
        self._group_before_re = compile_folded(
            rf"(?<![\w\-])(?:the|all|those|these|our|its|their)\s+(?:\d+|{group_counts})\s+[\w\-]+s\b", re.I
        )
        # "three p150a = 96 GB for under $4k": a count right before the product sold
        self._several_before_re = compile_folded(
            rf"(?<![\w\-.,])(?:[2-9]|\d\d+|{group_counts})\s*[x×]?\s*$", re.I
        )
        self._pronoun_re = compile_folded(r"\W*" + alternation(self.language.pronoun_openers), re.I)
        self.reporting_openers = ReportingOpeners(self.language)  # "Groq claims ~18x ..." in a list
        # "The correct value is 1 400 W.": a correction opening a block is of the block before
        self._correction_open_re = compile_folded(
            r"\W*" + alternation(self.language.correction_openers), re.I
        )
        self._configuration_re = compile_folded(r"\s+" + alternation(self.language.configuration_nouns), re.I)
        self.hosted = HostedFigures(self.language, self.resolver.holds)
        self._chip_word_re = compile_folded(alternation(dict(pack.scopes).get("chip", ())), re.I)
        self._talk_opener_re = compile_folded(alternation(self.language.talk_openers), re.I)
        self._name_cue_re = compile_folded(alternation(pack.name_cues) + r"[\s\-]*$", re.I)
        # "70B parameters", "8 racks"; but "120 kW per rack" states a scope, not a count of racks.
        # "the 160 W some users saw": a determiner after the figure opens another noun phrase (a
        # clause's subject), so the noun after it is not what the figure counts
        self._non_claim_re = compile_folded(
            r"[\s\-]*(?:(?!per\s)(?!"
            + alternation(self.language.clause_subject_determiners)
            + r"\s)([\w.]+)\s+)?"
            + "("
            + alternation(pack.non_claim_words)
            + ")"
            + r"(?!\s*(?:per\s+sec|/\s*s(?:ec)?\b))",  # "2.7x the tokens per second" is a rate
            re.I,
        )
        self._precision_re = compile_folded(alternation(pack.precisions), re.I)
        self.sparse_twins = SparseTwins(pack.precisions, pack.sparsity)
        self._aside_re = compile_folded(
            r"(?<![\w'’])(?:" + alternation(language.aside_openers) + r")\s+(?:(?:an?|the)\s+)?\Z", re.I
        )
        # "96 vCPUs, 768 GiB of memory": the host's memory, after a count of the host's processors
        self._host_before_re = compile_folded(
            r"\d[\d,]*\s+" + alternation(self.language.host_counts) + r"\s*(?:,|and|,\s*and)\s*$", re.I
        )
        self._host_after_re = compile_folded(
            r"\s*(?:of\s+)?" + alternation(self.language.memory_headers) + r"(?![\w\-])", re.I
        )
        # "8x MI300X, 2 TB DDR5": host memory listed after a count of a machine's accelerators
        self._host_type_after_re = compile_folded(
            r"\s*(?:of\s+)?" + alternation(self.language.host_memory_types) + r"(?![\w\-])", re.I
        )
        self.available = AvailableMemory(self.language)
        self.host_memory = HostMemory(self.language, lambda text: bool(self.matcher.find(text)))
        self._precisions = {p.lower(): p for p in pack.precisions}
        self.slash_partners = SlashPartners(pack.precisions)
        self._sparsity = [
            (name, compile_folded(alternation(list(words)), re.I)) for name, words in pack.sparsity
        ]
        self._measures = [
            (name, compile_folded(alternation(list(words)), re.I)) for name, words in pack.measures
        ]
        # One search that fails for most text before the per-name searches in order.
        self._any_measure = compile_folded(_any_of([regex.pattern for _, regex in self._measures]), re.I)
        self._tables: dict[tuple[str, ...], tuple[tuple[Any, ...], ...]] = {}  # see TableContext.build
        # "1.3x over the MI300X", "2x versus H100": a multiplier set straight against a product
        # "1.3x over the MI300X", "5.6 times more than the G482-Z54": a comparative may stand between,
        # and a bracket restating the multiplier ("1,3 times (1,3x) compared with the H200")
        self._compared_next = compile_folded(
            r"\s*(?:\([ \t]*[~≈]?[ \t]*\d[\d.,]*[ \t]*(?:x|×|times|-?fold)[ \t]*\)\s*)?"
            r"(?:"
            + alternation(self.language.improvement_words)
            + r"\s+)?"
            + alternation(self.language.multiplier_comparisons)
            + r"\s+(?:the\s+|an?\s+)?",
            re.I,
        )
        # "2.7x the T4", "0.9x of the A10G": an article makes the product a baseline, not counted cards
        # ... and "16x an eight-GPU H100 server" sets it against a machine of that chip
        # ... and "1.8x the 1080p streams of a T4": the work counted, then "of" and the product
        self._article_next = compile_folded(
            r"\s+(?:the\s+(?:[\w\-]+\s+){0,2}?"
            + alternation(self.language.multiplier_output_nouns)
            + r"\s+of\s+(?:(?:the|an?)\s+)?|"
            + alternation(self.language.multiplier_articles)
            + rf"\s+(?:{self.compared_machines.count_modifier}\s+)?)",
            re.I,
        )
        self._measure_after = compile_folded(
            r"\s+"
            + alternation(self.language.multiplier_measure_words)
            + r"\s+(?!"
            + alternation(self.language.function_words)
            + r")[^\W\d]",
            re.I,
        )
        self.pairs = PairReader(self.language)
        self.referred_measures = ReferredMeasures(self.language)
        self._phrase_after = compile_folded(
            r"\s*" + either(self.language.baseline_phrase_markers) + r"\s+((?:[\w\-]+\s*){1,4})",
            re.I,
        )

    def with_matcher(self, matcher: EntityMatcher) -> Extractor:
        """Return a copy of this extractor that finds entities with ``matcher`` (and its pack)."""
        clone = copy.copy(self)
        clone.matcher = matcher
        clone.pack = matcher.pack
        if matcher.pack is not self.pack:
            clone._containers = _containers_by_part(matcher.pack)
        clone.segments = SegmentReader(matcher, self.language)
        clone.resolver = Resolver(matcher.pack, matcher, self.language)
        clone.plausibility = ScalePlausibility(matcher.pack, clone.resolver.kind, clone.resolver.holds)
        clone._tables = {}
        clone._heading_machines = {}
        return clone

    def with_discoveries(self, discoveries: tuple[Discovery, ...]) -> Extractor:
        """Return a copy of this extractor that also knows the entities discovered in a document."""
        pack = self.pack.with_entities(d.entity for d in discoveries)
        aliases = [(name, d.entity.name) for d in discoveries for name in d.entity.names]
        clone = self.with_matcher(self.matcher.extended(aliases, pack=pack))
        clone.discovered = {**self.discovered, **{d.entity.name: d for d in discoveries}}
        clone.attributes = self.attributes.with_names(name for name, _ in aliases)
        return clone

    # -- document and block level ------------------------------------------------

    def extract(self, document: Document) -> list[Claim]:
        """Return the claims of one document in reading order."""
        body = "\n".join(block.text for block in document.blocks)
        comma_decimal = uses_comma_decimals(body, self.language)
        self._comma_document = comma_decimal
        self._date_order = numeric_date_order(body, comma_decimal, self.language.day_first_cues)
        self._dateline = self._dateline_month(document)
        self._named_so_far, self._named_upto, self._blocks = set(), 0, document.blocks
        self._heading_machines = {}
        self._row_ids = row_ids(document, self._row_id_headers, lambda text: bool(self.matcher.find(text)))
        self._per_device_rows = per_device_rows(document.blocks, self._header_words.per_device_note)
        self._bare_price_unit = None if self._other_money.search(body) else ("$", "USD")
        self._variant_rows.reset()
        subject, subject_block = self._document_subject(document)
        claims: list[Claim] = []
        claim_blocks: list[int] = []  # the index of the block each claim was read from
        seen: set[str] = set()
        seen_entity: dict[str, str | None] = {}
        described = _ListSubject()
        section: str | None = None  # in flat plain text, the last heading that named an entity
        known_subject: str | None = None  # the document's subject once the text has named it
        asked: str | None = None  # what the previous block asked about: the answer's subject
        prose: list[Block] = []  # prose blocks since the last heading, for "It's 128 GB"
        claims_before: list[Claim] = []  # the claims read from the block before
        notes = footnotes.referents(document.blocks, lambda text: [m.entity for m in self.matcher.find(text)])
        moves = notescope.note_scopes(
            document.blocks,
            self.resolver.scope_of_noun,
            lambda text: [m.entity for m in self.matcher.find(text)],
        )
        ticks = talk_neighbours(document.blocks, self._talk_opener_re)
        dated: Block | None = None  # a heading that is only a date ("## November 18, 2025")
        configured: str | None = None  # the machine a one-line "X with 8 × Y" offers, till the next heading
        part = sectionparts.SectionPart()  # the part a parts line under an unknown machine counts
        for index, block in enumerate(document.blocks):
            if index == subject_block:
                known_subject = subject
            if block.headings and block.headings[-1].strip(" :#*").lower() in self._reference_headings:
                continue  # a reference list cites other works' titles
            if block.kind is BlockKind.HEADING and document.format == "text":
                mentions = self.segments.mentions(block.text)
                if not self.resolver.is_record(block.text, mentions):
                    section = self.resolver.title_subject(mentions) or section
            machine_asked = self._machine_asked(document.blocks, index, asked)
            if machine_asked is not None:
                leading = [Fallback(machine_asked, "context.whole-machine-question", 0.7)]
            else:
                leading = [Fallback(asked, "context.question", 0.7)] if asked else []
            if index in ticks:  # a live blog's tick follows its talk, not the tick above it
                talk = self._talk_topic(document.blocks, ticks[index])
                if talk:
                    leading.append(Fallback(talk, "context.live-tick", 0.7))
            elif (
                prose
                and block.kind is not BlockKind.TABLE_ROW
                and (
                    block.message
                    # "Each rack pairs 72 GPUs ..." refers back; "Each card: 96 GB" labels a unit
                    or (
                        self._pronoun_re.match(block.text)
                        and self.unit_openers.scope_opened(block.text) is None
                    )
                    or self._correction_open_re.match(block.text)
                    or (
                        block.kind is BlockKind.PARAGRAPH
                        and index > 0
                        and document.blocks[index - 1] is prose[-1]
                        and prose[-1].kind is BlockKind.PARAGRAPH
                        and continues_sentence(prose[-1].text)
                    )
                )
            ):
                before = self._last_prose_topic(prose)
                if before:
                    leading.append(Fallback(before, "context.previous-block", 0.7))
            elif (
                prose
                and block.kind is BlockKind.LIST_ITEM
                and document.blocks[index - 1] is prose[-1]
                and self.reporting_openers.opens(block.text)
            ):
                # "- Groq claims ~18x ..." after "- ... 750 TOPS per LPU": the product named last
                # there, not the one this item compares with
                compared = {mention.entity for mention in self.matcher.find(block.text)}
                named = [m.entity for m in self.matcher.find(prose[-1].text) if m.entity not in compared]
                reported = named[-1] if named else self._last_prose_topic(prose)
                if reported:
                    leading.append(Fallback(reported, _REPORTED, 0.7))
            elif row_reported := noterows.reported_subject(
                block,
                document.blocks[index - 1] if index else None,
                claims_before,
                self.reporting_openers.opens,
                lambda text: {mention.entity for mention in self.matcher.find(text)},
            ):
                # "| 3 | Acme claims up to 2x ... |" after "| 2 | ... the X ... |": the X, as in a list
                leading.append(Fallback(row_reported, _REPORTED, 0.7))
            opened = self.unit_openers.scope_opened(block.text) if prose and block.cells == () else None
            if opened is not None:
                unit = self.unit_openers.named_unit(
                    [b.text for b in prose[-2:]],
                    opened,
                    lambda text: [m.entity for m in self.matcher.find(text)],
                    self.resolver.kind,
                )
                if unit is not None:  # "- Per card: 128 GB" after "8x Gaudi 3 HL-325L OAM cards"
                    leading.insert(0, Fallback(unit, "context.unit-named-before", 0.75))
            container = described.container(block)
            if container is not None:
                leading.insert(0, Fallback(container, "context.list-container", 0.8))
            if part.entity is not None and self.resolver.names_unit_label(block.text):
                # "Single card video memory: 64GB" under "Accelerator: 8 sheets of Ascend 910B"
                leading.append(Fallback(part.entity, "context.section-part", 0.7))
            self._block_index = index
            block_claims = self._block_claims(
                document,
                block,
                known_subject,
                comma_decimal if block.decimal_comma is None else block.decimal_comma,
                leading,
                section,
                notes,
                moves,
                configured,
            )
            if index + 1 < len(document.blocks) and document.blocks[index + 1].kind is BlockKind.TABLE_ROW:
                block_claims += self._table_dates(document, index)
            if block.kind is BlockKind.HEADING:
                dated = block if self._is_date_heading(block) else None
            elif (
                dated is not None
                and block.kind in (BlockKind.PARAGRAPH, BlockKind.LIST_ITEM)
                and len(block.text.split()) > 2  # not an entry's badge ("Feature", "Fixed")
            ):
                # "## November 18, 2025" over "Ironwood is generally available": the entry's date
                block_claims = (
                    self._dated_by_heading(dated, block, document, known_subject, comma_decimal)
                    + block_claims
                )
                dated = None
            asked = self._asked_about(block) or machine_asked
            self.parts_lines.follow(
                part,
                block,
                partial(self.segments.mentions, block.text),
                self.resolver.kind,
                partial(self._heading_names, block),
            )
            if block.kind in (BlockKind.PARAGRAPH, BlockKind.LIST_ITEM):
                prose.append(block)
                configured = self._configured_machine(block, block_claims) or self._offer_goes_on(
                    block, configured
                )
            elif block.kind is BlockKind.HEADING:
                prose, configured = [], None
            described.learn(block, block_claims, self.resolver)
            claims_before = block_claims
            stated: set[tuple[object, ...]] = set()
            for claim in block_claims:
                # "BR100 is 7 nm; Biren taped it out on TSMC's 7 nm line": one fact said twice on a line
                restated = (
                    claim.line,
                    claim.entity,
                    claim.value,
                    claim.qualifier,
                    *self._fact_identity(claim),
                )
                if claim.id in seen and block.anchors and seen_entity.get(claim.id) != claim.entity:
                    # one written figure printed in several places (an AsciiDoc attribute): a claim per entity
                    claim = replace(
                        claim,
                        id=_claim_id(
                            claim.source, claim.line, claim.column, f"{claim.attribute}\0{claim.entity}"
                        ),
                    )
                if claim.id not in seen and restated not in stated:
                    seen.add(claim.id)
                    seen_entity[claim.id] = claim.entity
                    stated.add(restated)
                    claims.append(claim)
                    claim_blocks.append(index)
        claims = recordscopes.rescoped(
            document.blocks,
            claims,
            claim_blocks,
            self.resolver.scope_of_noun,
            lambda text: [m.entity for m in self.matcher.find(text)],
            self.resolver.kind,
        )
        return self.thread.drop_replaced(document.blocks, claims, self._fact_identity)

    def _heading_names(self, block: Block) -> bool:
        """Return True when the block's nearest heading names a product the pack knows."""
        return any(self.resolver.title_subject(self.segments.mentions(h)) for h in block.headings[-1:])

    def _configured_machine(self, block: Block, claims: list[Claim]) -> str | None:
        """Return the machine a one-sentence block configures ("Offered model: X, with 8 × Y."), or None.

        The blocks after it in its section speak of that offer: its unit price and power
        are the machine's, its "per GPU" and "each card" figures its accelerator's.
        """
        if len(block.sentence_spans()) != 1:
            return None
        counted = [
            claim
            for claim in claims
            if claim.attribute == "chip_count"
            and self.resolver.is_container(claim.entity, "chip")
            and claim.rule.startswith("prose.")
            and _TIMES_COUNT.match(claim.text)  # "8 × MI355X", the form of a bill of materials
        ]
        return counted[0].entity if len(counted) == 1 else None

    def _offer_goes_on(self, block: Block, configured: str | None) -> str | None:
        """Return the configured machine while a block names nothing but it or its chip, else None."""
        if configured is None:
            return None
        own = {configured, self.resolver.contained(configured)}
        named = {m.entity for m in self.segments.mentions(block.text) if m.role == SUBJECT}
        return configured if named <= own else None

    def _is_date_heading(self, block: Block) -> bool:
        """Return True for a heading that is a date and nothing else, to the day or month."""
        text = block.text.strip(" \t#*_=")
        found = self.dates.read(text)
        return (
            len(found) == 1
            and len(found[0].value) >= 7
            and not text[: found[0].start].strip(" ,:-–—")
            and not text[found[0].end :].strip(" ,:-–—.")
        )

    def _dated_by_heading(
        self, heading: Block, block: Block, document: Document, subject: str | None, comma: bool
    ) -> list[Claim]:
        """Return the date claims a dated heading gives the first sentence of its entry.

        Release notes and changelogs date their entries by heading ("## November 18, 2025"
        over "**Ironwood is generally available** in us-central1"): a first sentence that opens
        on a product's name, with a date cue and no date of its own, takes the heading's,
        placed on the heading's line.
        """
        first = next(iter(block.sentence_spans()), None)
        if first is None:
            return []
        sentence = block.text[first[0] : first[1]]
        opening = len(sentence) - len(sentence.lstrip(" \t*_#>-"))
        if self.dates.read(sentence) or not any(m.start == opening for m in self.matcher.find(sentence)):
            return []  # dated already, or not about a product ("Spot VMs are available for ...")
        date_text = heading.text.rstrip()
        joined = replace(heading, kind=BlockKind.PARAGRAPH, text=f"{date_text}: {sentence}", sentences=())
        claims = self._block_claims(document, joined, subject, comma, [], None, {})
        return [
            claim
            for claim in claims
            if (spec := self.pack.attribute(claim.attribute)) is not None
            and spec.is_date
            and claim.line == heading.line
        ]

    def _table_dates(self, document: Document, index: int) -> list[Claim]:
        """Return the release dates a sentence gives the products of the table right after it
        ("from 16 March 2026 the following configurations are put into service:"; followingtables.py)."""
        release = self.pack.attribute("release_date")
        if release is None:
            return []
        found = self.following_tables.dated_rows(
            document.blocks,
            index,
            lambda text: self.dates.read(text, order=self._date_order),
            # the pointer stands between the date and its cue: any release cue of the sentence, alone
            lambda text, date: self.attributes.date_cue_owners(text) == {release.name},
            lambda text: [
                m.entity
                for m in self.matcher.find(text)
                if self.resolver.kind(m.entity) not in NON_PRODUCT_KINDS
            ],
        )
        if found is None:
            return []
        block, date = document.blocks[index], found.date
        line, column = block.position(date.start)
        quote = block.text[found.sentence[0] : found.sentence[1]].strip()
        form = ValueForm.RANGE if date.low else ValueForm.EXACT
        return [
            Claim(
                id=_claim_id(document.path, line, column, f"{release.name}\0{entity}"),
                source=document.path,
                line=line,
                column=column,
                entity=entity,
                scope=self.resolver.kind(entity),
                attribute=release.name,
                value=date.value,
                unit="date",
                low=date.low,
                high=date.high,
                form=form,
                text=block.text[date.start : date.end],
                quote=quote,
                qualifier=date.qualifier,
                confidence=0.7 * (DISCOVERED_CONFIDENCE if entity in self.discovered else 1.0),
                rule="prose.dated-table; date-cue",
            )
            for entity in found.entities
        ]

    def _fact_identity(self, claim: Claim) -> tuple[object, ...]:
        """Return what two claims must share to state one fact: a one-chip card model counts as its chip."""
        entity = self.pack.entity(claim.entity)
        name = claim.entity
        if entity is not None and entity.contains is not None and entity.contains.count == 1:
            name = entity.contains.entity
        return (name, claim.scope, claim.attribute, claim.precision, claim.sparsity, claim.baseline)

    def _dateline_month(self, document: Document) -> str | None:
        """Return the month ("2024-10") of the date a document opens with (a dateline), or None.

        Only a full date outside tables counts, and not one a date cue governs ("unveiled
        on May 10, 2022" is a claim of the text, not the date it was written).
        """
        for block in document.blocks[:_DATELINE_BLOCKS]:
            if block.kind is BlockKind.TABLE_ROW:
                continue
            for mention in self.dates.read(block.text[:_DATELINE_CHARS]):
                if len(mention.value) < 10:
                    continue
                line = block.text[block.text.rfind("\n", 0, mention.start) + 1 : mention.end]
                if self.attributes.for_dates(line, len(line), len(line), [], []) is None:
                    return mention.value[:7]
        return None

    def _last_prose_topic(self, blocks: list[Block]) -> str | None:
        """Return the topic of the nearest earlier sentence of these blocks that names one.

        Computed only when a block opens with a pronoun or is a chat message, not for every
        block read.
        """
        for block in reversed(blocks):
            topic = self._carried_subject([block.text[s:e] for s, e in block.sentence_spans()])
            if topic:
                return topic
        return None

    def _talk_topic(self, blocks: tuple[Block, ...], neighbours: tuple[int, ...]) -> str | None:
        """Return the product of a live blog's talk: the topic of the tick nearest in time that names one."""
        for index in neighbours:
            block = blocks[index]
            topic = self._carried_subject([block.text[s:e] for s, e in block.sentence_spans()])
            if topic:
                return topic
        return None

    def _machine_asked(self, blocks: Sequence[Block], index: int, asked: str | None) -> str | None:
        """Return the machine holding the chip the previous block asked about when this block opens
        on a question about the whole machine ("What about the whole box?"), or None."""
        block = blocks[index]
        if asked is None or index == 0 or "?" not in block.text:
            return None
        if self.resolver.kind(asked) in _MACHINE_KINDS:
            return None
        if not machinequestions.whole_machine_question(block.text, self._whole_machine_re):
            return None
        named = [m.entity for m in self.matcher.find(blocks[index - 1].text)]
        return machinequestions.holding_machine(
            asked, named, lambda entity: self.resolver.kind(entity) in _MACHINE_KINDS, self.resolver.holds
        )

    def _asked_about(self, block: Block) -> str | None:
        """Return the one product the block's last question names ("Has anyone tried TPU v5e?").

        The question need not close the block: a comment goes on after it ("Is the A10
        number 125 TFLOPS dense or sparse? NVIDIA's page says 250."), and the reply answers it.
        """
        spans = block.sentence_spans()
        for start, end in reversed(spans):
            sentence = unsigned(block.text[start:end])  # "Is it 128 GB? *(anon)*" asks
            if not _QUESTION.search(sentence):
                continue
            if (
                end != spans[-1][1]
                and "?" not in block.text[:start]
                and _FAQ_QUESTION.match(block.text, 0, end)
            ):
                return None  # "**Q3. How does it compare?** Intel projects ...": answered in the block
            named = {m.entity for m in self.segments.mentions(sentence) if m.role == SUBJECT}
            return named.pop() if len(named) == 1 else None
        return None

    def _document_subject(self, document: Document) -> tuple[str | None, int]:
        """Return what the document is about and the index of the block that first names it.

        The title's entity holds from the start; otherwise the first topic holds from the
        block that names it, never for text before it.
        """
        if document.title:
            return self.resolver.title_subject(self.segments.mentions(document.title)), 0
        for index, block in enumerate(document.blocks):
            mentions = self.segments.mentions(block.text)
            if block.kind is BlockKind.HEADING:
                if names_many(mentions):
                    return None, 0  # a page that opens by listing products is about none of them
                topic = self.resolver.title_subject(mentions)
            else:
                topic = self.resolver.first_subject(mentions)
                if topic and not self._most_named(document, topic):
                    return None, 0  # a survey that opens on one product of many is about none
            if topic:
                return topic, index
        return None, 0

    def _most_named(self, document: Document, topic: str) -> bool:
        """Return True when ``topic`` is named in more of the document's blocks than any product other
        than its own chip or container, or the document names two products at most."""
        blocks_naming: Counter[str] = Counter()
        for block in document.blocks:
            blocks_naming.update(
                {
                    mention.entity
                    for mention in self.segments.mentions(block.text)
                    if mention.role == SUBJECT and self.resolver.kind(mention.entity) not in NON_PRODUCT_KINDS
                }
            )
        if len(blocks_naming) <= 2:
            return True
        return all(
            count < blocks_naming[topic]
            for name, count in blocks_naming.items()
            if name != topic and not self._built_alike(topic, name)
        )

    def _built_alike(self, one: str, other: str) -> bool:
        """Return True when one product holds the other, or both hold one chip (a rack, its superchip)."""
        inner, other_inner = self.resolver.contained(one), self.resolver.contained(other)
        return (
            self.resolver.holds(one, other)
            or self.resolver.holds(other, one)
            or (inner is not None and inner == other_inner)
        )

    def _block_fallbacks(
        self, block: Block, subject: str | None, section: str | None, configured: str | None = None
    ) -> list[Fallback]:
        fallbacks = []
        if block.label:
            entity = self.resolver.title_subject(self.segments.mentions(block.label))
            if entity:
                fallbacks.append(Fallback(entity, "context.label", 0.85))
        if block.list_intro:
            entity = self.resolver.first_subject(self.segments.mentions(block.list_intro))
            device = entity and self.device_lists.device(
                block.list_intro, entity, self.resolver.kind, self.resolver.contained
            )
            if device:
                fallbacks.append(Fallback(device, "context.list-intro+device", 0.8))
            elif entity:
                fallbacks.append(Fallback(entity, "context.list-intro", 0.8))
        if block.kind is BlockKind.TABLE_ROW and block.cells and self._unknown_row_name(block.cells[0].text):
            return fallbacks  # "| ZT-77 | 40 W |": a row of a product of its own, not the page's
        if self.total_rows.is_total(block):
            return []  # "| | Total | 15,100 |": the sum of the rows above, no product's
        for heading in reversed(block.headings):
            mentions = self.segments.mentions(heading)
            if self.resolver.is_record(heading, mentions):
                continue  # "Current model Bow IPU" read as a heading is a field of an infobox
            entity = self.resolver.title_subject(mentions)
            if entity:
                fallbacks.append(Fallback(entity, "context.heading", 0.75))
                break
        if configured:  # "Offered model: X with 8 × Y." above: the offer the section goes on about
            fallbacks.append(Fallback(configured, "context.configuration", 0.75))
        if self._about_organization(block.headings[-1] if block.headings else ""):
            return fallbacks  # "## Anthropic partnership": the section is the company's, not the subject's
        if section:
            fallbacks.append(Fallback(section, "context.section", 0.7))
        if subject:
            fallbacks.append(Fallback(subject, "context.document-subject", 0.6))
        return fallbacks

    def _heading_machine(self, block: Block) -> str | None:
        """Return the server or instance the nearest heading naming a product names, or None
        (read once per section: the blocks under one heading share it)."""
        if block.headings not in self._heading_machines:
            self._heading_machines[block.headings] = self._read_heading_machine(block.headings)
        return self._heading_machines[block.headings]

    def _read_heading_machine(self, headings: tuple[str, ...]) -> str | None:
        """Return the server or instance the last of ``headings`` naming a product names, or None."""
        for heading in reversed(headings):
            entity = self.resolver.title_subject(self.segments.mentions(heading))
            if entity:
                return entity if self.resolver.kind(entity) in _MACHINE_KINDS else None
        return None

    def _figure_owner_after(self, text: str, end: int, mentions: list[Mention]) -> str | None:
        """Return the product a relative clause after a figure says it is the figure of, or None.

        "The register lists 750 W, which is the MI300X figure": the MI300X's, not the product the
        sentence is about.
        """
        clause = self._figure_of_after.match(text, end)
        if clause is None:
            return None
        named = next((m for m in mentions if m.start == clause.end()), None)
        if named is None or self._figure_noun_after.match(text, named.end) is None:
            return None
        return named.entity

    def _bought_after(self, text: str, end: int, mentions: list[Mention]) -> str | None:
        """Return the product named right after "for" (a company after "in") behind money ending at ``end``.

        "$113.93 per hour for an AWS p6-b200.48xlarge and $88.49 per hour for a Google Cloud
        a4-highgpu-8g": each rate is the product it is paid for, not the one named before it.
        """
        bought = self._bought_for.match(text, end)
        into = self._put_into.match(text, end) if bought is None else None
        opener = bought or into
        if opener is None:
            return None
        named = next((m for m in mentions if m.start == opener.end()), None)
        if named is None or named.role != SUBJECT:
            return None
        if into is not None:
            # "invested $8 billion in Anthropic" is the company's deal; "$40,000 in H100s" buys no one
            return named.entity if self.resolver.kind(named.entity) == "organization" else None
        sized = self.name_shapes.find(text[named.start : named.end])
        if sized and any(m.end <= end and m.entity == sized[0].family for m in mentions):
            return None  # "G5 instances start at $1.006 per hour for g5.xlarge": a size of the product named
        return named.entity

    def _renting_machine(self, scene: _Scene, start: int, entity: str) -> str | None:
        """Return the machine holding chip ``entity`` that a rate at ``start`` rents, or None.

        Under "## Azure ND H200 v5", "Pay-as-you-go is $84.80 per hour" after a sentence on its
        H200 GPUs rents the machine the heading names; so does "Each g5.xlarge has one A10G with
        24 GB; the on-demand rate is $1.006 per hour", where the chip is what the machine named
        before it holds and the rate has a clause of its own. A rate written for a chip ("per
        GPU-hour") never comes here.
        """
        if self.resolver.kind(entity) in _MACHINE_KINDS:
            return None
        machine = self._heading_machine(scene.segment.block)
        if machine is not None and self.resolver.holds(machine, entity):
            return machine
        text, mentions = scene.segment.text, scene.mentions
        chip = next((m for m in reversed(mentions) if m.end <= start and m.entity == entity), None)
        if chip is None or not _CLAUSE_STOP.search(text, chip.end, start):
            return None  # "one H100 rents at $2.50 per hour": the chip is the rate's own subject
        holders = self._holders_before(mentions, chip.start, entity)
        return holders[-1] if holders else None

    def _factor_scope(self, scene: _Scene, figure: _Figure, entity: str) -> str | None:
        """Return the kind of the part ``entity`` holds when the figure is one of its parts in a sum
        the text spells out: "the n300d (it's 2 x 108 MB = 216 MB)" sizes one of its two chips."""
        found = self.pack.entity(entity)
        if found is None or found.contains is None or figure.quantity is None:
            return None
        count = factor_count(
            scene.segment.text, _measure(figure), [_measure(other) for other in scene.figures]
        )
        if count is None or found.contains.count not in (None, count):
            return None
        return self.resolver.kind(found.contains.entity)

    def _holds_factor(self, scene: _Scene, figure: _Figure) -> bool:
        """Return True when a product named before the figure holds as many parts as the figure is
        multiplied by in a sum the text writes ("n300d ... 2 x 108 MB = 216 MB"): each part's figure
        of a named whole, not a link's rate of no product ("24 x 200 GbE = 4.8 Tb/s")."""
        count = factor_count(
            scene.segment.text, _measure(figure), [_measure(other) for other in scene.figures]
        )
        if count is None:
            return False
        named = [m.entity for m in scene.mentions if m.end <= figure.start]
        if not named and scene.carried:
            named = [scene.carried]  # "AKN-T4-2 has 16 GB. That is wrong; the correct is 32 GB (2 × 16 GB)."
        for entity in named:
            found = self.pack.entity(entity)
            if found is not None and found.contains is not None and found.contains.count == count:
                return True
        return False

    def _block_rental(self, block: Block, entity: str, rented: str) -> str | None:
        """Return the one rented machine (of kind ``rented``) holding chip ``entity`` that ``block``
        names, or None.

        "TPU v5e: ct5lp-hightpu-8t hosts, 8 chips each. ... ($1.20 per chip-hour)": a per-chip rate
        carried over from a sentence on the chip, in a paragraph on the machine that rents it, is
        the rental's own price stated per chip (tests/eval/README.md, convention 3).
        """
        machines = {
            m.entity
            for m in self.segments.mentions(block.text)
            if self.resolver.kind(m.entity) == rented and self.resolver.holds(m.entity, entity)
        }
        return machines.pop() if len(machines) == 1 else None

    def _item_machine(self, block: Block, entity: str) -> str | None:
        """Return the machine a block names before the part ``entity`` it holds, or None.

        "- 2 x NVIDIA DGX Spark. One GB10 Superchip with 128 GB ... List price $3,999": money
        carried over from a sentence on the part is the machine's the item is about.
        """
        if self.resolver.kind(entity) in _MACHINE_KINDS:
            return None
        mentions = self.segments.mentions(block.text)
        part = next((m for m in mentions if m.entity == entity), None)
        if part is None:
            return None
        holders = self._holders_before(mentions, part.start, entity)
        return holders[0] if holders else None

    def _holders_before(self, mentions: list[Mention], end: int, entity: str) -> list[str]:
        """Return the machines named before ``end`` that hold ``entity``, in text order."""
        return [
            m.entity
            for m in mentions
            if m.end <= end
            and self.resolver.kind(m.entity) in _MACHINE_KINDS
            and self.resolver.holds(m.entity, entity)
        ]

    def _asked_scope(self, segment: Segment, entity: str) -> str | None:
        """Return the scope a question right before the segment names with the entity ("What does
        an X card cost? Around $900." is the card's price), or None."""
        asked = asked_before(segment)
        if asked is None:
            return None
        return self.resolver.scope_named_with(
            asked.text, len(asked.text), entity, self.segments.mentions(asked.text)
        )

    def _counted_group(
        self, scene: _Scene, figure: _Figure, entity: str, counted: str | None = None
    ) -> str | None:
        """Return the cluster or pod named before a prose count written as a total, or None.

        "The partition skarv-x ... 12 nodes ..., each with 8 GPUs, in total 96 GPUs": the
        total is the partition's, nearest name first, then the context's (heading, subject).
        ``counted`` is the chip the count names, for a machine the pack holds no chip of.
        """
        if scene.table is not None or not self.group_counts.sums(scene.segment.text, figure.start):
            return None
        segment = scene.segment
        before = self.segments.mentions(segment.block.text[: segment.offset + figure.start])
        named = [m.entity for m in reversed(before)] + [f.entity for f in scene.fallbacks]
        return self.group_counts.group(
            entity,
            named,
            self.resolver.kind,
            self.resolver.contained,
            self.resolver.is_container_scope,
            counted,
            self.resolver.family_of,
        )

    def _definite_machine(self, scene: _Scene, figure: _Figure) -> str | None:
        """Return the section's machine a sentence opening on "The server" names, or None.

        The machine is the one its list item names first, else its heading's, and must be of
        the kind the noun names: "the node" under a pod's heading is one of its nodes.
        """
        scope = self.definite_machines.subject_scope(scene.segment.text, figure.start)
        if scope is None:
            return None
        block = scene.segment.block
        machine = self._heading_machine(block)
        if block.kind is BlockKind.LIST_ITEM:
            named = self.segments.mentions(block.text[: scene.segment.offset])
            machine = next(
                (m.entity for m in named if self.resolver.kind(m.entity) in _MACHINE_KINDS), machine
            )
        return machine if machine is not None and self.resolver.kind(machine) == scope else None

    def _opens_under_machine(self, segment: Segment) -> bool:
        """Return True for the first sentence of a paragraph under a heading that names a machine.

        "## Lot 7 - DGX H100" then "8 x H100 SXM5 GPUs, ...": the paragraph lists what the
        machine holds, as a list item would.
        """
        block = segment.block
        return (
            segment.offset == 0
            and block.kind is BlockKind.PARAGRAPH
            and self._heading_machine(block) is not None
        )

    def _counted_opening(self, block: Block, first: str) -> str | None:
        """Return the product a machine's paragraph opens by counting ("8 x H100 GPUs, ..."), or None.

        Under a heading naming the machine the count lists its chips; the chip is no topic of
        the sentences after it, the machine is.
        """
        if block.kind is not BlockKind.PARAGRAPH or self._heading_machine(block) is None:
            return None
        mentions = self.segments.mentions(first)
        if not mentions or not self._opening_count.fullmatch(first, 0, mentions[0].start):
            return None
        return mentions[0].entity

    def _item_head_holder(self, previous: list[str], index: int | None, carried: str) -> str:
        """Return the machine a list item opens on when the carried topic is a chip it holds that a
        later sentence opens by counting ("One GB10 ..."), else ``carried``."""
        if not index or index >= len(previous):
            return carried
        counting = self.segments.mentions(previous[index])
        if not counting or counting[0].entity != carried:
            return carried
        if not self._opening_count.fullmatch(previous[index], 0, counting[0].start):
            return carried
        head = self.segments.mentions(previous[0])
        return head[0].entity if head and self.resolver.holds(head[0].entity, carried) else carried

    def _names_product(self, text: str) -> bool:
        """Return True if ``text`` names a product (not only a company or other non-product)."""
        return self.resolver.title_subject(self.segments.mentions(text)) is not None

    def _about_organization(self, heading: str) -> bool:
        """Return True when a heading names a company or other non-product and no product."""
        kinds = {self.resolver.kind(mention.entity) for mention in self.segments.mentions(heading)}
        return bool(kinds) and kinds <= set(NON_PRODUCT_KINDS)

    def _block_claims(
        self,
        document: Document,
        block: Block,
        subject: str | None,
        comma: bool,
        leading: list[Fallback],
        section: str | None,
        notes: dict[str, str],
        moves: dict[str, notescope.NoteScope] | None = None,
        configured: str | None = None,
    ) -> list[Claim]:
        if not self._may_hold_figures(block.text):
            return []
        fallbacks = [f for f in leading if f.rule != _REPORTED] + self._block_fallbacks(
            block, subject, section, configured
        )
        reported = [f for f in leading if f.rule == _REPORTED]
        if reported:
            # a reporter's item falls back on the item before when its section names nothing,
            # before the document's subject
            broad = (i for i, f in enumerate(fallbacks) if f.rule.startswith("context.document"))
            at = next(broad, len(fallbacks))
            fallbacks[at:at] = reported
        headers = block.table_headers
        offered = False  # "| Offered (per GPU) | Required |": the offer's column is the offered product's
        if block.kind is BlockKind.TABLE_ROW and self.requirements.is_requirement_table(headers):
            offered = self.requirements.offer_column(headers)
            if not offered:
                fallbacks = []  # "| 3.3.1 | At least 48 GB per card |": asked of any bidder's product
        table = (
            TableContext.build(
                block,
                self.resolver,
                self.segments,
                self.quantities,
                self._header_words,
                self._tables,
                row_ids=self._row_ids,
                per_device=(block.line, block.column) in self._per_device_rows,
                bare_price_unit=self._bare_price_unit,
                continued=self._variant_rows.continued(block),
            )
            if block.kind is BlockKind.TABLE_ROW
            else None
        )
        if table is not None:
            self._variant_rows.note(block, table.row_entity)
        if table is not None and (table.unknown_machine or table.unnamed_item):
            fallbacks = []  # the row's figures are a machine's the pack does not know: nobody else's
        claims: list[Claim] = []
        previous: list[str] = []  # earlier sentences of the block, for a carried-over subject
        carried_topic = self._carried_topic()
        for segment in self.segments.segments(block):
            if (
                table is not None
                and segment.cell_index == 0
                and len(block.cells) > 1
                and not table.label_counts_chips
            ):
                continue  # a row label names the row; its numbers are part of names
            if table is not None and table.names_model(segment):
                continue  # so does a model cell: "| XE9680 | NVIDIA H100 80GB HBM3 | 8 |"
            if (
                offered
                and segment.cell_index is not None
                and segment.cell_index < len(headers)
                and self.requirements.is_requirement_header(headers[segment.cell_index])
            ):
                continue  # the "Required" cell beside an offer: a bound asked of any bidder
            if _FOOTNOTE.match(segment.text):
                previous = []  # a footnote speaks of the document's topic, not the footnote before
                carried_topic.clear()
            if self._may_hold_figures(segment.text):
                carried = carried_topic.topic() if table is None else None
                if (
                    carried is not None
                    and previous
                    and self._counted_opening(block, previous[0]) == carried
                    and carried_topic.topic_index() == 0  # no later sentence sets a topic
                ):
                    # "8 x H100 GPUs, 640 GB total. Rated 10 kW max.": the heading machine's rating
                    carried = self._heading_machine(block)
                elif carried is not None and block.kind is BlockKind.LIST_ITEM and len(previous) > 1:
                    # "- 2 x DGX Spark. One GB10 with 128 GB. Power supply: 240 W": the item's machine
                    carried = self._item_head_holder(previous, carried_topic.topic_index(), carried)
                context = fallbacks
                if not self.resolver.names_unit_label(segment.text):
                    # "Unit value of the workstation: ...": no per-card label, no figure of the part
                    context = [f for f in fallbacks if f.rule != "context.section-part"]
                referent = notes.get(footnotes.note_at(block.text, segment.offset) or "") if notes else None
                if referent is not None:  # "e. BF16 is 2,307 TFLOPS", of the row marked "[e]"
                    context, carried = [Fallback(referent, "context.footnote", 0.8), *fallbacks], None
                carried_scope = (
                    self._carried_scope(previous, carried_topic.topic_index(), carried) if carried else None
                )
                found = self._segment_claims(
                    document,
                    segment,
                    context,
                    table,
                    carried,
                    comma,
                    moves if table is not None else None,
                    carried_scope,
                )
                claims.extend(found)
            previous.append(segment.text)
            carried_topic.add(segment.text)
        return claims

    def _carried_scope(self, previous: list[str], index: int | None, topic: str) -> str | None:
        """Return the scope the sentence that set the carried topic named it with, or None.

        "The L40S card has 48 GB. Its FP8 rate is 733 TFLOPS": the card the first sentence is
        about is still the subject, so the second figure is the card's too.
        """
        if index is None or index >= len(previous):
            return None
        sentence = previous[index]
        first = next((m for m in self.segments.mentions(sentence) if m.entity == topic), None)
        if first is None:
            return None
        return self.resolver.scope_named_with(sentence, first.end, topic, [first])

    def _carried_subject(self, previous: list[str]) -> str | None:
        """Return the topic of the nearest earlier sentence that names one (see `CarriedTopic`)."""
        carried = self._carried_topic()
        for sentence in previous:
            carried.add(sentence)
        return carried.topic()

    def _carried_topic(self) -> CarriedTopic:
        """Return an empty reader of the topic a block's sentences carry over."""
        return CarriedTopic(self._topic_set_by, self._family_members, self._is_family)

    def _topic_set_by(self, text: str) -> str | None:
        """Return the topic a sentence sets for the sentences after it, or None.

        A sentence that speaks of "it" before the first product it names ("AMD pitches it as
        the host for MI355X servers") is still about the earlier topic, so it sets none.
        """
        heading = _NUMBERED_HEADING.match(text)
        if heading is not None:
            # "3.2 EB-H2-2 and EB-H2-1\nThe H200 NVL is a PCIe card ...": the section heading glued
            # to the sentence names the section, the sentence its own subject
            topic = self._topic_set_by(text[heading.end() :])
            if topic is not None:
                return topic
        mentions = self.segments.mentions(text)
        topic = self.resolver.first_subject(mentions)
        if topic is None or _names_figure_owner(text, mentions, topic):
            return None
        first = next(m for m in mentions if m.entity == topic)
        if self.resolver.refers_back_before(text, first.start):
            return None
        if self.resolver.named_in_passing(text, first):
            return None  # "a teardown of the 910B found ...": the teardown's sentence, no new topic
        if self._aside_re.search(text, 0, first.start):
            return None  # "there's also a Max-Q edition": an aside, not the new topic
        if self.relative_topics.named_in_clause(text, first.start):
            return None  # "for the board, which carries four B200 GPUs": a detail of the board
        # "Gaudi 3 PCIe accelerator HL-338, 128 GB ...": the card the chip is named with
        return self.apposite_cards.card_after(text, first, mentions) or topic

    def _family_members(self, text: str) -> dict[str, frozenset[str]]:
        """Return, for each family a sentence names members of, the members it names."""
        named: dict[str, set[str]] = {}
        for mention in self.segments.mentions(text):
            found = self.pack.entity(mention.entity)
            if found is not None and found.family and found.family != mention.entity:
                named.setdefault(found.family, set()).add(mention.entity)
        return {family: frozenset(members) for family, members in named.items()}

    def _is_family(self, topic: str) -> bool:
        """Return whether a topic is the name of a whole family ("Gaudi", not "Gaudi 3")."""
        entity = self.pack.entity(topic)
        return entity is not None and entity.family == topic

    def _cued_unit(self, text: str, quantity: Quantity) -> Quantity:
        """Return the quantity with the cued unit after it ("TSMC 5 nano"), else unchanged.

        The unit word counts only when a cue of an attribute measured in it stands in the
        same line, shortly before or after.
        """
        assert self._cued_unit_re is not None
        found = self._cued_unit_re.match(text, quantity.end)
        if found is None:
            return quantity
        word = found.group(1).lower()
        cue = self._unit_cues.get(word)
        line_start = text.rfind("\n", 0, quantity.start) + 1
        line_end = text.find("\n", found.end())
        line_end = len(text) if line_end < 0 else line_end
        near = text[max(line_start, quantity.start - 40) : min(line_end, found.end() + 30)]
        if cue is None or not cue.search(near):
            return quantity
        expr = self._cued_units[word]
        return replace(
            quantity, kind="unit", unit=word, unit_pint=expr, end=found.end(), unit_end=found.end()
        )

    def _maker_gap(self, text: str, start: int, end: int) -> bool:
        """Return True when nothing, or only a maker's name ("NVIDIA "), stands from start to end."""
        gap = text[start:end]
        return not gap or (gap[-1:].isspace() and gap.strip().lower() in self._vendor_words)

    def _may_hold_figures(self, text: str) -> bool:
        return bool(_DIGIT.search(text)) or bool(self.quantities.word_pattern.search(text))

    # -- segment level -------------------------------------------------------------

    def _reassigned(
        self, text: str, end: int, mentions: list[Mention], following: str, start: int | None = None
    ) -> str | None:
        """Return the product a remark after the figure ``text[start:end]`` gives it to, in its sentence
        or opening the next one (``following``: the block from the sentence on), or None."""
        owner = self.reassignments.owner(text, end, mentions, start)
        if owner is None and len(following) > len(text) and following.startswith(text):
            owner = self.reassignments.owner_in(following, end, self.segments.mentions)
        return owner

    def _figures(
        self,
        text: str,
        mentions: list[Mention],
        comma: bool,
        count_hint: str | None,
        unit_hint: tuple[str, str] | None = None,
        terms: tuple[SlashTerm, ...] = (),
        terms_at: int | None = None,
        *,
        item: bool = False,
        unit_span: tuple[int, int] | None = None,
        following: str = "",
        part_counts: frozenset[int] = frozenset(),
    ) -> list[_Figure]:
        """Return the quantities and dates of a segment that may be claims.

        ``count_hint`` is the scope a table column counts ("| Accelerators |"): a bare
        number in such a column counts things of that scope. ``terms`` are the slash
        list of the cell's labels ("dense / sparse"): "183 / 366" then holds one figure
        per term; ``terms_at`` is where that group starts when the terms are field names
        ("Cores / Threads: 192 / 384"). ``following`` is the block's text from the segment on, where a
        remark in the next sentence may give a withdrawn figure to another product.
        """

        def overlaps(start: int, end: int) -> bool:
            return any(m.start < end and start < m.end for m in mentions)

        # "pod256" read as "po 256", "MI300X192 GB" as "MI300 192 GB": numbers from here, words from text
        spaced = self.glue.unglue(text, (m.end for m in mentions))
        groups: list[list[int]] = []
        if terms:
            spaced, groups = self.slashes.unslash(spaced, len(terms), terms_at)
        dates = [
            d
            for d in self.dates.read(spaced, self._dateline[:4] if self._dateline else None, self._date_order)
            if not overlaps(d.start, d.end)
            and not (d.bare_year and self.quantities.starts_measure(spaced, d.end))  # "1979 TFLOPS"
            and not (d.bare_year and self._year_noun_re.match(text, d.end))  # "a 2018 part" dates nothing
            # "| FP4 (TFLOPS) | 2070 |": a year-like number alone in a column that names its unit measures
            and not (d.bare_year and unit_hint is not None and _alone_in(spaced, unit_span, d.start, d.end))
            and not self._plan_step_re.search(text, max(0, d.start - 40), d.start)  # "phase 2 (2027)"
            # "unveiled at Hot Chips 2024", "shown at CES 2025": an event's name dates nothing (README rule 1)
            and not self._is_name(text, d.start)
            and not (
                self.withdrawn.is_superseded(text, d.start, d.end) and not self._is_next_event(text, d.end)
            )
        ]
        # "at Hot Chips 2024 in August 2024": the event's year yields to the date that follows it.
        dates = [
            d
            for index, d in enumerate(dates)
            if not (
                d.bare_year
                and index + 1 < len(dates)
                and _THEN_DATE.fullmatch(spaced, d.end, dates[index + 1].start)
                # "at Huawei Connect 2025 in September 2025": the year the next date repeats is the event's
                and (self._is_name(text, d.start) or dates[index + 1].value.startswith(d.value + "-"))
            )
        ]
        figures = [_Figure(d.start, d.end, date=d) for d in dates]
        measured: Quantity | None = None  # the last figure with a unit, for "versus about 990 for"
        counted: Quantity | None = None  # the last count, for "(the p100a gets 120)"
        read = self.quantities.read(spaced, comma_decimal=comma)
        read += self._number_words_before_chips(text, mentions, read)
        trailing = self.trailing_counts.counts(text, mentions, self._is_chip_unit)
        if trailing:  # "NVIDIA B200 × 8": the count after the chip's name, read in place of a bare number
            starts = {q.start for q in trailing}
            read = [q for q in read if not (q.kind == "bare" and q.start in starts)]
            read += [q for q in trailing if not any(r.start <= q.start < r.end for r in read)]
        read = sorted(read, key=lambda q: q.start)
        read = card_counts_as_chips(text, read, mentions, self.resolver.holds_one_chip_cards)
        read = per_unit_counts(
            text,
            read,
            mentions,
            self.resolver.scope_of_noun,
            self._is_chip_unit,
            self.resolver.holds,
            self.resolver.kind,
        )
        read = share_rates(read, spaced)
        if self._cued_unit_re is not None:
            read = [self._cued_unit(spaced, q) if q.kind == "bare" else q for q in read]
        if self._bare_price_unit is not None and unit_hint is None:
            read = [self.bare_amounts.read(spaced, q, self._bare_price_unit) for q in read]
        if unit_hint is not None:
            read = _without_note_marks(spaced, read)
            if unit_hint[1] == "USD":  # "| 3.7M | USD |": a scaled number in the Unit cell's money
                read = self.quantities.read_scaled_money(spaced, read)
        # Fields of a list ("L3 / TDP: 384 / 500 W") may be measured in different units: the
        # unit of the last value is its own.
        pairs = self.pairs.find(spaced, [(q.start, q.unit_end or q.end) for q in read])
        pair_at = {start: pair for pair in pairs for start in (pair.first, pair.second)}
        paired = [[pair.first, pair.second] for pair in pairs]
        for quantity in share_units(read, groups + paired) if terms_at is None else read:
            if quantity.kind == "count":
                counted = quantity
            if quantity.kind == "unit" and quantity.unit_pint != "USD":
                measured = quantity
            elif (
                quantity.kind == "bare"
                and counted is not None
                and (measured is None or measured.start < counted.start)
                and count_hint is None
                and unit_hint is None
                and (
                    _owner_verb_before(text, quantity, mentions)
                    or self.withdrawn.corrects_before(text, quantity, counted)
                )
            ):
                # "140 Tensix cores (the cheaper p100a gets 120 and 28 GB)": the same count
                quantity = replace(
                    quantity,
                    kind="count",
                    count_scope=counted.count_scope,
                    counted_start=quantity.end,
                    counted_end=quantity.end,
                )
            elif (
                quantity.kind == "bare"
                and measured is not None
                and count_hint is None
                and unit_hint is None
                and (
                    _elides_unit(text, quantity, mentions)
                    or _owner_verb_before(text, quantity, mentions)
                    or _other_sparsity(text, quantity)
                    or self.sparse_twins.restates(
                        text, quantity.start, quantity.end, measured.unit_end or measured.end
                    )
                    or other_precision(
                        text, quantity.start, quantity.end, (measured.start, measured.end), self._precision_re
                    )
                    or self.withdrawn.corrects_before(text, quantity, measured)
                )
            ):
                quantity = replace(quantity, kind="unit", unit=measured.unit, unit_pint=measured.unit_pint)
            if quantity.kind == "bare" and count_hint is None and unit_hint is None:
                field = term_at(quantity.start, groups, terms) if terms_at is not None else None
                line_scope = (
                    self._field_count(field.value)
                    if field is not None
                    else self._line_label_count(text, quantity)
                )
                if line_scope is not None:
                    quantity = replace(
                        quantity,
                        kind="count",
                        count_scope=line_scope,
                        counted_start=quantity.end,
                        counted_end=quantity.end,
                    )
            if (
                quantity.kind == "bare"
                and unit_hint is not None
                and _in_span(unit_span, quantity.start)
                and not self._is_name(text, quantity.start)
                and not _COMPOUND_AFTER.match(text, quantity.end)
            ):
                surface, expr = unit_hint
                kind = "multiplier" if expr == "multiple" else "unit"
                quantity = replace(quantity, kind=kind, unit=surface, unit_pint=expr)
            if quantity.kind == "bare" and count_hint is not None and not self._is_name(text, quantity.start):
                quantity = replace(
                    quantity,
                    kind="count",
                    count_scope=count_hint,
                    counted_start=quantity.end,
                    counted_end=len(text),
                )
            them = OF_THEM.match(text, quantity.end) if quantity.kind == "bare" else None
            if (
                them is not None
                and count_hint is None
                and unit_hint is None
                and any(m.end <= quantity.start and self.resolver.contained(m.entity) for m in mentions)
                and not self.of_them_nouns.counts_other_noun(text, quantity.start)
            ):
                # "a Trn2 instance strings 16 of them together": chips of the sentence before
                quantity = replace(
                    quantity,
                    kind="count",
                    count_scope="chip",
                    counted_start=quantity.end,
                    counted_end=them.end(),
                    unit_end=them.end(),
                )
            times = _SPACED_TIMES.match(text, quantity.end) if quantity.kind == "bare" else None
            if times is not None and any(self._maker_gap(text, times.end(), m.start) for m in mentions):
                # "(8 x H200)" reads as "(8x H200)", and so does "(8 x NVIDIA L4)"
                quantity = replace(
                    quantity, kind="multiplier", unit="x", unit_pint="multiple", unit_end=times.end(1)
                )
            if (
                quantity.kind in ("bare", "count")
                and count_hint is None
                and unit_hint is None
                # "the bridge between two MI60s": a pair a link joins, no machine's chips
                and not _BETWEEN_BEFORE.search(text, max(0, quantity.start - 12), quantity.start)
            ):
                # "8 H100s", "64 LPUs", "four Bow IPUs", "eight RNGD cards": the chips are counted
                bare = quantity.kind == "bare"
                number_end = quantity.end if bare else len(text[: quantity.counted_start or 0].rstrip())
                counted_end = None
                if bare or quantity.count_scope != "chip":
                    counted_end = self._chips_named_after(
                        text,
                        quantity.start,
                        number_end,
                        mentions,
                        bare=bare,
                        single=quantity.low == quantity.high == 1,
                        opening=item and not text[: quantity.start].strip(" \t*-•+"),
                        noun_end=None if bare else quantity.unit_end,
                    )
                if counted_end is not None:
                    quantity = replace(
                        quantity,
                        kind="count",
                        count_scope="chip",
                        counted_start=number_end,
                        counted_end=counted_end,
                        unit_end=counted_end,
                    )
            if (
                quantity.kind == "multiplier"
                and quantity.unit in ("x", "×", "X")
                and (
                    _COUNT_TIMES_BEFORE.search(text, 0, quantity.start)
                    or (item and not text[: quantity.start].strip(" \t*-•+"))
                    # "| GPUs per node | 8x H200 |": a cell of a counting column opens with the count
                    or (
                        count_hint is not None
                        and not _CELL_KEY.sub("", text[: quantity.start]).strip(" \t*_")
                    )
                    or _PAREN_BEFORE.search(text, 0, quantity.start)
                    or _FIELD_BEFORE.search(text, 0, quantity.start)
                    # "Accelerators ...... 4 x Cloud AI 100 Ultra": a dotted-leader field counting units
                    or self._field_count(leader_key(text, quantity.start) or "") is not None
                    or self._labelled_by_container(text, quantity.start, mentions)
                    or self._listed_after_container(text, quantity.start, mentions)
                    or self._field_after_container(text, quantity, mentions)
                    or self._machine_named_after_count(text, quantity, mentions) is not None
                    or follows_machine_name(text, quantity.start, mentions, self._holds_chips)
                    # "g4dn.metal has 8 x T4": the subject machine's verb of holding
                    or self.held_times.counts(text, quantity.start, mentions, self._holds_chips)
                )
            ):
                counted_end = self._units_named_after(text, quantity.unit_end or quantity.end, mentions)
                if counted_end is not None:  # "with 8x Gaudi 2 HL-225H": eight of them, not 8 times
                    quantity = replace(
                        quantity,
                        kind="count",
                        # "4 x n300s, 8 Wormhole chips in total": the boards' chips are the total's
                        count_scope="card"
                        if counts_boards(
                            text,
                            quantity.unit_end or quantity.end,
                            mentions,
                            self.resolver.holds_several_chips,
                            self.resolver.contained,
                            self._chip_total_re,
                        )
                        else "chip",
                        unit=None,
                        unit_pint=None,
                        counted_start=quantity.unit_end or quantity.end,
                        counted_end=counted_end,
                        unit_end=counted_end,
                    )
            if quantity.kind == "bare" or overlaps(quantity.start, quantity.start + 1):
                continue
            if quantity.kind in ("count", "multiplier") and self.compared_machines.sizes_baseline(
                text, quantity.start
            ):
                continue  # "16x an eight-GPU H100 server": the count sizes the baseline, not the subject
            if quantity.kind == "count" and count_hint is None and not self._is_count(text, quantity):
                continue
            if any(d.start < quantity.end and quantity.start < d.end for d in dates):
                continue
            if (
                quantity.unit_pint is None
                and quantity.kind != "count"
                and self._is_name(text, quantity.start)
            ):
                continue
            if quantity.kind == "multiplier" and self.repetitions.counts_repeats(text, quantity):
                continue  # "Repeat up to 3 times": how often something is done, no multiplier
            if quantity.kind in ("unit", "multiplier") and self._is_non_claim(text, quantity):
                continue
            if quantity.kind == "unit" and self._is_host_memory(text, quantity):
                continue
            if quantity.kind == "unit" and self._is_setting(
                text, quantity.start, quantity.unit_end or quantity.end
            ):
                continue
            if (
                quantity.kind == "unit"
                and _SHARE_OF_BEFORE.match(text, quantity.unit_end or quantity.end)
                and self._group_before_re.search(text, _clause_start(text, quantity.start), quantity.start)
            ):
                continue  # "the eight cards alone account for 4.8 kW of that": a group's part of a total
            # "(was 12 nm on Wormhole)": the old value is the named generation's own
            # ("an earlier draft gave 600 kW for the CloudMatrix 384" withdraws even a named one's)
            if (
                self.withdrawn.is_retracted(text, quantity.start, quantity.end)
                or self.withdrawn.is_retracted_after(text, quantity.unit_end or quantity.end)
                or (
                    self.withdrawn.is_superseded(text, quantity.start, quantity.end)
                    and not _named_after(_ON_NAMED, text, quantity.unit_end or quantity.end, mentions)
                )
                # "printed 350 W for the L40; the catalogue now holds 300 W": restated for the same product
                or self.withdrawn.restated.is_superseded(text, quantity.start, quantity.end)
            ) and not (
                self._reassigned(text, quantity.unit_end or quantity.end, mentions, following)
                or self.whole_totals.noun(text, quantity.unit_end or quantity.end)
            ):
                continue  # "I first wrote 96 GB, but that is the Gaudi2 number" keeps it, as Gaudi2's
            if self._is_hearsay(text, quantity.start):
                continue
            if (
                self._than_the.search(text, max(0, quantity.start - 40), quantity.start)
                and not _named_after(_OF_NAMED, text, quantity.unit_end or quantity.end, mentions)
                # "cheaper than the $3,999 DGX Spark": the figure modifies the product compared with
                and self._premodified(text, quantity.start, quantity.unit_end or quantity.end, mentions)
                is None
            ):
                continue  # "less than the 288 GB AMD showed in June": an earlier figure, not this one's
            if quantity.unit_pint == "USD" and self.unheld_money.is_unheld(text, quantity, mentions):
                continue
            if self.attributes.is_variant_label(text, quantity.start, quantity.unit_end or quantity.end):
                continue  # "(40GB)" names the A100 40GB, it does not state a capacity
            if self.named_sizes.in_name(text, quantity, mentions):
                continue  # "a DGX A100 640GB sold for ...": the size names the model
            if self.named_sizes.names_variant(text, quantity):
                continue  # "the 16 GB SKU is not in this sweep": the size picks the variant
            term = term_at(quantity.start, groups, terms) if groups else None
            figures.append(
                _Figure(
                    quantity.start,
                    quantity.unit_end or quantity.end,
                    quantity=quantity,
                    term=term,
                    pair=pair_at.get(quantity.start),
                )
            )
        unasserted = self._unasserted_spans(text)
        if unasserted:
            figures = [f for f in figures if not any(a <= f.start < b for a, b in unasserted)]
        figures.sort(key=lambda f: f.start)
        return _without_breakdowns(text, figures, part_counts)

    def _is_count(self, text: str, quantity: Quantity) -> bool:
        """Return False for a number read as a count that counts nothing.

        "each one links 16 chips", "two dies in one package", "one of the chips": "one" is
        a pronoun or a unit of packaging; "a CDNA 3 GPU", "Zen 4 cores": the digit is part
        of an architecture's name (a capitalised word right before it, mid-sentence).
        """
        before = text[max(0, quantity.start - 20) : quantity.start]
        if self._one_pronoun_re.match(text, quantity.start) or (
            self._one_re.match(text, quantity.start) and self._not_one_before_re.search(before)
        ):
            return False
        if (
            quantity.count_scope in PART_SCOPES
            and self._one_re.match(text, quantity.start)
            and self._one_part_before_re.search(before)
        ):
            return False  # "the board power of one accelerator": the part's own figure
        if self._one_unit_subject_re.match(text, quantity.start):
            return False
        if self._per_before.search(before) and not _COMPOUND_COUNT.match(text, quantity.start):
            # "180GB per 1 GPU": the rate's unit, no count ("per 8-accelerator server" sizes the server)
            return False
        if quantity.counted_end is not None and quantity.counted_end <= quantity.start:
            return True  # "RNGD 8 sheets": the chip's name before a trailing count is what it counts
        name = _NAME_WORD_BEFORE.search(before) if text[quantity.start].isdigit() else None
        return name is None or name.group(1).lower() in self._function_words

    def _is_non_claim(self, text: str, quantity: Quantity) -> bool:
        """Return True when a word after the figure shows it counts something outside the vocabulary."""
        match = self._non_claim_re.match(text, quantity.end)
        if match is None:
            return False
        if not quantity.unit_pint:
            return True
        # "a 5 nm node": the word is a cue of the only attribute the unit measures; so is the
        # word before a denominator ("44% cheaper per token" is a cost saving, README rule 9)
        between, word = match.group(1), match.group(2)
        return not (
            self.attributes.confirms_unit(word, quantity.unit_pint)
            or (
                between is not None
                and self._per_opening.match(word)
                and any(
                    found is not None and found.pint == quantity.unit_pint
                    for found in map(self.pack.attribute, self.attributes.owners(between.lower()))
                )
            )
        )

    def _is_machine_row(self, table: TableContext, segment: Segment) -> bool:
        """Return True for a cell of a table row about a machine (a server, an instance, a pod)
        or about a card the pack fills with chips ("| GroqCard | 1 LPU |"), outside a column of the
        host's processors ("| CPU | 2x Xeon Gold |")."""
        index = segment.cell_index or 0
        header = table.headers[index] if index < len(table.headers) else ""
        if self._header_words.host_cpu.fullmatch(header.strip()):
            return False
        kind = self.resolver.kind(table.row_entity) if table.row_entity else None
        if kind == "card":
            # a card's configuration cell counts the chips it holds, as a machine's does
            return self.resolver.holds_parts(table.row_entity or "")
        return self.resolver.is_container_scope(kind, "card")

    def _is_host_memory(self, text: str, quantity: Quantity) -> bool:
        """Return True for plain memory listed right after a count of host processors, or memory
        of a host type listed after a count of accelerators ("8x MI300X, 2 TB DDR5")."""
        end = quantity.unit_end or quantity.end
        if quantity.unit_pint in _BYTE_UNITS and (
            self.host_memory.is_host(text, quantity.start, end)
            or self.available.is_leftover(text, quantity.start, end)
        ):
            return True
        if _UNITS_COUNTED_BEFORE.search(text, max(0, quantity.start - 60), quantity.start):
            return bool(self._host_type_after_re.match(text, end))
        return bool(
            self._host_before_re.search(text, max(0, quantity.start - 40), quantity.start)
            and self._host_after_re.match(text, end)
        )

    def _is_setting(self, text: str, start: int, end: int | None = None) -> bool:
        """Return True for a figure a sentence opens with as a test condition: "Capped at 450 W, ..."."""
        opening = opening_after(text, start, _SENTENCE_ENDS)
        return bool(self._setting_re.fullmatch(text, opening, start)) or self._settable.is_setting(
            text, opening, start, end
        )

    def _unknown_row_name(self, text: str) -> bool:
        """Return True when a row's first cell names a product or machine the pack does not know:
        a model name ("ZT-77") or a machine code ("nb-mi325x-8", "xe.gpu4.large")."""
        name = text.strip()
        if self.matcher.find(name):
            return False
        spans = self.discoverer.unknown_names(name, self.matcher)
        return (bool(spans) and spans[0][0] == 0) or _MACHINE_CODE.fullmatch(name) is not None

    def _names_unknown_product(self, text: str, start: int) -> bool:
        """Return True when the clause of a figure names a model the pack and discovery do not know."""
        clause_start = _clause_start(text, start)
        return any(
            clause_start <= begin < start for begin, _ in self.discoverer.unknown_names(text, self.matcher)
        )

    def _family_member(
        self, scene: _Scene, in_clause: tuple[str, str], attribute: Attribute
    ) -> tuple[str, str]:
        """Return the clause subject, a generic family noun ("per IPU: 1,472 cores") read as the one
        member of its family that the sentence or the section's context names or holds (a section
        on a Bow Pod64: its Bow IPUs)."""
        if not self.resolver.is_generic_family(in_clause[0]):
            return in_clause
        names = [*(m.entity for m in scene.mentions), *(f.entity for f in scene.fallbacks)]
        member = self.resolver.named_member(in_clause[0], names)
        if member == in_clause[0] or self.resolver.kind(member) not in attribute.holders:
            return in_clause
        return member, in_clause[1] + "+family-member"

    def _unknown_subject_between(self, text: str, start: int, entity: str, mentions: list[Mention]) -> bool:
        """Return True when an unknown product stands as subject or label between the last
        mention of ``entity`` before a figure and the figure, in the figure's clause."""
        clause_start = _clause_start(text, start)
        named = [m.end for m in mentions if m.entity == entity and clause_start <= m.end <= start]
        if not named:
            return False
        return any(
            named[-1] <= begin < start for begin, _ in self.discoverer.unknown_subjects(text, self.matcher)
        )

    def _names_unknown_apposition(self, text: str, start: int, mentions: list[Mention]) -> bool:
        """Return True when the clause before a figure names a thing the pack does not know in apposition.

        "A companion system, Tuolumne, uses ...": the capitalised name after a scope noun
        is a product of its own, so the figure is not the topic's.
        """
        clause_start = _clause_start(text, start)
        if not self._comma_capitals.any_within(text, clause_start, start):
            return False
        for match in self._apposition_re.finditer(text, clause_start, start):
            if not any(m.start < match.end(1) and match.start(1) < m.end for m in mentions):
                return True
        return False

    def _number_words_before_chips(
        self, text: str, mentions: list[Mention], read: list[Quantity]
    ) -> list[Quantity]:
        """Return bare numbers written as words right before a chip's name ("four Bow IPUs") or
        before "of them" after a container ("DL2q instances use eight of them").

        The reader keeps a number word only with a unit or a scope noun after it; before a
        name it may count the chips named (see :meth:`_chips_named_after`).
        """
        found = []
        for mention in mentions:
            if not self._is_chip_unit(mention.entity):
                continue
            match = self._number_word_before.search(text, max(0, mention.start - 40), mention.start)
            if match is None or any(q.start <= match.start() < q.end for q in read):
                continue
            value = self.language.number_values[match.group(1).lower()]
            found.append(Quantity(match.start(1), match.end(1), value, value, ValueForm.EXACT, 0, "bare"))
        for match in self._number_word_of_them.finditer(text):
            # read as a bare number only after a container, whose chips "of them" may count
            if (
                any(q.start <= match.start() < q.end for q in read + found)
                or not any(m.end <= match.start() and self.resolver.contained(m.entity) for m in mentions)
                or self.of_them_nouns.counts_other_noun(text, match.start())
            ):
                continue
            value = self.language.number_values[match.group(1).lower()]
            found.append(Quantity(match.start(1), match.end(1), value, value, ValueForm.EXACT, 0, "bare"))
        return found

    def _labelled_by_container(self, text: str, start: int, mentions: list[Mention]) -> bool:
        """Return True when only a container's name and a colon open the line before ``start``.

        "A3 Ultra: 8x H200 at 141 GB each": the line describes the machine, so the "x" counts
        the chips it holds. Markup, a changelog's verb ("- Added `A3`: ...") and a quoted
        nickname after the name (`### X1 "Kestrel" — 8× H200`) may stand around the name.
        """
        line_start = text.rfind("\n", 0, start) + 1
        label = _LABEL_END.search(text, line_start, start)
        if label is None:
            return False
        return any(
            line_start <= m.start
            and m.end <= label.start()
            and (
                _LABEL_OPENER.fullmatch(text, line_start, m.start)
                or self.kind_labels.opens(text, line_start, m.start)  # "server kx14: 4 x MI210"
            )
            and _LABEL_NICKNAME.fullmatch(text, m.end, label.start())
            and self.resolver.is_container_scope(self.resolver.kind(m.entity), "chip")
            for m in mentions
        )

    def _listed_after_container(self, text: str, start: int, mentions: list[Mention]) -> bool:
        """Return True when "8x" opens a comma-separated field of a line naming a container first.

        "Bow-2000 IPU-Machine, 4x Bow IPU, 1U": a listing title's fields describe the machine,
        so the "x" counts the chips it holds.
        """
        return any(
            # a title, not "the DGX is fast, 2x ..."
            _LOWER_WORD.search(text, m.end, start) is None
            or self._scope_noun_tail.fullmatch(text, m.end, start)
            for m in self._containers_before_field(text, start, mentions)
        )

    def _field_after_container(self, text: str, quantity: Quantity, mentions: list[Mention]) -> bool:
        """Return True when "8x CHIP" fills a whole comma-separated field after a container's name.

        "DGX B200 list was ~$515k per the last quote, 8x B200 at 180 GB": a field that only
        counts chips (it ends at a comma, a bracket, the line's end or "at"/"with") describes
        the machine named before it; "the NVL72 is quick, 30x H100 in inference" compares.
        """
        end = quantity.unit_end or quantity.end
        counted = next((m for m in mentions if m.start >= end), None)
        if counted is None or _FIELD_END.match(text, counted.end) is None:
            return False
        return bool(self._containers_before_field(text, quantity.start, mentions))

    def _machine_named_after_count(
        self, text: str, quantity: Quantity, mentions: list[Mention]
    ) -> str | None:
        """Return the machine an aside names after "8x CHIP" and a machine noun ("8x H100 box (P5)"),
        or None."""
        chip = next((m for m in mentions if m.start > quantity.start), None)  # the counted chip
        if chip is None:
            return None
        return self.apposed_machines.machine_after(
            text,
            chip.end,
            mentions,
            lambda machine: (
                self.resolver.is_container(machine, "chip") and self.resolver.holds(machine, chip.entity)
            ),
        )

    def machine_words(self) -> MachineWords:
        """Return what memomachines.py needs of the pack: machine nouns, kinds, containment, names."""
        return MachineWords(
            scope_of_noun=self.resolver.scope_of_noun,
            machine_scopes=self.pack.machine_scopes,
            kind=self.resolver.kind,
            holds=self.resolver.holds,
            machine_of_label=lambda label: self.resolver.title_subject(self.segments.mentions(label)),
            named=lambda text: [(m.start, m.end, m.entity) for m in self.matcher.find(text)],
        )

    def _holds_chips(self, entity: str) -> bool:
        """Return True for a machine whose scope holds chips (a server, a board, a node)."""
        return self.resolver.is_container_scope(self.resolver.kind(entity), "chip")

    def _containers_before_field(self, text: str, start: int, mentions: list[Mention]) -> list[Mention]:
        """Return the machines named earlier on the line when ``start`` opens a comma-separated field."""
        if _COMMA_BEFORE.search(text, 0, start) is None:
            return []
        line_start = text.rfind("\n", 0, start) + 1
        return [
            m
            for m in mentions
            if line_start <= m.start < start
            and self.resolver.is_container_scope(self.resolver.kind(m.entity), "chip")
        ]

    def _units_named_after(self, text: str, end: int, mentions: list[Mention]) -> int | None:
        """Return where the chip or card counted by "8x" right before it is named, or None.

        "with 8x Intel Gaudi 2 HL-225H", "(8x H100 SXM)": the "x" counts the units; a
        multiplier's baseline ("2x the H100", "2x H100 memory", "3x H100's") is no count.
        """
        mention = next((m for m in mentions if m.start >= end), None)
        if (
            mention is None
            or mention.role == BASELINE
            # "8XH100NVL": a name run into its count stands right after the "x"
            or (mention.start > end and not self._vendors_between.fullmatch(text, end, mention.start))
            or self.resolver.kind(mention.entity) not in PART_KINDS
        ):
            return None
        component = self._chip_noun_after.match(text, mention.end)
        return component.end() if component is not None else mention.end

    def _chips_named_after(
        self,
        text: str,
        start: int,
        end: int,
        mentions: list[Mention],
        *,
        bare: bool,
        single: bool = False,
        opening: bool = False,
        noun_end: int | None = None,
    ) -> int | None:
        """Return where the chips counted right after a number are named, or None.

        "8 H100s", "64 NVIDIA GH100s" and "four Bow IPUs" name a chip in the plural (a bare
        number only); "four GC200 processors" and "eight RNGD cards" name the chip before a
        component noun: the chips are counted, one per card or module. A singular name counts
        after a machine's container verb ("the DGX relies on eight H200 SXM"), or opening a list
        item or a machine's paragraph (``opening``: "## ND MI300X v5" / "Eight MI300X, 1.5 TB ...");
        so does "one WSE-2 wafer-scale engine" (``single``) in those places. A count whose noun
        ends the chip's own name (``noun_end``: "with one NVIDIA GH200 superchip", the pack's "GH200
        Superchip") counts that chip in those places too.
        """
        counter = self._chip_counter.match(text, end) if bare else None
        if counter is not None:  # "8 pieces of NVIDIA B200": the counter names no noun of its own
            end = counter.end()
        for mention in mentions:
            if mention.start < end:
                continue
            if not self._vendors_between.fullmatch(text, end, mention.start) or not self._is_chip_unit(
                mention.entity
            ):
                return None
            component = self._chip_noun_after.match(text, mention.end)
            if component is not None:
                return component.end()
            surface = text[mention.start : mention.end]
            plural = (
                self.matcher.is_plural(surface)
                or (surface.endswith("s") and self.matcher.resolve(surface[:-1]) == mention.entity)
                # "for eight A100 80GB": a name ending in its size takes no plural ending; "one
                # A100 40GB" is singular as written, so a count of one needs what singulars need
                or (not single and self.counted_sizes.ends_in_size(surface))
            )
            noun = self._single_chip_noun_after.match(text, mention.end) if single else None
            if noun is None and counter is not None:
                noun = self._counted_noun_after.match(text, mention.end)
            named_end = noun.end() if noun is not None else mention.end
            held = (
                not plural
                and self._ends_noun_phrase(text, named_end)
                and (
                    counter is not None
                    or opening
                    or self._per_unit_after.match(text, named_end) is not None
                    or self._held_by_container(text, start, mentions)
                )
            )
            if not bare:
                return named_end if held and noun_end == mention.end else None
            return named_end if plural or held else None
        return None

    def _is_chip_unit(self, entity: str) -> bool:
        """Return True for a chip or a card of one chip ("eight GroqCards" counts eight LPUs); a
        card whose chip the pack does not name is one accelerator too ("1,000 MTT S4000 cards")."""
        return (
            self.resolver.kind(entity) == "chip"
            or self.resolver.single_chip_of(entity) is not None
            or (self.resolver.kind(entity) == "card" and not self.resolver.holds_parts(entity))
        )

    def _ends_noun_phrase(self, text: str, end: int) -> bool:
        """Return True when punctuation, the line's end or a function word follows ``end``.

        "with 2 H100 NVL bridges" counts bridges: a noun after the chip's name (and any
        capitalised suffix of it) is what is counted.
        """
        word = _NEXT_WORD.match(text, end)
        return word is None or word.group(1).lower() in self._phrase_enders | self._verbs

    def _held_by_container(self, text: str, start: int, mentions: list[Mention]) -> bool:
        """Return True when a machine's name and a verb of holding lead straight to ``start``.

        "the XE9680 with eight MI300X", "the CS-3 system, which houses one WSE-3", "a CS-3
        (one WSE-3, ...)": the number counts the chips of the machine named right before it.
        So does a count set after a comma by the machine that opens a cell or an item ("AWS
        g6e.xlarge, one L40S with 48 GB"): the description of what it holds.
        """
        return any(
            m.end <= start
            and self.resolver.is_container_scope(self.resolver.kind(m.entity), "chip")
            and (
                self._held_after_container.fullmatch(text, m.end, start)
                or (len(text[: m.start].split()) <= 1 and _COUNT_APPOSED.fullmatch(text, m.end, start))
            )
            for m in mentions
        )

    def _unasserted_spans(self, text: str) -> list[tuple[int, int]]:
        """Return spans that assert nothing of a product: struck-out text, translator's notes,
        a place's bracketed gloss and conditional clauses (asides excepted)."""
        spans = [(m.start(), m.end()) for m in _STRUCK.finditer(text)] if "~~" in text else []
        spans.extend(self._translator_notes.spans(text))
        spans.extend(self._place_asides.spans(text))
        for clause in self._conditional_re.finditer(text):
            start = clause.start()
            for aside in _ASIDE.finditer(text, clause.start(), clause.end()):
                spans.append((start, aside.start()))
                start = aside.end()
            spans.append((start, clause.end()))
        return spans

    def _field_count(self, field: str) -> str | None:
        """Return the scope a count label names ("Chips per pod", "Cores" of "Cores / Threads"), if any."""
        return self.resolver.counted_scope(field) if _COUNT_LABEL.search(field) else None

    def _line_label_count(self, text: str, quantity: Quantity) -> str | None:
        """Return the scope counted by a line "Chips per pod: 8960" ("TensorCores per chip1"), if any.

        The number must end its line (or be followed only by "per <scope noun>": "Cores
        1,472 per processor") and everything before it on the line must be a count label,
        so "8 of these in 2024" stays bare.
        """
        line_end = text.find("\n", quantity.end)
        rest = text[quantity.end : line_end if line_end >= 0 else len(text)].strip()
        if rest and not (  # "Cores 1,472 per processor": the count of one container
            (per := _PER_NOUN.fullmatch(rest)) and self.resolver.counted_scope(per.group(1))
        ):
            return None
        label = text[text.rfind("\n", 0, quantity.start) + 1 : quantity.start]
        pair = _LAST_PAIR_KEY.search(label)
        if pair is not None:  # "team=llm;gpus=8": in a list of key=value pairs the last key labels
            label = pair.group(1)
        label = label.rstrip(" \t:=-")
        return self._field_count(label)  # "Chip 2" numbers a part; "Chips: 2" and "Chips per pod 2" count

    def _is_energy_ratio(self, text: str, figure: _Figure) -> bool:
        """Return True for a measured figure divided by an energy, a power or a throughput:
        "24 TFLOPS per watt", "0.5 W per TOPS"."""
        quantity = figure.quantity
        if self._energy_ratio is None or quantity is None or quantity.kind != "unit":
            return False
        return self._energy_ratio.match(text, _figure_end(figure)) is not None

    def _is_next_event(self, text: str, end: int) -> bool:
        """Return True when an arrow after a date leads to another event, not a new date of this one.

        "announced Nov. 2024 -> on sale Apr 2025": a date cue after the arrow names the next
        step, so each date keeps its own verb; "Q3 2025 -> Q4 2025" moves one date.
        """
        arrow = _ARROW_AFTER.match(text, end)
        if arrow is None:
            return False
        window = text[arrow.end() : arrow.end() + 40]
        following = self.dates.read(window)
        stop = following[0].start if following else len(window)
        return any(
            start < stop and (attribute := self.pack.attribute(owner)) is not None and attribute.is_date
            for start, _, cue in self.attributes.cues(window)
            for owner in self.attributes.owners(cue)
        )

    def _is_name(self, text: str, start: int) -> bool:
        return bool(self._name_cue_re.search(text[max(0, start - 30) : start]))

    def _site_power(self, text: str, figure: _Figure, mentions: list[Mention]) -> bool:
        """Return True for a power figure of ``text`` that is a site's reading or plan, or one at rest."""
        return (
            figure.quantity is not None
            and (figure.quantity.unit_pint or "").endswith("watt")  # watt, kilowatt, megawatt
            and self.site_figures.is_sites(
                text, figure.start, _figure_end(figure), tuple(m.end for m in mentions)
            )
        )

    def _segment_claims(
        self,
        document: Document,
        segment: Segment,
        fallbacks: list[Fallback],
        table: TableContext | None,
        carried: str | None,
        comma: bool,
        moves: dict[str, notescope.NoteScope] | None = None,
        carried_scope: str | None = None,
    ) -> list[Claim]:
        asked = len(segment.text)  # where a question begins: it asserts nothing
        if self._question_formula is not None and self._question_formula.match(segment.text):
            asked = 0
        elif _QUESTION.search(segment.text):
            asked = self._asked_from(segment.text) or self.glued_questions.start(segment.text)
            if asked == 0 and self._doubts(segment.text):
                asked = len(segment.text)  # "rack ~ 20 kW?": a figure in doubt, still stated
        if (
            table is not None
            and (
                table.is_withdrawn(segment)
                or table.is_host_memory(segment)
                or table.is_reading(segment)
                or table.is_bundle_total(segment)
                or table.verdict(segment) is Verdict.WITHDRAWN
            )
        ) or asked == 0:
            # old values in a "was" column, the host's RAM, a reading, a bundle's sum; a question
            # asserts nothing
            return []
        mentions = self.segments.mentions(segment.text)
        count_hint = table.count_scope(segment) if table is not None else None
        unit_hint = table.unit(segment) if table is not None else None
        unit_span = None
        if table is None and (series := series_unit(segment.text, self.quantities.unit_in_label)):
            unit_span, unit_hint = series  # "HBM per chip, GB: Maia 200 216 | TPU v7 192"
        elif table is None and (keyed := data_key_unit(segment.text, self.quantities.unit_in_label)):
            unit_span, unit_hint = keyed  # "HL-225H mem_gb was 128, corrected to 96"
        terms = self.slashes.terms_in(table.labels(segment)) if table is not None else ()
        terms_at = None
        if not terms:
            terms, terms_at = self.slashes.field_list(segment.text)
        figures = self._figures(
            segment.text,
            mentions,
            comma,
            count_hint,
            unit_hint,
            terms,
            terms_at,
            # a list item, or a row label that counts chips ("| 8x B200 | p6-b200.48xlarge |"), opens on
            # "8x"; so does a machine's configuration cell ("| XE9680 | 8x MI300X, 2 TB DDR5 |")
            item=(segment.block.kind is BlockKind.LIST_ITEM or self._opens_under_machine(segment))
            if table is None
            else segment.cell_index == 0 or self._is_machine_row(table, segment),
            unit_span=unit_span,
            following=segment.block.text[segment.offset :] if table is None else "",
            # the products the segment is about, and how many parts each holds ("32 GB (2 × 16 GB)")
            part_counts=held_part_counts(self.pack, [m.entity for m in mentions] + [carried or ""])
            if has_bracket_product(segment.text)
            else frozenset(),
        )
        figures = [
            f
            for f in figures
            if f.start < asked
            and not _inner_question(
                segment.text, f.start, self._doubts, self._alternative_after_re, self._asked_from
            )
            and not self._is_energy_ratio(segment.text, f)
        ]
        if table is None:
            # "700 W, sorry, 750 W"; "a thousand watts. Sorry, I mean up to ...": the speaker
            # takes the first figure back, even when the correction opens the next sentence.
            rest = segment.block.text[segment.offset :]
            rest = rest if rest.startswith(segment.text) else segment.text
            # "... was given as 1 000 W." / "The correct value is 1 400 W.": a line ending on a
            # full stop closes a plain-text block, yet the next line may still correct its figure
            corrected = rest
            if not rest[len(segment.text) :].strip():
                corrected = rest + (self._adjacent_block_text(document, segment.block) or "")
            figures = [
                f
                for f in figures
                if not self._corrected_re.match(corrected, _figure_end(f))
                and not self.reassignments.answered(rest, f.start, _figure_end(f), self.segments.mentions)
                and not _denied_later(rest, f)
                and not self.requirements.is_wished(segment.text, f.start)
                and not self.required_limits.is_required_limit(segment.text, f.start, _figure_end(f))
                and not self.required_limits.is_attributive_requirement(segment.text, f.start, _figure_end(f))
            ]
            before = segment.block.text[max(0, segment.offset - 300) : segment.offset]
            if before.strip() and self.refutations.refutes_previous(segment.text):
                # "... listed 96 GB. That was wrong - 96 GB came from a misreading": the refuting
                # sentence's repeat of the figure it refutes is no claim either
                # (a part of the corrected total is not the repeat: "That is wrong; it is 32 GB (2 × 16 GB)")
                measures = [_measure(f) for f in figures]
                figures = [
                    f
                    for f, measure in zip(figures, measures, strict=True)
                    if segment.text[f.start : _figure_end(f)] not in before
                    or bracket_total(segment.text, measure, measures) is not None
                ]
            # "about 25 kilowatts ... [Editor's note: ... The 25 kW figure is wrong.]": the note may
            # be a block of its own on the next line
            named = self.refutations.named_refutations(
                segment.block.text + (self._adjacent_block_text(document, segment.block) or "")
            )
            if named:
                figures = [
                    f
                    for f in figures
                    if not any(
                        at > segment.offset + f.start and number == _number_at(segment.text, f.start)
                        for at, number in named
                    )
                ]
            refuted_until = self.refutations.refuting_clause(segment.text)
            if refuted_until is not None:  # "...listed it at 24 GB; both were wrong."
                figures = [f for f in figures if f.start >= refuted_until]
            recapped = self.refutations.recapped_span(segment.text)
            if recapped is not None:  # "I said the L40S was 300 watts it's 350 watts"
                figures = [f for f in figures if not recapped[0] <= f.start < recapped[1]]
            after = rest[len(segment.text) :] if rest is not segment.text else None
            if after is None or not after.strip():  # a wrapped reply may go on in a block of its own
                after = self._adjacent_block_text(document, segment.block) or after
            if after is not None and self.refutations.refutes_previous(after):
                figures = []  # "Revision B listed 5 nm. That was itself wrong."
            elif (
                after is not None
                and (recap := self.refutations.recap_fixed_by(segment.text, after)) is not None
            ):
                figures = [f for f in figures if f.start < recap]  # "I said 96 GB. It is 64 GB."
        elif repeated := table.withdrawn_numbers(segment):
            # "| 3 | nm | debunked | the 3 nm post mixed it up |": the note names the debunked figure
            figures = [f for f in figures if _number_at(segment.text, f.start) not in repeated]
        # "idle 22 W", "at the wall": a reading at a site, in prose and in a notes cell read as prose
        figures = [f for f in figures if not self._site_power(segment.text, f, mentions)]
        rate = table.rate(segment) if table is not None else None
        if rate is not None:  # "| On-demand (per chip-hour) |": the column's prices are rates
            figures = [
                replace(f, quantity=replace(f.quantity, rate=f.quantity.rate or rate))
                if f.quantity is not None and f.quantity.unit_pint == "USD"
                else f
                for f in figures
            ]
        if table is not None and table.is_discounted(segment):
            figures = [f for f in figures if f.quantity is None or f.quantity.unit_pint != "USD"]
        if not figures:
            return []
        counted = [(f.quantity.counted_start, f.quantity.counted_end or 0) for f in figures if f.quantity]
        scene = _Scene(
            document=document,
            segment=segment,
            mentions=mark_counted(mentions, [(s, e) for s, e in counted if s is not None]),
            fallbacks=fallbacks,
            table=table,
            carried=carried,
            carried_scope=carried_scope,
            context=[
                *(table.cues(segment) if table else self._prose_cues(segment.block)),
                *title_cues(segment.block, self._names_product),
            ],
            figures=tuple(figures),
            label_baseline=(self._label_baseline(table.labels(segment)) or table.related)
            if table is not None
            else None,
        )
        built: list[tuple[_Figure, Claim]] = []
        for figure in figures:
            claim = self._claim(scene, figure)
            if claim is not None and "multiplier-referred" in claim.rule:
                claim = _referred_owner(claim, [claim for _, claim in built])
            if (
                claim is not None
                and not _is_zero(claim)
                and not (table is not None and _is_unit_ratio(claim))
            ):
                built.append((figure, claim))
        shared = [
            (figure, copy) for figure, claim in built for copy in self._shared_copies(scene, figure, claim)
        ]
        merged = _merge_options(segment.text, built)
        if moves:  # a note's scope first: "20 kW[n]" with "n. the CS-2 system's draw" is already a system's
            merged = _moved_by_notes(merged, segment.text, moves)
        at = {claim.id: figure.start for figure, claim in built}
        return self._plausible(scene, [(at.get(claim.id, 0), claim) for claim in merged]) + self._plausible(
            scene, [(figure.start, claim) for figure, claim in shared]
        )

    def _plausible(self, scene: _Scene, built: list[tuple[int, Claim]]) -> list[Claim]:
        """Return the claims (with their figures' offsets) with figures too large for their chip
        moved to a system, or dropped."""
        if not any(self.plausibility.exceeds(claim) for _, claim in built):
            return [claim for _, claim in built]
        segment = scene.segment
        in_row = segment.cell_index is not None  # a cell's larger entity may head another cell of its row
        text = segment.block.text if in_row else segment.text
        mentions = self.segments.mentions(text) if in_row else scene.mentions
        homes = tuple(f.entity for f in scene.fallbacks) if not in_row else ()
        # A paragraph's context may pick which of the chip's servers a node figure is; a memo line
        # right under a report row may not: the row names its own machine ("SRV ZX-900 8X B200" /
        # "* NODE 12KW MAX"), which memomachines.py reads.
        chosen = homes if segment.block.kind is BlockKind.PARAGRAPH and not _under_row(scene) else ()
        kept = []
        for start, claim in built:
            at = start + (segment.offset if in_row else 0)
            settled = self.plausibility.settle(claim, text, at, mentions, homes, chosen)
            if settled is not None:
                kept.append(settled)
        return kept

    def _shared_copies(self, scene: _Scene, figure: _Figure, claim: Claim) -> list[Claim]:
        """Return the claim once more for each other product it is stated of: "A and B both have"."""
        if scene.table is not None:
            return []
        together = self.shared.shared_subjects(scene.segment.text, scene.mentions, figure.start)
        if not together and figure.date is not None:
            together = self._roadmap_listed(scene, figure) or self._dated_after(scene, figure)
        if not together and figure.date is not None and claim.scope == self.resolver.kind(claim.entity):
            # "A and B are available from 1 April"; not "A and B platforms from partners ship in
            # Q3", where a noun moved the date onto other makers' systems
            together = self.shared.dated_together(scene.segment.text, scene.mentions, figure.start)
        if not together:  # "A in Q1 with 128 GB, B in Q4 with 144 GB, both rated 1 PFLOPS"
            together = self.shared.listed_subjects(scene.segment.text, scene.mentions, figure.start)
        if not together and ("named-after" in claim.rule or "priced-for" in claim.rule):  # "20% off A and B"
            together = self.shared.listed_after(scene.segment.text, scene.mentions, figure.end, claim.entity)
        if not together and "previous-sentence" in claim.rule:
            before = scene.segment.block.text[: scene.segment.offset]
            together = self.shared.both_of_before(
                scene.segment.text, before, self.segments.mentions
            ) or self.shared.both_before_figure(
                scene.segment.text, figure.start, before, self.segments.mentions
            )
        kind = self.resolver.kind(claim.entity)
        if claim.entity not in together:
            return []
        # "the dev kit and the desktop both sit at 273 GB/s": boxes of two kinds (a card, a server)
        # share a figure stated of each whole box; a chip's figure never moves onto a box
        boxes = claim.scope == kind and all(self.resolver.kind(other) in _BOX_KINDS for other in together)
        return [
            replace(
                claim,
                id=_claim_id(claim.source, claim.line, claim.column, f"{claim.attribute}\0{other}"),
                entity=other,
                scope=claim.scope if self.resolver.kind(other) == kind else self.resolver.kind(other),
                rule=f"{claim.rule}; stated-of-several",
            )
            for other in together
            # the product a ratio is set against is never one it is stated of ("A / B: 1.3x")
            if other not in (claim.entity, claim.baseline) and (self.resolver.kind(other) == kind or boxes)
        ]

    def _adjacent_block_text(self, document: Document, block: Block) -> str | None:
        """Return the text of the prose block starting on the line right after ``block`` ends, or None.

        ": Agree. The 5 nm claim ..." / "  It has never been substantiated.": a reply indented
        differently on its next line is read as a block of its own, yet its sentence goes on.
        """
        if self._next_blocks[0] is not document:
            blocks = document.blocks
            self._next_blocks = (document, {id(a): b for a, b in pairwise(blocks)})
        following = self._next_blocks[1].get(id(block))
        if following is None or following.cells or following.line != block.line + block.text.count("\n") + 1:
            return None
        return " " + following.text

    def _roadmap_listed(self, scene: _Scene, figure: _Figure) -> tuple[str, ...]:
        """Return the products listed after the colon a prose date introduces, or () (read once per
        figure: the claim and its shared copies both ask)."""
        if scene.table is not None or figure.date is None:
            return ()
        end = figure.date.end
        if end not in scene.roadmap_lists:
            scene.roadmap_lists[end] = self.roadmaps.intro_products(
                scene.segment.text, scene.mentions, end, self.resolver.kind
            )
        return scene.roadmap_lists[end]

    def _dated_after(self, scene: _Scene, figure: _Figure) -> tuple[str, ...]:
        """Return the products an "of" after a prose date lists ("from 3 March, of A and B"), or () (read
        once per figure: the claim and its shared copies both ask)."""
        if scene.table is not None or figure.date is None:
            return ()
        span = (figure.date.start, figure.date.end)
        if span not in scene.dated_lists:
            scene.dated_lists[span] = self.shared.dated_after(
                scene.segment.text, scene.mentions, *span, self.resolver.kind
            )
        return scene.dated_lists[span]

    def _prose_cues(self, block: Block) -> list[CueText]:
        cues = []
        if block.label:
            cues.append(CueText(block.label, FAR_CONTEXT_DISTANCE))
        if block.list_intro:
            cues.append(CueText(block.list_intro, FAR_CONTEXT_DISTANCE))
        elif block.kind is BlockKind.LIST_ITEM and block.headings:
            # A list right under its heading ("Pricing & availability" / "- n150d .... $1,099"):
            # the heading introduces the list.
            cues.append(CueText(block.headings[-1], FAR_CONTEXT_DISTANCE))
        return cues

    def _date_context(self, scene: _Scene, figure: _Figure) -> list[CueText]:
        """Return the cue texts around a date: the scene's, after the description a list item's
        bold head date has ("**2027**: when the X ships")."""
        described = described_after(scene.segment, figure.start) if scene.table is None else None
        return [described, *scene.context] if described is not None else scene.context

    def _claim(self, scene: _Scene, figure: _Figure) -> Claim | None:
        text = scene.segment.text
        # "priced an 8-accelerator Gaudi 3 system at $125,000": a count written as a compound
        # modifier stands inside a noun phrase and takes no cue from the figure after it.
        others = scene.cue_spans.without(figure)
        if figure.date is not None:
            date = figure.date
            attribute = (
                self.pack.attribute("release_date")  # "roadmap: A in Q1 2026, B in Q4 2026"
                if self.roadmaps.item_release(text, scene.mentions, date.start, self.resolver.kind)
                else self.attributes.for_dates(
                    text, date.start, date.end, self._date_context(scene, figure), others
                )
            )
            if attribute is not None:
                choice = AttributeChoice(attribute, 1.0, rule="date-cue")
            else:
                coordinated = self._coordinated_date(scene, figure)
                if coordinated is None:
                    return None
                choice = coordinated
            scene.chosen[figure.start] = choice
        else:
            quantity = figure.quantity
            assert quantity is not None
            next_is_entity = scene.mention_starts.named_right_after(text, quantity.end, " the")
            compares = quantity.unit_pint == "multiple" and any(
                m.start >= quantity.end and self._compared_next.fullmatch(text, quantity.end, m.start)
                for m in scene.mentions
            )
            compares = (
                compares
                or self._set_against_product(scene, figure)
                # "| FP4 vs Trainium3 | 3 | x |": the row's label sets the multiplier against a product
                or (quantity.unit_pint == "multiple" and scene.label_baseline is not None)
                or (
                    quantity.unit_pint == "multiple"
                    and self.ratio_baselines.baseline(text, quantity.start, scene.mentions) is not None
                )
            )
            field = figure.term if figure.term is not None and figure.term.kind == "field" else None
            # "The correct value is 4,8 TB/s.": the corrected sentence's cue words are its own
            corrected = self.corrected_cues.of(scene.segment, figure.start) if scene.table is None else None
            # "What does an X card cost? Around $900.": an answer's cue words are the question's
            corrected = corrected or (asked_before(scene.segment) if scene.table is None else None)
            # "**1.5x**: the claimed speed-up of ...": the words after a list item's figure label it
            corrected = corrected or (
                described_after(scene.segment, figure.start) if scene.table is None else None
            )
            found = self.attributes.for_quantity(
                quantity,
                field.own_label(text) if field else text,
                [corrected, *scene.context] if corrected else scene.context,
                # "bought Annapurna Labs in 2015 for $350 million": a date takes no quantity's cue
                scene.cue_quantity_spans.without(figure),
                next_is_entity=next_is_entity,
                compares=compares,
            )
            if field is None:
                found = (
                    found
                    or self._coordinated_choice(scene, figure)
                    or self._copula_price(scene, quantity)
                    or self._premodifier_price(scene, quantity)
                    or self._apposed_multiplier(scene, figure)
                    or self._referred_multiplier(scene, figure)
                )
            if found is None:
                return None
            found = self._aside_rate(scene, figure, found)
            choice = scene.chosen[figure.start] = found
        attribution = self._attribute_entity(scene, figure, choice.attribute)
        if attribution is not None:
            attribution = self._named_container(attribution)
            sole = self.resolver.sole_chip(attribution.entity) if choice.attribute.of_chip else None
            if sole is not None and attribution.scope == self.resolver.kind(attribution.entity):
                # "CS-3 system (1x WSE-3, 44 GB on-chip SRAM, 900,000 cores)": the wafer's own
                attribution = Attribution(
                    sole, "chip", attribution.rule + "+sole-chip", attribution.confidence
                )
        if (
            attribution is not None
            and figure.date is not None
            and (listed := self._roadmap_listed(scene, figure))
        ):
            # "announced the roadmap in June 2025: A in ..., B in ...": the first listed holds it, the
            # others get copies (_shared_copies)
            attribution = replace(
                attribution, entity=listed[0], scope=self.resolver.kind(listed[0]), rule="prose.roadmap-intro"
            )
        elif after := self._dated_after(scene, figure):
            # "the availability, from 3 March, of the instances A and B": the products follow their date
            attribution = Attribution(after[0], self.resolver.kind(after[0]), "prose.dated-after", 0.8)
        if attribution is None or self._is_bundle_price(text, figure, choice.attribute, attribution):
            return None
        if choice.rule == "sale-price" and self._sold_several(scene, figure, attribution.entity):
            return None
        whole = self.whole_systems.named_after(text, _figure_end(figure), scene.mentions, self.resolver.kind)
        if whole is not None and whole != attribution.entity:
            # "about 8.5 MW for the whole LUMI system": the named system's, not the chip's before it
            attribution = Attribution(whole, self.resolver.kind(whole), "prose.whole-named-system", 0.8)
        elif attribution.scope in PART_SCOPES and self._of_whole_machine(
            text, figure.start, _figure_end(figure), scene.figure_spans
        ):
            kit = self._read_kit(scene, figure.start)
            machine = kit or self._talked_machine(scene, figure.start)
            if machine is None:
                return None
            if kit is None:
                attribution = Attribution(machine, self.resolver.kind(machine), "context.whole-machine", 0.7)
        quantity = figure.quantity
        if (
            quantity is not None
            and quantity.kind == "count"
            and quantity.count_scope == "chip"
            and self.node_shares.is_node_share(
                text, figure.start, _figure_end(figure), self.resolver.kind(attribution.entity)
            )
        ):
            return None  # "each node holds four MI300A": the node's chips, not the cluster's
        claim = self._build(scene, figure, choice, attribution)
        if claim.baseline is not None and claim.baseline == claim.entity:
            return self._beside_baseline(scene, claim, choice.attribute, figure)
        if self._baseline_machine(scene, figure):
            return claim  # "the CS-3 is 16x an eight-GPU H100 server": a machine set against a machine
        return self._like_for_like(claim, choice.attribute)

    def _baseline_machine(self, scene: _Scene, figure: _Figure) -> bool:
        """Return True when a multiplier's baseline is named as a machine of a chip ("an H100 box")."""
        quantity = figure.quantity
        if quantity is None or quantity.unit_pint != "multiple":
            return False
        end = _figure_end(figure)
        baseline = next((m for m in scene.mentions if m.start >= end), None)
        return baseline is not None and self.compared_machines.machine_baseline(
            scene.segment.text, end, baseline.start, baseline.end
        )

    def _talked_machine(self, scene: _Scene, start: int) -> str | None:
        """Return the server or instance an earlier message is about, for a wall reading whose
        sentence names no product before it ("we measured 3.1 kW at the wall, the L20 itself is
        275 W" after a message on the KX-820); None when the sentence names what was read ("my
        4090 at the wall: 550 W": the build around it) or no machine is in the context. A machine
        the sentence names before the figure is what was read ("the configuration VD-X8 with eight
        B300 ..., the whole server about 14 kW")."""
        sentence_start = opening_after(scene.segment.text, start, SENTENCE_MARKS)
        named = [mention.entity for mention in scene.mentions if sentence_start <= mention.start < start]
        if named:
            return next((e for e in reversed(named) if self.resolver.kind(e) in _MACHINE_KINDS), None)
        return next(
            (f.entity for f in scene.fallbacks if self.resolver.kind(f.entity) in _MACHINE_KINDS), None
        )

    def _read_kit(self, scene: _Scene, start: int) -> str | None:
        """Return the product a wall reading's sentence names as a whole machine of its own before
        the figure ("my Thor dev kit at the wall: 118 W"), or None."""
        sentence_start = opening_after(scene.segment.text, start, SENTENCE_MARKS)
        named = [m for m in scene.mentions if sentence_start <= m.start and m.end <= start]
        if named and self._whole_product_re.match(scene.segment.text, named[-1].end):
            return named[-1].entity
        return None

    def _of_whole_machine(
        self, text: str, start: int, end: int, figures: tuple[tuple[int, int], ...] = ()
    ) -> bool:
        """Return True when the figure's clause, or a label opening its sentence, says it was read
        at the wall or of the whole build ("Whole box: 1.3 kW at the wall"): the machine's figure,
        not that of a chip or card named nearby.

        The phrase is the figure's when no other of the clause's ``figures`` stands between them
        and, after the figure, when it follows straight on ("14 kW at the wall"): in "2 TB (288 GB
        per GPU) and the whole server 14 kW" it is the 14 kW's only.
        """
        sentence_start = opening_after(text, start, SENTENCE_MARKS)
        clause_start = max([sentence_start] + [text.rfind(mark, sentence_start, start) + 1 for mark in ",;"])
        clause_end = closing_at(text, end, (",", ";", ". ", ".\n"))
        for phrase in self._whole_machine_re.finditer(text, clause_start, clause_end):
            if phrase.start() >= end:
                if phrase.start() - end <= _WHOLE_PHRASE_REACH:
                    return True
            elif not any(phrase.end() <= low and high <= start for low, high in figures):
                return True
        label_end = text.find(":", sentence_start, start)
        return label_end >= 0 and self._whole_machine_re.search(text, sentence_start, label_end) is not None

    def _like_for_like(self, claim: Claim, attribute: Attribute) -> Claim:
        """Return a multiplier moved to the subject's counterpart of its baseline's kind.

        "Trainium3 ... 4.4x the compute of a Trn2 UltraServer" compares machines: the figure
        is the Trn3 UltraServer's, the one machine of that kind the pack says holds
        Trainium3; "a Trn3 UltraServer ... 40% better efficiency than Trainium2" compares
        chips, unless the machine's chips run a configuration of their own (a GB200 NVL72).
        Without one such counterpart the claim stays as it was.
        """
        if claim.baseline is None or claim.entity == claim.baseline:
            return claim
        theirs, ours = self.resolver.kind(claim.baseline), self.resolver.kind(claim.entity)
        if theirs is None or ours is None or theirs == ours:
            return claim
        if self.resolver.is_container_scope(theirs, ours):
            counterpart = self.resolver.sole_container(claim.entity, theirs)
        else:
            inner = self.resolver.contained(claim.entity)
            counterpart = inner if inner is not None and self.resolver.kind(inner) == theirs else None
            whole = self.pack.entity(claim.entity)
            if whole is not None and whole.contains is not None and whole.contains.own_config:
                # "the GB200 NVL72 brings 25x ... than the H100": its chips run a configuration
                # of their own, so the rack is what is compared
                counterpart = None
        if (
            counterpart is None
            or counterpart == claim.baseline
            or self.resolver.kind(counterpart) not in attribute.holders
        ):
            return claim
        return replace(claim, entity=counterpart, scope=theirs, rule=claim.rule + "; like-for-like")

    def _set_against_product(self, scene: _Scene, figure: _Figure) -> bool:
        """Return True for a multiplier an article sets against a product ("about 2.7x the T4").

        After money in its sentence it is a price ratio ("costs $900, so three times a T4"); a
        measure after the product ("1.6x the H100 in rent") is one no relative cue named.
        """
        quantity, text = figure.quantity, scene.segment.text
        if quantity is None or quantity.unit_pint != "multiple":
            return False
        baseline = next(
            (
                m
                for m in scene.mentions
                if m.start >= quantity.end and self._article_next.fullmatch(text, quantity.end, m.start)
            ),
            None,
        )
        if baseline is None or self._measure_after.match(text, baseline.end):
            return False
        if self._apposed_multiplier(scene, figure) is not None:
            return False  # "288 GB, 1.5x the B200": the measure of the figure before
        sentence_start = opening_after(text, figure.start, SENTENCE_MARKS)
        return not any(
            f.quantity is not None
            and f.quantity.unit_pint == "USD"
            and sentence_start <= f.start < figure.start
            for f in scene.figures
        )

    def _apposed_multiplier(self, scene: _Scene, figure: _Figure) -> AttributeChoice | None:
        """Return the multiple of the figure just before for a multiplier set beside it, or None.

        "roughly 300 petaflops of dense BF16, about 1.7x a GB200 NVL72": the multiplier
        compares what the figure before it measures.
        """
        quantity = figure.quantity
        before = _figure_before(scene, figure)
        if quantity is None or quantity.unit_pint != "multiple" or before is None:
            return None
        text = scene.segment.text
        if not _APPOSED.fullmatch(text, _figure_end(before), figure.start):
            return None
        if not any(_PRODUCT_NEXT.fullmatch(text, quantity.end, m.start) for m in scene.mentions):
            return None
        measured = scene.chosen.get(before.start)
        if measured is None:
            return None
        for attribute in self.pack.attributes:
            if attribute.relative_to == measured.attribute.name:
                return AttributeChoice(attribute, 1.0, rule="multiplier-apposed")
        return None

    def _referred_multiplier(self, scene: _Scene, figure: _Figure) -> AttributeChoice | None:
        """Return the measure of the sentence's multiplier before for one that refers back to it
        ("25x the energy efficiency of a V100, and 5x that of an H100"), or None."""
        quantity = figure.quantity
        if quantity is None or quantity.unit_pint != "multiple":
            return None
        text = scene.segment.text
        if not self.referred_measures.refers_back(text, quantity.end, scene.mentions):
            return None
        sentence_start = opening_after(text, figure.start, SENTENCE_MARKS)
        for before in reversed(scene.figures):
            if before.start >= figure.start or before.start < sentence_start:
                continue
            measured = scene.chosen.get(before.start)
            if measured is not None and measured.attribute.unit == "x":
                return AttributeChoice(measured.attribute, 1.0, rule="multiplier-referred")
        return None

    def _may_hold(self, container: str, chip: str) -> bool:
        """Return False only when ``container`` is known to hold chips other than ``chip``."""
        inner = self.resolver.contained(container)
        return (
            inner is None
            or container == chip
            or self.resolver.holds(container, chip)
            # "8 x GroqCard" in a GroqNode: a card of one chip counts the machine's chips
            or self.resolver.holds(container, self.resolver.single_chip_of(chip) or container)
        )

    def _aside_rate(self, scene: _Scene, figure: _Figure, found: AttributeChoice) -> AttributeChoice:
        """Return the rate of the figure just before for an amount in an aside after it, else ``found``.

        "$2.03 per chip-hour (list is $3.22)": the aside gives the same rate's list price.
        """
        before = _figure_before(scene, figure)
        quantity = figure.quantity
        if before is None or quantity is None or quantity.rate:
            return found
        rate = scene.chosen.get(before.start)
        pint = rate.attribute.pint if rate is not None else None
        if rate is None or not pint or " / " not in pint or pint.split(" / ")[0] != found.attribute.pint:
            return found
        if not _RATE_ASIDE.fullmatch(scene.segment.text, _figure_end(before), figure.start):
            return found
        return AttributeChoice(rate.attribute, found.factor, found.offset, rule=found.rule + "+aside-rate")

    def _beside_baseline(
        self, scene: _Scene, claim: Claim, attribute: Attribute, figure: _Figure
    ) -> Claim | None:
        """Return a multiplier moved off its own baseline onto the topic, or None if there is none.

        "How does it compare with Gaudi 2? 4x the BF16 compute of Gaudi 2": the only product
        named is what the topic is compared with, so the figure is the topic's.
        """
        # "The MI325X reaches 90% of the B200 despite 1.3x its FP8 peak": another product the
        # sentence names before the figure comes first.
        topics = [m.entity for m in scene.mentions if m.end <= figure.start][:1]
        topics.extend([scene.carried] if scene.carried else [])
        topics.extend(f.entity for f in scene.fallbacks)
        for topic in topics:
            if topic != claim.baseline and self.resolver.kind(topic) in attribute.holders:
                scope = self.resolver.kind(topic)
                return replace(claim, entity=topic, scope=scope, rule=claim.rule + "; beside-baseline")
        return None

    def _configuration_owner(self, text: str, end: int, mentions: list[Mention]) -> tuple[str, str] | None:
        """Return the product and scope of "<figure> in the GB300 configuration", or None.

        A figure said to be that of a system's configuration is the system's; where the
        sentence speaks of its chips ("per GPU", the chip's name) the figure is per chip.
        """
        for mention in mentions:
            if mention.start < end:
                continue
            if not _CONFIGURATION_BEFORE.fullmatch(text, end, mention.start):
                return None
            if not self._configuration_re.match(text, mention.end):
                return None
            kind = self.resolver.kind(mention.entity)
            if kind is None or kind == ORGANIZATION:
                return None
            inner = self.resolver.contained(mention.entity)
            per_chip = inner is not None and (
                any(m.entity == inner for m in mentions) or self._chip_word_re.search(text) is not None
            )
            return mention.entity, "chip" if per_chip else kind
        return None

    def _counted_per_smaller(self, table: TableContext, scene: _Scene, entity: str) -> bool:
        """Return True when a table's labels count per a scope smaller than ``entity``'s.

        A row label naming a unit of the product ("| LUMI-G node | 4 |") counts per node too.
        """
        per = self.resolver.per_scope_in(" ".join(table.labels(scene.segment)))
        words = table.row_label.split()
        if per is None and len(words) > 1 and self._names_entity(" ".join(words[:-1]), entity):
            per = self.resolver.scope_of_noun.get(words[-1].strip("*_").lower())
        return self.resolver.is_container_scope(self.resolver.kind(entity), per)

    def _names_entity(self, text: str, entity: str) -> bool:
        """Return True when ``text`` is one of the entity's names ("LUMI-G" of LUMI)."""
        found = self.pack.entity(entity)
        names = found.names if found is not None else (entity,)
        folded = text.strip(" *_").casefold()
        return any(name.casefold() == folded for name in names)

    def _set_total(self, text: str, start: int, mentions: list[Mention]) -> bool:
        """Return True for a figure that totals several units of a product: "three p150a = 96 GB"."""
        for mention in mentions:
            if mention.end > start or not _SET_EQUALS.fullmatch(text, mention.end, start):
                continue
            count = _SET_COUNT_BEFORE.search(text, max(0, mention.start - 12), mention.start)
            if count is None:
                continue
            word = count.group(1)
            value = float(word) if word.isdigit() else self.language.number_values.get(word.lower(), 0)
            if value > 1:
                return True
        return False

    def _copula_price(self, scene: _Scene, quantity: Quantity) -> AttributeChoice | None:
        """Return the price a product "is" when money follows its copula: "the QuietBox is $11,999".

        Money needs a cue to be a price, but "<product> is $X" and "They were $1,399 each" say
        what the product costs: the clause must name a product (or open on a pronoun) before it.
        """
        text = scene.segment.text
        if quantity.unit_pint != "USD" or quantity.rate or self.attributes.is_side_money(quantity, text):
            return None  # "the L4 is $2,500 cheaper": a difference, no price
        copula = _COPULA_BEFORE.search(text, 0, quantity.start)
        if copula is None:
            return None
        clause = _clause_start(text, copula.start())
        named = any(clause <= m.start < copula.start() for m in scene.mentions)
        if not (named or _PRONOUN_SUBJECT.search(text, clause, copula.start())):
            return None
        money = [a for a in self.pack.attributes if a.pint == quantity.unit_pint and a.needs_cue]
        return AttributeChoice(money[0], quantity.scale, rule="copula-money") if len(money) == 1 else None

    def _premodifier_price(self, scene: _Scene, quantity: Quantity) -> AttributeChoice | None:
        """Return the price money states when it stands before a product as its modifier: "the
        $3,999 DGX Spark" says what the DGX Spark costs, with no cue word needed."""
        text = scene.segment.text
        if quantity.unit_pint != "USD" or quantity.rate or self.attributes.is_side_money(quantity, text):
            return None
        if self._premodified(text, quantity.start, quantity.end, scene.mentions) is None:
            return None
        money = [a for a in self.pack.attributes if a.pint == quantity.unit_pint and a.needs_cue]
        return (
            AttributeChoice(money[0], quantity.scale, rule="premodifier-money") if len(money) == 1 else None
        )

    def _named_container(self, attribution: Attribution) -> Attribution:
        """Return the attribution moved to the one container model the document named before.

        After "12 x SYS-820GH-TNR2 at $187,500 per node", "~6.5 kW per node" of its Gaudi 2
        chips is the SYS-820GH-TNR2's: a chip's figure at a container's scope belongs to the
        machine of that kind holding the chip, when the text has named exactly one.
        """
        scope = attribution.scope
        if scope is None or not self.resolver.is_machine_scope(scope, self.resolver.kind(attribution.entity)):
            return attribution  # "96 GB per card" stays the chip's, whatever card model was named
        named = [
            name
            for name in self._containers.get((attribution.entity, scope), [])
            if name in self._named_before()
        ]
        if len(named) > 1:
            # "## ND MI300X v5" after a section on BM.GPU.MI300X.8: the section's machine
            heading = self._heading_machine(self._blocks[self._block_index])
            named = [heading] if heading in named else named
        if len(named) != 1:
            return attribution
        return Attribution(named[0], scope, attribution.rule + "+named-container", attribution.confidence)

    def _named_before(self) -> set[str]:
        """Return the entities the document has named up to the block being read (computed on demand:
        few figures need it, and naming every block's entities costs a sixth of extraction)."""
        for block in self._blocks[self._named_upto : self._block_index + 1]:
            self._named_so_far.update(m.entity for m in self.segments.mentions(block.text))
        self._named_upto = max(self._named_upto, self._block_index + 1)
        return self._named_so_far

    def _variant_as_subject(self, text: str, start: int, entity: str, mentions: list[Mention]) -> str | None:
        """Return the SKU of a product the clause names by its variant word alone, or None.

        "the H200 SXM is 700W, the NVL is 600W", "The PCIe one has 80 GB too", "a Max-Q edition
        capped at 300 W": with the H200 as the topic, "the NVL" is the H200 NVL. Only a
        capitalised word or one with a digit counts ("the card" names no SKU), or a lower-case one
        before "edition" or "version" ("a max q edition").
        """
        clause_start = max((m.end() for m in _CLAUSE_BREAK.finditer(text, 0, start)), default=0)
        named = max((m.end for m in mentions if clause_start <= m.start < start), default=None)
        if named is None:  # a clause naming its product gives its figures to it
            for match in self._variant_subject.finditer(text, clause_start, start):
                variant = self.resolver.variant(entity, match.group(1))
                # "600 W is the HL-338 PCIe card; the OAM is 900 W": the card's chip in its other form
                variant = variant or self.form_contrast.carried_chip(
                    text, match.start(1), match.group(1), entity, mentions
                )
                if variant is not None:
                    return variant
        # "the X is a 600 W card there's also a max q edition capped at 300 W": captions run on, so
        # the spoken variant need only come after the product's name
        for match in self._spoken_variant.finditer(text, named if named is not None else clause_start, start):
            word = match.group(1)
            for spelling in dict.fromkeys((word, re.sub(r"\s+", "-", word))):  # "max q" -> "max-q"
                variant = self.resolver.variant(entity, spelling)
                if variant is not None:
                    return variant
        return None

    def _is_hearsay(self, text: str, start: int) -> bool:
        """Return True for a figure the writer passes on unvouched: "I keep reading 96 GB in one blog"."""
        found = list(self._hearsay_re.finditer(text, max(0, start - 120), start))
        return bool(found) and not _CLAUSE_STOP.search(text, found[-1].end(), start)

    def _is_bundle_price(
        self, text: str, figure: _Figure, attribute: Attribute, attribution: Attribution
    ) -> bool:
        """Return True for the price of several units said of one ("$125k for an 8-card kit")."""
        quantity = figure.quantity
        if quantity is None or quantity.rate or attribute.unit != quantity.unit_pint:
            return False
        bundle = self.resolver.bundle_scope(text, quantity.unit_end or quantity.end)
        return bundle is not None and not self.resolver.is_container_scope(attribution.scope, bundle)

    def _sold_several(self, scene: _Scene, figure: _Figure, entity: str) -> bool:
        """Return True when the product a sale's money goes to is counted before it ("three p150a
        ... for $4k"): the money buys them all, no one unit's price."""
        text = scene.segment.text
        return any(
            m.entity == entity
            and m.end <= figure.start
            and self._several_before_re.search(text, max(0, m.start - 12), m.start) is not None
            for m in scene.mentions
        )

    def _premodified(self, text: str, start: int, end: int, mentions: list[Mention]) -> str | None:
        """Return the product a figure stands before as its modifier: "the 12 nm Wormhole".

        Only right after an article, a possessive or a clause's start, with nothing but a
        space or hyphen between the figure and the name ("its 700 W H100 SXM").
        """
        named = next(
            (m for m in mentions if m.start >= end and _PREMODIFIER_GAP.fullmatch(text, end, m.start)), None
        )
        if named is None or not _PREMODIFIER_BEFORE.search(text, max(0, start - 12), start):
            return None
        return named.entity

    def _named_by_count_adjective(
        self, text: str, end: int, mentions: list[Mention], attribute: Attribute, counted_scope: str
    ) -> str | None:
        """Return the product a count adjective stands right before ("the 64-core Xeon 8592+"), or None."""
        for mention in mentions:
            if mention.start < end or text[end : mention.start].strip():
                continue
            kind = self.resolver.kind(mention.entity)
            if kind in attribute.holders and self.resolver.is_container(mention.entity, counted_scope):
                return mention.entity
            return None
        return None

    @staticmethod
    def _needed_by_named(text: str, start: int, mentions: list[Mention]) -> bool:
        """Return False for a count of what a workload needs: only a product named as the
        subject of "needs" or "requires" holds the chips it counts."""
        need = _NEED_BEFORE.search(text, max(0, start - 40), start)
        if need is None:
            return True
        return any(m.role == SUBJECT and _NEED_SUBJECT.fullmatch(text, m.end, need.start()) for m in mentions)

    def _coordinated_choice(self, scene: _Scene, figure: _Figure) -> AttributeChoice | None:
        """Return the attribute of the ratio before this one when "and" joins the two.

        "about 2.7x the tokens per second of the A10G and roughly 1.9x the L4": the second
        multiplier measures what the first one does.
        """
        quantity = figure.quantity
        if quantity is None:
            return None
        text = scene.segment.text
        previous = _figure_before(scene, figure)
        if quantity.unit_pint not in ("multiple", "percent"):
            unit = quantity.unit_pint
            same = [
                f
                for f in scene.figures
                if f.end <= figure.start and f.quantity is not None and f.quantity.unit_pint == unit
            ]
            previous = max(same, key=lambda f: f.end, default=None)
        if previous is None or previous.quantity is None or previous.quantity.unit_pint != quantity.unit_pint:
            return None
        choice = scene.chosen.get(previous.start)
        if quantity.unit_pint in ("multiple", "percent"):
            joined = self.joined_ratios.joins(text, previous.end, figure.start)
        else:
            # "$125k for an 8-card kit, so roughly $15.6k per accelerator": a sum worked out from it
            joined = not quantity.rate and _DERIVED.search(text, previous.end, figure.start) is not None
        if choice is None or not joined or self.attributes.is_side_money(quantity, text):
            return None
        return replace(choice, rule="coordinated")

    def _coordinated_date(self, scene: _Scene, figure: _Figure) -> AttributeChoice | None:
        """Return the date attribute of the list item before: "X shipped in Q3 2020, Y in October 2022"."""
        previous = _figure_before(scene, figure)
        if previous is None or previous.date is None:
            return None
        choice = scene.chosen.get(previous.start)
        joined = _JOINED_DATE.match(scene.segment.text, previous.end, figure.start)
        if choice is None or joined is None:
            return None
        # Between the comma and "in" stands a product, at most with a noun: "B200 systems".
        named = [m for m in scene.mentions if joined.start(1) <= m.start and m.end <= joined.end(1)]
        text = scene.segment.text
        if (
            len(named) != 1
            or text[joined.start(1) : named[0].start].strip()
            or len(text[named[0].end : joined.end(1)].split()) > 1
        ):
            return None
        return replace(choice, rule="coordinated")

    def _paired_owner(self, scene: _Scene, figure: _Figure) -> str | None:
        """Return the product a value of a "256 GB vs 192 GB" pair belongs to, or None."""
        pair = figure.pair
        kept = scene.figure_starts
        if pair is None or pair.first not in kept or pair.second not in kept:
            return None  # a pair one of whose figures is no claim pairs nothing
        return self.pairs.owner(scene.segment.text, pair, scene.mentions, second=figure.start == pair.second)

    def _size_after_subject(self, entity: str, start: int, mentions: list[Mention]) -> bool:
        """Return True when ``entity`` is a size of a pack shape and a product named before the figure
        is the subject.

        "G5 instances start at $1.006 per hour for g5.xlarge": the size only says which offer
        the family's figure is; a size holds its figures when it is the subject.
        """
        discovery = self.discovered.get(entity)
        if discovery is None or SHAPE not in discovery.evidence:
            return False
        return any(m.end <= start and m.entity != entity for m in mentions)

    def _single_part(
        self, text: str, start: int, end: int, mentions: list[Mention], attribute: Attribute
    ) -> str | None:
        """Return the part when the figure follows a part counted once ("NVIDIA L20 x1; 48 GB"): a
        figure of the part's own kind is its, not the machine's; money, savings and ratios are not."""
        if attribute.unit in ("x", "%") or attribute.unit.startswith("USD"):
            return None
        part = single_counted_part(text, start, mentions)
        if part is None or self.resolver.kind(part.entity) not in attribute.holders:
            return None
        stated = self.resolver.stated_scope(text, start, end, start, part.entity)
        if stated is not None and stated != self.resolver.kind(part.entity):
            return None  # "1x L4, 24 GB per instance": the scope the figure states
        return part.entity

    def _attribute_entity(self, scene: _Scene, figure: _Figure, attribute: Attribute) -> Attribution | None:
        """Return the entity and scope of a figure, trying the most specific evidence first."""
        text, mentions, table = scene.segment.text, scene.mentions, scene.table
        end = figure.quantity.unit_end or figure.end if figure.quantity else figure.end
        counted_scope = attribute.count_scope if attribute.is_count else None
        if counted_scope == "chip" and table is None and figure.quantity is not None:
            apposed = self._machine_named_after_count(text, figure.quantity, mentions)
            if apposed is not None:  # "our 8x H100 box (P5)": the chips of the machine the aside names
                return Attribution(apposed, self.resolver.kind(apposed), "prose.apposed-machine", 0.9)
            owner = bracketed_base_owner(  # "NX-H200.8 (HGX H200, 8 GPUs)": the named machine's chips
                text, figure.start, mentions, lambda e: self.resolver.is_container(e, "card")
            )
            if owner is not None:
                return Attribution(owner, self.resolver.kind(owner), "prose.bracketed-base", 0.85)
        aside = (
            self.counted_asides.find(text, figure.start, end, mentions) if counted_scope is not None else None
        )
        if (
            aside is not None and counted_scope is not None and not aside.unnamed
        ):  # "36 DGX B300 (8 GPUs each)": one machine's chips
            if aside.entity is None or not self.resolver.is_container(aside.entity, counted_scope):
                return None  # "2x Xeon 6 6960P (72 cores each)": each processor's, not the server's
            return Attribution(aside.entity, self.resolver.kind(aside.entity), "prose.counted-aside", 0.85)
        equation = (
            self.equation_totals.find(text, figure.start, mentions) if counted_scope is not None else None
        )
        if equation is not None and counted_scope is not None:  # "Ridge = 8 x GB200 NVL72, i.e. 576 GPUs"
            if equation.entity is None or not self.resolver.is_container(equation.entity, counted_scope):
                return None  # "= 4 x GB300 NVL72, i.e. 288 GPUs" of no named whole: no machine's count
            return Attribution(
                equation.entity, self.resolver.kind(equation.entity), "prose.equation-total", 0.85
            )
        if self.resolver.per_part(text, figure.start, end):
            return None  # "200 Gb/s per endpoint" is no figure of the system or its chips
        if (
            not attribute.additive
            and attribute.unit != "x"
            and self.resolver.times_count(text, figure.start, end)
            and not self._holds_factor(scene, figure)
        ):
            return None  # "8 × 200 Gb/s": each link's rate; a link rate does not sum to a total
        if table is None and self.resolver.whole_before_part(text, figure.start, end, mentions):
            return None  # "The hall is fed with 400 kW, of which Nordlys draws 95 kW": the hall's
        fraction = self.fraction_parts.owner(text, figure.start, mentions) if table is None else None
        if fraction is not None:
            # "a quarter of the Bow Pod64 (one Bow Pod16) at USD 96 per hour": the part's, never the whole's
            if fraction.entity is None or self.resolver.kind(fraction.entity) not in attribute.holders:
                return None
            return Attribution(
                fraction.entity, self.resolver.kind(fraction.entity), "prose.fraction-part", 0.85
            )
        # "gave 18 GB for the WSE-2. That is the figure of the WSE-1": the next sentence's remark too
        following = scene.segment.block.text[scene.segment.offset :]
        reassigned = self._reassigned(text, end, mentions, following, figure.start) if table is None else None
        whole_noun = self.whole_totals.noun(text, end) if reassigned is None and table is None else None
        if whole_noun is not None:  # "rev 6 said 8 TB per RDU; that was the total for the system"
            whole = self._whole_total_owner(figure.start, mentions, whole_noun)
            if whole is not None and self.resolver.kind(whole) in attribute.holders:
                return Attribution(whole, self.resolver.kind(whole), "prose.whole-total", 0.85)
        if reassigned is None and table is None and self.reassignments.unknown_owner(text, end):
            return None  # "int8_tops was 256 (that is the ZX-4's figure)": a product the pack does not know
        if (
            reassigned is not None
            and counted_scope is None
            and self.resolver.kind(reassigned) in attribute.holders
        ):
            # "288 GB; that is the MI355X figure": the product's own, whatever the clause said of scope
            return Attribution(reassigned, self.resolver.kind(reassigned), "prose.reassigned", 0.9)
        if counted_scope is None and attribute.unit != "x" and table is None:
            modified = self._premodified(text, figure.start, end, mentions)
            if modified is not None and self.resolver.kind(modified) in attribute.holders:
                return Attribution(modified, self.resolver.kind(modified), "prose.premodifier", 0.9)
            # "Gaudi 3's 3.7 TB/s against the H100 SXM's 3.35 TB/s": the possessor owns the figure,
            # even one named as the baseline
            possessor = next(
                (m for m in scene.possessors if self._possessed.fullmatch(text, m.end, figure.start)),
                None,
            )
            if possessor is not None and self.resolver.kind(possessor.entity) in attribute.holders:
                return Attribution(
                    possessor.entity, self.resolver.kind(possessor.entity), "prose.possessor", 0.9
                )
        based = self.based_machines.aside_chip(text, figure.start, mentions) if table is None else None
        if based is not None:
            # "MI355X-based servers (288 GB per GPU, 11 kW each)": a figure per chip is the chip's,
            # the unnamed servers' own are no claims
            if (
                counted_scope is None
                and self.based_machines.per_part(text, end)
                and self.resolver.kind(based) in attribute.holders
            ):
                return Attribution(based, self.resolver.kind(based), "prose.based-machine-aside", 0.85)
            return None
        if counted_scope is None and table is None:
            owner = self._figure_owner_after(text, end, mentions)
            if owner is not None and self.resolver.kind(owner) in attribute.holders:
                return Attribution(owner, self.resolver.kind(owner), "prose.figure-of", 0.85)
        if counted_scope is None and table is None and attribute.unit != "x":
            # "g5.12xlarge at $5.672/hr vs inf2.48xlarge at $12.98/hr": the compared product's own figure
            at = next((m for m in reversed(mentions) if m.end <= figure.start), None)
            if (
                at is not None
                and at.role in (BASELINE, COMPARED)
                and _AT_GAP.fullmatch(text, at.end, figure.start)
                and self.resolver.kind(at.entity) in attribute.holders
            ):
                attribution = Attribution(at.entity, self.resolver.kind(at.entity), "prose.compared-at", 0.85)
                stated = self.resolver.stated_scope(text, figure.start, end, figure.start, at.entity)
                return self.resolver.fit_scope(attribution, stated, attribute) if stated else attribution
        if counted_scope is None and table is None and attribute.unit.startswith("USD"):
            bought = self._bought_after(text, end, mentions)
            if bought is not None and self.resolver.kind(bought) in attribute.holders:
                attribution = Attribution(bought, self.resolver.kind(bought), "prose.priced-for", 0.85)
                stated = self.resolver.stated_scope(text, figure.start, end, figure.start, bought)
                # fitted even with no stated scope: a company's deal has none ("paid $350M for Annapurna")
                return self.resolver.fit_scope(attribution, stated, attribute)
        if table is None and figure.quantity is not None:
            paired = self._paired_owner(scene, figure)
            if paired is not None and self.resolver.kind(paired) in attribute.holders:
                return Attribution(paired, self.resolver.kind(paired), "prose.paired", 0.85)
        if counted_scope is not None and _is_compound_count(figure, text):
            named = self._named_by_count_adjective(text, end, mentions, attribute, counted_scope)
            if named is not None:
                return Attribution(named, self.resolver.kind(named), "prose.count-adjective", 0.9)
        if counted_scope is None and self._set_total(text, figure.start, mentions):
            return None  # "three p150a = 96 GB": the total of a set of cards no machine holds
        if counted_scope is not None and not self._needed_by_named(text, figure.start, mentions):
            return None  # "serving Llama-2-70B needs roughly 576 chips": no container holds them
        if counted_scope is not None and self._each_unit_before.search(
            text, max(0, figure.start - 120), figure.start
        ):
            return None  # "9,408 nodes, each with four GPUs": each unnamed node's, not the system's
        if ORGANIZATION in attribute.holders:
            company = self._company_referent(scene, figure)
            if company is not None:
                return Attribution(company, None, "prose.company-anaphor", 0.85)
        elif self._said_of_company(scene, figure):
            return None  # "the company operates 3 data centres with 24 MW": no product's figure
        whole = self._whole_referent(scene, figure) if counted_scope is None else None
        if whole is not None and self.resolver.kind(whole) in attribute.holders:
            return Attribution(whole, self.resolver.kind(whole), "prose.whole-system", 0.8)
        configured = self._configuration_owner(text, end, mentions) if counted_scope is None else None
        if configured is not None and configured[1] in attribute.holders:
            return Attribution(configured[0], configured[1], "prose.configuration", 0.85)
        if counted_scope is None and attribute.unit != "x" and "chip" in attribute.holders:
            hosting = self.hosted.owner(text, figure.start, end, mentions)
            if hosting is not None:  # "1,200 W in GB200" after the B200: the B200's in that system
                return Attribution(hosting, "chip", "prose.hosted-in", 0.85)
        total = self.resolver.group_total(text, figure.start, mentions) if counted_scope is None else None
        if total is not None and self.resolver.kind(total[0]) in attribute.holders:
            return Attribution(total[0], total[1], "prose.group-total", 0.8)
        ratio = attribute.unit == "x"
        contrasted = self.resolver.contrasted_entity(text, figure.start, end, mentions) if not ratio else None
        if contrasted is not None and self.resolver.kind(contrasted) in attribute.holders:
            return Attribution(contrasted, self.resolver.kind(contrasted), "prose.contrasted-noun", 0.85)
        owner = self.resolver.definite_of_owner(text, figure.start, end, mentions) if not ratio else None
        if owner is not None and counted_scope is None and self.resolver.kind(owner) in attribute.holders:
            return Attribution(owner, self.resolver.kind(owner), "prose.of-owner", 0.85)
        per_entity = self.resolver.per_entity(text, end, mentions, ratio=ratio)
        partner_end = self.slash_partners.partner_end(text, figure.start, end) if per_entity is None else None
        if partner_end is not None:  # "865 TFLOPS FP8 / 432 TFLOPS BF16 per Gaudi2": both the Gaudi2's
            per_entity = self.resolver.per_entity(text, partner_end, mentions, ratio=ratio)
        if per_entity:  # "900 MB per IPU" of four GC200 IPUs, or in a Bow-2000's row: their chip's
            names = [m.entity for m in mentions]
            if table is not None and scene.segment.cell_index is not None:
                names += [entity for entity, _, _ in table.candidates(scene.segment.cell_index)]
            per_entity = self.resolver.named_member(per_entity, names)
            if self.resolver.is_generic_family(per_entity):  # "900 MB per IPU" under a Bow-2000's heading
                heading_subjects = [f.entity for f in scene.fallbacks if f.rule == "context.heading"]
                per_entity = self.resolver.named_member(per_entity, heading_subjects)
        if per_entity and self._size_after_subject(per_entity, figure.start, mentions):
            per_entity = None
        if per_entity and (counted_scope is None or self.resolver.is_container(per_entity, counted_scope)):
            attribution = Attribution(per_entity, self.resolver.kind(per_entity), "per-entity", 0.95)
            if counted_scope is None and self.withdrawn.is_superseded(text, figure.start, figure.end):
                # "Board power climbs to 1,000 W, up from 750 W on the MI300X": the earlier
                # value shares the noun of the new one, and with it its scope.
                stated = self.resolver.scope_modifying_attribute(text, 0, figure.start, attribute, per_entity)
                return self.resolver.fit_scope(attribution, stated, attribute)
            if counted_scope is None:
                # "$2.10 per GPU-hour on the XE9680": the rate's own noun scopes it
                stated = self.resolver.stated_scope(text, figure.start, end, figure.start, per_entity)
                return self.resolver.fit_scope(attribution, stated, attribute)
            return attribution
        if counted_scope is None and attribute.unit != "x":
            # "8x L20 48GB", "8x B200 at 180 GB": a size written onto a counted chip's name is that chip's own
            glued = next(
                (
                    m
                    for m in mentions
                    if m.role == COUNTED
                    and m.end <= figure.start
                    and (
                        self.resolver.forms_between(text, m.end, figure.start)  # "8x B200 SXM 180 GB"
                        # "16 chips at $4.72 per hour" is what the whole machine costs
                        or (
                            not attribute.unit.startswith("USD")
                            and _AT_GAP.fullmatch(text, m.end, figure.start)
                        )
                    )
                ),
                None,
            )
            if glued is not None and self.resolver.kind(glued.entity) in attribute.holders:
                return Attribution(glued.entity, self.resolver.kind(glued.entity), "prose.glued-name", 0.9)
            sized = (
                None
                if attribute.unit.startswith("USD")
                else next(
                    (
                        m
                        for m in reversed(mentions)
                        if m.role == COUNTED
                        and m.end <= figure.start
                        and self.counted_sizes.sizes_each(text, m.end, figure.start)
                    ),
                    None,
                )
            )
            sized_kind = self.resolver.kind(sized.entity) if sized is not None else None
            if sized is not None and sized_kind in ("chip", "card") and sized_kind in attribute.holders:
                # "4 L40S GPUs of 48 GB": each counted chip's size, not the machine's total
                scope = self._counted_unit_scope(text, sized, sized_kind)
                return Attribution(sized.entity, scope, "prose.counted-size", 0.85)
        of_counted = (
            self.resolver.each_of_counted(text, figure.start, end, mentions)
            if counted_scope is None
            else None
        )
        if of_counted is not None and self.resolver.kind(of_counted) in attribute.holders:
            return Attribution(of_counted, self.resolver.kind(of_counted), "prose.each-counted", 0.85)
        if counted_scope is not None and self.each_figures.is_each(text, figure.start, figure.end):
            # "Sixteen Bow-2000 machines with four Bow IPUs each": the chips of each counted machine
            machine = next(
                (
                    m.entity
                    for m in reversed(mentions)
                    if m.role == COUNTED
                    and m.end <= figure.start
                    and self.resolver.is_container(m.entity, counted_scope)
                ),
                None,
            )
            if machine is not None and self.resolver.kind(machine) in attribute.holders:
                return Attribution(machine, self.resolver.kind(machine), "prose.each-counted+count", 0.85)
        if counted_scope is None and self.each_figures.is_each_or_listed(text, figure.start, end):
            # "64 MI300X GPUs with 192 GB each", "eight cards, each with 48 GB": the counted things.
            # A later item of an "each with" list sizes what was counted before "each", not the parts
            # the list counts ("576 DGX H100 systems, each with eight H100 GPUs, 640 GB ...").
            opening = self.each_figures.list_opening(text, figure.start)
            before = figure.start if opening is None else opening
            counted = [m for m in mentions if m.role == COUNTED and m.end <= before]
            if counted:
                entity = counted[-1].entity
                kind = self.resolver.kind(entity)
                if kind in attribute.holders:
                    scope = self._counted_unit_scope(text, counted[-1], kind)
                    return Attribution(entity, scope, "prose.each-counted", 0.85)
        each_of = self._each_of_subject.search(text, max(0, figure.start - 120), figure.start)
        if counted_scope is None and each_of is not None:
            # "each of the 8 B200 GPUs has 180 GB": the part the subject picks one of, not its machine
            picked = [m for m in mentions if each_of.start(1) <= m.start < each_of.end(1)]
            if picked and self.resolver.kind(picked[-1].entity) in attribute.holders:
                entity = picked[-1].entity
                return Attribution(entity, self.resolver.kind(entity), "prose.each-of-subject", 0.85)
        headed = (
            self.counted_heads.owner(text, figure.start, end, mentions)
            if counted_scope is None and attribute.unit != "x" and not attribute.unit.startswith("USD")
            else None
        )
        if (
            headed is not None
            and table is not None
            and table.row_entity is not None
            and self.resolver.holds(table.row_entity, headed)
            and self.counted_heads.comma_listed(text, figure.start, mentions)
        ):
            headed = None  # "| p5.48xlarge | 8x H100, 640 GB |": the row's machine, its parts, its size
        if headed is not None and self.resolver.kind(headed) in attribute.holders:
            attribution = Attribution(headed, self.resolver.kind(headed), "prose.counted-head", 0.85)
            # "8x H20, 96 GB each, so 768 GB of HBM3 per node": the scope the figure states
            stated = self.resolver.stated_scope(text, figure.start, end, figure.start, headed)
            return self.resolver.fit_scope(attribution, stated, attribute) if stated else attribution
        unit = self.resolver.counted_unit(text, figure.start, end, mentions) if table is None else None
        if (
            unit is not None
            and self.resolver.kind(unit) in attribute.holders
            and (counted_scope is None or self.resolver.is_container(unit, counted_scope))
        ):
            return Attribution(unit, self.resolver.kind(unit), "prose.counted-unit", 0.85)
        candidates: list[tuple[str, str, float]] = []
        if table is not None and scene.segment.cell_index is not None:
            candidates.extend(table.candidates(scene.segment.cell_index))
        in_clause = self.resolver.in_clause(
            text,
            figure.start,
            mentions,
            holders=attribute.holders,
            container_of=counted_scope,
            item=scene.segment.block.kind is BlockKind.LIST_ITEM,
            ratio=ratio,
            # Figures a machine sums over its chips, or pays for; not a die's SRAM or process.
            machine_figure=attribute.additive or attribute.unit == "USD",
            priced=attribute.unit.startswith("USD"),
        )
        if (
            in_clause is not None
            and table is not None
            and table.part_of_item(scene.segment, in_clause[0], self.resolver)
        ):
            in_clause = None  # "GPU server X, HGX B200 8-GPU, 14.3 kW max": the row's machine's
        if (
            in_clause is not None
            and table is None
            and self._unknown_subject_between(text, figure.start, in_clause[0], mentions)
        ):
            in_clause = None  # "after the H200 we bought the ZX-40: 96 GB": the unknown product's
        if in_clause is not None:
            keyed = keyed_machine(text, figure.start, mentions, in_clause[0], self.resolver.holds)
            if keyed is not None and self.resolver.kind(keyed) in attribute.holders:
                in_clause = (keyed, "prose.keyed-machine")  # "DGX Spark: GB10, 128 GB": the machine's field
        if in_clause is None and counted_scope is None and table is None and figure.date is None:
            single = self._single_part(text, figure.start, end, mentions, attribute)
            if single is not None:  # "NVIDIA L20 x1; 48 GB": the one part's own figure
                return Attribution(single, self.resolver.kind(single), "prose.single-part", 0.85)
        if in_clause is not None:
            in_clause = self._family_member(scene, in_clause, attribute)
        if in_clause is not None:
            # In a comparison table the column decides; an entity named in the cell comes next.
            position = 1 if candidates and candidates[0][1] == "table.column-entity" else 0
            candidates.insert(position, (in_clause[0], in_clause[1], 0.9))
        if in_clause is None and not self.resolver.anaphor_before(text, figure.start):
            after = self.resolver.after_in_clause(
                text,
                end,
                mentions,
                stop=next((f.start for f in scene.figures if f.start >= end), None),
                figures=tuple(f.start for f in scene.figures),
                holders=attribute.holders,
                container_of=counted_scope,
                multiplier=attribute.unit == "x",
            )
            if after is not None:
                candidates.insert(
                    1 if candidates and candidates[0][1] == "table.column-entity" else 0,
                    (after, "prose.named-after", 0.8),
                )
        if not candidates and table is None and attribute.name == "cost_savings":
            # "we give 22% discount; the reserved tariff of the X is thus ...": worked out for X
            owner = self.discount_owners.owner(text, end, mentions)
            if owner is not None and self.resolver.kind(owner) in attribute.holders:
                candidates.append((owner, "prose.discount-worked-out", 0.8))
        if not candidates and table is None and self._names_unknown_apposition(text, figure.start, mentions):
            return None  # "a companion system, Tuolumne, uses 4,608 APUs": not the topic's
        if counted_scope is not None:
            # "TPU v5p: ... pods of 8,960 chips": the chip named in the clause leads to its
            # container, when a container noun stands by the count (checked below).
            clause_named = self.resolver.in_clause(text, figure.start, mentions, holders=attribute.holders)
            if clause_named is not None and all(clause_named[0] != entity for entity, _, _ in candidates):
                candidates.append((clause_named[0], clause_named[1], 0.85))
        if counted_scope is not None and sizes_some_machine(
            text, figure.start, figure.end, mentions, self.resolver.kind
        ):
            return None  # "an 8-accelerator Gaudi 2 node": some machine of the chip, none named
        if not candidates and table is None and self._names_unknown_product(text, figure.start):
            return None  # "the ZT-77 draws 40 W": no product named elsewhere takes it
        if not candidates and table is None and self.unnamed.opens_sentence(text, figure.start):
            return None  # "an accelerator has 400 TFLOPS": a figure of no named product
        if not candidates and table is None and self.unnamed.unnamed_machine_before(text, figure.start):
            return None  # "a UBB kit with eight Gaudi 3 accelerators would list at $125,000": the kit's
        if not candidates and self.requirements.is_required(text, figure.start, end):
            return None  # "Requirement 4 now reads 350 W or less", named of nothing: not the topic's
        machine = self._definite_machine(scene, figure) if not candidates and table is None else None
        if machine is not None:
            candidates.append((machine, "prose.definite-machine", 0.8))  # "The server is rated at 3 kW"
        elif scene.carried and table is None:
            candidates.append((scene.carried, "prose.previous-sentence", 0.75))
        candidates.extend((f.entity, f.rule, f.confidence) for f in scene.fallbacks)
        uncontained_topic = False  # a nearer topic (a heading's product) held no container of the count
        for entity, rule, confidence in candidates:
            if uncontained_topic and rule == "context.document-subject":
                continue  # "Rack holds 72 accelerators" on a chip's slide: no rack of the deck's subject
            if self.resolver.kind(entity) not in attribute.holders:
                # "Trn2 instances are built on a 5nm process": a chip-only attribute said of a
                # container belongs to the chip it contains.
                inner = self.resolver.contained(entity)
                if inner is None or self.resolver.kind(inner) not in attribute.holders:
                    continue
                entity, rule = inner, rule + "+contained"
            if counted_scope is not None:
                if table is not None and self._counted_per_smaller(table, scene, entity):
                    continue  # "| GPU per node | 4 |" under a cluster's column: no count of the cluster
                if not self.resolver.is_container(entity, counted_scope):
                    if rule.startswith("prose.") and not _same_item(scene, figure, entity):
                        continue  # "A100 80GB ... $1.79/hr\n8-GPU nodes": another line item's chip
                    # "| H200 | HGX H200 8-GPU | 8 |": the machine the row names; else "pods of
                    # 8,960 chips" said of TPU v5p: the TPU v5p pod.
                    container = table.container_in_row(entity, self.resolver) if table is not None else None
                    if container is None and counted_scope == "chip":
                        container = self._counted_group(scene, figure, entity)  # "has in total 40 L4"
                    container = container or self.resolver.container_named_near(
                        text, figure.start, figure.end, entity
                    )
                    if container is None and table is not None:
                        # "| TPU v5p | chips per pod | 8,960 |", "| Chips per pod | 8,960 |",
                        # a "| Pod size |" column of a chip's row
                        # A header's "GPUs per node" names no machine: the pack's sole node of the
                        # chip is the row's only when it holds as many ("4 x A100" is no DGX A100).
                        field = " ".join(table.labels(scene.segment))
                        count = figure.quantity
                        container = self.resolver.container_named_near(
                            field,
                            0,
                            len(field),
                            entity,
                            count.low if count and count.low == count.high else None,
                        )
                    if container is None:
                        uncontained_topic = uncontained_topic or rule.startswith("context.")
                        continue
                    if rule.startswith("context.") and _INDEFINITE_BEFORE.search(text, 0, figure.start):
                        continue  # "Etched says one 8-chip server ...": some server, not the topic's
                    entity, rule = container, rule + "+container-noun"
                counted_names = [m.entity for m in mentions if m.role == COUNTED and figure.start <= m.start]
                if counted_names and not any(self._may_hold(entity, name) for name in counted_names):
                    continue  # "eight Sohus in a server" is no count of the SambaNova node's chips
                if any(m.role == BASELINE and figure.start <= m.start < figure.end for m in mentions):
                    continue  # "replaces 160 H100 GPUs" counts what is taken out, no machine's chips
                if any(m.entity == entity and figure.start <= m.start < figure.end for m in mentions):
                    continue  # "holds eight HL-325L modules" in the HL-325L's row counts no chips of its own
                if (
                    counted_scope == "chip"
                    and entity in counted_names
                    and not self.each_figures.is_each(text, figure.start, figure.end)
                ):
                    continue  # "a 2,048-GPU run would need 256 A3 Ultra VMs": the chips of many of them
                member = (
                    self.group_counts.member_scope(text, figure.start) if counted_scope == "chip" else None
                )
                if member is not None and self.resolver.is_container_scope(
                    self.resolver.kind(entity), member
                ):
                    continue  # "skarv-x with 48 nodes of 4 GPUs": each node's chips, not the partition's
                entity = self.resolver.specialise(entity, counted_names)
                group = (
                    self._counted_group(scene, figure, entity, counted_names[0] if counted_names else None)
                    if counted_scope == "chip"
                    else None
                )
                if group is not None:
                    entity, rule = group, rule + "+group"  # "..., each with 8 GPUs, in total 96 GPUs"
                attribution = Attribution(entity, self.resolver.kind(entity), rule + "+count", confidence)
                lead = self.resolver.lead_scope(text, figure.start)
                if lead is not None and self.resolver.is_container_scope(lead, counted_scope):
                    # "per chip that's ... 8 NeuronCores": the count of the instance's chip
                    fitted = self.resolver.fit_scope(attribution, lead, attribute)
                    return fitted if fitted.entity != entity else attribution
                if (
                    table is not None
                    and self.resolver.is_container_scope("chip", counted_scope)
                    and self.device_labels.names_chip(table.own_labels(scene.segment))
                ):
                    # "| RDU cores | 1,040 |" in a machine's table: one chip's cores, not the machine's
                    fitted = self.resolver.fit_scope(attribution, "chip", attribute)
                    return fitted if fitted.entity != entity else attribution
                return attribution
            since = scene.figure_ending.last_at_or_before(figure.start)
            machine = self.resolver.counted_machine(text, since, figure.start, entity)
            if machine is not None:
                return Attribution(
                    machine, self.resolver.kind(machine), rule + "+counted-machine", confidence
                )
            stated = self.times_counts.scope(text, figure.start) if attribute.additive else None
            stated = stated or self.resolver.stated_scope(
                text, figure.start, end, since, entity, dated=attribute.is_date, total=attribute.additive
            )
            stated = stated or self.resolver.each_counted_scope(text, figure.start, end, mentions)
            if (
                stated is None
                and figure.quantity is not None
                and figure.quantity.unit_pint == "USD"
                and self.counted_prices.is_per_chip(text, figure.start, end)
            ):
                stated = "chip"  # "8 cards at $4.10": the machine's price of each chip
            stated = stated or self._factor_scope(scene, figure, entity)
            if (
                stated is None and table is None
            ):  # "In WIS-H100NVL.2 both accelerators are joined at 600 GB/s"
                stated = self.placed_parts.scope(
                    text,
                    figure.start,
                    end,
                    mentions,
                    entity,
                    self.resolver.is_container,
                    additive=attribute.additive,
                )
            stated = stated or self.resolver.form_factor_scope(text, figure.start, end)
            stated = stated or self._coordinated_scope(scene, figure, end)
            if stated is None and table is None and attribute.additive:
                stated = self.clause_subjects.scope(text, figure.start)  # "the card has 16 GB at 576 GB/s"
            stated = stated or self._earlier_rate_scope(scene, figure, attribute)
            if stated is None and table is not None and attribute.rented_scope is not None:
                stated = table.row_usage_scope  # "T4 GPU attached to n1-standard-8": its rate per chip
            variant = self.resolver.variant_named_after(text, end, entity)
            if variant is None:
                variant = self._variant_as_subject(text, figure.start, entity, mentions)
            if figure.term is not None and figure.term.kind == "variant":  # "| Memory (SXM / PCIe) |"
                variant = self.resolver.variant(entity, figure.term.value)
            if variant is not None:
                entity, rule = variant, rule + "+variant"
            part = self.resolver.part_subject(text, figure.start, entity) if variant is None else None
            if part is not None:
                entity, rule = part, rule + "+part-subject"
            stated = stated or self.resolver.scope_named_with(
                text, figure.start, entity, mentions, total=attribute.additive
            )
            stated = stated or (self._asked_scope(scene.segment, entity) if table is None else None)
            stated = stated or self.resolver.scope_modifying_attribute(
                text, since, figure.start, attribute, entity
            )
            stated = stated or self.resolver.scope_modifying_attribute_after(text, end, attribute, entity)
            if stated is None and table is not None:
                stated = self.resolver.scope_in_labels(table.labels(scene.segment), attribute, entity)
                if (
                    stated is None
                    and attribute.additive
                    and (
                        table.is_per_device(scene.segment)
                        or self.device_labels.names_device_figure(table.own_labels(scene.segment))
                        or (
                            self.times_counts.counted(text, figure.start)
                            and self.device_labels.names_chip(table.own_labels(scene.segment))
                        )
                    )
                ):
                    # "All values are per accelerator", "| Accelerator TDP |", "| Accelerator
                    # memory | 8 × 64 GB |": the row machine's accelerator's (a card's too)
                    inner = self.resolver.contained(entity)
                    if inner is None:
                        # "| G482-Z54 | 8 × MI210 | 8 × 64 GB |": the chip the row counts
                        inner = table.row_chip(self.resolver)
                        if inner is not None:
                            entity, rule = inner, rule + "+row-chip"
                    stated = (self.resolver.kind(inner) if inner is not None else None) or "chip"
                if stated is None and self.resolver.is_machine_scope(self.resolver.kind(entity), "chip"):
                    stated = self.resolver.scope_of_sibling_headers(
                        table.headers, table.labels(scene.segment)[0], attribute
                    )
            if (
                stated is None
                and table is not None
                and not attribute.is_date
                and self.resolver.kind(entity) == "chip"
            ):
                stated = table.form_scope_of(scene.segment)  # "| NVIDIA A16 | board | 64.0 |": the board's
            if stated is None and attribute.additive:
                stated = self.resolver.line_lead_scope(text, figure.start)  # "Single card ...: 96GB; ..."
            if stated is None and attribute.additive:
                stated = self._sibling_rate_scope(scene, figure)
            if stated is None and not attribute.is_date:
                stated = self._node_scope(scene, figure, entity)
            if stated is None and attribute.is_date:
                stated = self._date_scope(text, since, figure.start)
            if (
                stated is None
                and attribute.additive
                and rule.startswith("prose.previous-sentence")
                and entity == scene.carried
            ):
                stated = self._carried_scope_here(scene, figure)
            if stated is None and attribute.rented_scope is not None and table is None:
                machine = self._renting_machine(scene, figure.start, entity)
                if machine is not None:
                    entity, rule = machine, rule + "+rented-machine"
            if (
                stated is not None
                and stated == self.resolver.kind(entity)
                and attribute.rented_scope is not None
                and table is None
                and rule.startswith("prose.previous-sentence")
            ):
                machine = self._block_rental(scene.segment.block, entity, attribute.rented_scope)
                if machine is not None:  # "... hosts, 8 chips each. ($1.20 per chip-hour)"
                    entity, rule = machine, rule + "+rental-per-chip"
            if (
                stated is None
                and table is None
                and attribute.unit.startswith("USD")
                and rule.startswith("prose.previous-sentence")
            ):
                machine = self._item_machine(scene.segment.block, entity)
                if machine is not None:
                    entity, rule = machine, rule + "+item-machine"
            if (
                stated is not None
                and table is None
                and attribute.rented_scope is None  # "a Gaudi 2 node from $10.42 per hour": a rental's
                and self.resolver.is_machine_scope(stated, self.resolver.kind(entity))
            ):
                # "## EB-8X" ... "(server total 3.2 Tb/s)": the whole machine the section is about
                machine = self._heading_machine(scene.segment.block)
                if (
                    machine is not None
                    and self.resolver.kind(machine) == stated
                    and self.resolver.contained(machine) == entity
                ):
                    entity, rule = machine, rule + "+heading-machine"
            if stated is not None and stated != self.resolver.kind(entity):
                # "Gaudi 2 nodes with eight HL-225H cards, 96 GB per card": the counted unit the scope names
                unit = self._counted_holder(mentions, figure.start, entity, stated)
                if unit is not None:
                    entity, rule = unit, rule + "+counted-holder"
            fitted = self.resolver.fit_scope(Attribution(entity, None, rule, confidence), stated, attribute)
            if (
                stated is None
                and table is None
                and attribute.rented_scope is not None
                and fitted.scope == "server"
                and self.rented_machines.rented(text, mentions, entity, figure.start)
            ):
                # "partners can rent a CS-2 at USD 1,650 per hour": machine time, an instance's rate
                return replace(fitted, scope=attribute.rented_scope, rule=fitted.rule + "+rented")
            return fitted
        return None

    def _counted_holder(self, mentions: list[Mention], start: int, entity: str, scope: str) -> str | None:
        """Return the counted product before ``start`` of kind ``scope`` that holds ``entity``, or None."""
        for mention in reversed(mentions):
            if (
                mention.end <= start
                and mention.role == COUNTED
                and self.resolver.kind(mention.entity) == scope
                and self.resolver.holds(mention.entity, entity)
            ):
                return mention.entity
        return None

    def _carried_scope_here(self, scene: _Scene, figure: _Figure) -> str | None:
        """Return the carried topic's scope for a figure whose sentence names no unit of its own.

        "The L40S card has 48 GB. The chip itself draws 300 W": a scope noun before the figure
        ("chip") speaks of another unit than the card, so nothing is carried.
        """
        if scene.carried_scope is None:
            return None
        if any(m.entity != scene.carried and m.start < figure.start for m in scene.mentions):
            return None  # "in the ND MI300X v5 it is capped at 700 W": the sentence places it elsewhere
        words = [word.lower() for word in _NOUN_WORD.findall(scene.segment.text, 0, figure.start)]
        for index, word in enumerate(words):
            if word in self.resolver.scope_of_noun and not _PLACE_WORDS.intersection(
                words[max(0, index - 2) : index]
            ):
                return None  # "in our rack it drew 340 W" places the card; "the rack draws" is another unit
        return scene.carried_scope

    def _date_scope(self, text: str, since: int, start: int) -> str | None:
        """Return the scope of the systems a date is given for, or None.

        "OEM systems from Q3", "Systems from OEM partners shipped in the second half": a
        container noun that a date's clause opens with dates the container. Systems a chip is
        made available "in" are where it is sold, and "the card" is the product itself.
        """
        since = max([since] + [m.end() for m in _SENTENCE_END.finditer(text, since, start)])
        dated = self._date_scope_re.search(text, since, start)
        if (
            dated is None
            or _INSIDE.search(text, since, dated.start())
            or self._definite_before.search(text, since, dated.start())
        ):
            return None  # "announced the card on ...": the card is the product itself
        return self._scope_of_outer.get(dated.group(1).lower())

    def _company_anaphor(self, scene: _Scene, figure: _Figure) -> re.Match[str] | None:
        """Return the last "the company" in the 80 characters before a figure and in its clause."""
        text = scene.segment.text
        found = list(self._company_re.finditer(text, max(0, figure.start - 80), figure.start))
        if not found or _CLAUSE_STOP.search(text, found[-1].end(), figure.start):
            return None
        return found[-1]

    def _company_referent(self, scene: _Scene, figure: _Figure) -> str | None:
        """Return the organisation "the company" before a figure stands for, or None.

        It is the last organisation named before it in the block ("Graphcore was founded in
        2016 ... In 2020 the company raised $222 million"), unless a product named after the
        phrase and before the figure is the clause's subject.
        """
        anaphor = self._company_anaphor(scene, figure)
        if anaphor is None:
            return None
        if any(anaphor.end() <= m.start < figure.start and m.role == SUBJECT for m in scene.mentions):
            return None
        block = scene.segment.block.text
        before = block[: scene.segment.offset + anaphor.start()]
        named = [
            m.entity for m in self.segments.mentions(before) if self.resolver.kind(m.entity) == ORGANIZATION
        ]
        return named[-1] if named else None

    def _counted_unit_scope(self, text: str, counted: Mention, kind: str) -> str:
        """Return the scope a figure sizing each counted ``counted`` takes: "card" when the noun
        counted after a chip's name is a card ("four V100 16GB cards, each with 16 GB", "eight MI210
        cards of 64 GB"), else the counted product's own kind."""
        noun = _WORD_AFTER.match(text, counted.end)
        unit = self.resolver.scope_of_noun.get(noun.group(1).lower()) if noun else None
        return unit if unit == "card" and kind == "chip" else kind

    def _whole_total_owner(self, start: int, mentions: list[Mention], noun: str) -> str | None:
        """Return the last product named before ``start`` at the scope ``noun`` names ("system": a
        server), or holding that scope, for a figure a remark makes the whole machine's total."""
        scope = self.resolver.scope_of_noun.get(noun.lower())
        if scope is None:
            return None
        for mention in reversed(mentions):
            kind = self.resolver.kind(mention.entity)
            if mention.end <= start and (kind == scope or self.resolver.is_container_scope(kind, scope)):
                return mention.entity
        return None

    def _said_of_company(self, scene: _Scene, figure: _Figure) -> bool:
        """Return True when "the company" is the subject of the figure's clause.

        A product named, or a product's pronoun ("it", "its"), between the phrase and the
        figure makes the figure that product's ("the company says its MI300X has 192 GB"), as
        does a relative clause on a product ("the MI325X, which the company previewed in 2024")
        and a verb passing a figure on ("the vendor quotes 380 W").
        """
        text = scene.segment.text
        anaphor = self._company_anaphor(scene, figure)
        if anaphor is None:
            return False
        if self._relative_before_re.search(text, max(0, anaphor.start() - 12), anaphor.start()):
            return False  # "the MI325X, which the company previewed in June 2024"
        if self._source_before_re.search(text, max(0, anaphor.start() - 16), anaphor.start()):
            return False  # "Peak per system, per the vendor data sheet: 72 PFLOPS": the figure's source
        if self._source_possessive_re is not None and self._source_possessive_re.match(text, anaphor.end()):
            return False  # "the vendor's maximum is 375 W": the figure the company gives, the product's
        between = text[anaphor.end() : figure.start]
        if any(anaphor.end() <= m.start < figure.start for m in scene.mentions):
            return False
        return not self.resolver.names_anaphor(between) and self._reporting_re.search(between) is None

    def _whole_referent(self, scene: _Scene, figure: _Figure) -> str | None:
        """Return the machine "the system as a whole" stands for: the last one named before at its
        scope or above ("El Capitan ... each MI300A ..., so the system as a whole carries 5.7 PB")."""
        scope = self.resolver.whole_scope(scene.segment.text, figure.start)
        if scope is None:
            return None
        before = scene.segment.block.text[: scene.segment.offset + figure.start]
        named = [m.entity for m in reversed(self.segments.mentions(before))]
        for entity in named + [f.entity for f in scene.fallbacks]:  # then the page's topic
            kind = self.resolver.kind(entity)
            if kind == scope or self.resolver.is_container_scope(kind, scope):
                return entity
        return None

    def _coordinated_scope(self, scene: _Scene, figure: _Figure, end: int) -> str | None:
        """Return the scope stated after the next figure when "and" joins the two.

        "94 GB of HBM3 and 3.9 TB/s of bandwidth per card": "per card" holds for both. Two
        figures of one dimension do not share it ("96 GB and 1.5 TB per instance" sizes
        differ because their scopes do).
        """
        if figure.quantity is None:
            return None
        text = scene.segment.text
        following = next((f for f in scene.figures if f.start >= end), None)
        if (
            following is None
            or following.quantity is None
            or following.quantity.kind == "count"  # "32 GB ... and wires 4,096 chips into a pod"
            or _dimension(following.quantity) == _dimension(figure.quantity)
            or not _COORDINATED.match(text, end, following.start)
        ):
            return None
        following_end = following.quantity.unit_end or following.end
        return self.resolver.stated_scope(text, following.start, following_end, following.start)

    def _earlier_rate_scope(self, scene: _Scene, figure: _Figure, attribute: Attribute) -> str | None:
        """Return the scope of the rate written earlier in the segment that a bare price continues.

        "$16.00 per GPU-hour until December, then $18.00": the later price is per GPU-hour too.
        """
        quantity = figure.quantity
        if quantity is None or quantity.rate or not attribute.pint or "/" not in attribute.pint:
            return None
        earlier = max(
            (
                f
                for f in scene.figures
                if f.end <= figure.start
                and f.quantity is not None
                and f.quantity.rate
                and f.quantity.unit_pint == quantity.unit_pint
            ),
            key=lambda f: f.end,
            default=None,
        )
        if earlier is None or earlier.quantity is None:
            return None
        text = scene.segment.text
        return self.resolver.stated_scope(
            text, earlier.start, earlier.quantity.unit_end or earlier.end, earlier.start
        )

    def _sibling_rate_scope(self, scene: _Scene, figure: _Figure) -> str | None:
        """Return the "per GPU" scope of the previous figure of the same measure in the line, or None.

        "FP8: 10.1 PFLOPS per GPU with sparsity; FP16: 2.5 PFLOPS dense": the later figure of
        the item leaves out the rate the earlier one wrote.
        """
        quantity = figure.quantity
        if quantity is None:
            return None
        measured = scene.measured_endings.get(_dimension(quantity))
        index = None if measured is None else measured[1].last_before(figure.start)
        earlier = None if measured is None or index is None else measured[0][index]
        if earlier is None or earlier.quantity is None:
            return None
        text = scene.segment.text
        if self.aside_totals.is_total(text, figure.start, quantity.unit_end or figure.end):
            return None  # "141 GB per GPU (564 GB in total)": the sum over the chips, not one chip's
        end = earlier.quantity.unit_end or earlier.end
        after = self.resolver.per_noun_after(text, end)
        if after is None or not self.resolver.reaches_over(text, after[1], figure.start, after[0]):
            return None
        return after[0]

    def _node_scope(self, scene: _Scene, figure: _Figure, entity: str) -> str | None:
        """Return the scope of the unnamed multi-chip node a figure's line, labels or heading describe.

        "H100 SXM x8 · 3.2 Tbps InfiniBand · $23.92/hr" states the node's network and price
        (instance scope of the H100 SXM); its "NVLink 900 GB/s" stays per chip.
        """
        text = scene.segment.text
        if any(m.entity == entity and not text[m.end : figure.start].strip() for m in scene.mentions):
            return None  # "8x L20 48GB": a size written onto the chip's name is the chip's own
        start = text.rfind("\n", 0, figure.start) + 1
        end = text.find("\n", figure.end)
        end = len(text) if end < 0 else end
        on_line = [
            replace(m, start=m.start - start, end=m.end - start)
            for m in scene.mentions
            if start <= m.start < end
        ]
        scope = self.nodes.scope_of(text[start:end], on_line, entity, title=False)
        if scope is None and scene.table is None:
            since = scene.figure_ending.last_at_or_before(figure.start)
            scope = self.nodes.scope_in_sentence(text, since, figure.start, scene.mentions, entity)
        titles = list(scene.table.labels(scene.segment)[:2]) if scene.table is not None else []
        titles.extend(scene.segment.block.headings[-1:])  # the nearest heading
        for title in titles:
            if scope is not None:
                break
            scope = self.nodes.scope_of(title, self.segments.mentions(title), entity, title=True)
        if scope is None or not self.resolver.is_container_scope(scope, self.resolver.kind(entity)):
            return None
        others = [span for span in scene.figure_spans if span != (figure.start, figure.end)]
        return None if self.nodes.is_chip_link(text, figure.start, figure.end, others) else scope

    # -- building the claim ------------------------------------------------------------

    def _rented_rate(
        self, choice: AttributeChoice, attribution: Attribution, figure: _Figure
    ) -> AttributeChoice:
        """Return the rate attribute for money of a rented machine stated with no time, else ``choice``.

        An instance is rented, not sold: "Inf2 price updated to $12.98" is its hourly rate, when
        the figure fits under the rate's ceiling for the scope ("$3.99M" of a VM stays a sum).
        """
        attribute, scope = choice.attribute, attribution.scope
        quantity = figure.quantity
        if quantity is None or quantity.rate or attribute.rented_scope is not None or scope is None:
            return choice
        rate = next(
            (
                other
                for other in self.pack.attributes
                if other.rented_scope == scope and other.pint and other.pint.startswith(f"{attribute.pint} /")
            ),
            None,
        )
        if rate is None:
            return choice
        limit = self.plausibility.ceiling(attribution.entity, scope, rate.name)
        if limit is None or quantity.high * choice.factor > limit:
            return choice
        return replace(choice, attribute=rate, rule=f"{choice.rule}+rented")

    def _build(
        self, scene: _Scene, figure: _Figure, choice: AttributeChoice, attribution: Attribution
    ) -> Claim:
        choice = self._rented_rate(choice, attribution, figure)
        segment, attribute = scene.segment, choice.attribute
        text = segment.text
        start = figure.start
        if figure.quantity is not None and figure.quantity.unit_pint == "USD":
            start = _number_start(text, start, figure.end)
        line, column = segment.block.position(segment.offset + start)
        surface_end = figure.quantity.unit_end if figure.quantity and figure.quantity.unit_end else figure.end
        confidence = attribution.confidence * (0.85 if choice.rule == "unit-default" else 1.0)
        if any(m.fuzzy for m in scene.mentions if m.entity == attribution.entity):
            confidence *= 0.9
        rule = f"{attribution.rule}; {choice.rule}"
        discovery = self.discovered.get(attribution.entity)
        if discovery is not None:
            confidence *= DISCOVERED_CONFIDENCE
            rule = f"{rule}; {discovery.note}"
        source = scene.document.path
        verdict = scene.table.verdict(segment) if scene.table is not None else None
        base = {
            "id": _claim_id(source, line, column, attribute.name),
            "source": source,
            "line": line,
            "column": column,
            "entity": attribution.entity,
            "scope": attribution.scope,
            "attribute": attribute.name,
            "text": text[start:surface_end].strip(),
            "quote": segment.quote,
            # "rack ~ 20 kW?": the doubt outweighs the "~"
            "qualifier": (
                "likely"
                if verdict is Verdict.HEDGED or self._doubted_at(segment.text, _figure_end(figure))
                else None
            )
            or self._worded_qualifier(scene, figure, forecast=verdict is not Verdict.CONFIRMED),
            "confidence": round(min(confidence, 1.0), 3),
            "rule": rule,
        }
        if figure.date is not None:
            date = figure.date
            form = ValueForm.RANGE if date.low else ValueForm.EXACT
            return Claim(value=date.value, unit="date", low=date.low, high=date.high, form=form, **base)  # type: ignore[arg-type]
        quantity = figure.quantity
        assert quantity is not None
        low = quantity.low * choice.factor + choice.offset
        high = quantity.high * choice.factor + choice.offset
        value = (low + high) / 2 if quantity.form is ValueForm.RANGE else low
        exact = quantity.form is ValueForm.EXACT
        qualifiers = self._fact_qualifiers(text, figure, attribute, scene)
        if attribute.unit == "x" and qualifiers.get("baseline") is None and scene.table is not None:
            # "perf_per_watt_vs_v6e = 2.0": the key names the baseline, often without its family
            header = scene.table.header_of(segment)
            if header:
                qualifiers["baseline"] = key_baseline(
                    header,
                    attribution.entity,
                    self._header_words.ratio_key,
                    self.quantities,
                    self.matcher.resolve,
                    self.resolver.variant,
                )
        return Claim(
            value=_tidy(value),
            unit=_unit_for(attribute, qualifiers.get("precision")),
            low=None if exact else _tidy(low),
            high=None if exact else _tidy(high),
            form=quantity.form,
            rounding=_tidy(0.5 * 10 ** (-quantity.decimals) * choice.factor),
            **qualifiers,  # type: ignore[arg-type]
            **base,  # type: ignore[arg-type]
        )

    def _asked_from(self, sentence: str) -> int:
        """Return where the question of a sentence ending in "?" begins: 0 when it asks it all."""
        return _question_start(sentence) or self.trailing_asks.start(sentence)

    def _doubts(self, sentence: str) -> bool:
        """Return True for a sentence ending in a figure and "?" that states, not asks: "rack ~ 20 kW?"."""
        return (
            _DOUBTED_FIGURE.search(sentence) is not None
            and _question_start(sentence) == 0
            and self._question_opener_re.search(sentence) is None
            and self._alternatives_re.search(sentence) is None
        )

    def _doubted_at(self, text: str, end: int) -> bool:
        """Return True when the sentence holding a figure ending at ``end`` is a statement in doubt."""
        close = self._sentence_close_after.search(text, end)
        if close is None or close.group(0) != "?":
            return False
        return self._doubts(text[_sentence_begin(text, end) : close.start() + 1])

    def _worded_qualifier(self, scene: _Scene, figure: _Figure, *, forecast: bool) -> str | None:
        """Return the qualifier the words around a figure give it; a doubt after it outweighs "about".

        "around $10,000, a figure the company has not confirmed": the approximation is the
        reporter's, the doubt is about the figure itself, so the claim is ``likely``.
        """
        text = scene.segment.text
        worded = self._qualifier(text, figure, forecast=forecast) or self._label_qualifier(scene)
        if worded is None:
            worded = self._listed_approximation(scene, figure)
        if worded is None or worded == "about":
            return self._hedge(scene, figure) or worded
        return worded

    def _listed_approximation(self, scene: _Scene, figure: _Figure) -> str | None:
        """Return "about" for a figure listed after one that an approximation word stands before.

        "roughly $32,000 per H200 and $25,000 per MI325X": the word covers the whole list.
        """
        ordered = scene.ordered_spans
        # every span starting by this figure: those not ending before it are passed over (0253)
        head = list_head_among(
            scene.segment.text, ordered.spans, ordered.starting_by(figure.start), figure.start, figure.end
        )
        if head is None:
            return None
        first = next(f for f in scene.figures if (f.start, f.end) == head)
        approximate = self._qualifier(scene.segment.text, first, forecast=False) == "about"
        return "about" if approximate else None

    def _hedge(self, scene: _Scene, figure: _Figure) -> str | None:
        """Return "likely" for a figure its sentence calls unconfirmed after it, else None."""
        next_start = scene.ordered_spans.next_start(figure.end)
        hedged = self.refutations.hedged_after(scene.segment.text, figure.end, next_start)
        if not hedged and scene.table is None and len(scene.figures) == 1:
            # the sentence's one figure, doubted by the next sentence ("We could not confirm this.")
            segment = scene.segment
            hedged = self.refutations.hedges_previous(segment.block.text, segment.offset + len(segment.text))
        return "likely" if hedged else None

    def _qualifier(self, text: str, figure: _Figure, *, forecast: bool = True) -> str | None:
        """Return the figure's qualifier from the words around it; ``forecast``: a later date is likely."""
        if figure.date is not None and figure.date.qualifier:
            return figure.date.qualifier
        before = text[max(0, figure.start - 40) : figure.start]
        bound = self._bound_re.search(before)
        if bound is None and self._comma_document:
            bound = self._notation_bound_re.search(before)
        if (
            bound
            and bound.group(1).lower() == "from"
            and (
                figure.date is not None
                or (figure.quantity is not None and figure.quantity.form is ValueForm.RANGE)
            )
        ):
            bound = None  # "available from Q1 2025" starts availability; "from 120 W to 180 W" spans
        hedge = self._hedge_re.search(before)
        if bound and bound.group(1).lower() == "over" and self._carried_over(text, figure):
            bound = None
        if bound and bound.group(1).lower() == "from" and self.withdrawn.marks_change(before):
            bound = None  # "up from 750 W": where a change started, no lower bound
        if bound and bound.group(1) == ">" and _TAG_BEFORE.search(before):
            bound = None  # "<li>933 GB/s": markup kept in a cell, the end of a tag
        if bound and (hedge is None or bound.start() > hedge.start()):
            word = re.sub(r"\s+", " ", bound.group(1).lower())
            return self._qualifiers.get(word) or self._notation_bounds.get(word, word)
        if hedge or (forecast and self._forecast(figure)):
            return "likely"
        if figure.quantity is not None and figure.quantity.plus:
            return "at least"
        cue_bound = self._cue_bound_re.search(before)
        if cue_bound is not None and figure.date is None:
            return self._qualifiers.get(cue_bound.group(1).lower())
        after = self._bound_after_re.match(text, _figure_end(figure))
        if after is not None and figure.quantity is not None and figure.quantity.unit_pint:
            return self._qualifiers.get(after.group(1).lower())
        return None

    def _forecast(self, figure: _Figure) -> bool:
        """Return True for a date that may end after the month the document is dated: a plan, not a record."""
        if figure.date is None or self._dateline is None:
            return False
        if figure.date.bare_year:
            return figure.date.value > self._dateline[:4]
        return (figure.date.high or figure.date.value)[:7] > self._dateline

    def _label_qualifier(self, scene: _Scene) -> str | None:
        """Return the bound a table cell's row label or column header opens with ("Max TDP")."""
        if scene.table is None:
            return None
        index = scene.segment.cell_index or 0
        headers = scene.table.headers
        if index < len(headers) and converted_with(headers[index], self._header_words, self._approximate_re):
            return "about"
        for label in (scene.table.row_label, headers[index] if index < len(headers) else ""):
            match = self._label_bound_re.match(label)
            if match is None and _KEY_WORDS.fullmatch(label):
                match = self._key_bound_re.search(label)
            if match is not None:
                return self._qualifiers.get(re.sub(r"\s+", " ", match.group(1).lower()))
        return None

    def _carried_over(self, text: str, figure: _Figure) -> bool:
        """Return True if "over" before the figure is a preposition: the figure names a carrier."""
        return self._carrier_re.match(text, figure.end) is not None

    def _fact_qualifiers(
        self, text: str, figure: _Figure, attribute: Attribute, scene: _Scene
    ) -> dict[str, str | None]:
        # What qualifies a figure stands inside it ("3 FP8 petaflops"), after it up to the
        # next number ("989 TFLOPS of dense BF16"), just before it ("peak 900 GB/s"), or
        # in the row label of its table ("| Dense FP8 compute | 1,299 TFLOPS |").
        next_number = self._free_digit_after.search(text, figure.end)
        line_end = text.find("\n", figure.end)
        if line_end >= 0 and scene.table is None and _wraps_on(text, line_end):
            line_end = text.find("\n", line_end + 1)  # a wrapped sentence: "190 TFLOPS\nof FP16"
        # ", and BF16 is 1,307": the next clause's
        next_clause = self._next_clause_after.search(text, figure.end)
        next_field = self._field_break_after.search(
            text, figure.end
        )  # "| 10 PFLOPS | FP8: 5 PFLOPS |": the next field's
        after_end = min(
            next_number.start() if next_number else len(text),
            line_end if line_end >= 0 else len(text),
            next_clause.start() if next_clause else len(text),
            next_field.start() if next_field else len(text),
            figure.end + 40,
        )
        parts = [text[figure.start : after_end], text[max(0, figure.start - 15) : figure.start]]
        parts.extend(cue.text for cue in scene.context if scene.table is not None)
        extra: dict[str, str | None] = {}
        if attribute.name == "compute_throughput":
            precision = next((m for part in parts if (m := self._precision_re.search(part))), None)
            if precision is None:
                # "FP8 on the L40S is 733 TFLOPS": the clause named the precision before its subject.
                before = _figure_before(scene, figure)
                since = before.end if before else 0
                since = max(
                    (m.end() for m in self._next_clause.finditer(text, since, figure.start)), default=since
                )
                precision = last_match(
                    self._precision_re.finditer(text[since : max(since, figure.start - 15)])
                )
            if precision is None and (key := data_key_before(text, figure.start)) is not None:
                # "int8_tops was 256 here": a data key in prose names its precision as a header does
                precision = self._precision_re.search(key.replace("_", " "))
            # "2.614,9 TFLOPS (without sparsity), with sparsity 5.229,8": the phrase next to it
            lead = text[word_start(text, max(0, figure.start - 15)) : figure.start]
            extra["sparsity"] = nearest_named(parts[0], lead, parts[2:], self._sparsity)
            if precision is None and nearest_named(parts[0], lead, [], self._sparsity) is not None:
                # "FP8 ... 2.614,9 TFLOPS (without sparsity), with sparsity 5.229,8 TFLOPS": the
                # same measure with the other sparsity keeps the precision its sentence named
                precision = last_match(self._precision_re.finditer(text[: figure.start]))
            if precision is not None:
                extra["precision"] = self._precisions.get(precision.group(0).lower(), precision.group(0))
            if figure.term is not None and figure.term.kind in ("precision", "sparsity"):
                extra[figure.term.kind] = figure.term.value  # its own term of "dense / sparse"
        if attribute.unit.endswith("/s") or attribute.unit.endswith("ps"):
            extra["measure"] = _first_named(parts, self._any_measure, self._measures)
        if attribute.unit == "x":
            extra["baseline"] = (
                self._baseline(text, figure, scene.mentions, _clause_figure_after(scene, figure))
                or scene.label_baseline
                or self.ratio_baselines.baseline(text, figure.start, scene.mentions)
            )
        return extra

    def _label_baseline(self, labels: list[str]) -> str | None:
        """Return the product a header, row label or field cell compares with ("FP4 vs Trn2"), if any."""
        for label in labels:
            compared = [m for m in self.segments.mentions(label) if m.role in (BASELINE, COMPARED)]
            if compared:
                return compared[0].entity
        return None

    def _baseline(self, text: str, figure: _Figure, mentions: list[Mention], until: int) -> str | None:
        """Return the product or phrase a multiplier is set against; ``until`` is where a later
        clause's own figure starts, past which a compared product is that figure's."""
        earlier = [m for m in mentions if m.end <= figure.start]
        if (
            _ITS_AFTER.match(text, figure.end)
            and earlier
            and (len({m.entity for m in earlier}) > 1 or _OBJECT_BEFORE.search(text, 0, earlier[-1].start))
        ):
            # "The 910C lands at 81% of the H20 despite 5x its BF16 peak": "its" after a
            # multiplier is the last product named, when the clause's subject is another.
            return earlier[-1].entity
        for mention in mentions:
            if mention.start < figure.end:
                continue
            if mention.start >= until:
                break  # "up to 50x the output of Hopper for X, though 2-3x over H200": the H200 is the 2-3x's
            between = text[figure.end : mention.start]
            if (
                mention.role in (BASELINE, COMPARED)
                or not between.strip(" the")
                or _PRODUCT_NEXT.fullmatch(between)  # "1.3x one HLS-Gaudi3", "2x an H100"
                or _QUOTED_PRODUCT_NEXT.fullmatch(between)  # '"up to 1.3x" a V100'
                or _OF_BASE.fullmatch(between)
                or _DESCRIBED_BASE.fullmatch(between)
            ):
                return mention.entity
        phrase = self._phrase_after.search(text, figure.end, until)
        if phrase:
            words = re.sub(r"\s+", " ", phrase.group(1)).strip(" .,;").lower()
            words = words.removeprefix("the ")  # "than the previous generation": the phrase is its noun
            if words:
                return words
        # "Compared with Inferentia1, it offers 3x the compute": the baseline came first.
        earlier = [m for m in mentions if m.end <= figure.start and m.role in (BASELINE, COMPARED)]
        return earlier[-1].entity if earlier else None


# " of dense BF16, about ": a figure's own words, then a comma opening an apposition.
_APPOSED = re.compile(r"[^,;:.()]{0,30},\s*" + either(_EN.apposition_hedges) + r"?\s*", re.I)
# " the energy efficiency (frames per second per watt) of a ": what a multiplier measures, perhaps
# glossed in brackets, then "of" and an article before the product it is set against.
# An age word and a kind noun may stand before the name: " the throughput of the old cluster ".
_OF_BASE = re.compile(
    r"[\s\w\-]*(?:\([^()]{0,60}\)\s*)?\bof\s+(?:"
    + either(_EN.product_next_articles)
    + r"\s+)?(?:"
    + either(_EN.base_age_words)
    + r"\s+[A-Za-z][\w\-]*\s+)?",
    re.I,
)
# " the perf/W of the first Cloud TPU from 2018 (": the baseline described, then named in an aside.
_DESCRIBED_BASE = re.compile(
    r"[\s\w\-/]*\bof\s+" + either(_EN.described_base_determiners) + r"\s+[^()\n.;,:]{1,50}\(\s*", re.I
)
# A new clause between two figures: a semicolon, or a comma and a contrasting conjunction.
_NEW_CLAUSE = re.compile(r";|,\s*" + either(_EN.new_clause_conjunctions), re.I)
# '" a ': a quotation closing on a multiplier, then the product it is set against.
_QUOTED_PRODUCT_NEXT = re.compile(r"[\"'“”‘’]\s*(?:" + either(_EN.product_next_articles) + r"\s+)?", re.I)
# " a ", " the ": a product named right after a multiplier.
_PRODUCT_NEXT = re.compile(r"\s*(?:" + either(_EN.product_next_articles) + r"\s+)?", re.I)
# " (list is ", " (vs ": a few words opening an aside after a figure, before the next one.
_RATE_ASIDE = re.compile(r"\s*\(\s*(?:[A-Za-z\-]+\s+){0,3}")
# "5x its BF16 peak", "3x their memory": a possessive after a multiplier names its baseline.
_ITS_AFTER = re.compile(r"\s+(?:of\s+)?" + either(_EN.owner_words) + r"\s", re.I)
# "... 81% of the H20": a product named after a preposition is no clause's subject.
_OBJECT_BEFORE = re.compile(r"\b" + either(_EN.object_prepositions) + r"\s+(?:the\s+)?$", re.I)


def _number_at(text: str, start: int) -> str | None:
    """Return the number a figure starting at ``start`` opens with ("3" of "3 nm"), if any."""
    number = _LEADING_NUMBER.match(text, start)
    return number.group(1) if number else None


def _denied_later(rest: str, figure: _Figure) -> bool:
    """Return True when the text after a figure takes its number back: "~9.5 kW ... Edit:
    typo, the node was ~10.2 kW, not 9.5"."""
    if figure.quantity is None:
        return False
    number = _LEADING_NUMBER.match(rest, figure.start)
    if number is None:
        return False
    if "not" not in rest:
        return False
    wanted = number.group(1)
    return any(m.group(1) == wanted for m in _DENIAL.finditer(rest, _figure_end(figure)))


def _names_figure_owner(text: str, mentions: list[Mention], topic: str) -> bool:
    """Return True when a sentence names its product only as the owner of a figure said
    before: "The 23 was the CS-2." answers whose figure it was and does not change the topic."""
    first = next(m for m in mentions if m.entity == topic)
    return _FIGURE_OWNER.match(text[: first.start]) is not None


def _clause_figure_after(scene: _Scene, figure: _Figure) -> int:
    """Return where the next figure of the segment starts when a new clause opens between the
    two ("50x the output of Hopper for X, though you see 2-3x"), else the text's end.

    "1.5x and 2x faster than the H100" and "4x the compute, 1.5x the bandwidth and 2x the
    networking of Gaudi 2" share one baseline.
    """
    text = scene.segment.text
    after = min((f for f in scene.figures if f.start >= figure.end), key=lambda f: f.start, default=None)
    if after is None:
        return len(text)
    return after.start if _NEW_CLAUSE.search(text, figure.end, after.start) else len(text)


def _figure_before(scene: _Scene, figure: _Figure) -> _Figure | None:
    """Return the segment's figure that ends nearest before ``figure`` starts, if any."""
    found = scene.figure_ending.last_before(figure.start)
    return None if found is None else scene.figures[found]


def _referred_owner(claim: Claim, earlier: list[Claim]) -> Claim:
    """Return a multiplier that refers back to the measure of the one before it ("25x the efficiency
    of a V100, and 5x that of an H100") as a claim of that one's owner; the same claim where no
    earlier multiplier of its attribute was read, or its owner is this one's baseline."""
    before = next((c for c in reversed(earlier) if c.attribute == claim.attribute), None)
    if before is None or before.entity in (claim.entity, claim.baseline):
        return claim
    return replace(claim, entity=before.entity, scope=before.scope, rule=claim.rule + "; referred-owner")


def _is_zero(claim: Claim) -> bool:
    """Return True for a figure of nothing ("mem_used_mib: 0", "purchase_usd: 0"): an idle reading
    or a gift, never a product's memory, power or price."""
    return claim.value == 0 and claim.low is None and claim.high is None


def _is_unit_ratio(claim: Claim) -> bool:
    """Return True for a ratio of exactly one to a baseline ("| vs H100 | 1.00x |"): in a table's
    column of ratios, the baseline's own row, or a row the ratio does not tell apart from it."""
    return claim.unit == "x" and claim.value == 1 and claim.low is None and claim.baseline is not None


def _merge_options(text: str, built: list[tuple[_Figure, Claim]]) -> list[Claim]:
    """Return the claims with a list of options of one fact merged into one claim.

    "1.5 TB, 12 TB or 1.2 PB of memory" offers three sizes: one claim from the first to the
    last, not three claims that contradict each other. Two options keep the alternatives
    form ("128 or 192 GB"); a longer list spans its ends, so a middle option is no conflict.
    """
    merged: list[Claim] = []
    run: list[tuple[_Figure, Claim]] = []

    def close() -> None:
        if len(run) < 2 or not _OPTION_OR.search(text, run[-2][0].end, run[-1][0].start):
            merged.extend(claim for _, claim in run)
            return
        first = run[0][1]
        values = [
            bound for _, claim in run for bound in (claim.low, claim.high, claim.value) if bound is not None
        ]
        form = ValueForm.ALTERNATIVES if len(run) == 2 else ValueForm.RANGE
        merged.append(
            replace(
                first,
                low=min(values),
                high=max(values),
                form=form,
                text=text[run[0][0].start : run[-1][0].end].strip(),
                rule=f"{first.rule}; options",
            )
        )

    for figure, claim in built:
        if run:
            previous_figure, previous = run[-1]
            same_fact = (previous.entity, previous.scope, previous.attribute, previous.unit) == (
                claim.entity,
                claim.scope,
                claim.attribute,
                claim.unit,
            )
            if (
                same_fact
                and claim.unit != "date"
                and _OPTION_GAP.fullmatch(text, previous_figure.end, figure.start)
            ):
                run.append((figure, claim))
                continue
            close()
        run = [(figure, claim)]
    close()
    return merged


def _unit_for(attribute: Attribute, precision: str | None) -> str:
    """Return the unit a claim is reported in: TOPS, not TFLOPS, for integer formats (report spec)."""
    if attribute.unit == "TFLOPS" and precision is not None and _INTEGER_FORMAT.match(precision):
        return "TOPS"
    return attribute.unit


def _dimension(quantity: Quantity) -> str:
    """Return what a quantity measures: its unit's dimensionality, or its kind without one."""
    return dimensionality(quantity.unit_pint) if quantity.unit_pint else quantity.kind


_CLAUSE_BREAK = re.compile(r"[.;:!?,]\s")
_DERIVED = re.compile(
    rf",\s*{either(_EN.derived_openers)}(?:\s+{either(_EN.figure_hedges)})?\s*[~$€£]?\s*$",
    re.I,
)
# "the 12 nm Wormhole", "its 700-W H100 SXM": what may stand around a figure modifying a name
_PREMODIFIER_GAP = re.compile(r"[ \-]")
_PREMODIFIER_BEFORE = re.compile(r"(?:^|\b" + either(_EN.premodifier_determiners) + r"\s+)$", re.I)
_CLAUSE_STOP = re.compile(r"[.;!?]\s")
_FIELD_BREAK = re.compile(r"[ \t][|·][ \t]")  # fields of a caption or a chart's alt text
# A line that ends on a preposition goes on with the sentence, whatever the next line opens with.
_OPEN_PREPOSITION = re.compile(
    r"\b" + alternation(english().open_line_prepositions, words=False) + r"[ \t]*\Z", re.I
)


def _wraps_on(text: str, line_end: int) -> bool:
    """Return True if the sentence goes on past the line break at ``line_end``."""
    return bool(
        _CONTINUED_LINE.match(text, line_end)
        or _OPEN_PREPOSITION.search(text, max(0, line_end - 8), line_end)
    )


# "a server with 8x H100 SXM": the "x" counts units (as it does opening a list item).
_COUNT_TIMES_BEFORE = re.compile(r"\b" + either(_EN.count_holding_words) + r"[ \t]+\Z", re.I)
# "is $11,999", "were about $1,399": money right after a copula.
_COPULA_BEFORE = re.compile(
    rf"(?<![\w'’]){either(_EN.copulas)}\s[\s>]*(?:{either(_EN.price_hedges)}\s+|~\s*)?\Z", re.I
)
_PRONOUN_SUBJECT = re.compile(r"(?:^|[.;:]\s+)\W*" + either(_EN.clause_subject_pronouns) + r"\s*\Z", re.I)
_SHARE_OF_BEFORE = re.compile(r"\s+of\s+" + either(_EN.share_of_pronouns) + r"\b(?!\s+\w+ing\b)", re.I)
_SET_EQUALS = re.compile(r"s?\s*(?:=|\badd\s+up\s+to\b|\bgets?\s+you\b)\s*(?:about\s+|~\s*)?", re.I)
_SET_COUNT_BEFORE = re.compile(r"(?<![\w.,])(\d+|[A-Za-z]+)\s+(?:x\s+)?\Z")
_CELL_KEY = re.compile(r"^\s*[A-Za-z]+\s*:")  # "GPU: 8x MI300X": a key before a cell's figure
# "8x MI300X, ", "2X EPYC 9575F, " (a printed form writes upper case), "2 x 56-core CPUs, ",
# "8 x 400GbE, " (a part's name may open with a figure of its own); the list may wrap inside a
# printed grid's cell ("2X EPYC |   |" / "     | 9575F, ")
_UNITS_COUNTED_BEFORE = re.compile(
    r"(?<![\w.,])\d{1,4}\s*[xX×]\s*(?:\d{1,4}-?)?[A-Za-z](?:[^,;|]|\|(?=[ \t|]*\n)|(?<=\n)[ \t]*\|)*,"
    r"(?:[ \t|]*\n[ \t]*\|)?\s*\Z"
)
_BYTE_UNITS = frozenset(("gigabyte", "terabyte", "gibibyte", "tebibyte", "petabyte", "megabyte", "mebibyte"))
_BETWEEN_BEFORE = re.compile(r"\bbetween\s+\Z", re.I)
# the first lower-case word after a name, past its capitalised suffixes ("H200 SXM at")
_WHOLE_PHRASE_REACH = 16  # characters between a figure and "at the wall" after it: "550 W (peak) at the wall"
_NEXT_WORD = re.compile(r"(?:[ \t]+[A-Z0-9][\w\-]*)*[ \t]+([a-z][\w\-]*)")
_WRAP_GAP = r"(?:[ \t\u00a0]+|[ \t]*\n[ \t]*(?![-*\u2022+|>#]))"  # spaces, or one wrapped line
_SPACED_TIMES = re.compile(r"[ \t]+([x×])[ \t]+")  # "8 x H200": a count written with a spaced times sign
_LABEL_OPENER = re.compile(r"[\s*\-•+#>▶►▸`_]*(?:[A-Z][a-z]+[ \t]+[`*_]*)?")
_LABEL_NICKNAME = re.compile(r"[`*_]*(?:[ \t]+[\"“„'][^\"“”\n]{1,30}[\"“”'])?[`*_]*")
# "A3 Ultra: 8x H200", "A4 - 8x B200", "KX-9 = 8 × L20": the name labels the line's description
_LABEL_END = re.compile(r"(?:\s*[:=\u2013\u2014]|\s+-)\s*\Z")
_PAREN_BEFORE = re.compile(r"\(\s*\Z")  # "training nodes (8x HL-225H)": a parenthesised count
_LOWER_WORD = re.compile(r"(?<![\w-])[a-z]+\b")
_COMMA_BEFORE = re.compile(r",[ \t]*\Z")  # "Bow-2000 IPU-Machine, 4x Bow IPU": a title's field
# The end of a field that only counts chips: "8x H200 141GB)", "8x B200, ...", "8x B200 at 180 GB".
_FIELD_END = re.compile(r"[ \t]*(?:\d+[ \t]?GB\b[ \t]*)?(?:[),;]|\n|$|(?:at|with)\b)")
_AT_GAP = re.compile(r"\s+(?:at|@)\s+")  # "8x B200 at 180 GB": the counted chip's own size
_FIELD_BEFORE = re.compile(r"[ \t][|·][ \t]*\Z")  # "| 72× MI450X |": a caption's field counting chips
_TIMES_COUNT = re.compile(r"\d+\s*[×x]\s")  # "8 × MI355X", "4 x H200 NVL"
_ELIDED_BEFORE = re.compile(
    rf"(?:\b{either(_EN.elided_links)}(?:\s+{either(_EN.elided_adverbs)})?(?:\s+at)?|\bat)"
    rf"\s+(?:{either(_EN.figure_hedges)}\s*)?$",
    re.I,
)


def _in_span(span: tuple[int, int] | None, at: int) -> bool:
    """Return True when offset ``at`` lies in ``span`` (start, end), or when there is no span."""
    return span is None or span[0] <= at < span[1]


def _alone_in(text: str, span: tuple[int, int] | None, start: int, end: int) -> bool:
    """Return True when ``text[start:end]`` lies in ``span`` (the whole text without one) and no
    other digit does: "| 2070 |" holds one figure, "| listed at $20,625 in 2023 |" two."""
    first, last = span if span is not None else (0, len(text))
    return first <= start < last and not any(
        character.isdigit() for character in text[first:start] + text[end:last]
    )


# "| $0.94/hr 1-yr plan |", "3-year", "8-GPU": a number hyphened to a word is a compound
# modifier (a term, a size class), never a bare figure in its column's unit.
_COMPOUND_AFTER = re.compile(r"-(?!ish\b)[^\W\d_]")
# "the system has 5,448.": a verb of holding before a bare number that closes its clause
_ELIDED_AFTER = re.compile(
    rf"\s+{either(_EN.elided_prepositions)}\s+(?:{either(_EN.elided_determiners)}\s+)?", re.I
)
# "16 of them": a count of the things the sentence before spoke of.
# " with sparsity", " sparse", " dense": the other sparsity of a figure given just before.
# "one 8-chip server", "an 8-GPU box": a machine counted by its chips and introduced as any one
_INDEFINITE_BEFORE = re.compile(r"(?<![\w-])" + either(_EN.indefinite_openers) + r"\s+\Z", re.I)
_SPARSITY_AFTER = re.compile(r"\s+(?:with(?:out)?\s+sparsity|sparse|dense)\b", re.I)
_SPARSITY_BEFORE = re.compile(r"\b(?:with(?:out)?\s+sparsity|sparse|dense)\)?\Z", re.I)
# " gets ", " has ": the verb of a product given a figure whose unit the sentence already wrote.
_OWNER_VERB = re.compile(rf"\s+{either(_EN.owner_verbs)}\s+(?:{either(_EN.owner_verb_hedges)}\s*)?$", re.I)
_AT_LEVEL = re.compile(rf"\b{either(_EN.level_verbs)}\s+(?:{either(_EN.level_adverbs)}\s+)?at\s+$", re.I)


def _measure(figure: _Figure) -> Measure:
    """Return a figure's place and its value in its unit, as equationparts.py compares them."""
    quantity = figure.quantity
    if quantity is None:
        return Measure(figure.start, figure.end, None, None)
    return Measure(
        figure.start, quantity.unit_end or figure.end, quantity.low * quantity.scale, quantity.unit_pint
    )


def _named_after(link: re.Pattern[str], text: str, end: int, mentions: list[Mention]) -> bool:
    """Return True when ``link`` follows ``end`` ("on the", "for") and a product is named right after it."""
    match = link.match(text, end)
    return match is not None and any(m.start == match.end() for m in mentions)


def _sentence_begin(text: str, offset: int) -> int:
    """Return where the sentence holding ``offset`` begins: right after the last ". ", "? " or "! "
    mark before it (on the mark's space), else 0."""
    return max(text.rfind(". ", 0, offset), text.rfind("? ", 0, offset), text.rfind("! ", 0, offset)) + 1


def _clause_start(text: str, start: int) -> int:
    """Return where the clause holding ``start`` begins: after a semicolon or a blank line."""
    return max(text.rfind(";", 0, start), text.rfind("\n\n", 0, start)) + 1


def _owner_verb_before(text: str, quantity: Quantity, mentions: list[Mention]) -> bool:
    """Return True for a bare number a product named just before it "gets" or "has" in an aside:
    "(the cheaper p100a gets 120 and 28 GB)" gives another product the figure before's unit."""
    verb = _OWNER_VERB.search(text, max(0, quantity.start - 20), quantity.start)
    if verb is None or not any(m.end == verb.start() for m in mentions):
        return False
    before = text[: verb.start()]
    return before.rfind("(") > before.rfind(")")  # inside the aside: "(total 3,2 Tb/s); X has 2 ports" is not


def _other_sparsity(text: str, quantity: Quantity) -> bool:
    """Return True for a bare number opening an aside on sparsity: "10 PFLOPS of dense FP4
    (20 with sparsity)" is the same measure with sparsity."""
    before = text[: quantity.start].rstrip()
    # "354 INT8 TOPS dense, 708 with sparsity", "165 TFLOPS dense / 330 with sparsity": after a comma
    # or a slash, the figure before named its own sparsity
    opens = before.endswith("(") or (
        before[-1:] in (",", "/") and _SPARSITY_BEFORE.search(before[:-1].rstrip()) is not None
    )
    return opens and _SPARSITY_AFTER.match(text, quantity.end) is not None


def _elides_unit(text: str, quantity: Quantity, mentions: list[Mention]) -> bool:
    """Return True for a bare number that repeats an earlier figure's unit for another product.

    "650 TFLOPS per chip, versus about 990 for the H100 SXM", "6 TB/s, but the H200 is
    already at 4.8": the comparison names the product, so the unit is left out.
    """
    if not _ELIDED_BEFORE.search(text, max(0, quantity.start - 40), quantity.start):
        return False
    if _ELIDED_AFTER.match(text, quantity.end) is not None:
        return _named_after(_ELIDED_AFTER, text, quantity.end, mentions)
    before = text[max(0, quantity.start - 60) : quantity.start]
    return _AT_LEVEL.search(before) is not None and any(
        quantity.start - 60 <= m.end <= quantity.start for m in mentions
    )


def _is_compound_count(figure: _Figure, text: str) -> bool:
    """Return True for a count used as an adjective: "8-GPU", "eight-accelerator"."""
    quantity = figure.quantity
    return (
        quantity is not None and quantity.kind == "count" and bool(_COMPOUND_COUNT.match(text, figure.start))
    )


def _without_breakdowns(text: str, figures: list[_Figure], part_counts: frozenset[int]) -> list[_Figure]:
    """Return ``figures`` without the parts of a total spelled out in brackets after it.

    "28 MiB on-chip (24 MiB unified buffer + 4 MiB accumulators)" or "64 GB (4 × 16 GB)": the
    parts add up to the figure before the bracket, in its unit, so they say nothing of the
    product themselves. Equal parts as many as a product the text is about holds (``part_counts``)
    stay: "32 GB (2 × 16 GB)" of a machine with two chips sizes each chip.
    """
    parts: set[int] = set()
    for index, total in enumerate(figures):
        quantity = total.quantity
        if quantity is None or quantity.kind != "unit":
            continue
        opening = text.find("(", total.end, total.end + 40)
        closing = text.find(")", opening) if opening >= 0 else -1
        if closing < 0:
            continue
        inside = [f for f in figures[index + 1 :] if opening < f.start < closing]
        # "64 GB (4 × 16 GB)": equal parts, the "4 ×" read as a multiplier of its own
        summands = [f for f in inside if f.quantity is None or f.quantity.kind != "multiplier"]
        times = _TIMES_BEFORE.match(text, opening, summands[0].start) if len(summands) == 1 else None
        if (len(inside) < 2 or "+" not in text[opening:closing]) and times is None:
            continue
        if any(f.quantity is None or f.quantity.unit_pint != quantity.unit_pint for f in summands):
            continue
        if times is not None and "+" not in text[opening:closing] and int(times.group(1)) in part_counts:
            continue  # "32 GB (2 × 16 GB)" of a machine holding two chips: each chip's (_holds_factor)
        summed = sum(f.quantity.low * f.quantity.scale for f in summands if f.quantity is not None)
        if times is not None:
            summed *= int(times.group(1))
        if math.isclose(summed, quantity.low * quantity.scale, rel_tol=0.01):
            parts.update(f.start for f in inside)
    return [f for f in figures if f.start not in parts] if parts else figures


def _same_item(scene: _Scene, figure: _Figure, entity: str) -> bool:
    """Return True unless the segment names the entity only before a finished line item.

    A line that ends on a figure ("A100 80GB ... $1.79/hr per GPU") closes an item of a
    scraped list, so the next line ("8-GPU nodes") is about something else; a wrapped
    sentence ("... with 32 GiB of HBM2 at" / "1,200 GB/s") runs on.
    """
    text = scene.segment.text
    line_start = text.rfind("\n", 0, figure.start) + 1
    if line_start == 0 or any(m.entity == entity and m.start >= line_start for m in scene.mentions):
        return True
    previous_start = text.rfind("\n", 0, line_start - 1) + 1
    last = max((e for s, e in scene.figure_spans if previous_start <= s and e < line_start), default=None)
    return last is None or not _ITEM_TAIL.fullmatch(text, last, line_start - 1)


def _first_named(
    parts: list[str], any_name: FoldedPattern, named: list[tuple[str, FoldedPattern]]
) -> str | None:
    """Return the name of the first pattern that matches a part, trying parts in order.

    ``any_name`` matches wherever one of ``named`` does: a cheap test before each one is tried.
    """
    return next(
        (name for part in parts if any_name.search(part) for name, regex in named if regex.search(part)), None
    )


def _inner_question(
    text: str,
    start: int,
    doubts: Callable[[str], bool],
    alternative_after: FoldedPattern,
    asked_from: Callable[[str], int],
) -> bool:
    """Return True when a question that ends inside the segment holds ``start``.

    In chat a question runs on in lower case ("wasn't it out in April 2023? so it's old"),
    so the sentence splitter leaves it inside one segment with the answer. A statement
    in doubt (``doubts``: "rack ~ 20 kW? (not sure)") asks nothing, unless the writer offers
    another answer after the mark ("announced Nov 2023? or later"): that asks.
    """
    mark = _INNER_QUESTION_AFTER.search(text, start)  # the first question mark after the figure decides
    if mark is None:
        return False
    if text.rfind("(", start, mark.start()) >= 0:
        return False  # "900 W for the module (is the card lower?)": the aside asks
    begin = _sentence_begin(text, start)
    if doubts(text[begin : mark.end()]) and alternative_after.match(text, mark.end()) is None:
        return False
    return start >= begin + asked_from(text[begin : mark.end()])


# An HTML tag just before a figure ("<li>933 GB/s"): its ">" is no comparison sign.
_TAG_BEFORE = re.compile(r"<[/!]?[A-Za-z][^<>]*>[\s$~≈(]*$")


def _figure_end(figure: _Figure) -> int:
    """Return where a figure's phrase ends, its unit included."""
    return (figure.quantity.unit_end or figure.end) if figure.quantity is not None else figure.end


def _question_start(text: str) -> int:
    """Return where the question of a sentence ending in "?" begins: 0 unless a clause before it asserts.

    "It's 128 GB, but is it really 3.7 TB/s?" asks only after "but"; "It has 80 GB, right?"
    asks nothing of the 80 GB.
    """
    tag = _TAG_QUESTION.search(text)
    if tag is not None:
        return tag.start()
    clauses = list(_QUESTION_CLAUSE.finditer(text))
    return clauses[-1].end() if clauses else 0


def _containers_by_part(pack: KnowledgePack) -> dict[tuple[str, str], list[str]]:
    """Return the pack's container models by (part they hold, their kind): (chip, scope) -> names."""
    containers: dict[tuple[str, str], list[str]] = {}
    for entity in pack.entities:
        if entity.contains is not None:
            containers.setdefault((entity.contains.entity, entity.kind), []).append(entity.name)
    return containers


def _any_of(patterns: list[str]) -> str:
    return "|".join(f"(?:{pattern})" for pattern in patterns) if patterns else r"(?!x)x"


def _claim_id(source: str, line: int, column: int, attribute: str) -> str:
    digest = hashlib.sha1(f"{source}\0{line}\0{column}\0{attribute}".encode()).hexdigest()
    return f"c-{digest[:12]}"


def _tidy(value: float) -> float:
    return float(f"{value:.10g}")


__all__ = ["BASELINE", "COUNTED", "SUBJECT", "Extractor", "extract_claims"]


def _moved_by_notes(claims: list[Claim], cell: str, moves: dict[str, notescope.NoteScope]) -> list[Claim]:
    """Return ``claims`` of a table cell with the scope (and owner) its note gives them.

    "| 23 kW[i] |" with "i. Power of the CS-3 system" is the CS-3's power, not the row chip's.
    """
    move = next((moves[marker] for marker in notescope.markers_in(cell) if marker in moves), None)
    if move is None:
        return claims
    return [
        replace(
            claim,
            entity=move.entity or claim.entity,
            scope=move.scope,
            rule=claim.rule + "; context.note-scope",
        )
        for claim in claims
    ]


def _without_note_marks(text: str, read: list[Quantity]) -> list[Quantity]:
    """Return ``read`` less the bare numbers that are note marks right after a figure ("300 (4)")."""
    kept: list[Quantity] = []
    for quantity in read:
        previous = kept[-1] if kept else None
        if (
            previous is not None
            and quantity.kind == "bare"
            and _NOTE_MARK.fullmatch(text, previous.unit_end or previous.end, quantity.end + 1)
        ):
            continue
        kept.append(quantity)
    return kept


def _conversion_header(language: Language) -> FoldedPattern:
    """Return the pattern of a currency-conversion header ("Approx. in USD"): conversion words
    and one currency, with at least one conversion word (a bare "USD" is a column of its own)."""
    gap = r"[\s.,:()\[\]/]*"
    word = alternation(language.conversion_words) + gap
    # "(USD/ora)", "US$/GPU-hour", "USD / buc.": a currency per some time or unit of use, in
    # whatever language
    currency = (
        alternation(language.conversion_currencies)
        + r"(?:[ \t]*/[ \t]*[^\W\d_]{1,6}(?:-[^\W\d_]{1,6})?)?"
        + gap
    )
    return compile_folded(rf"{gap}(?:(?:{word})+{currency}(?:{word})*|{currency}(?:{word})+)", re.I)


def _number_start(text: str, start: int, end: int) -> int:
    """Return where the number of the money ``text[start:end]`` begins when a line break parts it
    from the currency code written before it ("USD" / "5,800"): it stands on its number's line."""
    if "\n" not in text[start:end]:
        return start
    digit = _DIGIT.search(text, start, end)
    return digit.start() if digit is not None else start
