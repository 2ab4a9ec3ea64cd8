"""Decide which entity and scope a figure belongs to, from the clause and the block's context."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace

from factlint.claims.closedasides import open_search
from factlint.claims.closingper import ClosingPer
from factlint.claims.eachfigures import EACH_WORDS
from factlint.claims.entities import EntityMatcher
from factlint.claims.fastre import FoldedPattern, compile_folded
from factlint.claims.filtermemo import FilterMemo
from factlint.claims.forwardsearch import ForwardSearch
from factlint.claims.language import Language, alternation, either, english
from factlint.claims.runbreaks import RunBreaks
from factlint.claims.segments import BASELINE, COMPARED, COUNTED, SUBJECT, Mention, enclosing, group_at
from factlint.claims.spans import SENTENCE_MARKS, opening_after
from factlint.pack import NON_PRODUCT_KINDS, PART_KINDS, PART_SCOPES, Attribute, Entity, KnowledgePack

_EN = english()


LIST_OF_NAMES = 3  # a title naming this many products is a list, not a subject
POD = "pod"  # the scope of the one container a chip's maker builds of it (TPU v7 -> TPU v7 pod)
_VARIANT_AFTER = re.compile(r"(?:\s+[\w\-]+){0,2}?\s*\(\s*([\w\- ]{2,16}?)\s*\)")
_HEAD_END = re.compile(r"\s*(?:\([^()]*\)\s*)?\**\s*:")  # "Frontier (ORNL, 2022):", "**H100**:"
_LIST_BREAK = re.compile(r"[,;()]")  # a break between a figure and the "each" or "per" after it
# a figure followed at once by the list's next item, or after its memory's name ("256 GB HBM3E, 6 TB/s")
_LIST_NEXT = re.compile(r"\s*(?:,|and\s|&)|[ \t]+[A-Z][A-Z\d]*[a-z]?\d?[A-Z]?,")
_DIGIT = re.compile(r"\d")
# What may stand between a figure and its own "per GPU": a noun or two it sizes ("of HBM3",
# "HBM3e"), never a conjunction, preposition or punctuation that opens the next item.
_NOUN_OF_FIGURE = re.compile(
    rf"\s*(?:of\s+)?(?:(?!{either(_EN.figure_noun_stops)}\b)[A-Za-z][\w\-]*\s+){{0,2}}", re.I
)
_ASIDE = re.compile(r"\([^()]*\)")
# A name's form words and the parenthesis after it: "Gaudi 3 PCIe (", "MI300 ("
_RENAMING_ASIDE = re.compile(r"(?:[ \t]+[A-Z][\w\-]*){0,2}?[ \t]*\(")
# Between a baseline and its aside, at most its head noun: "the T4 cards (70 W)", "the H100 GPUs (80 GB)".
_ASIDE_HEAD_GAP = re.compile(r"\s*(?:[a-z][a-z\-]*|[A-Z]PUs?)?\s*")
_FRAGMENT = re.compile(r"[\s*_]*(?:\d|[a-z~$])")
_LOWER_WORD = re.compile(r"[a-z][a-z\-]*[ \t]+")
# "GroqRack = 8 GroqNodes = 64 LPUs", "the X node = 16 sockets": from the head of an "=" chain
# to a figure in it; every count of the chain measures the head.
_CHAIN_TO_FIGURE = re.compile(r"[ \t]*(?:[a-z][\w\-]*[ \t]+)?=(?:[^=;,()\n]*=)*[ \t]*")
# "16 x Bow-2000 = 64 Bow IPUs": a count before the chain's head makes the chain a total of many
_COUNTED_HEAD = re.compile(r"(?<![\w.,])\d[\d,]*[ \t]*[x×][ \t]*\Z")
# "the 800 Gbps of Trn1": a definite figure, then "of" and the product it belongs to
# "teardown of the ": a name right after it completes the noun before it ("clusters of Trn2
# UltraServers", with no article, are the UltraServers)
# A header's "each" with no noun after it: "GPU memory (GB, each)", "Memory, each".
# A record's key: a capitalised word and one or two lower-case ones ("Current model", "Main product").
_RECORD_KEY = re.compile(r"[ \t]*[A-Z][a-z\-]+(?:[ \t]+[a-z][a-z\-]+){1,2}[ \t]+")
_SENTENCE_START = re.compile(r"[.!?:]\s+|^", re.M)
_SENTENCE_STOP = re.compile(r"[.!?:](?:\s|$)")  # "under 180 ms. Recommendation: keep ..."
# A sentence wrapped over lines goes on after a line break; a blank line or a list marker ends it.
_WRAPPED_SENTENCE_START = re.compile(r"[.!?:]\s+|^|\n[ \t]*\n\s*|\n[ \t]*(?=(?:[-*+>]|\d+[.)])\s)")
_PART_CLAUSE_START = re.compile(r";\s+|,\s+" + either(_EN.part_clause_conjunctions) + r"\s+")
# where the sentence or clause holding each figure of a long line starts, from one scan of the line
_SENTENCE_STARTS = RunBreaks(_WRAPPED_SENTENCE_START)
_PART_CLAUSE_STARTS = RunBreaks(_PART_CLAUSE_START)


# Scopes of one machine: its noun after a machine's name ("HX-GB300-72 rack") names that machine
_ONE_MACHINE_SCOPES = frozenset({"instance", "server", "pod"})
# The words of a product's name, camel case split: "GroqRack" -> Groq, Rack; "NVL72 rack" -> NVL, 72, rack.
_NAME_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


# The words between a name and a pronoun opening an aside about it: "the n300d SRAM (" before "it's".
_ASIDE_OF_LAST = re.compile(r"(?:[ \t]+[A-Za-z][\w\-]*){0,2}[ \t]*\([ \t]*")


@dataclass(frozen=True)
class Attribution:
    """The entity and scope chosen for a figure, with the rule and its confidence."""

    entity: str
    scope: str | None
    rule: str
    confidence: float


@dataclass(frozen=True)
class Fallback:
    """An entity from the context of a block (label, list intro, table, heading, document)."""

    entity: str
    rule: str
    confidence: float


class Resolver:
    """Entity and scope decisions for one pack."""

    def __init__(self, pack: KnowledgePack, matcher: EntityMatcher, language: Language) -> None:
        self.pack = pack
        self.matcher = matcher
        self._number_values = language.number_values
        self._scope_rank = {scope: rank for rank, scope in enumerate(pack.scope_names)}
        self._eligible_memo = FilterMemo()
        self._scope_of_noun = {noun.lower(): scope for scope, nouns in pack.scopes for noun in nouns}
        self._accelerator_nouns = frozenset(noun.lower() for noun in language.accelerator_nouns)
        self._product_line_nouns = frozenset(noun.lower() for noun in language.product_line_nouns)
        nouns = alternation([noun for _, nouns in pack.scopes for noun in nouns])
        self._named_scopes_cache: dict[str, frozenset[str]] = {}
        # (family, kind) of every pack entity: a server of a family of cloud instances is rented too
        self._family_kinds = frozenset(
            (entity.family, entity.kind) for entity in pack.entities if entity.family
        )
        self._families = tuple(sorted({entity.family for entity in pack.entities if entity.family}))
        # "speedup vs prev gen": a ratio key's baseline named by no product (see names_baseline)
        baselines = language.ratio_key_baselines or ("baseline",)
        self._ratio_baselines = compile_folded(alternation(baselines), re.I)
        the = alternation(language.articles, words=False, hyphens=False)
        of = alternation(language.name_of_prepositions, words=False, hyphens=False)
        # "each GPU in the NVL72": the name after the preposition places the units
        places = alternation(language.each_place_prepositions, words=False, hyphens=False)
        self._each_in = re.compile(rf"\s+{places}\s+(?:{the}\s+)?", re.I)
        # "of one accelerator": a unit that owns what precedes
        self._of_unit = re.compile(
            alternation(language.owning_prepositions, words=False, hyphens=False) + r"\s", re.I
        )
        self._of_noun_before = re.compile(rf"\b[a-z]{{3,}}\s+{of}\s+{the}\s+\Z")
        self._of_then_name = re.compile(rf"\s+{of}\s+(?:{the}\s+)?(?:\w+['’]s\s+)?", re.I)
        # "| Price (each) |": a label of one unit's figures
        self._each_unit = re.compile(
            r"(?<![\w\-])"
            + alternation(language.each_label_words, words=False, hyphens=False)
            + r"\s*(?:\)|\]|$)",
            re.I,
        )
        joiners = alternation(language.clause_conjunctions, hyphens=False)
        contrasts = alternation(language.contrast_conjunctions, hyphens=False)
        another_clause = rf",\s+{joiners}|\s{contrasts}\s"
        # What ends a label's reach in its line: a sentence's end, a contrast ("Per GPU, sure, but a
        # rack ...") or a total ("Each node holds four APUs, for a total of 44,544")
        self._lead_stop_re = re.compile(
            rf"[.!?](?:\s|$)|{another_clause}|{alternation(language.sum_words, hyphens=False)}", re.I
        )
        # A line break after a preposition or an article wraps a sentence, it ends no clause: "up to
        # 20% off the list prices of\n  `BM.GPU.H100.8`"
        dangling = "".join(rf"(?<!\b{re.escape(word)})" for word in language.dangling_words)
        self._clause_end_re = re.compile(rf";|{dangling}\n|{another_clause}")
        self._clause_end_after = ForwardSearch(self._clause_end_re)  # asked from every figure of a line
        self._clause_ends = RunBreaks(self._clause_end_re)
        # A line break ends a clause unless the sentence wraps on in lowercase ("(both with\nsparsity)
        # at 1,000 W")
        self._wrapped_clause_end_re = re.compile(rf";|\n(?![ \t]*[a-z])|{another_clause}")
        self._wrapped_clause_ends = RunBreaks(self._wrapped_clause_end_re)
        articles = alternation(language.articles, hyphens=False)
        vendors = alternation(pack.vendor_prefixes)
        self._line_opening_re = re.compile(rf"[ \t]*(?:{articles}[ \t]+)?(?:{vendors}[ \t]+)*", re.I)
        # A line ending on a word no sentence ends on wraps its sentence on ("on an\nNVIDIA T4 is")
        self._wrapping_end_re = re.compile(
            rf"\b{alternation(language.wrapping_words, hyphens=False)}[ \t]*\Z", re.I
        )
        # "150-250 W (PCIe card)": a bracket right after the figure naming the form it holds for
        # "the rack", "a node", "each card": a determiner before a noun that may name a scope
        determiners = alternation(language.noun_determiners, words=False, hyphens=False)
        self._definite_words = frozenset(word.lower() for word in language.definite_determiners)
        self._distributive = frozenset(word.lower() for word in language.distributive_words)
        self._generic_noun_re = re.compile(rf"\b{determiners}\s+([a-z]+)\b")
        self._bracket_noun_re = compile_folded(rf"[ \t]*\((?:[\w.\-]+[ \t]+){{0,2}}({nouns})\)", re.I)
        # "a 50 W envelope on the ruler-form card", "192 GB on one card": the board it holds on
        self._on_noun_re = compile_folded(
            rf"[ \t]*(?:[\w\-]+[ \t]+)?on[ \t]+{determiners}[ \t]+"
            rf"(?:[\w.\-]+[ \t]+){{0,2}}?({nouns})(?![\w\-])",
            re.I,
        )
        # "has 144 GB, 4.8 TB/s and 2 petaflops (dense) per card.": a "per" closing a sentence that
        # lists figures scopes every figure of the list.
        self._list_per = ClosingPer(  # asked from every figure of a line: its body is read once (0267)
            rf"(?<=[A-Za-z/])(?:\s*\([^()]*\))?\s(?:per|each)\s+({nouns})\s*(?:[.;]|\n|\Z)",
            re.I,
        )
        self._bracket_per_re = compile_folded(
            rf"(?:[^;.\n()]|\.\d)*?(?<=[A-Za-z/])\s(?:per|each)\s+({nouns})\s*\)", re.I
        )
        # "96 GB HBM2e each", "600 W per OAM", "64 GB HBM per RDU": after a counted chip, each one's
        forms = alternation(language.form_factor_words)  # an empty list never matches
        apiece = alternation(language.apiece_words, words=False, hyphens=False)
        self._per_counted_re = compile_folded(
            rf"[ \t]*(?:(?!\d)[\w\-]+[ \t]+){{0,2}}?(?:{apiece}\b|per[ \t]+([\w\-]+)(?![\w\-]))",
            re.I,
        )
        # "80 GB each", "186 GB of HBM3e each": "each" after the figure and at most its memory's name
        # ("of HBM3e\neach" wraps its sentence; a capital "Each" opening the next line starts another)
        self._each_after_figure_re = re.compile(
            rf"(?:\s+(?:of\s+)?[A-Za-z][\w\-]*){{0,2}}?(?:[ \t]*{apiece}\b|[ \t]*\n[ \t]*(?-i:{apiece})\b)",
            re.I,
        )
        self._form_factor_re = compile_folded(rf"{forms}$", re.I)
        self._forms_gap_re = compile_folded(rf"(?:[ \t]+{forms}(?![\w\-]))*[ \t]*", re.I)
        self._per_noun_re = compile_folded(
            # a quotation may close first: "\"under $3k\" per card"
            # or open an aside: "128 GB LPDDR5 (per card)"
            # or an aside of words may stand first: "3.958 TFLOPS (with sparsity) per GPU"
            rf"[\"”’]?\s*(?:\([^()\d\n]{{1,30}}\)\s+)?(?:(?!\d)[\w\-]+\s+){{0,2}}?(?:\(\s*(?=per\b|each\b))?"
            # "336 GB/s for the whole card" is the card's, as "per card" would say
            rf"(?:/\s*|per-|(?:per|each|a|an|for\s+each|in\s+each|in\s+every"
            rf"|for\s+the\s+(?:{alternation(language.whole_part_words)}))\s+)"
            # "the $187,500 per-node price"; "per GPU-to-GPU link" names a link, no GPU
            rf"(?:[\w\-]+\s+)?({nouns})(?![\-\s]to[\-\s])",
            re.I,
        )
        # a table label's "GPU per node": its figures are counted per node, whatever the column
        self._per_label_re = compile_folded(rf"(?<![\w\-])(?:per|each)\s+({nouns})(?![\w\-])", re.I)
        # "per Trainium2", "of HBM per Trainium2", "in each Trn2 instance"; a word opening on a
        # digit is another figure ("7 nm / 25 D1s per tile" in notes): the "per" is that one's.
        # "for a whole inf1.xlarge": a word saying the whole product may stand before it
        whole = alternation(language.whole_part_words)
        self._per_entity_re = compile_folded(
            r"(?:\s+(?!\d)[\w\-]+){0,3}?\s*(?:per|/|for\s+each|in\s+each|in\s+every|in\s+a|in\s+an"
            rf"|on\s+(?:the\s+|a\s+|an\s+|each\s+|every\s+)?|for(?:\s+(?:the|a|an))?(?:\s+{whole})?)\s*$",
            re.I,
        )
        # "70% lower than on the A10G": the product after the comparison is what the figure is
        # measured against, not the one it belongs to
        self._marker_between_re = compile_folded(
            rf"(?<![\w-]){alternation(language.strict_comparison_markers)}", re.I
        )
        # A digit may follow a scope noun here: "Chips per pod8960" in scraped text.
        self._noun_re = compile_folded(
            alternation([n for _, ns in pack.scopes for n in ns], digits_after=True), re.I
        )
        self._nouns = nouns
        self._modifier_res: dict[str, FoldedPattern] = {}
        self._noun_before_re = compile_folded(rf"(?<![\w\-])({nouns})\s*$", re.I)
        # "BR104 PCIe card 300 W": a form factor may stand between the name and its noun, and so
        # may the memory size a model is sold with ("NVIDIA A16 64GB board"); a German compound
        # hyphenates the noun to the name ("A16-Karte", decision 0226)
        self._noun_after_re = compile_folded(
            rf"(?:[ \t]+(?:{forms}(?![\w\-])|\d+(?:\.\d+)?[ \t]?[GT]i?B(?![\w\-])))?(?:\s+|-)({nouns})", re.I
        )
        # "per chip, that's 96 GB at 2.9 TB/s": a scope phrase opening a clause governs its figures.
        # "the 910B's successor": the possessive names another product, related to this one
        self._relation_after_re = compile_folded(
            r"['’]s\s+(?:[a-z\-]+\s+)?" + alternation(language.relation_nouns) + r"(?![\w\-])", re.I
        )
        # "the inference sibling of TPU v4": the same relation written before the product's name
        self._relation_before_re = re.compile(
            rf"(?<![\w\-]){alternation(language.relation_nouns, words=False)}\s+"
            rf"{alternation(language.relation_links, words=False, hyphens=False)}\s+(?:{the}\s+)?\Z",
            re.I,
        )
        # "NVIDIA specifies per GPU 4.5 PFLOPS and 9 PFLOPS": a source and its reporting verb may come first
        reporting = alternation(language.reporting_verbs)
        self._lead_scope_re = compile_folded(
            rf"[\s*>•\-]*(?:[A-Z][\w\-]*\s+{reporting}\s+)?"
            rf"(?:per|each|for\s+each|on\s+each|in\s+each|for\s+every|on\s+every)\s+"
            rf"(?:[\w\-]+\s+)?({nouns})(?![\w\-])",
            re.I,
        )
        # "The T4 entry is per card: 70 W, 320 GB/s and 130 TOPS": a "per <noun>:" that a copula
        # predicates heads the list of figures after its colon ("one LPU per card: 230 MB" counts
        # chips per card, its list is the chip's)
        self._colon_lead_re = compile_folded(
            rf"\b{either(language.colon_lead_copulas)}\s+(?:{either(language.colon_lead_words)}\s+)?"
            rf"(?:per|each|for\s+each)\s+(?:[\w\-]+\s+)?({nouns})[ \t]*:",
            re.I,
        )
        # "$1.20 per chip-hour", "$2.10/GPU/hr": the rate names the scope it is paid for.
        self._rate_scope_re = compile_folded(
            rf"(?:per\s+|/\s*)({nouns})(?=[\s/\-]*{either(language.rate_hour_words)}\b|\s+per\s+hour)",
            re.I,
        )
        # "~145 kW for the NVIDIA rack": a definite noun naming the product a figure is set against
        self._contrast_noun_re = compile_folded(
            rf"\s+{either(language.contrast_noun_prepositions)}\s+the\s+(?:[A-Z][\w\-]*\s+)?({nouns})(?![\w\-])",
            re.I,
        )
        # "$125k for an 8-card kit": the price of a bundle of several units, not of one.
        counts = alternation([word for word, value in language.number_words if value > 1])
        # "(8 GPUs, 80 GB each)", "8x MI300X, 192 GB each": a figure given "each" after a count
        # is one counted unit's, at the scope of the counted noun or product.
        self._counted_before_re = compile_folded(
            rf"(?<![\w.,])(?:\d{{1,4}}|{counts})(?:\s*[x×]\s*(?=[A-Z])|[\s\-]+(?:[\w\-]+\s+)?({nouns})(?![\w\-]))",
            re.I,
        )
        self._bundle_re = compile_folded(
            rf"\s+for\s+{either(language.bundle_determiners)}\s+(?:\d+|{counts})[\s\-]?({nouns})(?![\w])",
            re.I,
        )
        # "the board power of one accelerator": a scope noun modifying the attribute, and the unit
        # it belongs to after "of" (which "of one" may hold itself); the modifier names where the
        # figure holds (see stated_scope)
        self._owned_modifier_re = compile_folded(
            rf"(?<![\w\-])({nouns})\s+(?:[\w\-]+\s+){{0,1}}?[\w\-]+(\s+(?:of|for))?\s+$", re.I
        )
        singles = alternation(language.single_unit_words)
        distributive = alternation(language.distributive_words, words=False, hyphens=False)
        # a figure's own rate ("$40,000 per GPU")
        self._other_per_re = re.compile(rf"(?<![\w\-]){distributive}(?![\w\-])", re.I)
        one_unit = alternation(language.one_unit_phrases, words=False, hyphens=False)
        self._each_re = compile_folded(
            # "single card power consumption": one unit's figure, as "per card" says ("a single-chip
            # card" names a kind of card); "Memory of 1 accel." and "TDP for one GPU" say the same
            rf"(?<![\w\-])(?:{distributive}(?:\s+|-(?=\w))|{singles}\s+|{one_unit}\s+)"
            rf"(?:[\w\-]+\s+){{0,2}}?({nouns})(?![\w])",
            re.I,
        )
        # "Single card power: 400W": a word that opens a label of one unit's figures, never a figure's rate
        self._opens_label_re = re.compile(singles, re.I)
        # "GPUs per node" counts a machine's chips; "Max GPUs per user" a quota, no scope's.
        self._count_header_re = compile_folded(
            rf"\W*(?:(?:number|no\.?)\s+of\s+|#\s*(?:of\s+)?)?(?:[\w\-]+\s+)?({nouns})"
            # "GPU totals", "GPUs in total" (a translated table's row label): the whole machine's count
            rf"(?:\s+(?:per\s+(?:[\w\-]+\s+){{0,2}}(?:{nouns})|count|totals?|in\s+total)|\s*/\s*(?:{nouns}))?"
            # "Accelerators (devices)", "GPUs (installed)": a gloss that counts no other scope
            r"(?:\s*\((?![^)]*\bper\b)[^)]*\))?\W*",
            re.I,
        )
        # "X2-8 : NVIDIA L4 two cards ...": a maker's name before the product opening an item's body.
        vendors = alternation(list(pack.vendor_prefixes)) if pack.vendor_prefixes else r"(?!)"
        self._vendor_gap_re = re.compile(rf"[\s*_]*(?:(?:{vendors})\s+)*", re.I)
        verbs = alternation(language.subject_verbs)
        # "X, which the maker unveiled in 2025, has 144 GB": a relative clause set off by commas
        # stands between the subject and its verb.
        relative = rf",\s*{alternation(language.relative_pronouns)}[^,;.\n]*,"
        self._relative_re = compile_folded(alternation(language.relative_pronouns), re.I)
        # "400 kW, of which the cluster draws": the product after takes a part of the figure before
        partitives = alternation(language.partitive_relatives) if language.partitive_relatives else r"(?!)"
        self._partitive_re = compile_folded(rf"(?<![\w\-]){partitives}\s+(?:the\s+)?\Z", re.I)
        self._partitive_after_re = compile_folded(rf"[ \t]*,?[ \t\n]*{partitives}\s+(?:the\s+)?", re.I)
        self._subject_verb_re = compile_folded(
            rf"(?:'s)?(?:\s+(?:{nouns}|family|line|series))?\s*(?:\([^)]*\)\s*)?(?:{relative})?,?\s+{verbs}",
            re.I,
        )
        # "The same capacity in the cloud (DL2q, 8 chips) is USD 8.92 per hour": the rest of a bracket
        # opening with a product's name, closed right before the sentence's verb
        self._gloss_to_verb_re = compile_folded(rf"[^()\n]*\)\s*,?\s+{verbs}", re.I)
        # "the board draws 900 W", "one node holds 1.5 TB", "the node's 512 GB": the figure of the
        # thing the noun names
        self._noun_subject_re = compile_folded(
            rf"(?<![\w\-])({determiners})\s+(?:[\w\-]+(?:\.\d+)?\s+){{0,2}}?({nouns})"
            rf"(?:\s+{verbs}(?:\s+[\w\-]+)??(?:\s+(?:to|at))?|['’]s)\s*[~$]?$",
            re.I,
        )
        # "Rebellions rates the card 60-130 W", "NVIDIA rates the module at 60 W": a maker's rating of
        # the thing the noun names, that noun the verb's object right before the figure
        self._rated_object_re = compile_folded(
            rf"(?<![\w\-]){alternation(language.rating_verbs)}\s+({determiners})\s+(?:[\w\-]+\s+)?({nouns})"
            rf"(?:\s+at)?\s*[~$]?$",
            re.I,
        )
        # "(server total 3.2 Tb/s)", "node total: 1.6 Tb/s", "the instance total is 46 TB/s": a scope
        # noun with a word marking a sum, right before the figure, names what the figure sums over
        self._noun_total_re = compile_folded(
            rf"(?<![\w\-])({nouns})[ \t]+(?:{alternation(language.total_markers)})"
            rf"(?:[ \t]*[:=]|[ \t]+(?:is|was|of))?[ \t]*[~$]?$",
            re.I,
        )
        # The modifier is a form factor's name written in capitals ("PCIe", "OAM", "SXM5").
        self._bare_noun_subject_re = re.compile(
            rf"(?:^|(?<=[;:\n]))\s*(?:[A-Za-z][\w\-]*[A-Z][\w\-]*|[A-Z]{{2,}}[\w\-]*)\s+(?i:({nouns}))"
            rf"\s+(?i:{verbs})(?:\s+[\w\-]+)??\s*[~$]?$"
        )
        # "The chip itself is 6 nm": a sentence opening on a part's noun speaks of that part.
        # "The GPU part has", "the superchip module is": a scope noun may name the part more closely.
        inner_parts = alternation(language.inner_part_nouns)
        whole = alternation(language.whole_part_words)
        self._part_subject_re = compile_folded(
            rf"[\s*>\-]*(?:the\s+(?:{whole}\s+)?|(?:{whole})\s+)(?:({nouns})(?:\s+(?:{nouns}|{inner_parts}))?|({inner_parts}))"
            rf"(?:\s+itself)?\s+(?:{verbs}|sits)(?![\w\-])",
            re.I,
        )
        self._other_part_subject_re = compile_folded(
            rf"(?<![\w\-]){either(language.other_part_determiners)}\s+(?:[\w\-]+\s+)?(?:{nouns})(?![\w\-])",
            re.I,
        )
        # "AMD rates the APU at 550 W", "the datasheet lists the card at 300 W": a maker's rating of
        # a part named by its noun is that part's figure.
        self._rated_part_re = compile_folded(
            rf"[\s*>\-]*(?:[\w\-&.'’]+\s+){{1,4}}?(?:{alternation(language.rating_verbs)})\s+the\s+"
            rf"(?:[\w\-]+\s+)?({nouns})(?:\s+itself)?\s+at(?![\w\-])",
            re.I,
        )
        # "about 40 GB", "~40 GB": words of an approximate figure right before it
        approximate = alternation(language.approximators, words=False, hyphens=False)
        # "the about 80 GB" (of the H100): a definite figure, the product it belongs to after it
        self._definite_before_re = re.compile(rf"(?<![\w-])the\s+(?:{approximate}\s+|~\s*)?\Z", re.I)
        joiners = alternation(language.pair_joiners, words=False, hyphens=False)
        self._contrast_before_re = re.compile(rf"\b{joiners}\s+(?:{approximate}\s+|~\s*)?\Z", re.I)
        # Between a count and its "each" figure: "8x MI300X, 192 GB each", "8x H100 at 80 GB each".
        self._count_to_each_re = re.compile(rf"[^\w.;:]*(?:,|\s+(?:at|with))\s*{approximate}?\s*", re.I)
        # "four GPUs, each with 16 GB", "four GPUs, each of 16 GB": "each" opens the figure of one unit
        self._each_opening_re = re.compile(
            rf"[^\w.;:]*,?\s*each\s+{either(language.each_having_words)}\s+{approximate}?\s*$", re.I
        )
        # "the four cards share 564 GB": a figure of counted chips together, not of one of them
        self._group_subject_re = compile_folded(
            rf"(?<![\w\-]){either(language.group_determiners)}\s+(?:\d+|{counts})\s+({nouns})\s+"
            rf"(?:{either(language.group_adverbs)}\s+)?{either(language.group_verbs)}"
            rf"\s+(?:{approximate}\s+)?[~$]?$",
            re.I,
        )
        # "so the system as a whole carries about 5.7 PB": the machine named before, not a part
        self._whole_re = compile_folded(
            rf"(?<![\w\-]){either(language.whole_determiners)}\s+({nouns})\s+{either(language.whole_adverbs)}"
            rf",?\s+{verbs}(?:\s+[\w\-]+)??\s*[~$]?$",
            re.I,
        )
        # "a box of eight holds two terabytes": a machine of so many of the chip; in terse notes
        # "pods of 1024 chips, >100 PFLOPS" gives the figure after the comma to the pod.
        self._counted_machine_re = compile_folded(
            rf"(?<![\w\-])(?:{determiners}\s+)?({nouns})\s+of\s+"
            rf"(\d{{1,3}}(?:,\d{{3}})+|\d+|{counts})\s+(?:(?:\w+\s+)?(?:{verbs}|{alternation(language.rating_phrases)})"
            rf"(?:\s+[\w\-]+)??\s*|\w+,\s*)[~$>≈]?$",
            re.I,
        )
        parts = alternation(language.part_nouns)
        sized = alternation(language.sized_part_nouns)
        # "200 Gb/s per endpoint", and "eight 4 GB GDDR6 packages": the figure names the part it sizes
        self._per_part_re = compile_folded(
            rf"\s*(?:(?:per|/|each|an?|for\s+each)\s+(?:[\w\-]+\s+)?{parts}|(?:[\w\-]+\s+)?{sized})(?![\w\-])",
            re.I,
        )
        # "eight GDDR6 packages ring the die, 4 GB each": a figure given "each" of counted parts
        self._counted_parts_re = compile_folded(
            rf"(?<![\w.,])(?:\d{{1,4}}|{counts})\s+(?:[\w\-]+\s+){{0,2}}?(?:{parts}|{sized})(?![\w\-])[^.;:]*$",
            re.I,
        )
        # "looks like the PSU rating (4 x 2600 W, 2+2)", "PSUs: 6 x 3,200 W": a count of parts times
        # each one's figure, in brackets after the part it rates or with the part as its label
        self._part_aside_re = compile_folded(
            rf"(?<![\w\-])(?:{sized})(?:\s+[\w\-]+)?\s*[(:]\s*(?:\d{{1,4}}|{counts})\s*[x×]\s*[~≈]?$", re.I
        )
        self._each_after_re = re.compile(r"\s*each\b", re.I)
        # "the seven links of one chip, each 56 GB/s": "each" before the figure, as after it
        self._each_before_re = re.compile(r"(?<![\w\-])each\s+[~≈]?$", re.I)
        # "7 Infinity Fabric links of 153.6 GB/s", "16 lanes at 32 GT/s": the figure sizes each part;
        # "4 ports on 200 Gbit/s" translates Russian "4 порта по 200 Гбит/с"
        self._parts_of_re = compile_folded(
            rf"(?<![\w.,])(?:\d{{1,4}}|{counts})\s+(?:[\w\-]+\s+){{0,2}}?{parts}\s+"
            rf"{either(language.part_size_prepositions)}\s+[~≈]?$",
            re.I,
        )
        # Translations drop the preposition: "8 ports 400 Gb/s" (Vietnamese "8 cổng 400 Gb/s"). Only
        # right after the count, which no name holds: "CloudMatrix 384 links 384 chips" links them.
        self._parts_bare_re = compile_folded(rf"(?<![\w.,])(?:\d{{1,4}}|{counts})\s+{parts}\s+[~≈]?$", re.I)
        # "4x 200 Gb/s Slingshot NICs", "eight 400 Gb/s ports": a count before the figure, a part after;
        # a counter may stand for the times sign ("24 pieces of 100 Gbit/s ports", "16 db 200 Gbit/s port")
        counters = alternation(language.chip_counters)
        self._count_before_re = compile_folded(
            rf"(?<![\w.,])(?:\d{{1,4}}\s*(?:[x×]|{counters})|{counts})\s*$", re.I
        )
        self._part_after_re = compile_folded(rf"\s*(?:[\w\-]+\s+){{0,2}}?{parts}(?![\w\-])", re.I)
        # "8 × 200 Gb/s", "400Gbps × 8": a count of links times each one's rate
        self._times_before_re = re.compile(r"(?<![\w.,])(?:[2-9]|\d{2,4})\s*[x×]\s*$")
        self._times_after_re = re.compile(r"\s*[x×]\s*(?:[2-9]|\d{2,4})(?![\w.,])")
        self._function_words = frozenset(word.lower() for word in language.function_words)
        self._anaphor_re = compile_folded(alternation(language.anaphors), re.I)
        # "It delivers ...": a sentence opening on a pronoun carries its subject in
        pronouns = alternation(language.subject_pronouns, words=False, hyphens=False)
        self._pronoun_opening_re = re.compile(rf"[\W_]*{pronouns}\s", re.I)
        # "each MI450X in the rack": a place a chip is in, no product the figure is of
        locatives = alternation(language.locative_prepositions, words=False, hyphens=False)
        self._locative_re = re.compile(rf"\s+{locatives}\s+", re.I)
        self._locative_before_re = re.compile(rf"\b{locatives}\s+$", re.I)
        # "its process node is 5 nm": a compound ending in a scope noun that names an attribute
        self._attribute_compound_re = compile_folded(
            rf"(?<![\w\-]){alternation(language.attribute_compounds)}(?![\w\-])", re.I
        )
        place_articles = alternation(language.articles, words=False, hyphens=False)
        self._placed_in_re = re.compile(rf"\b{locatives}\s+(?:{place_articles}\s+)?$", re.I)
        # "a 300 W PCIe card", "an OAM module with 128 GB": figures of a board the product is
        # "it's a 600 watt card": a contracted copula, as speech and captions write it
        copula = r"(?:(?<![\w\-])(?:is|as)|(?<=\w)['’]s)"
        self._article_before_re = compile_folded(copula + r"\s+(?:a|an)\s+[~$]?$", re.I)
        self._sized_noun_re = compile_folded(rf"\s*(?:(?!\d)[\w\-]+\s+){{0,2}}?({nouns})(?![\w\-])", re.I)
        self._noun_with_re = compile_folded(
            rf"{copula}\s+(?:a|an)\s+[^,;.()\n]{{0,40}}?(?<![\w\-])({nouns})\s+with\s+"
            r"(?:(?!\d)[\w\-]+\s+){0,2}?[~$]?$",
            re.I,
        )
        enclosing = r"\s+(?:[\w\-]+\s+)?" + alternation(language.enclosing_prepositions) + r"\s+"
        self._enclosing_re = compile_folded(enclosing + "$", re.I)
        self._hosted_in_re = compile_folded(
            rf"\s+{alternation(language.hosted_in)}\s+(?:{either(language.hosted_determiners)}\s+)?", re.I
        )
        self._enclosing_anaphor_re = compile_folded(enclosing + alternation(language.anaphors), re.I)
        self._tails: dict[str, frozenset[str]] = {}
        # "... but moves to 256 GB": a verb with no subject of its own shares the sentence's.
        self._joined_verb_re = compile_folded(
            rf"(?:,\s*|\s){either(language.joined_verb_conjunctions)}\s+"
            rf"(?:{either(language.joined_verb_adverbs)}\s+)?{verbs}",
            re.I,
        )
        self._participle_re = compile_folded(
            r"^\W*(?:\*\*[^*]+\*\*:?\s*)?(?:" + alternation(language.participle_openers) + ")", re.I
        )

    def counted_scope(self, header: str) -> str | None:
        """Return the scope a column header counts ("Accelerators", "# of chips"), or None."""
        match = self._count_header_re.fullmatch(header.strip())
        return self._scope_of_noun.get(match.group(1).lower()) if match else None

    def container_named_near(
        self, text: str, start: int, end: int, inner: str, count: float | None = None
    ) -> str | None:
        """Return the one pack container of ``inner`` whose scope noun stands next to a count.

        "pods of 8,960 chips" or "8,960 chips per pod", said of TPU v5p, name the entity
        of kind pod that contains TPU v5p. With ``count``, only a container of that many.
        """
        window = text[max(0, start - 25) : min(len(text), end + 25)]
        for match in self._noun_re.finditer(window):
            scope = self._scope_of_noun.get(match.group(0).lower())
            if scope is None or not self.is_container_scope(scope, self.kind(inner)):
                continue
            if scope in self.pack.named_only_scopes:
                continue  # "a cluster of 4,096 GPUs" is not the pack's one H100 supercomputer
            container = self.sole_container(inner, scope, count)
            if container is not None:  # "8-GPU nodes" of H200 could be P5e or P5en: neither
                return container
        return None

    def sole_container(self, inner: str, scope: str | None, count: float | None = None) -> str | None:
        """Return the one pack entity of kind ``scope`` that contains ``inner`` (``count`` of them,
        if given), or None."""
        containers = [
            candidate.name
            for candidate in self.pack.entities
            if candidate.kind == scope
            and candidate.contains is not None
            and candidate.contains.entity == inner
            and (count is None or candidate.contains.count == count)
        ]
        return containers[0] if len(containers) == 1 else None

    def machine_of_family(self, family: str) -> str | None:
        """Return the one pack machine (instance, server, pod or cluster) of ``family``, or None.

        A table's system column may give a machine by its family name alone ("| Leonardo
        (Booster) |" of the Leonardo supercomputer); a family of several machines names none.
        """
        machines = [
            entity.name
            for entity in self.pack.entities
            if entity.family == family and self.is_container_scope(entity.kind, "card")
        ]
        return machines[0] if len(machines) == 1 else None

    def is_container_scope(self, outer: str | None, inner: str | None) -> bool:
        """Return True when scope ``outer`` lies outside scope ``inner``."""
        if outer not in self._scope_rank or inner not in self._scope_rank:
            return False
        return self._scope_rank[outer] > self._scope_rank[inner]

    def is_machine_scope(self, outer: str | None, inner: str | None) -> bool:
        """Return True when scope ``outer`` lies outside the scope right around ``inner``.

        The scope right around a chip is its form factor ("per card" is still the chip's
        figure, in whichever card model); the ones beyond are machines built of them.
        """
        if outer not in self._scope_rank or inner not in self._scope_rank:
            return False
        return self._scope_rank[outer] > self._scope_rank[inner] + 1

    def scope_named_with(
        self, text: str, start: int, entity: str, mentions: list[Mention], *, total: bool = True
    ) -> str | None:
        """Return the scope a noun right after the entity's name gives: "the H100 PCIe card".

        Only a scope outside the entity's own counts ("an 8-GPU H100 server pulled 10.2 kW");
        "Trn1 instances" or "H100 GPUs" say nothing new. A noun that also names the chip's
        product line ("the MI355X platform") scopes only a figure that is a total (``total``).
        """
        before = [m for m in mentions if m.entity == entity and m.end <= start]
        if not before:
            return None
        match = self._noun_after_re.match(text, before[-1].end)
        if match is None:
            return None
        if not total and match.group(1).lower() in self._product_line_nouns:
            return None  # "The MI355X platform delivered 2.7x": the chip line's multiplier
        scope = self._scope_of_noun.get(match.group(1).lower())
        if scope in _ONE_MACHINE_SCOPES and self.kind(entity) in _ONE_MACHINE_SCOPES:
            return None  # "a full HX-GB300-72 rack", "the DGX H100 system": the noun names the machine itself
        return scope if self.is_container_scope(scope, self.kind(entity)) else None

    def _names_working_parts(self, bracket: re.Match[str]) -> bool:
        """Return True for a bracket naming, in the plural, the parts of a chip that do the work:
        "130 (tensor cores)", "184.6 (on matrix cores)" is the chip's rate on those units, not a
        figure per core, which a distributive word would say ("(per core)", "(each tile)")."""
        noun = bracket.group(1).lower()
        singular = noun[:-1] if noun.endswith("s") else None
        return (
            singular is not None
            and self._scope_of_noun.get(singular) == self._scope_of_noun.get(noun)
            and self.is_container_scope("chip", self._scope_of_noun.get(noun))
            and not any(
                word.lower() in self._distributive for word in bracket.group(0).strip(" \t()").split()
            )
        )

    def own_noun_scope(self, noun: str, entity: str | None) -> str | None:
        """Return the scope a noun gives a figure of ``entity``: its own kind when its name carries the noun.

        "GroqRack | $420 per rack-hour", "120 kW per rack" of a "GB200 NVL72 rack": the rack
        is the machine itself, whatever scope the pack models it at, not a pod of it.
        """
        scope = self._scope_of_noun.get(noun.lower())
        if entity is None or scope is None:
            return scope
        found = self.pack.entity(entity)
        if found is None or found.kind == scope or {found.kind, scope} - _ONE_MACHINE_SCOPES:
            return (
                scope  # "BM.GPU.H200.8 at $10 per GPU-hour": a chip's noun in a machine's name is no machine
            )
        words = {w.lower() for name in found.names for w in _NAME_WORD.findall(name)}
        folded = noun.lower()
        if folded in words or (folded.endswith("s") and folded[:-1] in words):
            return found.kind
        return scope

    def _names_machine_itself(self, phrase: str, entity: str, scope: str | None) -> bool:
        """Return True when ``phrase`` names machine ``entity`` with a noun of one machine ("X1 rack")."""
        if scope not in _ONE_MACHINE_SCOPES or self.kind(entity) not in _ONE_MACHINE_SCOPES:
            return False
        found = self.pack.entity(entity)
        folded = phrase.casefold()
        return any(name.casefold() in folded for name in (found.names if found is not None else (entity,)))

    def scope_modifying_attribute(
        self, text: str, since: int, start: int, attribute: Attribute, entity: str
    ) -> str | None:
        """Return the scope a noun modifying the attribute's noun gives: "board power: 600 W".

        "per-rack power of 120 kW", "node memory", "pod bandwidth" before the figure (after
        ``since``, the previous figure) set the scope, but only one outside the entity's
        own: "Tensor Core performance" is still the chip's, and "on-board" is no scope.
        Dates are not scoped: "system availability in Q1 2025" dates the product.
        """
        if attribute.is_date:
            return None
        found = None
        for match in self._modifier_re(attribute).finditer(text, since, start):
            found = match
        if found is None or ";" in text[found.end() : start]:
            return None
        scope = self._modifier_scope(found, attribute)
        if self._names_machine_itself(text[max(since, found.start() - 60) : found.end(1)], entity, scope):
            return None  # "A full HX-GB300-72 rack on demand: $251.28/hr": the rack is the instance named
        return scope if self._modifier_scope_fits(scope, entity) else None

    def scope_modifying_attribute_after(
        self, text: str, end: int, attribute: Attribute, entity: str
    ) -> str | None:
        """Return the scope a noun phrase right after the figure gives: "at a 72 W board power".

        One lowercase word may stand before it ("1,000 W typical board power"). As before
        the figure, only a scope outside the entity's own counts.
        """
        if attribute.is_date:
            return None
        start = end + len(text[end:]) - len(text[end:].lstrip(" \t\n*_"))  # "**1,000 W** board power"
        match = self._modifier_re(attribute).match(text, start)
        if match is None:  # "1,000 W typical board power": one word may stand before the noun
            word = _LOWER_WORD.match(text, start)
            match = self._modifier_re(attribute).match(text, word.end()) if word else None
        if match is None:
            return None
        scope = self._modifier_scope(match, attribute)
        return scope if self._modifier_scope_fits(scope, entity) else None

    def _modifier_scope(self, match: re.Match[str], attribute: Attribute) -> str | None:
        """Return the scope a match of :meth:`_modifier_re` names: its scope noun's or its scoped cue's."""
        if match.group(1) is not None:
            return self._scope_of_noun.get(re.sub(r"\s+", " ", match.group(1).lower()))
        cue = match.group(2).lower()
        return next((scope for word, scope in attribute.scoped_cues if word.lower() == cue), None)

    def _modifier_scope_fits(self, scope: str | None, entity: str) -> bool:
        """Return True when a modifier's scope may move a figure of ``entity``.

        A scope outside the entity's own always may. Inside a container, only a scope between
        the container and its chip does ("board power" of a cluster is its chips' card power),
        since "GPU memory" of an instance is the instance's total.
        """
        kind = self.kind(entity)
        if self.is_container_scope(scope, kind):
            return True
        inner = self.contained(entity)
        return (
            inner is not None
            and self.is_container_scope(kind, scope)
            and self.is_container_scope(scope, self.kind(inner))
        )

    def scope_in_labels(self, labels: list[str], attribute: Attribute, entity: str) -> str | None:
        """Return the scope a table header or row label states for its cells' figures.

        "| Memory per chip |" and "| Board power |" scope the figures under or beside them;
        the first label (the cell's own column header) that states one wins.
        """
        for label in labels:
            each = self._each_re.search(label)
            if each is not None and not attribute.is_date:
                return self._scope_of_noun.get(each.group(1).lower())
            rate = None if attribute.is_date else self._rate_scope_re.search(label)
            if rate is not None:  # "List price ($/GPU-hour)": the rate names what it is paid for
                return self.own_noun_scope(rate.group(1), entity)
            if not attribute.is_date and self._each_unit.search(label):
                # "GPU memory (GB, each)": "each" makes the modifier's scope per unit even
                # inside the entity's own container, whose total "GPU memory" would be.
                modifier = last_match(self._modifier_re(attribute).finditer(label))
                scope = self._modifier_scope(modifier, attribute) if modifier is not None else None
                if scope is not None and self.is_container_scope(self.kind(entity), scope):
                    return scope
            scope = self.scope_modifying_attribute(label, 0, len(label), attribute, entity)
            if scope is not None:
                return scope
            rate = self._rate_scope_re.search(label) if attribute.rented_scope is not None else None
            if rate is not None and attribute.pint is not None and attribute.pint.endswith("/ hour"):
                # "| List price ($/GPU-hour) |": the column's hourly rates are paid per chip
                return self.own_noun_scope(rate.group(1), entity)
        return None

    def scope_of_sibling_headers(
        self, headers: tuple[str, ...], own: str, attribute: Attribute
    ) -> str | None:
        """Return the chip scope a table's other headers state for the figures under ``own``, or None.

        A spreadsheet whose columns say "mem_per_accel_GB", "tdp_per_accel_W" states its
        unscoped "peak_bf16_TFLOPS" per accelerator too, for a figure a machine sums over
        its chips (memory, bandwidth, compute, power); not a machine's own network, nor its
        price, nor when a header is "per" any other scope (a node, an instance). A header
        that says "total" or names a machine ("System power"), or whose attribute a per-chip
        header already has ("| TDP per chip | Max power |"), is the machine's.
        """
        own_words = {word.lower() for word in re.findall(r"[^\W\d_]+", own)}
        if not attribute.additive or "total" in own_words:
            return None
        if any(self._scope_of_noun.get(word) not in (None, "chip") for word in own_words):
            return None
        tail = attribute.name.rsplit("_", 1)[-1]
        cues = [cue.lower() for cue in (*attribute.cues, tail)]
        if tail in own_words or any(" " in cue and cue.lower() in own.lower() for cue in attribute.cues):
            # "| Memory per accelerator (GB) | Memory bandwidth (TB/s) |": a header naming its
            # attribute's own noun (or a cue of several words, "Memory throughput") is told
            # apart only by a cue no other summed attribute shares
            shared = {
                cue.lower()
                for other in self.pack.attributes
                if other.additive and other.name != attribute.name
                for cue in (*other.cues, other.name.rsplit("_", 1)[-1])
            }
            cues = [cue for cue in cues if cue not in shared]
        scopes = set()
        for header in headers:
            each = self._each_re.search(header)
            if each is None:
                continue
            words = {word.lower() for word in re.findall(r"[^\W\d_]+", header)}
            if any(cue in words for cue in cues):
                return None
            scopes.add(self._scope_of_noun.get(each.group(1).lower()))
        return "chip" if scopes == {"chip"} else None

    def _modifier_re(self, attribute: Attribute) -> FoldedPattern:
        pattern = self._modifier_res.get(attribute.name)
        if pattern is None:
            # The attribute's cue words and the head noun of its name ("bandwidth", "power").
            nouns = [*attribute.cues, attribute.name.rsplit("_", 1)[-1]]
            scoped = ""
            if attribute.scoped_cues:  # "TBP: 1,400 W" says "board" inside its cue
                scoped = rf"|(?<![\w\-])({alternation([cue for cue, _ in attribute.scoped_cues])})(?![\w\-])"
            pattern = compile_folded(
                rf"(?:(?<=\bper-)|(?<![\w\-]))({self._nouns})(?:[\s\-]+level)?[\s\-]+{alternation(nouns)}"
                + scoped,
                re.I,
            )
            self._modifier_res[attribute.name] = pattern
        return pattern

    def variant_named_after(self, text: str, end: int, entity: str) -> str | None:
        """Return the SKU a parenthesis right after a figure names: "80 GB HBM3 (SXM5)" of H100.

        The parenthesis must name, together with the entity, another entity of the same
        family ("H100" + "SXM5" is the alias "H100 SXM5" of H100 SXM).
        """
        match = _VARIANT_AFTER.match(text, end)
        return self.variant(entity, match.group(1)) if match is not None else None

    def names_baseline(self, words: str) -> bool:
        """Return True when the words after a data key's comparison word name a baseline: a pack
        product ("mi300x"), a member of a pack family without the family ("v6e" of TPU), or a
        generic forerunner word ("prev gen"); False for "batch" or "load pct"."""
        if self._ratio_baselines.fullmatch(words) or self.matcher.resolve(words) is not None:
            return True
        for family in self._families:
            surface = f"{family} {words}"
            if any(m.start == 0 and m.end == len(surface) for m in self.matcher.find(surface)):
                return True
        return False

    def variant(self, entity: str, word: str) -> str | None:
        """Return the member of the entity's family that ``word`` names with it ("H100" + "PCIe"), or None.

        The word may also replace the entity's own suffix ("H100 SXM" + "PCIe" -> H100 PCIe).
        """
        found = self.pack.entity(entity)
        if found is None or found.family is None:
            return None
        named = self.matcher.resolve(f"{entity} {word}")
        if named is None or named == entity:
            # Only a whole name counts here: "Gaudi" + "OAM" does not name the family Gaudi.
            surface = f"{found.family} {word}"
            whole = [m for m in self.matcher.find(surface) if m.start == 0 and m.end == len(surface)]
            named = whole[0].entity if whole else None
        member = self.pack.entity(named) if named else None
        if member is None or member.name == entity or member.family != found.family:
            return None
        return member.name

    def is_generic_family(self, entity: str) -> bool:
        """Return True for a family named by a generic chip noun ("IPU", "TPU"), whose figures
        :meth:`named_member` may read as one member's."""
        found = self.pack.entity(entity)
        return (
            found is not None and found.name == found.family and found.name.lower() in self._accelerator_nouns
        )

    def named_member(self, entity: str, names: Iterable[str]) -> str:
        """Return the one member of generic family ``entity`` the names name or hold, else ``entity``.

        "Each IPU-M2000 holds four GC200 IPUs with 900 MB per IPU": "IPU" is the chip noun of
        the GC200 the machine holds, not the family's own figure. Only a family named by a
        generic chip noun ("IPU", "TPU") reads so; "per H100" names a product of its own.
        """
        if not self.is_generic_family(entity):
            return entity
        found = self.pack.entity(entity)
        assert found is not None
        members = set()
        for name in names:
            named = self.pack.entity(name)
            if named is not None and named.contains is not None:
                named = self.pack.entity(named.contains.entity)  # "a Bow-2000": the Bow IPU it holds
            if named is not None and named.name != entity and named.family == found.family:
                members.add(named.name)
        return members.pop() if len(members) == 1 else entity

    def family_of(self, entity: str) -> str | None:
        """Return the family the pack puts the entity in (A100 80GB -> A100), or None."""
        found = self.pack.entity(entity)
        return found.family if found is not None else None

    def contained(self, entity: str) -> str | None:
        """Return the entity a container holds (Trn2 -> Trainium2), or None."""
        found = self.pack.entity(entity)
        return found.contains.entity if found is not None and found.contains is not None else None

    def single_chip_of(self, card: str) -> str | None:
        """Return the one chip a card holds (GroqCard -> LPU), or None for other entities."""
        found = self.pack.entity(card)
        if found is None or found.kind != "card" or found.contains is None or found.contains.count != 1:
            return None
        return found.contains.entity

    def holds_several_chips(self, card: str) -> bool:
        """Return True for a card the pack says carries more than one chip (n300s -> two Wormhole):
        a count of such cards counts boards, not chips."""
        found = self.pack.entity(card)
        if found is None or found.kind != "card" or found.contains is None:
            return False
        return (found.contains.count or 0) > 1

    def holds_one_chip_cards(self, machine: str) -> bool:
        """Return True when ``machine`` (no card itself) holds a chip the pack sells one to a card
        (GroqNode -> LPU, one per GroqCard): its cards count its chips."""
        found = self.pack.entity(machine)
        if found is None or found.kind in ("card", "chip") or found.contains is None:
            return False
        chip = found.contains.entity
        return any(self.single_chip_of(entity.name) == chip for entity in self.pack.entities)

    def holds_parts(self, entity: str) -> bool:
        """Return True if the pack says what ``entity`` contains."""
        found = self.pack.entity(entity)
        return found is not None and found.contains is not None

    def sole_chip(self, machine: str) -> str | None:
        """Return the one chip a machine holds (CS-3 -> WSE-3), or None for other entities.

        Cards keep their figures (a card's SRAM is labelled on the card); a machine whose chip
        runs a configuration of its own keeps them too.
        """
        found = self.pack.entity(machine)
        if (
            found is None
            or found.kind in PART_SCOPES
            or found.contains is None
            or found.contains.count != 1
            or found.contains.own_config
        ):
            return None
        inner = found.contains.entity
        return inner if self.kind(inner) == "chip" else None

    def holds(self, container: str, chip: str) -> bool:
        """Return True when ``container`` holds ``chip`` or a model of its family (P5 holds H100)."""
        inner = self.contained(container)
        if inner is None or container == chip:
            return False
        found, named = self.pack.entity(inner), self.pack.entity(chip)
        return inner == chip or (
            found is not None
            and named is not None
            and named.family is not None
            and found.family == named.family
        )

    def per_scope_in(self, label: str) -> str | None:
        """Return the scope a label counts its figures per ("GPU per node" -> "server"), or None."""
        match = self._per_label_re.search(label)
        return self._scope_of_noun.get(match.group(1).lower()) if match else None

    @property
    def scope_of_noun(self) -> Mapping[str, str]:
        """Return the pack's scope nouns, lower-cased, with their scopes ("rack" -> "server")."""
        return self._scope_of_noun

    def _named_scopes(self, name: str) -> frozenset[str]:
        """Return the scopes an entity's own names use ("GB200 NVL72 rack"): "per rack" of it is its own.

        Computed per entity on first use: an extractor is copied for every document that
        discovers names, and most entities are never asked about.
        """
        found = self._named_scopes_cache.get(name)
        if found is None:
            entity = self.pack.entity(name)
            names = entity.names if entity is not None else ()
            found = frozenset(
                self._scope_of_noun[word.lower()]
                for alias in names
                for word in alias.split()[1:]
                if word.lower() in self._scope_of_noun
            )
            self._named_scopes_cache[name] = found
        return found

    def kind(self, entity: str) -> str | None:
        """Return the pack kind of an entity."""
        found = self.pack.entity(entity)
        return found.kind if found else None

    def is_record(self, text: str, mentions: list[Mention]) -> bool:
        """Return True for a key/value line that names a product as its value ("Current model Bow IPU").

        Such a line is a field of the record it stands in, not a title: what follows it is
        still about the record's own subject.
        """
        if not mentions:
            return False
        key = _RECORD_KEY.fullmatch(text, 0, mentions[0].start)
        return key is not None and not any(
            word.lower() in self._function_words for word in key.group(0).split()
        )

    def first_subject(self, mentions: list[Mention]) -> str | None:
        """Return the topic of a sentence: its first product named outside parentheses."""
        for mention in mentions:
            if (
                mention.role == SUBJECT
                and not mention.group
                and self.kind(mention.entity) not in NON_PRODUCT_KINDS
            ):
                return mention.entity
        return None

    def named_in_passing(self, text: str, mention: Mention) -> bool:
        """Return True for a name that only completes another noun and heads no clause.

        "a teardown of the 910B and the later one ...", "the 910B's successor":
        the sentence speaks of the teardown or the successor, so the name is no topic to carry
        on; "the price of the H100 is ..." makes the H100 the subject of its verb.
        """
        if self._relation_after_re.match(text, mention.end):
            return True
        if self._relation_before_re.search(text, max(0, mention.start - 60), mention.start):
            return True
        return bool(self._of_noun_before.search(text, 0, mention.start)) and not self._subject_verb_re.match(
            text, mention.end
        )

    def title_subject(self, mentions: list[Mention]) -> str | None:
        """Return what a heading, label or table header is about: its first named entity.

        Unlike sentences, titles name their subject in parentheses ("Quick stats
        (Trainium2)") and may be about an organisation ("Annapurna Labs"). A product card's
        heading names what its product holds ("X1 server - 8x B300 (HGX B300)"): a part that
        another named product holds is no item of a list.
        """
        if names_many(self.without_parts(mentions)):
            return None  # a navigation bar or a list of products is about none of them
        return next((mention.entity for mention in mentions if mention.role == SUBJECT), None)

    def _hosted_subject(self, text: str, start: int, before: list[Mention]) -> str | None:
        """Return the product a label places in its host machine, when the figure follows the label.

        "GH200 as shipped in the EX254n: 96 GB of HBM3" states the GH200's figures: the
        machine after "in" says where it is, and the colon opens the product's list.
        """
        if len(before) < 2:
            return None
        product, host = before[-2], before[-1]
        if product.entity == host.entity or not self._hosted_in_re.fullmatch(text, product.end, host.start):
            return None
        if ":" not in text[host.end : start] or "\n\n" in text[product.start : start]:
            return None
        return product.entity

    def _placed_subject(self, text: str, start: int, before: list[Mention]) -> str | None:
        """Return the part a clause's subject places in a machine, when the verb follows the machine.

        "the B200 in an HGX B200 system is rated at 1,000 W": the machine after "in" says where
        the B200 stands; the verb after it and the figure are the B200's.
        """
        if len(before) < 2:
            return None
        part, host = before[-2], before[-1]
        if part.entity == host.entity or not self._hosted_in_re.fullmatch(text, part.end, host.start):
            return None
        kind = self.kind(part.entity)
        if kind is None or not self.is_container(host.entity, kind):
            return None
        verb = self._subject_verb_re.match(text, host.end)
        if verb is None or verb.end() > start or self._clause_end_re.search(text, host.end, start):
            return None
        return part.entity

    def _described_by_aside(self, text: str, group: tuple[int, ...], before: list[Mention]) -> str | None:
        """Return the product a parenthesis right after its name describes, when the aside names its part.

        "the **DGX Spark** (GB10 Superchip, 128 GB ..., $3,999)": the aside lists the machine's
        figures and names the chip it holds first; the figures stay the machine's.
        """
        if not group:
            return None
        opening = group[-1]
        inside = [mention for mention in before if mention.group == group]
        outside = [mention for mention in before if mention.end <= opening]
        if not inside or not outside:
            return None
        product = outside[-1]
        if product.group != group[:-1] or text[product.end : opening].strip(" \t\r\n*_"):
            return None
        if not all(self.holds(product.entity, mention.entity) for mention in inside):
            return None
        return product.entity

    def _part_listed_in_aside(
        self, text: str, start: int, group: tuple[int, ...], before: list[Mention], mentions: list[Mention]
    ) -> str | None:
        """Return the device a cluster's aside names before a figure, when the cluster is built from it.

        "the partition gpu-x (40 x MI210, 64 GB HBM2e, 300 W)": a cluster's aside that names the
        chip it holds lists that chip's figures; the count before the name stays the cluster's.
        A server's aside ("DGX Spark (GB10 Superchip, 128 GB)") keeps its figures (see
        _described_by_aside): a machine's totals are written so, a cluster's are not.
        """
        opening = group[-1]
        outside = [mention for mention in before if mention.end <= opening]
        if not outside:
            return None
        cluster = outside[-1]
        if cluster.group != group[:-1] or text[cluster.end : opening].strip(" \t\r\n*_"):
            return None
        if self.kind(cluster.entity) not in self.pack.named_only_scopes:
            return None
        inner = self.contained(cluster.entity)
        inside = [mention for mention in mentions if mention.group == group and mention.end <= start]
        if inner is None or not inside or inside[-1].entity != inner:
            return None
        return inner

    def without_parts(self, mentions: list[Mention]) -> list[Mention]:
        """Return the mentions but those of a product another of them holds (a server's chip)."""
        named = {mention.entity for mention in mentions}
        parts = {
            inner for entity in named if (inner := self.contained(entity)) is not None and inner != entity
        }
        return [mention for mention in mentions if mention.entity not in parts]

    def contrasted_entity(self, text: str, start: int, end: int, mentions: list[Mention]) -> str | None:
        """Return the product "the <noun>" after a contrasted figure stands for, or None.

        "it draws 559 kW against ~145 kW for the NVIDIA rack": the figure set against the
        subject's is that of the other product the sentence named, whose kind (or a name of
        it: "GB200 NVL72 rack") the noun gives.
        """
        if not self._contrast_before_re.search(text, max(0, start - 24), start):
            return None
        noun = self._contrast_noun_re.match(text, end)
        if noun is None:
            return None
        scope = self._scope_of_noun.get(noun.group(1).lower())
        topic = self.first_subject([m for m in mentions if m.end <= start])
        named = [m for m in mentions if m.end <= start and m.entity != topic]
        for mention in reversed(named):
            if scope == self.kind(mention.entity) or scope in self._named_scopes(mention.entity):
                return mention.entity
        return None

    def per_entity(self, text: str, end: int, mentions: list[Mention], *, ratio: bool = False) -> str | None:
        """Return the entity named right after a figure ("per Trainium2", "on the H100", "for a trn2").

        A ``ratio`` is never the compared product's: "1.6x faster than on the A100".
        """
        for mention in mentions:
            if (
                mention.start >= end
                and mention.role != BASELINE
                and not (ratio and mention.role == COMPARED)
                # the gap read in place: a slice of it copies the rest of a long line for every name
                and self._per_entity_re.fullmatch(text, end, mention.start)
                and not (
                    mention.role == COMPARED and self._marker_between_re.search(text, end, mention.start)
                )
            ):
                return mention.entity
        return None

    def definite_of_owner(self, text: str, start: int, end: int, mentions: list[Mention]) -> str | None:
        """Return the product "of" names right after a definite figure: "the 800 Gbps of Trn1".

        "the 3.35 TB/s of the H100" is the H100's, even where the H100 is also the baseline
        of a ratio before it ("twice the 800 Gbps of Trn1").
        """
        if self._definite_before_re.search(text, max(0, start - 30), start) is None:
            return None
        for mention in mentions:
            if mention.start >= end:
                return mention.entity if self._of_then_name.fullmatch(text, end, mention.start) else None
        return None

    def stated_scope(
        self,
        text: str,
        start: int,
        end: int,
        since: int = 0,
        entity: str | None = None,
        *,
        dated: bool = False,
        total: bool = True,
    ) -> str | None:
        """Return the scope stated by "per chip" after a figure or "each device" before it.

        ``since`` is where the previous figure ends: a "per chip" before it is its own.
        A scope noun that is the clause subject ("the board draws 900 W") scopes its
        figure, but "the machine" that names a cluster (``entity``) does not make it a server,
        nor a product-line noun a figure that is no total (``total``: "the X platform delivered 2.7x").
        """
        bracket = self._bracket_noun_re.match(text, end)
        if bracket is not None and not self._names_working_parts(bracket):
            return self.own_noun_scope(bracket.group(1), entity)
        board = self._on_noun_re.match(text, end)
        if board is not None and self._scope_of_noun.get(board.group(1).lower()) == "card":
            return "card"
        after = self._per_noun(text, end)
        if after is not None:
            return self.own_noun_scope(after.group(1), entity)
        closing = None if dated else self._list_per.match(text, end)  # a date is no rate
        if closing is None and not dated and text.rfind("(", 0, start) > text.rfind(")", 0, start):
            # "the MI325X platform (256 GB HBM3E, 6 TB/s per accelerator)": a bracket's list
            closing = self._bracket_per_re.match(text, end)
        if (
            closing is not None
            and not self._other_per_re.search(text, end, closing.start(1) - 4)
            and not self._relative_re.search(text, end, closing.start(1))
            # "96 GB of HBM and 1.5 TB per instance": a figure with words of its own is no item
            and (
                _LIST_NEXT.match(text, end) or not _DIGIT.search(_ASIDE.sub("", text[end : closing.start(1)]))
            )
        ):
            return self.own_noun_scope(closing.group(1), entity)
        rate = self._rate_scope_re.search(text, start, end)
        if rate is not None:
            return self.own_noun_scope(rate.group(1), entity)
        rated = self._rated_object_re.search(text, max(since, start - 60), start)
        if rated is not None:
            return self.own_noun_scope(rated.group(2), entity)
        summed = self._noun_total_re.search(text, max(since, start - 40), start)
        if summed is not None:
            return self.own_noun_scope(summed.group(1), entity)
        before = None
        for match in self._noun_subject_re.finditer(text, since, start):
            scope = self._scope_of_noun.get(match.group(2).lower())
            if not total and match.group(2).lower() in self._product_line_nouns:
                continue
            definite = match.group(1).lower() in self._definite_words
            if definite and entity is not None and self.is_container_scope(self.kind(entity), scope):
                continue  # "At full load the machine draws 30 MW", said of a cluster
            if entity is not None and self._names_machine_itself(match.group(0), entity, scope):
                continue  # "A full HX-GB300-72 rack costs ...": the rack is the instance named
            if self._locative_before_re.search(text, max(since, match.start() - 12), match.start()):
                continue  # "each MI450X in the rack carries 432 GB": the rack places the chip
            if self._attribute_compound_re.search(text, match.start(), match.end(2)):
                continue  # "its process node is 5 nm": a fab generation, no server
            if self._owns_scoped_modifier(text, since, match.start(), scope):
                continue
            before = match
        # "the rack delivers 13.5 petaflops" of a GroqRack: the rack is the machine itself
        scope = self.own_noun_scope(before.group(2), entity) if before is not None else None
        if before is None:
            # "; PCIe card stays at 600 W": a clause opening with a form factor's noun, no article
            bare = list(self._bare_noun_subject_re.finditer(text, since, start))
            if bare:
                before, scope = bare[-1], self._scope_of_noun.get(bare[-1].group(1).lower())
        for match in self._each_re.finditer(text, since, start):
            if (
                since
                and (
                    not text[since : match.start()].strip()
                    # after a unit, not a date's or a name's digits
                    or (text[since - 1].isalpha() and _NOUN_OF_FIGURE.fullmatch(text, since, match.start()))
                )
                and not self._opens_label_re.match(text, match.start())
            ):
                # "$40,000 per GPU, and a rack ...", "80 GB of HBM3 per GPU, 3,200 Gb/s RDMA": the
                # previous figure's own rate, the noun it sizes between
                continue
            if self._owns_scoped_modifier(
                text, since, match.start(), self._scope_of_noun.get(match.group(1).lower())
            ):
                continue
            if before is None or match.start() > before.start():
                before, scope = match, self._scope_of_noun.get(match.group(1).lower())
        return scope if scope is not None or before is not None else self.lead_scope(text, start)

    def _owns_scoped_modifier(self, text: str, since: int, start: int, scope: str | None) -> bool:
        """Return True when the noun at ``start`` owns an attribute a scope noun of another scope
        modifies: "the board power of one accelerator" holds for the board, not the chip."""
        owned = self._owned_modifier_re.search(text, max(since, start - 40), start)
        if owned is None or scope is None:
            return False
        if owned.group(2) is None and not self._of_unit.match(text, start):
            return False  # "of" opens no owner: "eight cards each GPU ..."
        modifier = self._scope_of_noun.get(owned.group(1).lower())
        return modifier is not None and modifier != scope

    def form_factor_scope(self, text: str, start: int, end: int) -> str | None:
        """Return "card" for a figure sizing a board the text calls the product, or None.

        "the Max 1100 is a 300 W PCIe card with 48 GB": both figures are the card's, the
        one before the noun ("a 300 W ... card") and the one after "with".
        """
        sized = self._article_before_re.search(text, max(0, start - 8), start) and self._sized_noun_re.match(
            text, end
        )
        found = sized or self._noun_with_re.search(text, max(0, start - 60), start)
        if not found:
            return None
        scope = self._scope_of_noun.get(found.group(1).lower())
        return scope if scope == "card" else None

    def each_counted_scope(self, text: str, start: int, end: int, mentions: list[Mention]) -> str | None:
        """Return the scope of the unit a figure followed by "each" is given for, or None.

        "H100 nodes (8 GPUs, 80 GB each)": the 80 GB is per GPU, not per node; "8x MI300X,
        192 GB each" and "4 GPUs with 186 GB of HBM3e each": per counted unit; so is a figure "each
        with" or "each of" opens ("four GPUs, each of 16 GB"). The count must
        stand in the figure's line, with nothing but a comma, "at" or "with", or an opening
        bracket's contents between it and the figure.
        """
        line_start = text.rfind("\n", 0, start) + 1
        if self._each_after_figure_re.match(text, end):
            found = last_match(self._counted_before_re.finditer(text, line_start, start))
            if found is None or not self._count_to_each_re.fullmatch(
                text, self._counted_end(found, mentions), start
            ):
                return None
        else:
            if not EACH_WORDS.any_within(text, line_start, start):
                return None  # no "each" for ``_each_opening_re`` to read before the figure
            found = last_match(self._counted_before_re.finditer(text, line_start, start))
            if found is None or not self._each_opening_re.fullmatch(
                text, self._counted_end(found, mentions), start
            ):
                return None
        if found.group(1):
            return self._scope_of_noun.get(found.group(1).lower())
        named = next((m for m in mentions if m.start == found.end()), None)
        return self.kind(named.entity) if named is not None else None

    @staticmethod
    def _counted_end(found: re.Match[str], mentions: list[Mention]) -> int:
        """Return where a count ends: after its noun, or after the product named right after "8x"."""
        if found.group(1):
            return found.end()
        named = next((m for m in mentions if m.start == found.end()), None)
        return named.end if named is not None else found.end()

    def counted_unit(self, text: str, start: int, end: int, mentions: list[Mention]) -> str | None:
        """Return the counted product "each rack" or "per rack" picks out, or None.

        "128 GB200 NVL72 racks, each rack housing 72 GPUs (130 TB/s per rack)": the figures
        are of one GB200 NVL72, named as a rack, not of the machine the racks make up.
        """
        counted = [m for m in mentions if m.role == COUNTED and m.end <= start]
        if not counted:
            return None
        after = self._per_noun(text, end)
        if after is not None:
            noun = after.group(1)
        else:
            each = last_match(self._each_re.finditer(text, counted[0].end, start))
            if each is None or re.search(r"[,;()]", text[each.end() : start]):
                return None  # "each rack holding 72 GPUs, with 1.4 MW of cooling": another clause
            named_in = self._each_in.match(text, each.end())
            if named_in is not None and any(m.start == named_in.end() for m in mentions):
                return None  # "each GPU in the NVL72 carries 186 GB": the named machine's chips
            noun = each.group(1)
        scope = self._scope_of_noun.get(noun.lower())
        for mention in reversed(counted):
            if scope == self.kind(mention.entity) or scope in self._named_scopes(mention.entity):
                return mention.entity
        return None

    def each_of_counted(self, text: str, start: int, end: int, mentions: list[Mention]) -> str | None:
        """Return the counted chip a figure is given for one of, or None.

        "8x Gaudi 2, 96 GB HBM2e each, 600 W per OAM", "(16x SN40L RDU, 64 GB HBM per RDU)": "each",
        a form factor's noun or the chip's own noun after "per" sizes one of the counted chips.
        """
        counted = [m for m in mentions if m.role == COUNTED and m.end <= start]
        after = self._per_counted_re.match(text, end) if counted else None
        if after is None or _LIST_BREAK.search(text, end, after.start(1) if after.group(1) else after.end()):
            return None
        noun = after.group(1)
        for mention in reversed(counted):
            if noun is None or self._form_factor_re.match(noun):
                return mention.entity
            names = {
                text[mention.start : mention.end].split()[-1].lower(),
                mention.entity.split()[-1].lower(),
            }
            if noun.lower() in names:
                return mention.entity
        return None

    def forms_between(self, text: str, start: int, end: int) -> bool:
        """Return True when only form factors ("SXM", "OAM") or nothing stand from ``start`` to ``end``."""
        return self._forms_gap_re.fullmatch(text, start, end) is not None

    def names_anaphor(self, text: str) -> bool:
        """Return True when ``text`` holds a word standing for a product ("it", "the chip")."""
        return self._anaphor_re.search(text) is not None

    def part_subject(self, text: str, start: int, entity: str) -> str | None:
        """Return the part of ``entity`` a sentence opening on its noun speaks of, or None.

        "The chip itself is TSMC 6nm, with 210 MB of SRAM" on a page about a card: the
        sentence's figures are the card's chip's. Only a part the pack says the entity holds.
        """
        since = _SENTENCE_STARTS.last_end(text, start) or 0
        found = self._part_subject_re.match(text, since)
        if found is None:
            # "AMD rates it at 550 W; the part is configurable up to 760 W": a clause on "the part"
            since = max(since, _PART_CLAUSE_STARTS.last_end(text, start) or 0)
            found = self._part_subject_re.match(text, since)
        if found is None:
            found = self._rated_part_re.match(text, since)
        if found is None or found.end() > start:
            return None
        if self._other_part_subject_re.search(text, found.end(), start):
            return None  # "the die has 210 MB and this card exposes 180 MB": the card's own
        inner = self.contained(entity)
        if inner is None:
            return None
        # A superchip's "GPU part" is the superchip's own: a chip's and a card's nouns name either
        scope = self._scope_of_noun.get(found.group(1).lower()) if found.group(1) else self.kind(inner)
        if scope is None or scope == self.kind(entity):
            return None
        if self.kind(inner) != scope and not (scope in PART_KINDS and self.kind(inner) in PART_KINDS):
            return None
        return inner

    def lead_scope(self, text: str, start: int) -> str | None:
        """Return the scope a phrase opening the figure's clause states ("per chip, that's ..."), or None.

        The phrase holds for every figure of the clause up to a scope noun of a container
        ("Per chip 96 GB, the whole instance 1.5 TB" gives the instance its own).
        """
        breaks = (self._wrapped_clause_ends, _SENTENCE_STARTS)
        lead = self._lead_scope_re.match(text, max((b.last_end(text, start) or 0 for b in breaks), default=0))
        if lead is None:
            # "Each card: 96 GB, 1.8 TB/s, 600 W": a lead heading the list holds for all its items
            unlisted = (b.ends_before(text, start) for b in breaks)
            since = max(next((e for e in ends if not _after_colon(text, e)), 0) for ends in unlisted)
            lead = self._lead_scope_re.match(text, since)
            if lead is None or not text.startswith(":", lead.end()):
                return self._colon_lead(text, since, start)
        if lead.end() > start:
            return None
        return self._lead_holds(text, lead, start)

    def line_lead_scope(self, text: str, start: int) -> str | None:
        """Return the scope a "single card" or "per GPU" label earlier in the figure's line states, or None.

        "Single card FP8 computing power: 296 TFLOPS; FP16: 148 TFLOPS; power 400W" and "8x H20,
        single card memory 96GB, bandwidth 4.0TB/s": a label opening an item of a spec line holds
        for the line's later figures too, up to a sentence's end or a container's noun ("whole
        machine memory: 512GB"). A "per GPU" right after a figure is that figure's rate only.
        """
        line_start = text.rfind("\n", 0, start) + 1
        lead = None
        for match in self._each_re.finditer(text, line_start, start):
            before = text[line_start : match.start()].rstrip()
            if not before or before[-1] in ";,:(" or self._opens_label_re.match(text, match.start()):
                lead = match
        if lead is None:
            return None
        return self._lead_holds(text, lead, start)

    def _colon_lead(self, text: str, since: int, start: int) -> str | None:
        """Return the scope of the last "per card:" between ``since`` and the figure at ``start`` that
        heads the figure's list ("The T4 entry is per card: 70 W, 320 GB/s and 130 TOPS"), or None."""
        leads = list(self._colon_lead_re.finditer(text, since, start))
        if not leads or re.search(r"[.;!?](?:\s|$)", text[leads[-1].end() : start]):
            return None
        return self._lead_holds(text, leads[-1], start)

    def _lead_holds(self, text: str, lead: re.Match[str], start: int) -> str | None:
        """Return the scope a lead noun states, or None when its reach ends before ``start``."""
        scope = self._scope_of_noun.get(lead.group(1).lower())
        return scope if self._reaches(text, lead.end(), start, scope) else None

    def per_noun_after(self, text: str, end: int) -> tuple[str, int] | None:
        """Return the scope "per GPU" right after a figure states and where it ends, or None."""
        after = self._per_noun(text, end)
        if after is None:
            return None
        scope = self._scope_of_noun.get(after.group(1).lower())
        return (scope, after.end()) if scope is not None else None

    def _per_noun(self, text: str, end: int) -> re.Match[str] | None:
        """Return the "per GPU" or "each card" right after a figure ending at ``end``, or None; a
        comma or semicolon before its noun leaves the noun to another clause."""
        after = self._per_noun_re.match(text, end)
        if after is None or re.search(r"[,;]", text[end : after.start(1)]):
            return None
        return after

    def names_unit_label(self, text: str) -> bool:
        """Return True when the text gives one chip's or card's figures: "Single card memory", "per GPU"."""
        return any(
            self._scope_of_noun.get(match.group(1).lower()) in PART_KINDS
            for match in self._each_re.finditer(text)
        )

    def reaches_over(self, text: str, since: int, start: int, scope: str | None) -> bool:
        """Return True when a scope stated at ``since`` may still hold at ``start`` in one line.

        No line break, sentence end, contrast or total ("in total") lies between, and no noun
        of a larger scope ("FP8: 10 PFLOPS per GPU; server: 14 kW" gives the server its own).
        """
        return "\n" not in text[since:start] and self._reaches(text, since, start, scope)

    def _reaches(self, text: str, since: int, start: int, scope: str | None) -> bool:
        """Return True when no sentence end, contrast, total or larger scope's noun lies from ``since``
        to ``start``: a scope stated at ``since`` still holds at ``start``."""
        if self._lead_stop_re.search(text, since, start):
            return False
        return not any(
            self.is_container_scope(self._scope_of_noun.get(match.group(0).lower()), scope)
            for match in self._noun_re.finditer(text, since, start)
        )

    def group_total(self, text: str, start: int, mentions: list[Mention]) -> tuple[str, str] | None:
        """Return (entity, scope) for a total of counted chips: "the four cards share 564 GB".

        The figure is the chips' own total, stated at the scope of the machine the text named
        before that holds them ("a 2U server"); without such a machine, None.
        """
        group = self._group_subject_re.search(text, max(0, start - 60), start)
        if group is None:
            return None
        counted = [m for m in mentions if m.end <= group.start() and m.role in (COUNTED, SUBJECT)]
        noun_scope = self._scope_of_noun.get(group.group(1).lower())
        if not counted or noun_scope is None:
            return None
        for noun in reversed(list(self._noun_re.finditer(text, 0, group.start()))):
            scope = self._scope_of_noun.get(noun.group(0).lower())
            if scope is not None and self.is_container_scope(scope, noun_scope):
                return counted[-1].entity, scope
        return None

    def whole_scope(self, text: str, start: int) -> str | None:
        """Return the scope of "the system as a whole" when it is the subject of a figure, or None."""
        match = self._whole_re.search(text, max(0, start - 60), start)
        return self._scope_of_noun.get(match.group(1).lower()) if match else None

    def counted_machine(self, text: str, since: int, start: int, chip: str) -> str | None:
        """Return the pack machine a figure's subject describes by its count of ``chip``, or None.

        "One MI325X holds ..., and a box of eight holds two terabytes": the server of eight
        MI325X is the MI325X Platform.
        """
        # The count may itself be the figure before ("a pod of 9,216 chips good for 42.5
        # exaflops"); the pattern ends at the figure, so looking back cannot reach another one.
        match = self._counted_machine_re.search(text, max(0, since - 40), start)
        if match is None:
            return None
        scope = self._scope_of_noun.get(match.group(1).lower())
        word = match.group(2).lower().replace(",", "")
        count = int(word) if word.isdigit() else self._number_values.get(word)
        if count is None:
            return None
        return self.sole_container(chip, scope, count)

    def bundle_scope(self, text: str, end: int) -> str | None:
        """Return the scope of the units a price after ``end`` buys several of ("for an 8-card kit")."""
        match = self._bundle_re.match(text, end)
        return self._scope_of_noun.get(match.group(1).lower()) if match else None

    def per_part(self, text: str, start: int, end: int) -> bool:
        """Return True for a figure of a part that is no scope.

        "200 Gb/s per endpoint", "/port", "64 GB DIMMs", "eight packages ..., 4 GB each" (or
        "..., each 4 GB"), and "4x 200 Gb/s NICs" (a count of parts, each of that figure).
        """
        if self._per_part_re.match(text, end) is not None:
            return True
        if self._parts_of_re.search(text, max(0, start - 60), start):
            return True
        if self._part_aside_re.search(text, max(0, start - 60), start):
            return True
        if (bare := self._parts_bare_re.search(text, max(0, start - 40), start)) and not self._named_count(
            text, bare.start()
        ):
            return True
        if self._count_before_re.search(text, max(0, start - 24), start) and self._part_after_re.match(
            text, end
        ):
            return True
        if (each := self._each_before_re.search(text, max(0, start - 8), start)) is not None:
            return bool(self._counted_parts_re.search(text[: each.start()]))
        return self._each_after_re.match(text, end) is not None and bool(
            self._counted_parts_re.search(text[:start])
        )

    @staticmethod
    def _named_count(text: str, start: int) -> bool:
        """Return True when the count at ``start`` ends a name ("CloudMatrix 384", "Atlas 950")."""
        words = text[max(0, start - 40) : start].split()
        name = words[-1].lstrip("\"'“‘(*_") if words else ""
        return name[:1].isupper() and name[-1:].isalnum()

    def times_count(self, text: str, start: int, end: int) -> bool:
        """Return True for a figure multiplied by a count of parts ("8 × 200 Gb/s", "400Gbps × 8"):
        each part's figure, not the whole's."""
        return bool(
            self._times_before_re.search(text, max(0, start - 8), start)
            or self._times_after_re.match(text, end)
        )

    def in_clause(
        self,
        text: str,
        start: int,
        mentions: list[Mention],
        *,
        holders: tuple[str, ...],
        container_of: str | None = None,
        item: bool = False,
        ratio: bool = False,
        machine_figure: bool = False,
        priced: bool = False,
    ) -> tuple[str, str] | None:
        """Return (entity, rule) for a figure from the mentions of its own segment.

        The nearest subject mention before the figure wins, skipping baselines ("than X"),
        modifiers ("X-based"), counted things ("64 X chips"), entities of a kind that
        cannot hold the attribute (``holders``) and asides in parentheses that do not
        contain the figure. A sentence opening with a participle ("Announced
        in 2023, X is ...") belongs to the subject after it. ``container_of`` restricts
        candidates to entities whose scope is outside that scope (for counts). In a list
        ``item`` opening with a name and a colon, that name owns the item's figures. A
        ``ratio`` never belongs to the compared product ("against 1.6 on the H100").
        A ``machine_figure`` (summed over parts, or a price) in an aside right after a
        machine's name is the machine's even when the aside names its chip first. A part
        placed in a machine ("the B200 in an HGX B200 system is rated at 1,000 W") owns the
        figure, unless it is ``priced``: "a single L4 in a G6 instance is listed at $0.805" is
        what the machine rents for.
        """
        group = group_at(text, start)
        described = self._aside_of_baseline(text, group, mentions, holders, container_of, ratio)
        if described is not None:
            return described, "prose.baseline-aside"
        eligible = self._eligible_memo.kept(
            mentions,
            (holders, container_of, ratio),
            lambda m: self._eligible(m, holders, container_of, ratio),
        )
        subject_after = self._subject_after(text, start, eligible)
        if subject_after is not None and self._participle_re.match(text):
            return subject_after, "prose.participle-subject"
        before = [
            m
            for m in eligible
            if m.end <= start and (enclosing(group, m.group) or self._names_container(text, m))
        ]
        if before:
            chained = self._chain_head(text, start, mentions)
            if chained is not None:
                if _COUNTED_HEAD.search(text, max(0, chained.start - 12), chained.start):
                    return None  # all 16 machines': the whole the text is about
                return (chained.entity, "prose.chain-head") if chained in before else None
            named = self._named_by_noun(text, before[-1].end, start, eligible)
            if named is not None:
                return named, "prose.name-noun"
            # "8 GB (its own DRAM)": a pronoun closed inside an earlier aside carries no topic
            anaphor = open_search(self._anaphor_re, text, before[-1].end, start)
            if anaphor is not None and self._enclosing_re.fullmatch(text, before[-1].end, anaphor.start()):
                anaphor = None  # "the CS-1 system around it draws 20 kW": the system's figure
            if anaphor is not None and _ASIDE_OF_LAST.fullmatch(text, before[-1].end, anaphor.start()):
                # "the n300d SRAM (it's 216 MB)": an aside's pronoun is the thing the aside follows
                return before[-1].entity, "prose.aside-anaphor"
            if anaphor is not None:
                # "the L4 launched ... and is the T4's successor; NVIDIA claimed it was ...":
                # "it" is the clause subject named before it, not the last name read.
                referent = self._referent(text, before)
                # "It delivers 3x the performance of our first MTIA, and it has been in production
                # since 2024": a sentence whose subject is a pronoun keeps the topic carried to it
                return (referent, "prose.anaphor-subject") if referent is not None else None
            shared = self._shared_subject(text, start, before)
            if shared is not None:
                return shared, "prose.shared-subject"
            head = self._item_head(text, before) if item else None
            if head is not None and self._owned_by_head(text, start, head, before[-1]):
                return head.entity, "prose.item-head"
            hosted = self._hosted_subject(text, start, before)
            if hosted is not None:
                return hosted, "prose.hosted-subject"
            placed = None if priced else self._placed_subject(text, start, before)
            if placed is not None:
                return placed, "prose.placed-subject"
            part = (
                self._part_listed_in_aside(text, start, group, before, mentions)
                if group and not priced
                else None
            )
            if part is not None:
                return part, "prose.part-listed-in-aside"
            described = self._described_by_aside(text, group, before) if machine_figure else None
            if described is not None:
                return described, "prose.described-by-aside"
            refined = self._refined_by_aside(text, before[-1], mentions)
            if refined is not None:
                return refined, "prose.refined-by-aside"
            return before[-1].entity, "prose.nearest-subject"
        if subject_after is not None:
            return subject_after, "prose.subject-after"
        glossed = self._glossed_subject(text, start, eligible)
        if glossed is not None:
            return glossed, "prose.glossed-subject"
        return None

    def _refined_by_aside(self, text: str, outer: Mention, mentions: list[Mention]) -> str | None:
        """Return the part a parenthesis right after ``outer`` names it as, or None.

        "Gaudi 3 PCIe (HL-338)": an aside holding only the name of a one-chip card that holds
        ``outer``'s chip, or of a member of ``outer``'s family, renames the subject more precisely,
        so the figures after it are that part's.
        """
        opened = _RENAMING_ASIDE.match(text, outer.end)
        if opened is None:
            return None
        paren = opened.end() - 1
        inner = next((m for m in mentions if m.group == (*outer.group, paren)), None)
        if (
            inner is None
            or text[paren + 1 : inner.start].strip()
            or not text[inner.end :].lstrip().startswith(")")
        ):
            return None
        found = self.pack.entity(inner.entity)
        if found is None or found.kind not in ("card", "chip") or inner.entity == outer.entity:
            return None
        if found.contains is not None and found.contains.count != 1:
            return None  # "H100 SXM (HGX H100)": a board of eight is no form of one chip
        return (
            inner.entity if self.holds(inner.entity, outer.entity) or found.family == outer.entity else None
        )

    def _glossed_subject(self, text: str, start: int, eligible: list[Mention]) -> str | None:
        """Return the product a bracket names for a sentence's subject that names none, or None.

        "The same capacity in the cloud (DL2q, 8 Cloud AI 100) is USD 8.92 per hour": the subject
        is a common noun phrase, the bracket after it opens with the product it stands for and the
        verb follows the bracket; the figure after the verb is that product's.
        """
        sentence_start = max(text.rfind(". ", 0, start) + 2, text.rfind("\n\n", 0, start) + 2, 0)
        for mention in eligible:
            if mention.start < sentence_start or mention.end > start or len(mention.group) != 1:
                continue
            opened = text.rfind("(", sentence_start, mention.start)
            if opened < 0 or text[opened + 1 : mention.start].strip():
                return None  # the bracket must open with the name
            verb = self._gloss_to_verb_re.match(text, mention.end)
            if verb is None or verb.end() > start or any(c.isdigit() for c in text[sentence_start:opened]):
                return None
            return mention.entity
        return None

    @staticmethod
    def _chain_head(text: str, start: int, mentions: list[Mention]) -> Mention | None:
        """Return the name heading an "=" chain that runs to the figure ("X = 8 Y = 64 chips"), or None."""
        return next(
            (m for m in mentions if m.end <= start and _CHAIN_TO_FIGURE.fullmatch(text, m.end, start)), None
        )

    def _named_by_noun(self, text: str, since: int, start: int, eligible: list[Mention]) -> str | None:
        """Return the product a generic noun before the figure stands for, or None.

        "A GroqRack is eight GroqNodes, ... so a rack is 64 chips": "a rack" is the product
        of the sentence whose name ends in that noun, not the last product named.
        """
        found = next(reversed(list(self._generic_noun_re.finditer(text, since, start))), None)
        if found is None or self._locative_re.fullmatch(text, since, found.start()):
            return None  # "Each MI450X in the rack carries 432 GB": the rack only places the chip named
        noun = found.group(1).lower()
        owners = {m.entity for m in eligible if noun in self._name_tails(m.entity)}
        return owners.pop() if len(owners) == 1 else None

    def _name_tails(self, entity: str) -> frozenset[str]:
        """Return the last words of an entity's names, a joined one split ("GroqRack" -> "rack")."""
        tails = self._tails.get(entity)
        if tails is None:
            found = self.pack.entity(entity)
            tails = self._tails[entity] = frozenset(
                tail for name in (found.names if found is not None else (entity,)) for tail in _tails(name)
            )
        return tails

    def _aside_of_baseline(
        self,
        text: str,
        group: tuple[int, ...],
        mentions: list[Mention],
        holders: tuple[str, ...],
        container_of: str | None,
        ratio: bool,
    ) -> str | None:
        """Return the baseline an aside describes, "against the EPYC 9654 (96 cores, 360 W)", or None."""
        if not group or ratio:
            return None
        opening = group[-1]
        for mention in mentions:
            if (
                mention.role not in (BASELINE, COMPARED)
                or mention.end > opening
                or not _ASIDE_HEAD_GAP.fullmatch(text, mention.end, opening)
            ):
                continue
            if self.kind(mention.entity) in holders and (
                container_of is None or self.is_container(mention.entity, container_of)
            ):
                return mention.entity
        return None

    def _names_container(self, text: str, mention: Mention) -> bool:
        """Return True for an aside that only names the machine just described: "our 8x H100 box (P5)"."""
        if not mention.group:
            return False
        opening = mention.group[-1]
        if text[opening + 1 : mention.start].strip() or not text[mention.end :].lstrip().startswith(")"):
            return False
        noun = self._noun_before_re.search(text, 0, opening)
        return noun is not None and self.contained(mention.entity) is not None

    def _item_head(self, text: str, before: list[Mention]) -> Mention | None:
        """Return the entity heading a list item, "Frontier (ORNL, 2022): ...", or None."""
        first = before[0]
        if first.group or text[: first.start].strip(" \t*-•+>_#"):
            return None
        end = _HEAD_END.match(text, first.end)
        if end is None:
            return None
        # The body is a fragment ("9,408 nodes, ...", "built on ..."), not a sentence of its own.
        if _FRAGMENT.match(text, end.end()):
            return first
        # A body opening with a name that is no clause subject is a fragment too: "X2-8 : Acme
        # Z9 8 cards mounted (...)" describes X2-8; "X2-8: Acme Z9 has ..." is a sentence.
        body = next((m for m in before[1:] if m.start >= end.end()), None)
        if body is None or not self._vendor_gap_re.fullmatch(text, end.end(), body.start):
            return None
        return None if self._subject_verb_re.match(text, body.end) else first

    def _owned_by_head(self, text: str, start: int, head: Mention, last: Mention) -> bool:
        """Return True when a name after the item head does not take the figure itself.

        "Frontier (...): 9,408 nodes with four MI250X GPUs; 1.353 exaflops" is Frontier's;
        a name that heads its own part ("MI250X: 128 GB"), that is a clause subject
        ("the MI250X has 128 GB") or that the figure follows at once ("the H200 141 GB") keeps it.
        """
        if last is head or _HEAD_END.match(text, last.end) or self._subject_verb_re.match(text, last.end):
            return False
        enclosing = self._enclosing_anaphor_re.match(text, last.end)
        if enclosing is not None and self._subject_verb_re.match(text, enclosing.end()):
            return False  # "the CS-1 system around it draws 20 kW": the system is the clause subject
        return bool(text[last.end : start].strip(" \t,:-–—"))

    def _shared_subject(self, text: str, start: int, before: list[Mention]) -> str | None:
        """Return the subject a coordinated verb before the figure shares, or None.

        "The X keeps the dies of the Y but moves to 256 GB": "moves" has no subject of its
        own, so the figure is X's, the name a verb follows, not Y inside the object.
        """
        last = before[-1]
        if len(before) < 2 or self._subject_verb_re.match(text, last.end):
            return None
        if self._joined_verb_re.search(text, last.end, start) is None:
            return None
        # a semicolon closes the clause whose subject a coordinated verb could share: "A pairs X
        # with Y; each GPU in Z carries 186 GB and is rated at 1,200 W" shares no verb with A
        clause = text.rfind(";", 0, start) + 1
        for mention in reversed(before[:-1]):
            if mention.start < clause:
                return None
            if mention.entity != last.entity and self._subject_verb_re.match(text, mention.end):
                return mention.entity
        return None

    def anaphor_before(self, text: str, start: int) -> bool:
        """Return True when "it" or "the card" stands in the figure's clause before it."""
        return next(self._anaphors_in_clause(text, start), None) is not None

    def refers_back_before(self, text: str, start: int) -> bool:
        """Return True when "it" or "the chip" (not a possessive "its", which may be a
        company's) stands in the clause before ``start``: the clause speaks of an earlier topic."""
        return any(match.group(0).lower() != "its" for match in self._anaphors_in_clause(text, start))

    def _anaphors_in_clause(self, text: str, start: int) -> Iterator[re.Match[str]]:
        """Return the anaphors between the start of the clause holding ``start`` and ``start``."""
        return self._anaphor_re.finditer(text, self._clause_ends.last_end(text, start) or 0, start)

    def _referent(self, text: str, before: list[Mention]) -> str | None:
        """Return what an anaphor stands for: the last name a verb follows, else the first name;
        None when no name is a subject and the sentence itself opens on a pronoun."""
        for mention in reversed(before):
            if self._subject_verb_re.match(text, mention.end):
                return mention.entity
        if self._pronoun_opening_re.match(text):
            return None
        # "in NA-GH200.1 it is fixed at 900 W": the machine a part is placed in is not what "it" is
        unplaced = (m for m in before if not self._placed_in_re.search(text, max(0, m.start - 16), m.start))
        return next((m.entity for m in unplaced), None)

    def whole_before_part(self, text: str, start: int, end: int, mentions: list[Mention]) -> bool:
        """Return True for a figure (``start``..``end``) that a product named after it takes a part of,
        with no product named before it in its sentence: "The hall is fed with 400 kW, of which
        Nordlys draws 95 kW" (the hall's, no product's)."""
        after = self._partitive_after_re.match(text, end)
        if after is None or not any(m.start == after.end() for m in mentions):
            return False
        sentence = opening_after(text, start, SENTENCE_MARKS)
        return not any(sentence <= m.start and m.end <= start for m in mentions)

    def after_in_clause(
        self,
        text: str,
        end: int,
        mentions: list[Mention],
        *,
        holders: tuple[str, ...],
        container_of: str | None = None,
        multiplier: bool = False,
        stop: int | None = None,
        figures: tuple[int, ...] = (),
    ) -> str | None:
        """Return the first eligible entity named after a figure in its own clause.

        "roughly $45 an hour for a trn2.48xlarge", "the 192 GB figure is the MI300X".
        The entity right after a multiplier ("4x Trainium1") is its baseline, not its owner;
        one named after the next figure (``stop``) is that figure's: "6 nm (was 12 nm on Wormhole)".
        An aside that holds a figure of its own (one of ``figures``, their starts) names that
        figure's entity only: "256 GB per GPU (MI300X: 192 GB)".
        """
        group = group_at(text, end)
        clause_end = self._clause_end_after.search(text, end)
        limit = clause_end.start() if clause_end else len(text)
        if clause_end is not None and clause_end.group() == "\n":
            # "the 16 GB on an\nNVIDIA T4": a line ending on "an" or "for the" goes on with the name
            # that opens the next; not with one further on ("~11 kW at\nthe wall ... for the B200 box")
            opening = self._line_opening_re.match(text, clause_end.end())
            wrapped = self._wrapping_end_re.search(
                text, max(end, clause_end.start() - 12), clause_end.start()
            )
            if opening is not None and wrapped is not None:
                limit = opening.end() + 1
        if stop is not None:
            limit = min(limit, stop)
        for mention in mentions:
            if not end <= mention.start < limit or not self._eligible(
                mention, holders, container_of, multiplier
            ):
                continue
            if multiplier and not text[end : mention.start].strip(" the"):
                continue
            if self._partitive_re.search(text, max(end, mention.start - 20), mention.start):
                return None  # "fed with 400 kW, of which Nordlys draws 95 kW": the whole is not its
            if (
                mention.group
                and not enclosing(group, mention.group)
                and self._aside_holds_figure(text, mention, figures)
            ):
                continue
            return mention.entity
        return None

    @staticmethod
    def _aside_holds_figure(text: str, mention: Mention, figures: tuple[int, ...]) -> bool:
        """Return True when a figure follows the mention inside its innermost aside."""
        close = text.find(")", mention.end)
        close = len(text) if close < 0 else close
        return any(mention.end <= start < close for start in figures)

    def _eligible(
        self, mention: Mention, holders: tuple[str, ...], container_of: str | None, ratio: bool = False
    ) -> bool:
        owner = mention.role == SUBJECT or (mention.role == COMPARED and not ratio)
        if not owner or self.kind(mention.entity) not in holders:
            return False
        return container_of is None or self.is_container(mention.entity, container_of)

    def _subject_after(self, text: str, start: int, eligible: list[Mention]) -> str | None:
        for mention in eligible:
            if mention.start > start and not mention.group and self._subject_verb_re.match(text, mention.end):
                if self._clause_stop(text, start, mention.start) is not None:
                    return None  # "6 TB/s is great, but the H200 is at 4.8": another clause's subject
                if self._partitive_re.search(text, max(start, mention.start - 20), mention.start):
                    return None  # "fed with 400 kW, of which Nordlys draws 95 kW": the whole is not its
                return mention.entity
        return None

    def _clause_stop(self, text: str, start: int, end: int) -> int | None:
        """Return where the first clause after ``start`` ends before ``end`` in ``text``, or None.

        A line break ends one unless the sentence wraps on over it: the next line goes on in
        lower case ("of GDDR6\non an"), or the line ends on a word no sentence ends on ("on an\nNVIDIA").
        """
        for stop in self._clause_end_re.finditer(text, start, end):
            if stop.group() != "\n":
                return stop.start()
            line_end = text.find("\n", stop.end())
            if _SENTENCE_STOP.search(text, start, len(text) if line_end < 0 else line_end):
                return stop.start()  # "with p95\nlatency under 180 ms. Recommendation: keep X"
            wraps = text[stop.end() :].lstrip(" \t")[:1].islower() or self._wrapping_end_re.search(
                text, max(0, stop.start() - 12), stop.start()
            )
            if not wraps:
                return stop.start()
        return None

    def is_container(self, entity: str, inner_scope: str) -> bool:
        """Return True when the entity lives at a scope outside ``inner_scope``."""
        return self.is_container_scope(self.kind(entity), inner_scope)

    def fit_scope(
        self, attribution: Attribution, stated: str | None, attribute: Attribute | None = None
    ) -> Attribution:
        """Return the attribution with its scope set, moving to the contained chip if needed.

        "192 GB per device" said of a Trn2 instance is a figure for the Trainium2 chip
        that the instance contains; "186 GB per GPU" of a GB200 NVL72, whose chips run a
        configuration of its own (pack ``own_config``), stays with the GB200 NVL72.
        """
        kind = self.kind(attribution.entity)
        own_scope = kind if kind in self._scope_rank else None
        stated = self._machine_scope(own_scope, stated, attribute)
        if (
            stated is not None
            and attribute is not None
            and attribute.unit == "%"
            and self.is_container_scope(own_scope, "card")
        ):
            # "the partition costs 20 % less per GPU-hour": a share of the whole machine's price
            stated = None
        if stated is None or stated == own_scope or stated in self._named_scopes(attribution.entity):
            # Built directly: dataclasses.replace costs more than the rest of this method.
            return Attribution(attribution.entity, own_scope, attribution.rule, attribution.confidence)
        if (
            attribute is not None
            and attribute.rented_scope is not None
            and (
                attribute.rented_scope == own_scope
                or own_scope == "cluster"
                or self._rented_like(attribution.entity, attribute.rented_scope)
            )
        ):
            # "BM.GPU.H200.8 at $10.00 per GPU-hour": the rental's own price, stated per chip;
            # so is a partition's of a cluster booked by the GPU-hour, and a cloud's rack-scale
            # server's ("P6e-GB300 UltraServers at $6.95 per GPU-hour")
            return replace(attribution, scope=stated)
        entity = self.pack.entity(attribution.entity)
        if (
            entity is not None
            and entity.contains is not None
            and not entity.contains.own_config
            and self.is_container(entity.name, stated)
        ):
            inner = self.pack.entity(entity.contains.entity)
            if inner is not None and (inner.kind == stated or self.is_container_scope(inner.kind, stated)):
                # "192 GB per device" of Trn2 and "1.5 MB per core" of a card: its chip's
                return replace(
                    attribution,
                    entity=inner.name,
                    scope=inner.kind if _one_accelerator_module(inner, stated) else stated,
                    rule=attribution.rule + "+contained",
                )
            if inner is not None and self.is_container_scope(stated, inner.kind):
                # "the power per card" said of a GroqRack is the GroqCard's: the pack's one
                # card of the rack's chip
                card = self.sole_container(inner.name, stated)
                if card is not None and not self._holds_several(card):
                    return replace(attribution, entity=card, scope=stated, rule=attribution.rule + "+part")
                # "Board power: 1,400 W" in a cluster's table: its chip's, at card scope
                return replace(
                    attribution, entity=inner.name, scope=stated, rule=attribution.rule + "+contained"
                )
        if entity is not None and _one_accelerator_module(entity, stated):
            return Attribution(attribution.entity, own_scope, attribution.rule, attribution.confidence)
        container = self._only_container(attribution.entity, stated)
        if container is not None:
            # "~42.5 exaflops per pod" said of TPU v7: a figure only its one pod can hold.
            return replace(attribution, entity=container, scope=stated, rule=attribution.rule + "+container")
        return replace(attribution, scope=stated)

    def _holds_several(self, name: str) -> bool:
        """Return True when the pack gives entity ``name`` more than one contained chip.

        An eight-GPU baseboard (HGX H200, MI325X Platform) is a card by kind, yet "the board
        power of one accelerator" said of a server built on it is the one accelerator's.
        """
        entity = self.pack.entity(name)
        count = entity.contains.count if entity is not None and entity.contains is not None else None
        return count is not None and count > 1

    def _rented_like(self, name: str, rented_scope: str) -> bool:
        """Return True for an entity whose family holds machines of the rented scope.

        A cloud's UltraServer shares its family with the cloud's instances (P6e-GB300 with
        P6-B300) and is rented the same way; a vendor's server (PowerEdge XE9680, DGX B300)
        shares none, so its per-GPU-hour rate is its chip's.
        """
        entity = self.pack.entity(name)
        return (
            entity is not None
            and entity.family is not None
            and (entity.family, rented_scope) in self._family_kinds
        )

    def _machine_scope(
        self, own_scope: str | None, stated: str | None, attribute: Attribute | None
    ) -> str | None:
        """Return the scope a machine noun ("node", "server") states for an entity.

        A named machine keeps its own kind ("an 8-GPU p4d node" is the P4d instance); a
        chip's machine priced by the hour is rented (the attribute's ``rented_scope``).
        """
        machines = self.pack.machine_scopes
        if stated not in machines:
            return stated
        if own_scope in machines:
            return own_scope
        if attribute is not None and attribute.rented_scope is not None:
            return attribute.rented_scope
        return stated

    def _only_container(self, inner: str, scope: str) -> str | None:
        """Return the one pack entity of kind ``scope`` that contains ``inner``, or None.

        Only pods: a chip's pod is the one its maker builds, while servers, cards and
        instances of one chip come from many makers ("an H100 server" is not the DGX H100).
        """
        if scope != POD or not self.is_container_scope(scope, self.kind(inner)):
            return None
        return self.sole_container(inner, scope)

    def specialise(self, container: str, counted: list[str]) -> str:
        """Return the member of a container's family that holds the counted entity.

        "UltraCluster ... 100,000+ Trainium2 chips" is the Trn2 UltraCluster.
        """
        entity = self.pack.entity(container)
        if entity is None or entity.contains is not None or not counted:
            return container
        for candidate in self.pack.entities:
            if (
                candidate.family == entity.family
                and candidate.contains is not None
                and candidate.contains.entity in counted
            ):
                return candidate.name
        return container


def names_many(mentions: list[Mention]) -> bool:
    """Return True for a title that lists products ("H100 | H200 | B200") rather than naming one."""
    return len({mention.entity for mention in mentions if mention.role == SUBJECT}) >= LIST_OF_NAMES


def mark_counted(mentions: list[Mention], spans: list[tuple[int, int]]) -> list[Mention]:
    """Return mentions with those inside counted spans ("64 Trainium2 devices") marked."""
    return [
        replace(m, role=COUNTED)
        if any(start <= m.start < end for start, end in spans) and m.role != BASELINE
        else m
        for m in mentions
    ]


def _one_accelerator_module(entity: Entity, stated: str) -> bool:
    """Return True for a per-chip figure of a card the pack names no chip of (a GH200 superchip,
    a Jetson module): "144 GB per accelerator" holds for that card, which is the accelerator."""
    return stated == "chip" and entity.kind == "card" and entity.contains is None


def _after_colon(text: str, end: int) -> bool:
    """Return True when ``text[:end].rstrip()`` ends with a colon, without copying the text."""
    while end > 0 and text[end - 1].isspace():
        end -= 1
    return end > 0 and text[end - 1] == ":"


def last_match(matches: Iterator[re.Match[str]]) -> re.Match[str] | None:
    """Return the last of the matches, or None."""
    found = None
    for match in matches:
        found = match
    return found


# The last capitalised part of a joined name: "GroqRack" -> "Rack".
_CAMEL_TAIL = re.compile(r"(?<=[a-z])[A-Z][a-z]+$")


def _tails(name: str) -> tuple[str, ...]:
    """Return the lower-cased word a product name ends in ("SambaNova node" -> "node",
    "GroqRack" -> "rack"), or nothing."""
    words = name.split()
    if len(words) > 1 and words[-1].isalpha():
        return (words[-1].lower(),)
    camel = _CAMEL_TAIL.search(words[-1])
    return (camel.group(0).lower(),) if camel else ()
