"""todo.txt task lists read one task per block, their bookkeeping dropped (decision 0189).

A todo.txt list holds one task per line: an optional completion mark and date (``x 2026-05-02``),
a priority (``(A)``), a creation date, then the task's words with ``+project`` and ``@context``
tags and ``key:value`` pairs (``due:``, ``t:``, ``id:``, ``dep:``, ``est:``, ``rec:``) anywhere in
them. Only the words are read: the dates are when the writer did things, the tags and pairs label
the task (``est:2h`` is the writer's estimate, not a duration of anything claimed), and a product
named only in a tag is no subject of the task's sentence. Each task is a block of its own, so a
task never lends its subject to the next one. The patterns live in ``todotxt.yaml``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from factlint.models import Block, BlockKind
from factlint.sources.blocks import anchored_block
from factlint.sources.htmltext import AnchoredText, words_outside
from factlint.sources.packaged import packaged_file

TODO_SUFFIXES = (".txt", "")
# Cheap test before the patterns: a task line carries a tag's sign somewhere.
_TAG_SIGNS = ("+", "@")


@dataclass(frozen=True)
class TodoLayout:
    """The names and patterns of todo.txt lists (``todotxt.yaml``)."""

    names: frozenset[str]
    name_endings: tuple[str, ...]
    opener: re.Pattern[str]
    tag: re.Pattern[str]
    min_tasks: int
    min_share: float


@cache
def todo_layout() -> TodoLayout:
    """Return the todo.txt names and patterns of ``todotxt.yaml``."""
    known = packaged_file("factlint.sources", "todotxt.yaml")
    return TodoLayout(
        names=known.folded_words("names"),
        name_endings=tuple(ending.lower() for ending in known.words("name_endings")),
        opener=known.alternation("openers"),
        # a tag is a whole token: after a space or the line's start, up to a space or the end
        tag=re.compile(rf"(?<!\S)(?:{known.alternation('tags').pattern})(?!\S)"),
        min_tasks=known.whole_number("min_tasks"),
        min_share=known.number("min_share"),
    )


def is_todo_list(lines: Sequence[str], name: str, suffix: str) -> bool:
    """Return True if the document is a todo.txt list: by its file name, or (a ``.txt`` file or
    one without a suffix) by most of its non-blank lines opening like a task (``x ``, ``(A) ``,
    a date) and carrying a ``+project`` or ``@context`` tag."""
    layout = todo_layout()
    lowered = name.lower()
    if lowered in layout.names or lowered.endswith(layout.name_endings):
        return True
    if suffix.lower() not in TODO_SUFFIXES:
        return False
    filled = tasks = 0
    for line in lines:
        if not line.strip():
            continue
        filled += 1
        if _is_task(line, layout):
            tasks += 1
        elif filled >= 2 * layout.min_tasks and tasks < layout.min_share * filled / 2:
            return False  # a document of another kind: stop before reading all of it
    return tasks >= layout.min_tasks and tasks >= layout.min_share * filled


def _is_task(line: str, layout: TodoLayout) -> bool:
    """Return True if ``line`` opens like a task and carries a project or context tag."""
    if not any(sign in line for sign in _TAG_SIGNS) or layout.opener.match(line) is None:
        return False
    return any(match.group()[0] in _TAG_SIGNS for match in layout.tag.finditer(line))


def list_title(name: str) -> str:
    """Return the title of a task list: its file name without the suffixes ("edge-lab" for
    "edge-lab.todo.txt"). A list has no title line, and its tasks are each about their own
    products: only a product its name names ("h100-bringup.todo.txt") is what the whole list is
    about, never the one its first task happens to name."""
    stem = name
    while "." in stem.strip("."):
        stem = stem.rsplit(".", 1)[0]
    return stem


def parse_todo_list(lines: Sequence[str], body_line: int = 1) -> list[Block]:
    """Return one list-item block per task of a todo.txt list, holding the task's words only."""
    layout = todo_layout()
    blocks: list[Block] = []
    for index in range(body_line - 1, len(lines)):
        words = task_words(lines[index], index + 1, layout)
        if words is not None:
            blocks.append(anchored_block(BlockKind.LIST_ITEM, words, ()))
    return blocks


def task_words(line: str, number: int, layout: TodoLayout | None = None) -> AnchoredText | None:
    """Return the words of the task on ``line`` (1-based line ``number``), without its opening
    bookkeeping, tags and key:value pairs, anchored where they stand; None when none are left."""
    layout = layout or todo_layout()
    opener = layout.opener.match(line)
    start = opener.end() if opener is not None else 0
    return words_outside(line, start, number, layout.tag)
