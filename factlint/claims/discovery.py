"""Find product names a knowledge pack does not know, in one document, from how it names them.

A name is believed when it has a model number's shape ("WSE-3", "MI400", "Maia 100",
"TPU v3") and the document names it where products are named: in a heading or title,
a table's header row or first column, a list label, as the subject of a sentence, with
a machine noun that says what it is ("its HC-B8.4 instance", "the KX-880, a server"), or
more than once. Names without digits come only from a heading that names nothing else
("## Groq LPU"). See docs/decisions/0063-entity-discovery.md.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property

from factlint.claims.chiplabels import chip_labels
from factlint.claims.entities import EntityMatcher, EntityMention, name_key
from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation
from factlint.claims.namedsystems import NamedSystems
from factlint.claims.placednames import COUNTED_TAIL, PlacedNames
from factlint.claims.rentals import HourlyPrices
from factlint.claims.rowids import row_ids
from factlint.claims.shapes import NameShapes
from factlint.claims.siblingshapes import SiblingShapes
from factlint.claims.spanindex import OverlapIndex
from factlint.claims.systemsuffixes import KINDS as SYSTEM_KINDS
from factlint.claims.systemsuffixes import SystemSuffixes
from factlint.models import Block, BlockKind, Document
from factlint.pack import NON_PRODUCT_KINDS, PART_KINDS, Containment, Entity, KnowledgePack
from factlint.sources.sentences import is_abbreviation

CONFIDENCE = 0.85  # factor on the confidence of a claim about a discovered entity
REPEATED = 2  # mentions that are evidence enough on their own
SHORT = 2  # names this short ("P7") need a strong place: repetition alone is not enough
_DEFINITION_REACH = 400  # characters after a defined system's name that may name its chips
MAX_HEADING_WORDS = 3  # a heading naming just a product: "Tenstorrent Wormhole", "Groq LPU"

# Where a name was seen; all but "text" are places where documents name products.
HEADING, TABLE, LABEL, SUBJECT, TEXT = "heading", "table", "label", "subject", "text"
STRONG = (HEADING, TABLE, LABEL, SUBJECT)
CONTAINER = "container"  # evidence of a name derived from a chip's name and a system noun
SHAPE = "shape"  # evidence of a name of a shape the pack gives (a cloud instance size)
PLACED = "placed shape"  # a name of a shape the pack gives, written where products are named
DEFINED = "defined"  # evidence of a name a document defines in quotes after a system noun
CHIP_LABEL = "chip label"  # a table labels the name with the chip it holds: "| Garbí (MI250X) |"
CONTAINER_SCOPES = ("card", "instance", "server", "pod", "cluster")
MACHINE_SCOPES = ("instance", "server", "pod", "cluster")  # what a machine column or line word names
RENTABLE_SCOPES = ("server", "pod")  # machines that are instances when rented by the hour

_DIGIT = re.compile(r"\d")
_COUNT = re.compile(r"\d{1,4}")  # a bare count of chips in a table cell
_BEFORE = r"(?<![\w.\-$#@&/\\])"
# A catalogue code: a short prefix, a hyphen and a model that starts with a letter, perhaps
# with a size after a dot or a hyphen ("NRW-B200.8", "HX-GB300-72", "ALT-G3.8XL", "HS-R8B3",
# "HB-RNGD.8", "VD-RTXP-4": a model of letters only must have the size): how clouds and system
# builders name instance types and machines. A size may stand between the prefix and the model
# ("MX-G8-MI350X", "KC-G4-L40S": a code, a GPU count and the chip's model), a segment of
# capitals and digits that holds a digit. Some clouds write
# theirs in lower case with the size after a hyphen ("sv-b300-8", "gx-mi300x-8"): such a code
# must hold a known chip (see _code), since lower-case words with numbers are many.
_LOWER_CODE = r"[a-z]{2,4}-[a-z]{0,4}\d+[a-z0-9]{0,4}-\d{1,3}"
_CODE = (
    r"(?:[A-Z]{2,4}-(?:[A-Z][A-Za-z]{0,5}\d+[A-Za-z0-9]{0,5}"
    + r"(?:-[A-Z][A-Z0-9]{0,7}\d[A-Z0-9]{0,5}(?![a-z])|-[A-Z]{2,6}(?![\w.\-]))?"
    + r"(?:\.\d{1,3}[A-Z]{0,3}|-\d{1,3})?"
    + r"|[A-Z]{3,6}(?:\.\d{1,3}[A-Z]{0,3}|-\d{1,3}(?![\w.])))|"
    + _LOWER_CODE
    + r")(?!-[A-Za-z0-9])"
)
_PADDED = re.compile(r"(?<!\d)0\d")
_LETTERED_TAIL = re.compile(r"-[A-Z]+$")  # a code's last part without digits: "SYS-A21GE-NBRT"
# A dotted instance type whose last part counts the chips of its model: "ab.h200.4", "xy.rngd.8",
# "kc.l20.1x", "cv2.mi350x.8" (a provider prefix may carry a generation digit).
_COUNTED_DOTTED = re.compile(r"[a-z]{2,5}\d?\.(?P<model>[a-z][a-z0-9]*)\.(?P<count>\d{1,3})x?")
# The same with the count glued to the model after an "x": "vc.h800x8", "ab.l40sx4".
_GLUED_DOTTED = re.compile(r"[a-z]{2,5}\d?\.(?P<model>[a-z]{1,4}\d{1,4}[a-z]{0,4}?)x(?P<count>\d{1,3})")
# A count written after the chip it counts, perhaps past an aside: "NVIDIA H20 x8", "Gaudi 3 (HL-338) ×4".
_COUNT_AFTER = re.compile(r"\)?[ \u00a0]*(?:\([^()\n]{1,40}\)[ \u00a0]*)?[x×][ \u00a0]?(\d{1,3})(?![\w.,])")
_GLOSS = re.compile(r"[ \t]*\(([^()\n]{1,30})\)")  # "sv-h100-8 (H100 SXM)": the chip a code names
_SIZED_CODE = re.compile(r"[A-Z]{2,4}-[A-Z][A-Za-z0-9]*(?:\.\d{1,3}[A-Z]{0,3}|-\d{1,3})|" + _LOWER_CODE)
# A sized code's model and count: "WIS-B200.8" is eight B200, "EB-MI325X-8" eight MI325X.
_COUNTED_CODE = re.compile(
    r"(?:[A-Z]{2,4}-(?P<model>[A-Z][A-Za-z0-9]*)|[a-z]{2,4}-(?P<lower>[a-z][a-z0-9]*))[.\-](?P<count>\d{1,3})"
)
# A model number glued into one word ("WSE-3", "MI400", "L40S", "GH200", "TPUv3", "SN40L",
# "KV-7A2": a variant's letter and number after the model's),
# or a name and a number ("Maia 100", "Gaudi 4", "TPU v3", "MTIA v2", "Q-Core 7").
_MODEL = compile_folded(
    r"(?=[A-Z][A-Za-z-]*(?:[ \u00a0]?v?|\.)\d|[a-z]{2,4}-[a-z]{0,4}\d)"  # a cheap first test, for speed
    + _BEFORE
    + r"(?:(?P<code>"
    + _CODE
    + r")|(?P<glued>(?:[A-Z][a-z]+|[A-Z]{1,4}[a-z]{0,2})-?\d+(?:[A-Z]\d{1,2}|[A-Za-z]{0,3})"
    + r"(?:-[A-Z0-9][A-Za-z0-9]*)*)"
    + r"|(?P<word>(?:[A-Z][a-z]*-)?[A-Z][a-z]+(?:[A-Z][a-z]+)*|[A-Z]{2,})"
    + r"[ \u00a0](?P<number>v?\d{1,5}[A-Za-z]?)(?!-\w))"
    + r"(?![\w%]|[.,]\d)"
    + r"(?!:[0-5]\d(?!\d))"  # a clock time: "Tue 14:00", "Gate 9:30" names nothing
)
# A second model number that belongs to the first: "GB300 NVL72".
# A generation after a glued model number is part of it too: "SD650-N V2", "DL380a Gen11".
_SUFFIX = re.compile(r"[ \u00a0]([A-Z]{2,}\d+[A-Za-z]*|[A-Z]\d{1,2}|V\d{1,2}|Gen\d{1,2})(?![\w]|[.,]\d)")
# A capitalised word after the model number that may belong to the name: "RTX 6000 Ada".
_TRAILING = re.compile(r"[ \u00a0]([A-Z][a-z]{1,11})(?![\w\-'’])")
_WORD_BEFORE = re.compile(r"([A-Z][A-Za-z]*)[ \u00a0]+$")
# What else a title line may hold: capitalised words, a few of them ("Inference Accelerator").
_TITLE_REST = re.compile(r"[\s*_#]*(?:[A-Z][A-Za-z\-]*(?:[\s*_]+|$)){0,5}")
_LABEL_PREFIX = re.compile(r"[\s>#*_\-+|]*(?:\d+[.)]\s+)?[*_]*\s*$")
_LABEL_AFTER = re.compile(r"[*_]*\s*[:–—]|[*_]{2}")  # "WSE-3:", "**TPU v1** –", "**QS-200**"
# A name alone on its line but for an aside in brackets that says what it is, the line a label of
# what follows: "QX-H200.8 (one HGX H200 node, 8 GPUs)", "ZR-4 (2U server):".
_ASIDE_LINE = re.compile(r"[*_]*[ \t]*\([^()\n]{3,120}\)[ \t]*:?[ \t]*(?:\n|$)")
_AFTER_STEM = re.compile(r"[\s\-]?(?:v|gen)?\s?(?:\d|$)")
_LOWER_WORD = re.compile(r"(?<![\w-])[a-z][a-z]+(?![\w-])")
_LETTERS = re.compile(r"[A-Za-z]+")
_NEXT_WORD = re.compile(r"\s*([A-Za-z$%/]+)")
_HEADING_WORD = re.compile(r"[A-Z][A-Za-z]*(?:-[A-Z][A-Za-z]*)*")
_MARKUP = re.compile(r"[*_`#\[\]]")
_GLUED_UNIT = re.compile(r"\d([A-Za-z]+)$")
_ENUMERATOR = re.compile(r"^\s*\d{1,2}[.)]\s+")
_NUMBERED_WORD = re.compile(r"([A-Za-z]+)-\d+")
_DATED_NUMBER = re.compile(r"[A-Za-z]{1,4}-(?:19|20)\d\d-\d{1,5}")  # a document's number in its year
_NUMBERED_SETUP = re.compile(r"([A-Za-z]+)-?\d{1,2}")
_CLAUSE_END = re.compile(r"[.;:!?](?:\s|$)|\n")
_WORD_BEFORE_STOP = re.compile(r"(?<![\w.])[^\W\d_]+$")
_WRAPPED_CLAUSE_END = re.compile(r"[.;:!?](?:\s|$)|\n[ \t]*\n")
_HEADING_TAIL = re.compile(r"\s+[–—|-]\s+|:\s")


@dataclass(frozen=True)
class Discovery:
    """A product name found in one document, with the places that made it believable."""

    entity: Entity
    evidence: tuple[str, ...]  # "heading", "table", "label", "subject", "repeated"

    @property
    def note(self) -> str:
        """Return how a claim's rule says its entity was discovered."""
        return f"discovered entity ({', '.join(self.evidence)})"


@dataclass
class _Seen:
    """Everything a document says about one unknown name, gathered before deciding."""

    forms: Counter[str] = field(default_factory=Counter)  # the name as written
    places: set[str] = field(default_factory=set)
    mentions: int = 0
    vendors: Counter[str] = field(default_factory=Counter)  # capitalised word before it, "" for none
    pack_vendors: set[str] = field(default_factory=set)  # pack vendor prefixes seen before it
    scopes: Counter[str] = field(default_factory=Counter)  # scope nouns right after it
    words: set[str] = field(default_factory=set)  # the words of "Maia 100" forms: must be proper nouns
    trailing: Counter[str] = field(default_factory=Counter)  # a capitalised word right after: "Ada"
    heading_forms: Counter[str] = field(default_factory=Counter)  # forms seen in headings
    lined: Counter[str] = field(default_factory=Counter)  # forms with a machine line word: "PowerEdge XE9680"
    machine: int = 0  # mentions a machine prefix, a line word or a machine column header vouches for
    holds: Counter[tuple[str, int]] = field(default_factory=Counter)  # (chip, count) of "4 x GH200"
    placed: int = 0  # mentions after a place preposition: "instances in Paris-2"
    place_named: bool = False  # written with a place noun: "the Paris-2 region", "zone Oslo-1"
    host_part: bool = False  # written in a host CPU column of a machine's row: "cpu": "2x EPYC 9334"
    wraps_known: str | None = None  # the known model a code wraps, with no size: "KIT-L40S", "HLS-Gaudi3"
    coded: Counter[tuple[str, int]] = field(default_factory=Counter)  # a sized code's chip: "WIS-B200.8"
    form_factors: Counter[str] = field(default_factory=Counter)  # scopes its row's form factor cell says
    machine_named: int = 0  # mentions a machine noun names: "its HC-B8.4 instance", "the KX-880, a server"
    rented: int = 0  # mentions whose row or sentence prices it by the hour: "HX-GB300-72 ... $3.49 / GPU-hr"
    series: int = 0  # mentions a series noun follows: "the KV-7 family", "KV-7 Series"
    system: int = 0  # mentions as a known chip's name and a system suffix: "GB200 NVL4"
    system_of: Counter[str] = field(default_factory=Counter)  # the known chip of "GB200 NVL4"


class _DocumentText:
    """The document's text, read once and only when a decision needs it."""

    def __init__(self, document: Document) -> None:
        self._document = document

    @cached_property
    def body(self) -> str:
        """Return every block's text, one block a line."""
        return "\n".join(block.text for block in self._document.blocks)

    @cached_property
    def lower_words(self) -> frozenset[str]:
        """Return the words the document writes in lower case."""
        return frozenset(_LOWER_WORD.findall(self.body))

    def used_apart(self, word: str, name: str) -> bool:
        """Return True when ``word`` also stands somewhere not followed by ``name``."""
        pattern = rf"(?<![\w-]){re.escape(word)}(?![\w-])(?![ \u00a0]+{re.escape(name)}(?![\w-]))"
        return re.search(pattern, self.body) is not None


class EntityDiscoverer:
    """Finds unknown product names in documents; one per pack, shared by its documents."""

    def __init__(self, pack: KnowledgePack, language: Language) -> None:
        self.pack = pack
        self._last_unknown: tuple[str, EntityMatcher, tuple[tuple[int, int], ...]] | None = None
        self._shapes = NameShapes(pack)
        self._named_systems = NamedSystems(language)
        self._hourly_prices = HourlyPrices(pack, language)
        self._placed_names = PlacedNames(pack, language)
        self._system_suffixes = SystemSuffixes(pack, language)
        self._siblings = SiblingShapes(pack)
        # "US-EAST-1", "AP-SOUTH-2": a cloud region's code, upper-case, a compass word inside
        directions = "|".join(
            sorted((re.escape(w.upper()) for w in language.region_directions), key=len, reverse=True)
        )
        self._region_code = (
            re.compile(rf"[A-Z]{{2,4}}-(?:{directions})[A-Z]*-\d{{1,3}}") if directions else None
        )
        entries = pack.not_products
        self._stems = tuple(e[:-1].lower() for e in entries if e.endswith("*") and not e.startswith("re:"))
        self._patterns = tuple(re.compile(e[3:]) for e in entries if e.startswith("re:"))
        self._generic = {e.lower() for e in entries if not e.endswith("*") and not e.startswith("re:")}
        self._designators = {noun.lower() for noun in language.designator_nouns}
        nouns = [noun for _, group in pack.scopes for noun in group]
        self._scope_of_noun = {noun.lower(): scope for scope, group in pack.scopes for noun in group}
        self._chip_nouns = frozenset(noun.lower() for noun in language.chip_nouns)
        self._name_cues = {cue.lower() for cue in pack.name_cues}
        self._vendors = {vendor.lower() for vendor in pack.vendor_prefixes}
        self._host_brands = frozenset(brand.lower() for brand in language.host_cpu_brands)
        self._row_id_headers = frozenset(header.lower() for header in language.row_id_headers)
        # "The 4090 is 24 GB", "the 9654 has 96 cores": a bare model number as a clause's subject.
        self._numbered_subject = re.compile(
            r"\b(?:[Tt]he|[Aa])[ \u00a0]+(?!(?:19|20)\d\d\b)(\d{3,5}[A-Za-z]{0,3})(?![\w.,%])[ \u00a0]+"
            + r"(?:"
            + alternation(language.subject_verbs)
            + r")\b"
        )
        # Words that are never (part of) a product's name: vocabulary the pack and the
        # language already give a meaning.
        self._vocabulary = {
            word.lower()
            for words in (
                [e for e in entries if not e.endswith("*") and not e.startswith("re:")],
                pack.precisions,
                [surface for surface, _ in pack.units],
                nouns,
                [cue for attribute in pack.attributes for cue in attribute.cues],
                [surface for surface, _ in pack.qualifiers],
                language.function_words,
                [month for month, _ in language.months],
                language.weekdays,
                [word for word, _ in language.number_words],
                language.subject_verbs,
                language.participle_openers,
                language.other_currencies,  # "CHF 1.– = USD 1.2480": money, no model
                language.conversion_currencies,
            )
            for word in words
        }
        self._excluded_cache: dict[tuple[str, bool], bool] = {}
        # The last words of known names: "Engine 3" is short for "Wafer-Scale Engine 3".
        self._tails = {
            name_key(" ".join(words[start:]))
            for entity in pack.entities
            for words in (name.split() for name in entity.names)
            for start in range(1, len(words))
        }
        self._units = {surface for surface, _ in pack.units} | {s.lower() for s, _ in pack.units}
        # An all-capitals listing (an ERP print-out, a packing list) writes the line word in
        # capitals: "POWEREDGE R750XA" is read as "PowerEdge R750XA", the pack's spelling.
        self._line_forms = {line.upper(): line for line in pack.machine_lines}
        self._line_before = re.compile(
            r"(?:^|(?<=[\s(\"'“]))("
            + alternation(sorted({*pack.machine_lines, *self._line_forms}), words=False)
            # "PowerEdge\nR750xa nodes": a wrapped line may part the line word from the model
            + r")(?:[ \u00a0]+|[ \t]*\n[ \t>]*)$"
        )
        self._machine_prefixes = tuple(pack.machine_prefixes)
        number_words = alternation([word for word, _ in language.number_words])
        # A count of chips a machine holds: "4 x GH200", "8x Gaudi 2", "eight MI300X",
        # "8 pieces of NVIDIA B200".
        counters = alternation(language.chip_counters)
        # A translation may keep the source's order, the chips' noun before their name: "8 stk.
        # graphics processors NVIDIA B200", "8 buc. accelerators Intel Gaudi 3".
        chip_nouns = alternation([noun for scope, group in pack.scopes if scope == "chip" for noun in group])
        self._count_before = re.compile(
            rf"(?<![\w.,])(\d{{1,3}}|{number_words})[ \u00a0]*(?:[x×][ \u00a0]*|{counters}\s+)?"
            rf"(?:(?:[a-z]+\s+)?{chip_nouns}\s+)?"
            r"(?:[A-Z][A-Za-z]+[ \u00a0]+)?$",
            re.I,
        )
        self._counted_one = re.compile(rf"\d[ \u00a0]*(?:[x×]|{counters})", re.I)
        self._number_words = {word.lower(): int(value) for word, value in language.number_words}
        self._vendor_before = re.compile(
            r"(?:^|(?<=[\s(\"'“]))(" + alternation(list(pack.vendor_prefixes), words=False) + r")[ \u00a0]+$"
        )
        # Container nouns written capitalised after a chip's name: "RNGD Server", "X Platform".
        self._container_nouns = _container_nouns(pack)
        self._container_noun = re.compile(
            r"[ \u00a0]("
            + alternation(list(self._container_nouns), words=False)
            + r")(?![\w\-])(?![ \u00a0]+[A-Z])"
        )
        self._noun_after = compile_folded(r"[ \u00a0]+(" + alternation(nouns) + r")", re.I)
        self._rental_after = re.compile(r"[ \u00a0]+" + alternation(language.rental_nouns), re.I)
        # A name set off by an appositive that says what it is: "the KX-880, a server built on
        # ...". The noun must head its phrase: "PN-4471, a server rail kit" names a kit.
        after_head = alternation(
            [*language.function_words, *language.participle_openers, *language.relative_pronouns]
        )
        self._apposed_noun = re.compile(
            r",\s+" + alternation(language.articles) + r"\s+(?:[a-z][\w-]*\s+)?(" + alternation(nouns) + r")",
            re.I,
        )
        # Names listed before one noun share it: "the CX-2400 and CX-4800 servers".
        joins = alternation(language.list_conjunctions, words=False)
        self._listed_noun = compile_folded(
            rf"(?:(?:[ \u00a0]*,[ \u00a0]*|[ \u00a0]*/[ \u00a0]*|[ \u00a0]+{joins}[ \u00a0]+)"
            + r"[A-Z][\w.\-]*\d[\w.\-]*)+[ \u00a0]+("
            + alternation(nouns)
            + r")",
            re.I,
        )
        self._noun_heads = re.compile(r"(?![ \u00a0]+(?!" + after_head + r")[a-z])", re.I)
        # A machine noun right before a name: "the instance NA-B200.8", "instances WIS-L40S.4".
        machine_nouns = [noun for scope, group in pack.scopes if scope in MACHINE_SCOPES for noun in group]
        self._machine_noun_before = re.compile(
            r"(?<![\w-])(" + alternation(machine_nouns, words=False) + r")(?:[ \u00a0]+type)?[ \u00a0]+$",
            re.I,
        )
        self._place_headers = frozenset(header.lower() for header in language.place_headers)
        self._host_part_headers = frozenset(header.lower() for header in language.host_part_headers)
        self._form_factor_headers = frozenset(header.lower() for header in language.form_factor_headers)
        places = alternation(language.place_nouns)
        self._place_noun_before = re.compile(rf"{places}[ \u00a0]+$", re.I)
        self._place_noun_after = re.compile(rf"[ \u00a0]+{places}", re.I)
        self._place_preposition = re.compile(
            rf"{alternation(language.place_prepositions)}[ \u00a0]+(?:the[ \u00a0]+)?$", re.I
        )
        # After a brand or series name: a model number or a word for a product line.
        series = alternation(language.series_nouns)
        self._series_after = re.compile(rf"[ \u00a0-]+(?:v?\d|[A-Z]{{1,4}}\d|(?i:{series}))")
        self._series_noun_after = re.compile(rf"[ \u00a0]+(?:{series})(?![\w-])", re.I)
        verbs = alternation(language.subject_verbs)
        # The subject of a sentence: a verb follows, perhaps after a noun or two and an aside
        # ("The Cobalt 100 Arm CPU, unveiled in 2023, has 128 cores").
        self._subject_after = compile_folded(
            rf"(?:['’]s)?(?:\s+(?:{alternation(nouns)}|{series}|(?-i:[A-Z][\w-]*))){{0,2}}\s*(?:\([^)]*\)\s*)?"
            rf"(?:,[^,.;:]{{1,80}},)?,?\s+{verbs}",
            re.I,
        )

        # A name a relative clause is about: "the TQ-9, which draws 450 W".
        self._relative_subject = compile_folded(
            rf",?\s+{alternation(language.relative_pronouns)}\s+{verbs}", re.I
        )

    # -- the document ----------------------------------------------------------------

    def discover(self, document: Document, matcher: EntityMatcher) -> tuple[Discovery, ...]:
        """Return the product names of ``document`` that ``matcher`` does not know, as entities."""
        seen: dict[str, _Seen] = {}
        headers: set[tuple[str, ...]] = set()
        headings: list[str] = []
        holding = {block.table_headers for block in document.blocks if self._counts_chips(block, matcher)}
        column_chips = self._column_chips(document, matcher)
        for block in document.blocks:
            if block.kind is BlockKind.HEADING:
                headings.append(block.text)
            if block.kind is BlockKind.TABLE_ROW and block.table_headers not in headers:
                headers.add(block.table_headers)
                for number, header in enumerate(block.table_headers):
                    # a product column of a table with a row counting its chips is a machine
                    machine = number > 0 and block.table_headers in holding
                    cells = ((0, len(header), ""),) if machine else ()
                    held = column_chips.get((block.table_headers, number), ()) if machine else ()
                    self._scan(header, TABLE, None, matcher, seen, machine_cells=cells, held=held)
            if _DIGIT.search(block.text):
                self._scan_block(block, matcher, seen)
        if document.title and document.title not in headings:
            headings.append(document.title)
            self._scan(document.title, HEADING, None, matcher, seen)
        text = _DocumentText(document)
        ids = {
            name_key(cell)
            for cell in row_ids(document, self._row_id_headers, lambda t: bool(matcher.find(t)))
        }
        found = [
            discovery
            for key, info in seen.items()
            if key not in ids and (discovery := self._decide(key, info, text))
        ]
        taken = {name_key(name) for d in found for name in d.entity.names}
        for heading in headings:
            discovery = self._heading_name(heading, document, matcher)
            if discovery is not None and not taken & {name_key(n) for n in discovery.entity.names}:
                taken.update(name_key(name) for name in discovery.entity.names)
                found.append(discovery)
        found.extend(self._defined_systems(document, matcher, taken))
        found.extend(self._labelled_systems(document, matcher, taken))
        found.extend(self._containers(document, matcher, found))
        shaped = self._shaped(document, matcher, taken)
        found.extend(shaped)
        taken.update(name_key(d.entity.name) for d in shaped)
        found.extend(self._placed(document, matcher, taken))
        return tuple(found)

    def _placed(self, document: Document, matcher: EntityMatcher, taken: set[str]) -> list[Discovery]:
        """Return the names of the pack's placed shapes the document writes as products
        ("| xy.gpu.h8x | ..." -> an instance), when the pack does not know them."""
        found = []
        for placed in self._placed_names.find(document):
            key = name_key(placed.name)
            if key in taken or matcher.names(placed.name) is not None:
                continue
            taken.add(key)
            held = next((pairs[0] for text in placed.after if (pairs := self._held(text, matcher))), None)
            counted = (
                _COUNTED_DOTTED.fullmatch(placed.name)
                or _GLUED_DOTTED.fullmatch(placed.name)
                or COUNTED_TAIL.fullmatch(placed.name)
            )
            if counted is not None:
                # "ab.h200.4" has a version's shape: a known chip as its model, or a count of a
                # known chip after it ("| ab.rngd.8 | 8x RNGD |"), makes it a machine
                coded = self._known_chip(counted["model"], matcher)
                if held is None and coded is None:
                    continue
                if held is None and coded is not None:
                    held = (coded, int(counted["count"]))
            contains = Containment(entity=self._chip_of(held[0]), count=held[1]) if held else None
            entity = Entity(name=placed.name, kind=placed.kind, contains=contains)
            found.append(Discovery(entity, (PLACED,)))
        return found

    def _defined_systems(
        self, document: Document, matcher: EntityMatcher, taken: set[str]
    ) -> list[Discovery]:
        """Return the clusters the document defines by a quoted name: its AI cluster „Lorelei"."""
        body = "\n".join(block.text for block in document.blocks)
        if document.title:
            body = f"{document.title}\n{body}"
        found = []
        for defined in self._named_systems.names(body):
            name = defined.name
            key = name_key(name)
            if key in taken or matcher.names(name) is not None or self._excluded(name, as_word=True):
                continue
            taken.add(key)
            # the chip named first after the definition, in its paragraph, is what the system is built of
            paragraph_end = body.find("\n\n", defined.end)
            paragraph_end = paragraph_end if paragraph_end >= 0 else len(body)
            chips = [
                m.entity
                for m in matcher.find(body[defined.end : min(paragraph_end, defined.end + _DEFINITION_REACH)])
                if (held := matcher.entity(m.entity)) is not None and held.kind == "chip"
            ]
            contains = Containment(chips[0]) if chips else None
            entity = Entity(name=name, kind="cluster", family=name, contains=contains, case_sensitive=(name,))
            found.append(Discovery(entity, (DEFINED,)))
        return found

    def _labelled_systems(
        self, document: Document, matcher: EntityMatcher, taken: set[str]
    ) -> list[Discovery]:
        """Return the clusters a table labels by name and chip: "| Garbí (MI250X) |"."""
        found = []
        for label in chip_labels(document, matcher, lambda word: self._excluded(word, as_word=True)):
            key = name_key(label.name)
            if key in taken:
                continue
            taken.add(key)
            entity = Entity(
                name=label.name,
                kind="cluster",
                family=label.name,
                contains=Containment(label.chip),
                case_sensitive=(label.name,),
            )
            found.append(Discovery(entity, (CHIP_LABEL,)))
        return found

    def _shaped(self, document: Document, matcher: EntityMatcher, taken: set[str]) -> list[Discovery]:
        """Return the names of the pack's shapes the pack does not know: "g6e.xlarge" -> an instance.

        The shape alone is evidence: no other kind of text writes "g6e.xlarge". The name as
        written is the entity's name; its family is the pack's instance of the same prefix.
        """
        shaped: dict[str, Discovery] = {}
        texts = [block.text for block in document.blocks]
        texts.extend(header for block in document.blocks for header in block.table_headers)
        for text in texts:
            for name in self._shapes.find(text):
                key = name_key(name.name)
                if key in taken or key in shaped or matcher.names(name.name) is not None:
                    continue
                # "g5.xlarge" holds the chip of its family's instance (G5: A10G), not as many of them
                whole = self.pack.entity(name.family) if name.family else None
                held = whole.contains if whole is not None and whole.contains is not None else None
                contains = Containment(held.entity, own_config=held.own_config) if held is not None else None
                entity = Entity(name=name.name, kind=name.kind, family=name.family, contains=contains)
                shaped[key] = Discovery(entity, (SHAPE,))
        return list(shaped.values())

    def _containers(
        self, document: Document, matcher: EntityMatcher, found: list[Discovery]
    ) -> list[Discovery]:
        """Return the systems a document names after a chip and a capitalised system noun.

        "The RNGD Server puts eight cards ...", "the MI325X Platform: eight GPUs": a chip's
        name and a capitalised container noun written mid-text is the proper name of a
        system built of that chip. Headings and title lines capitalise every word, so they
        are no evidence.
        """
        blocks = [
            block
            for block in document.blocks
            if block.kind is not BlockKind.HEADING and self._container_noun.search(block.text)
        ]
        if not blocks:
            return []
        if found:
            pack = self.pack.with_entities(d.entity for d in found)
            matcher = matcher.extended(((n, d.entity.name) for d in found for n in d.entity.names), pack)
        derived: dict[str, Discovery] = {}
        for block in blocks:
            for mention in matcher.find(block.text):
                noun = self._container_noun.match(block.text, mention.end)
                chip = matcher.entity(mention.entity)
                if noun is None or chip is None or chip.kind != "chip":
                    continue
                if self._title_line(block.text, mention.start, noun.end()):
                    continue
                singular, scope = self._container_nouns[noun.group(1)]
                name = f"{chip.name} {singular}"
                if name_key(name) in derived or matcher.names(name) is not None:
                    continue
                written = f"{block.text[mention.start : mention.end]} {singular}"
                aliases = tuple(dict.fromkeys(a for a in (written, f"{name}s") if a != name))
                entity = Entity(name=name, kind=scope, aliases=aliases, contains=Containment(chip.name))
                derived[name_key(name)] = Discovery(entity, (CONTAINER,))
        return list(derived.values())

    @staticmethod
    def _title_line(text: str, start: int, end: int) -> bool:
        """Return True when a span stands on a line of capitalised words only (a title)."""
        line_start = text.rfind("\n", 0, start) + 1
        line_end = text.find("\n", end)
        rest = text[line_start:start] + " " + text[end : line_end if line_end >= 0 else len(text)]
        return bool(_TITLE_REST.fullmatch(rest))

    def unknown_names(self, text: str, matcher: EntityMatcher) -> list[tuple[int, int]]:
        """Return the spans of model-shaped names in ``text`` that ``matcher`` does not know.

        A figure in a clause naming such a product ("the ZT-77 draws 40 W") is not a figure of
        a product named elsewhere, even when discovery did not believe the name.
        """
        # every figure of a segment asks about the same text: on a line of thousands of figures
        # scanning it again for each would grow with the square of the line
        last = self._last_unknown
        if last is not None and last[1] is matcher and (last[0] is text or last[0] == text):
            return list(last[2])
        spans = self._scan_unknown_names(text, matcher)
        self._last_unknown = (text, matcher, tuple(spans))
        return spans

    def _scan_unknown_names(self, text: str, matcher: EntityMatcher) -> list[tuple[int, int]]:
        if not _DIGIT.search(text):
            return []
        candidates = []
        for match in _MODEL.finditer(text):
            if self._model(match, matcher) is None:
                continue
            glued_unit = _GLUED_UNIT.search(match.group(0))
            if glued_unit is not None and glued_unit.group(1) in self._units:
                continue  # "Capacity128GB": a scraped label run into its value
            candidates.append(match.span())
        candidates.extend(match.span(1) for match in self._numbered_subject.finditer(text))
        if not candidates:
            return []
        known = OverlapIndex([(m.start, m.end) for m in matcher.find(text)])
        return sorted((start, end) for start, end in candidates if not known.overlaps(start, end))

    def unknown_subjects(self, text: str, matcher: EntityMatcher) -> list[tuple[int, int]]:
        """Return the spans of unknown model-shaped names of ``text`` that stand as a subject or
        a label: a verb ("the ZX-40 has ..."), a relative clause ("the TQ-9, which draws ...")
        or a colon ("we bought the ZX-40: 96 GB") follows.

        Figures after such a name are its own, not those of a known product named before it.
        """
        return [
            (start, end)
            for start, end in self.unknown_names(text, matcher)
            if text.startswith(":", end)
            or self._subject_after.match(text, end)
            or self._relative_subject.match(text, end)
        ]

    def _scan_block(self, block: Block, matcher: EntityMatcher, seen: dict[str, _Seen]) -> None:
        if block.kind is BlockKind.HEADING:
            self._scan(block.text, HEADING, None, matcher, seen)
            return
        first_cell = None
        if block.kind is BlockKind.TABLE_ROW and len(block.cells) > 1:
            cell = block.cells[0]
            start = cell.column - block.column if "\n" not in block.text else block.text.find(cell.text)
            first_cell = (max(start, 0), max(start, 0) + len(cell.text))
            scope = (
                self._scope_of_noun.get(block.table_headers[0].strip().lower())
                if block.table_headers
                else None
            )
            self._scan(
                block.text,
                TEXT,
                first_cell,
                matcher,
                seen,
                first_column_scope=scope,
                machine_cells=self._machine_cells(block),
                place_cells=self._place_cells(block),
                part_cells=self._part_cells(block),
                form_factor=self._form_factor(block),
                rented_row=self._hourly_prices.in_row(block.text)
                or self._hourly_prices.in_columns([c.text for c in block.cells], block.table_headers),
            )
            return
        self._scan(block.text, TEXT, None, matcher, seen)

    def _scan(
        self,
        text: str,
        place: str,
        first_cell: tuple[int, int] | None,
        matcher: EntityMatcher,
        seen: dict[str, _Seen],
        first_column_scope: str | None = None,
        machine_cells: tuple[tuple[int, int, str], ...] = (),
        place_cells: tuple[tuple[int, int], ...] = (),
        part_cells: tuple[tuple[int, int], ...] = (),
        form_factor: str | None = None,
        rented_row: bool = False,
        held: tuple[tuple[str, int], ...] = (),
    ) -> None:
        """Record every unknown model-shaped name of ``text``; ``held``: the chips a product
        column's header holds, counted in its column ("| Accelerators | 8 x NVIDIA B300 |")."""
        consumed = 0
        known = None
        for match in _MODEL.finditer(text):
            if match.start() < consumed:
                continue  # the second half of "GB300 NVL72"
            start, end = match.start(), match.end()
            base = max(0, start - 60)
            line = self._line_before.search(text[base:start])
            name = self._model(match, matcher, lined=line is not None)
            if name is None:
                continue
            known = matcher.find(text) if known is None else known
            if any(m.start < end and start < m.end for m in known):
                continue  # part of a known name: "Engine 3" of "Wafer-Scale Engine 3"
            system = self._system_suffixes.system_name(text, start, name, known) if match["glued"] else None
            if system is not None:
                name, start, owner = system  # "GB200 NVL4": a system built of the GB200, not the GB200
            suffix = _SUFFIX.match(text, end)
            if suffix and not self._excluded(suffix.group(1)) and matcher.names(suffix.group(1)) is None:
                name, end = f"{name} {suffix.group(1)}", suffix.end()
            consumed = end
            before = text[base:start]
            lined = None
            if line is not None:
                line_word = self._line_forms.get(line.group(1), line.group(1))
                lined, start, before = f"{line_word} {name}", base + line.start(), before[: line.start()]
            pack_vendor = None
            while vendor := self._vendor_before.search(before):
                pack_vendor = vendor.group(1) if pack_vendor is None else f"{vendor.group(1)} {pack_vendor}"
                before = before[: vendor.start()]
            word = _WORD_BEFORE.search(before) if pack_vendor is None else None
            vendor_word = ""
            if word is not None and word.group(1).lower() not in self._vocabulary:
                glued = match["glued"] and lined is None
                if word.group(1).isupper() and glued and not self._excluded(word.group(1)):
                    name, start = f"{word.group(1)} {name}", start - len(word.group(0))  # "DGX B300"
                elif not word.group(1).isupper() or lined is not None:
                    vendor_word = word.group(1)  # "Cerebras WSE-3"
            if matcher.names(name) is not None or (lined is not None and matcher.names(lined) is not None):
                continue
            info = seen.setdefault(name_key(name), _Seen())
            self._note_place(text, base, match.start(), end, info)
            if any(low <= match.start() < high for low, high in place_cells):
                info.place_named = True  # "rack": "R07": a rack's id, not a rack product
            if any(low <= match.start() < high for low, high in part_cells) or self._host_brand(
                name, vendor_word
            ):
                info.host_part = True
            if lined is not None:
                info.lined[lined] += 1
            if form_factor is not None:
                info.form_factors[form_factor] += 1
            cell = next((c for c in machine_cells if c[0] <= match.start() < c[1]), None)
            if lined is not None or cell is not None or name.startswith(self._machine_prefixes):
                info.machine += 1
            if cell is not None and cell[2]:
                info.scopes[cell[2]] += 1
            info.holds.update(
                self._held(text if first_cell is not None else _clause_after(text, end), matcher)
            )
            info.holds.update(held)
            if match["word"]:
                info.words.add(match["word"])
            if match["code"] and not _SIZED_CODE.fullmatch(name) and matcher.names(name.split("-", 1)[1]):
                info.wraps_known = matcher.names(name.split("-", 1)[1])
            if match["code"] and (coded := self._coded_chip(name, matcher)) is not None:
                info.coded[self._glossed_chip(text, end, coded, matcher)] += 1
                wrapped = _clause_after(text, end, wrapped=True) if first_cell is None else ""
                if coded in self._held(wrapped, matcher):
                    info.holds[coded] += 1  # "VD-B300-8 with" / "8 x NVIDIA B300": a sentence wrapped
            info.forms[name] += 1
            info.mentions += 1
            if system is not None:
                info.system += 1
                info.system_of[owner] += 1
            info.vendors[vendor_word] += 1
            if pack_vendor:
                info.pack_vendors.add(pack_vendor)
            info.places.add(TABLE if cell is not None else self._place(text, start, end, place, first_cell))
            if place == HEADING:
                info.heading_forms[name] += 1
            trailing = _TRAILING.match(text, end)
            if trailing is not None and self._may_trail(trailing.group(1), matcher):
                info.trailing[trailing.group(1)] += 1
            if first_cell is not None and first_cell[0] <= start < first_cell[1] and first_column_scope:
                info.scopes[first_column_scope] += 1
            noun = (
                self._noun_after.match(text, end)
                or self._apposed_noun.match(text, end)
                or self._listed_noun.match(text, end)
            )
            named = None
            if noun is not None:
                scope = self._scope_of_noun.get(noun.group(1).lower())
                if scope is not None and scope != "core":
                    info.scopes[scope] += 1
                    # "the TLX-22 pod scheduler" names a scheduler: the noun must head its phrase
                    named = scope if self._noun_heads.match(text, noun.end()) else None
            elif (noun := self._machine_noun_before.search(text[base:start])) is not None:
                named = self._scope_of_noun[noun.group(1).lower()]
                info.scopes[named] += 1
            elif self._rental_after.match(text, end):
                info.scopes["instance"] += 1  # "the GPU-B8 plan": what a provider rents out
                named = "instance"
            if named in MACHINE_SCOPES and not match["word"]:
                info.machine_named += 1
            if self._rented(text, start, end, first_cell, known, rented_row):
                info.rented += 1
            if self._series_noun_after.match(text, end):
                info.series += 1

    def _rented(
        self,
        text: str,
        start: int,
        end: int,
        first_cell: tuple[int, int] | None,
        known: list[EntityMention],
        rented_row: bool,
    ) -> bool:
        """Return True when a mention's own row (``rented_row``: priced by the hour in a cell or
        under an hourly-price header) or its sentence prices it by the hour."""
        if first_cell is not None:
            return first_cell[0] <= start < first_cell[1] and rented_row

        def others() -> list[tuple[int, int]]:
            return [(m.start, m.end) for m in known] + [m.span() for m in _MODEL.finditer(text, end)]

        return self._hourly_prices.after(text, end, others)

    def _note_place(self, text: str, base: int, start: int, end: int, info: _Seen) -> None:
        """Record whether a mention stands as a place does: after "in", or with "region"."""
        before = text[base:start]
        if self._place_noun_before.search(before) or self._place_noun_after.match(text, end):
            info.place_named = True
        elif self._place_preposition.search(before):
            info.placed += 1

    def _machine_cells(self, block: Block) -> tuple[tuple[int, int, str], ...]:
        """Return the spans of a row's cells whose column header names a machine ("Node model").

        The header's first scope noun says what its column holds: "Node model" is a server
        column, "GPUs per node" a chip column.
        """
        if "\n" in block.text:
            return ()
        cells = []
        for cell, header in zip(block.cells, block.table_headers, strict=False):
            nouns = (self._scope_of_noun.get(word) for word in _LETTERS.findall(header.lower()))
            scope = next((noun for noun in nouns if noun is not None), None)
            if scope in MACHINE_SCOPES:
                start = max(cell.column - block.column, 0)
                cells.append((start, start + len(cell.text), scope))
        return tuple(cells)

    def _counts_chips(self, block: Block, matcher: EntityMatcher) -> bool:
        """Return True for a row of products as columns that counts their chips: "Accelerators | 8 | 16".

        Its label names chips ("GPUs", "Accelerators") and every other cell is a bare count
        (or empty, "-", "n/a") or opens with a count of a known chip ("8 x MI355X (OAM)"): the
        products of the header row hold chips, so they are machines.
        """
        if block.kind is not BlockKind.TABLE_ROW or len(block.cells) < 2 or len(block.table_headers) < 2:
            return False
        label = _LETTERS.findall(block.cells[0].text.lower())
        if not label or len(label) > 3 or not self._chip_nouns.intersection(label):
            return False
        counts = [cell.text.strip() for cell in block.cells[1:]]
        if all(self._opens_with_held(count, matcher) for count in counts):
            return True  # "| Accelerators | 8 x NVIDIA B300 on a baseboard | 8 x MI355X (OAM) |"
        return any(_COUNT.fullmatch(count) for count in counts) and all(
            _COUNT.fullmatch(count) or not _DIGIT.search(count) for count in counts
        )

    def _column_chips(
        self, document: Document, matcher: EntityMatcher
    ) -> dict[tuple[tuple[str, ...], int], tuple[tuple[str, int], ...]]:
        """Return the chips each product column of a table holds, keyed by the table's headers
        and the column's number: the count of a known chip its cell of a row counting chips
        opens with ("| Accelerators | 8 x NVIDIA B300 | 8 x MI355X |": eight B300, eight MI355X)."""
        chips: dict[tuple[tuple[str, ...], int], tuple[tuple[str, int], ...]] = {}
        for block in document.blocks:
            if not self._counts_chips(block, matcher):
                continue
            for number, cell in enumerate(block.cells[1:], start=1):
                first = next(iter(matcher.find(cell.text)), None)
                held = self._held(cell.text[: first.end], matcher) if first is not None else []
                if held and _COUNT.match(cell.text.strip()):
                    chips.setdefault((block.table_headers, number), tuple(held[:1]))
        return chips

    def _opens_with_held(self, cell: str, matcher: EntityMatcher) -> bool:
        """Return True for a cell that opens with a count of a known part: "8 x NVIDIA B300 ..."."""
        first = next(iter(matcher.find(cell)), None)
        if first is None or not _COUNT.match(cell):
            return False
        return bool(self._held(cell[: first.end], matcher))

    def _form_factor(self, block: Block) -> str | None:
        """Return the scope a row's form factor cell names: "| OAM 2.0 mezzanine |" -> card.

        A column headed "Form factor" says what each row's product is; its last scope noun
        tells a card from a chip.
        """
        for cell, header in zip(block.cells, block.table_headers, strict=False):
            if header.strip().lower() in self._form_factor_headers:
                nouns = [self._scope_of_noun.get(word) for word in _LETTERS.findall(cell.text.lower())]
                scope = next((noun for noun in reversed(nouns) if noun is not None), None)
                return scope if scope in CONTAINER_SCOPES else None
        return None

    def _place_cells(self, block: Block) -> tuple[tuple[int, int], ...]:
        """Return the spans of a row's cells whose column header names a place ("rack", "site")."""
        return self._cells_under(block, self._place_headers)

    def _part_cells(self, block: Block) -> tuple[tuple[int, int], ...]:
        """Return the spans of a row's cells, but the first, whose header names a host CPU."""
        return self._cells_under(block, self._host_part_headers, skip_first=True)

    @staticmethod
    def _cells_under(
        block: Block, headers: frozenset[str], *, skip_first: bool = False
    ) -> tuple[tuple[int, int], ...]:
        """Return the spans of a row's cells whose column header is one of ``headers``."""
        if "\n" in block.text:
            return ()
        spans = []
        pairs = list(zip(block.cells, block.table_headers, strict=False))
        for cell, header in pairs[1:] if skip_first else pairs:
            if header.strip().lower() in headers:
                start = max(cell.column - block.column, 0)
                spans.append((start, start + len(cell.text)))
        return tuple(spans)

    def _held(self, text: str, matcher: EntityMatcher) -> list[tuple[str, int]]:
        """Return the (chip, count) pairs ``text`` counts: "4 x GH200", "with 8x Gaudi 2"."""
        held = []
        for mention in matcher.find(text):
            chip = matcher.entity(mention.entity)
            count = self._count_before.search(text[max(0, mention.start - 50) : mention.start])
            if count is None:
                count = _COUNT_AFTER.match(text, mention.end)
            if chip is None or chip.kind not in PART_KINDS or count is None:
                continue
            word = count.group(1).lower()
            value = int(word) if word.isdigit() else self._number_words.get(word)
            if value == 1 and not self._counted_one.search(count.group(0)):
                continue  # "one GH200" is an example more often than a count; "1 x GH200", "1 piece of" count
            if value:
                held.append((chip.name, value))
        return held

    def _may_trail(self, word: str, matcher: EntityMatcher) -> bool:
        """Return True for a word that may end a product's name: no vocabulary, no known name."""
        return not self._excluded(word, as_word=True) and matcher.names(word) is None

    def _place(self, text: str, start: int, end: int, place: str, first_cell: tuple[int, int] | None) -> str:
        if place != TEXT:
            return place
        if first_cell is not None and first_cell[0] <= start < first_cell[1]:
            return TABLE
        line_start = text.rfind("\n", 0, start) + 1
        line_end = text.find("\n", end)
        rest = text[line_start:start] + " " + text[end : line_end if line_end >= 0 else len(text)]
        if _TITLE_REST.fullmatch(rest):
            return HEADING  # a line naming just the product: "Helix H8 Inference Accelerator"
        if (_LABEL_AFTER.match(text, end) or _ASIDE_LINE.match(text, end)) and _LABEL_PREFIX.fullmatch(
            self._strip_vendor(text[line_start:start])
        ):
            return LABEL
        if self._subject_after.match(text, end):
            return SUBJECT
        return TEXT

    def _strip_vendor(self, prefix: str) -> str:
        while vendor := self._vendor_before.search(prefix):
            prefix = prefix[: vendor.start()]
        word = _WORD_BEFORE.search(prefix)
        return prefix[: word.start()] if word else prefix

    # -- one name ----------------------------------------------------------------------

    def _model(self, match: re.Match[str], matcher: EntityMatcher, *, lined: bool = False) -> str | None:
        """Return the model name a candidate match stands for, or None when it is no product.

        ``lined``: a server line word stands before it ("PowerEdge XE9680"), which makes a
        model number of a shape the pack otherwise reserves for something else a product.
        """
        code = match["code"]
        if code is not None:
            return self._code(code, matcher)
        glued = match["glued"]
        if glued is not None:
            if glued.endswith("s") and not glued[-2].islower():
                glued = glued[:-1]  # "MI450Xs", "NX-7s": a plural
            machine = lined or glued.startswith(self._machine_prefixes)
            if matcher.names(glued) is not None or (self._excluded(glued) and not machine):
                return None
            if name_key(glued) in self._tails:
                return None  # "NVL144" of "Vera Rubin NVL144": the end of a known name, not a new one
            head, _, tail = glued.rpartition("-")
            if head and tail.lower() in self._scope_of_noun:
                # "A16-Karte", "H100-Server": a compound of a name and the noun of what it is
                # (German joins them with a hyphen), the name alone
                return None if matcher.names(head) is not None else head
            if _DATED_NUMBER.fullmatch(glued):
                return None  # "HC-2026-17", "INV-2025-113": a quote or invoice numbered within its year
            numbered = _NUMBERED_WORD.fullmatch(glued)
            if numbered is not None and numbered.group(1).lower() in self._generic:
                return None  # "AI-32", "CPU-2": an item or a part numbered under a generic word
            numbered = _NUMBERED_SETUP.fullmatch(glued)
            if numbered is not None and numbered.group(1).lower() in self._designators:
                return None  # "Option1", "Config2": a set-up or an export's option field, numbered
            letters = _LETTERS.match(glued)
            return (
                None if letters and letters.group(0).lower() in self._name_cues else glued
            )  # "GPT4", "FY25"
        word, name = match["word"], match.group(0)
        if name_key(name) in self._tails:
            return None
        version = match["number"].startswith("v")
        if self._excluded(name) or (
            self._excluded(word, as_word=True) and not (version and word.lower() in self._scope_of_noun)
        ):
            return None  # "The 8", "Figure 2", "Intel 4", "Q3 2025", "GPU 0"; but "TPU v9"
        known = matcher.names(word)
        entity = self.pack.entity(known) if known else None
        if entity is not None and entity.kind in NON_PRODUCT_KINDS:
            return None  # "Neuron 2" is a software version
        after = _NEXT_WORD.match(match.string, match.end())
        if after is not None and (after.group(1) in self._units or after.group(1).lower() in self._units):
            return None  # "Over 100 GB"
        return None if matcher.names(name) is not None else name

    def _code(self, code: str, matcher: EntityMatcher) -> str | None:
        """Return a catalogue code that names a product, or None: "NRW-B200.8" but not "NVIDIA-H100".

        A maker's or a generic word before a known model is that model written with a hyphen.
        """
        if matcher.names(code) is not None or self._excluded(code) or _PADDED.search(code):
            return None  # a known name, a technology, or a serial number: "RC-G01", "PO-A0042"
        prefix, model = code.split("-", 1)
        if (self._excluded(prefix) or prefix.lower() in self._vendors) and matcher.names(model) is not None:
            return None
        if code[0].islower() and self._coded_chip(code, matcher) is None:
            return None  # "ipv-4-8", "llm-7b-2": a lower-case code names a machine only by its chip
        if _LETTERED_TAIL.search(code) and not code.startswith(self._machine_prefixes):
            return None  # "SYS-A21GE-NBRT" is a server's; "EU-B2-ONLY" a tag
        if self._region_code is not None and self._region_code.fullmatch(code):
            return None  # "US-EAST-1", "AP-SOUTH-2": a cloud region, not a machine
        return code

    def _excluded(self, name: str, *, as_word: bool = False) -> bool:
        """Return True for a name the pack's vocabulary says is not a product.

        ``as_word``: the word before a number, which must not be a name cue either
        ("Figure 2", "Llama 3").
        """
        key = (name, as_word)
        found = self._excluded_cache.get(key)
        if found is None:
            lowered = name.lower()
            found = (
                lowered in self._vocabulary
                or lowered in self._vendors
                or (as_word and lowered in self._name_cues)
                or any(
                    lowered.startswith(stem) and _AFTER_STEM.match(lowered, len(stem)) for stem in self._stems
                )
                or any(pattern.fullmatch(name) for pattern in self._patterns)
            )
            self._excluded_cache[key] = found
        return found

    def _host_brand(self, name: str, vendor_word: str) -> bool:
        """Return True for a name a host CPU brand opens or follows ("XEON 6787P", "EPYC 9575F")."""
        first = name.split(" ", 1)[0].lower()
        return first in self._host_brands or vendor_word.lower() in self._host_brands

    def _decide(self, key: str, info: _Seen, text: _DocumentText) -> Discovery | None:
        """Return the entity for a name with enough evidence, or None."""
        if any(word.lower() in text.lower_words for word in info.words):
            return None  # "batch 32" in the text makes "Batch 32" an ordinary phrase
        if self._names_place(info) or info.host_part:
            return None  # a place ("in Paris-2") or a machine's host CPU names no product here
        if self._names_series(info):
            return None  # "the KV-7 family", "KV-7 Series": a line of products, each with its own figures
        if info.wraps_known and not info.machine:
            return None  # "KIT-L40S" may be the chip sold as a kit; only a machine column says otherwise
        strong = [place for place in STRONG if place in info.places]
        evidence = list(strong)
        if info.mentions >= REPEATED:
            evidence.append("repeated")
        name = _body_form(info)
        if info.lined:
            evidence.append("machine line")
        elif info.machine:
            evidence.append("machine")  # a server model-number prefix or a machine column vouches for it
        if info.machine_named:
            evidence.append("machine noun")  # a model number a machine noun names: "its HC-B8.4 instance"
        if info.system:
            evidence.append("system suffix")  # a known chip's name and a system suffix: "GB200 NVL4"
        counted = bool(set(info.coded) & set(info.holds))
        if counted:
            evidence.append("counted code")  # "VD-B300-8 with 8 x NVIDIA B300": its size counts its chip
        sibling = None
        if (
            not strong
            and not info.machine
            and not info.machine_named
            and not counted
            and not info.system
            and (info.mentions < REPEATED or len(key) <= SHORT)
        ):
            # "H800" once beside "H100": a model number built like a known chip's names its sibling
            sibling = self._siblings.sibling(_body_form(info), text.body) if not info.words else None
            if sibling is None:
                return None
            evidence.append(f"sibling of {sibling[0]}")
        aliases = [form for form in info.forms if form != name]
        if info.trailing:
            word, count = info.trailing.most_common(1)[0]
            if 2 * count >= info.mentions and word.lower() not in text.lower_words:
                # "RTX 6000 Ada": the name is written with the word; alone, the rest still names it
                aliases = [*aliases, name]
                name = f"{name} {word}"
        vendor, vendor_count = info.vendors.most_common(1)[0]
        if vendor and vendor_count == info.mentions and vendor.lower() not in text.lower_words:
            if info.words and not text.used_apart(vendor, name):
                # "Condor Galaxy 3": a word never used on its own is part of a worded name
                name, aliases = f"{vendor} {name}", [f"{vendor} {alias}" for alias in aliases]
            else:
                aliases.append(f"{vendor} {name}")  # a word that always precedes it is its maker
        aliases.extend(f"{prefix} {name}" for prefix in sorted(info.pack_vendors))
        if info.lined:
            # "PowerEdge XE9680": the line word belongs to the name; the bare model still names it
            lined = info.lined.most_common(1)[0][0]
            aliases = [name, *(a.replace(f" {name}", f" {lined}", 1) for a in aliases if a != lined)]
            name = lined
        # A chip-like name is a chip unless most mentions put a scope noun after it: "the
        # SN40L node" now and then names a system built of the chip, not the chip's kind.
        kind = "chip"
        if info.scopes and 2 * sum(info.scopes.values()) > info.mentions:
            kind = info.scopes.most_common(1)[0][0]
        contains = None
        if kind == "chip" and sibling is not None:
            kind = sibling[1]  # a sibling of a card ("GB200") is a card
        if kind == "chip" and info.form_factors:
            kind = info.form_factors.most_common(1)[0][0]  # "| OAM 2.0 mezzanine | HL-335 |": a card
        if kind == "chip" and info.system:
            # "GB200 NVL4": a system of the chip; what it is, the nouns after it or referring
            # back to it say ("the GB200 NVL4 module", "... for the board"), else a server
            kinds = self._system_suffixes.referred_kinds(text.body, list(info.forms))
            kinds.update({scope: n for scope, n in info.scopes.items() if scope in SYSTEM_KINDS})
            kind = kinds.most_common(1)[0][0] if kinds else "server"
        sized = _SIZED_CODE.fullmatch(name) is not None
        if kind == "chip" and (info.machine or info.holds or sized or info.machine_named or info.system):
            # A line word, a machine column, a count of chips it holds, a machine noun naming it
            # ("the VX-870, a server") or a catalogue code's size ("NRW-B200.8") makes it a
            # machine; sizes are how clouds name instance types.
            machines = Counter({scope: n for scope, n in info.scopes.items() if scope in MACHINE_SCOPES})
            kind = machines.most_common(1)[0][0] if machines else "instance" if sized else "server"
        if kind in RENTABLE_SCOPES and info.rented:
            kind = "instance"  # a machine rented by the hour is an instance: "a KX-72 rack at $250/hr"
        if kind != "chip" and (info.holds or info.coded):
            # "4 x GH200" in its row or sentence, else the chip its code names: "WIS-B200.8"
            (chip, count), _ = (info.holds or info.coded).most_common(1)[0]
            contains = Containment(entity=self._chip_of(chip), count=count)
        elif kind != "chip" and info.system_of:
            # "GB200 NVL4" with no count of its chips: built of the chip it is named after
            contains = Containment(entity=info.system_of.most_common(1)[0][0])
        elif kind != "chip" and info.wraps_known and self._known_part(info.wraps_known):
            # "HLS-Gaudi3" in a machine column: a machine built of the chip its code wraps
            contains = Containment(entity=self._chip_of(info.wraps_known))
        entity = Entity(name=name, kind=kind, aliases=tuple(dict.fromkeys(aliases)), contains=contains)
        return Discovery(entity, tuple(evidence))

    def _known_part(self, name: str) -> bool:
        """Return True for a name the pack knows as a chip or a card."""
        entity = self.pack.entity(name)
        return entity is not None and entity.kind in PART_KINDS

    def _known_chip(self, model: str, matcher: EntityMatcher) -> str | None:
        """Return the known chip ``model`` names ("h200" -> H200), or None."""
        known = matcher.names(model)
        chip = self.pack.entity(known) if known is not None else None
        return chip.name if chip is not None and chip.kind in PART_KINDS else None

    def _coded_chip(self, code: str, matcher: EntityMatcher) -> tuple[str, int] | None:
        """Return the known chip and count a sized code names ("WIS-B200.8": eight B200), or None."""
        counted = _COUNTED_CODE.fullmatch(code)
        known = matcher.names(counted["model"] or counted["lower"]) if counted is not None else None
        chip = self.pack.entity(known) if known is not None else None
        if counted is None or chip is None or chip.kind not in PART_KINDS:
            return None
        return chip.name, int(counted["count"])

    def _glossed_chip(
        self, text: str, end: int, coded: tuple[str, int], matcher: EntityMatcher
    ) -> tuple[str, int]:
        """Return the coded chip, or the variant of it a bracket after the code names: "sv-h100-8
        (H100 SXM)" holds eight H100 SXM, the variant the code's "h100" shortens."""
        gloss = _GLOSS.match(text, end)
        known = matcher.names(gloss.group(1)) if gloss is not None else None
        chip = self.pack.entity(known) if known is not None else None
        if (
            chip is None
            or chip.kind not in PART_KINDS
            or not name_key(chip.name).startswith(name_key(coded[0]))
        ):
            return coded
        return chip.name, coded[1]

    def _chip_of(self, held: str) -> str:
        """Return the chip a machine holds when it holds ``held``: the chip of a one-chip card
        ("8x HL-225H" are eight Gaudi2), else ``held`` itself."""
        card = self.pack.entity(held)
        inner = card.contains if card is not None and card.kind == "card" else None
        if inner is None or inner.count != 1 or inner.own_config:
            return held
        chip = self.pack.entity(inner.entity)
        return inner.entity if chip is not None and chip.kind == "chip" else held

    @staticmethod
    def _names_series(info: _Seen) -> bool:
        """Return True for a name the document writes as a product line's: most mentions put a
        series noun after it ("the KV-7 family", "KV-7 Series") and none stands in a table or
        a machine column, where one product is named."""
        return 2 * info.series > info.mentions and TABLE not in info.places and not info.machine

    @staticmethod
    def _names_place(info: _Seen) -> bool:
        """Return True for a name the document introduces as a place, never as a product.

        "the Paris-2 region" says so outright; "new instances in Paris-2" does when every
        mention stands after "in" and none acts as a product would (a subject, a label, a
        table row, a scope noun after it, a count of chips it holds).
        """
        if info.place_named:
            return True
        acts = info.machine or info.holds or info.scopes or info.places & {TABLE, LABEL, SUBJECT}
        return info.placed == info.mentions and not acts

    # -- names without digits ------------------------------------------------------------

    def _heading_name(self, heading: str, document: Document, matcher: EntityMatcher) -> Discovery | None:
        """Return the product a heading names when it names just one: "## Groq LPU"."""
        # "## 4. Etched Sohu — one to watch": the enumerator and a tail after a dash go.
        whole = _MARKUP.sub("", heading)
        text = _HEADING_TAIL.split(_ENUMERATOR.sub("", whole), maxsplit=1)[0]
        cut = text.strip() != whole.strip()
        if _DIGIT.search(text):
            return None
        text = text.strip(" :.-–—")
        words = text.split()
        if not 0 < len(words) <= MAX_HEADING_WORDS or not all(_HEADING_WORD.fullmatch(w) for w in words):
            return None
        made = False  # the heading names a maker before the product ("Etched Sohu")
        while words and words[0].lower() in self._vendors:
            words, made = words[1:], True
        if not words or any(self._excluded(word) for word in words) or matcher.find(text):
            return None
        body = "\n".join(b.text for b in document.blocks if b.kind is not BlockKind.HEADING)
        while len(words) > 1 and self._stands_alone(words[0], " ".join(words[1:]), body):
            # "Etched Sohu": a maker is a word the body uses on its own; "Designer Graphcore"
            # (an infobox row) drops a label, which says nothing about what the rest names.
            made = made or self._used_alone(words[0], " ".join(words[1:]), body)
            words = words[1:]
        name = " ".join(words)
        if not self._named_in_body(name, body, made):
            return None
        if cut and not re.search(rf"(?<![\w-]){re.escape(name)}" + self._subject_after.pattern, body):
            return None  # "Joe Moore - Morgan Stanley": a cut heading's name must act in the text
        scopes = Counter(
            self._scope_of_noun[m.group(1).lower()]
            for m in re.finditer(re.escape(name) + self._noun_after.pattern, body, re.I)
            if self._scope_of_noun.get(m.group(1).lower()) not in (None, "core")
        )
        kind = scopes.most_common(1)[0][0] if scopes else "chip"
        aliases = (text,) if text != name else ()
        return Discovery(Entity(name=name, kind=kind, aliases=aliases), (HEADING,))

    def _named_in_body(self, name: str, body: str, made: bool) -> bool:
        """Return True when the body uses ``name`` as the name of one product.

        It must occur, never in lower case (a proper noun, not "Overview"), and never
        before a model number or a word like "line" ("RTX 4090", "the RTX line": a brand).
        A single capitalised word the heading gives no maker for must also stand before a
        scope noun somewhere ("the Wormhole card"), which tells a product from a company.
        """
        word = rf"(?<![\w-]){re.escape(name)}(?![\w-])"
        lower = rf"(?<![\w-]){re.escape(name.lower())}(?![\w-])"
        if (
            not re.search(word, body)
            or re.search(lower, body)
            or re.search(word + self._series_after.pattern, body)
        ):
            return False
        if name.isupper() or made:
            return True
        return bool(re.search(re.escape(name) + self._noun_after.pattern, body, re.I))

    @classmethod
    def _stands_alone(cls, maker: str, rest: str, body: str) -> bool:
        """Return True when ``maker`` is used without ``rest`` or ``rest`` without ``maker``."""
        bare = re.compile(rf"(?<![\w-]){re.escape(rest)}(?![\w-])")
        return cls._used_alone(maker, rest, body) or any(
            not body[: m.start()].rstrip().endswith(maker) for m in bare.finditer(body)
        )

    @staticmethod
    def _used_alone(maker: str, rest: str, body: str) -> bool:
        """Return True when ``maker`` stands in the body without ``rest`` after it."""
        alone = re.compile(rf"(?<![\w-]){re.escape(maker)}(?![\w-])(?!\s+{re.escape(rest)})")
        return bool(alone.search(body))


def _container_nouns(pack: KnowledgePack) -> dict[str, tuple[str, str]]:
    """Return the capitalised container nouns of a pack, each with its singular and scope.

    "Servers" gives ("Server", "server"); only nouns the pack writes in lower case count.
    """
    nouns: dict[str, tuple[str, str]] = {}
    for scope, group in pack.scopes:
        if scope not in CONTAINER_SCOPES:
            continue
        lower = {noun for noun in group if noun.islower() and " " not in noun}
        for noun in lower:
            singular = next((s for s in (noun[:-1], noun[:-2]) if noun.endswith("s") and s in lower), noun)
            nouns[noun.capitalize()] = (singular.capitalize(), scope)
    return nouns


def _clause_after(text: str, end: int, *, wrapped: bool = False) -> str:
    """Return the rest of the sentence after a name: where the chips it holds are counted.

    ``wrapped``: the clause goes on past a line break, as a paragraph's sentence does.
    """
    ends = _WRAPPED_CLAUSE_END if wrapped else _CLAUSE_END
    stop = ends.search(text, end)
    while stop is not None and _abbreviation_goes_on(text, stop.start(), stop.end()):
        stop = ends.search(text, stop.end())  # "each with 8 stk.\ngraphics processors NVIDIA B200"
    return text[end : stop.start() if stop else len(text)]


def _abbreviation_goes_on(text: str, mark: int, end: int) -> bool:
    """Return True when the full stop at ``mark`` closes a listed abbreviation and the text goes on
    in lower case after it: the clause is not over."""
    if text[mark] != "." or end >= len(text) or not text[end : end + 1].islower():
        return False
    word = _WORD_BEFORE_STOP.search(text, max(0, mark - 12), mark)
    return word is not None and is_abbreviation(word.group(0))


def _body_form(info: _Seen) -> str:
    """Return how the text writes a name: its most common form, the body's case before a heading's.

    "ASCEND 910C" in an upper-case heading and "Ascend 910C" in the text is `Ascend 910C`.
    """

    def shouted(form: str) -> bool:
        return form.isupper() and any(other != form and other.lower() == form.lower() for other in info.forms)

    def in_body(form: str) -> int:
        return info.forms[form] - info.heading_forms[form]

    return min(info.forms, key=lambda form: (shouted(form), in_body(form) <= 0, -info.forms[form]))


__all__ = ["CONFIDENCE", "Discovery", "EntityDiscoverer"]
