"""Split blocks into segments (sentences, table cells) and mark the role of each entity mention."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from functools import lru_cache

from factlint.claims.entities import EntityMatcher, EntityMention
from factlint.claims.fastre import compile_folded
from factlint.claims.language import Language, alternation
from factlint.claims.mountingplaces import MountingPlaces
from factlint.models import Block, BlockKind, Cell

# Roles of a mention: "subject" may own the figures near it; the others may not, except that
# "compared" (the far side of a comparison: "against 1.6 on the H100 at 400 W") may own its
# own figures but never a ratio.
SUBJECT, BASELINE, MODIFIER, COUNTED = "subject", "baseline", "modifier", "counted"
COMPARED = "compared"
# "2.4x the memory capacity of the H100", "1.3x the compute of Nvidia's H200", "3x the
# throughput of its own Warboy": the entity after "of" is what is multiplied. The number
# stands alone: the "5X" of "MI325X" multiplies nothing.
# "2x the T4", "3 times that of the H100": the entity after a multiplier is what it is measured against.
# ("16x an eight-GPU H100 server", "2x an 8x H200 box": a counted machine of the baseline chip)
_MULTIPLIER_THE = compile_folded(
    r"\d\s*(?:x|×|times)\s+(?:(?:that|those)\s+of\s+)?(?:the|an?)\s+(?:(?:\d{1,4}\s*[x×]|\w+-[\w\-]+)\s+)?$",
    re.I,
)
# "2x n150d memory", "1.5x Trainium1's bandwidth": without "the", only a noun or "'s" after
# the name makes it a baseline ("8x H100 GPUs" and "8x H100, 640 GB" count GPUs).
_MULTIPLIER_BARE = compile_folded(r"\d\s*(?:x|×)\s+$", re.I)
# "| 72× MI450X |": a field of a caption or list that counts a machine's chips and says nothing else.
_TIMES_COUNT = re.compile(r"[ \t][|·][ \t]*\d{1,4}\s?[x×]\s*$")
# "gives you 4 × H200 NVL", "8x H100 inside": a count and a times sign right before a name.
_TIMES_BEFORE = re.compile(r"(?<![\w.,])\d{1,4}[ \t\u00a0]*[x×][ \t\u00a0]*$")
# "MI300X / H100 throughput: 1.31x", "A/B speedup = 0.9x": a ratio written as one name over another,
# then its measure and the multiplier; the name after the slash is the baseline.
_RATIO_OVER = re.compile(r"[\w\-.)][ \t]*/[ \t]*$")
_RATIO_AFTER = re.compile(r"(?:[ \t]+[\w\-/.]+){0,3}[ \t]*[:=][ \t]*~?[ \t]*\d[\d.,]*[ \t]*[x×](?!\w)")
_FIELD_END = re.compile(r"\s*(?:[|·,;\])]|$)")
# A product named inside a relative clause on another product's name ("the H800 that the H20
# replaced", "MI300X, which the MI325X follows"): the clause only describes the first.
_RELATIVE_BEFORE = re.compile(r"(?<![\w\-])[\w\-]*[A-Z0-9][\w\-]*,?\s+(?:that|which)\s+(?:the\s+)?$")
# "Note that the GH200 ...", "Remember that the H100 ...": a capitalised verb opening the sentence
# introduces a clause; the product after it is the clause's subject, not a relative clause's.
_CLAUSE_OPENER = re.compile(r"(?:^|[.!?:;]\s+)[\s*_>\-]*[A-Z][a-z]+\s+that\s+(?:the\s+)?$")
_POSSESSIVE = re.compile(r"['’]s\b")
_NEXT_WORD = re.compile(r"\s+([a-z][a-z\-]*)\b")


@dataclass(frozen=True)
class Mention:
    """An entity mention inside a segment, with its role and parenthesis group."""

    start: int  # offsets into the segment text
    end: int
    entity: str
    role: str
    group: tuple[int, ...]  # start offsets of the parentheses enclosing the mention
    fuzzy: bool = False


@dataclass(frozen=True)
class Segment:
    """A sentence or table cell of a block: the unit claims are read from."""

    block: Block
    offset: int  # where the segment starts in block.text
    text: str
    cell_index: int | None = None  # for table cells

    @property
    def quote(self) -> str:
        """Return the evidence to quote: the table row, or the sentence on one line."""
        return _one_line(self.block.text if self.cell_index is not None else self.text)


class SegmentReader:
    """Cuts blocks into segments and classifies entity mentions; one per pack and language."""

    def __init__(self, matcher: EntityMatcher, language: Language) -> None:
        self.matcher = matcher
        # Headings, labels and earlier sentences are read again for every figure after them.
        self._mentions_cache: dict[str, list[Mention]] = {}
        # "than the NVIDIA L40S": a vendor's name before the product's leaves its role as it is
        vendors = matcher.pack.vendor_prefixes
        self._vendor_tail_re = re.compile(rf"(?:\s+{alternation(list(vendors))})+\s*$") if vendors else None
        # A translation may keep its language's order, the kind noun before the name: "superior to a
        # server DGX H100" ("un server DGX H100") is "than a DGX H100 server".
        kind_nouns = alternation([noun for _, nouns in matcher.pack.scopes for noun in nouns])
        self._comparison_re = compile_folded(
            r"(?:"
            + alternation(language.comparison_markers)
            + r")(?:\s+"
            + alternation(language.baseline_determiners)
            + r"){0,3}(?:\s+(?:\w+-[\w\-]+|\d{1,4}\s*[x×]))?(?:\s+"
            + kind_nouns
            + r")?\s*$",  # "the previous-generation", "an 8x"
            re.I,
        )
        # "than on the A100", "against 1.6 on the H100": a figure may stand between.
        self._compared_re = compile_folded(
            r"(?:"
            + alternation(language.strict_comparison_markers)
            + r")(?:\s+\S*\d\S*(?:\s+[^\s\d]+)?)?\s+"
            + alternation(language.measured_on)
            + r"(?:\s+"
            + alternation(language.baseline_determiners)
            + r"){0,3}\s*$",
            re.I,
        )
        self._modifier_re = compile_folded(
            r"^(?:" + alternation(language.modifier_suffixes, words=False) + r")", re.I
        )
        determiners = alternation(language.baseline_determiners)
        # "2x the performance of the X", '"up to 2x" the render performance of the X': its baseline
        self._multiplier_of_re = compile_folded(
            r"(?<![\w.,])\d(?:[\d.,]*\d)?\s*(?:x|×|times)[\"”“'’»]?\s+(?:(?:the\s+)?[\w\s\-/]{0,40}?"
            + alternation(language.multiplier_of_words)
            # "2.1x our measured throughput on the P4d": what is measured, then "on" the baseline
            + r"|"
            + alternation(language.multiplier_of_articles)
            + r"\s+[\w\s\-/]{0,40}?"
            + alternation(language.multiplier_on_words)
            + r")\s+(?:"
            + alternation(language.multiplier_of_articles, words=False)
            + r"\s+)?(?:own\s+)?(?:(?:\w+-[\w\-]+|\d{1,4}\s*[x×])\s+)?(?:(?-i:[A-Z])[\w\-]*(?:['’]s)?\s+)?$",
            re.I,
        )
        number = alternation([word for word, _ in language.number_words])
        # "replaces 160 H100 GPUs", "swapped two MI50s": the object taken out is no subject.
        self._replaced_re = compile_folded(
            alternation(language.replacing_verbs)
            + rf"(?:\s+{determiners}){{0,3}}(?:\s+(?:\d[\d,]*|{number}))?(?:\s+(?-i:[A-Z][A-Za-z]+))?\s+$",
            re.I,
        )
        # "replaces its KR-610, a server built on eight H100 GPUs": an appositive describes the product
        # it follows, which then is the topic of its own description.
        self._apposed_re = compile_folded(r",\s+" + alternation(language.articles) + r"\s", re.I)
        # "60% of the H100's throughput", "85 percent of the bandwidth of the A100": a share's baseline.
        self._share_of_re = compile_folded(
            r"(?<![\w.,])\d(?:[\d.,]*\d)?\s*"
            + alternation(language.share_units, words=False)
            + rf"\s+of\s+(?:{determiners}\s+){{0,3}}"
            + rf"(?:(?:[\w\-/]+\s+){{1,4}}?of\s+(?:{determiners}\s+){{0,3}})?"  # "of the throughput of the"
            + r"(?:(?-i:[A-Z])[\w\-]*['’]s\s+)?$",
            re.I,
        )
        # "the same 48 GB as the L40S": the value is compared with the entity, not stated of it.
        self._same_as_re = compile_folded(
            r"\bsame\s+[^.;:!?\d]{0,20}\d[^.;:!?]{0,30}?\s+as(?:\s+"
            + alternation(language.baseline_determiners)
            + r"){0,3}\s+$",
            re.I,
        )
        scope_nouns = {noun.lower() for _, nouns in matcher.pack.scopes for noun in nouns}
        # "4 x B200 GPUs on two Grace CPUs": counted units, named in the plural, placed on what
        # carries them; "on" after a bare name ("2x H100 on Llama") still names a baseline.
        self._units_end_re = compile_folded(r"\s" + alternation(language.chip_nouns) + r"$", re.I)
        self._mounting = {word.lower() for word in language.mounting_prepositions}
        self._places = MountingPlaces(language)
        # Words after "2x <name>" that leave the name a counted thing, not a baseline.
        self._not_compared = scope_nouns | {
            word.lower()
            for word in (*language.function_words, *language.subject_verbs, *language.counted_item_words)
        }
        # "Perf/W: 2x Trillium", "Speedup = 3x A100": a field of a relative measure names its baseline.
        ratio_cues = [
            cue for attribute in matcher.pack.attributes if attribute.unit == "x" for cue in attribute.cues
        ]
        self._ratio_field_re = compile_folded(
            alternation([cue for cue in ratio_cues if "..." not in cue])
            + r"[ \t]*[:=][ \t]*(?:~[ \t]*|(?:about|roughly|around|up[ \t]+to)[ \t]+)?"
            + r"\d[\d.,]*[ \t]*(?:x|×)[ \t]+$",
            re.I,
        )
        # "The PCIe card version (HL-338) has ...": an aside right after a sentence's opening noun
        # phrase names the product that phrase describes, the subject of the verb after it.
        self._described_subject_re = compile_folded(
            r"(?:^|[.!?:]\s+)(?:the|this|that|its|their|our)(?:\s+[A-Za-z][\w\-/]*){1,5}\s*\($", re.I
        )
        self._verb_after_aside_re = compile_folded(
            r"\s*\)\s+" + alternation(language.subject_verbs) + r"\s", re.I
        )
        # "two 910B dies", "four AI 100 chips": the named product is a part of the subject.
        # A brand may stand between: "four Instinct MI250X GPUs".
        self._count_before_re = compile_folded(
            rf"(?:(?<![\w.,])\d[\d,]*|{number})\s+(?:(?-i:[A-Z][A-Za-z]+)\s+)?$", re.I
        )
        self._component_re = compile_folded(r"\s+" + alternation(language.component_nouns), re.I)
        # "Priority : P3 - Normal": the value of a rank field names a rank, not the P3 instance.
        self._rank_field_re = compile_folded(alternation(language.rank_fields) + r"[ \t]*[:=][ \t]*$", re.I)

    def segments(self, block: Block) -> list[Segment]:
        """Return the block's segments in reading order."""
        if block.kind is BlockKind.TABLE_ROW:
            segments = []
            for index, cell in enumerate(block.cells):
                offset, length = _cell_span(block, cell)
                segments.append(Segment(block, offset, block.text[offset : offset + length], index))
            return segments
        if block.kind is BlockKind.HEADING:
            return [Segment(block, 0, block.text)]  # "## Gaudi3: 128 GB" states a figure too
        return [Segment(block, start, block.text[start:end]) for start, end in block.sentence_spans()]

    def mentions(self, text: str) -> list[Mention]:
        """Return the entity mentions of a segment with their roles (a shared list: do not change it)."""
        cached = self._mentions_cache.get(text)
        if cached is not None:
            return cached
        found = self._mentions(text)
        if len(self._mentions_cache) < 50_000:
            self._mentions_cache[text] = found
        return found

    def _mentions(self, text: str) -> list[Mention]:
        groups = paren_groups(text) if "(" in text else []
        found: list[Mention] = []
        for mention in self.matcher.find(text):
            if self._rank_field_re.search(text, max(0, mention.start - 20), mention.start):
                continue
            group = groups[mention.start] if mention.start < len(groups) else ()
            if len(group) == 1:
                phrase = self._described_phrase(text, group[0], mention.start, mention.end)
                if phrase is not None and not any(m.end > phrase for m in found):
                    group = ()  # no product named in the phrase: the aside names what it describes
            role = self._role(text, mention)
            if found and self._names_container_of(text, found[-1], mention):
                # "than the GC200 IPU-POD64": a chip's name written before the name of a machine
                # built of it only says what the machine holds; the machine takes its role.
                role = found[-1].role
                found[-1] = dataclasses.replace(found[-1], role=MODIFIER)
            elif role == SUBJECT and self._counted_in_container(text, mention, found):
                role = COUNTED
            found.append(Mention(mention.start, mention.end, mention.entity, role, group, mention.fuzzy))
        return found

    def _counted_in_container(self, text: str, mention: EntityMention, before: list[Mention]) -> bool:
        """Return True for "<count> x <chip>" after a machine that holds that chip in the same
        segment ("the p5.48xlarge gives you 8 × H100 SXM"): the machine's chips, counted, not a
        new subject of the figures after them."""
        if not _TIMES_BEFORE.search(text, max(0, mention.start - 12), mention.start):
            return False
        for other in before:
            held = self.matcher.pack.entity(other.entity)
            contained = held.contains.entity if held is not None and held.contains is not None else None
            if (
                other.role == SUBJECT
                and contained is not None
                and self._is_or_in_family(contained, mention.entity)
            ):
                return True
        return False

    def _is_or_in_family(self, name: str, family: str) -> bool:
        """Return True when ``name`` is ``family`` or a member of it, by the pack's family links
        ("H100 SXM" is in the family "H100"; "A100 SXM" is not in "A10")."""
        seen: set[str] = set()
        current: str | None = name
        while current is not None and current not in seen:
            if current == family:
                return True
            seen.add(current)
            entity = self.matcher.pack.entity(current)
            current = entity.family if entity is not None else None
        return False

    def _names_container_of(self, text: str, chip: Mention, mention: EntityMention) -> bool:
        """Return True when ``mention`` follows ``chip`` with only spaces between and names a
        container the pack says holds that chip."""
        if text[chip.end : mention.start].strip(" \t") or chip.end == mention.start:
            return False
        container = self.matcher.pack.entity(mention.entity)
        return (
            container is not None
            and container.contains is not None
            and container.contains.entity == chip.entity
        )

    def _role(self, text: str, mention: EntityMention) -> str:
        before = text[max(0, mention.start - 60) : mention.start]
        if self._vendor_tail_re is not None and (vendor := self._vendor_tail_re.search(before)):
            before = before[: vendor.start()] + " "
        if self._compared_re.search(before[-40:]):
            return COMPARED
        if self._comparison_re.search(before[-40:]) or self._multiplier_of_re.search(before):
            return BASELINE
        if _MULTIPLIER_THE.search(before) or self._same_as_re.search(before):
            return BASELINE
        if self._replaced_re.search(before) and not self._apposed_re.match(text, mention.end):
            return BASELINE
        if self._share_of_re.search(before):
            return BASELINE
        if _RATIO_OVER.search(before) and _RATIO_AFTER.match(text, mention.end):
            return BASELINE
        if _MULTIPLIER_BARE.search(before) and (
            self._compared_after(text, mention.end) or self._ratio_field_re.search(before)
        ):
            return BASELINE
        if self._count_before_re.search(before[-32:]) and self._component_re.match(text, mention.end):
            return COUNTED
        if _TIMES_COUNT.search(before) and _FIELD_END.match(text, mention.end):
            return COUNTED  # "| 72× MI450X |": a field that only counts the chips of the machine named before
        if self._modifier_re.match(text[mention.end : mention.end + 12]):
            return MODIFIER
        relative = _RELATIVE_BEFORE.search(before)
        if relative and not _CLAUSE_OPENER.search(text, 0, mention.start):
            return MODIFIER  # "The H800 that the H20 replaced had 6.7x ...": the H800 is the subject
        return SUBJECT

    def _described_phrase(self, text: str, opening: int, start: int, end: int) -> int | None:
        """Return where the opening noun phrase of a sentence starts when an aside holding only a
        name follows it and a verb follows the aside ("The PCIe card version (HL-338) has a
        600 W TDP"), else None."""
        if text[opening + 1 : start].strip() or text[opening] != "(":
            return None
        if self._verb_after_aside_re.match(text, end) is None:
            return None
        phrase = self._described_subject_re.search(text[: opening + 1])
        return phrase.start() if phrase is not None else None

    def _compared_after(self, text: str, end: int) -> bool:
        """Return True when a possessive or a measure noun follows "2x <name>": "2x n150d memory".

        Counted units named in the plural and placed on something ("4 x B200 GPUs on two Grace
        CPUs") are no baseline: a plural chip noun, then a mounting preposition, counts units; so
        does any name placed on a carrier of chips ("8x H100 on the baseboard").
        """
        if _POSSESSIVE.match(text, end):
            return True
        word = _NEXT_WORD.match(text, end)
        if word is None or word.group(1) in self._not_compared:
            return False
        placed = word.group(1) in self._mounting and (
            self._units_end_re.search(text, max(0, end - 16), end) or self._places.follows(text, end)
        )
        return not placed


@lru_cache(maxsize=256)
def _one_line(text: str) -> str:
    # Every cell of a table row, and every figure of a sentence, quotes the same text.
    return " ".join(text.split())


def paren_groups(text: str) -> list[tuple[int, ...]]:
    """Return, for each character, the start offsets of the asides (parentheses) enclosing it.

    A parenthesis glued to the word before it ("fix(mi300x):", "f(x)") is part of that
    word, not an aside.
    """
    groups: list[tuple[int, ...]] = []
    stack: list[tuple[int, bool]] = []  # (offset, is an aside)
    for index, char in enumerate(text):
        if char == "(":
            stack.append((index, not (index and text[index - 1].isalnum())))
            groups.append(tuple(start for start, aside in stack if aside))
            continue
        groups.append(tuple(start for start, aside in stack if aside))
        if char == ")" and stack:
            stack.pop()
    return groups


def group_at(text: str, position: int) -> tuple[int, ...]:
    """Return the asides enclosing ``text[position]`` (none past the end)."""
    if "(" not in text[:position]:
        return ()
    groups = paren_groups(text[: position + 1])
    return groups[position] if position < len(groups) else ()


def enclosing(groups: tuple[int, ...], other: tuple[int, ...]) -> bool:
    """Return True when a mention in ``other`` encloses (or shares) position ``groups``."""
    return groups[: len(other)] == other


def _cell_span(block: Block, cell: Cell) -> tuple[int, int]:
    """Return the offset and length in ``block.text`` of a table row's cell.

    A row on one line, or a CSV record over several lines, places each cell at its column; a
    quoted field's doubled quotes (``""around $150""``) are two characters of the text for one of
    the cell's, so its stretch of the text is longer than the cell. Other rows over several lines
    find the cell's text.
    """
    offset = cell.column - block.column
    if "\n" not in block.text:
        return max(offset, 0), len(cell.text)
    if offset >= 0 and block.text.startswith(cell.text, offset):
        return offset, len(cell.text)
    escaped = cell.text.replace('"', '""')
    if '"' in cell.text and offset >= 0 and block.text.startswith(escaped, offset):
        return offset, len(escaped)
    return max(block.text.find(cell.text), 0), len(cell.text)
