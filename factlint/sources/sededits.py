"""Sed-style corrections in chat ("s/96/48/"): a message that rewrites its author's earlier words.

Chat users (IRC, Matrix, Discord, Slack, mailing-list IRC habits) correct a slip by sending a
message that is only a substitution, ``s/old/new/``, sometimes with a trailing ``g`` or without the
last slash. The earlier message then reads with ``new`` in place of ``old``: its old figure is
superseded and the new one holds. The earlier message's block is rewritten in place, the new
words anchored where the correction message wrote them, so a claim of the new figure is placed
on the correction's line; the correction message itself yields no block. See decision 0160.
"""

from __future__ import annotations

import re

from factlint.models import Block
from factlint.sources.blocks import anchored_block, distinct_anchors
from factlint.sources.htmltext import AnchoredText, join

# The whole message: "s/old/new/", "s/old/new/g", "s/old/new" (no slash inside either part).
_EDIT = re.compile(r"[ \t]*s/(?P<old>[^/\n]{1,40})/(?P<new>[^/\n]{0,40})(?:/[gi]{0,2})?[ \t]*")
_LOOK_BACK = 3  # how many of the author's earlier messages a correction may reach


def sed_edit(text: str) -> tuple[str, str, int] | None:
    """Return ``(old, new, offset of new in text)`` when ``text`` is only a sed-style substitution."""
    if "s/" not in text:
        return None
    match = _EDIT.fullmatch(text)
    if match is None or not match.group("old").strip():
        return None
    return match.group("old"), match.group("new"), match.start("new")


def _occurrence(text: str, old: str) -> tuple[int, int] | None:
    """Return the span of the last ``old`` in ``text`` standing as whole words or a whole number."""
    pattern = re.compile(r"(?<![\w.])" + re.escape(old) + r"(?![\w]|[.,]\d)")
    spans = [found.span() for found in pattern.finditer(text)]
    return spans[-1] if spans else None


def _rewritten(block: Block, span: tuple[int, int], new: AnchoredText) -> Block | None:
    """Return ``block`` with ``text[span]`` replaced by ``new``, or None for a block without anchors."""
    if not block.anchors:
        return None
    whole = AnchoredText(block.text, block.anchors)
    start, end = span
    parts = [whole.slice(0, start), new, whole.slice(end, len(block.text))]
    text, anchors, _ = join([part for part in parts if part.text], "")
    return anchored_block(
        block.kind,
        AnchoredText(text, distinct_anchors(anchors)),
        block.headings,
        list_intro=block.list_intro,
        message=block.message,
    )


def apply_sed_edit(messages: list[tuple[str, list[Block]]], author: str, edit: AnchoredText) -> bool:
    """Rewrite in ``messages`` (author, blocks) the latest earlier message of ``author`` that holds
    the old words of the substitution ``edit``; return True when one did (the edit is then spent)."""
    parsed = sed_edit(edit.text)
    if parsed is None:
        return False
    old, new, at = parsed
    replacement = edit.slice(at, at + len(new))
    reached = 0
    for writer, blocks in reversed(messages):
        if writer != author:
            continue
        reached += 1
        if reached > _LOOK_BACK:
            return False
        for index in range(len(blocks) - 1, -1, -1):
            span = _occurrence(blocks[index].text, old)
            if span is None:
                continue
            rewritten = _rewritten(blocks[index], span, replacement)
            if rewritten is None:
                return False
            blocks[index] = rewritten
            return True
    return False
