"""Recognise Mermaid diagram source and split its labels into their drawn lines."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from factlint.sources.dotlex import Placer, drawn_lines
from factlint.sources.htmltext import AnchoredText
from factlint.sources.packaged import packaged_file

MERMAID_SUFFIXES = frozenset((".mmd", ".mermaid"))

# What breaks a label's drawn line (`<br/>`, `<br>`, a real line end in a Markdown string) and the
# other inline tags (`<b>`, `</i>`, `<sup>`) that are markup, not text.
_LABEL_MARKUP = re.compile(r"(<br\s*/?>|\n)|</?[A-Za-z][^<>\n]*>", re.I)


@dataclass(frozen=True)
class MermaidWords:
    """The Mermaid keywords the reader knows (``mermaid.yaml``)."""

    flowchart_kinds: frozenset[str]
    other_kinds: frozenset[str]
    directions: frozenset[str]
    styling: frozenset[str]
    fence_languages: frozenset[str]


@cache
def mermaid_words() -> MermaidWords:
    """Return the Mermaid keywords of ``mermaid.yaml``."""
    known = packaged_file("factlint.sources", "mermaid.yaml")
    return MermaidWords(
        flowchart_kinds=frozenset(known.words("flowchart_kinds")),
        other_kinds=frozenset(known.words("other_kinds")),
        directions=frozenset(word.upper() for word in known.words("directions")),
        styling=frozenset(known.words("styling_statements")),
        fence_languages=known.folded_words("fence_languages"),
    )


def diagram_kind(statement: str, by_content: bool = False) -> str | None:
    """Return ``"flowchart"`` or ``"other"`` if ``statement`` opens a Mermaid diagram, else None.

    A flowchart opens with its keyword alone or followed by a direction (``graph TD``); any other
    kind with its keyword alone on the line (``sequenceDiagram``). Recognising a file by its
    content only (``by_content``), a flowchart must name its direction and another kind's keyword
    must not be a plain word (``pie`` or ``timeline`` may open any text).
    """
    words = mermaid_words()
    parts = statement.strip().rstrip(";").split()
    if not parts or len(parts) > 2:
        return None
    keyword = parts[0]
    directed = len(parts) == 2 and parts[1].upper() in words.directions
    if keyword in words.flowchart_kinds and (directed or (len(parts) == 1 and not by_content)):
        return "flowchart"
    plain_word = keyword.isalpha() and keyword.islower()
    if keyword in words.other_kinds and len(parts) == 1 and not (by_content and plain_word):
        return "other"
    return None


def first_statement(lines: Sequence[str], start: int, end: int | None = None) -> int | None:
    """Return the 0-based index of the first line from ``start`` that is neither blank nor a ``%%``
    comment or directive, or None."""
    stop = len(lines) if end is None else end
    for index in range(start, stop):
        stripped = lines[index].strip()
        if stripped and not stripped.startswith("%%"):
            return index
    return None


def is_mermaid(lines: Sequence[str], body_line: int, suffix: str) -> bool:
    """Return True if the file is a Mermaid diagram: its first statement (after front matter, blank
    lines and ``%%`` comments) opens one.

    Named ``.mermaid``, any file is; named ``.mmd`` (also MultiMarkdown's suffix), its first
    statement need only be a diagram keyword; otherwise it must be one no prose opens with (see
    :func:`diagram_kind`).
    """
    if suffix.lower() == ".mermaid":
        return True
    index = first_statement(lines, body_line - 1, min(len(lines), body_line - 1 + 200))
    if index is None:
        return False
    return diagram_kind(lines[index], by_content=suffix.lower() not in MERMAID_SUFFIXES) is not None


def mermaid_label_lines(
    text: str, spans: list[tuple[int, int]], node_id: str, place: Placer
) -> list[AnchoredText]:
    """Return the drawn lines of a Mermaid label made of the text ``spans``.

    ``<br/>`` (any spelling) and real line ends split lines; other inline tags and the backticks
    of a Markdown string are dropped; lines with only spaces are dropped, and each line keeps its
    source positions.
    """
    del node_id  # Mermaid has no escape naming the node
    lines: list[list[tuple[str, int]]] = [[]]
    for start, end in spans:
        if end - start >= 2 and text[start] == "`" and text[end - 1] == "`":
            start, end = start + 1, end - 1  # a Markdown string: "`**bold** text`"
        run = start
        for match in _LABEL_MARKUP.finditer(text, start, end):
            lines[-1].append((text[run : match.start()], run))
            if match.group(1) is not None:
                lines.append([])
            run = match.end()
        lines[-1].append((text[run:end], run))
    return drawn_lines(lines, place)
