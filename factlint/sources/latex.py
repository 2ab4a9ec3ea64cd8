"""Segment LaTeX source into blocks: sectioning headings, paragraphs, list items, table rows and notes.

The text of a block is what the typeset page shows ("\\SI{40}{\\giga\\byte}" -> "40 GB",
"128\\,GB" -> "128 GB", "$\\approx$" -> "≈"), with ``Block.anchors`` mapping it back to the
file, as the HTML reader does. Comments are not read: like ``<!-- -->`` in a page, they hold
what the author chose not to show (old values, notes to self). A ``\\footnote`` is a note of
its own, marked "[^n]" where it stands and read as "[^n]: ..." after its paragraph; a
``\\tnote{a}`` is "[a]", its ``tablenotes`` item "[a] ...".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from factlint.models import Block
from factlint.sources.html import MAX_LABEL_CHARS
from factlint.sources.htmltext import AnchoredText, TextGatherer
from factlint.sources.htmltree import TextRun
from factlint.sources.latexblocks import LatexBlocks
from factlint.sources.latexdefs import read_definition
from factlint.sources.latexinline import (
    FRACTIONS,
    dollar_math,
    fraction,
    script,
    siunitx,
    table_note,
    verbatim,
)
from factlint.sources.latexmarkup import LatexSource, Span, knowledge
from factlint.sources.latextable import table_blocks, table_rows
from factlint.sources.latexunits import QUANTITIES

_TOKEN = re.compile(
    r"(?P<par>\n[ \t\x00]*\n[\s\x00]*)"
    r"|(?P<control>\\(?:[A-Za-z@]+\*?|.))"
    r"|(?P<math>\$\$?)"
    r"|(?P<brace>[{}])"
    r"|(?P<mask>\x00+)"
    r"|(?P<dash>-{2,3})"
    r"|(?P<quote>``|''|`)"
    r"|(?P<text>[^\\{}$&~\x00\n`'^_-]+|.)",
    re.DOTALL,
)
_DASHES = {"--": "–", "---": "—"}
_QUOTES = {"``": "“", "''": "”", "`": "‘"}
_DOCUMENT = re.compile(r"\\begin[ \t]*\{document\}")
# Arguments of container environments that are not text: "\begin{minipage}{0.5\textwidth}".
_CONTAINER_ARGUMENTS = {
    "minipage": 1, "multicols": 1, "multicols*": 1, "wrapfigure": 2, "wraptable": 2, "subfigure": 1,
    "subtable": 1, "adjustbox": 1, "tcolorbox": 0, "threeparttable": 0, "figure": 0, "table": 0,
}  # fmt: skip
_MAX_EXPANSION_DEPTH = 8
_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n")
_CLOSING_PUNCTUATION = frozenset(".,;:!?)")
_BOLD = frozenset(("textbf", "bfseries", "bf"))


@dataclass(frozen=True)
class LatexFile:
    """The blocks of a LaTeX source file, its title, and the problems of the parts read by a guess."""

    blocks: list[Block]
    title: str | None
    problems: tuple[str, ...] = ()  # "line N: reason"


def parse_latex(lines: Sequence[str], body_line: int = 1) -> LatexFile:
    """Return the blocks of a LaTeX source file, its title (``\\title``, else its first heading) and problems.

    ``lines`` are all lines of the file; reading starts at ``body_line``. A preamble (before
    ``\\begin{document}``) is read only for its definitions and title.
    """
    source = LatexSource("\n".join(lines[body_line - 1 :]), body_line)
    reader = _LatexReader(source)
    document = _DOCUMENT.search(source.text)
    if document is None:
        reader.run(0, len(source.text))
    else:
        reader.preamble = True
        reader.run(0, document.start())
        reader.gatherer.reset()
        reader.preamble = False
        end, _ = source.environment_end("document", document.end())
        reader.run(document.end(), end)
    reader.flush()
    return LatexFile(reader.output.blocks, reader.title or reader.first_heading, tuple(reader.problems))


@dataclass
class _LatexReader:
    """Reads the source once, gathering inline text and emitting blocks at block boundaries."""

    source: LatexSource
    output: LatexBlocks = field(default_factory=LatexBlocks)
    gatherer: TextGatherer = field(default_factory=TextGatherer)
    macros: dict[str, Span] = field(default_factory=dict)  # \newcommand{\x}{...} without parameters
    units: dict[str, str] = field(default_factory=dict)  # \DeclareSIUnit{\x}{...}
    label: str | None = None  # the bold label opening the block being gathered
    title: str | None = None
    first_heading: str | None = None
    preamble: bool = False
    math: bool = False
    flatten: int = 0  # > 0 while gathering the text of one heading, cell, caption or note
    expanding: int = 0
    problems: list[str] = field(default_factory=list)

    # -- scanning --------------------------------------------------------------------

    def run(self, start: int, end: int) -> None:
        """Read ``text[start:end]``: text goes to the gatherer, structure makes blocks."""
        text = self.source.text
        position = start
        while position < end:
            match = _TOKEN.match(text, position, end)
            if match is None:  # pragma: no cover - the last alternative matches any character
                break
            kind = match.lastgroup
            position = match.end()
            if kind == "par":
                if not self.flatten:
                    self.flush()
                else:
                    self.gatherer.boundary()
            elif kind == "control":
                position = self._control(match.group(0), match.start(), position, end)
            elif kind == "math":
                position = dollar_math(self, match.group(0), position, end)
            elif kind == "dash":
                self.emit(_DASHES.get(match.group(0), match.group(0)), match.start())
            elif kind == "quote":
                self.emit(_QUOTES[match.group(0)], match.start())
            elif kind == "text":
                self._text(match.group(0), match.start(), end)
                if self.math and match.group(0) in "^_":
                    position = script(self, match.group(0), position, end)
            # braces and masked comments print nothing

    def emit(self, text: str, offset: int) -> None:
        """Add ``text`` as printed at ``offset`` of the source."""
        line, column = self.source.position(offset)
        self.gatherer.add(TextRun(text, line, column))

    def _text(self, text: str, offset: int, end: int) -> None:
        if text in "^_" and self.math:
            return
        if text in ("~", "&"):  # a tie; an alignment point in a formula
            self.emit(" ", offset)
        elif self.math and not text.strip():
            return  # TeX drops spaces in a formula
        else:
            self.emit(text, offset)

    def formula(self, start: int, end: int) -> None:
        """Read ``text[start:end]`` as a formula: TeX drops its spaces and raises its scripts."""
        saved = self.math
        self.math = True
        self.run(start, end)
        self.math = saved

    # -- commands ----------------------------------------------------------------------

    def _control(self, control: str, start: int, after: int, end: int) -> int:
        """Read one control sequence at ``start``; return the offset where reading goes on."""
        name = control[1:]
        known = knowledge()
        base = name.rstrip("*") or name
        if name == "\\":
            self.gatherer.line_break()
            return self.source.after_line_break(after)
        if name in ("(", "["):
            closing = "\\)" if name == "(" else "\\]"
            close = self.source.text.find(closing, after, end)
            close = end if close < 0 else close
            self.formula(after, close)
            return min(close + 2, end)
        if name == "begin":
            return self._environment(after, end)
        if name == "item":
            return self._item(start, after)
        if name == "par":
            if not self.flatten:
                self.flush()
            return after
        if name in self.macros and self.expanding < _MAX_EXPANSION_DEPTH:
            return self._expand(name, start, after)
        if base in known.headings:
            return self._heading(known.headings[base], after)
        if name in known.notes:
            return self._note(start, after)
        if name in known.captions:
            return self._caption(after)
        if name in known.definitions:
            return self._definition(name, after)
        if name == "title":
            return self._title(after)
        if name in QUANTITIES:
            return siunitx(self, name, after, self.units)
        if name == "tnote":
            return table_note(self, start, after)
        if name in FRACTIONS:
            return fraction(self, after)
        if base == "verb":
            return verbatim(self, after)
        if name in known.hidden:
            _, after = self.source.options_and_arguments(after, known.hidden[name])
            if self.source.text[after : after + 1] in _CLOSING_PUNCTUATION:
                # "in all~\cite{x}." prints "in all [1]."; with the citation unprinted, "in all."
                self.gatherer.space, self.gatherer.breaks = False, 0
            return after
        if name in _BOLD and not self.flatten and not len(self.gatherer):
            self._label(after)  # the text is read as usual
        if name in known.symbols:
            self.emit(known.symbols[name], start)
        elif name in known.spaces:
            self.emit(" ", start)
        elif name in self.units or (name in known.unit_abbreviations and name not in known.silent):
            self.emit(self.units[name] if name in self.units else known.unit_abbreviations[name], start)
        elif name == "textsuperscript":
            return script(self, "^", after, end)
        # any other command prints nothing itself; its arguments are read as text
        return after

    def _label(self, after: int) -> None:
        """Note a bold label opening a block ("\\textbf{Trainium3:} ..."), as the HTML reader does."""
        argument = self.source.group(after)
        if argument is None:
            return
        text = self.collect(argument.inside)
        if text is None:
            return
        words = " ".join(text.text.split())
        if words.endswith(":"):
            words = words[:-1].rstrip()
        elif not self.source.text.startswith(":", self.source.skip_space(argument.after)):
            return
        if words and len(words) <= MAX_LABEL_CHARS:
            self.label = words

    def _environment(self, after: int, end: int) -> int:
        argument = self.source.group(after)
        if argument is None:
            return after
        name = self.source.text[argument.inside.start : argument.inside.end].strip()
        content_start = argument.after
        content_end, env_after = self.source.environment_end(name, content_start)
        content_end, env_after = min(content_end, end), min(env_after, end)
        known = knowledge()
        if name in known.skipped:
            return env_after
        if name in known.tables:
            self._table(name, content_start, content_end)
        elif name in known.lists:
            self._list(name, content_start, content_end)
        elif name in known.math:
            self.formula(content_start, content_end)
        else:
            if not self.flatten:
                self.flush()
            _, content_start = self.source.options_and_arguments(
                content_start, _CONTAINER_ARGUMENTS.get(name, 0)
            )
            if name == "frame" and self.source.group(content_start) is not None:
                content_start = self._heading(knowledge().headings["frametitle"], content_start)
            self.run(content_start, content_end)
            if not self.flatten:
                self.flush()
        return env_after

    def _heading(self, level: int, after: int) -> int:
        arguments, after = self.source.options_and_arguments(after, 1)
        if not arguments:
            return after
        # A heading's argument cannot span a paragraph: TeX stops an unclosed one at the blank
        # line ("Paragraph ended before \\@sect was complete"), and so do we, saying so.
        blank = _PARAGRAPH_BREAK.search(self.source.text, arguments[0].start, arguments[0].end)
        if blank is not None:
            line, _ = self.source.position(arguments[0].start - 1)
            self.problems.append(f"line {line}: heading argument not closed before the paragraph ends")
            arguments, after = [Span(arguments[0].start, blank.start())], blank.start()
        text = self.collect(arguments[0])
        if self.preamble or self.flatten:
            return after
        self.flush()
        heading = self.output.heading(level, text)
        if heading is None:
            return after
        if self.first_heading is None:
            self.first_heading = heading
        self._emit_notes()
        return after

    def _item(self, start: int, after: int) -> int:
        """Start a list item: "\\item[term]" reads "term: ..." in a description, "[a] ..." in table notes."""
        if not self.flatten:
            self.flush()
        optional = self.source.optional(after)
        if not self.output.lists:
            return after
        current = self.output.lists[-1]
        current.item = True
        current.label = None
        if optional is None:
            return after
        known = knowledge()
        inside = optional.inside
        if current.name in known.note_lists:
            self.emit("[", start)
            self.run(inside.start, inside.end)
            self.emit("]", inside.end)
        elif current.name in known.definition_lists:
            # The term is printed once more just below: its footnotes are marked there, not here.
            notes, count = list(self.output.notes), self.output.note_count
            term = self.collect(inside)
            self.output.notes[:], self.output.note_count = notes, count
            current.label = " ".join(term.text.split()) if term is not None else None
            self.run(inside.start, inside.end)
            self.emit(":", inside.end)
        else:
            self.run(inside.start, inside.end)
        self.emit(" ", inside.end)
        return optional.after

    def _note(self, start: int, after: int) -> int:
        """Mark a footnote "[^n]" where it stands; its text is read after the block."""
        optional = self.source.optional(after)
        arguments, after = self.source.options_and_arguments(after, 1)
        if not arguments:
            return after
        written = self.source.text[optional.inside.start : optional.inside.end].strip() if optional else ""
        marker = self.output.mark_note(written, start, arguments[0])
        self.emit(f"[^{marker}]", start)
        return after

    def _caption(self, after: int) -> int:
        arguments, after = self.source.options_and_arguments(after, 1)
        if not arguments or self.preamble:
            return after
        if self.flatten:
            self.run(arguments[0].start, arguments[0].end)
            return after
        self.flush()
        text = self.collect(arguments[0], one_line=False)
        if text is not None:
            self.output.paragraph(text)
        self._emit_notes()
        return after

    def _title(self, after: int) -> int:
        arguments, after = self.source.options_and_arguments(after, 1)
        if arguments:
            text = self.collect(arguments[0])
            if text is not None and self.title is None:
                self.title = " ".join(text.text.split())
        return after

    def _definition(self, name: str, after: int) -> int:
        """Record a macro without parameters or a siunitx unit, and skip its definition."""
        found = read_definition(self.source, name, after, self.units)
        if found.macro is not None and found.body is not None:
            self.macros[found.macro] = found.body
        if found.unit is not None:
            self.units[found.unit[0]] = found.unit[1]
        return found.after

    def _expand(self, name: str, start: int, after: int) -> int:
        """Print a macro of the document where it is used (its text anchored there)."""
        self.expanding += 1
        text = self.collect(self.macros[name])
        self.expanding -= 1
        if text is not None:
            if self.source.text[start - 1 : start].isspace() or text.text[:1] != text.text.lstrip()[:1]:
                self.emit(" ", start)
            self.emit(text.text.strip(), start)
        return after

    # -- lists and tables --------------------------------------------------------------

    def _list(self, name: str, start: int, end: int) -> None:
        if self.flatten:
            self.run(start, end)
            return
        self.flush()
        self.output.open_list(name)
        self.run(start, end)
        self.flush()
        self.output.close_list()

    def _table(self, name: str, start: int, end: int) -> None:
        if self.flatten:
            return
        self.flush()
        _, body_start = self.source.options_and_arguments(start, knowledge().tables[name])
        rows = table_rows(self.source, Span(body_start, end))
        self.output.table(table_blocks(self.source, rows, self.collect, self.output.path()))
        self._emit_notes()

    # -- emitting ----------------------------------------------------------------------

    def collect(self, span: Span, *, one_line: bool = True) -> AnchoredText | None:
        """Return the printed text of ``span`` as one piece."""
        saved = self.gatherer
        self.gatherer = TextGatherer(one_line=one_line)
        self.flatten += 1
        self.run(span.start, span.end)
        self.flatten -= 1
        text = self.gatherer.text()
        self.gatherer = saved
        return text

    def flush(self) -> None:
        """Turn the text gathered so far into a block, then read the notes it marked."""
        text = self.gatherer.text()
        self.gatherer.reset()
        label, self.label = self.label, None
        if self.preamble:
            self.output.notes.clear()
            return
        if text is not None:
            self.output.text(text, label)
        self._emit_notes()

    def _emit_notes(self) -> None:
        """Read the footnotes marked so far, each as a paragraph "[^n]: ..."."""
        if not self.flatten:
            self.output.read_notes(lambda span: self.collect(span, one_line=False), self.source.position)
