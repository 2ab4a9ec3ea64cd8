"""Render AsciiDoc inline markup into text runs anchored to the file.

The AsciiDoc Language documentation's inline substitutions, in their order: passthroughs
(``+text+``, ``pass:[text]``) are taken as written; attribute references (``{name}``) print
the value of the attribute entry, anchored where that value is written; quoted text
(``*strong*``, ``_emphasis_``, `` `mono` ``, ``^super^``, ``~sub~``, ``#mark#``, doubled
forms too) keeps its words and loses its marks; ``[.line-through]#text#`` is struck out, a
withdrawn value, and prints nothing (as the HTML reader drops ``<s>``); macros print their
text (``https://x[text]``, ``link:``, ``<<id,text>>``, ``kbd:[...]``) or nothing (anchors,
inline images, icons); a ``footnote:[text]`` is taken out of the line and kept as a note.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

from factlint.sources.htmltree import TextRun

# Built-in attributes that print characters (Asciidoctor's "Character replacement attributes").
_BUILT_INS = {
    "blank": "", "empty": "", "sp": " ", "nbsp": " ", "zwsp": "", "wj": "", "apos": "'",
    "quot": '"', "lsquo": "\u2018", "rsquo": "\u2019", "ldquo": "\u201c", "rdquo": "\u201d",
    "deg": "\u00b0", "plus": "+", "brvbar": "\u00a6", "vbar": "|", "amp": "&", "lt": "<", "gt": ">",
    "startsb": "[", "endsb": "]", "caret": "^", "asterisk": "*", "tilde": "~", "backslash": "\\",
    "backtick": "`", "two-colons": "::", "two-semicolons": ";;", "cpp": "C++", "cxx": "C++",
    "pp": "++",
}  # fmt: skip
# An attribute value prints at most this much, as Asciidoctor's max-attribute-value-size (4096 in
# secure mode): values that reference others twice would otherwise double with every entry.
MAX_ATTRIBUTE_CHARACTERS = 4096
MAX_ATTRIBUTE_RUNS = 256
_REPLACEMENTS = {"(C)": "\u00a9", "(R)": "\u00ae", "(TM)": "\u2122", "...": "\u2026", "--": "\u2014"}

# Inline spans (macro texts, quoted text, targets) are at most this long: an opener with no
# closer nearby is then rescanned a bounded way, so a line is read in linear time.
MAX_SPAN = 300  # as orginline.MAX_EMPHASIS
_S = f"{{0,{MAX_SPAN}}}"  # a bounded "*"
_P = f"{{1,{MAX_SPAN}}}"  # a bounded "+"

# One alternative per construct; the first to match at a place wins, so order matters.
_INLINE = re.compile(
    r"(?P<escape>\\(?=[*_`#^~{\[<+]|https?:))"
    rf"|\+\+\+(?P<pass3>.{_P}?)\+\+\+|\+\+(?P<pass2>.{_P}?)\+\+"
    rf"|(?<![\w+\\])\+(?P<pass1>\S(?:[^\n+]{_S}?\S)?)\+(?![\w+])"
    rf"|pass:[a-z,]{_S}\[(?P<passmacro>(?:[^\]\\]|\\.){_S})\]"
    rf"|(?P<footnote>footnote(?:ref)?:[\w-]{_S}\[(?P<note>(?:[^\]\\]|\\.){_S})\])"
    rf"|\[\.?(?:line-through|strike|del)\b[^\]\n]{_S}\](?:##(?P<struck2>.{_P}?)##|#(?P<struck1>[^#\n]{_P}?)#)"
    rf"|\[[^\]\n]{_S}\](?:##(?P<role2>.{_P}?)##|#(?P<role1>[^#\n]{_P}?)#)"
    r"|\{(?P<attr>[\w][\w-]*)\}"
    rf"|(?P<anchor>\[\[\[?[\w:.-]{_P}(?:,[^\]\n]{_S})?\]?\]\]|anchor:[\w:.-]{_P}\[[^\]\n]{_S}\])"
    rf"|(?P<hidden>(?:image|icon|indexterm2?|video|audio):[^\s\[]{_S}\[[^\]\n]{_S}\])"
    rf"|(?:kbd|btn|menu|stem|latexmath|asciimath):[^\s\[]{_S}\[(?P<kbd>[^\]\n]{_S})\]"
    rf"|<<(?P<xref>[^,>\n]{_P})(?:,\s*(?P<xreftext>[^>\n]{_P}))?>>"
    rf"|xref:(?P<xref2>[^\s\[]{_P})\[(?P<xreftext2>[^\]\n]{_S})\]"
    rf"|(?:link:|mailto:)(?P<target>[^\s\[]{_P})\[(?P<linktext>[^\]\n]{_S})\]"
    rf"|(?P<url>(?:https?|ftp|irc|file)://[^\s\[<>]{_P})(?:\[(?P<urltext>[^\]\n]{_S})\])?"
    rf"|\*\*(?P<strong2>.{_P}?)\*\*|__(?P<emph2>.{_P}?)__|``(?P<mono2>.{_P}?)``|##(?P<mark2>.{_P}?)##"
    rf"|(?<![\w*\\])\*(?P<strong1>\S(?:[^\n*]{_S}?\S)?)\*(?![\w*])"
    rf"|(?<![\w_\\])_(?P<emph1>\S(?:[^\n_]{_S}?\S)?)_(?![\w_])"
    rf"|(?<![\w`\\])`(?P<mono1>\S(?:[^\n`]{_S}?\S)?)`(?![\w`])"
    rf"|(?<![\w#\\])#(?P<mark1>\S(?:[^\n#]{_S}?\S)?)#(?![\w#])"
    rf"|\^(?P<sup>[^\s^]{_P})\^|~(?P<sub>[^\s~]{_P})~"  # unconstrained, no spaces inside
    r"|(?P<replace>\((?:C|R|TM)\)|\.\.\.|(?<=\w)--(?=\w)|(?<= )--(?= ))"
    rf"|\(\(\((?P<concealed>[^)\n]{_S})\)\)\)|\(\((?P<term>[^()\n]{_P})\)\)"  # index terms
    r"|(?P<entity>&(?:#\d{1,7}|#x[0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});)"
)
_MARKUP = re.compile(r"[\\+\[{<*_`#^~(.&:-]")  # every alternative of _INLINE holds one of these
_ESCAPED_BRACKET = re.compile(r"\\(\])")
_CONTENT_GROUPS = (
    "term", "role2", "role1", "kbd", "linktext", "urltext", "xreftext", "xreftext2",
    "strong2", "emph2", "mono2", "mark2", "strong1", "emph1", "mono1", "mark1", "sup", "sub",
)  # fmt: skip
_LITERAL_GROUPS = ("pass3", "pass2", "pass1", "passmacro")


@dataclass
class Attributes:
    """The document's attribute entries: name -> the runs its value prints."""

    values: dict[str, list[TextRun]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)  # "line N: reason", one per value cut short

    def define(self, name: str, segments: list[tuple[int, int, str]]) -> None:
        """Set attribute ``name`` to the value written in ``segments`` (line, column, text), one per
        line it wraps over; references in it are rendered now, as Asciidoctor does. A value longer
        than ``MAX_ATTRIBUTE_CHARACTERS`` (or ``MAX_ATTRIBUTE_RUNS`` runs) is cut there, a problem."""
        runs: list[TextRun] = []
        for line, column, text in segments:
            runs += render(text, line, column, self)
            runs.append(TextRun(" ", line, column + len(text)))
        value, cut = _capped(runs[:-1])
        if cut:
            self.problems.append(
                f"line {segments[0][0]}: attribute {name} expands past {MAX_ATTRIBUTE_CHARACTERS} "
                f"characters or {MAX_ATTRIBUTE_RUNS} pieces; cut there"
            )
        self.values[name.lower()] = value

    def unset(self, name: str) -> None:
        """Forget attribute ``name`` (``:name!:``)."""
        self.values.pop(name.lower(), None)

    def defined(self, name: str) -> bool:
        """Return True if attribute ``name`` is set."""
        return name.lower() in self.values


def _capped(runs: list[TextRun]) -> tuple[list[TextRun], bool]:
    """Return ``runs`` cut to the attribute value limits, and whether they were cut."""
    kept: list[TextRun] = []
    room = MAX_ATTRIBUTE_CHARACTERS
    for run in runs[:MAX_ATTRIBUTE_RUNS]:
        if len(run.text) > room:
            kept.append(TextRun(run.text[:room], run.line, run.column))
            return kept, True
        kept.append(run)
        room -= len(run.text)
    return kept, len(runs) > MAX_ATTRIBUTE_RUNS


@dataclass
class Rendered:
    """The runs of rendered text and the notes (footnote bodies) taken out of it."""

    runs: list[TextRun] = field(default_factory=list)
    notes: list[list[TextRun]] = field(default_factory=list)


def render(
    text: str, line: int, column: int, attributes: Attributes, out: Rendered | None = None
) -> list[TextRun]:
    """Return the runs ``text`` (written at line, 1-based column) prints; footnotes go to ``out.notes``."""
    target = out if out is not None else Rendered()
    start = len(target.runs)
    _render(text, line, column, attributes, target)
    return target.runs[start:]


def _render(text: str, line: int, column: int, attributes: Attributes, out: Rendered) -> None:
    if _MARKUP.search(text) is None:  # plain words: the long pattern cannot match
        _plain(text, line, column, out)
        return
    index = 0
    for match in _INLINE.finditer(text):
        _plain(text[index : match.start()], line, column + index, out)
        index = match.end()
        groups = match.groupdict()
        if groups["escape"] is not None:
            _plain(text[match.end() : match.end() + 1], line, column + match.end(), out)
            index = match.end() + 1
            continue
        literal = next((name for name in _LITERAL_GROUPS if groups[name] is not None), None)
        if literal is not None:
            _plain(groups[literal], line, column + match.start(literal), out)
            continue
        if groups["footnote"] is not None:
            note = Rendered()
            _render(
                _ESCAPED_BRACKET.sub(r" \1", groups["note"]),
                line,
                column + match.start("note"),
                attributes,
                note,
            )
            out.notes.append(note.runs)
            out.notes += note.notes
            out.runs.append(TextRun(" ", line, column + match.start()))  # never glues what surrounds it
            continue
        if groups["attr"] is not None:
            _attribute(groups["attr"], match.group(0), line, column + match.start(), attributes, out)
            continue
        if groups["xref"] is not None and groups["xreftext"] is None:
            _plain(groups["xref"].strip().replace("_", " "), line, column + match.start("xref"), out)
            continue
        if groups["url"] is not None and not groups["urltext"]:
            _plain(groups["url"], line, column + match.start("url"), out)
            continue
        if groups["target"] is not None and not groups["linktext"]:
            _plain(groups["target"], line, column + match.start("target"), out)
            continue
        if groups["entity"] is not None:  # a character reference, as the HTML output shows it
            out.runs.append(TextRun(html.unescape(groups["entity"]), line, column + match.start()))
            continue
        if groups["replace"] is not None:
            out.runs.append(TextRun(_REPLACEMENTS[groups["replace"]], line, column + match.start()))
            continue
        content = next((name for name in _CONTENT_GROUPS if groups[name] is not None), None)
        if content is not None:
            _render(groups[content], line, column + match.start(content), attributes, out)
        # struck text, anchors, images, icons and concealed index terms print nothing
    _plain(text[index:], line, column + index, out)


def _attribute(
    name: str, written: str, line: int, column: int, attributes: Attributes, out: Rendered
) -> None:
    """Add the value of the attribute reference ``{name}``: its definition's runs, a built-in's
    characters, or the reference as written if the attribute is not set (Asciidoctor's default)."""
    value = attributes.values.get(name.lower())
    if value is not None:
        out.runs += value
    elif name.lower() in _BUILT_INS:
        out.runs.append(TextRun(_BUILT_INS[name.lower()], line, column))
    else:
        _plain(written, line, column, out)


def _plain(text: str, line: int, column: int, out: Rendered) -> None:
    if text:
        out.runs.append(TextRun(text, line, column))
