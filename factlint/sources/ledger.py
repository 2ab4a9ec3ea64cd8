"""Plain-text accounting journals (hledger, ledger, beancount) read as their transactions say.

A journal is a list of dated transactions: a description line (``2026-01-14 * Seller | Item``),
indented postings (an account, an amount, perhaps a unit price ``@ $3,999.00``) and ``;`` comments.
Each transaction is a record headed by its description, so a comment or a price below it speaks
of what the description names, never of the transaction before. A posting's unit price is the
price of its commodity (``2 "DGX Spark" @ $3,999.00`` is one DGX Spark's price; an hour commodity's
``412.5 insth-inf2 @ $12.98`` an hourly price) and so is a market-price directive's
(``P 2026-01-01 chiph-v5e $1.20``); an amount without a unit price is a sum moved between accounts
(a total, shipping, a tax, a credit) and states nothing of a product. A periodic (``~``) or
automated (``=``) transaction is a plan or a rule: its comments are read, its amounts are not.
A transaction whose description cites an earlier one's reference (an invoice number) goes on with
the earlier one's subject. The patterns are in ``ledger.yaml``. See decision 0265.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from factlint.models import Block, BlockKind
from factlint.sources.blocks import make_block
from factlint.sources.packaged import packaged_file

LEDGER_TEXT_SUFFIXES = (".txt", "")
_SAMPLE_LINES = 400  # content detection looks at the journal's first lines


@dataclass(frozen=True)
class LedgerLayout:
    """The patterns of accounting journals (``ledger.yaml``)."""

    suffixes: frozenset[str]
    min_transactions: int
    transaction: re.Pattern[str]
    posting: re.Pattern[str]
    plan: re.Pattern[str]
    price_directive: re.Pattern[str]
    directive: re.Pattern[str]
    line_comment: re.Pattern[str]
    unit_price: re.Pattern[str]
    quantity: re.Pattern[str]
    reference: re.Pattern[str]
    currency_codes: dict[str, str]
    hour_units: dict[str, str]


@cache
def ledger_layout() -> LedgerLayout:
    """Return the journal patterns of ``ledger.yaml``."""
    known = packaged_file("factlint.sources", "ledger.yaml")

    def pattern(key: str) -> re.Pattern[str]:
        return re.compile(str(known.value(key)))

    return LedgerLayout(
        suffixes=frozenset(suffix.lower() for suffix in known.words("suffixes")),
        min_transactions=known.whole_number("min_transactions"),
        transaction=pattern("transaction"),
        posting=pattern("posting"),
        plan=pattern("plan"),
        price_directive=pattern("price_directive"),
        directive=pattern("directives"),
        line_comment=pattern("line_comment"),
        unit_price=pattern("unit_price"),
        quantity=pattern("quantity"),
        reference=pattern("reference"),
        currency_codes=known.word_map("currency_codes"),
        hour_units={name.lower(): unit for name, unit in known.word_map("hour_units").items()},
    )


def is_ledger(lines: Sequence[str], suffix: str) -> bool:
    """Return True for a journal's suffix (``.journal``, ``.ledger``, ``.beancount``), or a ``.txt``
    file or one without a suffix whose dated lines are followed by an indented posting (an account
    such as ``assets:bank``) or comment: dated notes with indented prose below them stay text."""
    layout = ledger_layout()
    if suffix.lower() in layout.suffixes:
        return True
    if suffix.lower() not in LEDGER_TEXT_SUFFIXES:
        return False
    found = 0
    sample = lines[:_SAMPLE_LINES]
    for index, line in enumerate(sample[:-1]):
        if line[:1].isdigit() and layout.transaction.match(line) and layout.posting.match(sample[index + 1]):
            found += 1
            if found >= layout.min_transactions:
                return True
    return False


@dataclass
class _Transaction:
    """The transaction being read: its headings and whether it is a plan."""

    headings: tuple[str, ...]
    plan: bool


def parse_ledger(lines: Sequence[str], body_line: int = 1) -> list[Block]:
    """Return the blocks of a journal: comments as paragraphs under their transaction's description,
    unit prices as sentences naming their commodity; amounts without a unit price give none."""
    layout = ledger_layout()
    blocks: list[Block] = []
    current: _Transaction | None = None
    references: dict[str, str] = {}  # a reference on a transaction line -> that transaction's description
    comment: list[tuple[int, int]] = []  # the comment lines being gathered: 0-based line, 0-based column

    def flush() -> None:
        if comment:
            _add(blocks, _comment_block(lines, comment, current.headings if current else ()))
            comment.clear()

    for index in range(body_line - 1, len(lines)):
        line = lines[index].rstrip("\r\n")
        stripped = line.lstrip()
        if not stripped:
            flush()
            continue
        column = len(line) - len(stripped)
        if column == 0:
            flush()
            if stripped.startswith(";") or layout.line_comment.match(stripped):
                current = None
                comment.append((index, 1))
                continue
            current = _opening(layout, line, index, references, blocks)
            continue
        if stripped.startswith(";") or stripped.startswith("#"):
            comment.append((index, column + 1))
            continue
        flush()
        if current is None:
            continue
        body, _, note = line.partition(";")
        if note.strip():
            _add(blocks, _comment_block(lines, [(index, len(body) + 1)], current.headings))
        if not current.plan:
            price = _posting_price(layout, body, index)
            if price is not None:
                blocks.append(price.block(current.headings))
    flush()
    blocks.sort(key=lambda block: (block.line, block.column))
    return blocks


def _opening(
    layout: LedgerLayout, line: str, index: int, references: dict[str, str], blocks: list[Block]
) -> _Transaction | None:
    """Read an unindented line: start a transaction (returned), or add a price directive's block."""
    directive = layout.price_directive.match(line)
    if directive is not None:
        commodity = directive.group("commodity")
        price = _unit_price(layout, commodity, directive.start("commodity"), directive, index)
        noted = line[directive.end() - 1 : directive.end()] == ";"
        comment = line[directive.end() :].strip() if noted else ""
        blocks.append(price.block((), comment, directive.end()))
        return None
    plan = layout.plan.match(line)
    opened = plan or layout.transaction.match(line)
    if opened is None or layout.directive.match(line):
        return None
    description, _, note = opened.group("description").partition(";")
    description = description.strip().replace('"', "")
    cited = [references[found] for found in layout.reference.findall(description) if found in references]
    for found in layout.reference.findall(line):
        references.setdefault(found, description)
    headings = (cited[0], description) if cited else (description,)
    if note.strip():
        start = opened.start("description") + len(opened.group("description")) - len(note)
        # the references a transaction line notes (invoice, order, asset numbers) name no product
        blanked = layout.reference.sub(lambda found: " " * len(found.group()), line)
        _add(blocks, _comment_block([blanked], [(0, start + 1)], headings, line_offset=index))
    return _Transaction(headings, plan is not None)


@dataclass(frozen=True)
class _Price:
    """A unit price of a commodity: the sentence's words and where each part stands in the file."""

    name: str
    name_place: tuple[int, int]  # 1-based line and column
    price: str
    price_place: tuple[int, int]
    per: str

    def block(self, headings: tuple[str, ...], note: str = "", note_column: int = 0) -> Block:
        """Return the sentence "NAME PRICE per UNIT[; NOTE]" anchored where its parts are."""
        line, column = self.name_place
        text = f"{self.name} " if self.name else ""
        anchors = [(0, line, column)] if self.name else []
        anchors.append((len(text), *self.price_place))
        text += f"{self.price} {self.per}"
        if note:
            anchors.append((len(text) + 2, line, note_column + 1))
            text += f"; {note}"
        return make_block(
            BlockKind.PARAGRAPH, text, anchors[0][1], anchors[0][2], headings, anchors=tuple(anchors)
        )


def _posting_price(layout: LedgerLayout, body: str, index: int) -> _Price | None:
    """Return the unit price of a posting (``2 "X" @ $10``, ``3 X {10 USD}``), or None."""
    if "@" not in body and "{" not in body:
        return None
    priced = layout.unit_price.search(body)
    if priced is None:
        return None
    amount = body[: priced.start()]
    gap = re.search(r"\S(?:  |\t)[ \t]*", amount)  # the account ends at two blanks or a tab
    if gap is None:
        return None
    quantity = layout.quantity.search(amount, gap.end())
    if quantity is None:
        return None
    which = "commodity" if quantity.group("commodity") else "commodity2"
    return _unit_price(layout, quantity.group(which), quantity.start(which), priced, index)


def _unit_price(
    layout: LedgerLayout, commodity: str, start: int, priced: re.Match[str], index: int
) -> _Price:
    """Return the price ``priced`` gives one unit of ``commodity`` (written at column ``start``)."""
    group = "price" if priced.group("price") is not None else "cost"
    price = priced.group(group).strip()
    price_column = priced.start(group) + 1
    # a disposal's negative unit price is what one unit fetched: read from its first digit, a
    # currency sign before the minus written after it as its code ("$-450.00" -> "450.00 USD")
    negative = re.match(r"([^\d-]*)-(?=\d)", price)
    if negative:
        sign = negative.group(1).strip()
        price = price[negative.end() :]
        price_column += negative.end()
        if sign:
            price = f"{price} {layout.currency_codes.get(sign, sign)}"
    name, column = commodity.strip('"'), start + 1 + commodity.startswith('"')
    per = "each"
    hour = _hour_unit(layout, name)
    if hour is not None:
        name, per = hour[0], f"per {hour[1]}"
    return _Price(name, (index + 1, column), price, (index + 1, price_column), per)


def _hour_unit(layout: LedgerLayout, name: str) -> tuple[str, str] | None:
    """Return (product, hour unit) for a commodity counting hours (``insth-inf2``, ``gpu-hours``)."""
    lowered = name.lower()
    if lowered in layout.hour_units:
        return "", layout.hour_units[lowered]
    for cut in re.finditer(r"[-_.]", lowered):
        before, after = lowered[: cut.start()], lowered[cut.end() :]
        if before in layout.hour_units:
            return name[cut.end() :], layout.hour_units[before]
        if after in layout.hour_units:
            return name[: cut.start()], layout.hour_units[after]
    return None


def _add(blocks: list[Block], block: Block | None) -> None:
    if block is not None:
        blocks.append(block)


def _comment_block(
    lines: Sequence[str], places: Sequence[tuple[int, int]], headings: tuple[str, ...], line_offset: int = 0
) -> Block | None:
    """Return comment lines as one paragraph, each line's text after its comment mark (None when
    they hold no text)."""
    parts: list[str] = []
    anchors: list[tuple[int, int, int]] = []
    offset = 0
    for index, column in places:
        raw = lines[index].rstrip("\r\n")
        start = column - 1
        while start < len(raw) and raw[start] in ";#%|* \t":
            start += 1
        text = raw[start:].rstrip()
        anchors.append((offset, index + 1 + line_offset, start + 1))
        parts.append(text)
        offset += len(text) + 1
    if not any(parts):
        return None
    return make_block(
        BlockKind.PARAGRAPH,
        "\n".join(parts),
        anchors[0][1],
        anchors[0][2],
        headings,
        anchors=tuple(anchors),
    )
