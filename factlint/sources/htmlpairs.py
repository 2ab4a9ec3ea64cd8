"""Find spec layouts made of sibling divs: a short label div followed by its value div.

Product pages lay out specifications as ``<div>GPU Memory</div><div>80GB</div>`` (often
inside a row ``<div>``, sometimes as a flat grid of alternating labels and values). Read
as two paragraphs, the value loses its label; read as a pair, it is "GPU Memory: 80GB"
labelled "GPU Memory", as ``<dt>``/``<dd>`` is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from factlint.sources.htmlchrome import is_skipped
from factlint.sources.htmltree import Element, TextRun

MAX_LABEL_CHARS = 40
MAX_LABEL_WORDS = 6
MAX_VALUE_CHARS = 80
_SPACES = re.compile(r"\s+")
_SENTENCE_END = re.compile(r"[.!?:;][\"'”’)\]]*$")
_SENTENCE_STOP = re.compile(r"[.!?](?:\s|$)")  # a value that holds a sentence is prose


def value_after_label(
    children: Sequence[Element | TextRun], index: int, block_level: frozenset[str]
) -> int | None:
    """Return the index of the value div paired with the label div ``children[index]``, or None.

    The label is a div of inline text only, at most six words and 40 characters, with a
    letter, no digit and no closing punctuation; the value is the next sibling element
    (only whitespace between), a div of inline text only of at most 80 characters on one line
    with no full stop ending a sentence.
    """
    label = children[index]
    if not isinstance(label, Element) or not _is_plain_div(label, block_level):
        return None
    text = _text(label)
    if (
        not text
        or "\n" in text
        or len(text) > MAX_LABEL_CHARS
        or len(text.split()) > MAX_LABEL_WORDS
        or any(char.isdigit() for char in text)
        or not any(char.isalpha() for char in text)
        or _SENTENCE_END.search(text)
    ):
        return None
    following = index + 1
    while following < len(children):
        node = children[following]
        if isinstance(node, Element):
            break
        if node.text.strip():
            return None
        following += 1
    else:
        return None
    value = children[following]
    assert isinstance(value, Element)
    if not _is_plain_div(value, block_level):
        return None
    value_text = _text(value)
    if (
        not value_text
        or len(value_text) > MAX_VALUE_CHARS
        or "\n" in value_text
        or _SENTENCE_STOP.search(value_text)
    ):
        return None
    return following


def _is_plain_div(element: Element, block_level: frozenset[str]) -> bool:
    """Return True for a shown div that holds only inline content."""
    if element.tag != "div" or is_skipped(element):
        return False
    return not any(inner.tag in block_level or inner.tag == "br" for inner in element.descendants())


def _text(element: Element) -> str:
    """Return the element's text with whitespace collapsed (line breaks kept as one)."""
    raw = "".join(run.text for run in element.runs()).strip()
    return "\n".join(_SPACES.sub(" ", line).strip() for line in raw.splitlines() if line.strip())
