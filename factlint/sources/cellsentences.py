"""Sentences of a delimited file's free-text field over several lines: a tracker export's description.

An issue tracker's CSV export (Linear, Jira, GitHub) writes each ticket on one record, its
description a quoted field of several lines of prose, bullet lists and quotes with doubled marks::

    ID,Title,Description,Status
    OPS-7,Gaudi2 quote,"The sheet used 600 W. Outdated: the datasheet gives 900 W.
    - 96 GB of HBM2E",Done

The record stays a table row (its short fields are the ticket's), but the field is prose: its
sentences are the row's sentences, so what reads the sentence before another (an erratum's
"Outdated: ...", a correction) reads it here as in a paragraph. The text before and after the field
(the ticket's other fields) is one span each.
"""

from __future__ import annotations

import dataclasses

from factlint.models import Block, Cell
from factlint.sources.sentences import split_sentences


def with_field_sentences(block: Block) -> Block:
    """Return ``block`` (a delimited row) with sentence spans over its fields that run over
    several lines, or ``block`` itself when none does."""
    if "\n" not in block.text:
        return block  # a record on one line holds no such field (most rows: no work)
    spans: list[tuple[int, int]] = []
    done = 0
    for cell in block.cells:
        if "\n" not in cell.text:
            continue
        place = _field_place(block, cell)
        if place is None or place[0] < done:
            continue
        start, end = place
        if start > done:
            spans.append((done, start))
        spans.extend((start + first, start + last) for first, last in split_sentences(block.text[start:end]))
        done = end
    if not spans:
        return block
    if done < len(block.text):
        spans.append((done, len(block.text)))
    return dataclasses.replace(block, sentences=tuple(spans))


def _field_place(block: Block, cell: Cell) -> tuple[int, int] | None:
    """Return where a field's text stands in the row's text (start, end), its doubled quotes
    counted twice, or None when the text there is not the field's."""
    start = cell.column - block.column
    if start < 0:
        return None
    for written in (cell.text, cell.text.replace('"', '""')):
        if block.text.startswith(written, start):
            return start, start + len(written)
    return None
