"""Find entity names in text: a token gazetteer of aliases, then fuzzy near-misses."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from rapidfuzz import fuzz, process

from factlint.claims.generationnames import GenerationNames
from factlint.claims.language import Language, alternation, english
from factlint.claims.siblingtails import sibling_tails
from factlint.pack import Entity, KnowledgePack

FUZZY_CUTOFF = 90.0  # rapidfuzz ratio; names differing in their digits never match (see _same_digits)
MAX_NAME_TOKENS = 6
# Tokens of a name: words with inner dots ("trn1.32xlarge") and lone parentheses.
# Latin letters with accents belong to names ("Garbí", "Deucalião"); signs such as "×", "µ" and
# superscript footnote marks ("B200²") do not.
_NAME_CHAR = "A-Za-z0-9\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u017e"
_TOKEN = re.compile(rf"[{_NAME_CHAR}]+(?:\.[{_NAME_CHAR}]+)*|[()]")
_ALPHA_PREFIX = re.compile(r"[a-z]*")
_LOWER = "abcdefghijklmnopqrstuvwxyz"  # token[: len(token) - len(token.lstrip(_LOWER))] is its [a-z]* prefix
_CANDIDATE = re.compile(r"(?<![\w-])[A-Z][A-Za-z]*\d\w*|(?<![\w-])[A-Z][a-z]+[A-Z][A-Za-z]+")
# Trademark marks inside a name ("Intel® Gaudi® 2"), as characters or HTML entities: a name
# is matched as if they were not there, while offsets stay those of the text as written.
_MARK = re.compile(r"[®™℠]|&(?:reg|trade|#0*174|#0*8482|#0*8480|#x0*ae|#x0*2122|#x0*2120);", re.I)
_MARK_CHARS = frozenset("®™℠&")
_FOOTNOTE_MARKS = frozenset("¹²³⁴⁵⁶⁷⁸⁹⁰")
# A capitalised word hyphenated to a name makes another thing ("IPU-Links", "NVLink-C2C"),
# unless it is a participle of a title-cased phrase ("H100-Based Servers").
_COMPOUND_AFTER = re.compile(r"-(?![A-Z][a-z]*ed\b)[A-Z]")
# A line break with the indentation of a wrapped list item or quote ("the Dojo Training\n  Tile"):
# one break between two words of a name, as a bare "\n" is.
_WRAPPED_GAP = re.compile(r"[ \t]*\n[ \t]*")
# A lower-case hyphenated code run on by a zero-padded ordinal is one host's name: "ws-w7900-01" is a
# machine numbered in a fleet, not the "ws-w7900" runner type ("tpu-v5e-8" counts chips: no ordinal).
_CODE_RUN_ON = re.compile(r"-0\d")
# Emphasis markers between the words of a name ("ORNL's **Summit**", "NVIDIA _Eos_"): Markdown, chat
# and wiki writers bold the distinctive word of a longer name, which is matched as if they were not there.
_EMPHASIS = re.compile(r"[*_]+")
_BRACKET_OPEN = re.compile(r"[ \t]*\([ \t]*")  # "Gaudi 2 (HL-225H)": a name, then another in brackets
_GLUED_COUNT = re.compile(r"\d{1,3}x(?=[a-z]+\d)")  # "8x" run into a model name: "8xh100nvl"


@dataclass(frozen=True)
class EntityMention:
    """An entity named in a text span."""

    start: int
    end: int
    entity: str
    fuzzy: bool = False


# A short name that reads as a measure ("40GB" of the A100 40GB); a noun after it makes it a name
# where it stands: "the 40GB model", not "40 GB of HBM2" or "40 GB, 1.6 TB/s" (see _noun_after_re).
_MEASURE_NAME = re.compile(r"\d+(?:\.\d+)?([A-Za-z]{1,3})")
_MODEL_BEFORE = re.compile(r"[A-Za-z]+\d+[A-Za-z]*[ \t-]?\Z")  # "H100 80GB": the measure ends a model's name


def name_tokens(surface: str) -> tuple[str, ...]:
    """Return the words of a name, lower-cased: "GB300 NVL72" gives ("gb300", "nvl72")."""
    return tuple(token.lower() for token in _TOKEN.findall(surface))


def name_key(surface: str) -> str:
    """Return the lookup key of a name: its tokens lower-cased and run together.

    "Trainium 2", "Trainium-2" and "trainium2" share the key "trainium2".
    """
    return "".join(_TOKEN.findall(surface)).lower()


class EntityMatcher:
    """Finds mentions of a pack's entities (plus extra aliases) in text."""

    def __init__(
        self,
        pack: KnowledgePack,
        value_at: Callable[[str, int], bool] | None = None,
        language: Language | None = None,
    ) -> None:
        """``value_at(text, position)`` says whether a value ("80 GB") starts there: scraped text
        glues values to names ("H100 SXM80 GB"), so a name may end inside a token before one.
        ``language`` (English unless given) tells a noun after a name from a function word."""
        self.pack = pack
        language = language or english()
        # "the 40GB model": a lower-case word after a measure-like name that is no function word
        # ("40 GB of HBM2", "40 GB per GPU") nor a gloss of a memory's size ("40 GB usable")
        not_nouns = alternation(language.function_words + language.usable_memory_words, words=False)
        self._noun_after_re = re.compile(rf"(?!{not_nouns}\b)[a-z][a-z-]+\b")
        # "Gaudi 2 (HL-225H) mezzanine card": the bracket, then a noun of a card (see _bracketed_cards)
        self._card_noun_after = re.compile(
            rf"[ \t]*\)[ \t]+(?:[\w\-]+[ \t]+)?{alternation(language.card_nouns)}", re.I
        )
        # "the Metis PCIe card", "a Metis M.2": a form factor after a name is its form, not another name
        self._form_after = re.compile(alternation(language.form_factor_words + language.module_form_words))
        # "A16-Karte", "H100-Server": a compound of a name and the noun of what it is (German
        # hyphenates them) is the name, not another thing as "IPU-Links" is
        scope_nouns = [noun for _, group in pack.scopes for noun in group]
        self._scope_compound = re.compile(r"-" + alternation(scope_nouns, words=False) + r"(?![\w-])", re.I)
        self._value_at = value_at
        self._by_key: dict[str, str] = {}
        self._starts: set[str] = set()  # first tokens of names, and their letters alone ("trn" of "trn2")
        self._longest = 1
        # Every prefix of every key: a name of several tokens can start at a token only when the
        # tokens before its last one spell the start of some key (see _may_head).
        self._heads: set[str] = set()
        # Names that are ordinary words ("Frontier", "Summit"): key -> (tokens as written, entity)
        self._cased: dict[str, tuple[str, str, bool]] = {}  # key -> (as written, entity, has a space)
        generations = GenerationNames(language)
        for entity in pack.entities:
            for name in entity.names:
                if name in entity.case_sensitive:
                    self._add_cased(name, entity.name)
                else:
                    self._add(name, entity.name)
        for entity in pack.entities:  # after every name, so a short form never takes a pack name's key
            for name in entity.names:
                if name not in entity.case_sensitive:
                    for variant in generations.variants(name):
                        self._add(variant, entity.name)
        self._surfaces = tuple(self._by_key)
        self._fuzzy_cache: dict[str, str | None] = {}
        self._find_cache: dict[str, list[EntityMention]] = {}
        self._unit_surfaces = frozenset(surface for surface, _ in pack.units)

    def _add(self, surface: str, entity_name: str) -> None:
        key = name_key(surface)
        if key and key not in self._by_key:
            self._by_key[key] = entity_name
            self._heads.update(key[:end] for end in range(1, len(key) + 1))
            tokens = _TOKEN.findall(surface)
            self._longest = max(self._longest, min(len(tokens), MAX_NAME_TOKENS))
            first = tokens[0].lower()
            self._starts.update((first, _ALPHA_PREFIX.match(first).group(0)))  # type: ignore[union-attr]

    def _add_cased(self, surface: str, entity_name: str) -> None:
        tokens = _TOKEN.findall(surface)
        key = "".join(tokens).lower()
        if key and key not in self._cased:
            self._cased[key] = ("".join(tokens), entity_name, any(c.isspace() for c in surface.strip()))
            self._heads.update(key[:end] for end in range(1, len(key) + 1))
            self._longest = max(self._longest, min(len(tokens), MAX_NAME_TOKENS))
            first = tokens[0].lower()
            self._starts.update((first, _ALPHA_PREFIX.match(first).group(0)))  # type: ignore[union-attr]

    def _cased_at(self, text: str, tokens: list[tuple[int, int, str]], key: str) -> str | None:
        """Return the entity of a case-sensitive name written as the pack writes it, or None.

        The word after it must not be capitalised: "Summit Series", "Frontier AI" are other names;
        a form factor ("Metis PCIe", "Metis M.2") is the named product's form.
        """
        found = self._cased.get(key)
        written = "".join(text[start:end] for start, end, _ in tokens)
        if found is None and key.endswith("s"):
            # "two Sparks" after "DGX Spark ... the Spark": a proper name in the plural
            found = self._cased.get(key[:-1])
            if found is not None and found[0][-1:].islower():
                written = written[:-1]
        if found is None or written != found[0]:
            return None
        if not found[2] and any(c.isspace() for c in text[tokens[0][0] : tokens[-1][1]]):
            return None  # "16GB" (of "V100 16GB") names the card; "has 16 GB of HBM2" states a size
        after = text[tokens[-1][1] :].lstrip(" \u00a0")
        if after[:1].isupper() and not self._form_after.match(after):
            return None
        measure = _MEASURE_NAME.fullmatch(found[0])
        if (
            measure is not None
            and measure.group(1) in self._unit_surfaces
            and not self._noun_after_re.match(after)
            and not _MODEL_BEFORE.search(text, 0, tokens[0][0])
        ):
            return None  # "the 40GB card" names the A100 40GB; "has 40 GB of HBM2" states a figure
        return found[1]

    def extended(
        self,
        extra_aliases: Iterable[tuple[str, str]],
        pack: KnowledgePack | None = None,
        cased: Iterable[tuple[str, str]] = (),
        moved: Iterable[tuple[str, str]] = (),
    ) -> EntityMatcher:
        """Return a matcher that also knows ``extra_aliases`` (alias, entity) pairs.

        ``pack`` replaces the matcher's pack, for aliases of entities the old pack lacks.
        ``cased`` aliases are ordinary words too: matched only as written. ``moved`` aliases
        name another entity than the pack's (a short form a document writes for a sibling).
        """
        extra, cased, moved = tuple(extra_aliases), tuple(cased), tuple(moved)
        if not extra and not cased and not moved and pack is None:
            return self
        matcher = copy.copy(self)
        matcher.pack = pack or self.pack
        matcher._by_key, matcher._starts = dict(self._by_key), set(self._starts)
        matcher._cased = dict(self._cased)
        matcher._heads = set(self._heads)
        matcher._fuzzy_cache, matcher._find_cache = {}, {}
        for alias, entity_name in moved:
            matcher._by_key[name_key(alias)] = entity_name
        for alias, entity_name in extra:
            matcher._add(alias, entity_name)
        for alias, entity_name in cased:
            matcher._add_cased(alias, entity_name)
        matcher._surfaces = tuple(matcher._by_key)
        return matcher

    def entity(self, name: str) -> Entity | None:
        """Return the pack entity with this canonical name."""
        return self.pack.entity(name)

    def names(self, surface: str) -> str | None:
        """Return the entity a whole surface form names, exactly or as a near-miss, or None.

        Unlike :meth:`resolve`, a name inside the surface ("NVL72" in "GB300 NVL72") does not count.
        """
        found = self._lookup(name_key(surface))
        if found is None and self._cased:
            tokens = [(m.start(), m.end(), m.group(0)) for m in _TOKEN.finditer(surface)]
            found = self._cased_at(surface, tokens, name_key(surface)) if tokens else None
        if found is None and _CANDIDATE.fullmatch(surface):
            key = self._fuzzy_key(surface)
            found = self._by_key[key] if key is not None else None
        return found

    def is_plural(self, surface: str) -> bool:
        """Return True when ``surface`` names an entity only as a plural ("H100s", "LPUs")."""
        key = name_key(surface)
        return key.endswith("s") and key not in self._by_key and self._lookup(key) is not None

    def resolve(self, surface: str) -> str | None:
        """Return the canonical entity a whole surface form names, or None."""
        found = self._lookup(name_key(surface))
        if found:
            return found
        mentions = self.find(surface)
        return mentions[0].entity if mentions else None

    def find(self, text: str) -> list[EntityMention]:
        """Return the entity mentions in text, left to right, the longest name at each place."""
        cached = self._find_cache.get(text)
        if cached is not None:
            return cached
        tokens = [_without_count(m.start(), m.end(), m.group(0).lower()) for m in _TOKEN.finditer(text)]
        marked = not _MARK_CHARS.isdisjoint(text)
        if marked:
            marks = [(m.start(), m.end()) for m in _MARK.finditer(text)]
            tokens = [t for t in tokens if not any(a <= t[0] < b for a, b in marks)]  # "reg" of "&reg;"
        mentions: list[EntityMention] = []
        starts = self._starts
        index = 0
        while index < len(tokens):
            token = tokens[index][2]
            if (
                token not in starts
                and token[: len(token) - len(token.lstrip(_LOWER))] not in starts
                and not (token[-1] == "s" and token[:-1] in starts)  # "Sohus", "LPUs"
            ):
                index += 1
                continue
            match = self._longest_at(text, tokens, index, marked)
            if match is None:
                index += 1
                continue
            index, (length, entity, end) = self._outreaching(text, tokens, index, match, marked)
            mentions.append(EntityMention(tokens[index][0], end, entity))
            index += length
        if _CANDIDATE.search(text):
            mentions.extend(self._fuzzy(text, mentions))
            mentions.sort(key=lambda m: m.start)
        if "(" in text and len(mentions) > 1:
            mentions = self._bracketed_cards(text, mentions)
        tails = sibling_tails(text, mentions, lambda name: self._lookup(name_key(name)))
        if tails:  # "ct5lp-hightpu-1t is $1.20/hr, -4t $4.80/hr": the sibling the tail spells
            mentions = sorted([*mentions, *(EntityMention(*tail) for tail in tails)], key=lambda m: m.start)
        if len(self._find_cache) < 50_000:
            self._find_cache[text] = mentions
        return mentions

    def _bracketed_cards(self, text: str, mentions: list[EntityMention]) -> list[EntityMention]:
        """Return ``mentions`` with a chip's name and its card's name in brackets, then a noun of a
        card, made one mention of the card: "Intel Gaudi 2 (HL-225H) mezzanine card", "the HL-225H
        (Gaudi 2) card".

        A card that carries one chip is the form that chip is sold in; the name in brackets says which
        card, and the noun after it that the text is about the card, which holds the figures that
        follow (its memory, its power). Without the noun ("| Intel Gaudi 3 (HL-325L) | 128 |") the
        bracket only glosses the chip's name, and both names stay.
        """
        merged: list[EntityMention] = []
        index = 0
        while index < len(mentions):
            first = mentions[index]
            if index + 1 < len(mentions):
                second = mentions[index + 1]
                opening = _BRACKET_OPEN.fullmatch(text, first.end, second.start)
                closing = self._card_noun_after.match(text, second.end)
                card = self._one_chip_card(first.entity, second.entity) if opening and closing else None
                if card is not None and closing is not None:
                    bracket_end = text.index(")", second.end) + 1
                    merged.append(EntityMention(first.start, bracket_end, card))
                    index += 2
                    continue
            merged.append(first)
            index += 1
        return merged

    def _one_chip_card(self, one: str, other: str) -> str | None:
        """Return whichever of two entities is a card carrying exactly one of the other, or None."""
        for card, chip in ((one, other), (other, one)):
            entity = self.pack.entity(card)
            if (
                entity is not None
                and entity.kind == "card"
                and entity.contains is not None
                and entity.contains.entity == chip
                and entity.contains.count == 1
            ):
                return card
        return None

    def _longest_at(
        self, text: str, tokens: list[tuple[int, int, str]], index: int, marked: bool = False
    ) -> tuple[int, str, int] | None:
        """Return (tokens used, entity, end) of the longest name starting at token ``index``."""
        start = tokens[index][0]
        if start > 1 and text[start - 1] in "-." and text[start - 2].isalnum():
            return None  # "BLOOM-176B", "v2.20": the token continues a word
        if tokens[index][2] == "a" and text[tokens[index][1] : tokens[index][1] + 1] == " ":
            return None  # "A 40 GB version": the article, not the A40
        # A name spans tokens separated by at most one character ("Trainium 2", "A100-80GB"). It
        # crosses a line break only when the words before it name nothing yet: a wrapped
        # sentence's "Ascend\n910C" is one name, a scraped page's "H100 PCIe\n80 GB" two fields.
        # A longer span is tried only while its first tokens may still start a name: a head
        # _may_head rejects is rejected with any token added (see _may_head).
        span = 1
        while span < self._longest and index + span < len(tokens):
            gap = text[tokens[index + span - 1][1] : tokens[index + span][0]]
            if marked:
                gap = _MARK.sub("", gap)
            if len(gap) > 1 and ("*" in gap or "_" in gap):
                gap = _EMPHASIS.sub("", gap)
            if len(gap) > 1 and _WRAPPED_GAP.fullmatch(gap):
                gap = "\n"
            head = "".join(token for _, _, token in tokens[index : index + span])
            if len(gap) > 1 or (gap == "\n" and self._lookup(head)) or not self._may_head(head):
                break
            span += 1
        for length in range(span, 0, -1):
            head = "".join(token for _, _, token in tokens[index : index + length - 1])
            if head and not self._may_head(head):
                continue
            last_start, last_end, last = tokens[index + length - 1]
            if (
                not (
                    last_end < len(text)
                    and (text[last_end].isalnum() or text[last_end] == "_")
                    and text[last_end] not in _FOOTNOTE_MARKS  # "H200 NVL¹": a footnote, not more name
                )
                and not (
                    _COMPOUND_AFTER.match(text, last_end) and not self._scope_compound.match(text, last_end)
                )
                and not self._code_runs_on(text, tokens[index][0], last_end)
            ):
                # A name matched only as written wins over the same letters in another case
                # ("h100" a document's partition of nodes, "H100" the chip).
                entity = (
                    self._cased_at(text, tokens[index : index + length], head + last) if self._cased else None
                ) or self._lookup(head + last)
                if entity and head and last.isalpha() and len(last) <= 2 and self._plural_only(head + last):
                    entity = None  # "TPU v4 is fast": a short word after a name is no plural of "TPU v4i"
                if entity:
                    return length, entity, last_end
            for cut in self._value_cuts(text, last_start, last_end):
                entity = self._lookup(head + last[: cut - last_start])
                # "Gaudi3128 GB" may be Gaudi3 with 128 GB: a longer name in the token makes it unsure.
                longer = (
                    self._lookup(head + last[: end - last_start]) for end in range(cut + 1, last_end + 1)
                )
                if entity and not any(longer):
                    return length, entity, cut
        return None

    def _outreaching(
        self,
        text: str,
        tokens: list[tuple[int, int, str]],
        index: int,
        match: tuple[int, str, int],
        marked: bool,
    ) -> tuple[int, tuple[int, str, int]]:
        """Return the match to keep: a name starting inside ``match`` that reaches past its end wins.

        "Cloud TPU v4 pod": "Cloud TPU v4" is a name, but "TPU v4 pod", starting inside it, says more.
        """
        best_index, best = index, match
        for inner in range(index + 1, index + match[0]):
            found = self._longest_at(text, tokens, inner, marked)
            if found is not None and found[2] > best[2] and not self._is_family_of(found[1], match[1]):
                best_index, best = inner, found
        return best_index, best

    def _is_family_of(self, general: str, specific: str) -> bool:
        """Return True when ``general`` is the family entity ``specific`` belongs to.

        "first-generation Trainium chip": "Trainium chip" reaches further but only names the
        family; the member "first-generation Trainium" says more.
        """
        member = self.pack.entity(specific)
        return general != specific and member is not None and member.family == general

    def _value_cuts(self, text: str, start: int, end: int) -> list[int]:
        """Return where a value glued to a name starts inside a token ("SXM|80 GB", "MI300X|192 GB")."""
        if self._value_at is None:
            return []
        return [
            position
            for position in range(end - 1, start, -1)
            if text[position].isdigit() and text[position - 1].isalpha() and self._value_at(text, position)
        ]

    @staticmethod
    def _code_runs_on(text: str, start: int, end: int) -> bool:
        """Return True when the lower-case hyphenated code at ``start:end`` runs on by an ordinal."""
        if not _CODE_RUN_ON.match(text, end):
            return False
        surface = text[start:end]
        return "-" in surface and surface == surface.lower()

    def _may_head(self, head: str) -> bool:
        """Return False when no lookup of ``head`` followed by more letters can find a name.

        Every key _lookup finds for head + rest (rest not empty) has head as a prefix, except
        one: head "...e" + "s" read as a plural in "es" of the key head[:-1]. A head it rejects
        stays rejected with more tokens added: both tests above also hold of every shorter head.
        """
        return head in self._heads or (head[-1] == "e" and head[:-1] in self._by_key)

    def _plural_only(self, key: str) -> bool:
        """Return True when ``key`` names an entity only read as a plural ("tpuv4is" -> "tpuv4i")."""
        return key not in self._by_key and key not in self._cased

    def _lookup(self, key: str) -> str | None:
        found = self._by_key.get(key)
        if found is None and key.endswith("s"):
            found = self._by_key.get(key[:-1]) or (self._by_key.get(key[:-2]) if key.endswith("es") else None)
        return found

    def _fuzzy(self, text: str, exact: list[EntityMention]) -> list[EntityMention]:
        found = []
        for match in _CANDIDATE.finditer(text):
            if any(m.start <= match.start() < m.end for m in exact) or _COMPOUND_AFTER.match(
                text, match.end()
            ):
                continue
            key = self._fuzzy_key(match.group(0))
            if key is not None:
                found.append(EntityMention(match.start(), match.end(), self._by_key[key], fuzzy=True))
        return found

    def _fuzzy_key(self, token: str) -> str | None:
        if token in self._fuzzy_cache:
            return self._fuzzy_cache[token]
        key = None
        if len(token) >= 5:
            best = process.extractOne(
                token.lower(), self._surfaces, scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF
            )
            if best is not None and _same_digits(token, best[0]):
                key = best[0]
        self._fuzzy_cache[token] = key
        return key


def _without_count(start: int, end: int, token: str) -> tuple[int, int, str]:
    """Return a token without a count glued to its front: "8xh100nvl" names the H100 NVL after "8x".

    Abbreviated descriptions run the count into the name ("SR670 V2 8XH100NVL"); a name never
    starts with a number and an "x" before a letter.
    """
    glued = _GLUED_COUNT.match(token)
    return (start + glued.end(), end, token[glued.end() :]) if glued else (start, end, token)


def _same_digits(a: str, b: str) -> bool:
    return re.findall(r"\d+", a) == re.findall(r"\d+", b)
