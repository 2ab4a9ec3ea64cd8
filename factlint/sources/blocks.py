"""Helpers shared by the Markdown and plain-text segmenters: labels, boilerplate, block building."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from functools import cache

from factlint.models import Block, BlockKind
from factlint.sources.htmltext import AnchoredText, join
from factlint.sources.packaged import packaged_file
from factlint.sources.sentences import split_sentences

# "**Label:** text", "**Label**: text", "__Label:__ text"
_BOLD_LABEL = re.compile(r"(\*\*|__)[ \t]*([^*_\n]{1,80}?)[ \t]*(?::[ \t]*\1|\1[ \t]*:)")
# A line inside a paragraph that starts with its own bold label begins a new block.
_LABELLED_LINE = re.compile(r"\n[ \t]*(?=(\*\*|__)[ \t]*[^*_\n]{1,80}?[ \t]*(?::[ \t]*\1|\1[ \t]*:))")
_WIKI_LINK = re.compile(r"\[\[(?:[^\]|]*\|)?([^\]]*)\]\]")
_INLINE_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_EMPHASIS = re.compile(r"\*\*|__|`|(?<!\w)[*_](?=\S)|(?<=\S)[*_](?!\w)")
_SPACES = re.compile(r"\s+")


def label_of(text: str) -> str | None:
    """Return the bold label a block starts with ("Trainium3" for "**Trainium3:** ..."), if any."""
    match = _BOLD_LABEL.match(text)
    return match.group(2).strip() if match else None


def label_segments(text: str) -> list[tuple[int, int]]:
    """Return (start, end) offsets of the parts of ``text``, split before lines opening with a bold label."""
    if "\n" not in text:  # the split points follow line breaks
        return [(0, len(text.rstrip()))]
    starts = [0, *(match.end() for match in _LABELLED_LINE.finditer(text))]
    ends = [*(start for start in starts[1:]), len(text)]
    return [(start, len(text[:end].rstrip())) for start, end in zip(starts, ends, strict=True)]


def plain_text(markup: str) -> str:
    """Return Markdown inline text without emphasis or link syntax, on one line."""
    text = markup
    if "[" in text:
        text = _WIKI_LINK.sub(r"\1", text)
        text = _INLINE_LINK.sub(r"\1", text)
    if "*" in text or "_" in text or "`" in text:
        text = _EMPHASIS.sub("", text)
    return _SPACES.sub(" ", text).strip()


@cache
def _boilerplate_pattern() -> re.Pattern[str]:
    return packaged_file("factlint.sources", "boilerplate.yaml").alternation("patterns", re.IGNORECASE)


def is_boilerplate(line: str) -> bool:
    """Return True if a whole line is page chrome of a scraped page (see ``boilerplate.yaml``)."""
    stripped = line.strip()
    return bool(stripped) and len(stripped) <= 120 and _boilerplate_pattern().fullmatch(stripped) is not None


def make_block(
    kind: BlockKind,
    text: str,
    line: int,
    column: int,
    headings: tuple[str, ...] = (),
    **context: object,
) -> Block:
    """Return a Block, with sentence spans for paragraphs and list items."""
    sentences = split_sentences(text) if kind in (BlockKind.PARAGRAPH, BlockKind.LIST_ITEM) else ()
    return Block(kind, text, line, column, headings, sentences=sentences, **context)  # type: ignore[arg-type]


def anchored_block(
    kind: BlockKind, text: AnchoredText, headings: tuple[str, ...], **context: object
) -> Block:
    """Return a Block of gathered ``text``, placed at its first character and keeping its anchors."""
    _, line, column = text.anchors[0]
    return make_block(kind, text.text, line, column, headings, anchors=text.anchors, **context)


def note_block(
    marker: str, body: AnchoredText, headings: tuple[str, ...], place: tuple[int, int] | None = None
) -> Block:
    """Return the paragraph "[^marker]: body" of a footnote, its mark placed at ``place`` (1-based
    line and column; by default where the body starts)."""
    _, line, column = body.anchors[0]
    if place is not None:
        line, column = place
    mark = AnchoredText(f"[^{marker}]:", ((0, line, column),))
    text, anchors, _ = join([mark, body], " ")
    return make_block(BlockKind.PARAGRAPH, text, line, column, headings, anchors=tuple(anchors))


def moved_down(blocks: Iterable[Block], offset: int) -> list[Block]:
    """Return ``blocks`` placed ``offset`` lines further down the file: a part of it read on its own."""
    return [
        dataclasses.replace(
            block,
            line=block.line + offset,
            anchors=tuple((start, line + offset, column) for start, line, column in block.anchors),
        )
        for block in blocks
    ]


def distinct_anchors(anchors: Iterable[tuple[int, int, int]]) -> tuple[tuple[int, int, int], ...]:
    """Return ``anchors`` with one anchor per text offset (the last written wins), by increasing offset."""
    kept: dict[int, tuple[int, int, int]] = {}
    for anchor in anchors:
        kept[anchor[0]] = anchor
    return tuple(kept[offset] for offset in sorted(kept))
