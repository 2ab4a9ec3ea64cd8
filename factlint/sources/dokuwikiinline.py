"""Read DokuWiki inline markup into text placed in the file: formatting, links, media, deletions.

From DokuWiki's "wiki:syntax" page: ``**bold**``, ``//italic//``, ``__underlined__`` and
``''monospaced''`` markers print nothing (``//`` after a colon is a URL's, kept); ``[[target|text]]``
prints its text, ``[[target]]`` its target; ``{{media|caption}}`` prints its caption, media without
one nothing; ``<del>...</del>`` is withdrawn text and prints nothing at all (as the HTML reader
drops ``<s>``); ``\\\\`` followed by a space or the end of the line is a forced line break;
``%%...%%`` and ``<nowiki>`` print their contents as written; ``((...))`` footnote markers print
a space (the note's text is read where it stands, set apart from the words around it);
``~~NOTOC~~``-style macros print nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from factlint.sources.htmltext import AnchoredText, TextGatherer
from factlint.sources.htmltree import TextRun
from factlint.sources.placedtext import PlacedText, add_plain
from factlint.sources.rstlines import SourceLine

# Bounded bodies keep a run of unclosed openers linear.
MAX_LINK = 400
MAX_DELETED = 500  # a <del> with no </del> this near is no deletion: its text is read
_INLINE = re.compile(
    rf"(?P<link>\[\[(?P<target>[^\[\]|\n]{{0,{MAX_LINK}}})(?:\|(?P<text>[^\[\]\n]{{0,{MAX_LINK}}}))?\]\])"
    rf"|(?P<media>\{{\{{[^{{}}|\n]{{0,{MAX_LINK}}}(?:\|(?P<caption>[^{{}}\n]{{0,{MAX_LINK}}}))?\}}\}})"
    rf"|(?P<deleted><del>.{{0,{MAX_DELETED}}}?</del>)"
    r"|(?P<break>\\\\(?=[ \t]|$))"
    r"|(?P<macro>~~[A-Z]+~~)"
    r"|(?P<tag></?(?:nowiki|sup|sub|wrap|color[^>\n]{0,40}|font[^>\n]{0,40})>)"
    r"|(?P<note>\(\(|\)\))"
    r"|(?P<marker>\*\*|__|''|%%|(?<!:)//)",
    re.DOTALL | re.MULTILINE | re.IGNORECASE,
)


def add_dokuwiki_inline(gatherer: TextGatherer, lines: Sequence[SourceLine]) -> None:
    """Add the printed text of ``lines`` (one paragraph, list item, cell or title) to ``gatherer``."""
    starts, offset = [], 0
    for line in lines:
        starts.append(offset)
        offset += len(line.text) + 1
    placed = PlacedText("\n".join(line.text for line in lines), starts, lines)
    position = 0
    for found in _INLINE.finditer(placed.text):
        add_plain(gatherer, placed, position, found.start())
        position = found.end()
        if found.group("link") is not None:
            shown = "text" if found.group("text") is not None else "target"
            add_plain(gatherer, placed, found.start(shown), found.end(shown))
        elif found.group("media") is not None and found.group("caption") is not None:
            add_plain(gatherer, placed, found.start("caption"), found.end("caption"))
        elif found.group("break") is not None:
            row, column = placed.position(found.start())
            gatherer.add(TextRun(" ", row, column))
            gatherer.line_break()
        elif found.group("note") is not None:  # a footnote's text is set apart from the words around it
            row, column = placed.position(found.start())
            gatherer.add(TextRun(" ", row, column))
    add_plain(gatherer, placed, position, len(placed.text))


def dokuwiki_text(lines: Sequence[SourceLine], *, one_line: bool = False) -> AnchoredText | None:
    """Return the printed text of ``lines``, None when nothing of it prints."""
    gatherer = TextGatherer(one_line=one_line)
    add_dokuwiki_inline(gatherer, lines)
    return gatherer.text()


def preformatted_text(lines: Sequence[SourceLine]) -> AnchoredText | None:
    """Return the text of preformatted ``lines`` as written (no markup read), a line break
    between lines; None when nothing of it prints."""
    gatherer = TextGatherer()
    for index, line in enumerate(lines):
        if index:
            gatherer.line_break()
        gatherer.add(TextRun(line.text, line.number, line.column))
    return gatherer.text()
