"""Rows of a space-typed spec list: a label column, then one cell listing figures, maybe wrapped.

A post or a plain-text note often types a small table as a label, a run of spaces and a
comma-separated list of figures ("Tile-A      64 cores, 96 GB HBM, 700 W"); the list is longer
than a table cell usually is, and a long one wraps onto a line indented to the list's column
("              1.2 TB/s, 2 links"). Such a row is still a table row whose label names the thing
every figure of the list is about.
"""

from __future__ import annotations

import re

from factlint.models import Cell

ALIGN_SLACK = 2  # as in columns: cells typed with spaces line up within this many characters
MAX_ITEM_CHARS = 50  # as columns' MAX_CELL_CHARS, for each item of the list
_ITEM_SPLIT = re.compile(r",\s+|,$")
_FIGURE_FIRST = re.compile(r"[~≈<>]?\s?[$€£]?\d")  # an item opens on its figure: "440 MB SRAM", "~15 kW"
_SENTENCE = re.compile(r"[.!?;:][\"'”’)]*$|\.\s")  # a full stop inside or at the end: prose


def is_figure_list(text: str) -> bool:
    """Return True for a cell that only lists figures ("354 cores, 440 MB SRAM, 362 TFLOPS,"): two
    or more short items, each opening on its number ("POD16 = 4x M2000, 16 IPUs" is a note)."""
    if _SENTENCE.search(text):
        return False
    items = [item for item in _ITEM_SPLIT.split(text) if item]
    return len(items) >= 2 and all(_is_item(item) for item in items)


def _is_item(text: str) -> bool:
    """Return True for one short item that opens on its figure."""
    return len(text) <= MAX_ITEM_CHARS and _FIGURE_FIRST.match(text) is not None


def figure_list_row(cells: tuple[Cell, ...], max_cell_chars: int) -> bool:
    """Return True when ``cells`` are a short label and one long cell listing figures."""
    return len(cells) == 2 and len(cells[0].text) <= max_cell_chars and is_figure_list(cells[1].text)


def wrapped_list(line: str, above: tuple[Cell, ...] | None) -> tuple[Cell, ...] | None:
    """Return ``line`` as the blank-labelled second line of the spec-list row ``above``, or None.

    The row above must end its list with a comma, and ``line`` must start under the list's
    column and list figures itself.
    """
    if above is None or len(above) != 2 or not above[0].text or not above[1].text.endswith(","):
        return None
    text = line.strip()
    column = len(line) - len(line.lstrip()) + 1
    if abs(column - above[1].column) > ALIGN_SLACK or not text:
        return None
    if _SENTENCE.search(text) or not (is_figure_list(text) or _is_item(text)):
        return None
    return (Cell("", above[0].column), Cell(text, column))
