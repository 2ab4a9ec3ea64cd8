"""The comments of a Protocol Buffers text-format file, read as prose about the record they sit in.

A run of full-line ``#`` comments on consecutive lines is one paragraph (a sentence may wrap from
one comment line to the next); a comment after code is a paragraph of its own when it holds a
figure, and otherwise notes the value before it (``datablocks.noted_value``). A paragraph is headed
by the names of the records around it and labelled with the innermost one's name, so "HAND EDIT:
bandwidth_gb_s was 512" inside an accelerator's message is about that accelerator. A run set apart
by a blank line above a message, with only blank lines between, introduces that message.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from factlint.models import Block, BlockKind
from factlint.sources.blocks import anchored_block
from factlint.sources.datablocks import holds_figure
from factlint.sources.htmltext import AnchoredText, join
from factlint.sources.linecomments import Comment, comment_runs

# a directive to protobuf's tooling ("# proto-file: a/b.proto"), no prose
_DIRECTIVE = re.compile(r"proto-(?:file|message|import):")


@dataclass(frozen=True)
class Record:
    """The lines a message spans and the names of the records around it and of itself, outermost first."""

    first: int
    last: int
    names: tuple[str, ...]


def comment_blocks(
    comments: Sequence[Comment], records: Sequence[Record], lines: Sequence[str]
) -> Iterator[Block]:
    """Yield a paragraph for each comment run and each trailing comment holding a figure, headed by
    the names of the records around it and labelled with the innermost one's."""
    runs = [
        run
        for run in comment_runs(comments, _DIRECTIVE.match)
        if not (run[0].trailing and not holds_figure(run[0].text))
    ]
    contexts = _innermost(records, [(run[0].line, run[-1].line) for run in runs], lines)
    for run, record in zip(runs, contexts, strict=True):
        parts = [AnchoredText(comment.text, ((0, comment.line, comment.column),)) for comment in run]
        text, anchors, _ = join(parts, "\n")
        names = record.names if record is not None else ()
        yield anchored_block(
            BlockKind.PARAGRAPH,
            AnchoredText(text, tuple(anchors)),
            names,
            label=names[-1] if names else None,
        )


def _innermost(
    records: Sequence[Record], spans: Sequence[tuple[int, int]], lines: Sequence[str]
) -> list[Record | None]:
    """Return, for each span of lines (in file order), the innermost record holding it, or the
    record it introduces (set apart by a blank line above, only blank lines below up to it).

    One sweep keeps a stack of the records open at the span's line (messages nest), so the work
    grows with the file, not with records times comments.
    """
    ordered = sorted(records, key=lambda record: (record.first, -record.last))
    contexts: list[Record | None] = []
    stack: list[Record] = []
    opened = 0
    for first, last in spans:
        while opened < len(ordered) and ordered[opened].first <= first:
            _close(stack, ordered[opened].first)
            stack.append(ordered[opened])
            opened += 1
        _close(stack, first)
        holding = next((record for record in reversed(stack) if record.last >= last), None)
        following = ordered[opened] if opened < len(ordered) else None
        if (
            following is not None
            and (holding is None or not holding.names or following.last <= holding.last)
            and (first == 1 or not lines[first - 2].strip())
            and all(not lines[index - 1].strip() for index in range(last + 1, following.first))
        ):
            holding = following
        contexts.append(holding)
    return contexts


def _close(stack: list[Record], line: int) -> None:
    """Drop the records closed before ``line`` from the top of the stack of open records."""
    while stack and stack[-1].last < line:
        stack.pop()
