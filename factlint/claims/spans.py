"""Where the sentence or clause around a figure opens and closes, by the marks that bound it.

Each check picks its own marks (". " for a sentence; "; " and brackets for a survey's clause), so
the marks are a parameter; the search is the same everywhere.
"""

from __future__ import annotations

SENTENCE_MARKS = (". ", "! ", "? ", ".\n", "\n\n")  # where a sentence of prose ends


def opening_after(text: str, start: int, marks: tuple[str, ...]) -> int:
    """Return where the span holding ``start`` opens: right after the last of ``marks`` before it, else 0."""
    return max((found + len(mark) for mark in marks if (found := text.rfind(mark, 0, start)) >= 0), default=0)


def closing_at(text: str, end: int, marks: tuple[str, ...]) -> int:
    """Return where the span holding ``end`` closes: at the first of ``marks`` from it on, else len(text)."""
    return min((found for mark in marks if (found := text.find(mark, end)) >= 0), default=len(text))
