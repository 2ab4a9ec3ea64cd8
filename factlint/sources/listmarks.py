"""List-item markers of plain text and of Markdown lines CommonMark leaves inside a paragraph.

Word processors and other locales mark items with glyphs CommonMark does not know ("○ ...",
"※ ...", "① ...", "(1) ...", "가. ..."): such lines are list items, each on its own line. This is
notation, not domain knowledge, so the glyphs live here rather than in a knowledge pack.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Bullet glyphs: round, square and diamond bullets, pointers and arrows, the Japanese middle
# dot "・", the reference mark "※" (a note), the middle dot "·" and dashes. Each needs a space
# after it, so "·" inside "A · B" or an arrow inside a line is never a marker.
_GLYPHS = "•◦▪▫‣∙●○■□◆◇➢➤►▶▸→・※·–—"
# Numbered forms CommonMark does not take: "(1)", "①", "(a)" / "a)", and the Korean "가." order.
_NUMBERED = r"\(\d{1,3}\)|[\u2460-\u2473]|\(?[a-zA-Z]\)|[가나다라마바사아자차카타파하]\."
# Every list marker of plain text: the glyphs, Markdown's "*" "+" "-", "1." / "3)", and the forms above.
LIST_MARKER = rf"[{_GLYPHS}*+-]|\(?\d{{1,3}}[.)]|{_NUMBERED}"
# The reference mark opens a note: a remark of its own, not an item of the list above it.
NOTE_MARK = "※"
# A Markdown paragraph line that opens an item CommonMark did not see ("1)" and "1." are its own).
_GLYPH_ITEM = re.compile(rf"[ \t]*(?:[{_GLYPHS}]|\d{{1,3}}\)|{_NUMBERED})[ \t]+(?=\S)")


@dataclass(frozen=True)
class GlyphPart:
    """Lines ``start:end`` (0-based, of a paragraph) and whether they form one glyph-marked item."""

    start: int
    end: int
    item: bool
    marker_end: int = 0  # characters of the first line taken by indentation and marker
    note: bool = False  # opened by the note mark "※"


def glyph_parts(lines: list[str]) -> list[GlyphPart]:
    """Return the parts of a paragraph's lines, split before each line that opens a glyph item or note.

    Lines before the first item form one part that is not an item; an item runs on over the
    lines after it until the next item line. A paragraph without item lines is one part.
    """
    parts: list[GlyphPart] = []
    start, item, marker_end, note = 0, False, 0, False
    for index, line in enumerate(lines):
        marker = _GLYPH_ITEM.match(line)
        if marker is None:
            continue
        if index > start:
            parts.append(GlyphPart(start, index, item, marker_end, note))
        start, item, marker_end = index, True, marker.end()
        note = marker.group(0).strip() == NOTE_MARK
    parts.append(GlyphPart(start, len(lines), item, marker_end, note))
    return parts


# "(b)", "b)", "(2)", "2)": an enumerator in parentheses that follows another in a sequence.
_ENUMERATOR = re.compile(r"[ \t]*(\()?([a-zA-Z]|\d{1,3})\)")


def continues_enumeration(before: str, line: str) -> bool:
    """Return True if ``line`` opens with an enumerator whose predecessor stands inside ``before``.

    "...what the (a) peak performance,\\n(b) power draw and (c) cost ...": a sentence that
    enumerates its parts in parentheses wrapped before "(b)"; the line goes on with that
    sentence, it opens no list item. A "(b)" whose "(a)" opened a line of its own is an item.
    """
    match = _ENUMERATOR.match(line)
    if match is None:
        return False
    written = match.group(2)
    if written.isdigit():
        previous = str(int(written) - 1) if int(written) > 1 else None
    else:
        previous = chr(ord(written) - 1) if written.lower() != "a" else None
    if previous is None:
        return False
    opening = "(" if match.group(1) else ""
    found = re.search(rf"(?:^|(?<=\s)){re.escape(opening + previous)}\)", before)
    return found is not None and found.start() > 0 and before[: found.start()].strip() != ""
