"""Value types that cross stage boundaries: sources -> claims -> reconcile -> reports."""

from __future__ import annotations

import bisect
import enum
from dataclasses import dataclass


class BlockKind(str, enum.Enum):
    """What a block of a document is, structurally."""

    HEADING = "heading"
    PARAGRAPH = "paragraph"
    LIST_ITEM = "list_item"
    TABLE_ROW = "table_row"


@dataclass(frozen=True)
class Cell:
    """One cell of a table row: its text (markup kept) and 1-based column in the file.

    In a block with ``anchors`` (HTML) or one spanning lines (a CSV record with a quoted field
    over several lines), ``column`` is ``block.column`` plus the cell's offset in ``block.text``;
    :meth:`Block.position` gives its place in the file.
    """

    text: str
    column: int


@dataclass(frozen=True)
class Block:
    """A structural unit of a document with the context needed to interpret it.

    ``text`` is the raw source text of the block starting at (``line``, ``column``);
    continuation lines keep their original indentation, so any offset into ``text``
    maps back to an exact file position with :meth:`position`. Where the text is not a
    copy of the file (HTML: tags dropped, entities decoded, whitespace collapsed),
    ``anchors`` say where each stretch of it comes from.
    """

    kind: BlockKind
    text: str
    line: int
    column: int
    headings: tuple[str, ...] = ()  # heading path above the block, outermost first
    label: str | None = None  # governing bold label such as "Trainium3" from "**Trainium3:**"
    list_intro: str | None = None  # for list items: the paragraph that introduces the list
    table_headers: tuple[str, ...] = ()  # for table rows: the table's column headers
    cells: tuple[Cell, ...] = ()  # for table rows: the row's cells
    sentences: tuple[tuple[int, int], ...] = ()  # (start, end) offsets into text
    message: bool = False  # a chat message (a speaker wrote it): one naming nothing answers the one before
    # (offset, line, column): text[offset:] is read from that file position on, up to the
    # next anchor. Empty when the text is a copy of the file (Markdown, plain text).
    anchors: tuple[tuple[int, int, int], ...] = ()
    # the block's own decimal notation where its reader knows it (True: "1,23 TB/s"), such as a
    # catalogue's translation into a decimal-comma language; None: the document's notation
    decimal_comma: bool | None = None

    def __post_init__(self) -> None:
        if self.line < 1 or self.column < 1:
            raise ValueError(f"block position must be 1-based, got {self.line}:{self.column}")
        for start, end in self.sentences:
            if not 0 <= start <= end <= len(self.text):
                raise ValueError(f"sentence span {start}:{end} outside block text")
        if self.anchors:
            if self.anchors[0] != (0, self.line, self.column):
                raise ValueError(f"first anchor {self.anchors[0]} is not the block position")
            offsets = [offset for offset, _, _ in self.anchors]
            if offsets != sorted(set(offsets)) or offsets[-1] > len(self.text):
                raise ValueError("anchor offsets must increase within the block text")

    def position(self, offset: int) -> tuple[int, int]:
        """Return the 1-based (line, column) in the original file of ``text[offset]``."""
        if self.anchors:
            index = bisect.bisect_right(self.anchors, offset, key=lambda anchor: anchor[0]) - 1
            start, line, column = self.anchors[max(index, 0)]
            return line, column + offset - start
        newlines = self.text.count("\n", 0, offset)
        if newlines == 0:
            return self.line, self.column + offset
        return self.line + newlines, offset - self.text.rfind("\n", 0, offset)

    def sentence_spans(self) -> tuple[tuple[int, int], ...]:
        """Return the sentence spans, or one span over the whole text if none were found."""
        return self.sentences or ((0, len(self.text)),)


@dataclass(frozen=True)
class Document:
    """A loaded source document, or the record of why it could not be loaded."""

    path: str  # as the user named it: relative stays relative
    sha256: str
    # "markdown" | "html" | "latex" | "rst" | "wikitext" | "dokuwiki" | "asciidoc" | "org" | "email" | "xml"
    # | "roff" | "icalendar" | "vcard" | "bbcode" | "rtf" | "opendocument" | "wordml"
    # | "spreadsheetml" | "anki" | "text"
    format: str
    blocks: tuple[Block, ...] = ()
    title: str | None = None
    aliases: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    # Names a document's metadata gives that are not prose: the organisations of a contact card
    # (vCard ORG). Never read for claims; they only license a maker's bare product names.
    organisations: tuple[str, ...] = ()
    error: str | None = None  # "line N: reason" when the document could not be read
    problems: tuple[str, ...] = ()  # "line N: reason" for parts that could not be read (the rest was)

    def __post_init__(self) -> None:
        if self.error is not None and self.blocks:
            raise ValueError("a document with an error carries no blocks")


ClaimValue = float | str  # a number in the canonical unit, or an ISO partial date
# What identifies a fact: entity, scope, attribute, precision, sparsity, baseline, measure.
FactKey = tuple[str, str | None, str, str | None, str | None, str | None, str | None]


class ValueForm(str, enum.Enum):
    """How a claim's value was written."""

    EXACT = "exact"
    RANGE = "range"  # 30-50%: every value between low and high
    ALTERNATIVES = "alternatives"  # 3/5nm: low or high, nothing between


@dataclass(frozen=True)
class Claim:
    """One numeric statement of a document about a fact, with its provenance.

    The first block of fields is the JSON contract (``shared/spec/report-json.md``);
    the rest are documented extensions.
    """

    id: str
    source: str
    line: int
    column: int
    entity: str
    scope: str | None
    attribute: str
    value: ClaimValue
    unit: str
    text: str
    quote: str
    low: ClaimValue | None = None
    high: ClaimValue | None = None
    qualifier: str | None = None
    # Extensions: part of the fact's identity, or how the claim was read.
    precision: str | None = None  # FP8, BF16... for compute_throughput
    sparsity: str | None = None  # dense | sparse | None
    baseline: str | None = None  # entity compared with, for relative attributes
    measure: str | None = None  # bidirectional | per-direction | peak | sustained | None
    form: ValueForm = ValueForm.EXACT
    rounding: float = 0.0  # half-width of the last written digit, in the canonical unit
    confidence: float = 1.0
    rule: str = ""

    def __post_init__(self) -> None:
        if self.line < 1 or self.column < 1:
            raise ValueError(f"claim position must be 1-based, got {self.line}:{self.column}")
        if not 0.0 <= self.confidence <= 1.0:
            raise ValueError(f"confidence must lie in [0, 1], got {self.confidence}")
        if self.form is not ValueForm.EXACT and (self.low is None or self.high is None):
            raise ValueError(f"a {self.form.value} claim needs low and high")
        if isinstance(self.value, str) != (self.unit == "date"):
            raise ValueError(f"value {self.value!r} does not fit unit {self.unit!r}")

    @property
    def fact_key(self) -> FactKey:
        """Return what identifies the fact this claim is about."""
        return (
            self.entity,
            self.scope,
            self.attribute,
            self.precision,
            self.sparsity,
            self.baseline,
            self.measure,
        )


class Severity(str, enum.Enum):
    """How sure the reconciler is that a conflict is real."""

    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class ConflictValue:
    """One side of a conflict: a value and every claim that supports it."""

    value: ClaimValue
    unit: str
    claims: tuple[str, ...]
    sources: tuple[str, ...]
    display: str = ""  # the value as a person reads it: "96 GB", "3-5 nm", "up to 16"


@dataclass(frozen=True)
class Conflict:
    """A fact on which sources state values that cannot all hold."""

    id: str
    entity: str
    scope: str | None
    attribute: str
    severity: Severity
    values: tuple[ConflictValue, ...]
    explanation: str
    kind: str = "direct"  # direct | derived | relative
    precision: str | None = None
    sparsity: str | None = None
    baseline: str | None = None
    measure: str | None = None
    status: str = "open"  # open | resolved | baselined | ignored
    consensus: Consensus | None = None  # which value the weight of trusted sources favours

    def __post_init__(self) -> None:
        if len(self.values) < 2:
            raise ValueError("a conflict needs at least two competing values")

    @property
    def fact_key(self) -> FactKey:
        """Return what identifies the fact of this conflict, comparable with :attr:`Claim.fact_key`."""
        return (
            self.entity,
            self.scope,
            self.attribute,
            self.precision,
            self.sparsity,
            self.baseline,
            self.measure,
        )


@dataclass(frozen=True)
class Note:
    """An observation that is not a conflict, e.g. a look-alike explained by scope."""

    kind: str
    message: str
    claims: tuple[str, ...] = ()


@dataclass(frozen=True)
class Reconciliation:
    """What the reconciler concluded about a claims table."""

    conflicts: tuple[Conflict, ...]
    notes: tuple[Note, ...] = ()
    fact_count: int = 0
    source_trust: tuple[SourceTrust, ...] = ()  # how often each source agrees with the consensus


@dataclass(frozen=True)
class SourceSummary:
    """One input of a run as the report lists it."""

    path: str
    sha256: str
    claims: int
    error: str | None = None


@dataclass(frozen=True)
class Report:
    """Everything a run produced, as every report format renders it."""

    tool_version: str
    sources: tuple[SourceSummary, ...]
    claims: tuple[Claim, ...]
    reconciliation: Reconciliation
    pack_name: str = ""
    findings: tuple[Finding, ...] = ()  # problems of the run itself: suppressions, stale baseline entries
    cache_hits: int = 0  # documents whose claims came from the cache

    @property
    def conflicts(self) -> tuple[Conflict, ...]:
        """Return the conflicts of the run."""
        return self.reconciliation.conflicts


@dataclass(frozen=True)
class Finding:
    """A problem with the run's setup or with reading a source, shown in the report: not a conflict.

    ``kind`` is one of: suppression-without-reason, suppression-expired, suppression-unused,
    suppression-invalid, baseline-stale (the setup), source-unreadable-part (a source). ``severity``
    is error | warning | note; errors and warnings count towards --fail-on like conflicts of that
    severity.
    """

    kind: str
    message: str
    path: str | None = None
    line: int | None = None
    severity: str = "warning"

    def __post_init__(self) -> None:
        if self.severity not in ("error", "warning", "note"):
            raise ValueError(f"finding severity must be error, warning or note, got {self.severity!r}")

    @property
    def about_source(self) -> bool:
        """Return whether the finding is about reading a source rather than the run's setup."""
        return self.kind.startswith("source-")


@dataclass(frozen=True)
class Consensus:
    """The value of a conflict that trusted sources favour, or why none is favoured."""

    value: str  # display of the favoured value ("96 GB"), or "" when undecided
    confidence: float
    decided: bool
    reason: str

    def __post_init__(self) -> None:
        if not 0.0 <= self.confidence <= 1.0:
            raise ValueError(f"consensus confidence must lie in [0, 1], got {self.confidence}")


@dataclass(frozen=True)
class SourceTrust:
    """How far a source can be trusted: how often its values agree with the consensus."""

    source: str
    trust: float
    agreed: int
    disagreed: int
    facts: tuple[str, ...] = ()  # labels of the facts the source states more than one voice about

    def __post_init__(self) -> None:
        if not 0.0 <= self.trust <= 1.0:
            raise ValueError(f"trust must lie in [0, 1], got {self.trust}")
