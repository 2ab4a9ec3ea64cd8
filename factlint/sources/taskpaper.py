"""TaskPaper outlines read as projects, tasks and notes, their tags dropped (decision 0201).

A TaskPaper file (and the text exports shaped like it: Things, OmniFocus, Taskwarrior) is an
outline: a line ending in ``:`` is a project, a line opening with ``- `` is a task, any other line
is a note; indentation (tabs) nests them. ``@tag`` and ``@tag(value)`` tokens are the item's state
and bookkeeping (``@done(2026-10-02)``, ``@priority(1)``, ``@est(3d)``): dropped, as todo.txt's tags
and Org's tags and planning lines are, so their dates and numbers are never claims. A project is a
heading over everything indented below it, and a task with notes is a heading over its notes, so a
note naming no product is about the task above it ("inf2 (Inferentia2)" then "AWS claims up to
4x ..."). Each task and each note is a block of its own: a note never continues the task line above
it. The patterns live in ``taskpaper.yaml``.
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
from factlint.sources.suffixrules import SuffixRule

_TAB_WIDTH = 4


@dataclass(frozen=True)
class OutlineLayout:
    """The suffixes and patterns of TaskPaper outlines (``taskpaper.yaml``)."""

    suffixes: SuffixRule
    tag: re.Pattern[str]
    task: re.Pattern[str]
    project: re.Pattern[str]
    min_tagged_tasks: int


@cache
def outline_layout() -> OutlineLayout:
    """Return the TaskPaper suffixes and patterns of ``taskpaper.yaml``."""
    known = packaged_file("factlint.sources", "taskpaper.yaml")
    return OutlineLayout(
        suffixes=SuffixRule.from_file(known),
        tag=known.alternation("tags"),
        task=re.compile(str(known.value("task"))),
        project=re.compile(str(known.value("project"))),
        min_tagged_tasks=known.whole_number("min_tagged_tasks"),
    )


def is_taskpaper(lines: Sequence[str], suffix: str) -> bool:
    """Return True if the document is a TaskPaper outline: by its suffix, or (a ``.txt`` or
    ``.todo`` file or one without a suffix) by a project line and tab-indented tasks with tags."""
    layout = outline_layout()
    by_suffix = layout.suffixes.decides(suffix)
    if by_suffix is not None:
        return by_suffix
    projects = tagged = 0
    for line in lines:
        if line.startswith("#"):
            return False  # a Markdown heading or a comment: another kind of text
        if "@" in line and line.startswith("\t") and layout.task.match(line) is not None:
            tagged += layout.tag.search(line) is not None
        elif projects == 0 and line.rstrip().endswith(":") and layout.project.match(_untagged(line, layout)):
            projects += 1
        if projects and tagged >= layout.min_tagged_tasks:
            return True
    return False


def parse_taskpaper(lines: Sequence[str], body_line: int = 1) -> list[Block]:
    """Return the blocks of a TaskPaper outline: a heading per project, a list item per task and a
    paragraph per note, each under the projects (and the task) it is indented below."""
    layout = outline_layout()
    blocks: list[Block] = []
    # (indentation, title) of each project or task that holds the lines indented below it
    open_items: list[tuple[int, str]] = []
    for index in range(body_line - 1, len(lines)):
        line = lines[index]
        if not line.strip():
            continue
        indent = _indentation(line)
        while open_items and open_items[-1][0] >= indent:
            open_items.pop()
        path = tuple(title for _, title in open_items)
        task = layout.task.match(line)
        words = words_outside(line, task.end() if task else 0, index + 1, layout.tag)
        if words is None:
            continue
        if task is not None:
            blocks.append(anchored_block(BlockKind.LIST_ITEM, words, path))
            open_items.append((indent, words.text))
        elif (project := layout.project.match(words.text)) is not None:
            title = AnchoredText(project.group("title"), words.anchors)
            blocks.append(anchored_block(BlockKind.HEADING, title, path))
            open_items.append((indent, title.text))
        else:
            blocks.append(anchored_block(BlockKind.PARAGRAPH, words, path))
    return blocks


def _indentation(line: str) -> int:
    """Return the width of the blanks ``line`` opens with, a tab counting as four."""
    stripped = line.lstrip(" \t")
    lead = line[: len(line) - len(stripped)]
    return lead.count("\t") * _TAB_WIDTH + lead.count(" ")


def _untagged(line: str, layout: OutlineLayout) -> str:
    return layout.tag.sub("", line).rstrip()
